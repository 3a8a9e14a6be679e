//! The level editor's table: what its keys and modified clicks do, their ids in
//! `keys.toml` (`[editor]`), their default chords (SixCells' editor's) and their help,
//! and the mouse's part of the editor's help line.

use super::{table, Binding};

table! {
    /// Everything a binding of the editor can do.
    pub enum Action in "editor" {
        /// Undo an edit.
        Undo = "undo" ["Ctrl+Z"] "undo an edit",
        /// Redo it.
        Redo = "redo" ["Ctrl+Y", "Ctrl+Shift+Z"] "redo it",
        /// Delete the selected items.
        DeleteSelection = "delete-selection" ["Delete"] "delete the selection",
        /// Deselect everything.
        ClearSelection = "clear-selection" ["Esc"] "deselect everything",
        /// Click: select or deselect an item; on empty space, drag a freehand selection.
        Select = "select" ["Shift+Click"] "select an item; on empty space, drag a freehand selection",
        /// Click: mark or unmark a cell as revealed at start.
        ToggleRevealed = "toggle-revealed" ["Alt+Click", "Ctrl+Click"] "mark or unmark a cell as revealed at start",
        /// The prompt for title, author and custom text.
        Information = "information" ["Ctrl+D"] "title, author and custom text, one prompt per field",
        /// Save the file (standalone).
        Save = "save" ["Ctrl+S"] "save (standalone)",
        /// Play the level as it reads.
        Playtest = "playtest" ["Tab"] "playtest the level",
        /// Play it from the start.
        PlaytestFromStart = "playtest-from-start" ["Ctrl+Tab", "Shift+Tab"] "playtest from the start",
        /// Zoom in around the window's centre.
        ZoomIn = "zoom-in" ["+", "="] "zoom in",
        /// Zoom out.
        ZoomOut = "zoom-out" ["-"] "zoom out",
        /// Back to the level's frame.
        ZoomReset = "zoom-reset" ["0"] "back to the level's frame",
        /// The next level of a pack.
        NextLevel = "next-level" ["N"] "next level of the pack",
        /// The previous level.
        PreviousLevel = "previous-level" ["P"] "previous level of the pack",
        /// The level's text to the clipboard.
        CopyLevel = "copy-level" ["Ctrl+C"] "copy the level's text",
        /// The clipboard's level in place of the one shown.
        PasteLevel = "paste-level" ["Ctrl+V"] "paste a level in place of this one",
    }
    help line:
        Undo "undo",
        Redo "redo",
        DeleteSelection "delete",
        ClearSelection "deselect",
        Select "select",
        ToggleRevealed "revealed",
        Information "info",
        Save "save",
        Playtest "play",
        PlaytestFromStart "replay",
        ZoomIn "zoom in",
        ZoomOut "zoom out",
        ZoomReset "fit",
        NextLevel "next",
        PreviousLevel "previous",
        CopyLevel "copy",
        PasteLevel "paste",
}

/// The editor's one-line help: the buttons (which one makes blue after the swap),
/// then every binding in force.
pub fn help(bindings: &[Binding<Action>], swap_buttons: bool) -> String {
    let (left, right) = if swap_buttons {
        ("black", "blue")
    } else {
        ("blue", "black")
    };
    format!(
        "left: {left} · cycle · drag column · right: {right} · delete · double-click flip · middle pan · wheel zoom · {}",
        super::help_line(bindings, swap_buttons)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::{defaults, Bindable, Chord};

    #[test]
    fn every_default_reads_and_the_help_shows_them() {
        for action in Action::ALL {
            for text in action.defaults() {
                let chord = Chord::parse(text).unwrap_or_else(|| panic!("{action:?}: {text}"));
                assert_eq!(chord.is_click(), action.on_click(), "{action:?}: {text}");
            }
        }
        let help = help(&defaults(), false);
        assert!(help.starts_with("left: blue · cycle"), "{help}");
        assert!(
            help.contains("Ctrl+Z undo · Ctrl+Y / Ctrl+Shift+Z redo"),
            "{help}"
        );
        assert!(
            help.contains("Shift+Click: select · Alt+Click / Ctrl+Click: revealed"),
            "{help}"
        );
        assert!(super::help(&defaults(), true).starts_with("left: black"));
    }
}
