//! `hexcells/solveStatus` and what else a finished solvability analysis changes: each
//! version of a document is analysed in the background (`lsp/solver.rs`); an answer
//! still current is stored (for diagnostics, code lenses and code actions), its
//! diagnostics are pushed, the client is told the verdicts, and asked to pull
//! diagnostics and code lenses again where it can. See `lsp/ext.rs`.

use hexcells_core::analysis::solvability;
use hexcells_core::solve::{Report, Verdict};
use serde_json::{json, Value};
use tower_lsp_server::ls_types::Uri;

use crate::lsp::diagnostics;
use crate::lsp::server::LspServer;
use crate::lsp::solver;
use crate::lsp::state::{ServerState, Solved};

/// Starts the background solvability analysis of the current version of `uri`.
pub fn schedule(backend: &LspServer, state: &ServerState, uri: &Uri) {
    if let Some(job) = solver::job(state, uri) {
        tokio::spawn(solver::run(backend.clone(), job, solved));
    }
}

/// Stores a finished analysis if its version is still current, and tells the client.
async fn solved(backend: LspServer, uri: Uri, solved: Solved) {
    let version = solved.version;
    let (pull, support) = {
        let mut state = backend.lock();
        let support = state.client;
        let Some(doc) = state.docs.get_mut(&uri).filter(|d| d.version == version) else {
            return;
        };
        if !solved.complete && doc.solved().is_some_and(|s| s.complete) {
            // The complete answer for this version came first: keep it.
            return;
        }
        let status = params(&uri, &solved);
        doc.solved = Some(solved);
        diagnostics::push(&backend, &mut state, &uri);
        backend.send_solve_status(status);
        (state.client.pull_diagnostics, support)
    };
    if pull && support.diagnostic_refresh {
        let _ = backend.client.workspace_diagnostic_refresh().await;
    }
    if support.code_lens_refresh {
        let _ = backend.client.code_lens_refresh().await;
    }
}

/// The params of `hexcells/solveStatus` for one analysis of `uri`.
fn params(uri: &Uri, solved: &Solved) -> Value {
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
    })
}

/// The `verdict` word of `hexcells/solveStatus`.
pub fn verdict_name(report: Option<&Report>) -> &'static str {
    match report.map(|r| r.verdict) {
        None => "skipped",
        Some(Verdict::Solvable) => "solvable",
        Some(Verdict::Stuck { .. }) => "stuck",
        Some(Verdict::GaveUp) => "gaveUp",
        Some(Verdict::Cancelled) => "cancelled",
    }
}
