//! Editor questions about a parsed text, answered as plain data: hover, highlights and
//! references, semantic tokens, quick fixes and refactors, symbols and folds, inlay
//! hints.
//!
//! Architecture invariant: answers are in core's own types ([`TextRange`] in character
//! columns, cells named in Hexix notation); there are no protocol types and no I/O
//! here. The language server converts the answers, and the CLI or viewer can ask the
//! same questions. No function panics on any text or position.

pub mod hover;
pub mod inlay_hints;
pub mod navigate;
pub mod quick_fix;
pub mod refactor;
pub mod semantic_tokens;
pub mod sixcells_diagnostics;
pub mod solvability;
pub mod symbols;
pub mod text_fix;

pub use hover::{hover, HoverInfo};
pub use inlay_hints::{inlay_hints, InlayHint};
pub use navigate::{definition, highlights, references, Highlight};
pub use quick_fix::quick_fixes;
pub use refactor::refactors;
pub use semantic_tokens::{semantic_tokens, semantic_tokens_in, SemanticToken, TokenKind, TokenModifiers};
pub use symbols::{folds, symbols, LineSpan, Symbol, SymbolKind};
pub use text_fix::{FixKind, LineEdit, TextFix};

use crate::format::{HeaderField, Parse, ParsedLevel};
use crate::model::Pos;
use crate::TextRange;

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
pub(crate) fn item_at(parse: &Parse, line: u32, column: u32) -> Option<(&ParsedLevel, Pos, TextRange)> {
    match target_at(parse, line, column)? {
        Target::Item {
            level_idx,
            pos,
            range,
        } => Some((parse.levels.get(level_idx)?, pos, range)),
        Target::Header { .. } => None,
    }
}

#[cfg(test)]
pub(crate) mod test_support {
    //! Small levels for the analysis tests, written out to the full 33 x 33 grid.

    /// A level whose grid is `rows` placed at group 10 of line 8 (away from the
    /// game's interface), with `$0` marking a cursor; returns the text and the
    /// cursor's (line, column).
    pub fn level(rows: &[&str]) -> (String, (u32, u32)) {
        let mut text = String::from("Hexcells level v1\nTest\nUs\n\n\n");
        let mut cursor = (0, 0);
        for y in 0..33usize {
            let mut line = ".".repeat(20);
            if let Some(row) = y.checked_sub(8).and_then(|i| rows.get(i)) {
                if let Some(at) = row.find("$0") {
                    cursor = (5 + y as u32, 20 + at as u32);
                }
                line.push_str(&row.replace("$0", ""));
            }
            while line.len() < 66 {
                line.push('.');
            }
            text.push_str(&line);
            text.push('\n');
        }
        (text, cursor)
    }
}
