//! The difficulty grade as `check` and `solve` print it: `difficulty medium (3 of
//! 5): 3 steps need an overlap; 26 steps` in text, and the `"difficulty"` object of
//! their `--json` output.

use std::collections::BTreeMap;

use hexcells_core::solve::{Difficulty, Rule};
use serde::Serialize;

/// The `"difficulty"` object of `check --json` and `solve --json`.
#[derive(Serialize)]
pub struct JsonDifficulty {
    /// 1 (easy) to 5 (hard); `null` for a stuck level, one the engine gave up on,
    /// or without explanations (`check --fast`).
    grade: Option<u8>,
    /// `easy`, `easy-medium`, `medium`, `medium-hard` or `hard`; `null` with `grade`.
    name: Option<&'static str>,
    /// The score the grade is a band of, with its fraction (docs/rules.md); `null`
    /// with `grade`.
    score: Option<f64>,
    /// Where the level stands among others by difficulty: `[score, tie-break]`,
    /// compared in turn (the tie-break orders levels of equal score); `null` with
    /// `grade`.
    order_key: Option<[f64; 2]>,
    /// What weighs most in the score, heaviest first; empty without a grade.
    reasons: Vec<String>,
    /// Steps of the easiest-first replay at each effort, 1 to 5.
    steps_by_effort: [usize; 5],
    /// Deductions of the solution per rule id (rules that explain none left out).
    rules: BTreeMap<&'static str, usize>,
    /// Clues in the largest explanation.
    largest_explanation: usize,
    /// Deductions that needed the remaining-blue counter.
    counter_uses: usize,
    /// Cells uncovered by the round that uncovers the fewest.
    narrowest_round: usize,
}

impl JsonDifficulty {
    /// The object for `difficulty`.
    pub fn new(difficulty: &Difficulty) -> JsonDifficulty {
        JsonDifficulty {
            grade: difficulty.grade.map(|g| g.number()),
            name: difficulty.grade.map(|g| g.name()),
            score: difficulty.score,
            order_key: difficulty.order.map(|k| [k.score, k.tie_break]),
            reasons: difficulty.reasons.clone(),
            steps_by_effort: difficulty.steps_by_effort,
            rules: Rule::ALL
                .iter()
                .zip(difficulty.rule_counts)
                .filter(|(_, n)| *n > 0)
                .map(|(r, n)| (r.id(), n))
                .collect(),
            largest_explanation: difficulty.largest_explanation,
            counter_uses: difficulty.counter_uses,
            narrowest_round: difficulty.narrowest_round,
        }
    }
}

/// `difficulty medium (3 of 5): 3 steps need an overlap; 26 steps`, or `None`
/// without a grade.
pub fn describe(difficulty: &Difficulty) -> Option<String> {
    Some(format!("difficulty {}", difficulty.describe()?))
}
