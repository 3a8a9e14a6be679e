//! The SAT solver behind a small trait: `cadical` by default, `minisat` behind the
//! cargo feature of that name. Literals are DIMACS integers.

use super::budget::Clock;

/// The answer of one SAT call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SatResult {
    /// A model exists; read it with [`SatBackend::value`].
    Sat,
    /// No model under the assumptions; read the core with [`SatBackend::failed`].
    Unsat,
    /// A limit was hit.
    Unknown,
}

/// What the engine needs from a SAT solver.
pub(crate) trait SatBackend {
    /// A fresh variable (positive literal).
    fn new_var(&mut self) -> i32;
    /// Adds a clause.
    fn add_clause(&mut self, lits: &[i32]);
    /// Solves under assumptions within the clock's limits.
    fn solve(&mut self, assumptions: &[i32], clock: &Clock) -> SatResult;
    /// The value of `lit` in the last model (`false` when unassigned).
    fn value(&self, lit: i32) -> bool;
    /// Whether assumption `lit` was part of the last refutation. Backends that cannot
    /// tell answer `true` (every assumption counts).
    fn failed(&self, lit: i32) -> bool;
}

/// Which SAT solver to use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Backend {
    /// CaDiCaL (the `cadical` crate).
    #[default]
    Cadical,
    /// MiniSat (the `minisat` crate, cargo feature `minisat`).
    #[cfg(feature = "minisat")]
    Minisat,
}

impl Backend {
    /// A new empty solver of this kind.
    pub(crate) fn new_solver(self) -> Box<dyn SatBackend> {
        match self {
            Backend::Cadical => Box::new(CadicalBackend::new()),
            #[cfg(feature = "minisat")]
            Backend::Minisat => Box::new(super::sat_minisat::MinisatBackend::new()),
        }
    }
}

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
    fn new() -> CadicalBackend {
        CadicalBackend {
            solver: cadical::Solver::new(),
            n_vars: 0,
        }
    }
}

impl SatBackend for CadicalBackend {
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
