//! Minimal explanations: which visible clues force a cell.
//!
//! A refutation of "the cell takes its wrong colour" under selector literals gives a
//! first clue set (the failed assumptions); a deletion pass then drops every clue the
//! refutation does not need, the remaining counter first and big clues before small
//! ones, so that what is left is minimal and as local as possible.

use super::budget::{Clock, Stop};
use super::encode::Lit;
use super::lp;
use super::round::{Cand, RoundSolver};
use super::sat::SatResult;
use super::{ClueRef, Explanation, Reasoning};

/// Conflicts per SAT call while explaining; a harder question goes to the LP.
const EXPLAIN_CONFLICTS: u64 = 2_000;

/// A minimal set of the round's visible clues (and maybe the counter) that forces
/// `cand`, which must be forced.
///
/// Clue sets grow in layers around the cell (its own clues, then the clues that share
/// a hidden cell with those, ...) until one forces it; the counter joins last. A
/// deletion pass then drops the counter if it can, and the farthest clues first.
pub(crate) fn explain(round: &mut RoundSolver<'_>, cand: Cand, clock: &Clock) -> Result<Explanation, Stop> {
    let counter_sel = round.counter().0;
    let wrong = match round.wrong(cand) {
        Lit::Var(v) => v,
        // The untouched cells cannot take other colours whatever the clues say: the
        // counter alone fixes them.
        Lit::Const(_) => return Ok(make(vec![ClueRef::RemainingCounter])),
    };
    let limited = clock.with_conflicts(EXPLAIN_CONFLICTS);
    // The untouched cells' colours are tied to the counter itself: it always counts.
    let counter_always = cand == Cand::Untouched;
    let mut n_unknown = 0;
    let mut found: Option<(Vec<usize>, bool)> = None;
    if let Cand::Cell(cell) = cand {
        let mut set = Vec::new();
        for layer in layers(round, cell).into_iter().take(MAX_LAYERS) {
            set.extend(layer);
            match forces(round, &set, false, cand, wrong, &limited)? {
                Outcome::Forced(core) => {
                    found = Some((core, false));
                    break;
                }
                Outcome::Free => {}
                Outcome::Unknown => n_unknown += 1,
            }
        }
    }
    let all: Vec<usize> = (0..round.selectors.len()).collect();
    let (mut set, mut counter) = match found {
        Some(f) => f,
        None => match if round.hard_for_explanations {
            Outcome::Unknown
        } else {
            forces(round, &all, true, cand, wrong, &limited)?
        } {
            Outcome::Forced(core) => (core, true),
            // Too hard to refute within the limits (then the rest of the round is
            // too): every clue and the counter.
            Outcome::Free | Outcome::Unknown => {
                round.hard_for_explanations = true;
                let mut sels: Vec<i32> = round.selectors.iter().map(|(_, s)| *s).collect();
                sels.push(counter_sel);
                return Ok(to_explanation(round, &sels, false));
            }
        },
    };
    // Deletion: the counter first, then the clues farthest from the cell.
    if counter && !counter_always {
        match forces(round, &set, false, cand, wrong, &limited)? {
            Outcome::Forced(core) => {
                set = core;
                counter = false;
            }
            Outcome::Free => {}
            Outcome::Unknown => n_unknown += 1,
        }
    }
    // A round whose explanations keep needing the counter gets a bounded share of
    // such (slow) questions; later explanations keep their clues unminimised.
    if counter && round.explain_counter_calls > MAX_COUNTER_CALLS {
        n_unknown += 1;
    }
    let mut i = set.len();
    while i > 0 && n_unknown <= MAX_UNKNOWN && !(counter && round.explain_counter_calls > MAX_COUNTER_CALLS) {
        i -= 1;
        clock.check()?;
        let Some(&k) = set.get(i) else { continue };
        let trial: Vec<usize> = set.iter().copied().filter(|x| *x != k).collect();
        if trial.is_empty() && !counter {
            continue;
        }
        match forces(round, &trial, counter, cand, wrong, &limited)? {
            Outcome::Forced(core) => {
                // A core keeps the order of `trial`, so the clues still to check stay
                // in front of position `i`.
                i = i.min(core.len());
                set = core;
            }
            Outcome::Free => {}
            Outcome::Unknown => n_unknown += 1,
        }
    }
    let mut sels: Vec<i32> = set.iter().map(|&k| round.selectors[k].1).collect();
    if counter {
        sels.push(counter_sel);
    }
    let minimal = n_unknown == 0 && i == 0;
    Ok(to_explanation(round, &sels, minimal))
}

/// Questions with the counter allowed to the explanations of one round.
const MAX_COUNTER_CALLS: usize = 300;

/// Layers of clues tried around a cell before every clue and the counter are taken
/// (an explanation reaching farther is not one a player follows anyway).
const MAX_LAYERS: usize = 4;

/// Undecided questions allowed while minimising one explanation.
const MAX_UNKNOWN: usize = 1;

/// Whether a clue set forces a cell.
enum Outcome {
    /// It does; the clues a refutation used, in the set's order.
    Forced(Vec<usize>),
    /// It does not.
    Free,
    /// Not decided within the limits.
    Unknown,
}

/// Selector indices in layers around `cell`.
fn layers(round: &RoundSolver<'_>, cell: usize) -> Vec<Vec<usize>> {
    let puzzle = round.puzzle;
    let mut index_of = vec![None; puzzle.clues.len()];
    for (k, (c, _)) in round.selectors.iter().enumerate() {
        index_of[*c] = Some(k);
    }
    let mut seen_clue = vec![false; puzzle.clues.len()];
    let mut seen_cell = vec![false; puzzle.cells.len()];
    seen_cell[cell] = true;
    let mut frontier = vec![cell];
    let mut out = Vec::new();
    while !frontier.is_empty() {
        let mut layer = Vec::new();
        let mut next = Vec::new();
        for &m in &frontier {
            for &c in &puzzle.clues_of_cell[m] {
                let Some(k) = index_of[c] else { continue };
                if seen_clue[c] {
                    continue;
                }
                seen_clue[c] = true;
                layer.push(k);
                for &other in &puzzle.clues[c].members {
                    if round.known[other].is_none() && !seen_cell[other] {
                        seen_cell[other] = true;
                        next.push(other);
                    }
                }
            }
        }
        if !layer.is_empty() {
            out.push(layer);
        }
        frontier = next;
    }
    out
}

/// Whether the clues `set` (and the counter) force `cand`: the part of `set` a
/// refutation used (in `set`'s order), or `None`.
fn forces(
    round: &mut RoundSolver<'_>,
    set: &[usize],
    counter: bool,
    cand: Cand,
    wrong: i32,
    clock: &Clock,
) -> Result<Outcome, Stop> {
    let mut assumptions: Vec<i32> = set.iter().map(|&k| round.selectors[k].1).collect();
    let counter_sel = round.counter().0;
    if counter {
        assumptions.push(counter_sel);
        round.explain_counter_calls += 1;
    }
    assumptions.push(wrong);
    match round.sat.solve(&assumptions, clock) {
        SatResult::Unsat => Ok(Outcome::Forced(
            set.iter()
                .copied()
                .filter(|&k| round.sat.failed(round.selectors[k].1))
                .collect(),
        )),
        SatResult::Sat => Ok(Outcome::Free),
        SatResult::Unknown => {
            clock.check()?;
            let Cand::Cell(_) = cand else {
                return Ok(Outcome::Unknown);
            };
            let puzzle = round.puzzle;
            let clues: Vec<usize> = set.iter().map(|&k| round.selectors[k].0).collect();
            let mut in_rows = vec![false; puzzle.cells.len()];
            for &c in &clues {
                for &m in &puzzle.clues[c].members {
                    in_rows[m] = true;
                }
            }
            let others: Vec<usize> = (0..puzzle.cells.len())
                .filter(|&i| round.known[i].is_none() && !in_rows[i])
                .collect();
            let lp = lp::Relaxation::new(puzzle, &round.known, &clues, &others, counter);
            Ok(if lp.refutes(cand) {
                Outcome::Forced(set.to_vec())
            } else {
                Outcome::Unknown
            })
        }
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

fn to_explanation(round: &RoundSolver<'_>, sels: &[i32], minimal: bool) -> Explanation {
    Explanation {
        minimal,
        ..make(clue_refs(round, sels))
    }
}

fn make(clues: Vec<ClueRef>) -> Explanation {
    let reasoning = if clues.contains(&ClueRef::RemainingCounter) {
        Reasoning::RemainingCounter
    } else if clues.len() == 1 {
        Reasoning::SingleClue
    } else {
        Reasoning::SeveralClues
    };
    Explanation {
        clues,
        reasoning,
        minimal: true,
    }
}
