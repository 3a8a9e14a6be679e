//! Why each forced cell is forced: for every cell of a round, the most specific named
//! rule of `rules/` that proves it, or else a minimal set of visible clues that forces
//! it (`minimal.rs`, asking `question.rs`), read as a chain of named rules or as a
//! contradiction. Cells that lie in the same plain-count clues share an explanation
//! with the counter (`twin.rs`). `verify.rs` re-checks an explanation independently of
//! how it was found.
//!
//! May import: the ground, `reason/`, `rules/` and `report.rs`.
//!
//! Its files, from the top: `kept.rs` (a round's explanations kept by their content,
//! for versions of a level), `per_cell.rs` (the entry: a round's explanations, cell by
//! cell) and `verify.rs` (the re-check); below them `minimal.rs`, `question.rs`,
//! `rotate.rs` and `witness.rs` (the general search and what it asks), and `twin.rs`.

mod kept;
mod minimal;
mod per_cell;
pub(crate) mod question;
mod rotate;
mod twin;
mod verify;
mod witness;

pub(crate) use kept::{explain_kept, KeptRounds};
pub(crate) use per_cell::{explain_all, explain_all_with, Purpose};
pub use verify::{check_explanation, rederive, ExplanationCheck};
