//! The fixes that quick fixes and refactors offer: named sets of [`LineEdit`]s, each
//! a replacement within one line of the text (a [`crate::edit::TextChange`] that
//! stays on its line).

use crate::diagnostic::TextRange;

/// Replace the text of `range` (within one line) with `new_text`, which may hold
/// line breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineEdit {
    /// What to replace; an empty range inserts.
    pub range: TextRange,
    /// The replacement.
    pub new_text: String,
}

impl LineEdit {
    /// An edit replacing `range` with `new_text`.
    pub fn new(range: TextRange, new_text: impl Into<String>) -> LineEdit {
        LineEdit {
            range,
            new_text: new_text.into(),
        }
    }
}

/// Whether a fix repairs a reported problem or reshapes a working level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FixKind {
    /// Repairs a diagnostic.
    QuickFix,
    /// Changes the item under the cursor.
    Refactor,
}

/// A named change to the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextFix {
    /// What it does, e.g. "Show F7 as {3}".
    pub title: String,
    /// Quick fix or refactor.
    pub kind: FixKind,
    /// Non-overlapping edits, in text order.
    pub edits: Vec<LineEdit>,
    /// Whether it is the obvious fix an editor may apply on its own.
    pub preferred: bool,
}

/// Line `line` of `text` without its line ending (a first-line BOM is kept, since
/// core's columns count it).
pub(crate) fn line_text(text: &str, line: u32) -> Option<&str> {
    let raw = text.split('\n').nth(line as usize)?;
    Some(raw.strip_suffix('\r').unwrap_or(raw))
}

/// Number of characters on `line` of `text` (0 past the end).
pub(crate) fn line_len(text: &str, line: u32) -> u32 {
    line_text(text, line).map_or(0, |l| l.chars().count() as u32)
}
