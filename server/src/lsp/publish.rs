//! The engine's answer reaching the client, in one place: each version of a document
//! is analysed in the background (`solver.rs`), which hands every answer here. An
//! answer still current is stored (for diagnostics, code lenses and code actions), its
//! diagnostics and `hexcells/solveStatus` are queued in that order (`outgoing.rs`),
//! and the client is asked to pull diagnostics and code lenses again where it can.
//! See `ext.rs` and `docs/lsp-extensions.md`.
//!
//! The diagnostics of a change itself ([`changed`]) go out at once, or, when the
//! verdicts start at once too (a debounce under [`CHANGE_GRACE`]), after that grace
//! unless the verdicts brought them first: the client is pushed once per keystroke
//! instead of twice (a pack's diagnostics are a megabyte).

use std::time::Duration;

use hexcells_core::analysis::solvability;
use hexcells_core::solve::{Report, Verdict};
use serde_json::{json, Value};
use tower_lsp_server::ls_types::notification::Notification as _;
use tower_lsp_server::ls_types::Uri;

use super::server::LspServer;
use super::state::{ServerState, Solved};
use super::{diagnostics, ext};

/// How long the diagnostics of a change wait for the verdicts that start at once.
pub const CHANGE_GRACE: Duration = Duration::from_millis(40);

/// Tells the client the diagnostics of `uri` after its text changed (push mode only):
/// at once, or after [`CHANGE_GRACE`] when the verdicts start at once and may bring
/// them first (then nothing more goes out, see `diagnostics::unsent`).
pub fn changed(backend: &LspServer, state: &mut ServerState, uri: &Uri) {
    let analysed = state
        .docs
        .get(uri)
        .is_some_and(|doc| doc.skipped.is_none() && doc.unsynced.is_none());
    if !analysed || state.config.debounce >= CHANGE_GRACE {
        diagnostics::push(&backend.outgoing, state, uri);
        return;
    }
    let (backend, uri) = (backend.clone(), uri.clone());
    tokio::spawn(async move {
        tokio::time::sleep(CHANGE_GRACE).await;
        backend.write("textDocument/didChange", &uri, |state| {
            diagnostics::push(&backend.outgoing, state, &uri);
            Ok(())
        });
    });
}

/// Stores a finished analysis of `uri` if its version is still current, and tells the
/// client.
pub async fn answer(backend: LspServer, uri: Uri, solved: Solved) {
    let version = solved.version;
    let sent = backend.guarded(ext::SolveStatus::METHOD, &uri, |state| {
        let support = state.client;
        let doc = state.docs.get_mut(&uri).filter(|d| d.version == version)?;
        if !solved.complete && doc.solved().is_some_and(|s| s.complete) {
            // The complete answer for this version came first: keep it.
            return None;
        }
        let status = solve_status(&uri, &solved);
        doc.solved = Some(solved);
        let unsent = diagnostics::unsent(state, &uri);
        backend.outgoing.answer(&uri, unsent, status);
        Some(support)
    });
    let Some(Some(support)) = sent else {
        return;
    };
    if support.pull_diagnostics && support.diagnostic_refresh {
        let _ = backend.client.workspace_diagnostic_refresh().await;
    }
    if support.code_lens_refresh {
        let _ = backend.client.code_lens_refresh().await;
    }
}

/// The params of `hexcells/solveStatus` for one analysis of `uri`.
fn solve_status(uri: &Uri, solved: &Solved) -> Value {
    let levels: Vec<Value> = (0..solved.levels.len())
        .map(|level_idx| {
            let report = solved.report(level_idx);
            json!({
                "summary": report.map_or("not analysed: syntax errors".into(), solvability::summary),
                "verdict": verdict_name(report),
            })
        })
        .collect();
    json!({
        "uri": uri.as_str(),
        "version": solved.version,
        "levels": levels,
        "complete": solved.complete,
        "advised": solved.advised,
    })
}

/// The `verdict` word of `hexcells/solveStatus`.
fn verdict_name(report: Option<&Report>) -> &'static str {
    match report.map(|r| r.verdict) {
        None => "skipped",
        Some(Verdict::Solvable) => "solvable",
        Some(Verdict::Stuck { .. }) => "stuck",
        Some(Verdict::GaveUp) => "gaveUp",
        Some(Verdict::Cancelled) => "cancelled",
    }
}
