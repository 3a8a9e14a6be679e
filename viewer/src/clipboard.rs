//! The system clipboard (through `arboard`): copy text, and read a pasted level,
//! `Hexcells level v1` text or SixCells JSON. Independent of the player, so that any
//! mode that pastes a level (the player's, the editor's) reads it the same way.
//!
//! [`read_level`] does the checking without a clipboard; every refusal is a message for
//! the window's status line, and the caller changes nothing.

use hexcells_core::format::{parse, print_pack, sixcells};
use hexcells_core::{Level, Severity};

/// The most text a paste accepts: 1 MB (the largest real levels are under 4 kB).
pub const MAX_BYTES: usize = 1 << 20;

/// The format a pasted level came in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PastedFormat {
    /// `Hexcells level v1` text (one level or a pack).
    Text,
    /// SixCells' JSON (`.sixcells`).
    SixCells,
}

/// A level read from the clipboard.
#[derive(Clone, Debug, PartialEq)]
pub struct PastedLevel {
    /// The levels as `Hexcells level v1` text (converted from JSON if need be).
    pub text: String,
    /// The levels read from it, at least one.
    pub levels: Vec<Level>,
    /// The format it came in.
    pub format: PastedFormat,
}

/// Reads a pasted text as a level: SixCells JSON when it starts with `{`, else
/// `Hexcells level v1` text without errors. Refusals say why, ready for the status line.
pub fn read_level(text: &str) -> Result<PastedLevel, String> {
    if text.len() > MAX_BYTES {
        return Err(format!(
            "the clipboard holds {:.1} MB of text, more than a level (at most 1 MB): nothing pasted",
            text.len() as f64 / (1024.0 * 1024.0)
        ));
    }
    let trimmed = text.trim_start_matches('\u{feff}').trim();
    if trimmed.is_empty() {
        return Err(
            "the clipboard is empty: copy a level (`Hexcells level v1` text or SixCells JSON) first"
                .to_string(),
        );
    }
    if trimmed.starts_with('{') {
        let level = sixcells::import(trimmed).map_err(|e| format!("nothing pasted: {e}"))?;
        return Ok(PastedLevel {
            text: print_pack([&level]),
            levels: vec![level],
            format: PastedFormat::SixCells,
        });
    }
    let parsed = parse(text);
    if parsed.levels.is_empty() || !trimmed.contains("Hexcells level v1") {
        return Err(
            "the clipboard holds no level: expected `Hexcells level v1` text or SixCells JSON".to_string(),
        );
    }
    let first_error = parsed
        .all_diagnostics()
        .into_iter()
        .find(|d| d.severity == Severity::Error);
    if let Some(d) = first_error {
        return Err(format!(
            "the level on the clipboard has errors, nothing pasted: {}:{}: {}",
            d.range.line + 1,
            d.range.start + 1,
            d.message
        ));
    }
    Ok(PastedLevel {
        text: text.to_string(),
        levels: parsed.levels.into_iter().map(|l| l.level).collect(),
        format: PastedFormat::Text,
    })
}

/// The system clipboard, opened on first use and kept open: on X11 the copied text
/// lives in this process, so the clipboard must live as long as the window.
#[derive(Default)]
pub struct Clipboard {
    inner: Option<arboard::Clipboard>,
}

impl Clipboard {
    /// A clipboard that opens on first use.
    pub fn new() -> Clipboard {
        Clipboard::default()
    }

    fn open(&mut self) -> Result<&mut arboard::Clipboard, String> {
        if self.inner.is_none() {
            let clipboard =
                arboard::Clipboard::new().map_err(|e| format!("cannot open the clipboard: {e}"))?;
            self.inner = Some(clipboard);
        }
        self.inner
            .as_mut()
            .ok_or_else(|| "cannot open the clipboard".to_string())
    }

    /// Puts `text` on the clipboard.
    pub fn copy_text(&mut self, text: &str) -> Result<(), String> {
        self.open()?
            .set_text(text)
            .map_err(|e| format!("cannot copy to the clipboard: {e}"))
    }

    /// Reads the level on the clipboard (see [`read_level`]).
    pub fn paste_level(&mut self) -> Result<PastedLevel, String> {
        let text = match self.open()?.get_text() {
            Ok(text) => text,
            Err(arboard::Error::ContentNotAvailable) => String::new(),
            Err(arboard::Error::ConversionFailure) => {
                return Err("the clipboard holds no text (an image?): nothing pasted".to_string())
            }
            Err(e) => return Err(format!("cannot read the clipboard: {e}")),
        };
        read_level(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexcells_core::fixture;
    use hexcells_core::format::print;

    #[test]
    fn text_and_sixcells_json_read_as_the_same_level() {
        let text = fixture::text("Pasted", &["x+o.X."]);
        let pasted = read_level(&text).expect("a level");
        assert_eq!(pasted.format, PastedFormat::Text);
        assert_eq!(pasted.levels.len(), 1);
        let json = sixcells::export(&pasted.levels[0]);
        let from_json = read_level(&format!("  {json}\n")).expect("a level from JSON");
        assert_eq!(from_json.format, PastedFormat::SixCells);
        assert_eq!(print(&from_json.levels[0]), print(&pasted.levels[0]));
        assert_eq!(parse(&from_json.text).levels.len(), 1);
        let pack = format!("{text}{}", fixture::text("Pasted", &["o.x."]));
        assert_eq!(read_level(&pack).expect("a pack").levels.len(), 2);
    }

    #[test]
    fn refusals_say_why() {
        let cases = [
            ("", "the clipboard is empty"),
            (" \n\t", "the clipboard is empty"),
            ("hello", "the clipboard holds no level"),
            ("{\"version\": 1", "nothing pasted: not a SixCells level"),
        ];
        for (text, start) in cases {
            let e = read_level(text).expect_err(text);
            assert!(e.starts_with(start), "{text:?}: {e}");
        }
        let broken = fixture::text("Pasted", &["x+o.X."]).replacen("x+o.", "x+q.", 1);
        let e = read_level(&broken).expect_err("an error in the grid");
        assert!(e.starts_with("the level on the clipboard has errors"), "{e}");
        assert!(e.contains("6:"), "the line of the error: {e}");
        let huge = "x".repeat(MAX_BYTES + 1);
        let e = read_level(&huge).expect_err("too big");
        assert!(e.contains("at most 1 MB"), "{e}");
    }
}
