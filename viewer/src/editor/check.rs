//! The level's problems and verdict, computed off the UI thread after each edit: a
//! thread per check, and a newer check cancels the older one through the engine's
//! budget, so a frame never waits for the solver and stale work stops early.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use hexcells_core::analysis::solvability;
use hexcells_core::solve::{self, Budget, Verdict};
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
    /// The cells a perfect player gets stuck on.
    pub stuck: Vec<Pos>,
    /// Whether the engine was stopped by a newer check.
    pub cancelled: bool,
}

/// Starts checks and remembers which one is current.
#[derive(Debug, Default)]
pub struct Checker {
    generation: u64,
    cancel: Option<Arc<AtomicBool>>,
    /// Wall-clock limit of one check.
    pub time_limit: Option<Duration>,
}

impl Checker {
    /// Checks `level` on a thread of its own and hands the answer to `done` there;
    /// the check running before is cancelled.
    pub fn start(&mut self, level: Level, done: impl FnOnce(Checked) + Send + 'static) -> u64 {
        self.cancel_running();
        self.generation += 1;
        let cancel = Arc::new(AtomicBool::new(false));
        self.cancel = Some(Arc::clone(&cancel));
        let generation = self.generation;
        let budget = Budget {
            cancel: Some(cancel),
            time_limit: Some(self.time_limit.unwrap_or(Duration::from_secs(10))),
            ..Budget::default()
        };
        std::thread::spawn(move || done(check(&level, &budget, generation)));
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

/// The check itself (any thread).
pub fn check(level: &Level, budget: &Budget, generation: u64) -> Checked {
    let problems = validate::problems(level);
    let report = solve::verdict(level, budget);
    Checked {
        generation,
        problems,
        summary: solvability::summary(&report),
        cancelled: report.verdict == Verdict::Cancelled,
        stuck: report.stuck,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexcells_core::fixture::level;
    use std::sync::mpsc;

    #[test]
    fn a_newer_check_replaces_the_older_one() {
        let mut checker = Checker::default();
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
        let mut answers: Vec<Checked> = (0..2)
            .map(|_| rx.recv_timeout(Duration::from_secs(30)).expect("a check answers"))
            .collect();
        answers.sort_by_key(|c| c.generation);
        assert!(!checker.is_current(&answers[0]));
        assert!(checker.is_current(&answers[1]));
        assert_eq!(answers[1].summary, "solvable in 0 rounds");
        // The first was cancelled or stuck, never shown.
        assert!(answers[0].cancelled || answers[0].summary.starts_with("stuck"));
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
