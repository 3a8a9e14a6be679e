//! The SAT solver and what the engine asks it, from the top: one incremental solver for
//! a level's rounds (`level_sat.rs`), one round's encoding with a selector per clue for
//! explanations and hints (`round.rs`), the clause encodings of clues and the counter
//! (`encode.rs`), and the backends (`backend.rs`, `cadical.rs`, `minisat.rs`) behind one
//! small trait (`solver.rs`).
//!
//! May import: the engine's ground and the LP (`level_sat.rs` asks it before a slow
//! query); its files import each other, never this one.

mod backend;
mod cadical;
pub(crate) mod encode;
pub(crate) mod level_sat;
#[cfg(feature = "minisat")]
mod minisat;
pub(crate) mod round;
mod solver;

pub use backend::SatBackend;
pub(crate) use solver::{SatResult, SatSolver};
