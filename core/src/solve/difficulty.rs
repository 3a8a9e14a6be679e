//! How hard a level is for a player: the difficulty summary and its grade.
//!
//! The grade replays the engine's solution as a player who always takes the
//! easiest deduction there is: at each step, every cell the named rules of the
//! lowest effort settle is uncovered at once; only when no named rule settles a
//! cell does the player fall back on the engine's harder explanation (a
//! contradiction) for one cell. The steps of that replay, by effort, give the
//! grade (see `docs/rules.md`): which rules, how often, how many clues at once.

use crate::solve::budget::Clock;
use crate::solve::explain::{explain_all_with, Purpose};
use crate::solve::puzzle::{Puzzle, Values};
use crate::solve::reason::sat::Backend;
use crate::solve::report::{ClueRef, Deduction, Difficulty, Grade};
use crate::solve::rules::{self, PairMemo, Rule, View};

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
    // The solution's cells and rounds still hidden, in order (pruned at each step).
    let mut open: Vec<(usize, usize)> = deductions
        .iter()
        .filter_map(|d| Some((puzzle.cell_at(d.pos)?, d.round)))
        .collect();
    let mut round = 1;
    let mut tally = Tally::new(puzzle, &known);
    // The views of the steps ask the same pairs of clues again until a cell of
    // theirs is uncovered.
    let pairs = PairMemo::default();
    // The cells the last step uncovered (`None`: look everywhere).
    let mut last: Option<Vec<usize>> = None;
    // Per cell: the effort of the rule that settles it without the counter (inner
    // `None`: none does), kept until a clue near it changes.
    let mut near: Vec<Option<Option<u8>>> = vec![None; puzzle.cells.len()];
    loop {
        open.retain(|(i, _)| known[*i].is_none());
        let Some(&(_, first)) = open.iter().min_by_key(|(_, r)| *r) else {
            break;
        };
        round = round.max(first);
        // Effort 1 first (a clue finished, the counter alone), where the last step
        // changed a clue; the other rules only when that finds nothing.
        let quick = tally.finished(puzzle, &known, last.as_deref());
        let settled = if quick.is_empty() {
            let visible = puzzle.visible_clues(&known);
            let mut view = View::new(puzzle, &known, &visible);
            view.texts = false;
            view.pair_memo = Some(&pairs);
            let mut named: Vec<(usize, u8)> = Vec::new();
            // A player looks at the cells of this round and the next.
            for &(i, _) in open.iter().filter(|(_, r)| *r <= round + 1) {
                let effort = *near[i].get_or_insert_with(|| {
                    rules::name_near(&view, i).map(|f| effort(f.rule, f.clues.len() + usize::from(f.counter)))
                });
                named.extend(effort.map(|e| (i, e)));
            }
            let mut looked_at = vec![false; puzzle.cells.len()];
            for &(i, _) in open.iter().filter(|(_, r)| *r <= round + 1) {
                looked_at[i] = true;
            }
            for (i, f) in rules::counter_settles(&view) {
                if looked_at[i] {
                    named.push((i, effort(f.rule, f.clues.len() + 1)));
                }
            }
            match named.iter().map(|(_, e)| *e).min() {
                Some(least) => {
                    steps[usize::from(least) - 1] += 1;
                    let mut cells: Vec<usize> = named
                        .iter()
                        .filter(|(_, e)| *e == least)
                        .map(|(i, _)| *i)
                        .collect();
                    cells.sort_unstable();
                    cells.dedup();
                    cells
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
            tally.uncover(puzzle, i);
        }
        forget_near(puzzle, &settled, &mut near);
        last = Some(settled);
    }
    steps
}

/// Forgets what the rules said of the cells near those `uncovered`: members of
/// the clues that hold or show them, and of the clues that share a cell with
/// those (what a pair or a group of clues reads).
fn forget_near(puzzle: &Puzzle, uncovered: &[usize], near: &mut [Option<Option<u8>>]) {
    // Each clue once, by marks: a step that uncovers many cells reaches the same
    // clues many times over.
    let n_clues = puzzle.clues.len();
    let first = clues_at(puzzle, uncovered);
    let mut second = vec![false; n_clues];
    for c in (0..n_clues).filter(|&c| first[c]) {
        for &m in &puzzle.clues[c].members {
            for &d in puzzle.clues_of_cell(m) {
                second[d] = true;
            }
        }
    }
    for c in (0..n_clues).filter(|&c| second[c]) {
        for &m in &puzzle.clues[c].members {
            near[m] = None;
        }
    }
}

/// Per clue: whether it holds or shows one of `cells`.
fn clues_at(puzzle: &Puzzle, cells: &[usize]) -> Vec<bool> {
    let mut at = vec![false; puzzle.clues.len()];
    for &u in cells {
        for c in puzzle
            .clues_of_cell(u)
            .iter()
            .copied()
            .chain(puzzle.clue_of_owner[u])
        {
            at[c] = true;
        }
    }
    at
}

/// Each clue's hidden members and blue ones, kept up to date as the replay
/// uncovers cells: what the rules of effort 1 need, without a [`View`] per step.
struct Tally {
    /// Per clue: hidden members.
    open: Vec<usize>,
    /// Per clue: blue members uncovered.
    blue: Vec<usize>,
    /// Hidden cells, and blue ones among them.
    hidden: usize,
    hidden_blue: usize,
}

impl Tally {
    fn new(puzzle: &Puzzle, known: &Values) -> Tally {
        let count = |c: usize, f: &dyn Fn(Option<bool>) -> bool| {
            puzzle.clues[c].members.iter().filter(|&&m| f(known[m])).count()
        };
        let n_clues = puzzle.clues.len();
        let hidden: Vec<usize> = (0..known.len()).filter(|&i| known[i].is_none()).collect();
        Tally {
            open: (0..n_clues).map(|c| count(c, &|v| v.is_none())).collect(),
            blue: (0..n_clues).map(|c| count(c, &|v| v == Some(true))).collect(),
            hidden: hidden.len(),
            hidden_blue: hidden.iter().filter(|&&i| puzzle.blue[i]).count(),
        }
    }

    /// Records that cell `i` was uncovered.
    fn uncover(&mut self, puzzle: &Puzzle, i: usize) {
        for &c in puzzle.clues_of_cell(i) {
            self.open[c] -= 1;
            self.blue[c] += usize::from(puzzle.blue[i]);
        }
        self.hidden -= 1;
        self.hidden_blue -= usize::from(puzzle.blue[i]);
    }

    /// The hidden cells a visible clue finishes (all its blue shown, or as many
    /// hidden members as blue it needs), among the clues that hold or show a cell
    /// of `last` (every clue when `None`); all hidden cells when the counter alone
    /// settles them.
    fn finished(&self, puzzle: &Puzzle, known: &Values, last: Option<&[usize]>) -> Vec<usize> {
        if self.hidden_blue == 0 || self.hidden_blue == self.hidden {
            return (0..known.len()).filter(|&i| known[i].is_none()).collect();
        }
        let clues: Vec<usize> = match last {
            None => (0..puzzle.clues.len()).collect(),
            Some(last) => {
                let at = clues_at(puzzle, last);
                (0..puzzle.clues.len()).filter(|&c| at[c]).collect()
            }
        };
        let mut out: Vec<usize> = clues
            .into_iter()
            .filter(|&c| puzzle.clue_visible(c, known))
            .filter(|&c| {
                let need = puzzle.clues[c].count.saturating_sub(self.blue[c]);
                self.open[c] > 0 && (need == 0 || need == self.open[c])
            })
            .flat_map(|c| puzzle.clues[c].members.iter().copied())
            .filter(|&m| known[m].is_none())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// Cells of a round whose explanation the replay asks again with what it knows.
const REEXPLAINED: usize = 3;

/// The cell of round `round` still hidden in `known` whose explanation takes the
/// least effort, and that effort. The engine's explanations are against what was
/// known when the round began; when the easiest is a contradiction over four or
/// more clues, the few easiest are asked again with what the replay knows now,
/// which may take fewer clues.
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
    // Only the hardest readings (contradictions over four or more clues) are worth
    // the engine's time: what the replay knows more rarely helps the others.
    if easiest.1 < 5 {
        return easiest;
    }
    let again: Vec<usize> = pending.iter().take(REEXPLAINED).map(|(i, _)| *i).collect();
    let Ok(explanations) = explain_all_with(
        puzzle,
        known,
        engine.backend,
        engine.clock,
        &again,
        None,
        Purpose::Effort,
    ) else {
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
