//! Where each part of a level sits in its source text, so that grid positions and
//! text positions can be mapped both ways (diagnostics, hover, code actions).

use crate::diagnostic::TextRange;
use crate::model::{Pos, GRID_SIZE};

/// The header fields of a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeaderField {
    /// `Hexcells level v1`.
    Magic,
    /// The title.
    Title,
    /// The author.
    Author,
    /// The first custom text line.
    CustomText1,
    /// The second custom text line.
    CustomText2,
}

impl HeaderField {
    /// The fields in file order.
    pub const ALL: [HeaderField; 5] = [
        HeaderField::Magic,
        HeaderField::Title,
        HeaderField::Author,
        HeaderField::CustomText1,
        HeaderField::CustomText2,
    ];

    /// A human name: `"title"`, `"author"`, ...
    pub fn describe(self) -> &'static str {
        match self {
            HeaderField::Magic => "format line",
            HeaderField::Title => "title",
            HeaderField::Author => "author",
            HeaderField::CustomText1 => "custom text line 1",
            HeaderField::CustomText2 => "custom text line 2",
        }
    }
}

/// One grid line as found in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridLine {
    /// The text line it is on, from 0.
    pub line: u32,
    /// Characters of indentation before its first group.
    pub indent: u32,
    /// Characters of grid text after the indentation (trailing whitespace excluded).
    pub len: u32,
}

/// Where a level's parts are in the text.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SourceMap {
    /// First text line of this level (its magic line when it has one).
    pub first_line: u32,
    /// Text line after the last line of this level.
    pub end_line: u32,
    /// The text line of each header field, in [`HeaderField::ALL`] order, with the
    /// field's character range.
    pub header: [Option<TextRange>; 5],
    /// Grid line `y` of the level is `grid[y]`.
    pub grid: Vec<GridLine>,
}

impl SourceMap {
    /// The text range of the group at `pos`. Positions past a short (cropped) grid
    /// line map to where the group would be.
    pub fn range_of(&self, pos: Pos) -> Option<TextRange> {
        let row = self.grid.get(usize::from(pos.y()))?;
        let start = row.indent + 2 * u32::from(pos.x());
        Some(TextRange::new(row.line, start, start + 2))
    }

    /// The grid position whose group holds the character at (`line`, `column`).
    pub fn pos_at(&self, line: u32, column: u32) -> Option<Pos> {
        let (y, row) = self.grid.iter().enumerate().find(|(_, row)| row.line == line)?;
        let x = column.checked_sub(row.indent)? / 2;
        if x >= u32::from(GRID_SIZE) {
            return None;
        }
        Pos::new(x as i32, y as i32)
    }

    /// The header field on `line`, if any.
    pub fn header_at(&self, line: u32) -> Option<HeaderField> {
        HeaderField::ALL
            .into_iter()
            .zip(self.header.iter())
            .find(|(_, range)| range.is_some_and(|r| r.line == line))
            .map(|(field, _)| field)
    }

    /// The range of a header field, if the level has that line.
    pub fn header_range(&self, field: HeaderField) -> Option<TextRange> {
        let i = HeaderField::ALL.iter().position(|f| *f == field)?;
        self.header[i]
    }

    /// A range to report level-wide problems at: the magic line, else the first line.
    pub fn level_range(&self) -> TextRange {
        self.header[0].unwrap_or(TextRange::new(self.first_line, 0, 0))
    }

    /// Whether `line` belongs to this level.
    pub fn contains_line(&self, line: u32) -> bool {
        (self.first_line..self.end_line).contains(&line)
    }
}
