//! Shared helpers for the end-to-end tests (see `e2e/`).
