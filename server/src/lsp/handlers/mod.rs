//! One file per request or notification family. Each handler takes the locked
//! [`ServerState`](crate::lsp::state::ServerState) and the protocol params, asks core's
//! `analysis` module, and converts the answer through [`crate::lsp::positions`]. Handlers
//! stay thin: anything an author would also want from the CLI belongs in core.

#![warn(clippy::unwrap_used)]

pub mod code_action;
pub mod code_lens;
pub mod formatting;
pub mod highlight;
pub mod hover;
pub mod inlay_hints;
pub mod pull_diagnostics;
pub mod references;
pub mod semantic_tokens;
pub mod solve_command;
pub mod solve_status;
pub mod symbols;
pub mod viewer;

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{Position, Uri};

use crate::lsp::positions;
use crate::lsp::state::{Doc, ServerState};

/// The open document `uri` and core's (line, character column) of `position` in it.
pub(crate) fn locate<'a>(
    state: &'a ServerState,
    uri: &Uri,
    position: Position,
) -> Result<(&'a Doc, u32, u32)> {
    let doc = state.doc(uri)?;
    let (line, column) = positions::from_position(&doc.rope, state.encoding, position);
    Ok((doc, line, column))
}
