//! Writes levels as canonical "Hexcells level v1" text (33 x 33 grid, `\n` line
//! endings, a final newline), and formats text by parsing and printing it.

use super::parse::{parse, MAGIC};
use crate::diagnostic::Diagnostic;
use crate::model::{Color, Item, Level, Pos, GRID_SIZE};

/// The canonical text of one level.
pub fn print(level: &Level) -> String {
    let size = usize::from(GRID_SIZE);
    let mut out = String::with_capacity(6 + size * (2 * size + 1) + 100);
    out.push_str(MAGIC);
    out.push('\n');
    for text in [
        &level.title,
        &level.author,
        &level.custom_text[0],
        &level.custom_text[1],
    ] {
        out.extend(text.chars().map(|c| if c == '\n' || c == '\r' { ' ' } else { c }));
        out.push('\n');
    }
    for y in 0..size {
        for x in 0..size {
            let (c1, c2) = group(Pos::new(x as i32, y as i32).and_then(|p| level.get(p)));
            out.push(c1);
            out.push(c2);
        }
        out.push('\n');
    }
    out
}

/// The two characters of a grid group holding `item` (`..` for an empty place).
pub fn group(item: Option<Item>) -> (char, char) {
    match item {
        None => ('.', '.'),
        Some(Item::Cell(cell)) => {
            let c1 = match (cell.color, cell.revealed) {
                (Color::Black, false) => 'o',
                (Color::Black, true) => 'O',
                (Color::Blue, false) => 'x',
                (Color::Blue, true) => 'X',
            };
            (c1, cell.hint.symbol())
        }
        Some(Item::Column(column)) => (column.direction.symbol(), column.hint.symbol()),
    }
}

/// The canonical text of a level pack: each level's text, one after the other.
pub fn print_pack<'a>(levels: impl IntoIterator<Item = &'a Level>) -> String {
    levels.into_iter().map(print).collect()
}

/// Why [`format`] left a text alone.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot format: {} syntax error(s) would lose text{}; fix them first", .errors.len(), first_error(.errors))]
pub struct FormatError {
    /// The syntax errors that stop formatting (never empty).
    pub errors: Vec<Diagnostic>,
}

/// ` (first: line L: message)` for the first error, if any.
fn first_error(errors: &[Diagnostic]) -> String {
    errors
        .first()
        .map(|d| format!(" (first: line {}: {})", d.range.line + 1, d.message))
        .unwrap_or_default()
}

/// Canonical text with the same meaning as `text`: indentation and trailing spaces
/// removed, cropped grids padded, line endings normalised. Refuses (returning the
/// errors) when the text has syntax errors, since formatting would drop what could
/// not be read.
pub fn format(text: &str) -> Result<String, FormatError> {
    let parsed = parse(text);
    let errors: Vec<Diagnostic> = parsed
        .all_diagnostics()
        .into_iter()
        .filter(Diagnostic::is_syntax_error)
        .collect();
    if !errors.is_empty() {
        return Err(FormatError { errors });
    }
    Ok(print_pack(parsed.levels.iter().map(|l| &l.level)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_pads_cropped_grids_and_refuses_syntax_errors() {
        let cropped = "Hexcells level v1\nT\nA\n\n\n..x.\r\n....";
        let formatted = format(cropped).expect("a cropped grid formats");
        assert_eq!(formatted.lines().count(), 5 + 33);
        assert!(formatted.lines().all(|l| !l.ends_with('\r')));
        assert_eq!(
            formatted.lines().nth(5),
            Some(format!("..x.{}", "..".repeat(31)).as_str())
        );

        let broken = "Hexcells level v1\nT\nA\n\n\n..q.";
        let err = format(broken).expect_err("an unknown item stops formatting");
        assert_eq!(err.errors.len(), 1);
        assert!(err.to_string().starts_with(
            "cannot format: 1 syntax error(s) would lose text (first: line 6: unknown item `q`"
        ));
        assert_eq!(
            FormatError { errors: Vec::new() }.to_string(),
            "cannot format: 0 syntax error(s) would lose text; fix them first"
        );
    }
}
