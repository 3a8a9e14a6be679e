//! What every mode's table is: [`Bindable`], the `table!` that declares one (the enum
//! of its actions and, for each, its user doc, its `keys.toml` id, its default chords
//! and its help), a [`Binding`] of a chord to an action, the lookups, and the help
//! panel's rows and the key line's parts, written from the bindings in force.

use super::chord::Chord;

/// The actions of one mode: the player's or the editor's table, declared with
/// `table!`.
pub trait Bindable: Copy + Eq + std::fmt::Debug + 'static {
    /// The mode's table in `keys.toml`.
    const SECTION: &'static str;
    /// Every action, in the order the help panel lists them.
    const ALL: &'static [Self];
    /// The actions of the one-line help, in its order, each with its word there.
    const LINE: &'static [(Self, &'static str)];
    /// The stable id, for `keys.toml`.
    fn id(self) -> &'static str;
    /// The default chords, as `keys.toml` writes them.
    fn defaults(self) -> &'static [&'static str];
    /// What it does, for the help panel.
    fn describe(self) -> &'static str;
    /// What it does, for the user's manual: the doc comment written above the action in
    /// its table (`docs/viewer.md`'s tables are generated from these).
    fn doc(self) -> &'static str;
    /// Whether clicks (rather than keys) do it: its default chords are clicks.
    fn on_click(self) -> bool {
        let first = self.defaults().first().and_then(|text| Chord::parse(text));
        first.is_some_and(|chord| chord.is_click())
    }
}

/// Declares a mode's table: the enum of its actions and, once for each action, its user
/// doc (the doc comment above it), the id `keys.toml` knows it by, its default chords
/// (as `keys.toml` writes them) and its row in the help panel, in the panel's order; then the actions of the one-line help, each
/// with its word there.
macro_rules! table {
    (
        $(#[$enum_doc:meta])*
        pub enum $enum:ident in $section:literal {
            $(
                $(#[doc = $doc:literal])*
                $action:ident = $id:literal [$($chord:literal),+] $describe:literal,
            )+
        }
        help line: $($line:ident $word:literal),+ $(,)?
    ) => {
        $(#[$enum_doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $enum {
            $($(#[doc = $doc])* $action,)+
        }

        impl $crate::keys::binding::Bindable for $enum {
            const SECTION: &'static str = $section;
            const ALL: &'static [Self] = &[$($enum::$action),+];
            const LINE: &'static [(Self, &'static str)] = &[$(($enum::$line, $word)),+];

            fn id(self) -> &'static str {
                match self {
                    $($enum::$action => $id,)+
                }
            }

            fn defaults(self) -> &'static [&'static str] {
                match self {
                    $($enum::$action => &[$($chord),+],)+
                }
            }

            fn describe(self) -> &'static str {
                match self {
                    $($enum::$action => $describe,)+
                }
            }

            fn doc(self) -> &'static str {
                match self {
                    $($enum::$action => concat!($($doc, "\n"),*),)+
                }
            }
        }
    };
}
pub(crate) use table;

/// One binding: this chord does this action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding<A> {
    /// The key or click with its modifiers.
    pub chord: Chord,
    /// What it does.
    pub action: A,
}

/// The default bindings of a mode.
pub fn defaults<A: Bindable>() -> Vec<Binding<A>> {
    A::ALL
        .iter()
        .flat_map(|action| {
            action.defaults().iter().filter_map(move |text| {
                Some(Binding {
                    chord: Chord::parse(text)?,
                    action: *action,
                })
            })
        })
        .collect()
}

/// The action bound to `chord`, if any.
pub fn action_for<A: Bindable>(bindings: &[Binding<A>], chord: Chord) -> Option<A> {
    bindings.iter().find(|b| b.chord == chord).map(|b| b.action)
}

/// The chords bound to `action`, as the help shows them: `C`, `Shift+S`, `? / F1`.
pub fn keys_for<A: Bindable>(bindings: &[Binding<A>], action: A) -> String {
    bindings
        .iter()
        .filter(|b| b.action == action)
        .map(|b| b.chord.label())
        .collect::<Vec<_>>()
        .join(" / ")
}

/// Every bound action with its keys, in the help's order: the rows of the help panel.
pub fn help_rows<A: Bindable>(bindings: &[Binding<A>], swap_buttons: bool) -> Vec<(String, String)> {
    A::ALL
        .iter()
        .map(|a| {
            (
                keys_for(bindings, *a),
                in_button_order(a.describe(), swap_buttons),
            )
        })
        .filter(|(keys, _)| !keys.is_empty())
        .collect()
}

/// The parts of the key line at the bottom of the window, from the bindings in force,
/// most needed first: `? / F1 all keys`, `Click: blue / black`, ... An action without
/// a key has no part. The window shows as many whole parts as fit
/// (`render::key_line`); the help panel has them all.
pub fn line_parts<A: Bindable>(bindings: &[Binding<A>], swap_buttons: bool) -> Vec<(A, String)> {
    A::LINE
        .iter()
        .filter_map(|(a, word)| {
            let keys = keys_for(bindings, *a);
            let sep = if a.on_click() { ": " } else { " " };
            let what = in_button_order(word, swap_buttons);
            (!keys.is_empty()).then(|| (*a, format!("{keys}{sep}{what}")))
        })
        .collect()
}

/// The key line's parts in one line: `? / F1 all keys · Click: blue / black · ...`.
pub fn help_line<A: Bindable>(bindings: &[Binding<A>], swap_buttons: bool) -> String {
    line_parts(bindings, swap_buttons)
        .into_iter()
        .map(|(_, part)| part)
        .collect::<Vec<_>>()
        .join(" · ")
}

/// An action's text, where "blue / black" means "left button / right button": the
/// other way round when the buttons are swapped.
pub(super) fn in_button_order(text: &str, swap_buttons: bool) -> String {
    if swap_buttons {
        text.replace("blue / black", "black / blue")
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::chord::Key;
    use crate::keys::player::PlayerAction;

    #[test]
    fn lookups_and_help_follow_the_bindings() {
        let table = defaults::<PlayerAction>();
        let shift_s = Chord::new(Key::Char('S'), false, true, false);
        assert_eq!(action_for(&table, shift_s), Some(PlayerAction::SolveAll));
        assert_eq!(
            action_for(&table, Chord::key(Key::Char('s'))),
            Some(PlayerAction::SolveRound)
        );
        let shift_click = Chord::new(Key::Click, false, true, false);
        assert_eq!(action_for(&table, shift_click), Some(PlayerAction::Guess));
        assert_eq!(
            action_for(&table, Chord::key(Key::Char('+'))),
            Some(PlayerAction::ZoomIn)
        );
        assert_eq!(keys_for(&table, PlayerAction::ToggleHelp), "? / F1");
        assert!(
            help_line(&table, false)
                .starts_with("? / F1 all keys · Click: blue / black · Shift+Click: guess"),
            "{}",
            help_line(&table, false)
        );
        let rows = help_rows(&table, false);
        assert_eq!(rows.len(), PlayerAction::ALL.len());
        let mut moved = table.clone();
        moved.retain(|b| b.action != PlayerAction::Undo);
        moved.push(Binding {
            chord: Chord::parse("Ctrl+U").unwrap(),
            action: PlayerAction::Undo,
        });
        assert!(help_line(&moved, false).contains("Ctrl+U undo"));
    }

    #[test]
    fn the_help_names_the_colours_in_button_order() {
        let table = defaults::<PlayerAction>();
        assert!(help_line(&table, true).contains("Click: black / blue · Shift+Click: guess"));
        let rows = help_rows(&table, true);
        let uncover = rows
            .iter()
            .find(|(keys, _)| keys == "Click")
            .expect("the click's row");
        assert!(uncover.1.starts_with("uncover black / blue"), "{uncover:?}");
    }
}
