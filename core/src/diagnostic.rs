//! Problems found in a level, each with a stable code, a severity, a message an
//! author understands and an exact text range.
//!
//! The table of codes lives in [`Code`]; `docs/diagnostics.md` explains each one.

use std::fmt;

/// A range on one line of the source text. Columns count characters (Unicode
/// scalar values) from 0; `end` is exclusive. The language server converts them to
/// the client's encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct TextRange {
    /// Line index, from 0.
    pub line: u32,
    /// First character column, from 0.
    pub start: u32,
    /// Column after the last character.
    pub end: u32,
}

impl TextRange {
    /// The range `start..end` on `line`.
    pub fn new(line: u32, start: u32, end: u32) -> TextRange {
        TextRange {
            line,
            start,
            end: end.max(start),
        }
    }

    /// Whether the character at (`line`, `column`) lies in the range (or touches its
    /// end, so a cursor after the last character still counts).
    pub fn contains(&self, line: u32, column: u32) -> bool {
        line == self.line && (self.start..=self.end).contains(&column)
    }
}

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// The level is broken: the game would read it differently or not at all.
    Error,
    /// The level works, but something is probably not what the author meant.
    Warning,
    /// Worth knowing; nothing to fix.
    Info,
    /// A suggestion.
    Hint,
}

impl Severity {
    /// `"error"`, `"warning"`, `"info"` or `"hint"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
            Severity::Hint => "hint",
        }
    }
}

macro_rules! codes {
    ($( $(#[$doc:meta])* $variant:ident = $code:literal, $slug:literal, $severity:ident; )*) => {
        /// Every diagnostic code. The number never changes meaning once released.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Code {
            $( $(#[$doc])* $variant, )*
        }

        impl Code {
            /// Every code, in numeric order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The stable code, e.g. `"HC0101"`.
            pub fn as_str(self) -> &'static str {
                match self { $(Code::$variant => $code,)* }
            }

            /// A short kebab-case name, e.g. `"missing-magic-line"`.
            pub fn slug(self) -> &'static str {
                match self { $(Code::$variant => $slug,)* }
            }

            /// The severity problems of this code have.
            pub fn severity(self) -> Severity {
                match self { $(Code::$variant => Severity::$severity,)* }
            }

            /// The code written as `"HC0101"` or as its slug.
            pub fn parse(text: &str) -> Option<Code> {
                Code::ALL.iter().copied().find(|c| c.as_str() == text || c.slug() == text)
            }
        }
    };
}

codes! {
    /// The first line is not `Hexcells level v1`.
    MissingMagic = "HC0101", "missing-magic-line", Error;
    /// The header (title, author, two custom text lines) is incomplete.
    MissingHeader = "HC0102", "missing-header-lines", Error;
    /// A grid line has an odd number of characters: its last group is cut in half.
    OddLineLength = "HC0103", "odd-grid-line", Error;
    /// A grid line has items beyond the 33rd group.
    LineTooLong = "HC0104", "grid-line-too-long", Error;
    /// The grid has items below its 33rd line.
    TooManyRows = "HC0105", "too-many-grid-lines", Error;
    /// A group's first character is not one of `.oOxX\|/`.
    UnknownItem = "HC0106", "unknown-item-character", Error;
    /// A group's second character is not one of `.+cn`.
    UnknownHint = "HC0107", "unknown-hint-character", Error;
    /// Grid lines are indented or carry trailing whitespace (a pasted code block).
    IndentedGrid = "HC0108", "indented-grid", Warning;
    /// The grid is smaller than 33 x 33 (cropped); missing groups read as empty.
    CroppedGrid = "HC0109", "cropped-grid", Warning;
    /// Empty grid lines or groups beyond 33 x 33.
    ExtraEmptyGrid = "HC0110", "extra-empty-grid", Warning;
    /// The header has only one custom text line: the fifth line is already a grid row.
    ShortHeader = "HC0111", "short-header", Warning;
    /// Header text holds HTML entities such as `&#39;`, which the game shows literally.
    HtmlEntity = "HC0112", "html-entity", Hint;
    /// Text after the grid that is not another level.
    TrailingText = "HC0113", "trailing-text", Warning;
    /// The file is empty.
    EmptyFile = "HC0114", "empty-file", Error;
    /// A column number has `.` as its second character; it must show a number.
    ColumnWithoutNumber = "HC0201", "column-without-number", Error;
    /// `c` or `n` on a blue cell: a flower number has no consecutive form.
    TogetherOnFlower = "HC0202", "together-on-flower", Error;
    /// A column number whose ray meets no cell.
    ColumnPointsAtNothing = "HC0203", "column-points-at-nothing", Warning;
    /// Two items overlap on screen: one at (x, y), another at (x, y+1).
    CollidingItems = "HC0204", "colliding-items", Warning;
    /// Cells sit on both lattice parities, so some never touch others (one per level,
    /// at the first stray cell, with every stray cell as a related place).
    MixedParity = "HC0205", "mixed-lattice-parity", Warning;
    /// `c` or `n` says the opposite of what the level's own colours show.
    HintContradictsSolution = "HC0206", "hint-contradicts-solution", Error;
    /// `c` or `n` on a count of 0 or 1, where it says nothing.
    TogetherOnSmallCount = "HC0207", "together-on-small-count", Warning;
    /// The level has no cells.
    NoCells = "HC0208", "no-cells", Error;
    /// An item sits where the game draws its own interface (menu, counters, or the
    /// custom text over the last two lines).
    UnderGameUi = "HC0209", "under-game-ui", Hint;
    /// A player cannot deduce some cells without guessing.
    Stuck = "HC0301", "stuck", Error;
    /// The solver gave up within its budget; the verdict is unknown.
    GaveUp = "HC0302", "analysis-gave-up", Warning;
    /// A clue a player never needs: without it the level is solvable at the same grade.
    ClueNotNeeded = "HC0303", "clue-not-needed", Hint;
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Another place that matters to a diagnostic (the other colliding item, a clue
/// of an explanation).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Related {
    /// Where.
    pub range: TextRange,
    /// Why it matters, e.g. `"other item here"`.
    pub message: String,
}

/// One problem found in a level.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    /// Where the problem is.
    pub range: TextRange,
    /// Its stable code.
    pub code: Code,
    /// How bad it is (usually `code.severity()`).
    pub severity: Severity,
    /// What is wrong and, where possible, what to try; no trailing period.
    pub message: String,
    /// Other places involved.
    pub related: Vec<Related>,
}

impl Diagnostic {
    /// A diagnostic with the code's own severity and no related places. Control
    /// characters in the message (a tab quoted from the level) are escaped.
    pub fn new(code: Code, range: TextRange, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            range,
            code,
            severity: code.severity(),
            message: escape_controls(message.into()),
            related: Vec::new(),
        }
    }

    /// Whether this is a syntax error: an error of the text format (HC0101 to HC0107,
    /// HC0114), so that the level was not read as written. Every tool treats it the
    /// same way: `fmt` and `convert` refuse the text, the visual editor does not edit
    /// the level, and neither `check` nor the language server analyses it. Warnings of
    /// the format (an indented or cropped grid, ...) are not: the level reads as meant.
    pub fn is_syntax_error(&self) -> bool {
        self.severity == Severity::Error && self.code.as_str().starts_with("HC01")
    }

    /// Adds a related place (its message escaped like [`Diagnostic::new`]'s).
    pub fn with_related(mut self, range: TextRange, message: impl Into<String>) -> Diagnostic {
        self.related.push(Related {
            range,
            message: escape_controls(message.into()),
        });
        self
    }
}

/// `text` with each control character written as an escape (`\t`, `\u{1b}`), so that a
/// message quoting the user's text stays one printable line.
pub fn escape_controls(text: String) -> String {
    if !text.chars().any(char::is_control) {
        return text;
    }
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_in_messages_are_escaped() {
        let d = Diagnostic::new(Code::UnknownItem, TextRange::default(), "unknown item `\t`")
            .with_related(TextRange::default(), "see \u{1b}[31m");
        assert_eq!(d.message, "unknown item `\\t`");
        assert_eq!(d.related[0].message, "see \\u{1b}[31m");
        assert_eq!(escape_controls("é `x`".to_string()), "é `x`");
    }

    #[test]
    fn the_syntax_errors_are_the_errors_of_the_text_format() {
        let syntax: Vec<&str> = Code::ALL
            .iter()
            .filter(|c| Diagnostic::new(**c, TextRange::default(), "").is_syntax_error())
            .map(|c| c.as_str())
            .collect();
        assert_eq!(
            syntax,
            ["HC0101", "HC0102", "HC0103", "HC0104", "HC0105", "HC0106", "HC0107", "HC0114"]
        );
    }

    #[test]
    fn codes_are_unique_and_parse_back() {
        for (i, a) in Code::ALL.iter().enumerate() {
            for b in &Code::ALL[i + 1..] {
                assert_ne!(a.as_str(), b.as_str());
                assert_ne!(a.slug(), b.slug());
            }
            assert_eq!(Code::parse(a.as_str()), Some(*a));
            assert_eq!(Code::parse(a.slug()), Some(*a));
        }
    }
}
