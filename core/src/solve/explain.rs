//! Minimal explanations: which visible clues force a cell.
//!
//! A refutation of "the cell takes its wrong colour" under selector literals gives a
//! first clue set (the failed assumptions); a deletion pass then drops every clue the
//! refutation does not need, the remaining counter first and big clues before small
//! ones, so that what is left is minimal and as local as possible.

use super::budget::{Clock, Stop};
use super::encode::Lit;
use super::sat::SatResult;
use super::step::{Cand, RoundSolver};
use super::{ClueRef, Explanation, Reasoning};

/// A minimal set of the round's visible clues (and maybe the counter) that forces
/// `cand`, which must be forced.
pub(crate) fn explain(round: &mut RoundSolver<'_>, cand: Cand, clock: &Clock) -> Result<Explanation, Stop> {
    let counter_sel = round.counter().0;
    let wrong = match round.wrong(cand) {
        Lit::Var(v) => v,
        // A cell that cannot take its wrong colour at all: forced by nothing visible
        // beyond the colours already uncovered, which happens only for cells with no
        // clue; the counter is what the player reads then.
        Lit::Const(_) => {
            return Ok(make(vec![ClueRef::RemainingCounter]));
        }
    };
    let puzzle = round.puzzle;
    // Candidates: the counter first, then clues by size, largest first.
    let mut set: Vec<i32> = vec![counter_sel];
    let mut clues = round.selectors.clone();
    clues.sort_by_key(|(c, _)| std::cmp::Reverse(puzzle.clues[*c].members.len()));
    set.extend(clues.iter().map(|(_, s)| *s));

    // One clue alone, smallest first, when the cell is its member.
    if let Cand::Cell(cell) = cand {
        let mut own: Vec<(usize, i32)> = clues
            .iter()
            .copied()
            .filter(|(c, _)| puzzle.clues[*c].members.contains(&cell))
            .collect();
        own.reverse();
        for (_, sel) in own {
            clock.check()?;
            if round.sat.solve(&[wrong, sel], clock) == SatResult::Unsat {
                return Ok(to_explanation(round, &[sel]));
            }
        }
    }

    // The untouched cells' colours are tied to the counter itself: it always counts.
    let extra: Vec<i32> = match cand {
        Cand::Untouched => {
            set.retain(|s| *s != counter_sel);
            vec![wrong, counter_sel]
        }
        Cand::Cell(_) => vec![wrong],
    };
    match minimal_core(round, set, &extra, clock)? {
        Some(mut core) => {
            if cand == Cand::Untouched {
                core.push(counter_sel);
            }
            Ok(to_explanation(round, &core))
        }
        None => Err(Stop::GaveUp),
    }
}

/// A minimal subset of the selectors `set` that is unsatisfiable together with
/// `extra`, tried in the order given; `None` when `set` is satisfiable.
pub(crate) fn minimal_core(
    round: &mut RoundSolver<'_>,
    mut set: Vec<i32>,
    extra: &[i32],
    clock: &Clock,
) -> Result<Option<Vec<i32>>, Stop> {
    let mut assumptions = set.clone();
    assumptions.extend_from_slice(extra);
    match round.sat.solve(&assumptions, clock) {
        SatResult::Unsat => set.retain(|s| round.sat.failed(*s)),
        SatResult::Sat => return Ok(None),
        SatResult::Unknown => return Err(clock.stop_reason()),
    }
    let mut i = 0;
    while i < set.len() {
        clock.check()?;
        let trial: Vec<i32> = set.iter().copied().filter(|s| *s != set[i]).collect();
        let mut assumptions = trial.clone();
        assumptions.extend_from_slice(extra);
        match round.sat.solve(&assumptions, clock) {
            SatResult::Unsat => {
                // Elements before `i` were each needed in a superset, so they stay
                // needed: continue after those of them that are still in the core.
                let kept_before: Vec<i32> = set[..i].to_vec();
                set = trial.into_iter().filter(|s| round.sat.failed(*s)).collect();
                i = set.iter().filter(|s| kept_before.contains(s)).count();
            }
            SatResult::Sat => i += 1,
            SatResult::Unknown => {
                clock.check()?;
                i += 1;
            }
        }
    }
    Ok(Some(set))
}

/// The clues (and the counter) behind a set of selectors, sorted.
pub(crate) fn clue_refs(round: &RoundSolver<'_>, sels: &[i32]) -> Vec<ClueRef> {
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

fn to_explanation(round: &RoundSolver<'_>, sels: &[i32]) -> Explanation {
    make(clue_refs(round, sels))
}

fn make(clues: Vec<ClueRef>) -> Explanation {
    let reasoning = if clues.contains(&ClueRef::RemainingCounter) {
        Reasoning::RemainingCounter
    } else if clues.len() == 1 {
        Reasoning::SingleClue
    } else {
        Reasoning::SeveralClues
    };
    Explanation { clues, reasoning }
}
