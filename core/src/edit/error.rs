//! Why an edit was refused ([`EditError`]): by the operation itself (nothing there,
//! in the way, off the grid) or by the text (no such level, a syntax error, a change
//! that would read otherwise). The message says what to do instead.

use crate::model::{name, Pos};

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
