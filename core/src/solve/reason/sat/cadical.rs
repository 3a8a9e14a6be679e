//! The CaDiCaL backend (the `cadical` crate), the engine's default SAT solver.

use super::solver::{SatResult, SatSolver};
use crate::solve::budget::Clock;

/// Stops CaDiCaL when the clock says so.
struct Terminate {
    clock: Option<Clock>,
}

impl cadical::Callbacks for Terminate {
    fn terminate(&mut self) -> bool {
        self.clock.as_ref().is_some_and(Clock::should_stop)
    }
}

/// The CaDiCaL backend.
pub(crate) struct CadicalBackend {
    solver: cadical::Solver<Terminate>,
    n_vars: i32,
}

impl CadicalBackend {
    pub(crate) fn new() -> CadicalBackend {
        CadicalBackend {
            solver: cadical::Solver::new(),
            n_vars: 0,
        }
    }
}

impl SatSolver for CadicalBackend {
    fn new_var(&mut self) -> i32 {
        self.n_vars += 1;
        self.n_vars
    }

    fn add_clause(&mut self, lits: &[i32]) {
        self.solver.add_clause(lits.iter().copied());
    }

    fn solve(&mut self, assumptions: &[i32], clock: &Clock) -> SatResult {
        if clock.should_stop() {
            return SatResult::Unknown;
        }
        if let Some(limit) = clock.max_conflicts {
            let limit = i32::try_from(limit).unwrap_or(i32::MAX);
            // "conflicts" is a known limit name; an error cannot happen here.
            let _ = self.solver.set_limit("conflicts", limit);
        }
        self.solver.set_callbacks(Some(Terminate {
            clock: Some(clock.clone()),
        }));
        match self.solver.solve_with(assumptions.iter().copied()) {
            Some(true) => SatResult::Sat,
            Some(false) => SatResult::Unsat,
            None => SatResult::Unknown,
        }
    }

    fn value(&self, lit: i32) -> bool {
        self.solver.value(lit) == Some(true)
    }

    fn failed(&self, lit: i32) -> bool {
        self.solver.failed(lit)
    }
}
