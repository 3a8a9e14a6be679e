//! `textDocument/codeAction`: quick fixes for the diagnostics on the requested lines
//! and refactors of the item under the cursor, each as a ready workspace edit; for a
//! stuck level, the engine's suggested fixes and the clues a player needs; for a
//! solvable one, removing the clues a player never needs.

use std::collections::HashMap;

use hexcells_core::analysis::{self, solvability, FixKind, TextFix};
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, CodeActionResponse, TextEdit, Uri,
    WorkspaceEdit,
};

use crate::lsp::state::{Doc, ServerState};
use crate::lsp::{diagnostics, positions};

/// The code action kinds offered, announced at `initialize`.
pub fn kinds() -> Vec<CodeActionKind> {
    vec![CodeActionKind::QUICKFIX, CodeActionKind::REFACTOR_REWRITE]
}

// Feature: Quick fixes and refactors
//
// On a line with a diagnostic, the obvious repair when there is one: insert the
// missing `Hexcells level v1` line, pad a cropped grid, write `+` where `{n}` or `-n-`
// means nothing, or the mark the colours show for a contradicting `{n}` / `-n-`
// (`HC0206`: "Mark Q17 `n`"), and so on for the codes of
// [diagnostics.md](diagnostics.md). On a stuck level, the engine's suggestions that make
// it solvable ("...: makes the level solvable"). On any cell or column number, the
// refactors: make a cell blue or black, reveal or hide it at start, cycle its number
// mark. Each is one edit of the buffer, undone by the editor's undo.
//
// VS Code: `Ctrl+.` or the light bulb; Neovim: `gra`; Helix: `space a`.
/// Fixes and refactors for the requested range.
pub fn code_actions(state: &ServerState, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
    let uri = params.text_document.uri;
    let doc = state.doc_to_edit(&uri)?;
    let (first_line, column) = positions::from_position(&doc.rope, state.encoding, params.range.start);
    let (last_line, _) = positions::from_position(&doc.rope, state.encoding, params.range.end);
    let only = params.context.only.unwrap_or_default();
    let wanted =
        |kind: &CodeActionKind| only.is_empty() || only.iter().any(|o| kind.as_str().starts_with(o.as_str()));
    let text = doc.text();
    let mut actions = Vec::new();
    if wanted(&CodeActionKind::QUICKFIX) {
        for d in doc.parse().all_diagnostics() {
            if !(first_line..=last_line).contains(&d.range.line) {
                continue;
            }
            for fix in analysis::quick_fixes(&text, doc.parse(), &d) {
                let mut convert = doc.converter(state.encoding);
                let diagnostic = diagnostics::to_lsp(&uri, &mut convert, &d);
                actions.push(action(&uri, doc, state, fix, Some(diagnostic)));
            }
        }
    }
    if let (true, Some(solved)) = (wanted(&CodeActionKind::QUICKFIX), doc.solved()) {
        if let Some((level_idx, parsed)) = doc.parse().level_at_line(first_line) {
            for fix in solved.fixes(level_idx) {
                if let Some(fix) = solvability::fix_edits(parsed, fix) {
                    actions.push(action(&uri, doc, state, fix, None));
                }
            }
            if let Some(unneeded) = solved.unneeded(level_idx) {
                for fix in solvability::unneeded_fixes(parsed, unneeded, first_line..=last_line) {
                    actions.push(action(&uri, doc, state, fix, None));
                }
            }
        }
    }
    if wanted(&CodeActionKind::REFACTOR_REWRITE) {
        for fix in analysis::refactors(doc.parse(), first_line, column) {
            actions.push(action(&uri, doc, state, fix, None));
        }
    }
    Ok((!actions.is_empty()).then_some(actions))
}

fn action(
    uri: &Uri,
    doc: &Doc,
    state: &ServerState,
    fix: TextFix,
    diagnostic: Option<tower_lsp_server::ls_types::Diagnostic>,
) -> CodeActionOrCommand {
    let edits = fix
        .edits
        .into_iter()
        .map(|e| TextEdit::new(positions::range(&doc.rope, state.encoding, e.range), e.new_text))
        .collect();
    CodeActionOrCommand::CodeAction(CodeAction {
        title: fix.title,
        kind: Some(match fix.kind {
            FixKind::QuickFix => CodeActionKind::QUICKFIX,
            FixKind::Refactor => CodeActionKind::REFACTOR_REWRITE,
        }),
        diagnostics: diagnostic.map(|d| vec![d]),
        edit: Some(WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), edits)])),
            ..WorkspaceEdit::default()
        }),
        is_preferred: fix.preferred.then_some(true),
        ..CodeAction::default()
    })
}
