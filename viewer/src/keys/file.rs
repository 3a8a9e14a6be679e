//! The user's `keys.toml`, in the config directory (`~/.config/hexcells/keys.toml` on
//! Linux, found with the `directories` crate): one table per mode, an action id to one
//! chord or a list of them, and which mouse button makes blue:
//!
//! ```toml
//! [player]
//! hint = "F1"
//! guess = "Ctrl+Click"
//! zoom-in = ["+", "Ctrl+Up"]
//!
//! [editor]
//! undo = ["Ctrl+Z", "Ctrl+U"]
//! delete-selection = ["Delete", "Backspace"]
//! clues-follow = "Ctrl+L"
//!
//! [mouse]
//! blue = "right"   # the other button makes black
//! ```
//!
//! An action not named keeps its default chords; a chord the user gives to one action
//! is taken from the default of any other. A bad entry (an unknown table, action or
//! button, something that is not a chord, a key for a click or a click for a key, a
//! chord given to two actions) gets a message, said once in the window at start, and
//! keeps its default; so does an action left without any chord by another's entry.

use std::path::PathBuf;

use super::binding::{defaults, Bindable, Binding};
use super::chord::Chord;
use super::{editor, player};

/// The bindings in force.
#[derive(Clone, Debug, PartialEq)]
pub struct Keys {
    /// The player's.
    pub player: Vec<Binding<player::PlayerAction>>,
    /// The editor's.
    pub editor: Vec<Binding<editor::EditorAction>>,
    /// The right button makes blue (and the left black), as `--swap-buttons`.
    pub swap_buttons: bool,
}

impl Default for Keys {
    fn default() -> Keys {
        Keys {
            player: defaults(),
            editor: defaults(),
            swap_buttons: false,
        }
    }
}

/// The bindings with the user's `keys.toml` text applied (`None`: no file), and a
/// message per bad entry.
pub fn read(user: Option<&str>) -> (Keys, Vec<String>) {
    let mut warnings = Vec::new();
    let mut keys = Keys::default();
    let Some(text) = user else {
        return (keys, warnings);
    };
    let file = match text.parse::<toml::Table>() {
        Ok(file) => file,
        Err(e) => {
            let why = e.to_string();
            let why = why.lines().next().unwrap_or("");
            warnings.push(format!("keys.toml is not TOML ({why}); using the default keys"));
            return (keys, warnings);
        }
    };
    for (name, value) in &file {
        let Some(section) = value.as_table() else {
            warnings.push(format!(
                "keys.toml: `{name}` must be a table ([player], [editor] or [mouse])"
            ));
            continue;
        };
        match name.as_str() {
            "player" => keys.player = bindings(section, &mut warnings),
            "editor" => keys.editor = bindings(section, &mut warnings),
            "mouse" => keys.swap_buttons = mouse(section, &mut warnings),
            _ => warnings.push(format!(
                "keys.toml: there is no table [{name}] (known: [player], [editor], [mouse])"
            )),
        }
    }
    (keys, warnings)
}

/// One mode's bindings: the defaults with the user's `section` over them.
fn bindings<A: Bindable>(section: &toml::Table, warnings: &mut Vec<String>) -> Vec<Binding<A>> {
    let place = A::SECTION;
    let mut table: Vec<Binding<A>> = defaults();
    // The user's entries, each checked whole: a bad one keeps its default.
    let mut entries: Vec<(A, Vec<Chord>)> = Vec::new();
    for (id, value) in section {
        let Some(action) = A::ALL.iter().copied().find(|a| a.id() == id) else {
            let ids: Vec<&str> = A::ALL.iter().map(|a| a.id()).collect();
            warnings.push(format!(
                "keys.toml: [{place}] has no action `{id}` (known: {})",
                ids.join(", ")
            ));
            continue;
        };
        match chords(action, value) {
            Ok(chords) => entries.push((action, chords)),
            Err(why) => warnings.push(format!(
                "keys.toml: [{place}] {id} = {value}: {why}; keeping its default"
            )),
        }
    }
    // A chord given to two actions: the entry whose id sorts later is bad (toml's
    // tables iterate in key order).
    let mut kept: Vec<(A, Vec<Chord>)> = Vec::new();
    for (action, chords) in entries {
        let taken = chords
            .iter()
            .find_map(|chord| Some((chord, kept.iter().find(|(_, c)| c.contains(chord))?.0)));
        match taken {
            Some((chord, other)) => warnings.push(format!(
                "keys.toml: [{place}] {} is given to both {} and {}; {} keeps its default",
                chord.label(),
                other.id(),
                action.id(),
                action.id()
            )),
            None => kept.push((action, chords)),
        }
    }
    let entries = kept;
    for (action, chords) in &entries {
        table.retain(|b| b.action != *action && !chords.contains(&b.chord));
        table.extend(chords.iter().map(|chord| Binding {
            chord: *chord,
            action: *action,
        }));
    }
    // An action the user did not name, left with no chord by the others' entries.
    for action in A::ALL {
        if table.iter().any(|b| b.action == *action) || entries.iter().any(|(a, _)| a == action) {
            continue;
        }
        warnings.push(format!(
            "keys.toml: [{place}] {} has no chord left ({} went to other actions); give it one",
            action.id(),
            action.defaults().join(", ")
        ));
    }
    table
}

/// The chords of one entry, checked against what the action is.
fn chords<A: Bindable>(action: A, value: &toml::Value) -> Result<Vec<Chord>, String> {
    let texts: Vec<&toml::Value> = match value {
        toml::Value::Array(items) => items.iter().collect(),
        one => vec![one],
    };
    let example = if action.on_click() {
        "a click such as \"Shift+Click\" or \"Ctrl+Click\""
    } else {
        "a key such as \"Ctrl+Z\", \"Tab\", \"Delete\", \"F2\", \"+\", or a list [\"N\", \"Down\"]"
    };
    texts
        .iter()
        .map(|value| {
            let chord = value
                .as_str()
                .and_then(Chord::parse)
                .ok_or_else(|| format!("not a chord ({example})"))?;
            match (chord.is_click(), action.on_click()) {
                (true, false) => Err(format!(
                    "{} is a click, and {} needs a key",
                    chord.label(),
                    action.id()
                )),
                (false, true) => Err(format!(
                    "{} is a key, and {} needs {example}",
                    chord.label(),
                    action.id()
                )),
                _ => Ok(chord),
            }
        })
        .collect()
}

/// `[mouse]`: whether the right button makes blue.
fn mouse(section: &toml::Table, warnings: &mut Vec<String>) -> bool {
    let button = |key: &str, warnings: &mut Vec<String>| -> Option<bool> {
        let value = section.get(key)?;
        match value.as_str().map(str::to_ascii_lowercase).as_deref() {
            Some("left") => Some(false),
            Some("right") => Some(true),
            _ => {
                warnings.push(format!(
                    "keys.toml: [mouse] {key} = {value}: not a button (\"left\" or \"right\"); keeping the default"
                ));
                None
            }
        }
    };
    for key in section.keys().filter(|k| *k != "blue" && *k != "black") {
        warnings.push(format!("keys.toml: [mouse] has no `{key}` (known: blue, black)"));
    }
    // `blue = "right"` (right: true) and `black = "left"` (left: false) say the same.
    let blue_right = button("blue", warnings);
    let black_left = button("black", warnings).map(|right| !right);
    match (blue_right, black_left) {
        (Some(a), Some(b)) if a != b => {
            warnings.push(
                "keys.toml: [mouse] blue and black are the same button; keeping left blue, right black"
                    .to_string(),
            );
            false
        }
        (Some(swap), _) | (None, Some(swap)) => swap,
        (None, None) => false,
    }
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
    use crate::keys::{action_for, Key};

    fn chord(text: &str) -> Chord {
        Chord::parse(text).unwrap_or_else(|| panic!("{text}"))
    }

    #[test]
    fn no_file_is_the_defaults_without_a_word() {
        assert_eq!(read(None), (Keys::default(), Vec::new()));
        assert_eq!(read(Some("")), (Keys::default(), Vec::new()));
    }

    #[test]
    fn every_binding_of_both_modes_and_the_buttons_can_change() {
        let user = r#"
            [player]
            hint = "F2"
            zoom-in = ["Ctrl+Up", "+"]
            zoom-reset = "Home"
            guess = "Ctrl+Click"
            uncover = ["Click", "Shift+Click"]
            editor = "Alt+E"

            [editor]
            undo = ["Ctrl+Z", "Ctrl+U"]
            delete-selection = ["Delete", "Backspace"]
            select = "Ctrl+Click"
            toggle-revealed = "Alt+Click"
            zoom-out = "Ctrl+Down"
            clues-follow = "Ctrl+L"

            [mouse]
            blue = "Right"
        "#;
        let (keys, warnings) = read(Some(user));
        assert!(warnings.is_empty(), "{warnings:?}");
        assert!(keys.swap_buttons);
        let p = &keys.player;
        assert_eq!(action_for(p, chord("F2")), Some(player::PlayerAction::Hint));
        assert_eq!(action_for(p, chord("H")), None, "H is no longer the hint");
        assert_eq!(
            action_for(p, chord("Ctrl+Up")),
            Some(player::PlayerAction::ZoomIn)
        );
        assert_eq!(action_for(p, chord("=")), None);
        assert_eq!(
            action_for(p, chord("Home")),
            Some(player::PlayerAction::ZoomReset)
        );
        assert_eq!(
            action_for(p, chord("Ctrl+Click")),
            Some(player::PlayerAction::Guess)
        );
        assert_eq!(
            action_for(p, chord("Shift+Click")),
            Some(player::PlayerAction::Uncover)
        );
        assert_eq!(action_for(p, chord("Alt+E")), Some(player::PlayerAction::Editor));
        let e = &keys.editor;
        assert_eq!(action_for(e, chord("Ctrl+U")), Some(editor::EditorAction::Undo));
        assert_eq!(action_for(e, chord("Ctrl+Z")), Some(editor::EditorAction::Undo));
        assert_eq!(
            action_for(e, chord("Backspace")),
            Some(editor::EditorAction::DeleteSelection)
        );
        assert_eq!(
            action_for(e, chord("Ctrl+Click")),
            Some(editor::EditorAction::Select)
        );
        assert_eq!(action_for(e, chord("Shift+Click")), None);
        assert_eq!(
            action_for(e, chord("Ctrl+Down")),
            Some(editor::EditorAction::ZoomOut)
        );
        assert_eq!(action_for(e, chord("-")), None);
        assert_eq!(
            action_for(e, chord("Ctrl+L")),
            Some(editor::EditorAction::CluesFollow)
        );
        assert_eq!(action_for(e, chord("Shift+F")), None, "off its default");
        // The help line says the keys in force.
        let help = crate::keys::help_line(p, false);
        assert!(
            help.contains("F2 hint") && help.contains("Ctrl+Click: guess"),
            "{help}"
        );
        let line = editor::key_line(e, keys.swap_buttons);
        assert!(line.contains(&"left: black / cycle".to_string()), "{line:?}");
        assert!(line.contains(&"Ctrl+Z / Ctrl+U undo".to_string()), "{line:?}");
        // `black = "left"` says the same as `blue = "right"`.
        assert!(read(Some("[mouse]\nblack = \"left\"\n")).0.swap_buttons);
    }

    #[test]
    fn a_bad_entry_is_named_and_keeps_its_default() {
        let user = r#"
            [player]
            hint = "Hyper+Q"
            fly = "F"
            guess = "G"
            undo = "Click"
            solve-round = 3

            [editor]
            redo = ["Ctrl+Y", "F25"]
            save = "F5"
            information = "F5"

            [mouse]
            blue = "middle"
            wheel = "up"

            [plyer]
            hint = "F1"
        "#;
        let (keys, warnings) = read(Some(user));
        let said = |part: &str| {
            assert!(
                warnings.iter().any(|w| w.contains(part)),
                "no `{part}` in {warnings:#?}"
            );
        };
        said("[player] hint = \"Hyper+Q\": not a chord (a key such as \"Ctrl+Z\"");
        said("[player] has no action `fly` (known: uncover, guess,");
        said("[player] guess = \"G\": G is a key, and guess needs a click such as \"Shift+Click\"");
        said("[player] undo = \"Click\": Click is a click, and undo needs a key");
        said("[player] solve-round = 3: not a chord");
        said("[editor] redo = [\"Ctrl+Y\", \"F25\"]: not a chord");
        said("[editor] F5 is given to both information and save; save keeps its default");
        said("[mouse] blue = \"middle\": not a button (\"left\" or \"right\")");
        said("[mouse] has no `wheel`");
        said("there is no table [plyer]");
        assert_eq!(warnings.len(), 10, "{warnings:#?}");
        // Each bad entry kept its default.
        assert_eq!(
            action_for(&keys.player, chord("H")),
            Some(player::PlayerAction::Hint)
        );
        assert_eq!(
            action_for(&keys.player, chord("Shift+Click")),
            Some(player::PlayerAction::Guess)
        );
        assert_eq!(
            action_for(&keys.player, chord("Z")),
            Some(player::PlayerAction::Undo)
        );
        assert_eq!(
            action_for(&keys.player, chord("S")),
            Some(player::PlayerAction::SolveRound)
        );
        assert_eq!(
            action_for(&keys.editor, chord("Ctrl+Y")),
            Some(editor::EditorAction::Redo)
        );
        assert_eq!(
            action_for(&keys.editor, chord("F5")),
            Some(editor::EditorAction::Information)
        );
        assert_eq!(
            action_for(&keys.editor, chord("Ctrl+D")),
            None,
            "information moved to F5"
        );
        assert_eq!(
            action_for(&keys.editor, chord("Ctrl+S")),
            Some(editor::EditorAction::Save)
        );
        assert!(!keys.swap_buttons);

        let (keys, warnings) = read(Some("[editor\nundo="));
        assert_eq!(keys, Keys::default());
        assert!(warnings[0].starts_with("keys.toml is not TOML"), "{warnings:?}");
        let (_, warnings) = read(Some("[mouse]\nblue = \"left\"\nblack = \"left\"\n"));
        assert!(warnings[0].contains("the same button"), "{warnings:?}");
    }

    #[test]
    fn a_chord_taken_from_a_default_moves_and_an_action_left_bare_is_named() {
        // S goes to the hint: solve-round had only S.
        let (keys, warnings) = read(Some("[player]\nhint = \"S\"\n"));
        assert_eq!(
            action_for(&keys.player, chord("S")),
            Some(player::PlayerAction::Hint)
        );
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(
            warnings[0].contains("solve-round has no chord left (S went to other actions)"),
            "{warnings:?}"
        );
        // Ctrl+Y goes to undo: redo keeps Ctrl+Shift+Z, and nothing is said.
        let (keys, warnings) = read(Some("[editor]\nundo = \"Ctrl+Y\"\n"));
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(
            action_for(&keys.editor, chord("Ctrl+Shift+Z")),
            Some(editor::EditorAction::Redo)
        );
        assert_eq!(action_for(&keys.editor, Chord::key(Key::Char('y'))), None);
        // An empty list unbinds on purpose: nothing is said.
        let (keys, warnings) = read(Some("[player]\nexport-record = []\n"));
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(action_for(&keys.player, chord("E")), None);
    }
}
