//! `textDocument/documentHighlight`: the members of the clue under the cursor.

use hexcells_core::analysis;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{DocumentHighlight, DocumentHighlightKind, DocumentHighlightParams};

use crate::lsp::positions;
use crate::lsp::state::ServerState;

// Feature: Clue highlight
//
// With the cursor on a number (a black or blue cell's, or a column number), the cells
// it counts are highlighted, the clue itself apart from them.
//
// VS Code highlights them as the cursor moves; Neovim with
// `vim.lsp.buf.document_highlight()`; Helix selects them with `space h`.
/// The clue under the cursor (as "write") and its members (as "read").
pub fn highlight(
    state: &ServerState,
    params: DocumentHighlightParams,
) -> Result<Option<Vec<DocumentHighlight>>> {
    let at = params.text_document_position_params;
    let (doc, line, column) = state.locate(&at.text_document.uri, at.position)?;
    let highlights = analysis::highlights(doc.parse(), line, column);
    if highlights.is_empty() {
        return Ok(None);
    }
    Ok(Some(
        highlights
            .into_iter()
            .map(|h| DocumentHighlight {
                range: positions::range(&doc.rope, state.encoding, h.range),
                kind: Some(if h.is_clue {
                    DocumentHighlightKind::WRITE
                } else {
                    DocumentHighlightKind::READ
                }),
            })
            .collect(),
    ))
}
