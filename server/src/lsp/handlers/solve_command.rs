//! `hexcells.solve` (`workspace/executeCommand`): the step list of one level of a
//! document, as a perfect player finds it. See `lsp/ext.rs`.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use hexcells_core::analysis::solvability;
use hexcells_core::solve;
use serde_json::{json, Value};
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::LSPAny;
use tracing::error;

use crate::lsp::ext;
use crate::lsp::server::LspServer;

/// Sets the flag when the request's future is dropped (cancelled by the client).
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

// Feature: Solution steps
//
// The command `hexcells.solve`: the solution of the level a perfect player finds, round
// by round, each cell with its colour, its rule and the deduction in words, as
// `hexcells solve --explain` prints it.
//
// VS Code: **Hexcells: Show solution steps**, or the verdict's code lens; Neovim:
// `:HexcellsSolve` (in a split).
/// The steps of the level: arguments `[uri, level_index?]`.
pub async fn solve(backend: &LspServer, args: &[Value]) -> Result<Option<LSPAny>> {
    let uri = ext::document_argument(args)?;
    let level_idx = args.get(1).and_then(Value::as_u64).unwrap_or(0) as usize;
    let cancel = Arc::new(AtomicBool::new(false));
    let (level, budget) = {
        let state = backend.lock();
        let doc = state.doc(&uri)?;
        let parsed = doc
            .parse()
            .levels
            .get(level_idx)
            .ok_or_else(|| Error::invalid_params(format!("the document has no level {level_idx}")))?;
        (parsed.level.clone(), state.config.budget(Arc::clone(&cancel)))
    };
    let _guard = CancelOnDrop(cancel);
    let report = tokio::task::spawn_blocking(move || {
        catch_unwind(AssertUnwindSafe(|| solve::analyze(&level, &budget)))
    })
    .await
    .map_err(|e| {
        error!("hexcells.solve failed: {e}");
        Error::internal_error()
    })?
    .map_err(|_| {
        error!("hexcells.solve: the engine panicked");
        Error::internal_error()
    })?;
    let steps: Vec<Value> = solvability::steps(&report)
        .into_iter()
        .map(|s| {
            json!({
                "cell": s.cell,
                "color": s.color.as_str(),
                "round": s.round,
                "clues": s.clues,
                "reasoning": s.reasoning,
            })
        })
        .collect();
    Ok(Some(
        json!({ "summary": solvability::summary(&report), "steps": steps }),
    ))
}
