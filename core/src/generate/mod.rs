//! `hexcells generate`: reproducible levels that the deduction engine solves, and the
//! clues for an author's drawing.
//!
//! May import: the model, the model checks (`validate`), the diagnostics and the
//! engine's surface (`solve`). Its files import each other, never this one.
//!
//! Its entries, from the top:
//! - `random.rs`: [`generate`], a level from a [`Shape`] (`shape.rs`) and a seed word,
//!   drawn, revealed, pruned and graded ([`Grade`]) until one meets the
//!   [`GenerateOptions`];
//! - `unneeded.rs`: [`unneeded_clues`], each clue a solvable level never needs;
//! - `from_drawing.rs`: [`fill_clues`], clues for a drawing, its colours kept;
//! - `prune.rs`: the pruning the entries share: every clue left is needed;
//! - `clues.rs`: a candidate level, its colours and every clue it could show;
//! - what they share: `rng.rs` (the generator's own random numbers), `progress.rs`
//!   (where a long run is, [`GenerateProgress`]) and `engine.rs` (the engine with the
//!   generator's conflict budget, stopped by the caller's [`Limits`]).
//!
//! **Reproducibility promise.** The same [`GenerateOptions`] (shape, blue ratio, target,
//! seed word) give a byte-identical level on every machine and every version of
//! this generator. Everything random comes from [`rng`] (FNV-1a of the seed word
//! into SplitMix64, integers only); cells, lines and clues are visited in grid
//! order; no hash map is iterated; no float is used. The engine is called with a
//! conflict limit and no time limit, so a slow machine gets the same answers, only
//! later. A change to this algorithm that changes any level must be treated as a
//! breaking change: the fixed expected files in `core/tests/fixtures/generate/`
//! catch it.

mod clues;
mod engine;
mod from_drawing;
mod progress;
mod prune;
mod random;
pub mod rng;
mod shape;
mod unneeded;

pub use crate::solve::Grade;

pub use engine::{Limits, ENGINE_CONFLICTS};
pub use from_drawing::{
    fill_attempts, fill_clues, strip_clues, ClueCount, FillError, FillOptions, Filled, OwnClues,
};
pub use progress::{GenerateProgress, Phase};
pub use random::{generate, GenerateError, GenerateOptions, Generated, MAX_ATTEMPTS};
pub use shape::{Shape, ShapeError};
pub use unneeded::{unneeded_clues, unneeded_clues_from_scratch, Unneeded, UnneededClues};
