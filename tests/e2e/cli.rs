//! End-to-end tests of `cli` (see tests/e2e/support).
