//! One SAT solver for a whole level's rounds. A clue is encoded once, when it becomes
//! visible; a cell uncovered since becomes a unit clause; only the remaining-blue
//! counter is encoded per round (over the hidden cells some clue touches, with one
//! count for the rest), behind a selector that is retired when the round ends. A round
//! then costs little more than its queries: "a colouring that meets everything visible
//! and gives at least one candidate cell another colour than the solution".
//!
//! Each cell's variable means "this cell differs from the solution".

use crate::solve::budget::{Clock, Stop};
use crate::solve::puzzle::{Cand, Puzzle, Values};
use crate::solve::reason::lp;

use super::backend::SatBackend;
use super::encode::{Cnf, Lit};
use super::solver::{SatResult, SatSolver};

/// Conflicts for a "differs somewhere" query before settling cells one by one.
const FIRST_TRY_CONFLICTS: u64 = 20_000;

/// The solver and what it has encoded so far.
pub(crate) struct LevelSat<'p> {
    puzzle: &'p Puzzle,
    sat: Box<dyn SatSolver>,
    /// The variable "cell differs from the solution" of each cell a clue touched while
    /// it was hidden (0 for the others).
    var_of: Vec<i32>,
    /// Clues already encoded (every visible clue, from the round it became visible).
    encoded: Vec<bool>,
    /// Visible clues, in the order they became visible.
    visible: Vec<usize>,
    /// Cells whose colour is a unit clause.
    fixed: Vec<bool>,
    /// Values at the start of the round.
    known: Values,
    /// Hidden cells some visible clue touches.
    touched: Vec<usize>,
    /// Hidden cells no visible clue touches.
    untouched: Vec<usize>,
    /// This round's counter selector and the literal "the untouched cells differ".
    counter: Option<(i32, Lit)>,
}

/// Told of each colouring of every cell a query finds that meets everything visible,
/// the counter included, with the candidates still open; it may drop the candidates
/// that other colourings it derives rule out.
pub(crate) type OnModel<'a> = &'a mut dyn FnMut(&[bool], &mut Vec<Cand>);

impl<'p> LevelSat<'p> {
    /// An empty solver for `puzzle`.
    pub(crate) fn new(puzzle: &'p Puzzle, backend: SatBackend) -> LevelSat<'p> {
        LevelSat {
            puzzle,
            sat: backend.new_solver(),
            var_of: vec![0; puzzle.cells.len()],
            encoded: vec![false; puzzle.clues.len()],
            visible: Vec::new(),
            fixed: vec![false; puzzle.cells.len()],
            known: Vec::new(),
            touched: Vec::new(),
            untouched: Vec::new(),
            counter: None,
        }
    }

    /// Moves to the round that starts with `known` uncovered and `visible` clues shown:
    /// retires the last round's counter, fixes the newly uncovered cells and encodes
    /// the newly visible clues.
    pub(crate) fn start_round(&mut self, known: &Values, visible: &[usize]) {
        if let Some((sel, _)) = self.counter.take() {
            self.sat.add_clause(&[-sel]);
        }
        for (i, value) in known.iter().enumerate() {
            if value.is_some() && !self.fixed[i] && self.var_of[i] != 0 {
                self.fixed[i] = true;
                self.sat.add_clause(&[-self.var_of[i]]);
            }
        }
        for &c in visible {
            if !self.encoded[c] {
                self.encoded[c] = true;
                self.visible.push(c);
                self.encode(c, known);
            }
        }
        self.known = known.clone();
        self.touched.clear();
        self.untouched.clear();
        for (i, value) in known.iter().enumerate() {
            if value.is_none() {
                if self.var_of[i] != 0 {
                    self.touched.push(i);
                } else {
                    self.untouched.push(i);
                }
            }
        }
    }

    /// Adds clue `c`'s clauses for good; cells known now are constants.
    fn encode(&mut self, c: usize, known: &Values) {
        let puzzle = self.puzzle;
        let clue = &puzzle.clues[c];
        for &m in &clue.members {
            if known[m].is_none() && self.var_of[m] == 0 {
                self.var_of[m] = self.sat.new_var();
            }
        }
        let var_of = &self.var_of;
        let lit_of = |m: usize| match known[m] {
            Some(b) => Lit::Const(b),
            // "Differs" is "blue" for a black cell and "black" for a blue one.
            None if puzzle.blue[m] => Lit::Var(-var_of[m]),
            None => Lit::Var(var_of[m]),
        };
        Cnf::new(self.sat.as_mut()).clue(None, clue, &lit_of);
    }

    /// Blue cells not uncovered at the start of the round.
    fn remaining(&self) -> usize {
        self.puzzle.remaining(&self.known)
    }

    /// The round's counter selector (encoded on first use) and the literal "the
    /// untouched cells differ from the solution".
    fn counter(&mut self) -> (i32, Lit) {
        if let Some(c) = self.counter {
            return c;
        }
        let remaining = self.remaining() as i64;
        let n_u = self.untouched.len() as i64;
        // Blue literals of the touched cells.
        let blues: Vec<i32> = self
            .touched
            .iter()
            .map(|&m| {
                if self.puzzle.blue[m] {
                    -self.var_of[m]
                } else {
                    self.var_of[m]
                }
            })
            .collect();
        let u_sol = self.untouched.iter().filter(|i| self.puzzle.blue[**i]).count() as i64;
        let sel = self.sat.new_var();
        // Retired with the round: the totalizer's definitions go too.
        let differ =
            Cnf::retirable(self.sat.as_mut(), sel).remaining_count(Some(sel), &blues, remaining, n_u, u_sol);
        self.counter = Some((sel, differ));
        (sel, differ)
    }

    /// The literal "`cand` takes another colour than in the solution".
    fn wrong(&self, cand: Cand) -> Lit {
        match cand {
            Cand::Cell(i) if self.var_of[i] != 0 && self.known[i].is_none() => Lit::Var(self.var_of[i]),
            // Not touched: only the counter constrains it (asked as `Untouched`).
            Cand::Cell(_) => Lit::Const(true),
            Cand::Untouched => self.counter.map_or(Lit::Const(true), |c| c.1),
        }
    }

    /// The last model as a colouring of every cell, when it meets the counter too
    /// (untouched cells filled as close to the solution as the count allows).
    fn full_model(&self) -> Option<Vec<bool>> {
        let puzzle = self.puzzle;
        let mut model: Vec<bool> = (0..puzzle.cells.len())
            .map(|i| match self.known[i] {
                Some(b) => b,
                None if self.var_of[i] != 0 => puzzle.blue[i] != self.sat.value(self.var_of[i]),
                None => puzzle.blue[i],
            })
            .collect();
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

    /// Which of `cands` are forced, given the extra facts (cell, blue) forced earlier
    /// in the round.
    pub(crate) fn backbone(
        &mut self,
        cands: Vec<Cand>,
        facts: &[(usize, bool)],
        with_counter: bool,
        clock: &Clock,
        on_model: OnModel<'_>,
    ) -> Result<Vec<Cand>, Stop> {
        match self.backbone_within(cands, facts, with_counter, clock, None, on_model)? {
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
        on_model: OnModel<'_>,
    ) -> Result<Result<Vec<Cand>, Vec<Cand>>, Stop> {
        let mut base: Vec<i32> = Vec::new();
        if with_counter {
            base.push(self.counter().0);
        }
        for &(cell, _) in facts {
            // Facts are forced cells: they take their solution colour.
            if self.var_of[cell] != 0 && self.known[cell].is_none() {
                base.push(-self.var_of[cell]);
            }
        }
        loop {
            clock.check()?;
            cands.retain(|c| self.wrong(*c) != Lit::Const(false));
            if cands.is_empty() {
                return Ok(Ok(Vec::new()));
            }
            let act = self.sat.new_var();
            let mut clause: Vec<i32> = cands
                .iter()
                .filter_map(|c| match self.wrong(*c) {
                    Lit::Var(v) => Some(v),
                    Lit::Const(_) => None,
                })
                .collect();
            clause.push(-act);
            self.sat.add_clause(&clause);
            let mut assumptions = base.clone();
            assumptions.push(act);
            let limit = conflicts.unwrap_or(FIRST_TRY_CONFLICTS);
            let result = self.sat.solve(&assumptions, &clock.with_conflicts(limit));
            // Retire the query whatever the answer (after reading any model).
            let retire = |sat: &mut Box<dyn SatSolver>| sat.add_clause(&[-act]);
            match result {
                SatResult::Unsat => {
                    retire(&mut self.sat);
                    return Ok(Ok(cands));
                }
                SatResult::Sat => {
                    let before = cands.len();
                    cands.retain(|c| match self.wrong(*c) {
                        Lit::Var(v) => !self.sat.value(v),
                        Lit::Const(b) => !b,
                    });
                    if cands.len() == before {
                        // Cannot happen (the model flips a candidate); avoid looping.
                        retire(&mut self.sat);
                        return Err(Stop::GaveUp);
                    }
                    if let Some(model) = self.full_model() {
                        on_model(&model, &mut cands);
                    }
                    retire(&mut self.sat);
                }
                SatResult::Unknown => {
                    retire(&mut self.sat);
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
        let lp = lp::Relaxation::new(
            self.puzzle,
            &self.known,
            &self.visible,
            &self.untouched,
            with_counter,
        );
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
}
