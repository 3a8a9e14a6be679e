//! What the grammar's tests share: a parser, the level files to read (the
//! project's fixtures and the shared corpus), and the comparison of a tree with
//! what the project's own parser (`hexcells_core::format::parse`) reads.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use hexcells_core::format::{parse, HeaderField, ParsedLevel};
use hexcells_core::{Code, Diagnostic, Direction, Hint, Item, Pos};
use tree_sitter::{Node, Parser, Tree};

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A parser for the grammar.
pub fn parser() -> Parser {
    let mut parser = Parser::new();
    parser
        .set_language(&tree_sitter_hexcells::LANGUAGE.into())
        .expect("the grammar's ABI suits the tree-sitter crate");
    parser
}

/// The tree of `text`.
pub fn tree(text: &str) -> Tree {
    parser().parse(text, None).expect("tree-sitter returns a tree")
}

/// A level file: its name (for messages) and its text, read as an editor would
/// (lossy UTF-8).
pub struct LevelFile {
    pub name: String,
    pub text: String,
}

/// Every `*.hexcells` file of the project's own levels and fixtures: `tests/levels`,
/// `tests/fixtures` and `core/tests/fixtures`.
pub fn fixture_files() -> Vec<LevelFile> {
    let root = repo_root();
    let mut files = Vec::new();
    for dir in ["tests/levels", "tests/fixtures", "core/tests/fixtures"] {
        collect(
            &root,
            &root.join(dir),
            &mut |path| path.extension().is_some_and(|e| e == "hexcells"),
            &mut files,
        );
    }
    files.sort_by(|a, b| a.name.cmp(&b.name));
    files
}

/// Every file of the shared corpus (`hexcells_corpus`), or `None` after reporting
/// the test skipped when the corpus is absent.
pub fn corpus_files() -> Option<Vec<LevelFile>> {
    let corpus = hexcells_corpus::Corpus::find()?;
    Some(
        corpus
            .levels()
            .into_iter()
            .map(|f| LevelFile {
                name: f.name,
                text: f.text,
            })
            .collect(),
    )
}

fn collect(root: &Path, dir: &Path, keep: &mut dyn FnMut(&Path) -> bool, out: &mut Vec<LevelFile>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(root, &path, keep, out);
        } else if keep(&path) {
            if let Ok(bytes) = std::fs::read(&path) {
                let name = path.strip_prefix(root).unwrap_or(&path).display().to_string();
                let text = String::from_utf8_lossy(&bytes).into_owned();
                out.push(LevelFile { name, text });
            }
        }
    }
}

/// A position in characters, as the project's diagnostics count them.
pub type CharPos = (u32, u32);

/// Converts tree-sitter's (row, byte column) points to character columns.
pub struct Lines<'a> {
    lines: Vec<&'a str>,
}

impl<'a> Lines<'a> {
    pub fn new(text: &'a str) -> Lines<'a> {
        Lines {
            lines: text.split('\n').collect(),
        }
    }

    /// The character position of a tree-sitter point.
    pub fn char_pos(&self, point: tree_sitter::Point) -> CharPos {
        let line = self.lines.get(point.row).copied().unwrap_or("");
        let column = line
            .get(..point.column.min(line.len()))
            .map_or(0, |s| s.chars().count());
        (point.row as u32, column as u32)
    }

    /// The start and end of a node, in characters.
    pub fn span(&self, node: Node<'_>) -> (CharPos, CharPos) {
        (
            self.char_pos(node.start_position()),
            self.char_pos(node.end_position()),
        )
    }
}

/// The syntax errors of the project's parser ([`Diagnostic::is_syntax_error`]),
/// except HC0114 (an empty file has no text to mark).
pub fn syntax_errors(text: &str) -> Vec<Diagnostic> {
    parse(text)
        .all_diagnostics()
        .into_iter()
        .filter(|d| d.is_syntax_error() && d.code != Code::EmptyFile)
        .collect()
}

/// The outermost ERROR and MISSING nodes of a tree, as character spans.
pub fn error_spans(tree: &Tree, lines: &Lines<'_>) -> Vec<(CharPos, CharPos)> {
    let mut spans = Vec::new();
    let mut stack = vec![tree.root_node()];
    while let Some(node) = stack.pop() {
        if node.is_error() || node.is_missing() {
            spans.push(lines.span(node));
        } else if node.has_error() {
            let mut cursor = node.walk();
            stack.extend(node.children(&mut cursor));
        }
    }
    spans.sort();
    spans
}

fn overlaps(a: (CharPos, CharPos), b: (CharPos, CharPos)) -> bool {
    a.0 <= b.1 && b.0 <= a.1
}

fn diagnostic_span(d: &Diagnostic) -> (CharPos, CharPos) {
    ((d.range.line, d.range.start), (d.range.line, d.range.end))
}

/// Where the tree and the project's parser disagree about syntax errors: each
/// syntax error must touch an ERROR (or MISSING) node, and each such node a
/// syntax error. Empty when they agree.
pub fn error_disagreements(text: &str, tree: &Tree) -> Vec<String> {
    let lines = Lines::new(text);
    let errors = syntax_errors(text);
    let spans = error_spans(tree, &lines);
    let mut out = Vec::new();
    for d in &errors {
        if !spans.iter().any(|&s| overlaps(s, diagnostic_span(d))) {
            out.push(format!(
                "no ERROR node at {}:{}-{} for {} {}",
                d.range.line + 1,
                d.range.start + 1,
                d.range.end + 1,
                d.code.as_str(),
                d.message
            ));
        }
    }
    for &span in &spans {
        if !errors.iter().any(|d| overlaps(span, diagnostic_span(d))) {
            out.push(format!(
                "ERROR node at {}:{}-{}:{} where the parser reports no syntax error",
                span.0 .0 + 1,
                span.0 .1 + 1,
                span.1 .0 + 1,
                span.1 .1 + 1
            ));
        }
    }
    out
}

/// What the tree says a grid group or header line is, by its start.
fn tree_parts(tree: &Tree, lines: &Lines<'_>) -> BTreeMap<CharPos, String> {
    let mut parts = BTreeMap::new();
    let mut stack = vec![tree.root_node()];
    while let Some(node) = stack.pop() {
        if node.is_error() {
            continue;
        }
        let (line, start) = lines.char_pos(node.start_position());
        match node.kind() {
            "format_line" | "title" | "author" | "custom_text" => {
                parts.insert((line, start), node.kind().to_string());
            }
            // A run of empty groups: one part per group.
            "empty" => {
                let end = lines.char_pos(node.end_position()).1;
                for column in (start..end).step_by(2) {
                    parts.insert((line, column), "empty".to_string());
                }
            }
            "blue_cell" | "black_cell" | "column" => {
                parts.insert((line, start), describe_group(node));
            }
            _ => {}
        }
        let mut cursor = node.walk();
        stack.extend(node.children(&mut cursor));
    }
    parts
}

/// `blue_cell hidden number`, `column down_left no_number`.
fn describe_group(node: Node<'_>) -> String {
    let mut words = vec![node.kind().to_string()];
    for field in ["state", "direction", "mark"] {
        if let Some(child) = node.child_by_field_name(field) {
            words.push(child.kind().to_string());
        }
    }
    words.join(" ")
}

fn mark_name(hint: Hint) -> &'static str {
    match hint {
        Hint::None => "no_number",
        Hint::Plain => "number",
        Hint::Together => "together",
        Hint::Apart => "apart",
    }
}

/// What the project's parser says each grid group and header line of a level is,
/// by its start; groups it reads as nothing must be `..` in the text.
fn parser_parts(level: &ParsedLevel, text_lines: &[&str], parts: &mut BTreeMap<CharPos, String>) {
    const FIELDS: [(HeaderField, &str); 5] = [
        (HeaderField::Magic, "format_line"),
        (HeaderField::Title, "title"),
        (HeaderField::Author, "author"),
        (HeaderField::CustomText1, "custom_text"),
        (HeaderField::CustomText2, "custom_text"),
    ];
    for (field, kind) in FIELDS {
        if let Some(range) = level.source.header_range(field) {
            parts.insert((range.line, range.start), kind.to_string());
        }
    }
    for (y, row) in level.source.grid.iter().enumerate() {
        let line: Vec<char> = text_lines
            .get(row.line as usize)
            .map(|l| l.trim_start_matches('\u{feff}').chars().collect())
            .unwrap_or_default();
        let offset =
            u32::from(row.line == 0 && text_lines.first().is_some_and(|l| l.starts_with('\u{feff}')));
        for x in 0..row.len / 2 {
            let col = (row.indent + 2 * x) as usize;
            let group: String = line
                .get(col..col + 2)
                .map(|g| g.iter().collect())
                .unwrap_or_default();
            let item = Pos::new(x as i32, y as i32).and_then(|pos| level.level.get(pos));
            let described = match item {
                Some(Item::Cell(cell)) => {
                    let color = match cell.color {
                        hexcells_core::Color::Blue => "blue_cell",
                        hexcells_core::Color::Black => "black_cell",
                    };
                    let state = if cell.revealed { "revealed" } else { "hidden" };
                    format!("{color} {state} {}", mark_name(cell.hint))
                }
                Some(Item::Column(column)) => {
                    let direction = match column.direction {
                        Direction::DownRight => "down_right",
                        Direction::Down => "down",
                        Direction::DownLeft => "down_left",
                    };
                    format!("column {direction} {}", mark_name(column.hint))
                }
                None if group == ".." => "empty".to_string(),
                None => continue,
            };
            parts.insert((row.line, col as u32 + offset), described);
        }
    }
}

/// Where the tree and the project's parser disagree about what a header line or
/// grid group is (outside ERROR nodes). Empty when they agree.
pub fn structure_disagreements(text: &str, tree: &Tree) -> Vec<String> {
    let lines = Lines::new(text);
    let text_lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let from_tree = tree_parts(tree, &lines);
    let mut from_parser = BTreeMap::new();
    for level in &parse(text).levels {
        parser_parts(level, &text_lines, &mut from_parser);
    }
    let errors = error_spans(tree, &lines);
    let in_error = |pos: CharPos| errors.iter().any(|&(start, end)| start <= pos && pos < end);
    let mut out = Vec::new();
    for (pos, expected) in &from_parser {
        if in_error(*pos) {
            continue;
        }
        match from_tree.get(pos) {
            Some(found) if found == expected => {}
            found => out.push(format!(
                "{}:{}: the parser reads {expected}, the tree has {}",
                pos.0 + 1,
                pos.1 + 1,
                found.map_or("nothing", String::as_str)
            )),
        }
    }
    for (pos, found) in &from_tree {
        if !from_parser.contains_key(pos) {
            out.push(format!(
                "{}:{}: the tree has {found} the parser does not read",
                pos.0 + 1,
                pos.1 + 1
            ));
        }
    }
    out
}
