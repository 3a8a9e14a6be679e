//! One round of the engine: which hidden cells are forced by what the player sees.
//!
//! Local rules settle most cells; a SAT solver then asks for a colouring that agrees
//! with everything visible and differs from the solution in at least one undecided
//! cell. Each model found rules out the cells it flips; when none exists, every cell
//! left is forced. A first pass leaves the remaining-blue counter out (it can only
//! force less, and is much easier for the solver); a second pass adds it. Hidden cells
//! that no visible clue touches are collapsed into one count for the counter.

use super::budget::{Clock, Stop};
use super::local::{self, Values};
use super::lp;
use super::puzzle::Puzzle;
use super::round::{Cand, RoundSolver};
use super::sat::Backend;
use super::search::Search;

/// Conflicts for a quick "differs somewhere" query before the LP is asked.
const QUICK_CONFLICTS: u64 = 300;

/// Clues a player sees when `known` cells are uncovered.
pub(crate) fn visible_clues(puzzle: &Puzzle, known: &Values) -> Vec<usize> {
    (0..puzzle.clues.len())
        .filter(|&c| puzzle.clues[c].owner.is_none_or(|o| known[o].is_some()))
        .collect()
}

/// Colourings of every cell that met everything visible in an earlier round. A round
/// only adds information, so one that fails a later round is dropped for good.
#[derive(Default)]
pub(crate) struct Models {
    models: Vec<Vec<bool>>,
}

/// Most models kept.
const MAX_MODELS: usize = 48;

impl Models {
    /// Drops the models that contradict `known` or a clue visible with it.
    fn keep_valid(&mut self, puzzle: &Puzzle, known: &Values, visible: &[usize]) {
        self.models
            .retain(|m| Models::is_valid(m, puzzle, known, visible));
    }

    /// Whether `model` meets `known` and every clue in `visible` (and the counter).
    fn is_valid(model: &[bool], puzzle: &Puzzle, known: &Values, visible: &[usize]) -> bool {
        known.iter().zip(model).all(|(k, v)| k.is_none_or(|k| k == *v))
            && visible.iter().all(|&c| puzzle.clues[c].holds(|i| model[i]))
            && model.iter().filter(|b| **b).count() == puzzle.n_blue
    }

    fn add(&mut self, new: Vec<Vec<bool>>) {
        self.models.extend(new);
        if self.models.len() > MAX_MODELS {
            let extra = self.models.len() - MAX_MODELS;
            self.models.drain(..extra);
        }
    }

    /// Whether some model gives `cand` another colour than the solution.
    fn rules_out_in(&self, puzzle: &Puzzle, untouched: &[usize], cand: Cand) -> bool {
        match cand {
            Cand::Cell(i) => self.models.iter().any(|m| m[i] != puzzle.blue[i]),
            Cand::Untouched => {
                let u_sol = untouched.iter().filter(|i| puzzle.blue[**i]).count();
                self.models
                    .iter()
                    .any(|m| untouched.iter().filter(|i| m[**i]).count() != u_sol)
            }
        }
    }
}

/// The cells forced in the round that starts with `known` uncovered, in cell order,
/// and the round's solver (for explanations) when one was built.
pub(crate) fn forced_cells<'p>(
    puzzle: &'p Puzzle,
    known: &Values,
    backend: Backend,
    clock: &Clock,
    keep_solver: bool,
    models: &mut Models,
) -> Result<(Vec<usize>, Option<RoundSolver<'p>>), Stop> {
    let visible = visible_clues(puzzle, known);
    let mut values = known.clone();
    let mut forced = local::propagate(puzzle, &visible, &mut values);
    let hidden_left = values.iter().any(|v| v.is_none());
    if !hidden_left {
        forced.sort_unstable();
        return Ok((forced, None));
    }
    models.keep_valid(puzzle, known, &visible);
    let mut solver: Option<RoundSolver<'p>> = None;
    if hidden_left {
        let mut in_clue = vec![false; puzzle.cells.len()];
        for &c in &visible {
            for &m in &puzzle.clues[c].members {
                in_clue[m] = true;
            }
        }
        let untouched: Vec<usize> = (0..puzzle.cells.len())
            .filter(|&i| known[i].is_none() && !in_clue[i])
            .collect();
        let mut cands: Vec<Cand> = (0..puzzle.cells.len())
            .filter(|&i| values[i].is_none() && in_clue[i])
            .map(Cand::Cell)
            .collect();
        let u_sol = untouched.iter().filter(|i| puzzle.blue[**i]).count();
        let untouched_open = untouched.iter().any(|&i| values[i].is_none());
        if untouched_open && (u_sol == 0 || u_sol == untouched.len()) {
            cands.push(Cand::Untouched);
        }
        // Colourings from earlier rounds and from a local search rule most cells out.
        cands.retain(|c| !models.rules_out_in(puzzle, &untouched, *c));
        let search = Search::new(puzzle, &visible, &values);
        let mut i = 0;
        while i < cands.len() {
            let cell = match cands[i] {
                Cand::Cell(cell) => Some(cell),
                Cand::Untouched => search.free().first().copied(),
            };
            let found = cell
                .and_then(|cell| (0..3).find_map(|seed| search.flip(cell, (cell as u64) << 2 | seed)))
                .filter(|m| Models::is_valid(m, puzzle, &values, &visible));
            match found {
                Some(model) => {
                    models.add(vec![model]);
                    cands.retain(|c| !models.rules_out_in(puzzle, &untouched, *c));
                }
                None => i += 1,
            }
        }
        // The SAT solver settles most of the rest at once: without the counter first
        // (only the part of the round around the candidates), then with it. When a
        // quick query finds no answer, the linear relaxation proves the counting
        // arguments the solver finds hard, and the solver settles what is left.
        let mut facts: Vec<(usize, bool)> = forced.iter().map(|&i| (i, puzzle.blue[i])).collect();
        let mut lp_forced = Vec::new();
        let cells: Vec<Cand> = cands.iter().copied().filter(|c| *c != Cand::Untouched).collect();
        let mut first = Vec::new();
        if !cells.is_empty() {
            let part = clues_around(puzzle, &visible, &values, &cells);
            let mut part_solver = RoundSolver::new(puzzle, known, backend, part.clone(), &visible);
            first = match part_solver.backbone_within(cells, &facts, false, clock, Some(QUICK_CONFLICTS))? {
                Ok(forced) => forced,
                Err(mut open) => {
                    let lp = lp::Relaxation::new(puzzle, known, &part, &untouched, false);
                    lp_refute_cells(&lp, &mut open, &mut lp_forced);
                    part_solver.backbone(open, &facts, false, clock)?
                }
            };
            models.add(std::mem::take(&mut part_solver.models));
        }
        for c in first.iter().chain(&lp_forced) {
            if let Cand::Cell(i) = c {
                facts.push((*i, puzzle.blue[*i]));
            }
        }
        cands.retain(|c| {
            !first.contains(c) && !lp_forced.contains(c) && !models.rules_out_in(puzzle, &untouched, *c)
        });
        let mut second = Vec::new();
        if !cands.is_empty() {
            let s = solver
                .get_or_insert_with(|| RoundSolver::new(puzzle, known, backend, visible.clone(), &visible));
            second = match s.backbone_within(cands, &facts, true, clock, Some(QUICK_CONFLICTS))? {
                Ok(forced) => forced,
                Err(mut open) => {
                    let lp = lp::Relaxation::new(puzzle, known, &visible, &untouched, true);
                    lp_refute_cells(&lp, &mut open, &mut lp_forced);
                    open.retain(|c| {
                        if *c == Cand::Untouched && lp.refutes(*c) {
                            lp_forced.push(*c);
                            false
                        } else {
                            true
                        }
                    });
                    s.backbone(open, &facts, true, clock)?
                }
            };
            models.add(std::mem::take(&mut s.models));
        }
        for c in first.into_iter().chain(second).chain(lp_forced) {
            match c {
                Cand::Cell(i) => forced.push(i),
                Cand::Untouched => forced.extend(untouched.iter().copied().filter(|&i| values[i].is_none())),
            }
        }
    }
    forced.sort_unstable();
    forced.dedup();
    Ok((forced, if keep_solver { solver } else { None }))
}

/// Moves the cells of `cands` that the LP refutes to `forced`.
fn lp_refute_cells(lp: &lp::Relaxation<'_>, cands: &mut Vec<Cand>, forced: &mut Vec<Cand>) {
    let cells: Vec<usize> = cands
        .iter()
        .filter_map(|c| match c {
            Cand::Cell(i) => Some(*i),
            Cand::Untouched => None,
        })
        .collect();
    if cells.is_empty() {
        return;
    }
    let mut refuted = lp.refuted_cells(&cells);
    refuted.sort_unstable();
    cands.retain(|c| match c {
        Cand::Cell(i) if refuted.binary_search(i).is_ok() => {
            forced.push(*c);
            false
        }
        _ => true,
    });
}

/// The visible clues connected to `cands` through hidden cells.
fn clues_around(puzzle: &Puzzle, visible: &[usize], values: &Values, cands: &[Cand]) -> Vec<usize> {
    let mut is_visible = vec![false; puzzle.clues.len()];
    for &c in visible {
        is_visible[c] = true;
    }
    let mut seen_cell = vec![false; puzzle.cells.len()];
    let mut seen_clue = vec![false; puzzle.clues.len()];
    let mut stack: Vec<usize> = cands
        .iter()
        .filter_map(|c| match c {
            Cand::Cell(i) => Some(*i),
            Cand::Untouched => None,
        })
        .collect();
    for &i in &stack {
        seen_cell[i] = true;
    }
    let mut out = Vec::new();
    while let Some(cell) = stack.pop() {
        for &c in &puzzle.clues_of_cell[cell] {
            if !is_visible[c] || seen_clue[c] {
                continue;
            }
            seen_clue[c] = true;
            out.push(c);
            for &m in &puzzle.clues[c].members {
                if values[m].is_none() && !seen_cell[m] {
                    seen_cell[m] = true;
                    stack.push(m);
                }
            }
        }
    }
    out.sort_unstable();
    out
}
