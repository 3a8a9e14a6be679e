//! `hexcells generate`: reproducible levels that the deduction engine solves.
//!
//! [`generate`] lays out a [`Shape`], colours its cells, gives every cell and line
//! the clue it could show, reveals cells until the engine says `solvable`, then
//! removes every clue and revealed cell the level does not need (it stays
//! solvable, so the level is lean) and checks the engine's difficulty grade
//! ([`Grade`], see docs/rules.md) against the one requested. When a candidate
//! misses, the next one is drawn.
//!
//! **Reproducibility promise.** The same [`GenerateOptions`] (shape, blue ratio, target,
//! seed word) give a byte-identical level on every machine and every version of
//! this generator. Everything random comes from [`rng`] (FNV-1a of the seed word
//! into SplitMix64, integers only); cells, lines and clues are visited in grid
//! order; no hash map is iterated; no float is used. The engine is called with a
//! conflict limit and no time limit, so a slow machine gets the same answers, only
//! later. A change to this algorithm that changes any level must be treated as a
//! breaking change: the fixed expected files in `core/tests/fixtures/generate/`
//! catch it.

mod clues;
mod from_drawing;
mod prune;
pub mod rng;
mod shape;
mod unneeded;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::model::{Hint, Level};
pub use crate::solve::Grade;
use crate::solve::{self, Budget, Difficulty, Verdict};

use clues::Draft;
pub use from_drawing::{fill_attempts, fill_clues, strip_clues, ClueCount, FillError, FillOptions, Filled};
use rng::Rng;
pub use shape::{Shape, ShapeError};
pub use unneeded::{unneeded_clues, Unneeded, UnneededClues};

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// The outline.
    pub shape: Shape,
    /// The share of blue cells, in thousandths (350 for 0.35).
    pub blue_per_mille: u16,
    /// How hard the level must be: its difficulty grade.
    pub target: Grade,
    /// The seed word: the same word gives the same level.
    pub seed: String,
}

/// Limits a caller may set; they never change the level generated, only whether
/// one is returned.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Set to `true` to stop generating; the result is then [`GenerateError::Cancelled`].
    pub cancel: Option<Arc<AtomicBool>>,
    /// Keep the work on the calling thread, for a caller in the background that
    /// leaves the other cores to more urgent work (the language server's advice,
    /// beside the next edit's verdicts). Otherwise clues are judged two at a time
    /// on a machine with two cores or more. The results are the same.
    pub one_core: bool,
}

/// Where a long run is, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateProgress {
    /// The candidate being made, from 1.
    pub attempt: usize,
    /// What is happening.
    pub phase: Phase,
}

/// A step of making one candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Revealing cells until the engine solves the level.
    Revealing,
    /// Removing clues the level does not need.
    Pruning {
        /// Clues and revealed cells tried so far.
        done: usize,
        /// Clues and revealed cells to try.
        total: usize,
    },
    /// The candidate was finished but got another grade.
    Missed(Grade),
}

/// A generated level and what the engine says of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The level, title and author filled in.
    pub level: Level,
    /// The engine's difficulty summary of it.
    pub difficulty: Difficulty,
    /// Candidates made before this one was accepted (1 when the first one was).
    pub attempts: usize,
    /// Engine calls made in all.
    pub engine_calls: usize,
}

/// Why no level was generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The shape cannot be laid out.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// The blue ratio is outside what a playable level allows.
    #[error("a blue ratio of {}.{:03} is outside 0.100..=0.700 (try --blue 0.35)", .0 / 1000, .0 % 1000)]
    BlueRatio(u16),
    /// No candidate met the options.
    #[error(
        "no {target} level found after {attempts} candidates ({why}); try another seed, size or difficulty"
    )]
    Unsatisfiable {
        /// The requested target, as a word.
        target: &'static str,
        /// Candidates tried.
        attempts: usize,
        /// What went wrong most often.
        why: String,
    },
    /// The caller's cancel flag was set.
    #[error("cancelled")]
    Cancelled,
}

/// Candidates tried before giving up.
pub const MAX_ATTEMPTS: usize = 24;

/// Conflicts allowed to one SAT call of the engine. A candidate on which the engine
/// needs more is discarded. Deterministic, unlike a time limit.
pub const ENGINE_CONFLICTS: u64 = 20_000;

/// Generates a level, calling `progress` as the work goes on.
pub fn generate(
    options: &GenerateOptions,
    limits: &Limits,
    progress: &mut dyn FnMut(GenerateProgress),
) -> Result<Generated, GenerateError> {
    if !(100..=700).contains(&options.blue_per_mille) {
        return Err(GenerateError::BlueRatio(options.blue_per_mille));
    }
    let cells = options.shape.cells()?;
    let mut rng = Rng::from_seed_word(&options.seed);
    let mut engine = Engine::new(limits);
    let mut missed = [0usize; Grade::ALL.len()];
    let mut not_solvable = 0;
    for attempt in 1..=MAX_ATTEMPTS {
        let mut report = |phase| progress(GenerateProgress { attempt, phase });
        report(Phase::Revealing);
        let mut draft = Draft::new(&cells, options.blue_per_mille, &mut rng);
        let outcome = (|| {
            if !clues::reveal_until_solvable(&mut draft, &mut rng, &mut engine)?
                || !clues::reveal_until_easy_enough(&mut draft, options.target, &mut rng, &mut engine)?
            {
                return Ok(None);
            }
            prune::prune(
                &mut draft,
                options.target,
                &mut rng,
                &mut engine,
                &mut |done, total| {
                    progress(GenerateProgress {
                        attempt,
                        phase: Phase::Pruning { done, total },
                    })
                },
            )?;
            Ok(Some(engine.difficulty(&draft.level())?))
        })();
        match outcome {
            Err(Stop) => return Err(GenerateError::Cancelled),
            Ok(None) => not_solvable += 1,
            Ok(Some(None)) => not_solvable += 1,
            Ok(Some(Some(difficulty))) => {
                // A solvable level with explanations always has a grade.
                let got = difficulty.grade.unwrap_or(Grade::Hard);
                if got == options.target {
                    let mut level = draft.level();
                    level.title = format!(
                        "Generated: {}, seed {}",
                        options.shape.describe(),
                        options.seed.replace(['\n', '\r'], " ")
                    );
                    level.author = "hexcells generate".to_string();
                    level.custom_text = [
                        format!(
                            "{}, blue {}.{:03}",
                            options.target.name(),
                            options.blue_per_mille / 1000,
                            options.blue_per_mille % 1000
                        ),
                        String::new(),
                    ];
                    return Ok(Generated {
                        level,
                        difficulty,
                        attempts: attempt,
                        engine_calls: engine.calls,
                    });
                }
                missed[usize::from(got.number()) - 1] += 1;
                progress(GenerateProgress {
                    attempt,
                    phase: Phase::Missed(got),
                });
            }
        }
    }
    let why = if not_solvable * 2 > MAX_ATTEMPTS {
        "the engine could not solve the candidates within its budget".to_string()
    } else {
        let (most, _) = Grade::ALL
            .iter()
            .map(|g| (*g, missed[usize::from(g.number()) - 1]))
            .fold((Grade::Easy, 0), |best, g| if g.1 > best.1 { g } else { best });
        format!("they came out {} most often", most.name())
    };
    Err(GenerateError::Unsatisfiable {
        target: options.target.name(),
        attempts: MAX_ATTEMPTS,
        why,
    })
}

/// The caller's cancel flag was set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stop;

/// The engine with the generator's budget, counting calls.
struct Engine {
    budget: Budget,
    calls: usize,
    /// Whether judgements may run two at a time ([`Limits::one_core`] unset).
    side_by_side: bool,
    /// The grade's pair answers, shared by every grade of this run (its levels
    /// are versions of one level, a few clues apart) and by its forks.
    pair_answers: Arc<solve::PairAnswers>,
}

impl Engine {
    /// The engine with its conflict budget, stopped by `limits`' cancel flag.
    fn new(limits: &Limits) -> Engine {
        Engine {
            budget: Budget {
                cancel: limits.cancel.clone(),
                max_conflicts: Some(ENGINE_CONFLICTS),
                time_limit: None,
            },
            calls: 0,
            side_by_side: !limits.one_core
                && std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2),
            pair_answers: Arc::default(),
        }
    }

    /// Another engine with the same budget and cancel flag, for another thread; its
    /// calls are added back by the caller.
    fn fork(&self) -> Engine {
        Engine {
            budget: self.budget.clone(),
            calls: 0,
            side_by_side: false,
            pair_answers: Arc::clone(&self.pair_answers),
        }
    }

    /// The fast verdict: `Ok(true)` when solvable, `Ok(false)` when stuck or when the
    /// engine needs more than its conflict budget. The stuck cells come back too.
    fn verdict(&mut self, level: &Level) -> Result<(bool, Vec<crate::model::Pos>), Stop> {
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
    /// solvable in budget; the run starts after `first_rounds`, which the level
    /// shares with one judged before ([`solve::verdict_and_grade_from`]).
    fn check(
        &mut self,
        level: &Level,
        first_rounds: &[solve::Deduction],
        graded: bool,
    ) -> Result<Option<solve::Report>, Stop> {
        self.calls += 1;
        let answers = Some(&*self.pair_answers);
        let report = solve::verdict_and_grade_from(level, &self.budget, answers, first_rounds, graded);
        match report.verdict {
            Verdict::Solvable => Ok(Some(report)),
            Verdict::Stuck { .. } | Verdict::GaveUp => Ok(None),
            Verdict::Cancelled => Err(Stop),
        }
    }

    /// The difficulty summary, or `None` when the level is not solvable in budget.
    fn difficulty(&mut self, level: &Level) -> Result<Option<Difficulty>, Stop> {
        Ok(self.analyze(level)?.map(|r| r.difficulty))
    }

    /// The full analysis (each explanation's clues and rule, no words), or `None`
    /// when the level is not solvable in budget.
    fn analyze(&mut self, level: &Level) -> Result<Option<solve::Report>, Stop> {
        self.calls += 1;
        let report = solve::analyze_without_words(level, &self.budget);
        match report.verdict {
            Verdict::Solvable => Ok(Some(report)),
            Verdict::Stuck { .. } | Verdict::GaveUp => Ok(None),
            Verdict::Cancelled => Err(Stop),
        }
    }
}

/// The special hint a clue with `count` blue members out of `n_members` may show,
/// given whether they are together; `None` when `{n}`/`-n-` would say nothing.
fn special_hint(count: usize, n_members: usize, together: Option<bool>) -> Option<Hint> {
    if count < 2 || count >= n_members {
        return None;
    }
    match together? {
        true => Some(Hint::Together),
        false => Some(Hint::Apart),
    }
}
