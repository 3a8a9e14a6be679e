//! `textDocument/codeLens`: on each level's first line, the solvability verdict
//! ("solvable in 12 rounds, hardest step 3 clues", "stuck: 9 cells") and "Open in
//! viewer".

use hexcells_core::analysis::solvability;
use serde_json::json;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{CodeLens, CodeLensParams, Command};

use crate::lsp::ext;
use crate::lsp::state::ServerState;

// Feature: Code lens
//
// Above each level's first line, its verdict as `hexcells check` words it
// (`solvable in 2 rounds ...`, the cells it is stuck on, or `not analysed: fix the
// syntax errors first`), which opens the solution steps, and **Open in viewer**.
//
// VS Code shows them; Neovim after `vim.lsp.codelens.refresh()` (run one with
// `vim.lsp.codelens.run()`); Helix has no code lenses.
/// The lenses of the document.
pub fn code_lens(state: &ServerState, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
    let uri = params.text_document.uri;
    let doc = state.doc(&uri)?;
    let mut lenses = Vec::new();
    let mut convert = doc.converter(state.encoding);
    for (level_idx, parsed) in doc.parse().levels.iter().enumerate() {
        let range = convert.range(parsed.source.level_range());
        let report = doc.solved().and_then(|solved| solved.report(level_idx));
        let verdict = match report {
            Some(report) => solvability::summary(report),
            None if doc.analysed_level(level_idx).is_none() => {
                "not analysed: fix the syntax errors first".into()
            }
            None => "checking solvability…".into(),
        };
        lenses.push(CodeLens {
            range,
            command: Some(Command::new(
                verdict,
                ext::SOLVE_COMMAND.into(),
                Some(vec![json!(uri.as_str()), json!(level_idx)]),
            )),
            data: None,
        });
        lenses.push(CodeLens {
            range,
            command: Some(Command::new(
                "Open in viewer".into(),
                ext::OPEN_VIEWER_COMMAND.into(),
                Some(vec![json!(uri.as_str())]),
            )),
            data: None,
        });
    }
    Ok(Some(lenses))
}
