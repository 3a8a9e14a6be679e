//! One round of the engine: which hidden cells are forced by what the player sees.
//!
//! Local rules settle most cells; a SAT solver then asks for a colouring that agrees
//! with everything visible and differs from the solution in at least one undecided
//! cell. Each model found rules out the cells it flips; when none exists, every cell
//! left is forced. A first pass leaves the remaining-blue counter out (it can only
//! force less, and is much easier for the solver); a second pass adds it. Hidden cells
//! that no visible clue touches are collapsed into one count for the counter.

use super::budget::{Clock, Stop};
use super::encode::{Cnf, Lit};
use super::local::{self, Values};
use super::lp;
use super::puzzle::Puzzle;
use super::sat::{Backend, SatBackend, SatResult};

/// A cell (or the group of untouched cells) that might be forced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cand {
    /// One hidden cell touched by a visible clue.
    Cell(usize),
    /// Every hidden cell no visible clue touches, as one.
    Untouched,
}

/// The SAT encoding of one round's visible information.
pub(crate) struct RoundSolver<'p> {
    pub(crate) puzzle: &'p Puzzle,
    pub(crate) sat: Box<dyn SatBackend>,
    /// Known values at the start of the round.
    pub(crate) known: Values,
    /// Solver variable of each hidden touched cell (0 for the others).
    var_of: Vec<i32>,
    /// Visible clues and their selector literals.
    pub(crate) selectors: Vec<(usize, i32)>,
    /// Selector of the remaining-blue counter.
    pub(crate) counter_sel: i32,
    /// Hidden cells no visible clue touches.
    pub(crate) untouched: Vec<usize>,
    /// True when the untouched cells take other colours than in the solution (only
    /// meaningful when they are all blue or all black there).
    untouched_differ: Lit,
    /// Whether the untouched cells can be forced at all.
    untouched_may_be_forced: bool,
}

/// Clues a player sees when `known` cells are uncovered.
pub(crate) fn visible_clues(puzzle: &Puzzle, known: &Values) -> Vec<usize> {
    (0..puzzle.clues.len())
        .filter(|&c| puzzle.clues[c].owner.is_none_or(|o| known[o].is_some()))
        .collect()
}

impl<'p> RoundSolver<'p> {
    /// Encodes the clues visible with `known` uncovered.
    pub(crate) fn new(puzzle: &'p Puzzle, known: &Values, backend: Backend) -> RoundSolver<'p> {
        let visible = visible_clues(puzzle, known);
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
            .filter(|&i| known[i].is_none() && var_of[i] == 0)
            .collect();
        let lit_of = |m: usize| match known[m] {
            Some(b) => Lit::Const(b),
            None => Lit::Var(var_of[m]),
        };
        let mut selectors = Vec::new();
        let counter_sel;
        let untouched_differ;
        {
            let mut cnf = Cnf::new(sat.as_mut());
            for &c in &visible {
                let sel = cnf.sat.new_var();
                selectors.push((c, sel));
                cnf.clue(Some(sel), &puzzle.clues[c], &lit_of);
            }
            // The counter: touched blues + untouched blues = remaining.
            counter_sel = cnf.sat.new_var();
            let n_known_blue = known.iter().filter(|v| **v == Some(true)).count();
            let remaining = puzzle.n_blue.saturating_sub(n_known_blue) as i64;
            let n_u = untouched.len() as i64;
            let vars: Vec<i32> = touched.iter().map(|m| var_of[*m]).collect();
            let n_t = vars.len() as i64;
            let cap = (remaining + 1).clamp(0, n_t) as usize;
            let out = cnf.totalizer(&vars, cap);
            // "sum >= s" as a literal.
            let at_least = |s: i64| -> Lit {
                if s <= 0 {
                    Lit::Const(true)
                } else if s > n_t {
                    Lit::Const(false)
                } else {
                    out.get(s as usize - 1)
                        .map_or(Lit::Const(false), |v| Lit::Var(*v))
                }
            };
            let lo = remaining - n_u;
            cnf.clause(Some(counter_sel), &[at_least(lo)]);
            let above = match at_least(remaining + 1) {
                Lit::Const(b) => Lit::Const(!b),
                Lit::Var(v) => Lit::Var(-v),
            };
            cnf.clause(Some(counter_sel), &[above]);
            let u_sol = untouched.iter().filter(|i| puzzle.blue[**i]).count() as i64;
            untouched_differ = if u_sol == 0 {
                // Some untouched blue: touched sum at most remaining - 1.
                match at_least(remaining) {
                    Lit::Const(b) => Lit::Const(!b),
                    Lit::Var(v) => Lit::Var(-v),
                }
            } else {
                // Some untouched black: touched sum at least remaining - n_u + 1.
                at_least(remaining - n_u + 1)
            };
        }
        let u_sol = untouched.iter().filter(|i| puzzle.blue[**i]).count();
        RoundSolver {
            puzzle,
            sat,
            known: known.clone(),
            var_of,
            selectors,
            counter_sel,
            untouched_may_be_forced: !untouched.is_empty() && (u_sol == 0 || u_sol == untouched.len()),
            untouched,
            untouched_differ,
        }
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
            Cand::Untouched => self.untouched_differ,
        }
    }

    /// The literal "cell `i` is blue" (touched hidden cells only).
    fn blue_lit(&self, i: usize) -> Option<i32> {
        let v = self.var_of[i];
        (v != 0).then_some(v)
    }

    /// Which of `cands` are forced, given the extra facts `assume` (cell, blue).
    pub(crate) fn backbone(
        &mut self,
        mut cands: Vec<Cand>,
        facts: &[(usize, bool)],
        with_counter: bool,
        clock: &Clock,
    ) -> Result<Vec<Cand>, Stop> {
        let mut base: Vec<i32> = self.selectors.iter().map(|(_, s)| *s).collect();
        if with_counter {
            base.push(self.counter_sel);
        }
        for &(cell, blue) in facts {
            if let Some(v) = self.blue_lit(cell) {
                base.push(if blue { v } else { -v });
            }
        }
        loop {
            clock.check()?;
            cands.retain(|c| self.wrong(*c) != Lit::Const(false));
            if cands.is_empty() {
                return Ok(Vec::new());
            }
            let wrong: Vec<i32> = cands
                .iter()
                .filter_map(|c| match self.wrong(*c) {
                    Lit::Var(v) => Some(v),
                    Lit::Const(_) => None,
                })
                .collect();
            let act = self.sat.new_var();
            let mut clause = wrong.clone();
            clause.push(-act);
            self.sat.add_clause(&clause);
            let mut assumptions = base.clone();
            assumptions.push(act);
            let result = self.sat.solve(&assumptions, clock);
            match result {
                SatResult::Unsat => {
                    self.sat.add_clause(&[-act]);
                    return Ok(cands);
                }
                SatResult::Sat => {
                    let before = cands.len();
                    cands.retain(|c| match self.wrong(*c) {
                        Lit::Var(v) => !self.sat.value(v),
                        Lit::Const(b) => !b,
                    });
                    // Retire the query only after reading the model.
                    self.sat.add_clause(&[-act]);
                    if cands.len() == before {
                        // Cannot happen (the model flips a candidate); avoid looping.
                        return Err(Stop::GaveUp);
                    }
                }
                SatResult::Unknown => {
                    self.sat.add_clause(&[-act]);
                    clock.check()?;
                    return self.backbone_one_by_one(cands, &base, with_counter, clock);
                }
            }
        }
    }

    /// The slow path: settle each candidate on its own, the LP relaxation first.
    fn backbone_one_by_one(
        &mut self,
        cands: Vec<Cand>,
        base: &[i32],
        with_counter: bool,
        clock: &Clock,
    ) -> Result<Vec<Cand>, Stop> {
        let mut forced = Vec::new();
        let mut open: Vec<Cand> = Vec::new();
        let lp = lp::Relaxation::new(self, with_counter);
        for cand in cands {
            clock.check()?;
            if lp.refutes(self, cand) {
                forced.push(cand);
            } else {
                open.push(cand);
            }
        }
        for cand in open {
            let Lit::Var(w) = self.wrong(cand) else {
                continue;
            };
            let mut assumptions = base.to_vec();
            assumptions.push(w);
            match self.sat.solve(&assumptions, clock) {
                SatResult::Unsat => forced.push(cand),
                SatResult::Sat => {}
                SatResult::Unknown => return Err(clock.check().err().unwrap_or(Stop::GaveUp)),
            }
        }
        Ok(forced)
    }

    /// Solver variable of each touched hidden cell (0 elsewhere).
    pub(crate) fn var_of(&self) -> &[i32] {
        &self.var_of
    }

    /// Whether the untouched group may be forced at all.
    pub(crate) fn untouched_may_be_forced(&self) -> bool {
        self.untouched_may_be_forced
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
) -> Result<(Vec<usize>, Option<RoundSolver<'p>>), Stop> {
    let visible = visible_clues(puzzle, known);
    let mut values = known.clone();
    let mut forced = local::propagate(puzzle, &visible, &mut values);
    let hidden_left = values.iter().any(|v| v.is_none());
    if !hidden_left && !keep_solver {
        forced.sort_unstable();
        return Ok((forced, None));
    }
    let mut solver = RoundSolver::new(puzzle, known, backend);
    if hidden_left {
        let facts: Vec<(usize, bool)> = forced.iter().map(|&i| (i, puzzle.blue[i])).collect();
        let touched_open: Vec<Cand> = (0..puzzle.cells.len())
            .filter(|&i| values[i].is_none() && solver.var_of()[i] != 0)
            .map(Cand::Cell)
            .collect();
        // Pass 1: without the counter.
        let first = solver.backbone(touched_open.clone(), &facts, false, clock)?;
        let mut facts = facts;
        for c in &first {
            if let Cand::Cell(i) = c {
                forced.push(*i);
                facts.push((*i, puzzle.blue[*i]));
            }
        }
        // Pass 2: with the counter, for what is left.
        let mut cands: Vec<Cand> = touched_open.into_iter().filter(|c| !first.contains(c)).collect();
        let untouched_open = solver.untouched.iter().any(|&i| values[i].is_none());
        if untouched_open && solver.untouched_may_be_forced() {
            cands.push(Cand::Untouched);
        }
        if !cands.is_empty() {
            for c in solver.backbone(cands, &facts, true, clock)? {
                match c {
                    Cand::Cell(i) => forced.push(i),
                    Cand::Untouched => {
                        forced.extend(solver.untouched.iter().copied().filter(|&i| values[i].is_none()))
                    }
                }
            }
        }
    }
    forced.sort_unstable();
    forced.dedup();
    Ok((forced, keep_solver.then_some(solver)))
}
