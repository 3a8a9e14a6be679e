//! Inlay hints: after each grid line with cells, how many of them are blue, so an
//! author can check a row at a glance without counting characters. Editors show
//! them only when the user turns them on, since they break the grid's alignment.

use crate::diagnostic::TextRange;
use crate::format::Parse;
use crate::model::Color;

/// A label shown at the end of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlayHint {
    /// Where it goes (an empty range).
    pub at: TextRange,
    /// What it says, e.g. "2/5 blue".
    pub label: String,
}

/// One hint per grid line that holds cells, within lines `first..=last`.
pub fn inlay_hints(parse: &Parse, first: u32, last: u32) -> Vec<InlayHint> {
    let mut out = Vec::new();
    for parsed in &parse.levels {
        for (y, row) in parsed.source.grid.iter().enumerate() {
            if row.line < first || row.line > last {
                continue;
            }
            let (mut n_cells, mut n_blue) = (0, 0);
            for (_, cell) in parsed.level.cells().filter(|(p, _)| usize::from(p.y()) == y) {
                n_cells += 1;
                if cell.color == Color::Blue {
                    n_blue += 1;
                }
            }
            if n_cells == 0 {
                continue;
            }
            let end = row.indent + row.len;
            out.push(InlayHint {
                at: TextRange::new(row.line, end, end),
                label: format!("{n_blue}/{n_cells} blue"),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_support::level;
    use crate::format::parse;

    #[test]
    fn counts_blue_cells_per_line() {
        let (text, _) = level(&["x.o.X.", "......", "o+o."]);
        let hints = inlay_hints(&parse(&text), 0, 100);
        let got: Vec<String> = hints
            .iter()
            .map(|h| format!("{}:{}", h.at.line, h.label))
            .collect();
        assert_eq!(got, ["13:2/3 blue", "15:0/2 blue"]);
    }
}
