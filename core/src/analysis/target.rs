//! What sits under a cursor: an item of the grid or a header line ([`Target`]), the
//! position most editor questions start from.

use crate::diagnostic::TextRange;
use crate::format::{HeaderField, Parse, ParsedLevel};
use crate::model::Pos;

/// What sits under a cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A grid group holding an item (cell or column number).
    Item {
        /// Index of the level in the file (0 unless it is a pack).
        level_idx: usize,
        /// Its grid position.
        pos: Pos,
        /// Its text range.
        range: TextRange,
    },
    /// A header line.
    Header {
        /// Index of the level in the file.
        level_idx: usize,
        /// Which header line.
        field: HeaderField,
        /// Its text range.
        range: TextRange,
    },
}

/// What is at character (`line`, `column`), if anything: an item of the grid or a
/// header line. An empty grid group is nothing.
pub fn target_at(parse: &Parse, line: u32, column: u32) -> Option<Target> {
    let (level_idx, parsed) = parse.level_at_line(line)?;
    if let Some(field) = parsed.source.header_at(line) {
        let range = parsed.source.header_range(field)?;
        return Some(Target::Header {
            level_idx,
            field,
            range,
        });
    }
    let pos = parsed.source.pos_at(line, column)?;
    parsed.level.get(pos)?;
    let range = parsed.source.range_of(pos)?;
    Some(Target::Item {
        level_idx,
        pos,
        range,
    })
}

/// The item under the cursor with its level, when the cursor is on one.
pub(super) fn item_at(parse: &Parse, line: u32, column: u32) -> Option<(&ParsedLevel, Pos, TextRange)> {
    match target_at(parse, line, column)? {
        Target::Item {
            level_idx,
            pos,
            range,
        } => Some((parse.levels.get(level_idx)?, pos, range)),
        Target::Header { .. } => None,
    }
}
