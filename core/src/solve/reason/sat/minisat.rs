//! The MiniSat backend (cargo feature `minisat`), used to cross-check CaDiCaL.
//!
//! The `minisat` crate has no conflict limit, no terminate hook and no failed
//! assumptions: the clock is checked between calls only, and every assumption counts
//! as failed (explanations are then minimised by deletion alone).

use minisat::{Bool, Solver};

use super::solver::{SatResult, SatSolver};
use crate::solve::budget::Clock;

/// The MiniSat backend.
pub(crate) struct MinisatBackend {
    solver: Solver,
    vars: Vec<Bool>,
    model: Vec<bool>,
}

impl MinisatBackend {
    pub(crate) fn new() -> MinisatBackend {
        MinisatBackend {
            solver: Solver::new(),
            vars: Vec::new(),
            model: Vec::new(),
        }
    }

    fn lit(&self, lit: i32) -> Bool {
        let idx = lit.unsigned_abs() as usize;
        let var = self
            .vars
            .get(idx.wrapping_sub(1))
            .copied()
            .unwrap_or(Bool::Const(false));
        if lit < 0 {
            !var
        } else {
            var
        }
    }
}

impl SatSolver for MinisatBackend {
    fn new_var(&mut self) -> i32 {
        let var = self.solver.new_lit();
        self.vars.push(var);
        self.vars.len() as i32
    }

    fn add_clause(&mut self, lits: &[i32]) {
        let clause: Vec<Bool> = lits.iter().map(|l| self.lit(*l)).collect();
        self.solver.add_clause(clause);
    }

    fn solve(&mut self, assumptions: &[i32], clock: &Clock) -> SatResult {
        if clock.should_stop() {
            return SatResult::Unknown;
        }
        let assumptions: Vec<Bool> = assumptions.iter().map(|l| self.lit(*l)).collect();
        let vars = &self.vars;
        match self.solver.solve_under_assumptions(assumptions) {
            Ok(model) => {
                self.model = vars.iter().map(|v| model.value(v)).collect();
                SatResult::Sat
            }
            Err(()) => SatResult::Unsat,
        }
    }

    fn value(&self, lit: i32) -> bool {
        let idx = lit.unsigned_abs() as usize;
        let v = self.model.get(idx.wrapping_sub(1)).copied().unwrap_or(false);
        if lit < 0 {
            !v
        } else {
            v
        }
    }

    fn failed(&self, _lit: i32) -> bool {
        true
    }
}
