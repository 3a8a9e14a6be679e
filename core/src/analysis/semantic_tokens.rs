//! Semantic tokens: what each character of a level is, so editors colour the grid
//! without a grammar.

use std::ops::RangeInclusive;

use crate::diagnostic::TextRange;
use crate::format::{HeaderField, Parse, ParsedLevel};
use crate::model::{Color, Hint, Item};

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// `Hexcells level v1`.
    FormatLine,
    /// The title line.
    Title,
    /// The author line.
    Author,
    /// A custom text line.
    CustomText,
    /// The first character of a blue cell (`x`, `X`).
    BlueCell,
    /// The first character of a black cell (`o`, `O`).
    BlackCell,
    /// The first character of a column number (`\`, `|`, `/`).
    Column,
    /// A number mark (`+`, `c`, `n`).
    Number,
}

/// Modifiers of a token, as bit flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct TokenModifiers(pub u32);

impl TokenModifiers {
    /// A cell revealed at the start (`X`, `O`).
    pub const REVEALED: u32 = 1;
    /// A `{n}` number (`c`).
    pub const TOGETHER: u32 = 2;
    /// A `-n-` number (`n`).
    pub const APART: u32 = 4;
    /// The names of the flags, lowest bit first.
    pub const NAMES: [&'static str; 3] = ["revealed", "together", "apart"];

    /// Whether `flag` is set.
    pub fn has(self, flag: u32) -> bool {
        self.0 & flag != 0
    }
}

/// One token on one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SemanticToken {
    /// Where (never empty, never across lines).
    pub range: TextRange,
    /// What it is.
    pub kind: TokenKind,
    /// Its modifiers.
    pub modifiers: TokenModifiers,
}

/// Every token of the text, in text order.
pub fn semantic_tokens(parse: &Parse) -> Vec<SemanticToken> {
    semantic_tokens_in(parse, 0..=u32::MAX)
}

/// The tokens on the text lines `lines`, in text order (an editor's visible lines):
/// only the levels on those lines are read.
pub fn semantic_tokens_in(parse: &Parse, lines: RangeInclusive<u32>) -> Vec<SemanticToken> {
    let mut out = Vec::new();
    let on_lines = |parsed: &&ParsedLevel| {
        parsed.source.first_line <= *lines.end() && parsed.source.end_line > *lines.start()
    };
    for parsed in parse.levels.iter().filter(on_lines) {
        for (field, range) in HeaderField::ALL.iter().zip(parsed.source.header.iter()) {
            let Some(range) = range.filter(|r| r.end > r.start) else {
                continue;
            };
            let kind = match field {
                HeaderField::Magic => TokenKind::FormatLine,
                HeaderField::Title => TokenKind::Title,
                HeaderField::Author => TokenKind::Author,
                HeaderField::CustomText1 | HeaderField::CustomText2 => TokenKind::CustomText,
            };
            out.push(SemanticToken {
                range,
                kind,
                modifiers: TokenModifiers::default(),
            });
        }
        for (pos, item) in parsed.level.items() {
            let Some(range) = parsed.source.range_of(pos) else {
                continue;
            };
            let (kind, revealed, hint) = match item {
                Item::Cell(cell) => {
                    let kind = match cell.color {
                        Color::Blue => TokenKind::BlueCell,
                        Color::Black => TokenKind::BlackCell,
                    };
                    (kind, cell.revealed, cell.hint)
                }
                Item::Column(column) => (TokenKind::Column, false, column.hint),
            };
            let revealed = if revealed { TokenModifiers::REVEALED } else { 0 };
            out.push(SemanticToken {
                range: TextRange::new(range.line, range.start, range.start + 1),
                kind,
                modifiers: TokenModifiers(revealed),
            });
            let number = match hint {
                Hint::None => continue,
                Hint::Plain => 0,
                Hint::Together => TokenModifiers::TOGETHER,
                Hint::Apart => TokenModifiers::APART,
            };
            out.push(SemanticToken {
                range: TextRange::new(range.line, range.start + 1, range.end),
                kind: TokenKind::Number,
                modifiers: TokenModifiers(number),
            });
        }
    }
    out.retain(|t| lines.contains(&t.range.line));
    out.sort_by_key(|t| t.range);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_support::level;
    use crate::format::parse;

    #[test]
    fn tokens_of_a_row() {
        let (text, _) = level(&["xcO.|n"]);
        let tokens = semantic_tokens(&parse(&text));
        let grid: Vec<String> = tokens
            .iter()
            .filter(|t| t.range.line == 13)
            .map(|t| format!("{}:{:?}:{}", t.range.start, t.kind, t.modifiers.0))
            .collect();
        assert_eq!(
            grid,
            [
                "20:BlueCell:0",
                "21:Number:2",
                "22:BlackCell:1",
                "24:Column:0",
                "25:Number:4"
            ]
        );
        assert_eq!(tokens[0].kind, TokenKind::FormatLine);
        assert_eq!(tokens[1].kind, TokenKind::Title);
        assert_eq!(tokens[2].kind, TokenKind::Author);
    }

    #[test]
    fn the_tokens_of_some_lines_are_those_of_all_on_those_lines() {
        let (level, _) = level(&["xcO.|n", "..x+"]);
        let pack = parse(&format!("{level}{level}{level}"));
        let all = semantic_tokens(&pack);
        for (first, last) in [(0, 2), (13, 14), (37, 52), (100, 200), (0, u32::MAX)] {
            let some = semantic_tokens_in(&pack, first..=last);
            let expected: Vec<_> = all
                .iter()
                .filter(|t| (first..=last).contains(&t.range.line))
                .copied()
                .collect();
            assert_eq!(some, expected, "lines {first}..={last}");
        }
        assert!(semantic_tokens_in(&pack, 52..=52)
            .iter()
            .all(|t| t.range.line == 52));
    }
}
