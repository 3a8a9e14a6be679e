//! `workspace/executeCommand`: `hexcells.solve` (the step list of a level) and
//! `hexcells.openViewer` (starts a live `hexcells-view` on the document, see
//! `server/src/lsp/handlers/viewer.rs`). See `server/src/lsp/ext.rs`.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use hexcells_core::analysis::solvability;
use hexcells_core::solve;
use serde_json::{json, Value};
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::{ExecuteCommandParams, LSPAny, Uri};
use tracing::error;

use super::viewer;
use crate::lsp::backend::Backend;
use crate::lsp::ext;

/// Runs a command.
pub async fn execute(backend: &Backend, params: ExecuteCommandParams) -> Result<Option<LSPAny>> {
    let args = params.arguments;
    match params.command.as_str() {
        ext::SOLVE_COMMAND => solve_command(backend, &args).await.map(Some),
        ext::OPEN_VIEWER_COMMAND => open_viewer(backend, &args).await.map(|()| None),
        other => Err(Error::invalid_params(format!("unknown command `{other}`"))),
    }
}

/// Sets the flag when the request's future is dropped (cancelled by the client).
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

fn uri_arg(args: &[Value]) -> Result<Uri> {
    args.first()
        .cloned()
        .and_then(|v| serde_json::from_value(v).ok())
        .ok_or_else(|| Error::invalid_params("the first argument must be a document URI"))
}

async fn solve_command(backend: &Backend, args: &[Value]) -> Result<Value> {
    let uri = uri_arg(args)?;
    let level_idx = args.get(1).and_then(Value::as_u64).unwrap_or(0) as usize;
    let cancel = Arc::new(AtomicBool::new(false));
    let (level, budget) = {
        let state = backend.lock();
        let doc = state.doc(&uri)?;
        let parsed = doc
            .parse
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
    Ok(json!({ "summary": solvability::summary(&report), "steps": steps }))
}

/// Starts the document's viewer (or leaves a running one) and sends it the text; a
/// viewer that cannot start is reported with `window/showMessage`.
async fn open_viewer(backend: &Backend, args: &[Value]) -> Result<()> {
    let uri = uri_arg(args)?;
    let started = {
        let mut state = backend.lock();
        state.doc(&uri)?;
        viewer::open(backend, &mut state, &uri)
    };
    if let Err(message) = started {
        viewer::report_failure(backend, message).await;
    }
    Ok(())
}
