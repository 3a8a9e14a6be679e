//! The SAT solver the engine uses: `cadical` by default, `minisat` behind the cargo
//! feature of that name. The interface they share is in `sat_backend.rs`.

pub(crate) use crate::solve::sat_backend::{SatBackend, SatResult};

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
            Backend::Cadical => Box::new(crate::solve::sat_cadical::CadicalBackend::new()),
            #[cfg(feature = "minisat")]
            Backend::Minisat => Box::new(crate::solve::sat_minisat::MinisatBackend::new()),
        }
    }
}
