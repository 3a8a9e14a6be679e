//! The player's table: what its keys and clicks do, their ids in `keys.toml`
//! (`[player]`) and their default chords (SixCells' player's where it has one).

use super::Bindable;
use crate::player::Command;

/// Everything a binding of the player can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Click: uncover a hidden cell (one button blue, the other black); on a number,
    /// show its flower or beam (left) or dim it (right).
    Uncover,
    /// Click: mark a guess on a hidden cell (blue or black as for uncovering), or clear it.
    Guess,
    /// Confirm every guess.
    ConfirmGuesses,
    /// Confirm the opposite of every guess.
    DenyGuesses,
    /// Clear every guess.
    ClearGuesses,
    /// Show every flower and beam, or clear them.
    HighlightAll,
    /// The next deducible cell and why.
    Hint,
    /// The engine's next round, as guesses.
    SolveRound,
    /// Uncover everything deducible.
    SolveAll,
    /// Take back the last uncovering.
    Undo,
    /// Clear this level's progress (asks first).
    ClearProgress,
    /// Export the play record.
    ExportRecord,
    /// Copy the level with the progress.
    CopyLevel,
    /// Play the level on the clipboard.
    PasteLevel,
    /// Show the solution.
    ToggleSolution,
    /// Zoom in around the window's centre.
    ZoomIn,
    /// Zoom out.
    ZoomOut,
    /// Back to the level fitted in the window.
    ZoomReset,
    /// The next level.
    NextLevel,
    /// The previous level.
    PreviousLevel,
    /// Show every binding.
    ToggleHelp,
    /// Open the level editor on the level shown (from the editor's playtest: back to it).
    Editor,
}

impl Bindable for Action {
    const SECTION: &'static str = "player";

    const ALL: &'static [Action] = &[
        Action::Uncover,
        Action::Guess,
        Action::ConfirmGuesses,
        Action::DenyGuesses,
        Action::ClearGuesses,
        Action::HighlightAll,
        Action::Hint,
        Action::SolveRound,
        Action::SolveAll,
        Action::Undo,
        Action::ClearProgress,
        Action::ExportRecord,
        Action::CopyLevel,
        Action::PasteLevel,
        Action::ToggleSolution,
        Action::ZoomIn,
        Action::ZoomOut,
        Action::ZoomReset,
        Action::NextLevel,
        Action::PreviousLevel,
        Action::ToggleHelp,
        Action::Editor,
    ];

    const LINE: &'static [Action] = &[
        Action::ToggleHelp,
        Action::Uncover,
        Action::Guess,
        Action::ConfirmGuesses,
        Action::DenyGuesses,
        Action::ClearGuesses,
        Action::Hint,
        Action::SolveRound,
        Action::Undo,
    ];

    fn id(self) -> &'static str {
        match self {
            Action::Uncover => "uncover",
            Action::Guess => "guess",
            Action::ConfirmGuesses => "confirm-guesses",
            Action::DenyGuesses => "deny-guesses",
            Action::ClearGuesses => "clear-guesses",
            Action::HighlightAll => "highlight-all",
            Action::Hint => "hint",
            Action::SolveRound => "solve-round",
            Action::SolveAll => "solve-all",
            Action::Undo => "undo",
            Action::ClearProgress => "clear-progress",
            Action::ExportRecord => "export-record",
            Action::CopyLevel => "copy-level",
            Action::PasteLevel => "paste-level",
            Action::ToggleSolution => "show-solution",
            Action::ZoomIn => "zoom-in",
            Action::ZoomOut => "zoom-out",
            Action::ZoomReset => "zoom-reset",
            Action::NextLevel => "next-level",
            Action::PreviousLevel => "previous-level",
            Action::ToggleHelp => "help",
            Action::Editor => "editor",
        }
    }

    fn defaults(self) -> &'static [&'static str] {
        match self {
            Action::Uncover => &["Click"],
            Action::Guess => &["Shift+Click"],
            Action::ConfirmGuesses => &["C"],
            Action::DenyGuesses => &["D"],
            Action::ClearGuesses => &["X"],
            Action::HighlightAll => &["A"],
            Action::Hint => &["H"],
            Action::SolveRound => &["S"],
            Action::SolveAll => &["Shift+S"],
            Action::Undo => &["Z"],
            Action::ClearProgress => &["R"],
            Action::ExportRecord => &["E"],
            Action::CopyLevel => &["Ctrl+C"],
            Action::PasteLevel => &["Ctrl+V"],
            Action::ToggleSolution => &["V"],
            Action::ZoomIn => &["+", "="],
            Action::ZoomOut => &["-"],
            Action::ZoomReset => &["0"],
            Action::NextLevel => &["N"],
            Action::PreviousLevel => &["P"],
            Action::ToggleHelp => &["?", "F1"],
            Action::Editor => &["Tab"],
        }
    }

    fn on_click(self) -> bool {
        matches!(self, Action::Uncover | Action::Guess)
    }

    fn describe(self) -> &'static str {
        match self {
            Action::Uncover => "uncover blue / black; on a number: flower or beam / dim it",
            Action::Guess => "mark a guess blue / black (again: clear it)",
            Action::ConfirmGuesses => "confirm every guess (a wrong one is a mistake)",
            Action::DenyGuesses => "confirm the opposite of every guess",
            Action::ClearGuesses => "clear every guess",
            Action::HighlightAll => "show every flower and beam (again: clear them)",
            Action::Hint => "hint: the next deducible cell and why",
            Action::SolveRound => "the engine's next round, marked as guesses",
            Action::SolveAll => "uncover everything deducible",
            Action::Undo => "undo the last uncovering (a confirm is one step)",
            Action::ClearProgress => "clear this level's progress (asks first)",
            Action::ExportRecord => "export the play record",
            Action::CopyLevel => "copy the level, uncovered cells revealed",
            Action::PasteLevel => "play the level on the clipboard",
            Action::ToggleSolution => "show the solution",
            Action::ZoomIn => "zoom in (the wheel zooms around the pointer)",
            Action::ZoomOut => "zoom out",
            Action::ZoomReset => "fit the level in the window again",
            Action::NextLevel => "next level (or file)",
            Action::PreviousLevel => "previous level (or file)",
            Action::ToggleHelp => "show or hide every key",
            Action::Editor => "edit the level (docs/viewer.md); in the editor, Tab plays it",
        }
    }

    fn short(self) -> &'static str {
        match self {
            Action::Uncover => "blue / black",
            Action::Guess => "guess",
            Action::ConfirmGuesses => "confirm",
            Action::DenyGuesses => "deny",
            Action::ClearGuesses => "clear",
            Action::Hint => "hint",
            Action::SolveRound => "solve",
            Action::Undo => "undo",
            Action::ToggleHelp => "all keys",
            other => other.id(),
        }
    }
}

impl Action {
    /// The session command of a key action; `None` for the clicks (they need a cell),
    /// the clipboard (the app reads and writes it), the zoom and the editor (the
    /// window's).
    pub fn command(self) -> Option<Command> {
        Some(match self {
            Action::ConfirmGuesses => Command::ConfirmGuesses,
            Action::DenyGuesses => Command::DenyGuesses,
            Action::ClearGuesses => Command::ClearGuesses,
            Action::HighlightAll => Command::HighlightAll,
            Action::Hint => Command::Hint,
            Action::SolveRound => Command::SolveRound,
            Action::SolveAll => Command::SolveAll,
            Action::Undo => Command::Undo,
            Action::ClearProgress => Command::ClearProgress,
            Action::ExportRecord => Command::ExportRecord,
            Action::ToggleSolution => Command::ToggleSolution,
            Action::NextLevel => Command::Step(1),
            Action::PreviousLevel => Command::Step(-1),
            Action::ToggleHelp => Command::ToggleHelp,
            Action::Uncover
            | Action::Guess
            | Action::CopyLevel
            | Action::PasteLevel
            | Action::ZoomIn
            | Action::ZoomOut
            | Action::ZoomReset
            | Action::Editor => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::{defaults, Chord};

    #[test]
    fn every_default_reads_and_fits_its_action() {
        for action in Action::ALL {
            assert!(!action.defaults().is_empty(), "{action:?}");
            for text in action.defaults() {
                let chord = Chord::parse(text).unwrap_or_else(|| panic!("{action:?}: {text}"));
                assert_eq!(chord.is_click(), action.on_click(), "{action:?}: {text}");
            }
        }
        let table = defaults::<Action>();
        for (k, b) in table.iter().enumerate() {
            assert!(
                table[k + 1..].iter().all(|o| o.chord != b.chord),
                "{} is bound twice",
                b.chord.label()
            );
        }
    }
}
