//! `textDocument/hover`: what a cell, column number or header line means, and once
//! the background analysis is done, the round a player uncovers the cell and why.

use hexcells_core::analysis::{self, solvability};
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{Hover, HoverContents, HoverParams, MarkupContent, MarkupKind};

use crate::lsp::state::ServerState;
use crate::lsp::{positions, test_hooks};

// Feature: Hover
//
// What the cell, column number or header line under the cursor means: the cell's name
// (`Q17`), its colour and whether it starts revealed, what its number counts. Once the
// level's solvability check is done, a hidden cell's hover also says in which round a
// player uncovers it and by which rule, with the rule's name and sentence from
// [rules.md](rules.md). On a level's header lines, the level's verdict and grade, with
// its score and tie-break (the order key, [rules.md](rules.md#difficulty)); in a pack,
// also its place on the pack's difficulty curve (`In this pack: level 3 of 4 · easy 0
// · easier than level 2`), which Helix, without code lenses, shows this way.
//
// VS Code: rest the pointer on it; Neovim: `K`; Helix: `space k`.
/// The hover at the cursor, if it is on something.
pub fn hover(state: &ServerState, params: HoverParams) -> Result<Option<Hover>> {
    let at = params.text_document_position_params;
    let (doc, line, column) = state.locate(&at.text_document.uri, at.position)?;
    test_hooks::panic_here("hover");
    let Some(info) = analysis::hover(doc.parse(), line, column) else {
        return Ok(None);
    };
    let mut markdown = info.markdown;
    let report_of = |level_idx| doc.solved()?.report(level_idx);
    if let Some(note) = solvability::note_at(doc.parse(), line, column, report_of) {
        markdown.push_str("\n\n");
        markdown.push_str(&note);
    }
    Ok(Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: markdown,
        }),
        range: Some(positions::range(&doc.rope, state.encoding, info.range)),
    }))
}
