//! Key bindings: a [`Chord`] (a key, or a click, with Ctrl, Shift and Alt) does an
//! action of the mode's table ([`player::PlayerAction`], [`editor::EditorAction`]). Each table
//! declares every action once, with its stable id (`confirm-guesses`), its default
//! chords as `keys.toml` writes them (`"Shift+S"`, `"Click"`) and its help; [`mod@file`]
//! reads the user's `keys.toml` over the defaults. The window turns its events into
//! chords and looks them up, and the mode's one handler carries the action out. The
//! help line and the help panel are written from the bindings in force, so they show
//! the keys the user set. Which mouse button makes blue is not a chord: [`color_of`]
//! applies the swap (`--swap-buttons`, `[mouse]` in `keys.toml`).
//!
//! May import: `hexcells_core` and the `keys.toml` reading crates; no mode, no window,
//! no renderer (the modes import these tables, not the other way round).
//!
//! Its files, from the top (each imports only the ones below it):
//! - `file.rs`: `keys.toml` over the defaults of both tables;
//! - `player.rs`, `editor.rs`: the two tables;
//! - `binding.rs`: what they share: [`Bindable`], the `table!` that declares a mode's
//!   actions, [`Binding`], lookups and the help; `chord.rs`: keys, clicks, modifiers
//!   and the mouse buttons.

mod binding;
mod chord;
pub mod editor;
pub mod file;
pub mod player;

pub use binding::{action_for, defaults, help_line, help_rows, keys_for, line_parts, Bindable, Binding};
pub use chord::{color_of, Button, Chord, Key};
