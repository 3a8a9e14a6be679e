//! How hard a level is for a player: the difficulty summary and its grade.
//!
//! The grade replays the engine's solution as a player who always takes the
//! easiest deduction there is: at each step, every cell the named rules of the
//! lowest effort settle is uncovered at once; only when no named rule settles a
//! cell does the player fall back on the engine's harder explanation (a
//! contradiction) for one cell. The steps of that replay, by effort, give the
//! grade (see `docs/rules.md`): which rules, how often, how many clues at once.

use super::budget::Clock;
use super::puzzle::{Puzzle, Values};
use super::rules::{self, Rule, View};
use super::sat::Backend;
use super::{explain_all, step, ClueRef, Deduction};

/// A difficulty summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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
    /// Steps of the easiest-first replay at each effort, from 1 to 5 (index 0 to 4).
    pub steps_by_effort: [usize; 5],
    /// Deductions of the solution that each rule explains, in [`Rule::ALL`] order.
    pub rule_counts: [usize; Rule::ALL.len()],
    /// Cells uncovered by the round that uncovers the fewest (0 without rounds).
    pub narrowest_round: usize,
}

/// The five difficulty grades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Grade {
    /// 1: one clue at a time.
    Easy = 1,
    /// 2: shapes and simple subsets.
    EasyMedium = 2,
    /// 3: clues that overlap, or the counter against clues.
    Medium = 3,
    /// 4: some contradictions.
    MediumHard = 4,
    /// 5: many contradictions, or ones over four or more clues.
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

    /// What the grade asks of a player, in the words of `hexcells generate --help`,
    /// `docs/record-notation.md` and `docs/rules.md`.
    pub fn definition(self) -> &'static str {
        match self {
            Grade::Easy => "one clue at a time (finish a clue, or the remaining counter alone)",
            Grade::EasyMedium => "also a clue's shape ({n}, -n-) or a simple subset",
            Grade::Medium => "clues that overlap, or the remaining counter against clues",
            Grade::MediumHard => "a contradiction over two or three clues, or an overlap of several clues",
            Grade::Hard => "contradictions over four or more clues",
        }
    }

    /// The grade with this name.
    pub fn from_name(name: &str) -> Option<Grade> {
        Grade::ALL.into_iter().find(|g| g.name() == name)
    }
}

/// How the replay asks the engine for a harder explanation.
pub(crate) struct Engine<'c> {
    pub(crate) backend: Backend,
    pub(crate) clock: &'c Clock,
}

/// The summary of a solution: `deductions` in order from the cells `initial`
/// uncovered; graded (a replay) when `engine` is given, for a level solved with
/// explanations.
pub(crate) fn summarise(
    puzzle: &Puzzle,
    initial: &Values,
    deductions: &[Deduction],
    engine: Option<Engine<'_>>,
) -> Difficulty {
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
        difficulty.steps_by_effort = replay(puzzle, initial, deductions, &engine);
        difficulty.grade = Some(grade(&difficulty.steps_by_effort));
    }
    difficulty
}

/// The effort of a deduction's explanation.
fn effort(rule: Rule, clues: usize) -> u8 {
    rule.effort(clues).clamp(1, 5)
}

/// The easiest-first replay: steps at each effort.
fn replay(puzzle: &Puzzle, initial: &Values, deductions: &[Deduction], engine: &Engine<'_>) -> [usize; 5] {
    let mut steps = [0; 5];
    let mut known = initial.clone();
    // The solution's cells and rounds, in order.
    let cells: Vec<(usize, usize)> = deductions
        .iter()
        .filter_map(|d| Some((puzzle.cell_at(d.pos)?, d.round)))
        .collect();
    let mut round = 1;
    // The cells the last step uncovered (`None`: look everywhere).
    let mut last: Option<Vec<usize>> = None;
    loop {
        let open: Vec<(usize, usize)> = cells
            .iter()
            .copied()
            .filter(|(i, _)| known[*i].is_none())
            .collect();
        let Some(&(_, first)) = open.iter().min_by_key(|(_, r)| *r) else {
            break;
        };
        round = round.max(first);
        let visible = step::visible_clues(puzzle, &known);
        let mut view = View::new(puzzle, &known, &visible);
        view.texts = false;
        // Effort 1 first, where the last step changed a clue (or the counter
        // settles everything); the rest only when that finds nothing.
        let near = near(puzzle, &view, last.as_deref());
        let quick: Vec<usize> = open
            .iter()
            .map(|(i, _)| *i)
            .filter(|&i| near[i] && rules::name_quick(&view, i).is_some())
            .collect();
        let settled = if quick.is_empty() {
            // A player looks at the cells of this round and the next.
            let named: Vec<(usize, u8)> = open
                .iter()
                .filter(|(_, r)| *r <= round + 1)
                .filter_map(|&(i, _)| {
                    let found = rules::name(&view, i)?;
                    Some((
                        i,
                        effort(found.rule, found.clues.len() + usize::from(found.counter)),
                    ))
                })
                .collect();
            match named.iter().map(|(_, e)| *e).min() {
                Some(least) => {
                    steps[usize::from(least) - 1] += 1;
                    named
                        .iter()
                        .filter(|(_, e)| *e == least)
                        .map(|(i, _)| *i)
                        .collect()
                }
                None => {
                    // The engine's explanation of this round's easiest cell.
                    let (i, e) = easiest_fallback(puzzle, deductions, &known, round, engine);
                    steps[usize::from(e) - 1] += 1;
                    vec![i]
                }
            }
        } else {
            steps[0] += 1;
            quick
        };
        for &i in &settled {
            known[i] = Some(puzzle.blue[i]);
        }
        last = Some(settled);
    }
    steps
}

/// Per cell: whether a rule of effort 1 may settle it since the cells `last` were
/// uncovered (all cells when `last` is `None`, or when the counter alone settles).
fn near(puzzle: &Puzzle, view: &View<'_>, last: Option<&[usize]>) -> Vec<bool> {
    let n = puzzle.cells.len();
    let everything = view.remaining == 0 || view.remaining == view.hidden.len();
    let Some(last) = last.filter(|_| !everything) else {
        return vec![true; n];
    };
    let mut near = vec![false; n];
    for &u in last {
        // Clues that hold the uncovered cell, and the one it shows.
        let shown = puzzle.clue_of_owner[u];
        for &c in puzzle.clues_of_cell[u].iter().chain(shown.iter()) {
            for &m in &view.open[c] {
                near[m] = true;
            }
        }
    }
    near
}

/// Cells of a round whose explanation the replay asks again with what it knows.
const REEXPLAINED: usize = 4;

/// The cell of round `round` still hidden in `known` whose explanation takes the
/// least effort, and that effort. The engine's explanations are against what was
/// known when the round began; the few easiest are asked again with what the
/// replay knows now, which may take fewer clues.
fn easiest_fallback(
    puzzle: &Puzzle,
    deductions: &[Deduction],
    known: &Values,
    round: usize,
    engine: &Engine<'_>,
) -> (usize, u8) {
    let mut pending: Vec<(usize, u8)> = deductions
        .iter()
        .filter(|d| d.round == round)
        .filter_map(|d| {
            let i = puzzle.cell_at(d.pos)?;
            let x = &d.explanation;
            known[i]
                .is_none()
                .then(|| (i, effort(x.rule.unwrap_or(Rule::Contradiction), x.clues.len())))
        })
        .collect();
    pending.sort_by_key(|(i, e)| (*e, *i));
    let Some(&easiest) = pending.first() else {
        return (0, 4);
    };
    let again: Vec<usize> = pending.iter().take(REEXPLAINED).map(|(i, _)| *i).collect();
    let Ok(explanations) = explain_all(puzzle, known, engine.backend, engine.clock, &again, None) else {
        return easiest;
    };
    again
        .iter()
        .zip(explanations)
        .map(|(&i, x)| (i, effort(x.rule.unwrap_or(Rule::Contradiction), x.clues.len())))
        .chain([easiest])
        .min_by_key(|(_, e)| *e)
        .unwrap_or(easiest)
}

/// Steps a replay must have for a lone step at its hardest effort to count one
/// grade lower.
const LONE_STEP_AMONG: usize = 10;

/// The grade of a replay (see `docs/rules.md`): the hardest effort a player needs,
/// one lower when that effort comes up once in a longer solution (from effort 3 up).
fn grade(steps: &[usize; 5]) -> Grade {
    let Some(top) = (0..5).rev().find(|&e| steps[e] > 0) else {
        return Grade::Easy;
    };
    let lone = top >= 2 && steps[top] == 1 && steps.iter().sum::<usize>() >= LONE_STEP_AMONG;
    Grade::ALL[top - usize::from(lone)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grade_is_the_hardest_effort_but_a_lone_hard_step_in_a_long_solution_counts_one_lower() {
        assert_eq!(grade(&[0, 0, 0, 0, 0]), Grade::Easy);
        assert_eq!(grade(&[12, 0, 0, 0, 0]), Grade::Easy);
        assert_eq!(grade(&[3, 1, 0, 0, 0]), Grade::EasyMedium);
        // One subset among many steps is still easy-medium: the discount starts at 3.
        assert_eq!(grade(&[20, 1, 0, 0, 0]), Grade::EasyMedium);
        assert_eq!(grade(&[2, 0, 1, 0, 0]), Grade::Medium);
        assert_eq!(grade(&[20, 3, 1, 0, 0]), Grade::EasyMedium);
        assert_eq!(grade(&[20, 3, 2, 0, 0]), Grade::Medium);
        assert_eq!(grade(&[20, 3, 2, 2, 0]), Grade::MediumHard);
        assert_eq!(grade(&[20, 3, 2, 2, 1]), Grade::MediumHard);
        assert_eq!(grade(&[5, 0, 0, 0, 1]), Grade::Hard);
        assert_eq!(grade(&[20, 3, 2, 2, 2]), Grade::Hard);
    }

    #[test]
    fn grades_have_numbers_and_names_both_ways() {
        for (k, g) in Grade::ALL.into_iter().enumerate() {
            assert_eq!(usize::from(g.number()), k + 1);
            assert_eq!(Grade::from_name(g.name()), Some(g));
        }
        assert_eq!(Grade::from_name("tricky"), None);
    }
}
