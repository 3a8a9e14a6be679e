//! `textDocument/codeLens`: on each level's first line, the solvability verdict
//! ("solvable in 12 rounds, hardest step 3 clues", "stuck: 9 cells") and "Open in
//! viewer".

use hexcells_core::analysis::solvability;
use serde_json::json;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{CodeLens, CodeLensParams, Command};

use crate::lsp::state::ServerState;
use crate::lsp::{ext, positions};

/// The lenses of the document.
pub fn code_lens(state: &ServerState, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
    let uri = params.text_document.uri;
    let doc = state.doc(&uri)?;
    let mut lenses = Vec::new();
    for (level_idx, parsed) in doc.parse.levels.iter().enumerate() {
        let range = positions::range(&doc.rope, state.encoding, parsed.source.level_range());
        let verdict = match doc.solved() {
            Some(solved) => match solved.reports.get(level_idx).and_then(Option::as_ref) {
                Some(report) => solvability::summary(report),
                None => "not analysed: fix the syntax errors first".into(),
            },
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
