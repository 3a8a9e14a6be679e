//! An operation as text changes: [`changes`] applies an [`Op`] to the level as the
//! text reads, diffs the result against it, and parses the changed text again to check
//! that it reads as intended. A level with a syntax error is refused with the first
//! one ([`ParsedLevel::syntax_error`]), never guessed at.

use super::diff;
use super::error::EditError;
use super::ops::{apply_op, Op};
use super::text::{self, apply, TextChange, TextPos};
use crate::format::{count_levels, parse_level_at, print, ParsedLevel};
use crate::model::Level;

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
    if let Some(error) = level.syntax_error() {
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

/// Whether `after` (the text `before` changed) holds as many levels, and level `idx`,
/// starting on the same line, reads as `new`.
fn reads_as(before: &str, after: &str, old: &ParsedLevel, idx: usize, new: &Level) -> bool {
    count_levels(after) == count_levels(before)
        && parse_level_at(after, idx)
            .is_some_and(|level| level.level == *new && level.source.first_line == old.source.first_line)
}
