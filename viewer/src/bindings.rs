//! Key bindings an author can change: `keys.toml` in the user's config directory
//! (`~/.config/hexcells/keys.toml` on Linux, found with the `directories` crate), one
//! table per mode, an action id to one key or a list of keys:
//!
//! ```toml
//! [editor]
//! undo = ["Ctrl+Z", "Ctrl+U"]
//! save = "Ctrl+S"
//!
//! [player]
//! hint = "F1"
//! ```
//!
//! Actions not named keep their default keys; a bad entry (an unknown action or key) is
//! reported once at start, in the window, and keeps its default. The help line is
//! written from the bindings in force.

use std::collections::HashMap;
use std::path::PathBuf;

use crate::keys;

/// A key, before modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyName {
    /// A character key; letters in lower case.
    Char(char),
    /// Tab.
    Tab,
    /// Delete.
    Delete,
    /// Escape.
    Escape,
    /// Backspace.
    Backspace,
    /// Enter.
    Enter,
    /// A function key, F1 to F12.
    F(u8),
}

/// A key with the modifiers held.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chord {
    /// The key.
    pub key: KeyName,
    /// Ctrl held.
    pub ctrl: bool,
    /// Shift held (kept for letters and named keys only: `+` is `+` however typed).
    pub shift: bool,
    /// Alt held.
    pub alt: bool,
}

impl Chord {
    /// A chord, normalised: letters in lower case, Shift dropped for other characters.
    pub fn new(key: KeyName, ctrl: bool, shift: bool, alt: bool) -> Chord {
        let (key, shift) = match key {
            KeyName::Char(c) if c.is_alphabetic() => {
                (KeyName::Char(c.to_lowercase().next().unwrap_or(c)), shift)
            }
            KeyName::Char(c) => (KeyName::Char(c), false),
            other => (other, shift),
        };
        Chord {
            key,
            ctrl,
            shift,
            alt,
        }
    }

    /// Reads `Ctrl+Shift+Z`, `Tab`, `+`, `F1` (case-insensitive names).
    pub fn parse(text: &str) -> Option<Chord> {
        let text = text.trim();
        // `+` alone, or a chord ending in `+` (`Ctrl++`).
        let (mods, key) = match text.strip_suffix("++") {
            Some(mods) => (mods, "+"),
            None if text == "+" => ("", "+"),
            None => match text.rsplit_once('+') {
                Some((mods, key)) => (mods, key),
                None => ("", text),
            },
        };
        let (mut ctrl, mut shift, mut alt) = (false, false, false);
        for m in mods.split('+').filter(|m| !m.is_empty()) {
            match m.to_ascii_lowercase().as_str() {
                "ctrl" | "control" => ctrl = true,
                "shift" => shift = true,
                "alt" => alt = true,
                _ => return None,
            }
        }
        let lower = key.to_ascii_lowercase();
        let name = match lower.as_str() {
            "tab" => KeyName::Tab,
            "delete" | "del" => KeyName::Delete,
            "escape" | "esc" => KeyName::Escape,
            "backspace" => KeyName::Backspace,
            "enter" | "return" => KeyName::Enter,
            "space" => KeyName::Char(' '),
            f if f.len() >= 2 && f.starts_with('f') && f[1..].chars().all(|c| c.is_ascii_digit()) => {
                let n: u8 = f[1..].parse().ok()?;
                if !(1..=12).contains(&n) {
                    return None;
                }
                KeyName::F(n)
            }
            _ => {
                let mut chars = key.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if !c.is_control() => KeyName::Char(c),
                    _ => return None,
                }
            }
        };
        Some(Chord::new(name, ctrl, shift, alt))
    }

    /// How the help shows it: `Ctrl+Shift+Z`, `Tab`, `+`.
    pub fn label(&self) -> String {
        let mut out = String::new();
        for (on, name) in [(self.ctrl, "Ctrl+"), (self.alt, "Alt+"), (self.shift, "Shift+")] {
            if on {
                out.push_str(name);
            }
        }
        match self.key {
            KeyName::Char(' ') => out.push_str("Space"),
            KeyName::Char(c) => out.extend(c.to_uppercase()),
            KeyName::Tab => out.push_str("Tab"),
            KeyName::Delete => out.push_str("Delete"),
            KeyName::Escape => out.push_str("Esc"),
            KeyName::Backspace => out.push_str("Backspace"),
            KeyName::Enter => out.push_str("Enter"),
            KeyName::F(n) => out.push_str(&format!("F{n}")),
        }
        out
    }
}

/// One mode's table: action ids, their default keys, and what the help calls them.
pub struct Table {
    /// The mode's section in `keys.toml`.
    pub section: &'static str,
    /// `(id, default keys, help word)`, in help order.
    pub actions: &'static [(&'static str, &'static [&'static str], &'static str)],
}

/// The bindings in force for one mode.
#[derive(Clone, Debug, Default)]
pub struct Bindings {
    by_chord: HashMap<Chord, &'static str>,
    keys: Vec<(&'static str, Vec<Chord>, &'static str)>,
}

impl Bindings {
    /// The action bound to `chord`, if any.
    pub fn action(&self, chord: Chord) -> Option<&'static str> {
        self.by_chord.get(&chord).copied()
    }

    /// `Ctrl+Z undo · Ctrl+Y redo · ...`: the keys in force.
    pub fn help(&self) -> String {
        self.keys
            .iter()
            .filter(|(_, chords, _)| !chords.is_empty())
            .map(|(_, chords, word)| {
                let keys: Vec<String> = chords.iter().map(Chord::label).collect();
                format!("{} {word}", keys.join("/"))
            })
            .collect::<Vec<_>>()
            .join(" · ")
    }
}

/// The bindings of `table` with the user's `keys.toml` text applied (`None`: no file).
/// Returns them with a message per bad entry.
pub fn bindings(table: &Table, user: Option<&str>) -> (Bindings, Vec<String>) {
    let mut warnings = Vec::new();
    let mut keys: Vec<(&'static str, Vec<Chord>, &'static str)> = table
        .actions
        .iter()
        .map(|(id, defaults, word)| {
            (
                *id,
                defaults.iter().filter_map(|k| Chord::parse(k)).collect(),
                *word,
            )
        })
        .collect();
    if let Some(text) = user {
        match text.parse::<toml::Table>() {
            Err(e) => warnings.push(format!(
                "keys.toml is not TOML ({}); using the default keys",
                first_line(&e.to_string())
            )),
            Ok(file) => {
                if let Some(section) = file.get(table.section) {
                    apply(table, section, &mut keys, &mut warnings);
                }
            }
        }
    }
    let mut by_chord = HashMap::new();
    for (id, chords, _) in &keys {
        for chord in chords {
            if let Some(other) = by_chord.insert(*chord, *id) {
                warnings.push(format!(
                    "keys.toml: [{}] {} is bound to both {other} and {id}; {id} wins",
                    table.section,
                    chord.label()
                ));
            }
        }
    }
    (Bindings { by_chord, keys }, warnings)
}

/// The player's bindings (`crate::keys`' table) with `[player]` of the user's
/// `keys.toml` applied: an action named there gets the keys listed instead of its
/// default keys (its mouse buttons stay). Returns a message per bad entry.
pub fn player_bindings(user: Option<&str>) -> (Vec<keys::Binding>, Vec<String>) {
    let mut table = keys::defaults();
    let mut warnings = Vec::new();
    let Some(text) = user else {
        return (table, warnings);
    };
    let Ok(file) = text.parse::<toml::Table>() else {
        return (table, warnings); // said once by the editor's table
    };
    let Some(section) = file.get("player").and_then(toml::Value::as_table) else {
        return (table, warnings);
    };
    for (id, value) in section {
        let Some(action) = keys::ACTIONS.iter().copied().find(|a| a.id() == id) else {
            let ids: Vec<&str> = keys::ACTIONS.iter().map(|a| a.id()).collect();
            warnings.push(format!(
                "keys.toml: [player] has no action `{id}` (known: {})",
                ids.join(", ")
            ));
            continue;
        };
        let texts: Vec<Option<&str>> = match value {
            toml::Value::String(s) => vec![Some(s.as_str())],
            toml::Value::Array(items) => items.iter().map(toml::Value::as_str).collect(),
            _ => vec![None],
        };
        let chords: Option<Vec<keys::Chord>> = texts
            .iter()
            .map(|t| t.and_then(Chord::parse).and_then(player_chord))
            .collect();
        let Some(chords) = chords else {
            warnings.push(format!(
                "keys.toml: [player] {id} = {value}: not a player key (a character, Tab or F1, with Ctrl or Shift); keeping its default"
            ));
            continue;
        };
        table.retain(|b| b.action != action || matches!(b.chord.input, keys::Input::Mouse(_)));
        for chord in chords {
            table.retain(|b| b.chord != chord);
            table.push(keys::Binding { chord, action });
        }
    }
    (table, warnings)
}

/// The player's chord for a key, if its table can hold it.
fn player_chord(chord: Chord) -> Option<keys::Chord> {
    let input = match chord.key {
        KeyName::Char(c) => keys::Input::Char(c),
        KeyName::Tab => keys::Input::Tab,
        KeyName::F(1) => keys::Input::F1,
        _ => return None,
    };
    (!chord.alt).then(|| keys::Chord::new(input, chord.ctrl, chord.shift))
}

fn apply(
    table: &Table,
    section: &toml::Value,
    keys: &mut [(&'static str, Vec<Chord>, &'static str)],
    warnings: &mut Vec<String>,
) {
    let Some(section) = section.as_table() else {
        warnings.push(format!(
            "keys.toml: [{}] must be a table of action = keys",
            table.section
        ));
        return;
    };
    for (id, value) in section {
        let Some(slot) = keys.iter_mut().find(|(known, _, _)| known == id) else {
            let ids: Vec<&str> = table.actions.iter().map(|(id, _, _)| *id).collect();
            warnings.push(format!(
                "keys.toml: [{}] has no action `{id}` (known: {})",
                table.section,
                ids.join(", ")
            ));
            continue;
        };
        let texts: Vec<Option<&str>> = match value {
            toml::Value::String(s) => vec![Some(s.as_str())],
            toml::Value::Array(items) => items.iter().map(toml::Value::as_str).collect(),
            _ => vec![None],
        };
        let chords: Option<Vec<Chord>> = texts.iter().map(|t| t.and_then(Chord::parse)).collect();
        match chords {
            Some(chords) => slot.1 = chords,
            None => warnings.push(format!(
                "keys.toml: [{}] {id} = {value}: not a key (e.g. \"Ctrl+Z\", \"Tab\", \"+\", [\"N\", \"F2\"]); keeping its default",
                table.section
            )),
        }
    }
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or(text)
}

/// Where `keys.toml` is: the user's config directory for hexcells.
pub fn path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "hexcells").map(|d| d.config_dir().join("keys.toml"))
}

/// The text of the user's `keys.toml`, if there is one (a file that cannot be read is
/// reported).
pub fn read_user_file() -> (Option<String>, Vec<String>) {
    let Some(path) = path() else {
        return (None, Vec::new());
    };
    match std::fs::read(&path) {
        Ok(bytes) if bytes.len() > 64 * 1024 => {
            (None, vec![format!("{} is over 64 kB: ignored", path.display())])
        }
        Ok(bytes) => (Some(String::from_utf8_lossy(&bytes).into_owned()), Vec::new()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => (None, Vec::new()),
        Err(e) => (None, vec![format!("cannot read {}: {e}", path.display())]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: Table = Table {
        section: "editor",
        actions: &[
            ("undo", &["Ctrl+Z"], "undo"),
            ("redo", &["Ctrl+Y", "Ctrl+Shift+Z"], "redo"),
            ("zoom-in", &["+", "="], "zoom"),
        ],
    };

    #[test]
    fn chords_read_and_print_back() {
        for text in [
            "Ctrl+Shift+Z",
            "Tab",
            "+",
            "Ctrl++",
            "F1",
            "Alt+X",
            "Delete",
            "Esc",
            "Space",
        ] {
            let chord = Chord::parse(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(Chord::parse(&chord.label()), Some(chord), "{text}");
        }
        assert_eq!(Chord::parse("ctrl+z"), Chord::parse("Ctrl+Z"));
        assert_eq!(Chord::parse("Ctrl+Z").map(|c| c.label()), Some("Ctrl+Z".into()));
        for bad in ["", "Hyper+Z", "F13", "Ctrl+", "zz"] {
            assert_eq!(Chord::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_user_file_changes_bindings_and_bad_entries_keep_defaults() {
        let (defaults, warnings) = bindings(&TABLE, None);
        assert!(warnings.is_empty());
        assert_eq!(
            defaults.action(Chord::parse("Ctrl+Shift+Z").unwrap()),
            Some("redo")
        );
        assert_eq!(
            defaults.help(),
            "Ctrl+Z undo · Ctrl+Y/Ctrl+Shift+Z redo · +/= zoom"
        );

        let user = "[editor]\nundo = [\"Ctrl+U\", \"F2\"]\nredo = \"Hyper+Q\"\nfly = \"F\"\n[player]\nhint = \"H\"\n";
        let (b, warnings) = bindings(&TABLE, Some(user));
        assert_eq!(b.action(Chord::parse("Ctrl+U").unwrap()), Some("undo"));
        assert_eq!(b.action(Chord::parse("Ctrl+Z").unwrap()), None);
        assert_eq!(
            b.action(Chord::parse("Ctrl+Y").unwrap()),
            Some("redo"),
            "a bad entry keeps its default"
        );
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(
            warnings
                .iter()
                .any(|w| w.contains("redo = \"Hyper+Q\": not a key")),
            "{warnings:?}"
        );
        assert!(
            warnings.iter().any(|w| w.contains("no action `fly`")),
            "{warnings:?}"
        );
        assert!(b.help().starts_with("Ctrl+U/F2 undo"));

        let (player, warnings) =
            player_bindings(Some("[player]\nhint = \"F1\"\nshow-solution = \"Alt+V\"\n"));
        let f1 = keys::Chord::new(keys::Input::F1, false, false);
        assert_eq!(keys::action_for(&player, f1), Some(keys::Action::Hint));
        assert_eq!(keys::action_for(&player, keys::Chord::key('h')), None);
        assert_eq!(
            keys::action_for(&player, keys::Chord::key('v')),
            Some(keys::Action::ToggleSolution)
        );
        assert_eq!(warnings.len(), 1, "{warnings:?}");

        let (_, warnings) = bindings(&TABLE, Some("[editor\nundo="));
        assert!(warnings[0].starts_with("keys.toml is not TOML"), "{warnings:?}");
    }
}
