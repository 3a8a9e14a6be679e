//! `textDocument/inlayHint`: a blue count after each grid line, when the user turns
//! them on (setting `hexcells.inlayHints`; off by default, as they break the grid's
//! alignment).

use hexcells_core::analysis;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{InlayHint, InlayHintLabel, InlayHintParams};

use crate::lsp::positions;
use crate::lsp::state::ServerState;

// Feature: Inlay hints
//
// After each grid line with cells, how many of them are blue (`2/5 blue`), to check a
// row without counting characters. Off by default, since they push the grid's lines out
// of alignment: turn them on with the setting `inlayHints`.
//
// VS Code shows them when the setting is on; Neovim also needs
// `vim.lsp.inlay_hint.enable()`, Helix `display-inlay-hints = true` under `[editor.lsp]`.
/// The hints in the requested lines.
pub fn inlay_hints(state: &ServerState, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
    let doc = state.doc(&params.text_document.uri)?;
    if !state.config.inlay_hints {
        return Ok(None);
    }
    let (first, last) = (params.range.start.line, params.range.end.line);
    Ok(Some(
        analysis::inlay_hints(doc.parse(), first, last)
            .into_iter()
            .map(|hint| InlayHint {
                position: positions::position(&doc.rope, state.encoding, hint.at.line, hint.at.start),
                label: InlayHintLabel::String(hint.label),
                kind: None,
                text_edits: None,
                tooltip: None,
                padding_left: Some(true),
                padding_right: None,
                data: None,
            })
            .collect(),
    ))
}
