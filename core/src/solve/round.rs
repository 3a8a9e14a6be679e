//! The SAT encoding of one round's visible information, with a selector literal per
//! clue: it answers "is there a colouring that meets these clues (and maybe the
//! remaining-blue counter) and gives these cells other colours than the solution?".
//! Explanations and hints ask it about subsets of the clues.

use super::budget::{Clock, Stop};
use super::encode::{Cnf, Lit};
use super::local::Values;
use super::lp;
use super::puzzle::Puzzle;
use super::sat::{Backend, SatBackend, SatResult};

/// Conflicts for the "differs somewhere" query before settling cells one by one.
const FIRST_TRY_CONFLICTS: u64 = 20_000;

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
    /// Hidden cells some visible clue touches.
    touched: Vec<usize>,
    /// The counter's selector and the untouched-group literal, once encoded.
    counter: Option<(i32, Lit)>,
    /// Colourings of every cell found on the way that meet everything visible.
    pub(crate) models: Vec<Vec<bool>>,
    /// Whether every visible clue is encoded.
    complete: bool,
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
        backend: Backend,
        clues: Vec<usize>,
        all_visible: &[usize],
    ) -> RoundSolver<'p> {
        let mut in_clue = vec![false; puzzle.cells.len()];
        for &c in all_visible {
            for &m in &puzzle.clues[c].members {
                in_clue[m] = true;
            }
        }
        let complete = clues.len() == all_visible.len();
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
            models: Vec::new(),
            complete,
        }
    }

    /// Blue cells not uncovered at the start of the round.
    pub(crate) fn remaining(&self) -> usize {
        let n_known_blue = self.known.iter().filter(|v| **v == Some(true)).count();
        self.puzzle.n_blue.saturating_sub(n_known_blue)
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
        let n_t = vars.len() as i64;
        let mut cnf = Cnf::new(self.sat.as_mut());
        let sel = cnf.sat.new_var();
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
        // Touched blues + untouched blues = remaining.
        cnf.clause(Some(sel), &[at_least(remaining - n_u)]);
        cnf.clause(Some(sel), &[at_least(remaining + 1).negate()]);
        let u_sol = self.untouched.iter().filter(|i| self.puzzle.blue[**i]).count() as i64;
        let differ = if u_sol == 0 {
            // Some untouched cell blue: touched sum at most remaining - 1.
            at_least(remaining).negate()
        } else {
            // Some untouched cell black: touched sum at least remaining - n_u + 1.
            at_least(remaining - n_u + 1)
        };
        self.counter = Some((sel, differ));
        (sel, differ)
    }

    /// The last model as a colouring of every cell, when it also meets the counter
    /// (untouched cells filled as close to the solution as the count allows).
    fn full_model(&self) -> Option<Vec<bool>> {
        let mut model: Vec<bool> = (0..self.puzzle.cells.len())
            .map(|i| match self.known[i] {
                Some(b) => b,
                None if self.var_of[i] != 0 => self.sat.value(self.var_of[i]),
                None => self.puzzle.blue[i],
            })
            .collect();
        if !self.complete {
            // Cells in no visible clue move only the counter.
            let mut n_blue = model.iter().filter(|b| **b).count();
            for &i in &self.untouched {
                if n_blue < self.puzzle.n_blue && !model[i] {
                    model[i] = true;
                    n_blue += 1;
                } else if n_blue > self.puzzle.n_blue && model[i] {
                    model[i] = false;
                    n_blue -= 1;
                }
            }
            return (n_blue == self.puzzle.n_blue).then_some(model);
        }
        let n_touched_blue = self.touched.iter().filter(|i| model[**i]).count();
        let u = self.remaining().checked_sub(n_touched_blue)?;
        if u > self.untouched.len() {
            return None;
        }
        let mut n_u = self.untouched.iter().filter(|i| model[**i]).count();
        for &i in &self.untouched {
            if n_u < u && !model[i] {
                model[i] = true;
                n_u += 1;
            } else if n_u > u && model[i] {
                model[i] = false;
                n_u -= 1;
            }
        }
        Some(model)
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

    /// The literal "cell `i` is blue" (touched hidden cells only).
    fn blue_lit(&self, i: usize) -> Option<i32> {
        let v = self.var_of[i];
        (v != 0).then_some(v)
    }

    /// Which of `cands` are forced, given the extra facts `assume` (cell, blue).
    pub(crate) fn backbone(
        &mut self,
        cands: Vec<Cand>,
        facts: &[(usize, bool)],
        with_counter: bool,
        clock: &Clock,
    ) -> Result<Vec<Cand>, Stop> {
        match self.backbone_within(cands, facts, with_counter, clock, None)? {
            Ok(forced) => Ok(forced),
            // Not returned without a limit.
            Err(_) => Err(Stop::GaveUp),
        }
    }

    /// Like [`backbone`](Self::backbone), but gives back the candidates still open
    /// when a query needs more than `conflicts` (with `Some`), instead of going on.
    pub(crate) fn backbone_within(
        &mut self,
        mut cands: Vec<Cand>,
        facts: &[(usize, bool)],
        with_counter: bool,
        clock: &Clock,
        conflicts: Option<u64>,
    ) -> Result<Result<Vec<Cand>, Vec<Cand>>, Stop> {
        let mut base: Vec<i32> = self.selectors.iter().map(|(_, s)| *s).collect();
        if with_counter {
            base.push(self.counter().0);
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
                return Ok(Ok(Vec::new()));
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
            let limit = conflicts.unwrap_or(FIRST_TRY_CONFLICTS);
            let result = self.sat.solve(&assumptions, &clock.with_conflicts(limit));
            match result {
                SatResult::Unsat => {
                    self.sat.add_clause(&[-act]);
                    return Ok(Ok(cands));
                }
                SatResult::Sat => {
                    if let Some(model) = self.full_model() {
                        self.models.push(model);
                    }
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
                    if conflicts.is_some() {
                        return Ok(Err(cands));
                    }
                    return self
                        .backbone_one_by_one(cands, &base, with_counter, clock)
                        .map(Ok);
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
        let visible: Vec<usize> = self.selectors.iter().map(|(c, _)| *c).collect();
        let lp = lp::Relaxation::new(self.puzzle, &self.known, &visible, &self.untouched, with_counter);
        for cand in cands {
            clock.check()?;
            if lp.refutes(cand) {
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

    /// The counter's selector, if encoded.
    pub(crate) fn counter_sel(&self) -> Option<i32> {
        self.counter.map(|c| c.0)
    }
}
