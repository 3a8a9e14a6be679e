//! The visual editor's operations as text changes: given a text and an [`Op`] on one of
//! its levels, the smallest [`TextChange`]s that make the text read as the edited
//! level. Only the groups and header lines that change are rewritten; every other byte
//! (the author's spacing, line endings, trailing text, the other levels of a pack)
//! stays as it was.
//!
//! The text stays the source of truth: an operation is applied to the level as the
//! text reads ([`apply_op`]), the result is diffed against it, and the changed text is
//! parsed again to check that it reads as intended. A level with a syntax error (its
//! magic line, header or grid not read as written) is refused with the first one,
//! never guessed at.
//!
//! May import: the format, the model, the diagnostics, and the analysis's line edits
//! (`analysis::text_fix`, which the text changes convert). Its files import each other,
//! never this one.
//!
//! Its entries, from the top: `changes.rs` ([`changes`](changes()): an operation as
//! text changes, checked), `ops.rs` (what each [`Op`] does to a level), `place.rs` and
//! `together_marks.rs` (where items may go, the `{n}` / `-n-` marks after an edit),
//! `diff.rs` (the smallest changes between two versions of a level), `text.rs`
//! ([`TextChange`]) and `error.rs` (why an edit was refused, [`EditError`]).
//!
//! Pure and without I/O, like the rest of core.

mod changes;
mod diff;
mod error;
pub mod ops;
pub mod place;
pub mod text;
pub mod together_marks;

pub use changes::changes;
pub use error::EditError;
pub use ops::{apply_op, Op};
pub use place::{attached_columns, blocker, column_place, lattice_parity, DIRECTIONS};
pub use text::{apply, inverse, TextChange, TextPos};
pub use together_marks::computed_mark;

#[cfg(test)]
mod tests;
