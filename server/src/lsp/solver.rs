//! The solvability analysis in the background. After each change the server waits
//! for a quiet spell (the debounce), then runs the engine on a blocking thread. A
//! newer version sets the old version's cancel flag, which the engine polls, and a
//! result is stored and published only if its version is still current, so typing
//! is never delayed and no stale verdict reaches the client. The verdicts (with the
//! stuck cells) are published first, as soon as they are known, and wait for nothing
//! but other verdicts; explanations and fixes, which take longer, follow in a second,
//! complete answer, one document at a time.
//!
//! This module runs the engine and knows no handler: `handlers/solve_status.rs`
//! schedules it and delivers each answer (stored, pushed, `hexcells/solveStatus`).

use std::future::Future;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use hexcells_core::analysis::sixcells::SixCellsCheck;
use hexcells_core::solve::{self, Budget, Difficulty, Report, Verdict};
use hexcells_core::Level;
use tower_lsp_server::ls_types::{ProgressToken, Uri};
use tracing::{debug, error};

use super::backend::Backend;
use super::state::{Config, ServerState, Solved};

/// Analyses that take longer than this show `$/progress`.
const PROGRESS_AFTER: Duration = Duration::from_millis(300);

/// What one background analysis needs, taken from the state under the lock.
pub struct Job {
    uri: Uri,
    version: i32,
    cancel: Arc<AtomicBool>,
    /// Per level: the level, or `None` when it has syntax errors.
    levels: Vec<Option<Level>>,
    config: Config,
    progress: bool,
}

/// The job for the current version of `uri`, if it is open and was parsed.
pub fn job(state: &ServerState, uri: &Uri) -> Option<Job> {
    let doc = state.docs.get(uri)?;
    if doc.skipped.is_some() {
        return None;
    }
    let levels = match &doc.sixcells {
        Some(SixCellsCheck::Level(level, _)) => vec![Some(level.clone())],
        Some(SixCellsCheck::Failed(..)) => Vec::new(),
        None => doc
            .parse
            .levels
            .iter()
            .map(|l| {
                let syntax_error = l.diagnostics.iter().any(|d| {
                    d.severity == hexcells_core::Severity::Error && d.code.as_str().starts_with("HC01")
                });
                (!syntax_error).then(|| l.level.clone())
            })
            .collect(),
    };
    Some(Job {
        uri: uri.clone(),
        version: doc.version,
        cancel: Arc::clone(&doc.cancel),
        levels,
        config: state.config.clone(),
        progress: state.client.progress,
    })
}

/// Waits for the debounce, works out the verdicts and hands them to `deliver`, then
/// (unless a newer version came meanwhile) the explanations and fixes.
pub async fn run<Delivered>(backend: Backend, job: Job, deliver: impl Fn(Backend, Uri, Solved) -> Delivered)
where
    Delivered: Future<Output = ()>,
{
    tokio::time::sleep(job.config.debounce).await;
    let cancelled = || job.cancel.load(Ordering::Relaxed);
    if cancelled() {
        return;
    }
    let budget = job.config.budget(Arc::clone(&job.cancel));
    let levels = Arc::new(job.levels);
    let version = job.version;
    // The verdicts wait only for other verdicts, never for explanations.
    let first = {
        let Ok(_permit) = backend.verdicts.acquire().await else {
            return;
        };
        if cancelled() {
            return;
        }
        let (levels, budget) = (Arc::clone(&levels), budget.clone());
        tokio::task::spawn_blocking(move || verdicts(&levels, &budget, version)).await
    };
    // The explanations start from the verdicts' rounds rather than finding them again.
    let verdict_reports = match first {
        Ok(first) if !cancelled() => {
            let reports = first.reports.clone();
            deliver(backend.clone(), job.uri.clone(), first).await;
            reports
        }
        Ok(_) => {
            debug!(uri = job.uri.as_str(), version, "verdicts cancelled");
            return;
        }
        Err(e) => {
            error!("solvability verdicts failed: {e}");
            return;
        }
    };
    // Explanations and fixes: one document at a time, so that a core stays free for
    // the verdicts of the next change, which cancels this work.
    let Ok(_permit) = backend.explanations.acquire().await else {
        return;
    };
    if cancelled() {
        return;
    }
    let mut handle =
        tokio::task::spawn_blocking(move || analyse(&levels, &verdict_reports, &budget, version));
    let result = match tokio::time::timeout(PROGRESS_AFTER, &mut handle).await {
        Ok(result) => result,
        Err(_) if job.progress => {
            let token = ProgressToken::String(format!("hexcells/solve/{}/{}", job.uri.as_str(), job.version));
            let progress = match backend.client.create_work_done_progress(token.clone()).await {
                Ok(()) => Some(
                    backend
                        .client
                        .progress(token, "Explaining solvability")
                        .with_message(format!("version {}", job.version))
                        .begin()
                        .await,
                ),
                Err(_) => None,
            };
            let result = handle.await;
            if let Some(progress) = progress {
                progress.finish().await;
            }
            result
        }
        Err(_) => handle.await,
    };
    match result {
        Ok(solved) if !cancelled() => deliver(backend.clone(), job.uri.clone(), solved).await,
        Ok(_) => debug!(
            uri = job.uri.as_str(),
            version = job.version,
            "analysis cancelled"
        ),
        Err(e) => error!("solvability analysis failed: {e}"),
    }
}

/// The verdict of each level, without explanations or fixes: the fast first answer.
pub fn verdicts(levels: &[Option<Level>], budget: &Budget, version: i32) -> Solved {
    let reports = levels
        .iter()
        .map(|level| {
            let level = level.as_ref()?;
            Some(guarded(|| solve::verdict(level, budget)))
        })
        .collect::<Vec<_>>();
    Solved {
        version,
        fixes: vec![Vec::new(); reports.len()],
        reports,
        complete: false,
    }
}

/// Runs the engine on each level, from its verdict in `verdicts` when there is one
/// (see [`verdicts`]); a panic in the engine reads as "gave up".
pub fn analyse(
    levels: &[Option<Level>],
    verdicts: &[Option<Report>],
    budget: &Budget,
    version: i32,
) -> Solved {
    let mut reports = Vec::new();
    let mut fixes = Vec::new();
    for (k, level) in levels.iter().enumerate() {
        let Some(level) = level else {
            reports.push(None);
            fixes.push(Vec::new());
            continue;
        };
        let report = guarded(|| match verdicts.get(k).and_then(Option::as_ref) {
            Some(verdict) => solve::explain_verdict(level, verdict, budget),
            None => solve::analyze(level, budget),
        });
        let level_fixes = if matches!(report.verdict, Verdict::Stuck { .. }) {
            catch_unwind(AssertUnwindSafe(|| solve::suggest_fixes(level, budget))).unwrap_or_default()
        } else {
            Vec::new()
        };
        reports.push(Some(report));
        fixes.push(level_fixes);
    }
    Solved {
        version,
        reports,
        fixes,
        complete: true,
    }
}

/// The engine's report, or "gave up" when it panicked.
fn guarded(run: impl FnOnce() -> Report) -> Report {
    catch_unwind(AssertUnwindSafe(run)).unwrap_or_else(|_| {
        error!("the engine panicked; reporting the analysis as given up");
        gave_up()
    })
}

fn gave_up() -> Report {
    Report {
        verdict: Verdict::GaveUp,
        deductions: Vec::new(),
        stuck: Vec::new(),
        difficulty: Difficulty::default(),
    }
}
