//! Highlights, references and definitions: which cells a clue counts, and which
//! clues count a cell.

use super::target::item_at;
use crate::diagnostic::TextRange;
use crate::format::Parse;
use crate::model::Clue;

/// One range to highlight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Highlight {
    /// Where.
    pub range: TextRange,
    /// Whether this is the clue itself (else one of its members).
    pub is_clue: bool,
}

/// The item under the cursor and the members of its clue (its ring, its flower, its
/// column ray), whether or not it shows a number.
pub fn highlights(parse: &Parse, line: u32, column: u32) -> Vec<Highlight> {
    let Some((parsed, pos, range)) = item_at(parse, line, column) else {
        return Vec::new();
    };
    let Some(clue) = Clue::at(&parsed.level, pos) else {
        return Vec::new();
    };
    let mut out = vec![Highlight { range, is_clue: true }];
    out.extend(
        clue.members
            .iter()
            .filter_map(|p| parsed.source.range_of(*p))
            .map(|range| Highlight {
                range,
                is_clue: false,
            }),
    );
    out
}

/// The clues that count the cell under the cursor (those that show a number), in
/// grid order; with `include_self`, the cell's own range first.
pub fn references(parse: &Parse, line: u32, column: u32, include_self: bool) -> Vec<TextRange> {
    let Some((parsed, pos, range)) = item_at(parse, line, column) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if include_self {
        out.push(range);
    }
    out.extend(
        Clue::all_shown(&parsed.level)
            .filter(|clue| clue.members.contains(&pos))
            .filter_map(|clue| parsed.source.range_of(clue.at)),
    );
    out
}

/// The way back from a clue: the cells the item under the cursor counts. For an item
/// that shows no number, the clues that count it instead.
pub fn definition(parse: &Parse, line: u32, column: u32) -> Vec<TextRange> {
    let Some((parsed, pos, _)) = item_at(parse, line, column) else {
        return Vec::new();
    };
    match Clue::at(&parsed.level, pos) {
        Some(clue) if clue.hint.shows_number() => clue
            .members
            .iter()
            .filter_map(|p| parsed.source.range_of(*p))
            .collect(),
        _ => references(parse, line, column, false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_support::level;
    use crate::format::parse;
    use crate::model::{name, Pos};

    /// Names of the cells at `ranges`, to read tests in Hexix terms.
    fn names(parse: &Parse, ranges: impl IntoIterator<Item = TextRange>) -> String {
        let source = &parse.levels[0].source;
        ranges
            .into_iter()
            .filter_map(|r| source.pos_at(r.line, r.start))
            .map(|p: Pos| name(p))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn highlight_a_ring() {
        let (text, (line, column)) = level(&["..x...", "$0o+..", "..x...", "o.o..."]);
        let parsed = parse(&text);
        let got = highlights(&parsed, line, column);
        assert_eq!(names(&parsed, got.iter().map(|h| h.range)), "K10 L9 L11 K12");
        assert!(got[0].is_clue && !got[1].is_clue);
    }

    #[test]
    fn references_and_back() {
        let (text, (line, column)) = level(&["|+..", "..o+", "$0x.", "..x.", "o+.."]);
        let parsed = parse(&text);
        assert_eq!(
            names(&parsed, references(&parsed, line, column, false)),
            "K9 L10 K13"
        );
        assert_eq!(
            names(&parsed, references(&parsed, line, column, true)),
            "K11 K9 L10 K13"
        );
        // From the column number back to the cells of its ray.
        let column_line = line - 2;
        assert_eq!(names(&parsed, definition(&parsed, column_line, 20)), "K11 K13");
    }

    #[test]
    fn nothing_off_the_grid() {
        let (text, _) = level(&["x."]);
        let parsed = parse(&text);
        assert!(highlights(&parsed, 0, 0).is_empty());
        assert!(references(&parsed, 500, 3, true).is_empty());
        assert!(definition(&parsed, 13, 1000).is_empty());
    }
}
