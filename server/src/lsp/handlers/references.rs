//! `textDocument/references` (a cell to the clues that count it) and
//! `textDocument/definition` (a clue back to the cells it counts).

use hexcells_core::analysis;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{GotoDefinitionParams, GotoDefinitionResponse, Location, ReferenceParams};

use crate::lsp::positions;
use crate::lsp::state::ServerState;

// Feature: Find references
//
// On a cell, the clues that count it: the numbers of the cells around it and the
// column numbers whose line it is on.
//
// VS Code: `Shift+F12`; Neovim: `grr`; Helix: `gr`.
/// The clues that count the cell under the cursor.
pub fn references(state: &ServerState, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
    let at = params.text_document_position;
    let uri = at.text_document.uri;
    let (doc, line, column) = state.locate(&uri, at.position)?;
    let ranges = analysis::references(doc.parse(), line, column, params.context.include_declaration);
    Ok((!ranges.is_empty()).then(|| {
        ranges
            .into_iter()
            .map(|r| Location::new(uri.clone(), positions::range(&doc.rope, state.encoding, r)))
            .collect()
    }))
}

// Feature: Go to definition
//
// On a clue (a cell's number or a column number), the cells it counts.
//
// VS Code: `F12`; Neovim: `Ctrl+]` or `:lua vim.lsp.buf.definition()`; Helix: `gd`.
/// The cells the clue under the cursor counts.
pub fn definition(
    state: &ServerState,
    params: GotoDefinitionParams,
) -> Result<Option<GotoDefinitionResponse>> {
    let at = params.text_document_position_params;
    let uri = at.text_document.uri;
    let (doc, line, column) = state.locate(&uri, at.position)?;
    let ranges = analysis::definition(doc.parse(), line, column);
    Ok((!ranges.is_empty()).then(|| {
        GotoDefinitionResponse::Array(
            ranges
                .into_iter()
                .map(|r| Location::new(uri.clone(), positions::range(&doc.rope, state.encoding, r)))
                .collect(),
        )
    }))
}
