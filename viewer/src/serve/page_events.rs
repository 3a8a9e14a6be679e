//! What a page sends: pointer events in frame pixels, keys by the browser's names, and
//! the frame's size, as JSON. Anything else is garbage and closes the page's socket.
//! The browser's key names become the viewer's own [`Key`]s here, as the window does
//! for winit's (`app.rs`).

use serde::Deserialize;

use crate::editor::prompt::PromptKey;
use crate::keys::{Chord, Key};

/// One event from the page.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum PageEvent {
    /// The page's drawing area, in device pixels, and the device pixel ratio.
    Size {
        /// Width in pixels.
        w: u32,
        /// Height in pixels.
        h: u32,
        /// Device pixels per CSS pixel.
        scale: f32,
    },
    /// The pointer moved to (x, y).
    Move {
        /// Frame pixels from the left.
        x: f64,
        /// Frame pixels from the top.
        y: f64,
    },
    /// The pointer left the page.
    Leave,
    /// A mouse button went down or up at (x, y).
    Button {
        /// `left`, `middle` or `right`.
        button: MouseButton,
        /// Pressed (true) or released.
        down: bool,
        /// Frame pixels from the left.
        x: f64,
        /// Frame pixels from the top.
        y: f64,
        /// Modifiers held.
        #[serde(flatten)]
        mods: Modifiers,
    },
    /// The wheel turned (up: zoom in).
    Wheel {
        /// Notches, as the window counts them.
        notches: f32,
    },
    /// A key went down.
    Key {
        /// The browser's `KeyboardEvent.key`.
        key: String,
        /// Modifiers held.
        #[serde(flatten)]
        mods: Modifiers,
    },
}

/// A mouse button, as the page names it.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum MouseButton {
    /// The main button.
    Left,
    /// The wheel's button (a drag pans).
    Middle,
    /// The second button.
    Right,
}

/// The modifiers held with a key or a click.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
pub struct Modifiers {
    /// Ctrl.
    #[serde(default)]
    pub ctrl: bool,
    /// Shift.
    #[serde(default)]
    pub shift: bool,
    /// Alt.
    #[serde(default)]
    pub alt: bool,
}

impl Modifiers {
    /// The chord of `key` with these modifiers.
    pub fn chord(self, key: Key) -> Chord {
        Chord::new(key, self.ctrl, self.shift, self.alt)
    }
}

/// Reads one message; `None` for anything that is not a page event.
pub fn read(text: &str) -> Option<PageEvent> {
    serde_json::from_str(text).ok()
}

/// The bindings' key for a browser key name: one character, or a named key that
/// `keys.toml` can name (`None` for Shift alone and the like).
pub fn bound_key(name: &str) -> Option<Key> {
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return Some(Key::Char(c));
    }
    Some(match name {
        "Tab" => Key::Tab,
        "Enter" => Key::Enter,
        "Escape" => Key::Escape,
        "Backspace" => Key::Backspace,
        "Delete" => Key::Delete,
        "Insert" => Key::Insert,
        "Home" => Key::Home,
        "End" => Key::End,
        "PageUp" => Key::PageUp,
        "PageDown" => Key::PageDown,
        "ArrowUp" => Key::Up,
        "ArrowDown" => Key::Down,
        "ArrowLeft" => Key::Left,
        "ArrowRight" => Key::Right,
        f => match f.strip_prefix('F').map(str::parse::<u8>) {
            Some(Ok(n @ 1..=24)) => Key::F(n),
            _ => return None,
        },
    })
}

/// A key for the editor's open prompt: text typed (not with Ctrl), Backspace, Enter,
/// Esc.
pub fn prompt_key(name: &str, mods: Modifiers) -> Option<PromptKey> {
    Some(match name {
        "Enter" => PromptKey::Enter,
        "Escape" => PromptKey::Escape,
        "Backspace" => PromptKey::Backspace,
        text if text.chars().count() == 1 && !mods.ctrl => PromptKey::Text(text.to_string()),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_browser_key_names_are_the_windows_keys() {
        assert_eq!(bound_key("z"), Some(Key::Char('z')));
        assert_eq!(bound_key(" "), Some(Key::Char(' ')));
        assert_eq!(bound_key("F1"), Some(Key::F(1)));
        assert_eq!(bound_key("ArrowUp"), Some(Key::Up));
        assert_eq!(bound_key("Shift"), None);
        assert_eq!(bound_key("F25"), None);
        let ctrl = Modifiers {
            ctrl: true,
            ..Modifiers::default()
        };
        assert_eq!(ctrl.chord(Key::Char('S')), Chord::parse("Ctrl+S").unwrap());
    }

    #[test]
    fn only_page_events_are_read() {
        assert_eq!(read(r#"{"t":"leave"}"#), Some(PageEvent::Leave));
        let click = read(r#"{"t":"button","button":"right","down":true,"x":1,"y":2,"shift":true}"#);
        assert!(matches!(
            click,
            Some(PageEvent::Button {
                button: MouseButton::Right,
                mods: Modifiers { shift: true, .. },
                ..
            })
        ));
        for garbage in [
            "",
            "null",
            "{}",
            r#"{"t":"explode"}"#,
            r#"{"t":"move","x":"a","y":1}"#,
            "\u{0}\u{1}",
        ] {
            assert_eq!(read(garbage), None, "{garbage:?}");
        }
    }
}
