//! One file per request or notification family. Each handler takes the locked
//! [`ServerState`](crate::lsp::state::ServerState) and the protocol params, asks core's
//! `analysis` module, and converts the answer through [`crate::lsp::positions`]. Handlers
//! stay thin: anything an author would also want from the CLI belongs in core.

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
pub mod solve_status;
pub mod symbols;
pub mod viewer;
