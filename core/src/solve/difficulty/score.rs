//! The difficulty model: a score for the replay's steps, the grade it falls in, and
//! the reasons, in words, that weigh most in it.
//!
//! A level takes a player the longer, the more steps it has, the harder each step
//! (the effort of its rule: the technique, as Sudoku Explainer and HoDoKu rate
//! them), and the harder each step is to find: with many cells open a player soon
//! sees one, with a single way on they must search the whole board (Pelánek's
//! finding for Sudoku, that how the steps depend on each other matters as much as
//! how complex each one is). Each step costs
//!
//! ```text
//! EFFORT_BASE ^ (effort - 1)  x  (hidden cells / cells open at that effort) ^ SEARCH_POWER
//! ```
//!
//! and the score is their sum. The grades are bands of the score, each
//! `GRADE_RATIO` times wider than the one below, from `FIRST_GRADE_AT`. These four
//! numbers ([`GradeModel`]) are the model's only tuned ones; `docs/rules.md` gives
//! each its reason, and `cargo bench -p hexcells-core --bench solve` how the grades
//! rank the levels whose titles name a difficulty (with the leave-one-out figure).

use crate::solve::report::{Grade, ReplayStep as Step};
use crate::solve::rules::Rule;

/// The difficulty model's four numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GradeModel {
    /// `EFFORT_BASE`: how much longer a step of one more effort takes (a step of
    /// effort 5 costs `effort_base^4` steps of effort 1).
    pub effort_base: f64,
    /// `SEARCH_POWER`, in quarters: how the search for a step grows with the hidden
    /// cells per open one (0: finding a step is free; 4: proportional to the cells
    /// looked at). Quarters keep the score to square roots, products and sums,
    /// which every machine rounds alike, so a grade (and a generated level, which
    /// aims at one) is the same everywhere.
    pub search_quarters: u8,
    /// `FIRST_GRADE_AT`: the score from which a level is no longer easy.
    pub first_grade_at: f64,
    /// `GRADE_RATIO`: how many times higher each further grade starts.
    pub grade_ratio: f64,
}

impl GradeModel {
    /// The numbers every grade uses (their reasons are in `docs/rules.md`).
    pub const TUNED: GradeModel = GradeModel {
        effort_base: 2.0,
        search_quarters: 1,
        first_grade_at: 6.0,
        grade_ratio: 3.0,
    };

    /// The score of a replay's `steps`: what each costs a player, summed.
    pub fn score(&self, steps: &[Step]) -> f64 {
        steps.iter().map(|step| self.cost(step)).sum()
    }

    /// What one step costs a player: its effort, and how hard it is to find.
    fn cost(&self, step: &Step) -> f64 {
        let mut effort = 1.0;
        for _ in 1..step.effort {
            effort *= self.effort_base;
        }
        let fourth_root = (step.hidden as f64 / step.open.max(1) as f64)
            .max(1.0)
            .sqrt()
            .sqrt();
        let mut search = 1.0;
        for _ in 0..self.search_quarters {
            search *= fourth_root;
        }
        effort * search
    }

    /// The grade whose band holds `score`.
    pub fn grade(&self, score: f64) -> Grade {
        let mut from = self.first_grade_at;
        let mut grade = 0;
        while grade < 4 && score >= from {
            grade += 1;
            from *= self.grade_ratio;
        }
        Grade::ALL[grade]
    }
}

/// What weighs most in the score, in words: the hardest steps, the steps that were
/// the only way on, and the length when it is long.
pub(super) fn reasons(steps: &[Step]) -> Vec<String> {
    let mut out = Vec::new();
    let Some(top) = steps.iter().map(|s| s.effort).max() else {
        return out;
    };
    out.push(hardest(steps, top));
    let lone: Vec<&Step> = steps.iter().filter(|s| s.open == 1 && s.effort >= 2).collect();
    if let Some(first) = lone.first() {
        out.push(match lone.len() {
            1 => format!("once a single cell is the only way on (round {})", first.round),
            n => format!(
                "{n} times a single cell is the only way on (first in round {})",
                first.round
            ),
        });
    }
    out.push(match steps.len() {
        1 => "1 step".to_string(),
        n => format!("{n} steps"),
    });
    out
}

/// The steps of the hardest effort `top`, in words: `3 steps need a sum over up to 6
/// clues`.
fn hardest(steps: &[Step], top: u8) -> String {
    let at_top: Vec<&Step> = steps.iter().filter(|s| s.effort == top).collect();
    let n = at_top.len();
    let need = if n == 1 {
        "1 step needs".to_string()
    } else {
        format!("{n} steps need")
    };
    let mut rules: Vec<Rule> = at_top.iter().filter_map(|s| s.rule).collect();
    rules.sort_unstable();
    rules.dedup();
    if rules.is_empty() {
        return "every step finishes a clue or reads the counter alone".to_string();
    }
    let most_clues = at_top.iter().map(|s| s.n_clues).max().unwrap_or(0);
    let fewest_clues = at_top.iter().map(|s| s.n_clues).min().unwrap_or(0);
    let clues = match (fewest_clues, most_clues) {
        (_, 0) => String::new(),
        (a, b) if a == b => format!(" over {b} clues"),
        (_, b) => format!(" over up to {b} clues"),
    };
    let names: Vec<&str> = rules.iter().map(|r| technique(*r)).collect();
    let techniques = match names.as_slice() {
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
        [] => String::new(),
    };
    if most_clues <= 1 || matches!(rules.as_slice(), [Rule::Together | Rule::Apart]) {
        return format!("{need} {techniques}");
    }
    format!("{need} {techniques}{clues}")
}

/// A rule as a technique a player uses: `a subset`, `a what-if`.
fn technique(rule: Rule) -> &'static str {
    match rule {
        Rule::FinishBlack | Rule::FinishBlue => "a clue finished",
        Rule::Together | Rule::Apart => "a clue's shape",
        Rule::Subset => "a subset",
        Rule::Overlap => "an overlap",
        Rule::ShapeOverlap => "a shape and an overlap",
        Rule::Remaining => "the counter",
        Rule::Sum => "a sum",
        Rule::Chain => "a chain",
        Rule::WhatIf => "a what-if",
        Rule::Contradiction => "a contradiction",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MODEL: GradeModel = GradeModel::TUNED;

    fn step(effort: u8, rule: Option<(Rule, usize)>, hidden: usize, open: usize) -> Step {
        Step {
            effort,
            rule: rule.map(|r| r.0),
            n_clues: rule.map_or(1, |r| r.1),
            hidden,
            open,
            round: 1,
        }
    }

    #[test]
    fn a_step_costs_more_when_harder_and_when_fewer_cells_are_open() {
        let easy = step(1, None, 16, 16);
        assert_eq!(MODEL.cost(&easy), 1.0);
        assert!(MODEL.cost(&step(2, None, 16, 16)) > MODEL.cost(&easy));
        assert!(MODEL.cost(&step(1, None, 16, 1)) > MODEL.cost(&easy));
        assert!(MODEL.cost(&step(5, None, 16, 1)) > MODEL.cost(&step(4, None, 16, 1)));
        assert_eq!(MODEL.score(&[easy, easy]), 2.0);
    }

    #[test]
    fn grades_are_bands_of_the_score_each_wider_than_the_last() {
        let (first, ratio) = (MODEL.first_grade_at, MODEL.grade_ratio);
        assert_eq!(MODEL.grade(0.0), Grade::Easy);
        assert_eq!(MODEL.grade(first - 0.1), Grade::Easy);
        assert_eq!(MODEL.grade(first), Grade::EasyMedium);
        assert_eq!(MODEL.grade(first * ratio), Grade::Medium);
        assert_eq!(MODEL.grade(first * ratio.powi(2)), Grade::MediumHard);
        assert_eq!(MODEL.grade(first * ratio.powi(3)), Grade::Hard);
        assert_eq!(MODEL.grade(f64::MAX), Grade::Hard);
    }

    #[test]
    fn each_grade_says_the_band_of_the_score_it_holds() {
        let mut from = 0.0;
        for g in Grade::ALL {
            let to = if from == 0.0 {
                MODEL.first_grade_at
            } else {
                from * MODEL.grade_ratio
            };
            let band = match g {
                Grade::Easy => format!("score under {to}:"),
                Grade::Hard => format!("score {from} or more:"),
                _ => format!("score {from} to {to}:"),
            };
            assert!(
                g.definition().starts_with(&band),
                "{} is not {band}",
                g.definition()
            );
            assert_eq!(MODEL.grade(from), g);
            from = to;
        }
    }

    #[test]
    fn the_reasons_name_the_hardest_steps_the_lone_ways_on_and_the_length() {
        let steps = [
            step(1, None, 20, 4),
            step(4, Some((Rule::WhatIf, 3)), 16, 1),
            step(1, None, 15, 3),
            step(4, Some((Rule::Sum, 4)), 12, 2),
        ];
        assert_eq!(
            reasons(&steps),
            [
                "2 steps need a sum or a what-if over up to 4 clues",
                "once a single cell is the only way on (round 1)",
                "4 steps",
            ]
        );
        assert_eq!(
            reasons(&[step(1, None, 3, 3)]),
            ["every step finishes a clue or reads the counter alone", "1 step"]
        );
    }
}
