//! Turns "Hexcells level v1" text into [`Level`]s; never fails, reports
//! [`Diagnostic`]s instead.
//!
//! Accepts what real files contain: a missing final newline, CRLF, a BOM, grid lines
//! indented by spaces or a TAB with trailing whitespace, 34 rows, cropped grids, a
//! 4-line header whose fifth line is already a grid row, and several levels
//! concatenated in one file (a level pack). Each quirk is accepted silently or with a
//! warning; real mistakes are errors, and parsing always goes on to the end.

use super::placed_problems;
use super::source::{GridLine, SourceMap};
use crate::diagnostic::{Code, Diagnostic, TextRange};
use crate::model::{Cell, Color, Column, Direction, Hint, Item, Level, Pos, GRID_SIZE};

/// The first line of every level.
pub const MAGIC: &str = "Hexcells level v1";

/// The result of parsing a text: every level found, with its diagnostics.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Parse {
    /// The levels in file order (more than one in a level pack).
    pub levels: Vec<ParsedLevel>,
    /// Problems of the file as a whole (e.g. an empty file).
    pub diagnostics: Vec<Diagnostic>,
}

impl Parse {
    /// Every diagnostic of the file and of its levels, sorted by position.
    pub fn all_diagnostics(&self) -> Vec<Diagnostic> {
        let mut all: Vec<Diagnostic> = self.diagnostics.clone();
        all.extend(self.levels.iter().flat_map(|l| l.diagnostics.iter().cloned()));
        all.sort_by_key(|d| (d.range, d.code));
        all
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.all_diagnostics()
            .iter()
            .any(|d| d.severity == crate::diagnostic::Severity::Error)
    }

    /// The level whose text holds `line`, with its index in the pack.
    pub fn level_at_line(&self, line: u32) -> Option<(usize, &ParsedLevel)> {
        self.levels
            .iter()
            .enumerate()
            .find(|(_, l)| l.source.contains_line(line))
    }
}

/// One level read from the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedLevel {
    /// The level as read; problems are left out or read as the nearest valid item.
    pub level: Level,
    /// Where its parts are in the text.
    pub source: SourceMap,
    /// Its problems: syntax first, then model checks (see [`crate::validate`]).
    pub diagnostics: Vec<Diagnostic>,
}

impl ParsedLevel {
    /// Whether any of its diagnostics is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == crate::diagnostic::Severity::Error)
    }

    /// Its first syntax error ([`Diagnostic::is_syntax_error`]): the level was not
    /// read as written.
    pub fn syntax_error(&self) -> Option<&Diagnostic> {
        self.diagnostics.iter().find(|d| d.is_syntax_error())
    }
}

/// Parses a whole file: one level or a level pack.
pub fn parse(text: &str) -> Parse {
    let pieces = level_pieces(text);
    Parse {
        diagnostics: file_diagnostics(&pieces),
        levels: pieces.iter().map(LevelPiece::parse).collect(),
    }
}

/// Level `idx` of the text alone, as [`parse`] reads it (same lines, same
/// diagnostics), without reading the other levels of a pack.
pub fn parse_level_at(text: &str, idx: usize) -> Option<ParsedLevel> {
    level_pieces(text).get(idx).map(LevelPiece::parse)
}

/// How many levels [`parse`] finds in the text.
pub fn count_levels(text: &str) -> usize {
    level_pieces(text).len()
}

/// The text of one level as it sits in a file: [`parse`] reads each piece on its own,
/// so a level's parse depends on nothing but its piece (and where it starts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelPiece<'a> {
    /// The text line the level starts on, from 0.
    pub first_line: u32,
    /// Its lines, from the start of the first to the end of the last (trailing blank
    /// lines included, the line break after the last excluded).
    pub text: &'a str,
    /// Whether it starts the file (where a byte order mark is skipped).
    pub at_start: bool,
}

impl LevelPiece<'_> {
    /// The level, read as [`parse`] reads it in its file.
    pub fn parse(&self) -> ParsedLevel {
        let lines: Vec<Line<'_>> = self
            .text
            .split('\n')
            .enumerate()
            .map(|(i, raw)| line(raw, i == 0 && self.at_start))
            .collect();
        parse_level(&lines, self.first_line as usize)
    }
}

/// Each level of the text, in order, without reading them: where each one's lines are.
/// Each level starts at a magic line; text before the first one (if any) is a level
/// whose magic line is missing. A blank text has none.
pub fn level_pieces(text: &str) -> Vec<LevelPiece<'_>> {
    // The (line, byte) where each level starts.
    let mut starts: Vec<(usize, usize)> = Vec::new();
    let mut first_content = None;
    let mut at = 0;
    for (i, raw) in text.split('\n').enumerate() {
        let line = line(raw, i == 0).text;
        if first_content.is_none() && !line.trim().is_empty() {
            first_content = Some((i, at));
        }
        if is_magic(line) {
            starts.push((i, at));
        }
        at += raw.len() + 1;
    }
    let Some(first_content) = first_content else {
        return Vec::new();
    };
    if starts.first() != Some(&first_content) {
        starts.insert(0, first_content);
    }
    starts
        .iter()
        .enumerate()
        .map(|(k, &(first_line, from))| {
            // The line break before the next level's first line ends this one.
            let to = starts.get(k + 1).map_or(text.len(), |&(_, next)| next - 1);
            LevelPiece {
                first_line: first_line as u32,
                text: &text[from..to],
                at_start: from == 0,
            }
        })
        .collect()
}

/// The problems of the file as a whole, given its levels: an empty file.
pub fn file_diagnostics(pieces: &[LevelPiece<'_>]) -> Vec<Diagnostic> {
    if !pieces.is_empty() {
        return Vec::new();
    }
    vec![Diagnostic::new(
        Code::EmptyFile,
        TextRange::new(0, 0, 0),
        format!("the file is empty; a level starts with the line `{MAGIC}`"),
    )]
}

/// One line of text without its line ending, and where it starts in characters
/// (non-zero only for a first line that starts with a BOM).
#[derive(Clone, Copy)]
struct Line<'a> {
    text: &'a str,
    column_offset: u32,
}

/// One raw line (split at `\n`): a `\r` before the break is no part of it, nor a byte
/// order mark at the start of the file (`first_of_file`).
fn line(raw: &str, first_of_file: bool) -> Line<'_> {
    let raw = raw.strip_suffix('\r').unwrap_or(raw);
    match raw.strip_prefix('\u{feff}') {
        Some(rest) if first_of_file => Line {
            text: rest,
            column_offset: 1,
        },
        _ => Line {
            text: raw,
            column_offset: 0,
        },
    }
}

fn is_magic(line: &str) -> bool {
    line.trim() == MAGIC
}

fn char_len(s: &str) -> u32 {
    s.chars().count() as u32
}

/// A grid line split into indentation, content and trailing whitespace.
struct GridText<'a> {
    indent: u32,
    content: &'a str,
    has_trailing_space: bool,
}

fn grid_text(line: &str) -> GridText<'_> {
    let trimmed_start = line.trim_start();
    let indent = char_len(&line[..line.len() - trimmed_start.len()]);
    let content = trimmed_start.trim_end();
    GridText {
        indent,
        content,
        has_trailing_space: content.len() != trimmed_start.len(),
    }
}

const ITEM_CHARS: &str = ".oOxX\\|/";
const HINT_CHARS: &str = ".+cn";

/// Per byte: whether it is one of [`ITEM_CHARS`] (asked of every group of every
/// line that may be a grid row).
const IS_ITEM_CHAR: [bool; 256] = byte_set(ITEM_CHARS);

/// Per byte: whether it is one of [`HINT_CHARS`].
const IS_HINT_CHAR: [bool; 256] = byte_set(HINT_CHARS);

/// Per byte: whether it is in `chars`.
const fn byte_set(chars: &str) -> [bool; 256] {
    let bytes = chars.as_bytes();
    let mut set = [false; 256];
    let mut i = 0;
    while i < bytes.len() {
        set[bytes[i] as usize] = true;
        i += 1;
    }
    set
}

/// Whether `line` reads as a grid row: even length, every group made of known
/// characters. `with_item` also asks for at least one item.
fn looks_like_grid_row(line: &str, with_item: bool) -> bool {
    // Every character a group may hold is ASCII: bytes say the same as characters
    // (a line with any other character is no grid row either way).
    let bytes = grid_text(line).content.as_bytes();
    if bytes.is_empty() || bytes.len() % 2 != 0 {
        return false;
    }
    let groups_ok = bytes
        .chunks(2)
        .all(|g| IS_ITEM_CHAR[usize::from(g[0])] && IS_HINT_CHAR[usize::from(g[1])]);
    groups_ok && (!with_item || bytes.chunks(2).any(|g| g[0] != b'.'))
}

fn parse_level(lines: &[Line<'_>], first: usize) -> ParsedLevel {
    let line_no = |i: usize| (first + i) as u32;
    let mut diagnostics = Vec::new();
    let mut level = Level::new();
    let mut source = SourceMap {
        first_line: line_no(0),
        end_line: line_no(lines.len()),
        ..SourceMap::default()
    };
    let full_range = |i: usize| {
        let l = lines[i];
        TextRange::new(line_no(i), l.column_offset, l.column_offset + char_len(l.text))
    };

    // The level's own lines end before trailing blank lines.
    let n_lines = lines
        .iter()
        .rposition(|l| !l.text.trim().is_empty())
        .map_or(0, |i| i + 1);

    // Header: magic, title, author, two custom text lines.
    let mut next = 0;
    if is_magic(lines[0].text) {
        source.header[0] = Some(full_range(0));
        next = 1;
    } else if looks_like_grid_row(lines[0].text, false) {
        diagnostics.push(Diagnostic::new(
            Code::MissingMagic,
            TextRange::new(line_no(0), 0, 0),
            format!("the level has no header: add the line `{MAGIC}`, then title, author and two custom text lines, above the grid"),
        ));
        next = usize::MAX;
    } else if lines[0].text.to_ascii_lowercase().contains("hexcells") {
        diagnostics.push(Diagnostic::new(
            Code::MissingMagic,
            full_range(0),
            format!("the first line of a level must be `{MAGIC}`"),
        ));
        source.header[0] = Some(full_range(0));
        next = 1;
    } else {
        // No magic line at all: the text starts with the title.
        diagnostics.push(Diagnostic::new(
            Code::MissingMagic,
            TextRange::new(line_no(0), lines[0].column_offset, lines[0].column_offset),
            format!(
                "the level has no `{MAGIC}` line, so this line is read as its title; add the line above it"
            ),
        ));
    }
    if next != usize::MAX {
        let fields = 1..5;
        for field in fields {
            let i = next;
            let is_last_custom = field == 4;
            let present = i < n_lines && !is_magic(lines[i].text);
            // A fifth line that is a grid row starts the grid when the grid would be short
            // without it: when it holds items, or when it makes a full 33 x 33 grid.
            let short_header = is_last_custom && present && {
                let size = usize::from(GRID_SIZE);
                let rows_after = grid_lines_after(lines, i + 1, n_lines);
                let full_row = grid_text(lines[i].text).content.len() == 2 * size;
                rows_after < size
                    && (looks_like_grid_row(lines[i].text, true)
                        || (rows_after + 1 == size && full_row && looks_like_grid_row(lines[i].text, false)))
            };
            if !present || short_header {
                let what = [
                    "",
                    "title",
                    "author",
                    "first custom text line",
                    "second custom text line",
                ][field];
                if short_header {
                    diagnostics.push(Diagnostic::new(
                        Code::ShortHeader,
                        TextRange::new(line_no(i), 0, 0),
                        "the header has only one custom text line, so this line is read as the first grid row; add a line above it to keep the format standard",
                    ));
                } else {
                    let at = if i > 0 {
                        full_range(i - 1)
                    } else {
                        TextRange::new(line_no(0), 0, 0)
                    };
                    diagnostics.push(Diagnostic::new(
                        Code::MissingHeader,
                        TextRange::new(at.line, at.end, at.end),
                        format!("the header ends early: the {what} line is missing (a header has title, author and two custom text lines)"),
                    ));
                }
                break;
            }
            // A lone `\r` (not part of a CRLF) cannot survive printing: read it as a space.
            let text = lines[i].text.replace('\r', " ");
            match field {
                1 => level.title = text,
                2 => level.author = text,
                3 => level.custom_text[0] = text,
                _ => level.custom_text[1] = text,
            }
            source.header[field] = Some(full_range(i));
            next = i + 1;
        }
    } else {
        next = 0;
    }

    parse_grid(
        lines,
        next.min(n_lines),
        n_lines,
        first,
        &mut level,
        &mut source,
        &mut diagnostics,
    );
    placed_problems::check_text_fields(&level, &source, &mut diagnostics);
    placed_problems::check_level(&level, &source, &mut diagnostics);
    ParsedLevel {
        level,
        source,
        diagnostics,
    }
}

/// How many lines from `from` to `end` read as grid rows.
fn grid_lines_after(lines: &[Line<'_>], from: usize, end: usize) -> usize {
    lines[from.min(end)..end]
        .iter()
        .filter(|l| looks_like_grid_row(l.text, false))
        .count()
}

#[allow(clippy::too_many_arguments)]
fn parse_grid(
    lines: &[Line<'_>],
    start: usize,
    end: usize,
    first: usize,
    level: &mut Level,
    source: &mut SourceMap,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let size = usize::from(GRID_SIZE);
    let mut indented_lines = Vec::new();
    let mut extra_empty: Option<TextRange> = None;
    let mut short_rows: Vec<u32> = Vec::new();
    // One buffer for every line's characters (a grid line has 66 of them).
    let mut chars: Vec<char> = Vec::new();
    for (y, i) in (start..end).enumerate() {
        let line_no = (first + i) as u32;
        let text = grid_text(lines[i].text);
        chars.clear();
        chars.extend(text.content.chars());
        if text.indent > 0 || text.has_trailing_space {
            // Point at the indentation, or else at the trailing whitespace.
            let range = if text.indent > 0 {
                TextRange::new(line_no, 0, text.indent)
            } else {
                let end = text.indent + chars.len() as u32;
                TextRange::new(line_no, end, char_len(lines[i].text))
            };
            indented_lines.push(range);
        }
        let row_range = TextRange::new(line_no, text.indent, text.indent + chars.len() as u32);
        if y >= size {
            if chars.is_empty() {
                continue;
            }
            let has_item = chars.chunks(2).any(|g| g[0] != '.');
            if !looks_like_grid_row(lines[i].text, false) && !chars.is_empty() {
                diagnostics.push(Diagnostic::new(
                    Code::TrailingText,
                    row_range,
                    "text after the 33 grid lines is not part of the level; start another level with `Hexcells level v1` or remove it",
                ));
            } else if has_item {
                diagnostics.push(Diagnostic::new(
                    Code::TooManyRows,
                    row_range,
                    "the level already has its 33 grid lines, so the items of this line are left out; move them up or remove them",
                ));
            } else {
                extra_empty.get_or_insert(row_range);
            }
            continue;
        }
        source.grid.push(GridLine {
            line: line_no,
            indent: text.indent,
            len: chars.len() as u32,
        });
        if chars.len() < 2 * size && chars.len() % 2 == 0 {
            short_rows.push(line_no);
        }
        if chars.len() % 2 != 0 {
            let col = text.indent + chars.len() as u32 - 1;
            diagnostics.push(Diagnostic::new(
                Code::OddLineLength,
                TextRange::new(line_no, col, col + 1),
                format!("this grid line has an odd number of characters ({}): every item is two characters, so the last one is cut in half", chars.len()),
            ));
        }
        let mut beyond: Option<TextRange> = None;
        let mut empty_beyond: Option<TextRange> = None;
        for (x, group) in chars.chunks(2).enumerate() {
            if group.len() < 2 {
                break;
            }
            let col = text.indent + 2 * x as u32;
            let range = TextRange::new(line_no, col, col + 2);
            let pos = Pos::new(x as i32, y as i32);
            let Some(pos) = pos else {
                if group[0] != '.' || group[1] != '.' {
                    let r = beyond.get_or_insert(range);
                    r.end = range.end;
                } else {
                    empty_beyond.get_or_insert(range);
                }
                continue;
            };
            if let Some(item) = parse_group(group[0], group[1], range, diagnostics) {
                level.set(pos, Some(item));
            }
        }
        if let (None, Some(range)) = (beyond, empty_beyond) {
            extra_empty.get_or_insert(range);
        }
        if let Some(range) = beyond {
            diagnostics.push(Diagnostic::new(
                Code::LineTooLong,
                range,
                "this grid line has items past the 33 groups a line can have, so they are left out; move them left or remove them",
            ));
        }
    }
    if let Some(&range) = indented_lines.first() {
        diagnostics.push(Diagnostic::new(
            Code::IndentedGrid,
            range,
            format!(
                "{} grid line(s) are indented or end in spaces (a pasted code block?); `hexcells fmt` removes them",
                indented_lines.len()
            ),
        ));
    }
    let n_rows = end.saturating_sub(start).min(size);
    let widest = source.grid.iter().map(|g| g.len / 2).max().unwrap_or(0);
    if n_rows == 0 {
        // No grid at all: the missing header or the empty level says it already.
    } else if n_rows < size || widest < u32::from(GRID_SIZE) {
        let line = (first + start.min(end)) as u32;
        diagnostics.push(Diagnostic::new(
            Code::CroppedGrid,
            TextRange::new(line, 0, 0),
            format!("the grid is {widest} x {n_rows} instead of 33 x 33; missing groups read as empty (`hexcells fmt` pads it)"),
        ));
    } else if let Some(&line) = short_rows.first() {
        diagnostics.push(Diagnostic::new(
            Code::CroppedGrid,
            TextRange::new(line, 0, 0),
            format!("{} grid line(s) are shorter than 33 groups; missing groups read as empty (`hexcells fmt` pads them)", short_rows.len()),
        ));
    }
    if let Some(range) = extra_empty {
        diagnostics.push(Diagnostic::new(
            Code::ExtraEmptyGrid,
            range,
            "the grid is larger than 33 x 33, but only with empty groups; `hexcells fmt` trims them",
        ));
    }
}

fn parse_group(c1: char, c2: char, range: TextRange, diagnostics: &mut Vec<Diagnostic>) -> Option<Item> {
    let hint = Hint::from_symbol(c2);
    if hint.is_none() {
        diagnostics.push(Diagnostic::new(
            Code::UnknownHint,
            TextRange::new(range.line, range.start + 1, range.end),
            format!("unknown number mark `{c2}`: the second character of a group is `.` (no number), `+` (number), `c` ({{n}}) or `n` (-n-)"),
        ));
    }
    let hint = hint.unwrap_or(Hint::None);
    let cell = |color, revealed| {
        Some(Item::Cell(Cell {
            color,
            revealed,
            hint,
        }))
    };
    let column = |direction| Some(Item::Column(Column { direction, hint }));
    match c1 {
        '.' => {
            if hint != Hint::None {
                diagnostics.push(Diagnostic::new(
                    Code::UnknownHint,
                    TextRange::new(range.line, range.start + 1, range.end),
                    format!("a number mark `{c2}` on an empty position does nothing; write `..` or put a cell (`o`, `x`) before it"),
                ));
            }
            None
        }
        'o' => cell(Color::Black, false),
        'O' => cell(Color::Black, true),
        'x' => cell(Color::Blue, false),
        'X' => cell(Color::Blue, true),
        '\\' => column(Direction::DownRight),
        '|' => column(Direction::Down),
        '/' => column(Direction::DownLeft),
        other => {
            diagnostics.push(Diagnostic::new(
                Code::UnknownItem,
                TextRange::new(range.line, range.start, range.start + 1),
                format!("unknown item `{other}`: the first character of a group is `.` (empty), `o`/`O` (black cell, hidden / revealed), `x`/`X` (blue cell, hidden / revealed) or `\\` `|` `/` (column number)"),
            ));
            None
        }
    }
}
