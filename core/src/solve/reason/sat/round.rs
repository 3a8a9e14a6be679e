//! The SAT encoding of one round's visible information, with a selector literal per
//! clue: it answers "is there a colouring that meets these clues (and maybe the
//! remaining-blue counter) and gives these cells other colours than the solution?".
//! Explanations and hints ask it about subsets of the clues, and a minimal core of
//! them names the clues a refutation needs.

use crate::solve::budget::{Clock, Stop};
use crate::solve::puzzle::{Cand, Puzzle, Values};

use super::backend::SatBackend;
use super::encode::{Cnf, Lit};
use super::solver::{SatResult, SatSolver};

/// The SAT encoding of one round's visible information.
pub(crate) struct RoundSolver<'p> {
    pub(crate) puzzle: &'p Puzzle,
    pub(crate) sat: Box<dyn SatSolver>,
    /// Known values at the start of the round.
    pub(crate) known: Values,
    /// Solver variable of each hidden touched cell (0 for the others).
    var_of: Vec<i32>,
    /// Visible clues and their selector literals.
    pub(crate) selectors: Vec<(usize, i32)>,
    /// Hidden cells some visible clue touches.
    touched: Vec<usize>,
    /// The counter's selector and the untouched-group literal, once encoded.
    counter: Option<(i32, Lit)>,
    /// Hidden cells no visible clue touches.
    pub(crate) untouched: Vec<usize>,
}

impl<'p> RoundSolver<'p> {
    /// Encodes `clues` out of the round's `all_visible` clues, with `known` uncovered.
    /// When `clues` is a part (sharing no hidden cell with the rest), the counter must
    /// not be used.
    pub(crate) fn new(
        puzzle: &'p Puzzle,
        known: &Values,
        backend: SatBackend,
        clues: Vec<usize>,
        all_visible: &[usize],
    ) -> RoundSolver<'p> {
        let in_clue = puzzle.held_by(all_visible);
        let visible = clues;
        let mut sat = backend.new_solver();
        let mut var_of = vec![0; puzzle.cells.len()];
        let mut touched = Vec::new();
        for &c in &visible {
            for &m in &puzzle.clues[c].members {
                if known[m].is_none() && var_of[m] == 0 {
                    var_of[m] = sat.new_var();
                    touched.push(m);
                }
            }
        }
        let untouched: Vec<usize> = (0..puzzle.cells.len())
            .filter(|&i| known[i].is_none() && !in_clue[i])
            .collect();
        let lit_of = |m: usize| match known[m] {
            Some(b) => Lit::Const(b),
            None => Lit::Var(var_of[m]),
        };
        let mut selectors = Vec::new();
        {
            let mut cnf = Cnf::new(sat.as_mut());
            for &c in &visible {
                let sel = cnf.sat.new_var();
                selectors.push((c, sel));
                cnf.clue(Some(sel), &puzzle.clues[c], &lit_of);
            }
        }
        RoundSolver {
            puzzle,
            sat,
            known: known.clone(),
            var_of,
            touched,
            selectors,
            counter: None,
            untouched,
        }
    }

    /// Blue cells not uncovered at the start of the round.
    pub(crate) fn remaining(&self) -> usize {
        self.puzzle.remaining(&self.known)
    }

    /// The selector of the remaining-blue counter (encoded on first use) and the
    /// literal "the untouched cells differ from the solution".
    pub(crate) fn counter(&mut self) -> (i32, Lit) {
        if let Some(c) = self.counter {
            return c;
        }
        let remaining = self.remaining() as i64;
        let n_u = self.untouched.len() as i64;
        let vars: Vec<i32> = self.touched.iter().map(|m| self.var_of[*m]).collect();
        let u_sol = self.untouched.iter().filter(|i| self.puzzle.blue[**i]).count() as i64;
        let sel = self.sat.new_var();
        let differ = Cnf::new(self.sat.as_mut()).remaining_count(Some(sel), &vars, remaining, n_u, u_sol);
        self.counter = Some((sel, differ));
        (sel, differ)
    }

    /// The literal "`cand` takes a colour other than in the solution".
    pub(crate) fn wrong(&self, cand: Cand) -> Lit {
        match cand {
            Cand::Cell(i) => {
                let v = self.var_of[i];
                if v == 0 {
                    // Not touched: only the counter constrains it (handled as Untouched).
                    Lit::Const(true)
                } else if self.puzzle.blue[i] {
                    Lit::Var(-v)
                } else {
                    Lit::Var(v)
                }
            }
            Cand::Untouched => self.counter.map_or(Lit::Const(true), |c| c.1),
        }
    }

    /// The last model's colouring: `known` values for uncovered cells, the model's
    /// for touched hidden cells (blue is `true`), black for the untouched ones; and
    /// how many touched hidden cells it makes blue.
    pub(crate) fn model(&self) -> (Vec<bool>, usize) {
        let mut blue: Vec<bool> = self.known.iter().map(|v| *v == Some(true)).collect();
        let mut n_blue = 0;
        for &m in &self.touched {
            blue[m] = self.sat.value(self.var_of[m]);
            n_blue += usize::from(blue[m]);
        }
        (blue, n_blue)
    }

    /// The counter's selector, if encoded.
    pub(crate) fn counter_sel(&self) -> Option<i32> {
        self.counter.map(|c| c.0)
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
