//! End-to-end tests of `lsp` (see tests/e2e/support).
