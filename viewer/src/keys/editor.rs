//! The level editor's table: what its keys and modified clicks do, their ids in
//! `keys.toml` (`[editor]`), their default chords (SixCells' editor's) and their help;
//! and the mouse's part of the editor's help (its gestures are not chords): in the key
//! line, in the help panel, and in the first steps an empty level shows.

use super::binding::{help_rows, in_button_order, keys_for, line_parts, table, Binding};

table! {
    /// Everything a binding of the editor can do.
    pub enum EditorAction in "editor" {
        /// Undo an edit
        Undo = "undo" ["Ctrl+Z"] "undo an edit",
        /// Redo the edit last undone
        Redo = "redo" ["Ctrl+Y", "Ctrl+Shift+Z"] "redo it",
        /// Delete the selection
        DeleteSelection = "delete-selection" ["Delete"] "delete the selection",
        /// Deselect everything (so does a selecting click on empty space), and hide the
        /// help panel; while "fill clues" runs: stop it (the level stays as it was);
        /// while a stroke's clues are re-filled: stop that (the stroke stays as painted)
        ClearSelection = "clear-selection" ["Esc"] "deselect everything (and hide this panel); stop fill clues",
        /// Select / deselect an item; on empty space: drag a freehand selection, or
        /// deselect everything
        Select = "select" ["Shift+Click"] "select an item; on empty space, drag a freehand selection",
        /// Mark / unmark a cell as revealed at start
        ToggleRevealed = "toggle-revealed" ["Alt+Click", "Ctrl+Click"] "mark or unmark a cell as revealed at start",
        /// Title, author and the two custom text lines, one prompt per field: type, Enter
        /// applies and goes on, Esc closes
        Information = "information" ["Ctrl+D"] "title, author and custom text, one prompt per field",
        /// Save (standalone)
        Save = "save" ["Ctrl+S"] "save (standalone)",
        /// Playtest the level as it reads
        Playtest = "playtest" ["Tab"] "playtest the level as it reads",
        /// Playtest it from the start
        PlaytestFromStart = "playtest-from-start" ["Ctrl+Tab", "Shift+Tab"] "playtest from the start",
        /// Zoom in
        ZoomIn = "zoom-in" ["+", "="] "zoom in",
        /// Zoom out
        ZoomOut = "zoom-out" ["-"] "zoom out",
        /// Back to the level's frame
        ZoomReset = "zoom-reset" ["0"] "back to the level's frame",
        /// Next level of a pack
        NextLevel = "next-level" ["N"] "next level of the pack",
        /// Previous level of a pack
        PreviousLevel = "previous-level" ["P"] "previous level of the pack",
        /// Copy the level's text
        CopyLevel = "copy-level" ["Ctrl+C"] "copy the level's text",
        /// Paste a level (`Hexcells level v1` text or SixCells JSON) in place of the one
        /// shown, as one undoable edit
        PasteLevel = "paste-level" ["Ctrl+V"] "paste a level in place of this one",
        /// Fill clues: find the clues (revealed cells, numbers, column numbers) that make
        /// the drawing solvable at the grade chosen, keeping every colour and the clues it
        /// has, in the background (Esc cancels); the result is one undoable edit
        FillClues = "fill-clues" ["F"] "fill clues: make the drawing solvable at the grade chosen",
        /// The grade "fill clues" reaches: easy, easy-medium, medium (the default),
        /// medium-hard, hard, and round again
        FillGrade = "fill-grade" ["G"] "the grade fill clues reaches (cycles the five)",
        /// Clues follow the drawing, on / off (off at first): after each stroke that
        /// paints, erases or flips cells, the clues are filled again at the grade chosen
        /// (`G`), keeping every clue the level has that a lean level at the grade can
        /// keep; the picture shows the stroke while they are found (Esc: the stroke
        /// stays as painted), and the stroke with its clues is one undoable edit. When the
        /// grade is out of reach the status line says so and the stroke stays as painted
        CluesFollow = "clues-follow" ["Shift+F"] "clues follow the drawing: re-filled after each stroke (on / off)",
        /// The help panel (every key and click in force) on / off
        ToggleHelp = "help" ["?", "F1"] "show or hide every key and click",
    }
    help line:
        ToggleHelp "all keys",
        Save "save",
        Playtest "playtest",
        Undo "undo",
        Information "title, author",
        Redo "redo",
        Select "select",
        ToggleRevealed "revealed",
        DeleteSelection "delete",
        ClearSelection "deselect",
        PlaytestFromStart "replay",
        ZoomIn "zoom in",
        ZoomOut "zoom out",
        ZoomReset "fit",
        NextLevel "next",
        PreviousLevel "previous",
        CopyLevel "copy",
        PasteLevel "paste",
        FillClues "fill clues",
        FillGrade "grade",
        CluesFollow "clues follow",
}

/// The buttons' colours: which one makes blue cells after the swap, and which black.
fn buttons(swap_buttons: bool) -> (&'static str, &'static str) {
    if swap_buttons {
        ("black", "blue")
    } else {
        ("blue", "black")
    }
}

/// The parts of the editor's key line, most needed first: every key, save, playtest
/// and undo, then what the buttons make, then the rest of the table's help line. The
/// window shows the parts that fit, whole.
pub fn key_line(bindings: &[Binding<EditorAction>], swap_buttons: bool) -> Vec<String> {
    let (left, right) = buttons(swap_buttons);
    let parts = line_parts(bindings, swap_buttons);
    let first = parts
        .iter()
        .position(|(a, _)| *a == EditorAction::Undo)
        .map_or(0, |undo| undo + 1);
    let mouse = [
        format!("left: {left} / cycle"),
        format!("right: {right} / delete"),
        "double-click: flip".to_string(),
    ];
    let (needed, rest) = parts.split_at(first);
    needed
        .iter()
        .map(|(_, part)| part.clone())
        .chain(mouse)
        .chain(rest.iter().map(|(_, part)| part.clone()))
        .collect()
}

/// The rows of the editor's help panel: the mouse's gestures (which button makes blue
/// after the swap), then every action with its keys and clicks in force.
pub fn panel_rows(bindings: &[Binding<EditorAction>], swap_buttons: bool) -> Vec<(String, String)> {
    let (left, right) = buttons(swap_buttons);
    let mouse = [
        (
            "left click".to_string(),
            format!("a {left} cell on an empty place; on an item: cycle what it shows"),
        ),
        (
            "right click".to_string(),
            format!("a {right} cell on an empty place; on an item: delete it"),
        ),
        (
            "left / right drag".to_string(),
            in_button_order("from empty space: paint blue / black cells", swap_buttons),
        ),
        ("double-click".to_string(), "flip a cell blue / black".to_string()),
        (
            "drag out of a cell".to_string(),
            "a column number: up, up-left or up-right".to_string(),
        ),
        (
            "drag a selected item".to_string(),
            "move the selection".to_string(),
        ),
        (
            "wheel / middle drag".to_string(),
            "zoom around the pointer / pan".to_string(),
        ),
    ];
    mouse
        .into_iter()
        .chain(help_rows(bindings, swap_buttons))
        .collect()
}

/// The first steps an empty level shows over the board, with the buttons and the help
/// key in force.
pub fn first_steps(bindings: &[Binding<EditorAction>], swap_buttons: bool) -> Vec<String> {
    let (left, right) = buttons(swap_buttons);
    let mut steps = vec![
        format!("Left-click an empty place: a {left} cell"),
        format!("Right-click: a {right} cell"),
    ];
    let help = keys_for(bindings, EditorAction::ToggleHelp);
    if !help.is_empty() {
        steps.push(format!("{help}: every key and click"));
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::{defaults, Bindable, Chord};

    #[test]
    fn every_default_reads_and_the_help_shows_them() {
        for action in EditorAction::ALL {
            for text in action.defaults() {
                let chord = Chord::parse(text).unwrap_or_else(|| panic!("{action:?}: {text}"));
                assert_eq!(chord.is_click(), action.on_click(), "{action:?}: {text}");
            }
        }
        let line = key_line(&defaults(), false).join(" · ");
        assert!(
            line.starts_with(
                "? / F1 all keys · Ctrl+S save · Tab playtest · Ctrl+Z undo · left: blue / cycle"
            ),
            "{line}"
        );
        assert!(line.contains("Ctrl+Y / Ctrl+Shift+Z redo"), "{line}");
        assert!(
            line.contains("Shift+Click: select · Alt+Click / Ctrl+Click: revealed"),
            "{line}"
        );
        let swapped = key_line(&defaults(), true).join(" · ");
        assert!(swapped.contains("left: black / cycle · right: blue"), "{swapped}");
    }

    #[test]
    fn the_panel_has_every_action_and_gesture_and_follows_the_bindings() {
        let (bound, _) = crate::keys::file::read(Some("[editor]\nhelp = \"F2\"\nsave = []\n"));
        let rows = panel_rows(&bound.editor, false);
        for action in EditorAction::ALL {
            let keys = crate::keys::keys_for(&bound.editor, *action);
            if *action == EditorAction::Save {
                assert!(keys.is_empty(), "save has no key");
                continue;
            }
            assert!(
                rows.contains(&(keys.clone(), action.describe().to_string())),
                "{action:?} ({keys}) in {rows:#?}"
            );
        }
        assert!(rows
            .iter()
            .any(|(keys, what)| keys == "left click" && what.starts_with("a blue cell")));
        assert!(panel_rows(&bound.editor, true)
            .iter()
            .any(|(keys, what)| keys == "left click" && what.starts_with("a black cell")));
        // The key line and the first steps name the keys in force, and leave out an
        // action without one.
        let line = key_line(&bound.editor, false);
        assert_eq!(line[0], "F2 all keys");
        assert!(!line.iter().any(|p| p.ends_with(" save")), "{line:?}");
        assert_eq!(
            first_steps(&bound.editor, false),
            [
                "Left-click an empty place: a blue cell",
                "Right-click: a black cell",
                "F2: every key and click"
            ]
        );
    }
}
