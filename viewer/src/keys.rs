//! The player's bindings, in one table: keys and mouse buttons (with Ctrl and Shift)
//! to named actions. `app.rs` turns window events into [`Chord`]s and looks them up
//! here; the help line and the help panel are written from the same table, so they
//! show the bindings in force. Each action has a stable id (`confirm-guesses`), for a
//! configuration file of bindings.

use crate::session::{Button, Command};

/// A key or mouse button, before modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// A character key; letters in lower case.
    Char(char),
    /// The Tab key.
    Tab,
    /// The F1 key.
    F1,
    /// A mouse button (before the swap-buttons option).
    Mouse(Button),
}

/// An input with the modifiers held.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chord {
    /// The key or button.
    pub input: Input,
    /// Ctrl held.
    pub ctrl: bool,
    /// Shift held (only kept for letters, Tab, F1 and the mouse: `?` is `?` whatever
    /// the keyboard needs to type it).
    pub shift: bool,
}

impl Chord {
    /// A chord, normalised: letters in lower case, Shift dropped for other characters.
    pub fn new(input: Input, ctrl: bool, shift: bool) -> Chord {
        let (input, shift) = match input {
            Input::Char(c) if c.is_alphabetic() => (Input::Char(lower(c)), shift),
            Input::Char(c) => (Input::Char(c), false),
            other => (other, shift),
        };
        Chord { input, ctrl, shift }
    }

    /// A key without modifiers.
    pub fn key(c: char) -> Chord {
        Chord::new(Input::Char(c), false, false)
    }

    /// How the help shows it: `Shift+S`, `Ctrl+C`, `Tab`, `right click`.
    pub fn label(&self) -> String {
        let mut out = self.modifiers_label();
        match self.input {
            Input::Char(c) => out.extend(c.to_uppercase()),
            Input::Tab => out.push_str("Tab"),
            Input::F1 => out.push_str("F1"),
            Input::Mouse(Button::Left) => out.push_str("left click"),
            Input::Mouse(Button::Right) => out.push_str("right click"),
        }
        out
    }
}

impl Chord {
    /// `Ctrl+`, `Shift+`, both or nothing.
    fn modifiers_label(&self) -> String {
        let mut out = String::new();
        if self.ctrl {
            out.push_str("Ctrl+");
        }
        if self.shift {
            out.push_str("Shift+");
        }
        out
    }
}

fn lower(c: char) -> char {
    c.to_lowercase().next().unwrap_or(c)
}

/// Everything a binding can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Mouse: uncover a hidden cell (left blue, right black); on a number, show its
    /// flower or beam (left) or dim it (right).
    Uncover,
    /// Mouse: mark a guess on a hidden cell (left blue, right black), or clear it.
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
    /// The next level.
    NextLevel,
    /// The previous level.
    PreviousLevel,
    /// Show every binding.
    ToggleHelp,
    /// Open the level editor on the level shown (from the editor's playtest: back to it).
    Editor,
}

/// Every action, in the order the help lists them.
pub const ACTIONS: [Action; 19] = [
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
    Action::NextLevel,
    Action::PreviousLevel,
    Action::ToggleHelp,
    Action::Editor,
];

impl Action {
    /// The stable id, for a bindings file.
    pub fn id(self) -> &'static str {
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
            Action::NextLevel => "next-level",
            Action::PreviousLevel => "previous-level",
            Action::ToggleHelp => "help",
            Action::Editor => "editor",
        }
    }

    /// What it does, for the help panel.
    pub fn describe(self) -> &'static str {
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
            Action::NextLevel => "next level (or file)",
            Action::PreviousLevel => "previous level (or file)",
            Action::ToggleHelp => "show or hide every key",
            Action::Editor => "edit the level (docs/editor.md); in the editor, Tab plays it",
        }
    }

    /// Its word in the one-line help, for the actions the line shows.
    fn short(self) -> Option<&'static str> {
        Some(match self {
            Action::Uncover => "blue / black",
            Action::Guess => "guess",
            Action::ConfirmGuesses => "confirm",
            Action::DenyGuesses => "deny",
            Action::ClearGuesses => "clear",
            Action::Hint => "hint",
            Action::SolveRound => "solve",
            Action::Undo => "undo",
            Action::ToggleHelp => "all keys",
            _ => return None,
        })
    }

    /// The session command of a key action; `None` for the mouse actions (they need a
    /// cell) and for the clipboard (the app reads and writes it).
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
            Action::Uncover | Action::Guess | Action::CopyLevel | Action::PasteLevel | Action::Editor => {
                return None
            }
        })
    }
}

/// One binding: this chord does this action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    /// The key or button with its modifiers.
    pub chord: Chord,
    /// What it does.
    pub action: Action,
}

/// The default bindings (SixCells' player's where it has one).
pub fn defaults() -> Vec<Binding> {
    let mouse = |button, shift| Chord::new(Input::Mouse(button), false, shift);
    let ctrl = |c| Chord::new(Input::Char(c), true, false);
    let shift = |c| Chord::new(Input::Char(c), false, true);
    [
        (mouse(Button::Left, false), Action::Uncover),
        (mouse(Button::Right, false), Action::Uncover),
        (mouse(Button::Left, true), Action::Guess),
        (mouse(Button::Right, true), Action::Guess),
        (Chord::key('c'), Action::ConfirmGuesses),
        (Chord::key('d'), Action::DenyGuesses),
        (Chord::key('x'), Action::ClearGuesses),
        (Chord::key('a'), Action::HighlightAll),
        (Chord::key('h'), Action::Hint),
        (Chord::key('s'), Action::SolveRound),
        (shift('s'), Action::SolveAll),
        (Chord::key('z'), Action::Undo),
        (Chord::key('r'), Action::ClearProgress),
        (Chord::key('e'), Action::ExportRecord),
        (ctrl('c'), Action::CopyLevel),
        (ctrl('v'), Action::PasteLevel),
        (Chord::key('v'), Action::ToggleSolution),
        (Chord::new(Input::Tab, false, false), Action::Editor),
        (Chord::key('n'), Action::NextLevel),
        (Chord::key('p'), Action::PreviousLevel),
        (Chord::key('?'), Action::ToggleHelp),
        (Chord::new(Input::F1, false, false), Action::ToggleHelp),
    ]
    .into_iter()
    .map(|(chord, action)| Binding { chord, action })
    .collect()
}

/// The action bound to `chord`, if any.
pub fn action_for(bindings: &[Binding], chord: Chord) -> Option<Action> {
    bindings.iter().find(|b| b.chord == chord).map(|b| b.action)
}

/// The chords bound to `action`, as the help shows them: `C`, `Shift+S`, `? / F1`; a
/// left and a right click with the same modifiers read `click`.
pub fn keys_for(bindings: &[Binding], action: Action) -> String {
    let chords: Vec<Chord> = bindings
        .iter()
        .filter(|b| b.action == action)
        .map(|b| b.chord)
        .collect();
    let mut labels: Vec<String> = Vec::new();
    for chord in &chords {
        let pair = match chord.input {
            Input::Mouse(Button::Left) => Some(Input::Mouse(Button::Right)),
            Input::Mouse(Button::Right) => Some(Input::Mouse(Button::Left)),
            _ => None,
        };
        let both = pair.is_some_and(|other| {
            chords.contains(&Chord {
                input: other,
                ..*chord
            })
        });
        let label = if both {
            format!("{}click", chord.modifiers_label())
        } else {
            chord.label()
        };
        if !labels.contains(&label) {
            labels.push(label);
        }
    }
    labels.join(" / ")
}

/// Every bound action with its keys, in the help's order: the rows of the help panel.
pub fn help_rows(bindings: &[Binding]) -> Vec<(String, String)> {
    ACTIONS
        .iter()
        .map(|a| (keys_for(bindings, *a), a.describe().to_string()))
        .filter(|(keys, _)| !keys.is_empty())
        .collect()
}

/// The one-line help at the bottom of the window: the key to every key first (the
/// line is cut short in a narrow window), then the most used actions.
pub fn help_line(bindings: &[Binding]) -> String {
    let help = [Action::ToggleHelp];
    help.iter()
        .chain(ACTIONS.iter().filter(|a| **a != Action::ToggleHelp))
        .filter_map(|a| {
            let short = a.short()?;
            let keys = keys_for(bindings, *a);
            let sep = if matches!(a, Action::Uncover | Action::Guess) {
                ": "
            } else {
                " "
            };
            (!keys.is_empty()).then(|| format!("{keys}{sep}{short}"))
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chords_are_normalised_and_found() {
        let table = defaults();
        assert_eq!(
            action_for(&table, Chord::new(Input::Char('S'), false, true)),
            Some(Action::SolveAll)
        );
        assert_eq!(action_for(&table, Chord::key('s')), Some(Action::SolveRound));
        assert_eq!(
            action_for(&table, Chord::new(Input::Char('?'), false, true)),
            Some(Action::ToggleHelp),
            "Shift is how `?` is typed"
        );
        assert_eq!(
            action_for(&table, Chord::new(Input::Char('c'), true, false)),
            Some(Action::CopyLevel)
        );
        assert_eq!(
            action_for(&table, Chord::new(Input::Char('h'), false, true)),
            None
        );
        assert_eq!(
            action_for(&table, Chord::new(Input::Mouse(Button::Right), false, true)),
            Some(Action::Guess)
        );
    }

    #[test]
    fn every_action_is_bound_once_per_chord_and_has_an_id() {
        let table = defaults();
        for (k, a) in table.iter().enumerate() {
            assert!(
                !table[k + 1..].iter().any(|b| b.chord == a.chord),
                "{:?} bound twice",
                a.chord
            );
        }
        for action in ACTIONS {
            assert!(table.iter().any(|b| b.action == action), "{action:?} unbound");
            assert!(
                action.command().is_some()
                    || matches!(
                        action,
                        Action::Uncover
                            | Action::Guess
                            | Action::CopyLevel
                            | Action::PasteLevel
                            | Action::Editor
                    )
            );
        }
        let mut ids: Vec<&str> = ACTIONS.iter().map(|a| a.id()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), ACTIONS.len());
    }

    #[test]
    fn the_help_is_written_from_the_table() {
        let mut table = defaults();
        assert_eq!(keys_for(&table, Action::Uncover), "click");
        assert_eq!(keys_for(&table, Action::Guess), "Shift+click");
        assert_eq!(keys_for(&table, Action::SolveAll), "Shift+S");
        assert_eq!(keys_for(&table, Action::ToggleHelp), "? / F1");
        let line = help_line(&table);
        assert!(
            line.starts_with(
                "? / F1 all keys · click: blue / black · Shift+click: guess · C confirm · D deny · X clear"
            ),
            "{line}"
        );
        // Another key shows in the help at once.
        table.retain(|b| b.action != Action::Undo);
        table.push(Binding {
            chord: Chord::new(Input::Char('u'), true, false),
            action: Action::Undo,
        });
        assert!(help_line(&table).contains("Ctrl+U undo"));
        let rows = help_rows(&table);
        assert_eq!(rows.len(), ACTIONS.len());
        assert!(rows.contains(&("Ctrl+C".to_string(), Action::CopyLevel.describe().to_string())));
    }
}
