//! Refactors on the item under the cursor: toggle blue / black, toggle revealed,
//! cycle the number mark.

use super::target::item_at;
use super::text_fix::{FixKind, LineEdit, TextFix};
use crate::format::print::group;
use crate::format::Parse;
use crate::model::{name, Cell, Color, Hint, Item};

/// The refactors offered for the item at (`line`, `column`).
pub fn refactors(parse: &Parse, line: u32, column: u32) -> Vec<TextFix> {
    let Some((parsed, pos, range)) = item_at(parse, line, column) else {
        return Vec::new();
    };
    let at = name(pos);
    let refactor = |title: String, item: Item| TextFix {
        title,
        kind: FixKind::Refactor,
        edits: vec![LineEdit::new(range, group_text(item))],
        preferred: false,
    };
    match parsed.level.get(pos) {
        Some(Item::Cell(cell)) => {
            let color = cell.color.other();
            // A blue cell's number has no {n} / -n- form.
            let hint = match (color, cell.hint) {
                (Color::Blue, Hint::Together | Hint::Apart) => Hint::Plain,
                (_, hint) => hint,
            };
            let next_hint = next_mark(cell.color, cell.hint);
            vec![
                refactor(
                    format!("Make {at} {}", color.as_str()),
                    Item::Cell(Cell { color, hint, ..cell }),
                ),
                refactor(
                    format!("{} {at} at start", if cell.revealed { "Hide" } else { "Reveal" }),
                    Item::Cell(Cell {
                        revealed: !cell.revealed,
                        ..cell
                    }),
                ),
                refactor(
                    format!("Mark {at} `{}`", next_hint.symbol()),
                    Item::Cell(Cell {
                        hint: next_hint,
                        ..cell
                    }),
                ),
            ]
        }
        Some(Item::Column(column)) => {
            let hint = match column.hint {
                Hint::Plain => Hint::Together,
                Hint::Together => Hint::Apart,
                Hint::Apart | Hint::None => Hint::Plain,
            };
            let mut next = column;
            next.hint = hint;
            vec![refactor(
                format!("Mark {at} `{}`", hint.symbol()),
                Item::Column(next),
            )]
        }
        None => Vec::new(),
    }
}

/// The next number mark in the cycle none, `+`, `c`, `n` (none, `+` for a blue cell).
fn next_mark(color: Color, hint: Hint) -> Hint {
    match (color, hint) {
        (_, Hint::None) => Hint::Plain,
        (Color::Black, Hint::Plain) => Hint::Together,
        (Color::Black, Hint::Together) => Hint::Apart,
        _ => Hint::None,
    }
}

/// The two characters of an item.
fn group_text(item: Item) -> String {
    let (first, hint) = group(Some(item));
    format!("{first}{hint}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_support::level;
    use crate::format::parse;

    fn check(row: &str, expect: &[&str]) {
        let (text, (line, column)) = level(&[row]);
        let got: Vec<String> = refactors(&parse(&text), line, column)
            .iter()
            .map(|f| format!("{} => {}", f.title, f.edits[0].new_text))
            .collect();
        assert_eq!(got, expect);
    }

    #[test]
    fn black_cell_cycles() {
        check(
            "$0on",
            &[
                "Make K9 blue => x+",
                "Reveal K9 at start => On",
                "Mark K9 `.` => o.",
            ],
        );
    }

    #[test]
    fn blue_cell_and_column() {
        check(
            "$0X.",
            &[
                "Make K9 black => O.",
                "Hide K9 at start => x.",
                "Mark K9 `+` => X+",
            ],
        );
        check("$0\\c", &["Mark K9 `n` => \\n"]);
        check("$0..", &[]);
    }
}
