//! Text changes that may span lines: where they go, applying them to a text, and the
//! changes that undo them.
//!
//! Positions count lines from 0 and characters (not bytes) within a line, like the
//! rest of core. A line's `\r\n` ending belongs to no column: a column past the last
//! character of a line means the line's end, before its `\r`.

/// A place in a text: line and character column, both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct TextPos {
    /// Line index, from 0.
    pub line: u32,
    /// Character column, from 0.
    pub column: u32,
}

impl TextPos {
    /// The place at (`line`, `column`).
    pub fn new(line: u32, column: u32) -> TextPos {
        TextPos { line, column }
    }
}

/// Replace the text from `start` to `end` (possibly on another line) with `new_text`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TextChange {
    /// First place replaced.
    pub start: TextPos,
    /// Place after the last character replaced; equal to `start` for an insertion.
    pub end: TextPos,
    /// The replacement, which may hold line breaks.
    pub new_text: String,
}

impl TextChange {
    /// Replaces `start..end` with `new_text`.
    pub fn new(start: TextPos, end: TextPos, new_text: impl Into<String>) -> TextChange {
        TextChange {
            start,
            end: end.max(start),
            new_text: new_text.into(),
        }
    }

    /// Inserts `new_text` at `at`.
    pub fn insert(at: TextPos, new_text: impl Into<String>) -> TextChange {
        TextChange::new(at, at, new_text)
    }
}

impl From<crate::analysis::LineEdit> for TextChange {
    fn from(edit: crate::analysis::LineEdit) -> TextChange {
        let r = edit.range;
        TextChange::new(
            TextPos::new(r.line, r.start),
            TextPos::new(r.line, r.end),
            edit.new_text,
        )
    }
}

/// Byte offsets of places in one text.
struct Offsets<'a> {
    text: &'a str,
    /// Byte offset where each line starts.
    line_starts: Vec<usize>,
}

impl<'a> Offsets<'a> {
    fn new(text: &'a str) -> Offsets<'a> {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Offsets { text, line_starts }
    }

    /// The byte offset of `at`, clamped to its line's end (before `\r\n`) and to the
    /// text's end.
    fn offset(&self, at: TextPos) -> usize {
        let Some(&start) = self.line_starts.get(at.line as usize) else {
            return self.text.len();
        };
        let rest = &self.text[start..];
        let line = rest.split('\n').next().unwrap_or("");
        let line = line.strip_suffix('\r').unwrap_or(line);
        let within = line
            .char_indices()
            .nth(at.column as usize)
            .map_or(line.len(), |(i, _)| i);
        start + within
    }

    /// The place of byte `offset` (which must lie on a character boundary).
    fn pos(&self, offset: usize) -> TextPos {
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        let column = self.text.get(start..offset).map_or(0, |s| s.chars().count());
        TextPos::new(line as u32, column as u32)
    }
}

/// `text` with `changes` applied. The changes refer to places in `text`, are in text
/// order and do not overlap (a change that starts inside the one before starts at its
/// end instead).
pub fn apply(text: &str, changes: &[TextChange]) -> String {
    let offsets = Offsets::new(text);
    let mut out = String::with_capacity(text.len() + changes.iter().map(|c| c.new_text.len()).sum::<usize>());
    let mut done = 0;
    for change in changes {
        let start = offsets.offset(change.start).max(done);
        let end = offsets.offset(change.end).max(start);
        out.push_str(&text[done..start]);
        out.push_str(&change.new_text);
        done = end;
    }
    out.push_str(&text[done..]);
    out
}

/// The changes that turn `apply(text, changes)` back into `text`, in text order.
pub fn inverse(text: &str, changes: &[TextChange]) -> Vec<TextChange> {
    let before = Offsets::new(text);
    let after_text = apply(text, changes);
    let after = Offsets::new(&after_text);
    let mut out = Vec::with_capacity(changes.len());
    let mut done = 0;
    // How far the text after the last change has moved.
    let mut shift: isize = 0;
    for change in changes {
        let start = before.offset(change.start).max(done);
        let end = before.offset(change.end).max(start);
        let new_start = (start as isize + shift) as usize;
        let new_end = new_start + change.new_text.len();
        out.push(TextChange::new(
            after.pos(new_start),
            after.pos(new_end),
            &text[start..end],
        ));
        shift += change.new_text.len() as isize - (end - start) as isize;
        done = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(a: (u32, u32), b: (u32, u32), text: &str) -> TextChange {
        TextChange::new(TextPos::new(a.0, a.1), TextPos::new(b.0, b.1), text)
    }

    #[test]
    fn changes_apply_across_lines_and_invert() {
        let text = "ab\r\ncdé\nlast";
        let changes = [
            change((0, 1), (0, 2), "X"),
            change((0, 2), (0, 2), "\r\nnew"),
            change((1, 2), (1, 3), "e"),
            change((2, 4), (2, 99), "!"),
        ];
        let out = apply(text, &changes);
        assert_eq!(out, "aX\r\nnew\r\ncde\nlast!");
        let back = inverse(text, &changes);
        assert_eq!(back[1], change((0, 2), (1, 3), ""));
        assert_eq!(apply(&out, &back), text);
    }

    #[test]
    fn places_past_the_end_clamp() {
        assert_eq!(apply("ab", &[change((5, 0), (6, 0), "c")]), "abc");
        assert_eq!(apply("ab\n", &[change((0, 9), (0, 9), "c")]), "abc\n");
        // Overlapping changes do not panic: the second starts where the first ended.
        assert_eq!(
            apply(
                "abcd",
                &[change((0, 0), (0, 3), "X"), change((0, 1), (0, 4), "Y")]
            ),
            "XY"
        );
    }
}
