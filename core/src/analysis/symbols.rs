//! Document symbols and folds: each level of a pack, with its header and its grid.

use crate::diagnostic::TextRange;
use crate::format::Parse;

/// A span of whole lines, both ends included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineSpan {
    /// First line.
    pub first: u32,
    /// Last line.
    pub last: u32,
}

/// What a symbol stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    /// A whole level.
    Level,
    /// Its header lines.
    Header,
    /// Its grid lines.
    Grid,
}

/// One entry of the outline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// Its name: the level's title, "header" or "grid".
    pub name: String,
    /// A short detail, e.g. "12 cells".
    pub detail: String,
    /// What it is.
    pub kind: SymbolKind,
    /// Its lines.
    pub lines: LineSpan,
    /// The range to select when jumping to it.
    pub selection: TextRange,
    /// Its parts.
    pub children: Vec<Symbol>,
}

/// The outline: one symbol per level, each with its header and grid.
pub fn symbols(parse: &Parse) -> Vec<Symbol> {
    let mut out = Vec::new();
    for (i, parsed) in parse.levels.iter().enumerate() {
        let source = &parsed.source;
        let header_lines: Vec<u32> = source.header.iter().flatten().map(|r| r.line).collect();
        let grid_first = source.grid.first().map(|g| g.line);
        let grid_last = source.grid.last().map(|g| g.line);
        let first = source.first_line;
        let last = [header_lines.last().copied(), grid_last]
            .into_iter()
            .flatten()
            .max()
            .unwrap_or(first)
            .max(first);
        let mut children = Vec::new();
        if let (Some(&h0), Some(&h1)) = (header_lines.first(), header_lines.last()) {
            children.push(Symbol {
                name: "header".into(),
                detail: parsed.level.author.clone(),
                kind: SymbolKind::Header,
                lines: LineSpan { first: h0, last: h1 },
                selection: source.header.iter().flatten().next().copied().unwrap_or_default(),
                children: Vec::new(),
            });
        }
        if let (Some(g0), Some(g1)) = (grid_first, grid_last) {
            let width = source.grid.first().map_or(0, |g| g.indent + g.len);
            children.push(Symbol {
                name: "grid".into(),
                detail: format!("{} cells, {} blue", parsed.level.n_cells(), parsed.level.n_blue()),
                kind: SymbolKind::Grid,
                lines: LineSpan { first: g0, last: g1 },
                selection: TextRange::new(g0, 0, width),
                children: Vec::new(),
            });
        }
        let title = parsed.level.title.trim();
        out.push(Symbol {
            name: if title.is_empty() {
                format!("level {}", i + 1)
            } else {
                title.to_string()
            },
            detail: format!("{} cells", parsed.level.n_cells()),
            kind: SymbolKind::Level,
            lines: LineSpan { first, last },
            selection: source.level_range(),
            children,
        });
    }
    out
}

/// Foldable line spans: each level, header and grid that spans more than one line.
pub fn folds(parse: &Parse) -> Vec<LineSpan> {
    fn walk(symbols: &[Symbol], out: &mut Vec<LineSpan>) {
        for s in symbols {
            if s.lines.last > s.lines.first {
                out.push(s.lines);
            }
            walk(&s.children, out);
        }
    }
    let mut out = Vec::new();
    walk(&symbols(parse), &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_support::level;
    use crate::format::parse;

    #[test]
    fn a_pack_has_one_symbol_per_level() {
        let (one, _) = level(&["x."]);
        let text = format!("{one}{}", one.replace("Test", "Second"));
        let outline = symbols(&parse(&text));
        let got: Vec<String> = outline
            .iter()
            .map(|s| {
                let kids: Vec<String> = s
                    .children
                    .iter()
                    .map(|c| format!("{}@{}-{}", c.name, c.lines.first, c.lines.last))
                    .collect();
                format!(
                    "{}@{}-{} [{}]",
                    s.name,
                    s.lines.first,
                    s.lines.last,
                    kids.join(", ")
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                "Test@0-37 [header@0-4, grid@5-37]",
                "Second@38-75 [header@38-42, grid@43-75]"
            ]
        );
        assert_eq!(folds(&parse(&text)).len(), 6);
    }
}
