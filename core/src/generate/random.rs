//! The `generate` entry: a level from a shape and a seed word.
//!
//! [`generate`] lays out a [`Shape`], colours its cells, gives every cell and line
//! the clue it could show, reveals cells until the engine says `solvable`, then
//! removes every clue and revealed cell the level does not need (it stays
//! solvable, so the level is lean) and checks the engine's difficulty grade
//! ([`Grade`], see docs/rules.md) against the one requested. When a candidate
//! misses, the next one is drawn.

use crate::model::Level;
use crate::solve::{Difficulty, Grade};

use super::clues::{self, Draft};
use super::engine::{Engine, Limits, Stop};
use super::progress::{GenerateProgress, Phase};
use super::prune;
use super::rng::Rng;
use super::shape::{Shape, ShapeError};

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

/// A generated level and what the engine says of it.
#[derive(Clone, Debug, PartialEq)]
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
