//! The player's table: what its keys and clicks do, their ids in `keys.toml`
//! (`[player]`), their default chords (SixCells' player's where it has one) and their
//! help; and the key line, with what a playtest of the editor's level adds to it.

use super::binding::{keys_for, line_parts, table, Binding};

table! {
    /// Everything a binding of the player can do.
    pub enum PlayerAction in "player" {
        /// Uncover a hidden cell as blue / black with the left / right button (a wrong
        /// colour is a mistake, the cell stays hidden). On a number, a left click shows the flower of a blue cell's
        /// number or the beam of a column number (click again to hide it), and a right
        /// click dims it, "done with this one" (again: restore it; works on column numbers
        /// and every uncovered number)
        Uncover = "uncover" ["Click"] "uncover blue / black; on a number: flower or beam / dim it",
        /// Mark a hidden cell as a *guess* blue / black (left / right button); the same
        /// click again clears it
        Guess = "guess" ["Shift+Click"] "mark a guess blue / black (again: clear it)",
        /// Confirm every guess: a right guess uncovers its cell, a wrong one is a mistake
        ConfirmGuesses = "confirm-guesses" ["C"] "confirm every guess (a wrong one is a mistake)",
        /// Deny every guess: confirm the opposite colour of each ("I proved these wrong")
        DenyGuesses = "deny-guesses" ["D"] "confirm the opposite of every guess",
        /// Clear every guess
        ClearGuesses = "clear-guesses" ["X"] "clear every guess",
        /// Show every flower and beam at once (dimmed ones excepted); again: clear them
        HighlightAll = "highlight-all" ["A"] "show every flower and beam (again: clear them)",
        /// Hint: outline the next deducible cell and say why in the status line: the rule's
        /// name (see [rules.md](rules.md)), the deduction, and the rule's sentence; the
        /// clues it reads are outlined too
        Hint = "hint" ["H"] "hint: the next deducible cell and why",
        /// The deduction engine's next round, marked as guesses (confirm them with `C`);
        /// the status line names the round's hardest step and its rule, and outlines its
        /// clues
        SolveRound = "solve-round" ["S"] "the engine's next round, marked as guesses",
        /// Uncover everything the engine can deduce from here
        SolveAll = "solve-all" ["Shift+S"] "uncover everything deducible",
        /// Undo the last uncovering: a click, a confirm (one step, and its guesses come
        /// back) or a `Shift+S`
        Undo = "undo" ["Z"] "undo the last uncovering (a confirm is one step)",
        /// Clear this level's progress; the status line asks first, and a second `R`
        /// confirms (any other key keeps it)
        ClearProgress = "clear-progress" ["R"] "clear this level's progress (asks first)",
        /// Export the play record to `$XDG_STATE_HOME/hexcells/exports/`
        ExportRecord = "export-record" ["E"] "export the play record",
        /// Copy the level with your progress as `Hexcells level v1` text: the cells you
        /// uncovered are written as revealed
        CopyLevel = "copy-level" ["Ctrl+C"] "copy the level, uncovered cells revealed",
        /// Play the level on the clipboard (`Hexcells level v1` text or SixCells JSON)
        PasteLevel = "paste-level" ["Ctrl+V"] "play the level on the clipboard",
        /// Solution preview on / off
        ToggleSolution = "show-solution" ["V"] "show the solution",
        /// Zoom in around the window's centre (the wheel zooms around the pointer)
        ZoomIn = "zoom-in" ["+", "="] "zoom in (the wheel zooms around the pointer)",
        /// Zoom out
        ZoomOut = "zoom-out" ["-"] "zoom out",
        /// Back to the level fitted in the window
        ZoomReset = "zoom-reset" ["0"] "fit the level in the window again",
        /// Next level of the pack; past its end, the next `.hexcells` file of the folder
        NextLevel = "next-level" ["N"] "next level (or file)",
        /// Previous level of the pack; before its start, the previous `.hexcells` file of
        /// the folder
        PreviousLevel = "previous-level" ["P"] "previous level (or file)",
        /// The pack overview on / off: the pack's difficulty curve, as `hexcells check`
        /// ends a pack (levels left to right, score up, the grades' bands behind): a level
        /// easier than the graded one before it is red, the level shown is ringed, and a
        /// stuck level (or one with errors) sits below the bands. It reorders nothing
        Overview = "overview" ["O"] "the pack's difficulty curve (again: hide it)",
        /// The help panel on / off
        ToggleHelp = "help" ["?", "F1"] "show or hide every key",
        /// The [level editor](#the-level-editor) on the level shown (from the editor's
        /// playtest: back to it)
        Editor = "editor" ["Tab"] "edit the level (docs/viewer.md); in the editor, Tab plays it",
    }
    help line:
        ToggleHelp "all keys",
        Uncover "blue / black",
        Guess "guess",
        ConfirmGuesses "confirm",
        DenyGuesses "deny",
        ClearGuesses "clear",
        Hint "hint",
        SolveRound "solve",
        Undo "undo",
}

/// The parts of the player's key line, most needed first (the window shows the parts
/// that fit, whole); in the editor's playtest, the way back to the editor comes second.
pub fn key_line(bindings: &[Binding<PlayerAction>], swap_buttons: bool, playtest: bool) -> Vec<String> {
    let mut parts: Vec<String> = line_parts(bindings, swap_buttons)
        .into_iter()
        .map(|(_, part)| part)
        .collect();
    let back = keys_for(bindings, PlayerAction::Editor);
    if playtest && !back.is_empty() {
        let at = parts.len().min(1);
        parts.insert(at, format!("{back} back to the editor"));
    }
    parts
}

/// The label a playtest of the editor's level shows in the header:
/// `playtest: Tab returns to the editor`, with the keys in force.
pub fn playtest_label(bindings: &[Binding<PlayerAction>]) -> String {
    match keys_for(bindings, PlayerAction::Editor) {
        keys if keys.is_empty() => "playtest of the editor's level".to_string(),
        keys => format!("playtest: {keys} returns to the editor"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::{defaults, Bindable, Chord};

    #[test]
    fn every_default_reads_and_fits_its_action() {
        for action in PlayerAction::ALL {
            assert!(!action.defaults().is_empty(), "{action:?}");
            for text in action.defaults() {
                let chord = Chord::parse(text).unwrap_or_else(|| panic!("{action:?}: {text}"));
                assert_eq!(chord.is_click(), action.on_click(), "{action:?}: {text}");
            }
        }
        let table = defaults::<PlayerAction>();
        for (k, b) in table.iter().enumerate() {
            assert!(
                table[k + 1..].iter().all(|o| o.chord != b.chord),
                "{} is bound twice",
                b.chord.label()
            );
        }
    }

    #[test]
    fn a_playtest_says_how_to_go_back_with_the_keys_in_force() {
        let table = defaults::<PlayerAction>();
        let line = key_line(&table, false, true);
        assert_eq!(&line[..2], ["? / F1 all keys", "Tab back to the editor"]);
        assert!(!key_line(&table, false, false)
            .iter()
            .any(|p| p.contains("editor")));
        assert_eq!(playtest_label(&table), "playtest: Tab returns to the editor");
        let (bound, _) = crate::keys::file::read(Some("[player]\neditor = \"F7\"\n"));
        assert_eq!(
            playtest_label(&bound.player),
            "playtest: F7 returns to the editor"
        );
        assert_eq!(key_line(&bound.player, false, true)[1], "F7 back to the editor");
    }
}
