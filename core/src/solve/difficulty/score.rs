//! The difficulty model: a score for the replay's steps, the grade it falls in, the
//! order of levels by difficulty, and the reasons, in words, that weigh most in it.
//!
//! Authors name a level's difficulty by its hard steps: on the levels whose authors
//! gave them a difficulty, neither the length of the solve (the steps that finish
//! a clue, see a clue's shape or a subset) nor how few cells are open at a step
//! told their words apart better than chance, so the score leaves them out. It
//! counts the steps of effort `HARD_FROM` (an overlap, a sum over few clues) or
//! more, each of one more effort `EFFORT_BASE` times heavier:
//!
//! ```text
//! score = sum over the steps of effort >= HARD_FROM of EFFORT_BASE ^ (effort - HARD_FROM)
//! ```
//!
//! The grades are bands of the score that start at `BANDS` (easy below the first).
//! Levels are ordered by an [`OrderKey`]: the score, then, among levels whose
//! score ties (most easy levels score 0), a tie-break ([`TieBreak`]) from what the
//! score leaves out: the lesser steps, below `HARD_FROM`. The tie-break orders only
//! levels of equal score, so it never moves a grade. Added to the score, the solve's
//! length misled across authors; as a tie-break it orders one author's levels of
//! equal score as their words do.
//!
//! These numbers ([`GradeModel`]) are the model's only tuned ones; they were fitted
//! on the levels whose authors gave them a difficulty, and `docs/rules.md` gives
//! the fit and its figures, which `cargo bench -p hexcells-core --bench solve`
//! prints again: first with every choice of the fit (these parts, then the bands)
//! made without the author whose levels it grades, the figure to expect on a new
//! author's levels, which misses the goals of issue 50; then with these parts
//! fixed, which were picked on the labels and so flatter them. The tie-break was
//! chosen the same way, without the author whose levels it orders (issue 57).

use crate::solve::report::{Grade, OrderKey, ReplayStep as Step};
use crate::solve::rules::Rule;

/// The difficulty model's numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GradeModel {
    /// `HARD_FROM`: the least effort of a step the score counts.
    pub hard_from: u8,
    /// `EFFORT_BASE`: how much heavier a counted step of one more effort weighs (a
    /// step of effort 5 weighs `effort_base^2` steps of effort 3). Powers of 1.5 and
    /// their sums are exact in binary floating point, so a grade (and a generated
    /// level, which aims at one) is the same on every machine.
    pub effort_base: f64,
    /// `BANDS`: the scores from which a level is easy-medium, medium, medium-hard
    /// and hard.
    pub bands: [f64; 4],
    /// What orders levels of equal score.
    pub tie_break: TieBreak,
}

/// What orders the levels whose score ties: a weighted count of what the score leaves
/// out. Each part counts, for a level, one of: the replay's steps below `hard_from`
/// (by effort), its steps that were the only way on (a single cell open), its rounds,
/// and all its steps (the solve's length).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TieBreak {
    /// Per effort, 1 to 5: what a step weighs that the score leaves out (below
    /// `hard_from`; a step the score counts weighs nothing here).
    pub lesser: [f64; 5],
    /// What a step weighs that was the only way on.
    pub lone: f64,
    /// What a round of the replay weighs.
    pub rounds: f64,
    /// What any step weighs.
    pub length: f64,
}

impl GradeModel {
    /// The numbers every grade uses (their fit is in `docs/rules.md`).
    pub const TUNED: GradeModel = GradeModel {
        hard_from: 3,
        effort_base: 1.5,
        bands: [0.5, 1.25, 6.0, 16.5],
        tie_break: TieBreak {
            lesser: [1.0; 5],
            lone: 0.0,
            rounds: 0.0,
            length: 0.0,
        },
    };

    /// The score of a replay's `steps`: what each weighs, summed.
    pub fn score(&self, steps: &[Step]) -> f64 {
        steps.iter().map(|step| self.cost(step)).sum()
    }

    /// What one step weighs: nothing below `hard_from`, else by its effort.
    fn cost(&self, step: &Step) -> f64 {
        if step.effort < self.hard_from {
            return 0.0;
        }
        let mut weight = 1.0;
        for _ in self.hard_from..step.effort {
            weight *= self.effort_base;
        }
        weight
    }

    /// The order key of a replay's `steps`: their score, then their tie-break.
    pub fn order_key(&self, steps: &[Step]) -> OrderKey {
        OrderKey {
            score: self.score(steps),
            tie_break: self.tie_break(steps),
        }
    }

    /// The tie-break of a replay's `steps`: what the score leaves out, weighed by
    /// [`TieBreak`].
    pub fn tie_break(&self, steps: &[Step]) -> f64 {
        let t = &self.tie_break;
        let lesser: f64 = steps
            .iter()
            .filter(|s| s.effort < self.hard_from)
            .map(|s| t.lesser[usize::from(s.effort.clamp(1, 5)) - 1])
            .sum();
        let lone = steps.iter().filter(|s| s.open == 1).count() as f64;
        let rounds = steps.iter().map(|s| s.round).max().unwrap_or(0) as f64;
        lesser + t.lone * lone + t.rounds * rounds + t.length * steps.len() as f64
    }

    /// The grade whose band holds `score`.
    pub fn grade(&self, score: f64) -> Grade {
        let n_above = self.bands.iter().filter(|from| score >= **from).count();
        Grade::ALL[n_above]
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
    fn only_hard_steps_weigh_and_a_harder_one_weighs_more() {
        let easy = step(1, None, 16, 16);
        assert_eq!(MODEL.cost(&easy), 0.0);
        assert_eq!(MODEL.cost(&step(2, Some((Rule::Subset, 2)), 16, 1)), 0.0);
        let overlap = step(3, Some((Rule::Overlap, 2)), 16, 16);
        assert_eq!(MODEL.cost(&overlap), 1.0);
        assert_eq!(
            MODEL.cost(&step(3, None, 16, 1)),
            1.0,
            "how few cells are open does not count"
        );
        assert!(MODEL.cost(&step(5, None, 16, 1)) > MODEL.cost(&step(4, None, 16, 1)));
        assert_eq!(MODEL.score(&[easy, overlap, overlap]), 2.0);
    }

    #[test]
    fn levels_of_equal_score_are_ordered_by_what_the_score_leaves_out() {
        let overlap = step(3, Some((Rule::Overlap, 2)), 16, 16);
        let subset = step(2, Some((Rule::Subset, 2)), 16, 1);
        let finish = step(1, None, 16, 4);
        let short = [finish, overlap];
        let long = [finish, subset, finish, overlap];
        assert_eq!(MODEL.score(&short), MODEL.score(&long));
        assert_eq!((MODEL.tie_break(&short), MODEL.tie_break(&long)), (1.0, 3.0));
        assert!(MODEL.order_key(&short) < MODEL.order_key(&long));
        // The score comes first: one more overlap is harder however long the rest.
        let harder = [overlap, overlap];
        assert!(MODEL.order_key(&long) < MODEL.order_key(&harder));
        assert_eq!(MODEL.tie_break(&harder), 0.0);
        // The tie-break never moves a grade: the grade is the score's band alone.
        assert_eq!(
            MODEL.grade(MODEL.order_key(&short).score),
            MODEL.grade(MODEL.order_key(&long).score)
        );
        // The parts a fit may weigh instead: steps that were the only way on, the
        // rounds, the length.
        let by = |lone: f64, rounds: f64, length: f64| GradeModel {
            tie_break: TieBreak {
                lesser: [0.0; 5],
                lone,
                rounds,
                length,
            },
            ..MODEL
        };
        assert_eq!(by(1.0, 0.0, 0.0).tie_break(&long), 1.0);
        assert_eq!(by(0.0, 1.0, 0.0).tie_break(&long), 1.0);
        assert_eq!(by(0.0, 0.0, 1.0).tie_break(&long), 4.0);
    }

    #[test]
    fn grades_are_bands_of_the_score() {
        let [em, m, mh, h] = MODEL.bands;
        assert!(em > 0.0 && em < m && m < mh && mh < h);
        assert_eq!(MODEL.grade(0.0), Grade::Easy);
        assert_eq!(MODEL.grade(em - 0.01), Grade::Easy);
        assert_eq!(MODEL.grade(em), Grade::EasyMedium);
        assert_eq!(MODEL.grade(m), Grade::Medium);
        assert_eq!(MODEL.grade(mh), Grade::MediumHard);
        assert_eq!(MODEL.grade(h), Grade::Hard);
        assert_eq!(MODEL.grade(f64::MAX), Grade::Hard);
    }

    #[test]
    fn each_grade_says_the_band_of_the_score_it_holds() {
        let mut from = 0.0;
        for (k, g) in Grade::ALL.into_iter().enumerate() {
            let band = match MODEL.bands.get(k) {
                None => format!("score {from} or more:"),
                Some(to) if k == 0 => format!("score under {to}:"),
                Some(to) => format!("score {from} to {to}:"),
            };
            assert!(
                g.definition().starts_with(&band),
                "{} is not {band}",
                g.definition()
            );
            assert_eq!(MODEL.grade(from), g);
            from = MODEL.bands.get(k).copied().unwrap_or(from);
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
