//! What the engine needs from a SAT solver, as a small trait; each backend
//! (`cadical.rs`, `minisat.rs`) implements it. Literals are DIMACS integers.

use crate::solve::budget::Clock;

/// The answer of one SAT call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SatResult {
    /// A model exists; read it with [`SatSolver::value`].
    Sat,
    /// No model under the assumptions; read the core with [`SatSolver::failed`].
    Unsat,
    /// A limit was hit.
    Unknown,
}

/// What the engine needs from a SAT solver.
pub(crate) trait SatSolver {
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
