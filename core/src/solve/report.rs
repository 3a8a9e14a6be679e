//! What the engine answers: a [`Report`] per level, its [`Verdict`], for every
//! uncovered cell a [`Deduction`] with its [`Explanation`] (the [`ClueRef`]s it reads,
//! the kind of [`Reasoning`], the named [`Rule`]), and the level's [`Difficulty`] with
//! its [`Grade`] and [`OrderKey`]. Plain data, for every caller.

use std::cmp::Ordering;

use crate::model::{Color, Pos};
use crate::solve::rules::Rule;

/// The engine's answer for one level.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Solvable, stuck, or why there is no answer.
    pub verdict: Verdict,
    /// Every uncovered cell, in the order it was uncovered (round by round).
    pub deductions: Vec<Deduction>,
    /// Cells that stay hidden (empty when solvable).
    pub stuck: Vec<Pos>,
    /// How hard the level is for a player.
    pub difficulty: Difficulty,
}

/// Whether a perfect player uncovers every cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every cell gets uncovered.
    Solvable,
    /// Progress stops: after round `after_round` no hidden cell is deducible.
    Stuck {
        /// The last round that uncovered a cell (0 when none could be uncovered).
        after_round: usize,
    },
    /// The budget ran out before an answer.
    GaveUp,
    /// The caller's cancel flag was set.
    Cancelled,
}

/// One cell uncovered by the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduction {
    /// The cell.
    pub pos: Pos,
    /// Its colour (always its solution colour).
    pub color: Color,
    /// The round it is uncovered in, from 1.
    pub round: usize,
    /// Why it is forced (may be empty from [`verdict`](crate::solve::verdict)).
    pub explanation: Explanation,
}

/// A set of visible clues that together force a cell, and the rule that reads them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Explanation {
    /// The clues used; no clue can be dropped when `minimal`.
    pub clues: Vec<ClueRef>,
    /// What kind of reasoning was needed.
    pub reasoning: Reasoning,
    /// Whether every clue was shown to be needed (false when the budget cut the
    /// check short: the clues still force the cell).
    pub minimal: bool,
    /// The most specific named rule that proves the cell with these clues
    /// ([`Rule::Contradiction`] when no other does); `None` without explanations.
    pub rule: Option<Rule>,
    /// The deduction in words, with the values the player sees:
    /// `S13 = 0 has its 0 blue`, `if Q19 were black, R16 = 2 could get at most 1 blue`.
    pub text: String,
}

/// A visible clue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ClueRef {
    /// A revealed cell's number, or a column number, at that position.
    Clue(Pos),
    /// The remaining-blue counter.
    RemainingCounter,
}

/// What kind of reasoning an explanation needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Reasoning {
    /// One clue alone forces the cell.
    #[default]
    SingleClue,
    /// Several clues together force it.
    SeveralClues,
    /// The remaining-blue counter is needed.
    RemainingCounter,
}

impl Reasoning {
    /// The kind of reasoning behind `clues`.
    pub(crate) fn of(clues: &[ClueRef]) -> Reasoning {
        if clues.contains(&ClueRef::RemainingCounter) {
            Reasoning::RemainingCounter
        } else if clues.len() == 1 {
            Reasoning::SingleClue
        } else {
            Reasoning::SeveralClues
        }
    }
}

impl Report {
    /// The deduction that uncovered `pos`, if any.
    pub fn deduction_at(&self, pos: Pos) -> Option<&Deduction> {
        self.deductions.iter().find(|d| d.pos == pos)
    }

    /// Rounds that uncovered at least one cell.
    pub fn rounds(&self) -> usize {
        self.difficulty.rounds
    }
}

/// A difficulty summary.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Difficulty {
    /// Rounds that uncovered at least one cell.
    pub rounds: usize,
    /// Clues in the largest explanation.
    pub largest_explanation: usize,
    /// Deductions that needed the remaining counter.
    pub counter_uses: usize,
    /// The grade; `None` when the level is not solvable or explanations were not
    /// asked for.
    pub grade: Option<Grade>,
    /// The grade's measure: the replay's hard steps (an overlap or harder), each
    /// weighed by its effort (`docs/rules.md`); `None` when the level has no grade.
    /// A sum of powers of 1.5, exact in floating point.
    pub score: Option<f64>,
    /// Where the level stands among others by difficulty: the score, then what
    /// orders levels of equal score; `None` when the level has no grade.
    pub order: Option<OrderKey>,
    /// What weighs most in the score, in words, the heaviest first: `3 steps need a
    /// sum over up to 6 clues`, `4 times a single cell is the only way on (first in
    /// round 3)`, `52 steps`. Empty when the level has no grade.
    pub reasons: Vec<String>,
    /// Steps of the easiest-first replay at each effort, from 1 to 5 (index 0 to 4).
    pub steps_by_effort: [usize; 5],
    /// The easiest-first replay's steps, which the score reads (empty when the
    /// level has no grade).
    pub steps: Vec<ReplayStep>,
    /// Deductions of the solution that each rule explains, in [`Rule::ALL`] order.
    pub rule_counts: [usize; Rule::ALL.len()],
    /// Cells uncovered by the round that uncovers the fewest (0 without rounds).
    pub narrowest_round: usize,
}

impl Difficulty {
    /// The grade with its reasons, as the tools print it: `hard (5 of 5): 4 steps
    /// need a what-if over up to 5 clues; 3 times a single cell is the only way on
    /// (first in round 2); 61 steps`; `None` without a grade.
    pub fn describe(&self) -> Option<String> {
        let grade = self.grade?;
        let mut text = format!("{} ({} of 5)", grade.name(), grade.number());
        if !self.reasons.is_empty() {
            text.push_str(": ");
            text.push_str(&self.reasons.join("; "));
        }
        Some(text)
    }
}

/// Where a level stands among others by difficulty: its score first, then its
/// tie-break. Compared as numbers (a lesser key is easier); the grade is the score's
/// alone ([`GradeModel`](crate::solve::GradeModel) computes both).
#[derive(Clone, Copy, Debug)]
pub struct OrderKey {
    /// The score the grade is a band of.
    pub score: f64,
    /// What orders levels of equal score.
    pub tie_break: f64,
}

impl Ord for OrderKey {
    fn cmp(&self, other: &OrderKey) -> Ordering {
        self.score
            .total_cmp(&other.score)
            .then(self.tie_break.total_cmp(&other.tie_break))
    }
}

impl PartialOrd for OrderKey {
    fn partial_cmp(&self, other: &OrderKey) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for OrderKey {
    fn eq(&self, other: &OrderKey) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for OrderKey {}

/// One step of the easiest-first replay behind the grade: what a player who takes
/// the easiest deduction there is uncovers after one look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayStep {
    /// The effort of the step's rule, from 1 (a clue finished) to 5.
    pub effort: u8,
    /// The rule of the step, `None` for a clue finished or the counter alone.
    pub rule: Option<Rule>,
    /// The clues the rule reads (the counter counts as one).
    pub n_clues: usize,
    /// Hidden cells when the step starts.
    pub hidden: usize,
    /// Cells the player could uncover at the step's effort (1 when the step is the
    /// only way on).
    pub open: usize,
    /// The engine's round of the step's cells.
    pub round: usize,
}

/// The five difficulty grades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Grade {
    /// 1: no step harder than a subset.
    Easy = 1,
    /// 2: one overlap or sum over few clues.
    EasyMedium = 2,
    /// 3: a few overlaps, or a sum or what-if.
    Medium = 3,
    /// 4: many overlaps, or several sums or what-ifs.
    MediumHard = 4,
    /// 5: hard steps all through the solve.
    Hard = 5,
}

impl Grade {
    /// Every grade, easiest first.
    pub const ALL: [Grade; 5] = [
        Grade::Easy,
        Grade::EasyMedium,
        Grade::Medium,
        Grade::MediumHard,
        Grade::Hard,
    ];

    /// 1 to 5.
    pub fn number(self) -> u8 {
        self as u8
    }

    /// `easy`, `easy-medium`, `medium`, `medium-hard` or `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::EasyMedium => "easy-medium",
            Grade::Medium => "medium",
            Grade::MediumHard => "medium-hard",
            Grade::Hard => "hard",
        }
    }

    /// What the grade means, in the words of `hexcells generate --help`,
    /// `docs/record-notation.md` and `docs/rules.md`: its band of the score
    /// ([`GradeModel::TUNED`](crate::solve::GradeModel::TUNED)) and what such a
    /// level is like.
    pub fn definition(self) -> &'static str {
        match self {
            Grade::Easy => {
                "score under 0.5: every step finishes a clue or uses a clue's shape, a subset or the counter"
            }
            Grade::EasyMedium => "score 0.5 to 1.25: one step needs an overlap or a sum over few clues",
            Grade::Medium => "score 1.25 to 6: a few steps need an overlap, a sum or a what-if",
            Grade::MediumHard => "score 6 to 16.5: many overlaps, or several sums or what-ifs",
            Grade::Hard => "score 16.5 or more: hard steps all through the solve",
        }
    }

    /// The grade with this name.
    pub fn from_name(name: &str) -> Option<Grade> {
        Grade::ALL.into_iter().find(|g| g.name() == name)
    }
}
