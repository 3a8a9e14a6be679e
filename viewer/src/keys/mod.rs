//! The bindings of every mode, in one model: a [`Chord`] (a key, or a click, with Ctrl,
//! Shift and Alt) does an action of the mode's table ([`player::Action`],
//! [`editor::Action`]). Each action has a stable id (`confirm-guesses`) and default
//! chords written as `keys.toml` writes them (`"Shift+S"`, `"Click"`); [`file`] reads
//! the user's `keys.toml` over the defaults. `app.rs` turns window events into chords
//! and looks them up; the help line and the help panel are written from the bindings in
//! force, so they show the keys the user set. Which mouse button makes blue is not a
//! chord: [`color_of`] applies the swap (`--swap-buttons`, `[mouse]` in `keys.toml`).

pub mod editor;
pub mod file;
pub mod player;

use hexcells_core::Color;

pub use player::Action;

/// A mouse button, as pressed (the swap-buttons option applies to colours only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Button {
    /// Uncover as blue; on a number, show its flower or beam.
    Left,
    /// Uncover as black; on a number, dim it.
    Right,
}

/// A key or a click, before modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// A character key; letters in lower case, Space as `' '`.
    Char(char),
    /// Tab.
    Tab,
    /// Enter.
    Enter,
    /// Escape.
    Escape,
    /// Backspace.
    Backspace,
    /// Delete.
    Delete,
    /// Insert.
    Insert,
    /// Home.
    Home,
    /// End.
    End,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
    /// The up arrow.
    Up,
    /// The down arrow.
    Down,
    /// The left arrow.
    Left,
    /// The right arrow.
    Right,
    /// A function key, F1 to F24.
    F(u8),
    /// A click of either mouse button on the board (the button picks the colour).
    Click,
}

/// The named keys: what `keys.toml` calls them (first name: how the help shows them).
const NAMES: [(&[&str], Key); 15] = [
    (&["Tab"], Key::Tab),
    (&["Enter", "Return"], Key::Enter),
    (&["Esc", "Escape"], Key::Escape),
    (&["Backspace"], Key::Backspace),
    (&["Delete", "Del"], Key::Delete),
    (&["Insert", "Ins"], Key::Insert),
    (&["Home"], Key::Home),
    (&["End"], Key::End),
    (&["PageUp", "PgUp"], Key::PageUp),
    (&["PageDown", "PgDn"], Key::PageDown),
    (&["Up", "ArrowUp"], Key::Up),
    (&["Down", "ArrowDown"], Key::Down),
    (&["Left", "ArrowLeft"], Key::Left),
    (&["Right", "ArrowRight"], Key::Right),
    (&["Click"], Key::Click),
];

/// A key or a click with the modifiers held.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chord {
    /// The key.
    pub key: Key,
    /// Ctrl held.
    pub ctrl: bool,
    /// Shift held (kept for letters, named keys and clicks only: `?` and `+` are what
    /// they are however the keyboard types them).
    pub shift: bool,
    /// Alt held.
    pub alt: bool,
}

impl Chord {
    /// A chord, normalised: letters in lower case, Shift dropped for other characters.
    pub fn new(key: Key, ctrl: bool, shift: bool, alt: bool) -> Chord {
        let (key, shift) = match key {
            Key::Char(c) if c.is_alphabetic() => (Key::Char(c.to_lowercase().next().unwrap_or(c)), shift),
            Key::Char(c) => (Key::Char(c), false),
            other => (other, shift),
        };
        Chord {
            key,
            ctrl,
            shift,
            alt,
        }
    }

    /// A key without modifiers.
    pub fn key(key: Key) -> Chord {
        Chord::new(key, false, false, false)
    }

    /// Reads `Ctrl+Shift+Z`, `Tab`, `+`, `Ctrl++`, `F1`, `Up`, `Shift+Click`
    /// (names and modifiers in any case).
    pub fn parse(text: &str) -> Option<Chord> {
        let text = text.trim();
        // `+` alone, or a chord ending in `+` (`Ctrl++`).
        let (mods, key) = match text.strip_suffix("++") {
            Some(mods) => (mods, "+"),
            None if text == "+" => ("", "+"),
            None => text.rsplit_once('+').unwrap_or(("", text)),
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
        Some(Chord::new(parse_key(key)?, ctrl, shift, alt))
    }

    /// How the help and `keys.toml` write it: `Ctrl+Shift+Z`, `Tab`, `+`, `Shift+Click`.
    pub fn label(&self) -> String {
        let mut out = String::new();
        for (on, name) in [(self.ctrl, "Ctrl+"), (self.alt, "Alt+"), (self.shift, "Shift+")] {
            if on {
                out.push_str(name);
            }
        }
        match self.key {
            Key::Char(' ') => out.push_str("Space"),
            Key::Char(c) => out.extend(c.to_uppercase()),
            Key::F(n) => out.push_str(&format!("F{n}")),
            named => {
                let name = NAMES.iter().find(|(_, k)| *k == named).map_or("?", |(n, _)| n[0]);
                out.push_str(name);
            }
        }
        out
    }

    /// Whether it is a click (for the mouse's actions) rather than a key.
    pub fn is_click(&self) -> bool {
        self.key == Key::Click
    }
}

fn parse_key(key: &str) -> Option<Key> {
    if key.eq_ignore_ascii_case("space") {
        return Some(Key::Char(' '));
    }
    if let Some((_, named)) = NAMES
        .iter()
        .find(|(names, _)| names.iter().any(|n| n.eq_ignore_ascii_case(key)))
    {
        return Some(*named);
    }
    if let Some(n) = key.strip_prefix(['F', 'f']).filter(|n| !n.is_empty()) {
        if let Ok(n) = n.parse::<u8>() {
            return (1..=24).contains(&n).then_some(Key::F(n));
        }
    }
    let mut chars = key.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if !c.is_control() => Some(Key::Char(c)),
        _ => None,
    }
}

/// The actions of one mode: the player's or the editor's table.
pub trait Bindable: Copy + Eq + std::fmt::Debug + 'static {
    /// The mode's table in `keys.toml`.
    const SECTION: &'static str;
    /// Every action, in the order the help panel lists them.
    const ALL: &'static [Self];
    /// The actions of the one-line help, in its order.
    const LINE: &'static [Self];
    /// The stable id, for `keys.toml`.
    fn id(self) -> &'static str;
    /// The default chords, as `keys.toml` writes them.
    fn defaults(self) -> &'static [&'static str];
    /// Whether clicks (rather than keys) do it.
    fn on_click(self) -> bool;
    /// What it does, for the help panel.
    fn describe(self) -> &'static str;
    /// Its word in the one-line help.
    fn short(self) -> &'static str;
}

/// One binding: this chord does this action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding<A = Action> {
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

/// The one-line help at the bottom of the window, from the bindings in force:
/// `? / F1 all keys · Click: blue / black · ...` (cut short in a narrow window, so the
/// key to every key comes first).
pub fn help_line<A: Bindable>(bindings: &[Binding<A>], swap_buttons: bool) -> String {
    A::LINE
        .iter()
        .filter_map(|a| {
            let keys = keys_for(bindings, *a);
            let sep = if a.on_click() { ": " } else { " " };
            let what = in_button_order(a.short(), swap_buttons);
            (!keys.is_empty()).then(|| format!("{keys}{sep}{what}"))
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// An action's text, where "blue / black" means "left button / right button": the
/// other way round when the buttons are swapped.
fn in_button_order(text: &str, swap_buttons: bool) -> String {
    if swap_buttons {
        text.replace("blue / black", "black / blue")
    } else {
        text.to_string()
    }
}

/// The colour a button uncovers, guesses or creates: left blue and right black, or
/// the other way round with `swap_buttons`.
pub fn color_of(button: Button, swap_buttons: bool) -> Color {
    match (button, swap_buttons) {
        (Button::Left, false) | (Button::Right, true) => Color::Blue,
        (Button::Right, false) | (Button::Left, true) => Color::Black,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chords_read_and_print_back() {
        for text in [
            "Ctrl+Shift+Z",
            "Tab",
            "+",
            "Ctrl++",
            "-",
            "0",
            "F1",
            "F24",
            "Alt+X",
            "Delete",
            "Esc",
            "Space",
            "Up",
            "Ctrl+Left",
            "PageDown",
            "Shift+Click",
            "Alt+Click",
        ] {
            let chord = Chord::parse(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(Chord::parse(&chord.label()), Some(chord), "{text}");
            assert_eq!(chord.label(), text, "{text} is written as it is read");
        }
        assert_eq!(Chord::parse("ctrl+z"), Chord::parse("Ctrl+Z"));
        assert_eq!(Chord::parse("escape"), Chord::parse("Esc"));
        assert_eq!(Chord::parse("ArrowUp"), Chord::parse("Up"));
        assert_eq!(Chord::parse("Shift+?"), Chord::parse("?"), "`?` is `?`");
        assert!(Chord::parse("Click").is_some_and(|c| c.is_click()));
        for bad in ["", "Hyper+Z", "F25", "F0", "Ctrl+", "zz", "Ctrl+Shift"] {
            assert_eq!(Chord::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn lookups_and_help_follow_the_bindings() {
        let table = defaults::<Action>();
        let shift_s = Chord::new(Key::Char('S'), false, true, false);
        assert_eq!(action_for(&table, shift_s), Some(Action::SolveAll));
        assert_eq!(
            action_for(&table, Chord::key(Key::Char('s'))),
            Some(Action::SolveRound)
        );
        let shift_click = Chord::new(Key::Click, false, true, false);
        assert_eq!(action_for(&table, shift_click), Some(Action::Guess));
        assert_eq!(
            action_for(&table, Chord::key(Key::Char('+'))),
            Some(Action::ZoomIn)
        );
        assert_eq!(keys_for(&table, Action::ToggleHelp), "? / F1");
        assert!(
            help_line(&table, false)
                .starts_with("? / F1 all keys · Click: blue / black · Shift+Click: guess"),
            "{}",
            help_line(&table, false)
        );
        let rows = help_rows(&table, false);
        assert_eq!(rows.len(), Action::ALL.len());
        let mut moved = table.clone();
        moved.retain(|b| b.action != Action::Undo);
        moved.push(Binding {
            chord: Chord::parse("Ctrl+U").unwrap(),
            action: Action::Undo,
        });
        assert!(help_line(&moved, false).contains("Ctrl+U undo"));
    }

    #[test]
    fn the_help_names_the_colours_in_button_order() {
        let table = defaults::<Action>();
        assert!(help_line(&table, true).contains("Click: black / blue · Shift+Click: guess"));
        let rows = help_rows(&table, true);
        let uncover = rows
            .iter()
            .find(|(keys, _)| keys == "Click")
            .expect("the click's row");
        assert!(uncover.1.starts_with("uncover black / blue"), "{uncover:?}");
    }

    #[test]
    fn the_swap_changes_colours_only() {
        assert_eq!(color_of(Button::Left, false), Color::Blue);
        assert_eq!(color_of(Button::Right, false), Color::Black);
        assert_eq!(color_of(Button::Left, true), Color::Black);
        assert_eq!(color_of(Button::Right, true), Color::Blue);
    }
}
