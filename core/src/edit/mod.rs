//! The visual editor's operations as text changes: given a text and an [`Op`] on one of
//! its levels, the smallest [`TextChange`]s that make the text read as the edited
//! level. Only the groups and header lines that change are rewritten; every other byte
//! (the author's spacing, line endings, trailing text, the other levels of a pack)
//! stays as it was.
//!
//! The text stays the source of truth: an operation is applied to the level as the
//! text reads ([`apply_op`]), the result is diffed against it, and the changed text is
//! parsed again to check that it reads as intended. A level whose grid does not parse
//! is refused with the first syntax error, never guessed at.
//!
//! Pure and without I/O, like the rest of core.

mod diff;
pub mod ops;
pub mod place;
pub mod text;
pub mod together_marks;

pub use ops::{apply_op, Op};
pub use place::{attached_columns, blocker, column_place, lattice_parity, DIRECTIONS};
pub use text::{apply, inverse, TextChange, TextPos};
pub use together_marks::computed_mark;

use crate::format::{count_levels, parse_level_at, print, ParsedLevel};
use crate::model::{name, Level, Pos};
use crate::{Code, Diagnostic, Severity};

/// Why an edit was refused. The message says what to do instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// The text has no level with this index.
    #[error("the text has no level {}", .idx + 1)]
    NoLevel {
        /// The index asked for, from 0.
        idx: usize,
    },
    /// The level's text has a syntax error, so its grid cannot be edited safely.
    #[error("line {}: {message}; fix the text there before editing this level", .line + 1)]
    Unparsed {
        /// The error's line, from 0.
        line: u32,
        /// The parser's message.
        message: String,
    },
    /// Nothing sits at the place.
    #[error("there is nothing at {}", name(*.pos))]
    Empty {
        /// The place.
        pos: Pos,
    },
    /// The operation needs a cell.
    #[error("{} is not a cell", name(*.pos))]
    NotACell {
        /// The place.
        pos: Pos,
    },
    /// An item would overlap another one on screen.
    #[error("{} would overlap the {what} at {}", name(*.at), name(*.by))]
    Blocked {
        /// Where the new item would go.
        at: Pos,
        /// The item in the way.
        by: Pos,
        /// What that item is (`"black cell"`).
        what: &'static str,
    },
    /// An item would leave the 33 x 33 grid.
    #[error("that would leave the 33 x 33 grid")]
    OffGrid,
    /// A move by an odd number of half-lines would leave the hexagon lattice.
    #[error("a move must keep the hexagon lattice (groups plus lines moved must be even)")]
    OffLattice,
    /// A header line would read as the line that starts a level.
    #[error(
        "a header line cannot read `{}`: that line starts a new level",
        crate::format::MAGIC
    )]
    MagicText,
    /// The operation names nothing to change.
    #[error("nothing to change")]
    NothingToDo,
    /// The changed text would not read as the edited level (e.g. a header line that
    /// reads as a grid line): the edit is left to the text editor.
    #[error("the text would read differently after this edit; make it in the text instead")]
    Misread,
}

/// The text changes that apply `op` to level `level_idx` of `text`; empty when the
/// operation changes nothing. An empty text (a new file) holds one empty level.
pub fn changes(text: &str, level_idx: usize, op: &Op) -> Result<Vec<TextChange>, EditError> {
    if text.trim().is_empty() && level_idx == 0 {
        let new = apply_op(&Level::new(), op)?;
        let end = text::TextPos::new(text.split('\n').count() as u32, 0);
        return Ok(vec![TextChange::new(TextPos::default(), end, print(&new))]);
    }
    // Only the edited level is read: the changes stay inside its lines, so the other
    // levels of a pack read as before.
    let level = parse_level_at(text, level_idx).ok_or(EditError::NoLevel { idx: level_idx })?;
    if let Some(error) = syntax_error(&level) {
        return Err(EditError::Unparsed {
            line: error.range.line,
            message: error.message.clone(),
        });
    }
    let new = apply_op(&level.level, op)?;
    if new == level.level {
        return Ok(Vec::new());
    }
    let changes = diff::level_changes(text, &level, &new);
    if !reads_as(text, &apply(text, &changes), &level, level_idx, &new) {
        return Err(EditError::Misread);
    }
    Ok(changes)
}

/// The first error that keeps the level's grid from being read exactly.
pub fn syntax_error(level: &ParsedLevel) -> Option<&Diagnostic> {
    level.diagnostics.iter().find(|d| {
        d.severity == Severity::Error
            && matches!(
                d.code,
                Code::MissingHeader
                    | Code::OddLineLength
                    | Code::LineTooLong
                    | Code::TooManyRows
                    | Code::UnknownItem
                    | Code::UnknownHint
            )
    })
}

/// Whether `after` (the text `before` changed) holds as many levels, and level `idx`,
/// starting on the same line, reads as `new`.
fn reads_as(before: &str, after: &str, old: &ParsedLevel, idx: usize, new: &Level) -> bool {
    count_levels(after) == count_levels(before)
        && parse_level_at(after, idx)
            .is_some_and(|level| level.level == *new && level.source.first_line == old.source.first_line)
}

#[cfg(test)]
mod tests;
