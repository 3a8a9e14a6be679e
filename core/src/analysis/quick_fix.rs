//! Quick fixes: the obvious repair for a diagnostic, when there is one.
//!
//! | code | fix |
//! | --- | --- |
//! | HC0101 missing-magic-line | insert `Hexcells level v1` |
//! | HC0103 odd-grid-line | complete the last group with `.` |
//! | HC0107 unknown-hint-character (on an empty group) | write `..` |
//! | HC0108 indented-grid | remove indentation and trailing spaces |
//! | HC0109 cropped-grid | pad short lines and add missing lines |
//! | HC0112 html-entity | write the character itself |
//! | HC0201 column-without-number | write `+` |
//! | HC0202 together-on-flower, HC0207 together-on-small-count | write `+` |
//! | HC0203 column-points-at-nothing | remove the column number |
//! | HC0206 hint-contradicts-solution | write the mark the solution shows |

use super::text_fix::{line_len, line_text, FixKind, LineEdit, TextFix};
use crate::diagnostic::{Code, Diagnostic, TextRange};
use crate::format::Parse;
use crate::format::{decode_entities, ParsedLevel, MAGIC};
use crate::model::{name, Clue, Hint, Item};

/// Characters in a full grid line.
const GRID_WIDTH: u32 = 66;
/// Lines in a full grid.
const GRID_LINES: usize = 33;

/// The fixes for `diagnostic`, one of the diagnostics of `parse` (the parse of `text`).
pub fn quick_fixes(text: &str, parse: &Parse, diagnostic: &Diagnostic) -> Vec<TextFix> {
    let range = diagnostic.range;
    let parsed = parse.level_at_line(range.line).map(|(_, p)| p);
    let fix = |title: String, edits: Vec<LineEdit>| TextFix {
        title,
        kind: FixKind::QuickFix,
        edits,
        preferred: true,
    };
    let set_mark = |mark: char, why: &str| {
        let group = TextRange::new(range.line, range.start + 1, range.start + 2);
        fix(
            format!("{why}: write `{mark}`"),
            vec![LineEdit::new(group, mark.to_string())],
        )
    };
    match diagnostic.code {
        Code::MissingMagic => vec![fix(
            format!("Insert `{MAGIC}`"),
            vec![LineEdit::new(
                TextRange::new(range.line, 0, 0),
                format!("{MAGIC}\n"),
            )],
        )],
        Code::OddLineLength => vec![fix(
            "Complete the cut group with `.`".into(),
            vec![LineEdit::new(
                TextRange::new(range.line, range.end, range.end),
                ".",
            )],
        )],
        Code::UnknownHint if group_is_empty(text, range) => vec![fix(
            "Make it an empty group `..`".into(),
            vec![LineEdit::new(range, ".")],
        )],
        Code::IndentedGrid => parsed.map(|p| vec![unindent(text, p)]).unwrap_or_default(),
        Code::CroppedGrid => parsed.map(|p| vec![pad_grid(text, p)]).unwrap_or_default(),
        Code::HtmlEntity => {
            let entity: String = line_text(text, range.line)
                .map(|l| {
                    l.chars()
                        .skip(range.start as usize)
                        .take((range.end - range.start) as usize)
                        .collect()
                })
                .unwrap_or_default();
            let decoded = decode_entities(&entity).into_owned();
            if decoded == entity {
                return Vec::new();
            }
            vec![fix(
                format!("Write `{decoded}`"),
                vec![LineEdit::new(range, decoded)],
            )]
        }
        Code::ColumnWithoutNumber => vec![set_mark('+', "Show the column's number")],
        Code::TogetherOnFlower | Code::TogetherOnSmallCount => vec![set_mark('+', "Show a plain number")],
        Code::ColumnPointsAtNothing => {
            let name = parsed
                .and_then(|p| p.source.pos_at(range.line, range.start))
                .map(name)
                .unwrap_or_default();
            vec![fix(
                format!("Remove column number {name}"),
                vec![LineEdit::new(range, "..")],
            )]
        }
        Code::HintContradictsSolution => parsed
            .and_then(|p| match_solution(p, range))
            .into_iter()
            .collect(),
        _ => Vec::new(),
    }
}

/// Whether the group at `range` starts with `.` (an empty position).
fn group_is_empty(text: &str, range: TextRange) -> bool {
    let start = range.start.saturating_sub(1) as usize;
    line_text(text, range.line).and_then(|l| l.chars().nth(start)) == Some('.')
}

/// Sets the mark of the clue at `range` to what the level's colours show.
fn match_solution(parsed: &ParsedLevel, range: TextRange) -> Option<TextFix> {
    let pos = parsed.source.pos_at(range.line, range.start)?;
    let clue = Clue::at(&parsed.level, pos)?;
    let count = clue.count(&parsed.level);
    let hint = match clue.together(&parsed.level)? {
        _ if count <= 1 => Hint::Plain,
        true => Hint::Together,
        false => Hint::Apart,
    };
    let group = TextRange::new(range.line, range.start + 1, range.start + 2);
    let kind = match parsed.level.get(pos)? {
        Item::Cell(_) => "",
        Item::Column(_) => "column ",
    };
    Some(TextFix {
        title: format!(
            "Show {kind}{} as `{}`, as its cells are",
            name(pos),
            hint.display(count)
        ),
        kind: FixKind::QuickFix,
        edits: vec![LineEdit::new(group, hint.symbol().to_string())],
        preferred: true,
    })
}

/// Removes indentation and trailing whitespace from every grid line.
fn unindent(text: &str, parsed: &ParsedLevel) -> TextFix {
    let mut edits = Vec::new();
    for row in &parsed.source.grid {
        let end = row.indent + row.len;
        let n_chars = line_len(text, row.line);
        if n_chars > end {
            edits.push(LineEdit::new(TextRange::new(row.line, end, n_chars), ""));
        }
        if row.indent > 0 {
            edits.push(LineEdit::new(TextRange::new(row.line, 0, row.indent), ""));
        }
    }
    edits.sort_by_key(|e| e.range);
    TextFix {
        title: "Remove the grid's indentation and trailing spaces".into(),
        kind: FixKind::QuickFix,
        edits,
        preferred: true,
    }
}

/// Pads short grid lines with `.` and adds the missing grid lines.
fn pad_grid(text: &str, parsed: &ParsedLevel) -> TextFix {
    let mut edits = Vec::new();
    let full_line = ".".repeat(GRID_WIDTH as usize);
    for row in &parsed.source.grid {
        if row.len < GRID_WIDTH {
            let end = row.indent + row.len;
            let trailing = line_len(text, row.line).max(end);
            edits.push(LineEdit::new(
                TextRange::new(row.line, end, trailing),
                ".".repeat((GRID_WIDTH - row.len) as usize),
            ));
        }
    }
    let n_missing = GRID_LINES.saturating_sub(parsed.source.grid.len());
    if n_missing > 0 {
        let after = parsed
            .source
            .grid
            .last()
            .map(|g| g.line)
            .or_else(|| parsed.source.header.iter().flatten().map(|r| r.line).max());
        if let Some(line) = after {
            let end = line_len(text, line);
            let rows: String = (0..n_missing).map(|_| format!("\n{full_line}")).collect();
            match edits.last_mut().filter(|e| e.range.line == line) {
                Some(last) => last.new_text.push_str(&rows),
                None => edits.push(LineEdit::new(TextRange::new(line, end, end), rows)),
            }
        }
    }
    TextFix {
        title: "Pad the grid to 33 x 33".into(),
        kind: FixKind::QuickFix,
        edits,
        preferred: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_support::level;
    use crate::format::parse;

    /// Applies the fixes of every diagnostic with `code` to `text`.
    fn fixed(text: &str, code: Code) -> String {
        let parsed = parse(text);
        let mut edits: Vec<LineEdit> = parsed
            .all_diagnostics()
            .iter()
            .filter(|d| d.code == code)
            .flat_map(|d| quick_fixes(text, &parsed, d))
            .flat_map(|f| f.edits)
            .collect();
        assert!(!edits.is_empty(), "no fix for {code}");
        edits.sort_by_key(|e| std::cmp::Reverse(e.range));
        let mut lines: Vec<String> = text.split('\n').map(String::from).collect();
        for e in edits {
            let line = &mut lines[e.range.line as usize];
            let chars: Vec<char> = line.chars().collect();
            let head: String = chars[..e.range.start as usize].iter().collect();
            let tail: String = chars[(e.range.end as usize).min(chars.len())..].iter().collect();
            *line = format!("{head}{}{tail}", e.new_text);
        }
        lines.join("\n")
    }

    #[test]
    fn contradicting_mark_follows_the_colours() {
        let (text, _) = level(&["....x.", "..oc..", "x...o."]);
        let out = fixed(&text, Code::HintContradictsSolution);
        assert_eq!(out, level(&["....x.", "..on..", "x...o."]).0);
        assert_eq!(parse(&out).all_diagnostics(), []);
    }

    #[test]
    fn dangling_column_is_removed() {
        let (text, _) = level(&["|+"]);
        let out = fixed(&text, Code::ColumnPointsAtNothing);
        assert_eq!(out.matches('|').count(), 0);
    }

    #[test]
    fn cropped_and_indented_grids_are_repaired() {
        let text =
            "Hexcells level v1\nT\nA\n\n\n..\n..\n..\n..\n..\n    ....................x...o+  \n..........";
        let unindented = fixed(text, Code::IndentedGrid);
        assert!(
            unindented.contains("\n....................x...o+\n"),
            "{unindented}"
        );
        let padded = fixed(&unindented, Code::CroppedGrid);
        let reparsed = parse(&padded);
        assert!(
            reparsed.all_diagnostics().is_empty(),
            "{:?}",
            reparsed.all_diagnostics()
        );
        assert_eq!(reparsed.levels[0].level.n_cells(), 2);
    }
}
