//! A key or a click with its modifiers, as the window reports it and `keys.toml`
//! writes it (`Ctrl+Shift+Z`, `Tab`, `+`, `Shift+Click`), and the mouse button, which
//! picks a colour rather than a chord.

use hexcells_core::Color;

/// A mouse button, as pressed (the swap-buttons option applies to colours only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Button {
    /// Uncover as blue; on a number, show its flower or beam.
    Left,
    /// Uncover as black; on a number, dim it.
    Right,
}

/// The colour a button uncovers, guesses or creates: left blue and right black, or
/// the other way round with `swap_buttons`.
pub fn color_of(button: Button, swap_buttons: bool) -> Color {
    match (button, swap_buttons) {
        (Button::Left, false) | (Button::Right, true) => Color::Blue,
        (Button::Right, false) | (Button::Left, true) => Color::Black,
    }
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
    fn the_swap_changes_colours_only() {
        assert_eq!(color_of(Button::Left, false), Color::Blue);
        assert_eq!(color_of(Button::Right, false), Color::Black);
        assert_eq!(color_of(Button::Left, true), Color::Black);
        assert_eq!(color_of(Button::Right, true), Color::Blue);
    }
}
