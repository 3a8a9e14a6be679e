//! `textDocument/codeLens`: on each level's first line, the solvability verdict
//! ("solvable in 12 rounds, hardest step 3 clues", "stuck: 9 cells"), in a pack after
//! the level's place on the pack's difficulty curve, and "Open in viewer".

use hexcells_core::analysis::{pack_curve, solvability, Standing};
use serde_json::json;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{CodeLens, CodeLensParams, Command};

use crate::lsp::ext;
use crate::lsp::state::ServerState;

// Feature: Code lens
//
// Above each level's first line, its verdict as `hexcells check` words it
// (`solvable in 2 rounds ...`, the cells it is stuck on, or `not analysed: fix the
// syntax errors first`), which opens the solution steps, and **Open in viewer**. In a
// pack, the verdict starts with the level's place on the pack's difficulty curve:
// `level 3 of 4 · easy 0 · solvable in 2 rounds, hardest step 2 clues · easier than
// level 2` (its grade and score, and whether it is easier than the graded level
// before it; a stuck level says `not compared`), as `hexcells check` ends a pack.
//
// VS Code shows them; Neovim after `vim.lsp.codelens.refresh()` (run one with
// `vim.lsp.codelens.run()`); Helix has no code lenses.
/// The lenses of the document.
pub fn code_lens(state: &ServerState, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
    let uri = params.text_document.uri;
    let doc = state.doc(&uri)?;
    let mut lenses = Vec::new();
    let mut convert = doc.converter(state.encoding);
    let report_of = |k| doc.solved().and_then(|solved| solved.report(k));
    let analysed = |k| doc.analysed_level(k).is_some();
    let n_levels = doc.parse().levels.len();
    let curve = pack_curve(doc.parse(), |k| Standing::of(report_of(k), analysed(k)));
    for (level_idx, parsed) in doc.parse().levels.iter().enumerate() {
        let range = convert.range(parsed.source.level_range());
        let point = curve
            .get(level_idx)
            .filter(|_| n_levels > 1)
            .map(|p| (p, n_levels));
        let verdict = solvability::lens_text(report_of(level_idx), analysed(level_idx), point);
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
