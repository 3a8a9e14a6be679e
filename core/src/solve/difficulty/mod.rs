//! How hard a level is for a player: the difficulty summary, its score and grade,
//! and the reasons for the grade.
//!
//! May import: the engine's ground, `rules/`, `report.rs`, `explain/` (the replay
//! asks for explanations again) and the SAT backend's name.
//!
//! `replay.rs` plays the engine's solution again as a player who takes the easiest
//! step there is, step by step; `score.rs` turns those steps into a score (the hard
//! steps, each weighed by its effort), the grade and its reasons. `docs/rules.md` has the model and its numbers.

mod replay;
mod score;

pub use score::GradeModel;

use crate::solve::budget::{Clock, Stop};
use crate::solve::puzzle::{Puzzle, Values};
use crate::solve::reason::sat::SatBackend;
use crate::solve::report::{ClueRef, Deduction, Difficulty};
use crate::solve::rules::{PairAnswers, Rule};

/// How the replay asks the engine for a harder explanation.
pub(crate) struct ReplayEngine<'c> {
    pub(crate) backend: SatBackend,
    pub(crate) clock: &'c Clock,
    /// Whether the deductions carry their explanations; when not, the replay works
    /// out those of a round when it first falls back on it.
    pub(crate) explained: bool,
    /// Pair answers lent by the caller, kept across levels.
    pub(crate) pair_answers: Option<&'c PairAnswers>,
}

/// The summary of a solution: `deductions` in order from the cells `initial`
/// uncovered; graded (a replay) when `engine` is given, for a solvable level.
/// Fails only when the replay works out explanations itself and the clock stops it.
pub(crate) fn summarise(
    puzzle: &Puzzle,
    initial: &Values,
    deductions: &[Deduction],
    engine: Option<ReplayEngine<'_>>,
) -> Result<Difficulty, Stop> {
    let mut difficulty = Difficulty {
        rounds: deductions.last().map_or(0, |d| d.round),
        largest_explanation: deductions
            .iter()
            .map(|d| d.explanation.clues.len())
            .max()
            .unwrap_or(0),
        counter_uses: deductions
            .iter()
            .filter(|d| d.explanation.clues.contains(&ClueRef::RemainingCounter))
            .count(),
        ..Difficulty::default()
    };
    let mut per_round = vec![0; difficulty.rounds + 1];
    for d in deductions {
        per_round[d.round] += 1;
    }
    difficulty.narrowest_round = per_round
        .iter()
        .skip(1)
        .copied()
        .filter(|&n| n > 0)
        .min()
        .unwrap_or(0);
    for d in deductions {
        if let Some(rule) = d.explanation.rule {
            if let Some(k) = Rule::ALL.iter().position(|r| *r == rule) {
                difficulty.rule_counts[k] += 1;
            }
        }
    }
    if let Some(engine) = engine {
        let steps = replay::replay(puzzle, initial, deductions, &engine)?;
        for step in &steps {
            difficulty.steps_by_effort[usize::from(step.effort) - 1] += 1;
        }
        let model = GradeModel::TUNED;
        let score = model.score(&steps);
        difficulty.score = Some(score.round() as u32);
        difficulty.grade = Some(model.grade(score));
        difficulty.reasons = score::reasons(&steps);
        difficulty.steps = steps;
    }
    Ok(difficulty)
}
