//! The level editor's table: what its keys and modified clicks do, their ids in
//! `keys.toml` (`[editor]`) and their default chords (SixCells' editor's), and the
//! mouse's part of the editor's help line.

use super::{Bindable, Binding};

/// Everything a binding of the editor can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Undo an edit.
    Undo,
    /// Redo it.
    Redo,
    /// Delete the selected items.
    DeleteSelection,
    /// Deselect everything.
    ClearSelection,
    /// The prompt for title, author and custom text.
    Information,
    /// Save the file (standalone).
    Save,
    /// Play the level as it reads.
    Playtest,
    /// Play it from the start.
    PlaytestFromStart,
    /// Zoom in around the window's centre.
    ZoomIn,
    /// Zoom out.
    ZoomOut,
    /// Back to the level's frame.
    ZoomReset,
    /// The next level of a pack.
    NextLevel,
    /// The previous level.
    PreviousLevel,
    /// The level's text to the clipboard.
    CopyLevel,
    /// The clipboard's level in place of the one shown.
    PasteLevel,
    /// Click: select or deselect an item; on empty space, drag a freehand selection.
    Select,
    /// Click: mark or unmark a cell as revealed at start.
    ToggleRevealed,
}

impl Bindable for Action {
    const SECTION: &'static str = "editor";

    const ALL: &'static [Action] = &[
        Action::Undo,
        Action::Redo,
        Action::DeleteSelection,
        Action::ClearSelection,
        Action::Select,
        Action::ToggleRevealed,
        Action::Information,
        Action::Save,
        Action::Playtest,
        Action::PlaytestFromStart,
        Action::ZoomIn,
        Action::ZoomOut,
        Action::ZoomReset,
        Action::NextLevel,
        Action::PreviousLevel,
        Action::CopyLevel,
        Action::PasteLevel,
    ];

    const LINE: &'static [Action] = Self::ALL;

    fn id(self) -> &'static str {
        match self {
            Action::Undo => "undo",
            Action::Redo => "redo",
            Action::DeleteSelection => "delete-selection",
            Action::ClearSelection => "clear-selection",
            Action::Information => "information",
            Action::Save => "save",
            Action::Playtest => "playtest",
            Action::PlaytestFromStart => "playtest-from-start",
            Action::ZoomIn => "zoom-in",
            Action::ZoomOut => "zoom-out",
            Action::ZoomReset => "zoom-reset",
            Action::NextLevel => "next-level",
            Action::PreviousLevel => "previous-level",
            Action::CopyLevel => "copy-level",
            Action::PasteLevel => "paste-level",
            Action::Select => "select",
            Action::ToggleRevealed => "toggle-revealed",
        }
    }

    fn defaults(self) -> &'static [&'static str] {
        match self {
            Action::Undo => &["Ctrl+Z"],
            Action::Redo => &["Ctrl+Y", "Ctrl+Shift+Z"],
            Action::DeleteSelection => &["Delete"],
            Action::ClearSelection => &["Esc"],
            Action::Information => &["Ctrl+D"],
            Action::Save => &["Ctrl+S"],
            Action::Playtest => &["Tab"],
            Action::PlaytestFromStart => &["Ctrl+Tab", "Shift+Tab"],
            Action::ZoomIn => &["+", "="],
            Action::ZoomOut => &["-"],
            Action::ZoomReset => &["0"],
            Action::NextLevel => &["N"],
            Action::PreviousLevel => &["P"],
            Action::CopyLevel => &["Ctrl+C"],
            Action::PasteLevel => &["Ctrl+V"],
            Action::Select => &["Shift+Click"],
            Action::ToggleRevealed => &["Alt+Click", "Ctrl+Click"],
        }
    }

    fn on_click(self) -> bool {
        matches!(self, Action::Select | Action::ToggleRevealed)
    }

    fn describe(self) -> &'static str {
        match self {
            Action::Undo => "undo an edit",
            Action::Redo => "redo it",
            Action::DeleteSelection => "delete the selection",
            Action::ClearSelection => "deselect everything",
            Action::Information => "title, author and custom text, one prompt per field",
            Action::Save => "save (standalone)",
            Action::Playtest => "playtest the level",
            Action::PlaytestFromStart => "playtest from the start",
            Action::ZoomIn => "zoom in",
            Action::ZoomOut => "zoom out",
            Action::ZoomReset => "back to the level's frame",
            Action::NextLevel => "next level of the pack",
            Action::PreviousLevel => "previous level of the pack",
            Action::CopyLevel => "copy the level's text",
            Action::PasteLevel => "paste a level in place of this one",
            Action::Select => "select an item; on empty space, drag a freehand selection",
            Action::ToggleRevealed => "mark or unmark a cell as revealed at start",
        }
    }

    fn short(self) -> &'static str {
        match self {
            Action::Undo => "undo",
            Action::Redo => "redo",
            Action::DeleteSelection => "delete",
            Action::ClearSelection => "deselect",
            Action::Information => "info",
            Action::Save => "save",
            Action::Playtest => "play",
            Action::PlaytestFromStart => "replay",
            Action::ZoomIn => "zoom in",
            Action::ZoomOut => "zoom out",
            Action::ZoomReset => "fit",
            Action::NextLevel => "next",
            Action::PreviousLevel => "previous",
            Action::CopyLevel => "copy",
            Action::PasteLevel => "paste",
            Action::Select => "select",
            Action::ToggleRevealed => "revealed",
        }
    }
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
    use crate::keys::{defaults, Chord};

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
