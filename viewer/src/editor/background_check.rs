//! The level's problems, verdict and difficulty grade, computed off the UI thread
//! after each edit: a thread per check, and a newer check cancels the older one
//! through the engine's budget, so a frame never waits for the solver and stale
//! work stops early. The verdict comes first; for a solvable level the grade, which
//! needs the explanations, follows in a second answer. Both are kept by the level's
//! content (`solve::ReportMemo`), so a level seen before in this window (an undo, a
//! redo, a cell painted and erased again) is answered at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use hexcells_core::analysis::solvability;
use hexcells_core::solve::{self, Budget, EngineCall, Report, ReportMemo, Verdict};
use hexcells_core::validate::{self, Problem};
use hexcells_core::{Level, Pos};

/// What a check found.
#[derive(Clone, Debug)]
pub struct Checked {
    /// Which check this is (only the latest one is shown).
    pub generation: u64,
    /// The model problems (codes as in `docs/diagnostics.md`).
    pub problems: Vec<Problem>,
    /// "solvable in 6 rounds", "stuck: 4 cells", ...
    pub summary: String,
    /// The grade, `medium (3 of 5)`, once it is known.
    pub grade: Option<String>,
    /// Why the level has its grade (`3 steps need an overlap`, `26 steps`), once it is
    /// known.
    pub reasons: Vec<String>,
    /// Whether a second answer, with the grade, follows this one.
    pub grade_pending: bool,
    /// The cells a perfect player gets stuck on.
    pub stuck: Vec<Pos>,
    /// Whether the engine was stopped by a newer check.
    pub cancelled: bool,
}

/// The engine's reports a window keeps by content: a few hundred levels of the
/// usual size.
const MEMO_BYTES: usize = 8 << 20;

/// Starts checks and remembers which one is current.
#[derive(Debug)]
pub struct BackgroundCheck {
    generation: u64,
    cancel: Option<Arc<AtomicBool>>,
    /// Wall-clock limit of one check.
    pub time_limit: Option<Duration>,
    /// The reports of the levels checked, by content.
    memo: Arc<ReportMemo>,
}

impl Default for BackgroundCheck {
    fn default() -> Self {
        BackgroundCheck {
            generation: 0,
            cancel: None,
            time_limit: None,
            memo: Arc::new(ReportMemo::new(MEMO_BYTES)),
        }
    }
}

impl BackgroundCheck {
    /// Checks `level` on a thread of its own and hands the answers to `done` there
    /// (the verdict, then for a solvable level the grade); the check running before
    /// is cancelled.
    pub fn start(&mut self, level: Level, done: impl Fn(Checked) + Send + 'static) -> u64 {
        self.cancel_running();
        self.generation += 1;
        let cancel = Arc::new(AtomicBool::new(false));
        self.cancel = Some(Arc::clone(&cancel));
        let generation = self.generation;
        let memo = Arc::clone(&self.memo);
        let budget = Budget {
            cancel: Some(cancel),
            time_limit: Some(self.time_limit.unwrap_or(Duration::from_secs(10))),
            ..Budget::default()
        };
        std::thread::spawn(move || {
            let (first, report) = check_verdict(&level, &budget, generation, Some(&memo));
            let pending = first.grade_pending;
            done(first.clone());
            if pending {
                done(graded(&level, &report, &budget, first, Some(&memo)));
            }
        });
        generation
    }

    /// Whether `checked` answers the latest check.
    pub fn is_current(&self, checked: &Checked) -> bool {
        checked.generation == self.generation
    }

    /// Stops the running check, if any.
    pub fn cancel_running(&mut self) {
        if let Some(cancel) = self.cancel.take() {
            cancel.store(true, Ordering::Relaxed);
        }
    }
}

/// The check itself, verdict and grade (any thread).
pub fn check(level: &Level, budget: &Budget, generation: u64) -> Checked {
    let (checked, report) = check_verdict(level, budget, generation, None);
    if checked.grade_pending {
        graded(level, &report, budget, checked, None)
    } else {
        checked
    }
}

/// The problems and the verdict, and the engine's report for [`graded`] (kept in
/// `memo`, or taken from it, when there is one).
fn check_verdict(
    level: &Level,
    budget: &Budget,
    generation: u64,
    memo: Option<&ReportMemo>,
) -> (Checked, Arc<Report>) {
    let problems = validate::problems(level);
    let report = match memo {
        Some(memo) => memo.report(level, EngineCall::Verdict, budget).report,
        None => Arc::new(solve::verdict(level, budget)),
    };
    let checked = Checked {
        generation,
        problems,
        summary: solvability::summary(&report),
        grade: None,
        reasons: Vec::new(),
        grade_pending: report.verdict == Verdict::Solvable,
        cancelled: report.verdict == Verdict::Cancelled,
        stuck: report.stuck.clone(),
    };
    (checked, report)
}

/// `checked` with the grade of the solvable level whose verdict is `verdict` (the
/// analysis kept in `memo`, or taken from it, when there is one).
fn graded(
    level: &Level,
    verdict: &Report,
    budget: &Budget,
    checked: Checked,
    memo: Option<&ReportMemo>,
) -> Checked {
    let explain = || solve::explain_verdict(level, verdict, budget);
    let report = match memo {
        Some(memo) => {
            memo.report_made_by(level, EngineCall::Analysis, budget, explain)
                .report
        }
        None => Arc::new(explain()),
    };
    if report.verdict == Verdict::Cancelled {
        return Checked {
            grade_pending: false,
            cancelled: true,
            ..checked
        };
    }
    let grade = report.difficulty.grade;
    Checked {
        grade: grade.map(|g| format!("{} ({} of 5)", g.name(), g.number())),
        reasons: report.difficulty.reasons.clone(),
        grade_pending: false,
        ..checked
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexcells_core::fixture::level;
    use std::sync::mpsc;

    #[test]
    fn a_newer_check_replaces_the_older_one() {
        let mut checker = BackgroundCheck::default();
        let (tx, rx) = mpsc::channel();
        let tx2 = tx.clone();
        // Two hidden cells and nothing to tell them apart: stuck.
        let first = checker.start(level(&["", "", "", "", "....x.", "", "....o."]), move |c| {
            let _ = tx.send(c);
        });
        let second = checker.start(level(&["", "", "", "", "....X.", "", "....O."]), move |c| {
            let _ = tx2.send(c);
        });
        assert!(second > first);
        // Each check's last answer (the verdict, or the grade after it).
        let mut answers: Vec<Checked> = Vec::new();
        while answers.len() < 2 {
            let c = rx.recv_timeout(Duration::from_secs(30)).expect("a check answers");
            if !c.grade_pending {
                answers.push(c);
            }
        }
        answers.sort_by_key(|c| c.generation);
        assert!(!checker.is_current(&answers[0]));
        assert!(checker.is_current(&answers[1]));
        assert_eq!(answers[1].summary, "solvable in 0 rounds");
        assert_eq!(answers[1].grade.as_deref(), Some("easy (1 of 5)"));
        assert!(answers[1].reasons.is_empty(), "no step, no reason");
        // The first was cancelled or stuck, never shown.
        assert!(answers[0].cancelled || answers[0].summary.starts_with("stuck"));
    }

    #[test]
    fn a_level_checked_before_is_answered_from_memory() {
        let memo = ReportMemo::default();
        let lvl = level(&["", "", "", "", "....x.", "", "....O."]);
        let budget = Budget::default();
        let (first, verdict) = check_verdict(&lvl, &budget, 1, Some(&memo));
        let first = graded(&lvl, &verdict, &budget, first, Some(&memo));
        assert_eq!(first.grade.as_deref(), Some("easy (1 of 5)"));
        // Checked again with its flag already set: a run of the engine would stop at
        // once, the answer kept does not.
        let stopped = Budget {
            cancel: Some(Arc::new(AtomicBool::new(true))),
            ..Budget::default()
        };
        let (again, verdict) = check_verdict(&lvl, &stopped, 2, Some(&memo));
        assert!(!again.cancelled && again.grade_pending, "{again:?}");
        let again = graded(&lvl, &verdict, &stopped, again, Some(&memo));
        assert_eq!((again.summary, again.grade), (first.summary, first.grade));
        // Without the memo the flag stops it.
        assert!(check(&lvl, &stopped, 3).cancelled);
    }

    #[test]
    fn problems_and_stuck_cells_are_found() {
        let lvl = level(&["", "", "", "", "....x.", "", "....o."]);
        let checked = check(&lvl, &Budget::default(), 1);
        assert_eq!(checked.summary, "stuck: 2 cells");
        assert_eq!(checked.stuck.len(), 2);
        let empty = check(&Level::new(), &Budget::default(), 2);
        assert!(empty
            .problems
            .iter()
            .any(|p| p.code == hexcells_core::Code::NoCells));
    }
}
