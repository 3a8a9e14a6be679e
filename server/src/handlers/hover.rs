//! `textDocument/hover`: what a cell, column number or header line means.

use hexcells_core::analysis;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{Hover, HoverContents, HoverParams, MarkupContent, MarkupKind};

use super::locate;
use crate::lsp::convert;
use crate::lsp::state::ServerState;

/// The hover at the cursor, if it is on something.
pub fn hover(state: &ServerState, params: HoverParams) -> Result<Option<Hover>> {
    let at = params.text_document_position_params;
    let (doc, line, column) = locate(state, &at.text_document.uri, at.position)?;
    Ok(analysis::hover(&doc.parse, line, column).map(|info| Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: info.markdown,
        }),
        range: Some(convert::range(&doc.rope, state.encoding, info.range)),
    }))
}
