//! The engine's limits for one call ([`Budget`]) and the running clock made of them:
//! a deadline, a conflict limit per SAT call and a cancel flag, checked between solver
//! calls and from inside the SAT backends.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Limits for one engine call. Checked between solver calls and inside the SAT
/// backend through its terminate hook.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Set to `true` by a caller to stop the work; the result is then `Cancelled`.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Conflicts allowed to one SAT call before the engine gives up.
    pub max_conflicts: Option<u64>,
    /// Wall-clock limit for the whole call.
    pub time_limit: Option<Duration>,
}

impl Default for Budget {
    /// Generous but finite: one million conflicts per call, 60 s in all.
    fn default() -> Self {
        Budget {
            cancel: None,
            max_conflicts: Some(1_000_000),
            time_limit: Some(Duration::from_secs(60)),
        }
    }
}

/// Why the engine stopped before an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The budget (time or conflicts) ran out.
    GaveUp,
    /// The caller set the cancel flag.
    Cancelled,
}

/// A [`Budget`] turned into a running clock.
#[derive(Clone, Debug)]
pub(crate) struct Clock {
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    /// Conflicts allowed to one SAT call.
    pub(crate) max_conflicts: Option<u64>,
}

impl Clock {
    /// Starts the clock now.
    pub(crate) fn start(budget: &Budget) -> Clock {
        Clock {
            deadline: budget.time_limit.and_then(|t| Instant::now().checked_add(t)),
            cancel: budget.cancel.clone(),
            max_conflicts: budget.max_conflicts,
        }
    }

    /// The same clock with at most `n` conflicts per SAT call.
    pub(crate) fn with_conflicts(&self, n: u64) -> Clock {
        let mut clock = self.clone();
        clock.max_conflicts = Some(self.max_conflicts.map_or(n, |m| m.min(n)));
        clock
    }

    /// `Err` when the work must stop now.
    pub(crate) fn check(&self) -> Result<(), Stop> {
        if self.cancelled() {
            return Err(Stop::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Stop::GaveUp);
        }
        Ok(())
    }

    /// Whether the cancel flag is set.
    pub(crate) fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// Whether a solver should stop now (cancel flag or deadline).
    pub(crate) fn should_stop(&self) -> bool {
        self.check().is_err()
    }

    /// The reason to report once a solver stopped without an answer.
    pub(crate) fn stop_reason(&self) -> Stop {
        if self.cancelled() {
            Stop::Cancelled
        } else {
            Stop::GaveUp
        }
    }
}
