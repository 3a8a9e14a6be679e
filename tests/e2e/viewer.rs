//! End-to-end tests of `viewer` (see tests/e2e/support).
