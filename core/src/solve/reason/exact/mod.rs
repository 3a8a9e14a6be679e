//! A small exact checker for "do these few clues force this cell?", asked many times
//! while an explanation is built and minimised.
//!
//! May import: the engine's ground and the colouring search (`reason/local_search.rs`, for
//! the short local search of `repair.rs`).
//!
//! Its files, from the top: `checker.rs`, the entry ([`ExactChecker::check`], one
//! question); `build.rs`, `propagate.rs`, `search.rs`, `conflict.rs`, `repair.rs` and
//! `by_parts.rs`, which each add one concern's methods to the [`ExactChecker`]; below
//! them what they all read: `state.rs` (the checker's fields, its answer [`Check`], its
//! constraints and marks), `part_counts.rs` (the answers `by_parts.rs` keeps) and
//! `bits.rs` (bit sets).
//!
//! It searches colourings of only the hidden cells in the clues' scopes (the cell's
//! connected part of them, or all of them with the remaining-blue counter), depth
//! first from the solution's colours, with propagation: a clue needs between its
//! blue and its blue-or-open members, a line's togetherness places its blues, every
//! shape is checked once a clue is full, and with the counter a packing of clues that
//! share no open cell bounds the blues left. A colouring with the cell wrong proves
//! the clues do not force it (a short local search looks for one when the search
//! stops early). An exhausted search proves they do; each conflict is traced back
//! through the reasons of its assignments to the clues and decisions it rests on, so
//! the search jumps back over decisions that do not matter and names the clues the
//! refutation needs, usually far fewer than were asked about. A node limit keeps it
//! cheap: past it the answer is unknown and the caller asks the LP or SAT solver.
//! A counting question whose clues fall into parts that share no hidden cell can
//! also be decided part by part (`by_parts.rs`).

mod bits;
mod build;
mod by_parts;
mod checker;
mod conflict;
mod part_counts;
mod propagate;
mod repair;
mod search;
mod state;
#[cfg(test)]
mod tests;

pub(crate) use state::{Check, ExactChecker};
