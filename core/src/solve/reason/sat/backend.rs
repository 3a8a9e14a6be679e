//! Which SAT solver the engine uses: `cadical` by default, `minisat` behind the cargo
//! feature of that name. The interface they share is in `solver.rs`.

use super::solver::SatSolver;

/// Which SAT solver to use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SatBackend {
    /// CaDiCaL (the `cadical` crate).
    #[default]
    Cadical,
    /// MiniSat (the `minisat` crate, cargo feature `minisat`).
    #[cfg(feature = "minisat")]
    Minisat,
}

impl SatBackend {
    /// A new empty solver of this kind.
    pub(crate) fn new_solver(self) -> Box<dyn SatSolver> {
        match self {
            SatBackend::Cadical => Box::new(super::cadical::CadicalBackend::new()),
            #[cfg(feature = "minisat")]
            SatBackend::Minisat => Box::new(super::minisat::MinisatBackend::new()),
        }
    }
}
