//! The engine as the generator asks it: the deduction engine with a conflict budget
//! instead of a time limit ([`ENGINE_CONFLICTS`]), stopped by the caller's cancel flag
//! ([`Limits`], [`Stop`]) and counting its calls. Every file of the folder judges its
//! levels through it.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::model::{Level, Pos};
use crate::solve::{self, Budget, Difficulty, Verdict};

/// Limits a caller may set; they never change the level generated, only whether
/// one is returned.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Set to `true` to stop generating; the result is then
    /// [`GenerateError::Cancelled`](crate::generate::GenerateError::Cancelled).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Keep the work on the calling thread, for a caller in the background that
    /// leaves the other cores to more urgent work (the language server's advice,
    /// beside the next edit's verdicts). Otherwise clues are judged two at a time
    /// on a machine with two cores or more. The results are the same.
    pub one_core: bool,
    /// Run the engine the old way: nothing kept from one version of the level to
    /// the next but the rounds two versions share (no grade memo, no bound by the
    /// richer version's rounds, every grade's replay played to its end). The
    /// oracle the tests compare with, and the debugging switch
    /// `HEXCELLS_ENGINE=scratch` of the CLI and the language server. The results
    /// are the same, slower.
    pub from_scratch: bool,
    /// The grade memo to keep answers in and read them from, lent by a caller that
    /// walks through many versions of a level (the language server, from edit to
    /// edit; any version may read what another kept, since each answer is kept by
    /// what it reads); `None`: the run keeps its own. Unused with `from_scratch`.
    pub memo: Option<Arc<solve::GradeMemo>>,
}

/// Conflicts allowed to one SAT call of the engine. A candidate on which the engine
/// needs more is discarded. Deterministic, unlike a time limit.
pub const ENGINE_CONFLICTS: u64 = 20_000;

/// The caller's cancel flag was set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Stop;

/// The engine with the generator's budget, counting calls.
pub(super) struct Engine {
    budget: Budget,
    pub(super) calls: usize,
    /// Whether judgements may run two at a time ([`Limits::one_core`] unset).
    pub(super) side_by_side: bool,
    /// The grade's pair answers and round explanations, shared by every grade of
    /// this run (its levels are versions of one level, a few clues apart) and by its
    /// forks; `None` on the old path, the oracle the tests compare with.
    memo: Option<Arc<solve::GradeMemo>>,
}

impl Engine {
    /// The engine with its conflict budget, stopped by `limits`' cancel flag.
    pub(super) fn new(limits: &Limits) -> Engine {
        Engine {
            budget: Budget {
                cancel: limits.cancel.clone(),
                max_conflicts: Some(ENGINE_CONFLICTS),
                time_limit: None,
            },
            calls: 0,
            side_by_side: !limits.one_core
                && std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2),
            memo: (!limits.from_scratch).then(|| limits.memo.clone().unwrap_or_default()),
        }
    }

    /// Another engine with the same budget and cancel flag, for another thread; its
    /// calls are added back by the caller.
    pub(super) fn fork(&self) -> Engine {
        Engine {
            budget: self.budget.clone(),
            calls: 0,
            side_by_side: false,
            memo: self.memo.clone(),
        }
    }

    /// The fast verdict: `Ok(true)` when solvable, `Ok(false)` when stuck or when the
    /// engine needs more than its conflict budget. The stuck cells come back too.
    pub(super) fn verdict(&mut self, level: &Level) -> Result<(bool, Vec<Pos>), Stop> {
        self.calls += 1;
        let report = solve::verdict(level, &self.budget);
        match report.verdict {
            Verdict::Solvable => Ok((true, Vec::new())),
            Verdict::Stuck { .. } => Ok((false, report.stuck)),
            Verdict::GaveUp => Ok((false, Vec::new())),
            Verdict::Cancelled => Err(Stop),
        }
    }

    /// The report on `level`, graded when `graded`, or `None` when it is not
    /// solvable in budget; the run takes what `resume` says of a level judged
    /// before ([`solve::verdict_and_grade_from`]).
    pub(super) fn check(
        &mut self,
        level: &Level,
        resume: solve::Resume<'_>,
        graded: bool,
    ) -> Result<Option<solve::Report>, Stop> {
        Ok(self
            .check_proving(level, resume, graded)?
            .map(|(report, _)| report))
    }

    /// [`Engine::check`], with the proofs of the rounds' cells, which the run of a
    /// version of `level` may take ([`solve::Resume::proofs`]).
    pub(super) fn check_proving(
        &mut self,
        level: &Level,
        resume: solve::Resume<'_>,
        graded: bool,
    ) -> Result<Option<(solve::Report, solve::Proofs)>, Stop> {
        self.calls += 1;
        let memo = self.memo.as_deref();
        // The old path (no memo) takes neither the bound, the proofs nor the
        // replay's stop.
        let resume = solve::Resume {
            richer: resume.richer.filter(|_| memo.is_some()),
            at_most: resume.at_most.filter(|_| memo.is_some()),
            proofs: resume.proofs.filter(|_| memo.is_some()),
            ..resume
        };
        let (report, proofs) = solve::verdict_and_grade_proving(level, &self.budget, memo, resume, graded);
        Ok(solvable(report)?.map(|report| (report, proofs)))
    }

    /// [`Engine::check`] of `level` from the start, graded, with where the clues its
    /// grade's replay cites are shown ([`solve::verdict_and_grade_citing`]).
    pub(super) fn check_citing(
        &mut self,
        level: &Level,
    ) -> Result<Option<(solve::Report, Vec<Pos>, solve::Proofs)>, Stop> {
        self.calls += 1;
        let memo = self.memo.as_deref();
        let (report, cited, proofs) =
            solve::verdict_and_grade_citing(level, &self.budget, memo, solve::Resume::default());
        Ok(solvable(report)?.map(|report| (report, cited, proofs)))
    }

    /// The difficulty summary, or `None` when the level is not solvable in budget.
    pub(super) fn difficulty(&mut self, level: &Level) -> Result<Option<Difficulty>, Stop> {
        Ok(self.analyze(level)?.map(|r| r.difficulty))
    }

    /// The full analysis (each explanation's clues and rule, no words), or `None`
    /// when the level is not solvable in budget.
    pub(super) fn analyze(&mut self, level: &Level) -> Result<Option<solve::Report>, Stop> {
        self.calls += 1;
        solvable(solve::analyze_without_words(level, &self.budget))
    }
}

/// The report of a solvable run; `None` when the level is stuck or the run gave up
/// (past the budget), [`Stop`] when the caller cancelled it.
fn solvable(report: solve::Report) -> Result<Option<solve::Report>, Stop> {
    match report.verdict {
        Verdict::Solvable => Ok(Some(report)),
        Verdict::Stuck { .. } | Verdict::GaveUp => Ok(None),
        Verdict::Cancelled => Err(Stop),
    }
}
