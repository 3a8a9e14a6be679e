//! The engine's reports kept by the level's content ([`ReportMemo`]): a level
//! already answered is answered once, however many times it comes (a pack that
//! repeats a level, the same level in two files). The key is everything the engine
//! reads (each item at its position; never the title, author or texts), the entry
//! point asked ([`EngineCall`]) and the budget's limits; callers on several threads
//! asking for the same level at once wait for one run. Plain data in memory, within
//! a size the caller sets (the oldest reports go first).

use std::collections::{HashMap, VecDeque};
use std::mem::size_of;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use crate::model::{Item, Level, Pos};
use crate::solve::budget::Budget;
use crate::solve::report::{ClueRef, Deduction, ReplayStep, Report, Verdict};
use crate::solve::run::{analyze, analyze_without_words, verdict};

/// The entry point of the engine a [`ReportMemo`] asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EngineCall {
    /// [`verdict`]: the fast path.
    Verdict,
    /// [`analyze`]: explanations in words, and the grade.
    Analysis,
    /// [`analyze_without_words`]: explanations without their words, and the grade.
    AnalysisWithoutWords,
}

impl EngineCall {
    /// The report of this entry point on `level`.
    pub fn run(self, level: &Level, budget: &Budget) -> Report {
        match self {
            EngineCall::Verdict => verdict(level, budget),
            EngineCall::Analysis => analyze(level, budget),
            EngineCall::AnalysisWithoutWords => analyze_without_words(level, budget),
        }
    }
}

/// A report from a [`ReportMemo`].
#[derive(Clone, Debug)]
pub struct Remembered {
    /// The report, shared with the memo.
    pub report: Arc<Report>,
    /// How long the engine took to make it (when this call did not make it, the
    /// time of the call that did).
    pub engine_time: Duration,
    /// Whether this call ran the engine (`false`: the report was kept, or another
    /// thread made it while this one waited).
    pub ran: bool,
}

/// Reports kept by the level's content, the entry point and the budget's limits,
/// within a size. Shared by reference between threads.
#[derive(Debug)]
pub struct ReportMemo {
    kept: Mutex<Kept>,
    /// The reports' estimated size ([`weight`]) the memo keeps at most.
    max_bytes: usize,
}

/// What the engine reads of a level, the entry point and the budget's limits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    call: EngineCall,
    max_conflicts: Option<u64>,
    time_limit: Option<Duration>,
    /// Every item with its grid position's index.
    items: Box<[(u16, Item)]>,
}

impl Key {
    fn new(level: &Level, call: EngineCall, budget: &Budget) -> Key {
        Key {
            call,
            max_conflicts: budget.max_conflicts,
            time_limit: budget.time_limit,
            items: level
                .items()
                .map(|(pos, item)| (pos.index() as u16, item))
                .collect(),
        }
    }
}

/// One report: made once, the callers that ask while it is made wait for it.
type Slot = Arc<OnceLock<(Arc<Report>, Duration)>>;

#[derive(Debug, Default)]
struct Kept {
    slots: HashMap<Key, Slot>,
    /// The reports made, oldest first, with their weight.
    order: VecDeque<(Key, usize)>,
    bytes: usize,
}

impl Default for ReportMemo {
    /// A memo of 32 MiB of reports (a few thousand levels of the usual size).
    fn default() -> Self {
        ReportMemo::new(32 << 20)
    }
}

impl ReportMemo {
    /// An empty memo that keeps about `max_bytes` of reports.
    pub fn new(max_bytes: usize) -> ReportMemo {
        ReportMemo {
            kept: Mutex::new(Kept::default()),
            max_bytes,
        }
    }

    /// `call`'s report on `level` within `budget`: kept from an earlier call on a
    /// level with the same content, the same entry point and the same limits, else
    /// made now (once, whatever the threads asking) and kept. A cancelled run is not
    /// kept, and a caller that waited for it runs the engine itself unless its own
    /// flag is set too. A panic in the engine reaches the caller, and the next call
    /// runs again.
    pub fn report(&self, level: &Level, call: EngineCall, budget: &Budget) -> Remembered {
        self.report_made_by(level, call, budget, || call.run(level, budget))
    }

    /// [`report`](Self::report), the report made (when it is not kept) by `make`,
    /// which gives the report `call` gives on `level` within `budget` another way: an
    /// analysis from the verdict already found ([`explain_verdict`]).
    ///
    /// [`explain_verdict`]: crate::solve::explain_verdict
    pub fn report_made_by(
        &self,
        level: &Level,
        call: EngineCall,
        budget: &Budget,
        make: impl FnOnce() -> Report,
    ) -> Remembered {
        let key = Key::new(level, call, budget);
        let mut make = Some(make);
        loop {
            let slot = {
                let mut kept = self.lock();
                Arc::clone(kept.slots.entry(key.clone()).or_default())
            };
            let mut ran = false;
            let (report, engine_time) = slot.get_or_init(|| {
                ran = true;
                let started = Instant::now();
                let make = make.take().expect("a caller runs the engine once at most");
                (Arc::new(make()), started.elapsed())
            });
            let (report, engine_time) = (Arc::clone(report), *engine_time);
            if ran {
                self.account(key, &slot, &report);
            } else if report.verdict == Verdict::Cancelled && !is_cancelled(budget) {
                // This caller waited for a run another caller's flag stopped: it runs
                // the engine itself (once that run's slot is let go).
                self.forget(&key, &slot);
                continue;
            }
            return Remembered {
                report,
                engine_time,
                ran,
            };
        }
    }

    /// How many reports are kept.
    pub fn len(&self) -> usize {
        self.lock().order.len()
    }

    /// Whether no report is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Counts a report just made in `slot`, then lets the oldest go while the
    /// reports weigh more than the memo keeps; a cancelled one goes at once.
    fn account(&self, key: Key, slot: &Slot, report: &Report) {
        if report.verdict == Verdict::Cancelled {
            self.forget(&key, slot);
            return;
        }
        let mut kept = self.lock();
        let bytes = weight(report) + size_of::<Key>() + key.items.len() * size_of::<(u16, Item)>();
        kept.bytes += bytes;
        kept.order.push_back((key, bytes));
        while kept.bytes > self.max_bytes {
            let Some((oldest, bytes)) = kept.order.pop_front() else {
                break;
            };
            kept.bytes -= bytes;
            kept.slots.remove(&oldest);
        }
    }

    /// Lets `slot` go, if it is still the one kept for `key` (a cancelled run's).
    fn forget(&self, key: &Key, slot: &Slot) {
        let mut kept = self.lock();
        if kept.slots.get(key).is_some_and(|kept| Arc::ptr_eq(kept, slot)) {
            kept.slots.remove(key);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        // Nothing the lock guards is left half-changed by a panic: a poisoned lock
        // holds a whole map.
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Whether `budget`'s cancel flag is set.
fn is_cancelled(budget: &Budget) -> bool {
    budget
        .cancel
        .as_ref()
        .is_some_and(|flag| flag.load(std::sync::atomic::Ordering::Relaxed))
}

/// A report's size in memory, roughly: its vectors and strings.
fn weight(report: &Report) -> usize {
    let deductions: usize = report
        .deductions
        .iter()
        .map(|d| {
            size_of::<Deduction>()
                + d.explanation.clues.len() * size_of::<ClueRef>()
                + d.explanation.text.len()
        })
        .sum();
    let difficulty = &report.difficulty;
    size_of::<Report>()
        + deductions
        + report.stuck.len() * size_of::<Pos>()
        + difficulty.steps.len() * size_of::<ReplayStep>()
        + difficulty
            .reasons
            .iter()
            .map(|r| r.len() + size_of::<String>())
            .sum::<usize>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture;
    use crate::model::{Cell, Color, Hint};

    #[test]
    fn the_same_content_is_answered_once_whatever_its_header() {
        let memo = ReportMemo::default();
        let budget = Budget::default();
        let level = fixture::level(&["O+..X.", "..o...", "O+...."]);
        let mut renamed = level.clone();
        renamed.title = "another title".to_string();
        let first = memo.report(&level, EngineCall::AnalysisWithoutWords, &budget);
        let again = memo.report(&renamed, EngineCall::AnalysisWithoutWords, &budget);
        assert!(first.ran && !again.ran);
        assert!(Arc::ptr_eq(&first.report, &again.report));
        assert_eq!(*first.report, analyze_without_words(&level, &budget));
        // Another entry point, other limits or another item: another report.
        let verdict_only = memo.report(&level, EngineCall::Verdict, &budget);
        assert!(verdict_only.ran);
        let tighter = Budget {
            max_conflicts: Some(10),
            ..Budget::default()
        };
        assert!(memo.report(&level, EngineCall::Verdict, &tighter).ran);
        let mut edited = level.clone();
        edited.set(fixture::pos(1, 1), None);
        assert!(memo.report(&edited, EngineCall::Verdict, &budget).ran);
        assert_eq!(memo.len(), 4);
    }

    #[test]
    fn threads_asking_for_one_level_at_once_run_the_engine_once() {
        let memo = ReportMemo::default();
        let budget = Budget::default();
        let level = fixture::level(&["O+..X.", "..o...", "O+...."]);
        let ran: usize = std::thread::scope(|scope| {
            let runs: Vec<_> = (0..8)
                .map(|_| scope.spawn(|| memo.report(&level, EngineCall::Analysis, &budget).ran))
                .collect();
            runs.into_iter()
                .map(|r| usize::from(r.join().expect("no panic")))
                .sum()
        });
        assert_eq!(ran, 1);
    }

    #[test]
    fn a_caller_that_waited_for_a_cancelled_run_runs_the_engine_itself() {
        let memo = ReportMemo::default();
        let budget = Budget::default();
        let level = fixture::level(&["O+..X.", "..o...", "O+...."]);
        let flag = Arc::new(std::sync::atomic::AtomicBool::new(true));
        let stopped = Budget {
            cancel: Some(flag),
            ..Budget::default()
        };
        let (started, wait) = std::sync::mpsc::channel();
        let waiter = std::thread::scope(|scope| {
            // The first caller's run is stopped by its own flag, once the second
            // caller waits for it.
            let first = scope.spawn(|| {
                memo.report_made_by(&level, EngineCall::Verdict, &budget, || {
                    started.send(()).expect("the test waits");
                    std::thread::sleep(std::time::Duration::from_millis(200));
                    verdict(&level, &stopped)
                })
            });
            wait.recv().expect("the first run starts");
            let second = scope.spawn(|| memo.report(&level, EngineCall::Verdict, &budget));
            let first = first.join().expect("no panic");
            assert_eq!(first.report.verdict, Verdict::Cancelled);
            second.join().expect("no panic")
        });
        assert!(waiter.ran, "the second caller ran the engine");
        assert_eq!(waiter.report.verdict, Verdict::Solvable);
        assert_eq!(memo.len(), 1, "only the finished run is kept");
    }

    #[test]
    fn the_oldest_reports_go_when_the_memo_is_full() {
        let level = fixture::level(&["O+..X.", "..o...", "O+...."]);
        let budget = Budget::default();
        let one = weight(&verdict(&level, &budget));
        // Room for about two reports.
        let memo = ReportMemo::new(2 * one + 2 * size_of::<Key>() + 64);
        // Four versions: a revealed black cell of no number moved along a row.
        let levels: Vec<Level> = (0..4)
            .map(|k| {
                let mut version = level.clone();
                let cell = Cell {
                    color: Color::Black,
                    revealed: true,
                    hint: Hint::None,
                };
                version.set(fixture::pos(10 + 2 * k, 10), Some(Item::Cell(cell)));
                version
            })
            .collect();
        for version in &levels {
            assert!(memo.report(version, EngineCall::Verdict, &budget).ran);
        }
        assert!(memo.len() <= 2, "{} kept", memo.len());
        // The newest is kept, the oldest is made again.
        assert!(!memo.report(&levels[3], EngineCall::Verdict, &budget).ran);
        assert!(memo.report(&levels[0], EngineCall::Verdict, &budget).ran);
    }
}
