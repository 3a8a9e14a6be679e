//! The solvability analysis in the background, level by level. After each change the
//! server waits for a quiet spell (the debounce), then asks the engine, on a blocking
//! thread, about each level whose answer it does not know yet (`results.rs`): a level
//! an edit did not change keeps its answer, so an edit costs the levels it changed.
//! The verdicts (with the stuck cells) are published first, as soon as every level has
//! one, and wait for nothing but other verdicts; explanations and fixes, which take
//! longer, follow in a second, complete answer, the changed levels first; the advice
//! (the clues a player never needs, on a solvable level; the clues a player needs, on
//! a stuck one) follows in a third. Each of the three has its own lane and permits
//! ([`Lanes`]), so a long advice on one level of a pack never holds back the verdict
//! or the explanations of a level changed meanwhile.
//!
//! A newer version stops the work of the older one between two levels, and at once
//! (through the engine's cancel flag) on a level the newer text no longer holds; a
//! level both versions hold is finished and its answer kept. A result is stored and
//! published only while its version is current, so typing is never delayed and no
//! stale verdict reaches the client.
//!
//! The routing table schedules it after each change ([`schedule`]); it runs the
//! engine, knows no handler, and hands each answer down to `publish.rs`, the one place
//! that stores it and tells the client.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use hexcells_core::format::Fingerprint;
use hexcells_core::generate::{
    fill_clues, unneeded_clues, unneeded_clues_from_scratch, FillError, FillOptions, Grade, Limits, OwnClues,
};
use hexcells_core::solve::{self, Difficulty, GradeMemo, LevelFix, Report, Verdict};
use hexcells_core::Level;
use tower_lsp_server::ls_types::{ProgressToken, Uri};
use tracing::{debug, error};

use super::publish;
use super::results::{Answer, AnswerKind};
use super::server::LspServer;
use super::state::{Config, Lanes, Running, ServerState, Solved};
use super::test_hooks;

/// Analyses that take longer than this show `$/progress`.
const PROGRESS_AFTER: Duration = Duration::from_millis(300);

/// One version of a document to analyse, taken from the state under the lock.
struct Job {
    uri: Uri,
    version: i32,
    lanes: Arc<Lanes>,
    config: Config,
    progress: bool,
}

/// Starts the background analysis of the current version of `uri` (if it is open,
/// was parsed and is in sync with the client).
pub fn schedule(backend: &LspServer, state: &ServerState, uri: &Uri) {
    if let Some(job) = job(state, uri) {
        tokio::spawn(run(backend.clone(), job));
    }
}

/// The job for the current version of `uri`, if it is open and was parsed (and its
/// text is the client's: out of sync, it has nothing new to analyse).
fn job(state: &ServerState, uri: &Uri) -> Option<Job> {
    let doc = state.docs.get(uri)?;
    if doc.skipped.is_some() || doc.unsynced.is_some() {
        return None;
    }
    Some(Job {
        uri: uri.clone(),
        version: doc.version,
        lanes: Arc::clone(&doc.lanes),
        config: state.config.clone(),
        progress: state.client.progress,
    })
}

/// Which answer a pass over the levels asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pass {
    Verdicts,
    Explanations,
    Advice,
}

/// The grade the clues a player needs are chosen for, on a stuck level.
const NEEDED_CLUES_GRADE: Grade = Grade::Medium;

/// How a pass over the levels ended.
enum Passed {
    /// Every level has its answer; these levels were worked out by this pass.
    Done(Vec<usize>),
    /// A newer version came (or the document closed).
    Stale,
}

/// How many times a pass runs at most: new solver settings while it runs drop the
/// answers it worked out, and it runs again.
const PASSES: usize = 3;

/// Waits for the debounce, works out the verdicts and publishes them, then (unless a
/// newer version came meanwhile) the explanations and fixes, then the advice.
async fn run(backend: LspServer, job: Job) {
    tokio::time::sleep(job.config.debounce).await;
    let job = Arc::new(job);
    let Some((fresh, first)) = answers(&backend, &job, Pass::Verdicts, Vec::new()).await else {
        return;
    };
    publish::answer(backend.clone(), job.uri.clone(), first).await;
    let Some((_, solved)) = answers(&backend, &job, Pass::Explanations, fresh.clone()).await else {
        return;
    };
    publish::answer(backend.clone(), job.uri.clone(), solved).await;
    if let Some((_, advised)) = answers(&backend, &job, Pass::Advice, fresh).await {
        publish::answer(backend.clone(), job.uri.clone(), advised).await;
    }
}

/// Every level's answer of `kind` (those of the levels in `first` worked out first),
/// and the levels whose answer was worked out now. Each kind has its lane in the
/// document (one version at a time) and its permits in the server, and waits for
/// nothing else: the verdicts never wait for explanations, and a long advice never
/// holds back the explanations of the next change (on two cores, one stays free for
/// the next change's verdicts while explanations or advice run).
async fn answers(
    backend: &LspServer,
    job: &Arc<Job>,
    kind: Pass,
    first: Vec<usize>,
) -> Option<(Vec<usize>, Solved)> {
    let (lane, permits) = match kind {
        Pass::Verdicts => (&job.lanes.verdicts, &backend.verdicts),
        Pass::Explanations => (&job.lanes.explanations, &backend.explanations),
        Pass::Advice => (&job.lanes.advice, &backend.advice),
    };
    let _lane = lane.lock().await;
    let _permit = permits.acquire().await.ok()?;
    let first = Arc::new(first);
    let mut fresh = Vec::new();
    for _ in 0..PASSES {
        if !is_current(backend, job) {
            return None;
        }
        let (b, j, f) = (backend.clone(), Arc::clone(job), Arc::clone(&first));
        let handle = tokio::task::spawn_blocking(move || pass(&b, &j, kind, &f));
        let passed = match kind {
            Pass::Verdicts => handle.await,
            Pass::Explanations | Pass::Advice => with_progress(backend, job, handle).await,
        };
        match passed {
            Ok(Passed::Done(worked)) => fresh.extend(worked),
            Ok(Passed::Stale) => {
                debug!(uri = job.uri.as_str(), version = job.version, ?kind, "superseded");
                return None;
            }
            Err(e) => {
                error!(?kind, "solvability pass failed: {e}");
                return None;
            }
        }
        if let Some(solved) = collect(backend, job, kind) {
            return Some((fresh, solved));
        }
    }
    None
}

/// Waits for `handle`, showing `$/progress` when it takes longer than a moment and
/// the client shows progress.
async fn with_progress(
    backend: &LspServer,
    job: &Job,
    mut handle: tokio::task::JoinHandle<Passed>,
) -> Result<Passed, tokio::task::JoinError> {
    match tokio::time::timeout(PROGRESS_AFTER, &mut handle).await {
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
    }
}

/// Whether the job's version is still the document's.
fn is_current(backend: &LspServer, job: &Job) -> bool {
    backend
        .lock()
        .docs
        .get(&job.uri)
        .is_some_and(|doc| doc.version == job.version)
}

/// What the pass must do next for level `level_idx`, decided under the lock.
enum Step {
    /// Nothing: the level has its answer, or is not analysed.
    Skip,
    /// The engine's turn, stopped by `cancel`; `verdict` is the level's verdict when
    /// explaining it, `epoch` that of the settings asked under.
    Work {
        fingerprint: Fingerprint,
        level: Level,
        verdict: Option<Arc<Answer>>,
        cancel: Arc<AtomicBool>,
        epoch: u64,
    },
}

/// Asks the engine about every level of the job's version without an answer of
/// `pass`'s kind, the levels in `first` before the others. Between two levels it looks
/// whether the version is still current; each level's work is registered with the
/// document, whose next change cancels it if the level is gone.
fn pass(backend: &LspServer, job: &Job, pass: Pass, first: &[usize]) -> Passed {
    let n = match backend
        .lock()
        .docs
        .get(&job.uri)
        .filter(|d| d.version == job.version)
    {
        Some(doc) => doc.n_levels(),
        None => return Passed::Stale,
    };
    let order = first.iter().copied().chain((0..n).filter(|k| !first.contains(k)));
    let mut worked = Vec::new();
    for level_idx in order {
        let step = {
            let mut state = backend.lock();
            let state = &mut *state;
            let Some(doc) = state.docs.get_mut(&job.uri).filter(|d| d.version == job.version) else {
                return Passed::Stale;
            };
            match doc.analysed_level(level_idx) {
                None => Step::Skip,
                Some((fingerprint, level)) => {
                    let known = match pass {
                        Pass::Verdicts => state.results.verdict(fingerprint).is_some(),
                        Pass::Explanations => state.results.explained(fingerprint).is_some(),
                        Pass::Advice => {
                            state.results.advised(fingerprint).is_some()
                                || state.results.explained(fingerprint).is_none()
                        }
                    };
                    if known {
                        Step::Skip
                    } else {
                        let level = level.clone();
                        let cancel = Arc::new(AtomicBool::new(false));
                        doc.running.push(Running {
                            fingerprint,
                            cancel: Arc::clone(&cancel),
                        });
                        Step::Work {
                            verdict: match pass {
                                Pass::Advice => state.results.explained(fingerprint),
                                _ => state.results.verdict(fingerprint),
                            },
                            fingerprint,
                            level,
                            cancel,
                            epoch: state.results.epoch(),
                        }
                    }
                }
            }
        };
        let Step::Work {
            fingerprint,
            level,
            verdict,
            cancel,
            epoch,
        } = step
        else {
            continue;
        };
        let budget = job.config.budget(Arc::clone(&cancel));
        let answer = match pass {
            Pass::Verdicts => Answer {
                report: verdict_taking_proofs(&level, &budget, &job.lanes, level_idx),
                fixes: Vec::new(),
                unneeded: None,
            },
            Pass::Advice => match &verdict {
                Some(explained) => advice(&level, explained, &cancel, &job.lanes.advice_memo),
                None => continue,
            },
            Pass::Explanations => {
                let report = guarded(|| match &verdict {
                    Some(verdict) => solve::explain_verdict(&level, &verdict.report, &budget),
                    None => solve::analyze(&level, &budget),
                });
                let fixes = if matches!(report.verdict, Verdict::Stuck { .. }) {
                    catch_unwind(AssertUnwindSafe(|| solve::suggest_fixes(&level, &budget)))
                        .unwrap_or_default()
                } else {
                    Vec::new()
                };
                Answer {
                    report,
                    fixes,
                    unneeded: None,
                }
            }
        };
        debug!(
            uri = job.uri.as_str(),
            version = job.version,
            level = level_idx,
            ?pass,
            verdict = ?answer.report.verdict,
            "asked the engine"
        );
        let mut state = backend.lock();
        if let Some(doc) = state.docs.get_mut(&job.uri) {
            doc.running.retain(|r| !Arc::ptr_eq(&r.cancel, &cancel));
        }
        if answer.report.verdict == Verdict::Cancelled || cancel.load(std::sync::atomic::Ordering::Relaxed) {
            // Stopped because the level is gone: so is this version.
            return Passed::Stale;
        }
        let kind = match pass {
            Pass::Verdicts => AnswerKind::Verdict,
            Pass::Explanations => AnswerKind::Explained,
            Pass::Advice => AnswerKind::Advised,
        };
        state.results.store(fingerprint, answer, kind, epoch);
        worked.push(level_idx);
    }
    Passed::Done(worked)
}

/// The answers of `pass`'s kind for every level of the job's version, if it is still
/// current and each level has one.
fn collect(backend: &LspServer, job: &Job, pass: Pass) -> Option<Solved> {
    let state = backend.lock();
    let doc = state.docs.get(&job.uri).filter(|d| d.version == job.version)?;
    let mut levels = Vec::new();
    for level_idx in 0..doc.n_levels() {
        let answer = match doc.analysed_level(level_idx) {
            None => None,
            Some((fingerprint, _)) => Some(match pass {
                Pass::Verdicts => state.results.verdict(fingerprint)?,
                Pass::Explanations => state.results.explained(fingerprint)?,
                Pass::Advice => state.results.advised(fingerprint)?,
            }),
        };
        levels.push(answer);
    }
    Some(Solved {
        version: job.version,
        levels,
        complete: pass != Pass::Verdicts,
        advised: pass == Pass::Advice,
    })
}

/// The explained answer with the advice: on a solvable level the clues a player never
/// needs, on a stuck one the clues a player needs (a fix, first of the fixes). The
/// level's cancel flag stops it (the caller then drops the answer); `memo` keeps the
/// engine's answers for the document's next versions.
fn advice(level: &Level, explained: &Answer, cancel: &Arc<AtomicBool>, memo: &Arc<GradeMemo>) -> Answer {
    // On one core: the next edit's verdicts must not wait for a core.
    let limits = Limits {
        cancel: Some(Arc::clone(cancel)),
        one_core: true,
        from_scratch: from_scratch(),
        memo: Some(Arc::clone(memo)),
    };
    test_hooks::slow_advice(&level.title, cancel);
    let mut fixes = explained.fixes.clone();
    let mut unneeded = None;
    match explained.report.verdict {
        Verdict::Solvable => {
            let find = if from_scratch() {
                unneeded_clues_from_scratch
            } else {
                unneeded_clues
            };
            if let Ok(Ok(found)) = catch_unwind(AssertUnwindSafe(|| find(level, &limits))) {
                unneeded = Some(found);
            }
        }
        Verdict::Stuck { .. } => {
            let options = FillOptions {
                target: NEEDED_CLUES_GRADE,
                seed: "hexcells".to_string(),
                own_clues: OwnClues::Kept,
            };
            let filled = catch_unwind(AssertUnwindSafe(|| {
                fill_clues(level, &options, &limits, &mut |_| {})
            }));
            let filled = match filled {
                Ok(Ok(filled)) => Some(filled),
                Ok(Err(FillError::GradeNotReached { filled, .. })) => Some(*filled),
                _ => None,
            };
            if let Some(filled) = filled {
                fixes.insert(
                    0,
                    LevelFix {
                        changes: filled.changes(level),
                        description: format!(
                            "Add the clues a player needs (difficulty {})",
                            filled.grade.name()
                        ),
                    },
                );
            }
        }
        _ => {}
    }
    Answer {
        report: explained.report.clone(),
        fixes,
        unneeded,
    }
}

/// Whether `HEXCELLS_ENGINE=scratch` asks for the engine's old way (every clue of the
/// advice re-solved, none taken from the replay's citations, nothing kept from one
/// version of the level to the next), for debugging; the answers are the same
/// (docs/cli.md).
fn from_scratch() -> bool {
    static SCRATCH: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *SCRATCH.get_or_init(|| std::env::var("HEXCELLS_ENGINE").is_ok_and(|v| v == "scratch"))
}

/// The verdict of the level at `level_idx`, taking the proofs of the level's last
/// verdict (a cell proved by clues this version shows unchanged is not asked again:
/// the same verdict, faster) and keeping its own for the next version when the
/// engine finished; "gave up" when it panicked. With `HEXCELLS_ENGINE=scratch`,
/// from nothing.
fn verdict_taking_proofs(level: &Level, budget: &solve::Budget, lanes: &Lanes, level_idx: usize) -> Report {
    if from_scratch() {
        return guarded(|| solve::verdict(level, budget));
    }
    let taken = lanes.verdict_proofs(level_idx);
    let resume = solve::Resume {
        proofs: taken.as_deref(),
        ..solve::Resume::default()
    };
    let mut proofs = None;
    let report = guarded(|| {
        let (report, own) = solve::verdict_and_grade_proving(level, budget, None, resume, false);
        proofs = Some(own);
        report
    });
    if let Some(proofs) = proofs.filter(|_| !matches!(report.verdict, Verdict::Cancelled | Verdict::GaveUp)) {
        lanes.keep_verdict_proofs(level_idx, proofs);
    }
    report
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
