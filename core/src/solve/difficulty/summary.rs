//! The difficulty summary of a solution: counts read off its deductions, and the
//! grade of the easiest-first replay (`replay.rs`) scored by the model (`score.rs`).

use super::replay::{self, ReplayEngine};
use super::resume::ReplayRecord;
use super::score::{self, GradeModel};
use crate::model::Pos;
use crate::solve::budget::Stop;
use crate::solve::puzzle::{Puzzle, Values};
use crate::solve::report::{ClueRef, Deduction, Difficulty};
use crate::solve::rules::Rule;

/// The summary of a solution: `deductions` in order from the cells `initial`
/// uncovered; graded (a replay) when `engine` is given, for a solvable level, with
/// where the clues the replay cites are shown, in grid order (none without a replay),
/// and the replay's record. Fails only when the replay works out explanations
/// itself and the clock stops it.
pub(crate) fn summarise(
    puzzle: &Puzzle,
    initial: &Values,
    deductions: &[Deduction],
    engine: Option<ReplayEngine<'_>>,
) -> Result<(Difficulty, Vec<Pos>, Option<ReplayRecord>), Stop> {
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
    let mut cited = Vec::new();
    let mut record = None;
    if let Some(engine) = engine {
        let replay::Replay {
            steps,
            cited: read,
            record: recorded,
        } = replay::replay(puzzle, initial, deductions, &engine)?;
        cited = read;
        record = Some(recorded);
        for step in &steps {
            difficulty.steps_by_effort[usize::from(step.effort) - 1] += 1;
        }
        let model = GradeModel::TUNED;
        let order = model.order_key(&steps);
        difficulty.score = Some(order.score);
        difficulty.order = Some(order);
        difficulty.grade = Some(model.grade(order.score));
        difficulty.reasons = score::reasons(&steps);
        difficulty.steps = steps;
    }
    Ok((difficulty, cited, record))
}
