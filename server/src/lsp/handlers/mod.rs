//! The language server's handlers: one file per LSP feature, named after it
//! (`hover.rs` answers `textDocument/hover`), each routed from `lsp/router.rs`. The
//! engine's answers are not a handler's: `lsp/publish.rs` sends them. A request handler takes
//! the locked [`ServerState`](crate::lsp::state::ServerState) and the params, asks
//! core's `analysis` module, and converts the answer through `lsp/positions.rs`; one
//! that talks to the client on its own takes the [`LspServer`](crate::lsp::server::LspServer).
//! Handlers stay thin: anything an author would also want from the CLI belongs in core.
//!
//! May import: core and the modules of `lsp/` below the routing table (`server`,
//! `state`, `positions`, `diagnostics`, `solver`, `viewer_process`, `ext`,
//! `test_hooks`); never
//! another handler and never the routing table (`lsp/router.rs`). What two handlers
//! share moves down into one of those.
//!
//! Its files are peers, one per feature, and none imports another, so ARCHITECTURE.md's
//! map lists them as a user meets them: `initialize.rs` and `configuration.rs` (the
//! handshake and the settings), the requests from `hover.rs` to `pull_diagnostics.rs`,
//! then the commands, `solve_command.rs` and `viewer.rs`.

#![warn(clippy::unwrap_used)]

pub mod code_action;
pub mod code_lens;
pub mod configuration;
pub mod formatting;
pub mod highlight;
pub mod hover;
pub mod initialize;
pub mod inlay_hints;
pub mod pull_diagnostics;
pub mod references;
pub mod semantic_tokens;
pub mod solve_command;
pub mod symbols;
pub mod viewer;
