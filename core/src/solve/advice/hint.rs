//! Hints for a player mid-game: the next deducible cell and why, or the marks that
//! contradict the clues.
//!
//! A marked cell counts as uncovered with the colour the player gave it. A correctly
//! marked cell shows its number; a wrongly marked one shows none (the game would not
//! have accepted the mark, so there is no number to read).

use std::collections::BTreeMap;

use crate::model::{Color, Level, Pos};
use crate::solve::budget::{Budget, Clock, Stop};
use crate::solve::deduce::Deducer;
use crate::solve::explain;
use crate::solve::puzzle::{Puzzle, Values};
use crate::solve::reason::sat::round::{self, RoundSolver};
use crate::solve::reason::sat::SatBackend;
use crate::solve::report::{ClueRef, Deduction};

/// A player's game in progress: which cells are uncovered (marked) and how.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayState {
    /// Cells the player marked, with the colour chosen (possibly wrong). Cells revealed
    /// at the start need not be listed.
    pub marks: BTreeMap<Pos, Color>,
}

/// The answer to "what can I uncover next?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintResult {
    /// This cell is deducible now, for this reason.
    Next(Deduction),
    /// The player's marks contradict the visible clues.
    Contradiction {
        /// Marks that differ from the solution.
        wrong_marks: Vec<Pos>,
        /// A minimal set of clues that the marks contradict.
        clues: Vec<ClueRef>,
    },
    /// Nothing is deducible (the level is stuck here, or finished).
    Nothing,
    /// The budget ran out or the call was cancelled.
    GaveUp,
}

/// Most forced cells whose explanation is computed to pick the simplest one.
const MAX_EXPLAINED: usize = 12;

/// The next deducible cell for a player in `state`, or why there is none.
pub fn hint(level: &Level, state: &PlayState, budget: &Budget) -> HintResult {
    let clock = Clock::start(budget);
    let puzzle = Puzzle::new(level);
    let mut known = puzzle.initial_values();
    let mut wrong_marks = Vec::new();
    for (&pos, &color) in &state.marks {
        if let Some(i) = puzzle.cell_at(pos) {
            known[i] = Some(color == Color::Blue);
            if puzzle.blue[i] != (color == Color::Blue) {
                wrong_marks.push(pos);
            }
        }
    }
    let result = if wrong_marks.is_empty() {
        next_cell(&puzzle, &known, &clock)
    } else {
        contradiction(&puzzle, &known, wrong_marks, &clock)
    };
    result.unwrap_or(HintResult::GaveUp)
}

/// The forced cell with the simplest explanation: the rule of least effort, then
/// the fewest clues.
fn next_cell(puzzle: &Puzzle, known: &Values, clock: &Clock) -> Result<HintResult, Stop> {
    if known.iter().all(Option::is_some) {
        return Ok(HintResult::Nothing);
    }
    let forced = Deducer::new(puzzle, SatBackend::default()).forced_cells(known, clock, None, &[])?;
    let forced: Vec<usize> = forced.into_iter().take(MAX_EXPLAINED).collect();
    let explanations = explain::explain_all(puzzle, known, SatBackend::default(), clock, &forced, None)?;
    let best = forced
        .iter()
        .zip(explanations)
        .min_by_key(|(_, e)| {
            (
                e.rule.map(|r| r.effort(e.clues.len())),
                e.clues.len(),
                e.reasoning as u8,
            )
        })
        .map(|(&i, explanation)| Deduction {
            pos: puzzle.cells[i],
            color: puzzle.color(i),
            round: 1,
            explanation,
        });
    Ok(best.map_or(HintResult::Nothing, HintResult::Next))
}

/// Which clues the player's marks contradict (none when they only disagree with the
/// solution).
fn contradiction(
    puzzle: &Puzzle,
    known: &Values,
    wrong_marks: Vec<Pos>,
    clock: &Clock,
) -> Result<HintResult, Stop> {
    // Wrongly marked cells show no number.
    let visible: Vec<usize> = puzzle
        .visible_clues(known)
        .into_iter()
        .filter(|&c| {
            puzzle.clues[c]
                .owner
                .is_none_or(|o| known[o] == Some(puzzle.blue[o]))
        })
        .collect();
    let mut round = RoundSolver::new(puzzle, known, SatBackend::default(), visible.clone(), &visible);
    let mut set = vec![round.counter().0];
    set.extend(round.selectors.iter().map(|(_, s)| *s));
    let clues = match round::minimal_core(&mut round, set, &[], clock)? {
        Some(core) => clue_refs(&round, &core),
        None => Vec::new(),
    };
    Ok(HintResult::Contradiction { wrong_marks, clues })
}

/// The clues (and the counter) behind a set of selectors, sorted.
fn clue_refs(round: &RoundSolver<'_>, sels: &[i32]) -> Vec<ClueRef> {
    let mut clues: Vec<ClueRef> = Vec::new();
    for &s in sels {
        if Some(s) == round.counter_sel() {
            clues.push(ClueRef::RemainingCounter);
        } else if let Some((c, _)) = round.selectors.iter().find(|(_, sel)| *sel == s) {
            clues.push(ClueRef::Clue(round.puzzle.clues[*c].at));
        }
    }
    clues.sort();
    clues
}
