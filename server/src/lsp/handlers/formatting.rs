//! `textDocument/formatting`: core's formatter, as one edit of the whole document.

use tower_lsp_server::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp_server::ls_types::{DocumentFormattingParams, TextEdit};

use crate::lsp::positions;
use crate::lsp::state::ServerState;

// Feature: Formatting
//
// Rewrites the document as `hexcells fmt` would: the 33 x 33 grid, no indentation or
// trailing spaces, `\n` line endings, a final newline, as one edit the editor can undo.
// A document with a syntax error is left alone, with a message saying why (formatting
// would drop what could not be read), and so is a `.sixcells` file.
//
// VS Code: **Format Document** (`Ctrl+Shift+I` on Linux); Neovim:
// `:lua vim.lsp.buf.format()`; Helix: `:format`.
/// The canonical text, or an error when syntax errors would lose text.
pub fn formatting(state: &ServerState, params: DocumentFormattingParams) -> Result<Option<Vec<TextEdit>>> {
    let doc = state.doc_to_edit(&params.text_document.uri)?;
    if let Some(why) = &doc.skipped {
        return Err(request_failed(why));
    }
    if doc.sixcells.is_some() {
        return Err(request_failed(
            "a .sixcells file is read-only here; `hexcells convert` turns it into level text",
        ));
    }
    let text = doc.text();
    let formatted = hexcells_core::format::format(&text).map_err(|e| request_failed(&e.to_string()))?;
    if formatted == text {
        return Ok(Some(Vec::new()));
    }
    Ok(Some(vec![TextEdit::new(
        positions::whole(&doc.rope, state.encoding),
        formatted,
    )]))
}

/// A "request failed" reply (-32803) telling the user why.
fn request_failed(message: &str) -> Error {
    Error {
        code: ErrorCode::ServerError(-32803),
        message: message.to_string().into(),
        data: None,
    }
}
