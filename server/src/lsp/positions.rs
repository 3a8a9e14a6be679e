//! The one place where positions cross between core and the protocol. Core counts
//! characters; the client counts UTF-16 code units (the default) or UTF-8 bytes
//! (when it offers them). Lines end at `\n` only, as core reads them; a `\r` before
//! it belongs to no column. Positions past a line's end or the text's end are
//! clamped, never refused.

use hexcells_core::TextRange;
use ropey::{Rope, RopeSlice};
use tower_lsp_server::ls_types::{Position, PositionEncodingKind, Range};

/// How the client counts columns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 code units (bytes).
    Utf8,
    /// UTF-16 code units: the protocol's default.
    #[default]
    Utf16,
}

impl Encoding {
    /// UTF-8 when the client offers it, else UTF-16.
    pub fn negotiate(offered: Option<&[PositionEncodingKind]>) -> Encoding {
        match offered {
            Some(kinds) if kinds.contains(&PositionEncodingKind::UTF8) => Encoding::Utf8,
            _ => Encoding::Utf16,
        }
    }

    /// The protocol's name for it.
    pub fn kind(self) -> PositionEncodingKind {
        match self {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
        }
    }
}

/// Line `line` (clamped to the last line) without its line ending.
fn line_slice(rope: &Rope, line: u32) -> (usize, RopeSlice<'_>) {
    let line = (line as usize).min(rope.len_lines().saturating_sub(1));
    let slice = rope.line(line);
    let mut n_chars = slice.len_chars();
    if n_chars > 0 && slice.char(n_chars - 1) == '\n' {
        n_chars -= 1;
    }
    if n_chars > 0 && slice.char(n_chars - 1) == '\r' {
        n_chars -= 1;
    }
    (line, slice.slice(..n_chars))
}

/// The protocol position of core's (`line`, character `column`).
pub fn position(rope: &Rope, encoding: Encoding, line: u32, column: u32) -> Position {
    Converter::new(rope, encoding).position(line, column)
}

/// The protocol range of core's `range`.
pub fn range(rope: &Rope, encoding: Encoding, range: TextRange) -> Range {
    Converter::new(rope, encoding).range(range)
}

/// The length of each line of a text that is ASCII, where a column counts the same in
/// characters and in every encoding: what a [`Converter`] needs to convert places on
/// those lines without looking into the rope.
#[derive(Clone, Debug, Default)]
pub struct AsciiLines {
    /// Per line: its length without the line break, or `None` when it is not ASCII.
    lengths: Vec<Option<u32>>,
}

impl AsciiLines {
    /// The lines of `text` (split at `\n`, as the rope and core split them).
    pub fn of(text: &str) -> AsciiLines {
        let lengths = text
            .split('\n')
            .map(|line| {
                let line = line.strip_suffix('\r').unwrap_or(line);
                line.is_ascii().then_some(line.len() as u32)
            })
            .collect();
        AsciiLines { lengths }
    }

    fn length(&self, line: u32) -> Option<u32> {
        *self.lengths.get(line as usize)?
    }
}

/// Converts many places of one text, quickly (the tokens, diagnostics or symbols of a
/// whole pack): on an ASCII line a column counts the same in every encoding, and of
/// the other lines the one last converted is kept.
pub struct Converter<'a> {
    rope: &'a Rope,
    encoding: Encoding,
    ascii: Option<&'a AsciiLines>,
    /// The line last converted: its number, its text and whether it is ASCII.
    line: Option<(u32, RopeSlice<'a>, bool)>,
}

impl<'a> Converter<'a> {
    /// A converter for places of `rope`, in the client's `encoding`.
    pub fn new(rope: &'a Rope, encoding: Encoding) -> Converter<'a> {
        Converter {
            rope,
            encoding,
            ascii: None,
            line: None,
        }
    }

    /// A converter for places of `rope`, whose ASCII lines are `ascii` (of the same text).
    pub fn with_ascii(rope: &'a Rope, ascii: &'a AsciiLines, encoding: Encoding) -> Converter<'a> {
        Converter {
            ascii: Some(ascii),
            ..Converter::new(rope, encoding)
        }
    }

    /// The protocol position of core's (`line`, character `column`).
    pub fn position(&mut self, line: u32, column: u32) -> Position {
        if let Some(length) = self.ascii.and_then(|a| a.length(line)) {
            return Position::new(line, column.min(length));
        }
        if (line as usize) >= self.rope.len_lines() {
            return end_position(self.rope, self.encoding);
        }
        let (slice, ascii) = match self.line {
            Some((at, slice, ascii)) if at == line => (slice, ascii),
            _ => {
                let (_, slice) = line_slice(self.rope, line);
                let ascii = slice.len_bytes() == slice.len_chars();
                self.line = Some((line, slice, ascii));
                (slice, ascii)
            }
        };
        let column = (column as usize).min(slice.len_chars());
        let units = match (ascii, self.encoding) {
            (true, _) => column,
            (false, Encoding::Utf8) => slice.char_to_byte(column),
            (false, Encoding::Utf16) => slice.char_to_utf16_cu(column),
        };
        Position::new(line, units as u32)
    }

    /// The protocol range of core's `range`.
    pub fn range(&mut self, range: TextRange) -> Range {
        Range::new(
            self.position(range.line, range.start),
            self.position(range.line, range.end),
        )
    }
}

/// Core's (line, character column) of a protocol position, clamped into the text. A
/// position inside a character (half a surrogate pair, a byte inside a UTF-8
/// sequence) goes to that character's start.
pub fn from_position(rope: &Rope, encoding: Encoding, position: Position) -> (u32, u32) {
    let (line, slice) = line_slice(rope, position.line);
    if (position.line as usize) >= rope.len_lines() {
        return (line as u32, slice.len_chars() as u32);
    }
    let units = position.character as usize;
    let column = match encoding {
        Encoding::Utf8 => slice.byte_to_char(units.min(slice.len_bytes())),
        Encoding::Utf16 => slice.utf16_cu_to_char(units.min(slice.len_utf16_cu())),
    };
    (line as u32, column as u32)
}

/// The span of absolute character indices a protocol range covers, clamped and
/// ordered, for editing the rope.
pub fn char_span(rope: &Rope, encoding: Encoding, range: Range) -> (usize, usize) {
    let at = |p: Position| -> usize {
        if (p.line as usize) >= rope.len_lines() {
            return rope.len_chars();
        }
        let (line, column) = from_position(rope, encoding, p);
        rope.line_to_char(line as usize) + column as usize
    };
    let (a, b) = (at(range.start), at(range.end));
    (a.min(b), a.max(b))
}

/// The position after the last character.
pub fn end_position(rope: &Rope, encoding: Encoding) -> Position {
    let last = rope.len_lines().saturating_sub(1);
    let slice = rope.line(last);
    let units = match encoding {
        Encoding::Utf8 => slice.len_bytes(),
        Encoding::Utf16 => slice.len_utf16_cu(),
    };
    Position::new(last as u32, units as u32)
}

/// The range of the whole text.
pub fn whole(rope: &Rope, encoding: Encoding) -> Range {
    Range::new(Position::new(0, 0), end_position(rope, encoding))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_ascii_columns_in_both_encodings() {
        let rope = Rope::from_str("Hexcells level v1\r\nCafé 🐝 x\nlast");
        // Character 7 of line 1 is the one after the bee.
        assert_eq!(position(&rope, Encoding::Utf16, 1, 7), Position::new(1, 8));
        assert_eq!(position(&rope, Encoding::Utf8, 1, 7), Position::new(1, 11));
        assert_eq!(from_position(&rope, Encoding::Utf16, Position::new(1, 8)), (1, 7));
        assert_eq!(from_position(&rope, Encoding::Utf8, Position::new(1, 11)), (1, 7));
        // Inside the surrogate pair: the bee's start.
        assert_eq!(from_position(&rope, Encoding::Utf16, Position::new(1, 6)), (1, 5));
    }

    #[test]
    fn ascii_lines_convert_as_the_rope_does() {
        let text = "Hexcells level v1\r\nCafé 🐝 x\nplain line\n\u{feff}mark\nlast";
        let rope = Rope::from_str(text);
        let ascii = AsciiLines::of(text);
        for encoding in [Encoding::Utf8, Encoding::Utf16] {
            for line in 0..7 {
                for column in [0, 1, 4, 9, 30] {
                    assert_eq!(
                        Converter::with_ascii(&rope, &ascii, encoding).position(line, column),
                        Converter::new(&rope, encoding).position(line, column),
                        "line {line}, column {column}, {encoding:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn clamps_past_line_and_text_ends() {
        let rope = Rope::from_str("ab\r\ncd");
        assert_eq!(position(&rope, Encoding::Utf16, 0, 99), Position::new(0, 2));
        assert_eq!(
            from_position(&rope, Encoding::Utf16, Position::new(0, 99)),
            (0, 2)
        );
        assert_eq!(position(&rope, Encoding::Utf16, 7, 0), Position::new(1, 2));
        assert_eq!(
            char_span(
                &rope,
                Encoding::Utf8,
                Range::new(Position::new(9, 0), Position::new(0, 1))
            ),
            (1, 6)
        );
    }
}
