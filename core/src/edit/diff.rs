//! The smallest text changes that turn one level's text into the text of an edited
//! level: header lines and grid groups that differ are rewritten, nothing else. Short
//! (cropped) grid lines are padded only as far as a new item needs, and missing grid
//! lines are added after the last one, in the file's own line ending.

use super::text::{TextChange, TextPos};
use crate::analysis::text_fix::line_text;
use crate::format::print::group;
use crate::format::{HeaderField, ParsedLevel};
use crate::model::{Level, Pos, GRID_SIZE};

/// The changes that make the text of `parsed` (a level of `text`) read as `new`.
pub(super) fn level_changes(text: &str, parsed: &ParsedLevel, new: &Level) -> Vec<TextChange> {
    let mut changes = header_changes(parsed, new);
    changes.extend(grid_changes(text, parsed, new));
    merge_touching(changes)
}

fn header_changes(parsed: &ParsedLevel, new: &Level) -> Vec<TextChange> {
    let old = &parsed.level;
    let fields = [
        (HeaderField::Title, &old.title, &new.title),
        (HeaderField::Author, &old.author, &new.author),
        (HeaderField::CustomText1, &old.custom_text[0], &new.custom_text[0]),
        (HeaderField::CustomText2, &old.custom_text[1], &new.custom_text[1]),
    ];
    if fields.iter().all(|(_, a, b)| a == b) {
        return Vec::new();
    }
    // Every level edited has its header lines: one without them has a syntax error
    // (HC0101) and is refused before any change is made (`changes.rs`).
    let source = &parsed.source;
    fields
        .iter()
        .filter(|(_, a, b)| a != b)
        .filter_map(|(field, _, new)| {
            let range = source.header_range(*field)?;
            Some(TextChange::new(
                TextPos::new(range.line, range.start),
                TextPos::new(range.line, range.end),
                new.as_str(),
            ))
        })
        .collect()
}

fn grid_changes(text: &str, parsed: &ParsedLevel, new: &Level) -> Vec<TextChange> {
    let old = &parsed.level;
    let grid = &parsed.source.grid;
    let changed: Vec<Pos> = Pos::all().filter(|p| old.get(*p) != new.get(*p)).collect();
    let mut changes = Vec::new();
    let mut missing_rows = false;
    let mut row_start = 0;
    while row_start < changed.len() {
        let y = changed[row_start].y();
        let row_end = changed[row_start..]
            .iter()
            .position(|p| p.y() != y)
            .map_or(changed.len(), |n| row_start + n);
        let xs: Vec<u8> = changed[row_start..row_end].iter().map(|p| p.x()).collect();
        match grid.get(usize::from(y)) {
            Some(row) => {
                let base = row.indent + bom_offset(text, row.line);
                changes.extend(row_changes(new, y, &xs, row.line, base, row.len / 2));
            }
            None => missing_rows = true,
        }
        row_start = row_end;
    }
    if missing_rows {
        changes.extend(new_rows(text, parsed, new, &changed));
    }
    changes
}

/// The changes of one existing grid line: runs of changed groups, and the groups
/// past a short line's end.
fn row_changes(new: &Level, y: u8, xs: &[u8], line: u32, base: u32, n_groups: u32) -> Vec<TextChange> {
    let groups = |from: u8, to: u8| -> String {
        (from..=to)
            .flat_map(|x| {
                let (a, b) = group(Pos::new(x.into(), y.into()).and_then(|p| new.get(p)));
                [a, b]
            })
            .collect()
    };
    let at = |x: u32| TextPos::new(line, base + 2 * x);
    let mut changes = Vec::new();
    let mut i = 0;
    while i < xs.len() && u32::from(xs[i]) < n_groups {
        let first = xs[i];
        let mut last = first;
        while i + 1 < xs.len() && xs[i + 1] == last + 1 && u32::from(xs[i + 1]) < n_groups {
            i += 1;
            last = xs[i];
        }
        changes.push(TextChange::new(
            at(first.into()),
            at(u32::from(last) + 1),
            groups(first, last),
        ));
        i += 1;
    }
    if let Some(&last) = xs.last().filter(|&&x| u32::from(x) >= n_groups) {
        let first = n_groups as u8;
        changes.push(TextChange::insert(at(n_groups), groups(first, last)));
    }
    changes
}

/// Grid lines added after the last one, as wide as the widest line (or the widest
/// new item needs).
fn new_rows(text: &str, parsed: &ParsedLevel, new: &Level, changed: &[Pos]) -> Vec<TextChange> {
    let source = &parsed.source;
    let n_rows = source.grid.len();
    let (Some(last_y), Some(anchor)) = (
        changed.iter().map(|p| usize::from(p.y())).max(),
        source
            .grid
            .last()
            .map(|g| g.line)
            .or_else(|| source.header.iter().flatten().map(|r| r.line).max()),
    ) else {
        return Vec::new();
    };
    let widest_needed = changed
        .iter()
        .filter(|p| usize::from(p.y()) >= n_rows)
        .map(|p| u32::from(p.x()) + 1)
        .max()
        .unwrap_or(0);
    let width = source
        .grid
        .iter()
        .map(|g| g.len / 2)
        .max()
        .unwrap_or(u32::from(GRID_SIZE))
        .max(widest_needed);
    let eol = eol_of(text, anchor);
    let mut rows = String::new();
    for y in n_rows..=last_y {
        rows.push_str(eol);
        for x in 0..width {
            let (a, b) = group(Pos::new(x as i32, y as i32).and_then(|p| new.get(p)));
            rows.push(a);
            rows.push(b);
        }
    }
    let end = line_text(text, anchor).map_or(0, |l| l.chars().count() as u32);
    vec![TextChange::insert(TextPos::new(anchor, end), rows)]
}

/// `\r\n` when `line` ends so (the last line, which has no ending, goes by the
/// first line's), else `\n`.
fn eol_of(text: &str, line: u32) -> &'static str {
    let mut lines = text.split('\n');
    let crlf = match lines.nth(line as usize) {
        Some(l) if text.split('\n').count() > line as usize + 1 => l.ends_with('\r'),
        _ => text.split('\n').next().is_some_and(|l| l.ends_with('\r')) && text.contains('\n'),
    };
    if crlf {
        "\r\n"
    } else {
        "\n"
    }
}

/// 1 on a first line that starts with a byte order mark: core's columns count it, but
/// a grid line's indentation does not.
fn bom_offset(text: &str, line: u32) -> u32 {
    u32::from(line == 0 && text.starts_with('\u{feff}'))
}

/// Changes where one ends where the next starts, made one (so no two changes touch,
/// and the order of two insertions at one place cannot matter).
fn merge_touching(mut changes: Vec<TextChange>) -> Vec<TextChange> {
    changes.sort_by_key(|c| (c.start, c.end));
    let mut out: Vec<TextChange> = Vec::with_capacity(changes.len());
    for change in changes {
        match out.last_mut() {
            Some(last) if last.end == change.start => {
                last.end = change.end;
                last.new_text.push_str(&change.new_text);
            }
            _ => out.push(change),
        }
    }
    out
}
