//! The player and the editor in one window, without the window: which mode has it,
//! switching between them (the player's `editor` action, the editor's playtest), and
//! what each input does in the mode that has it. The window (`app.rs`) turns its events
//! into [`Chord`](crate::keys::Chord)s, pointer positions and a [`Frame`], calls in
//! here, and redraws when [`Controller::take_redraw`] says so; the work that runs beside
//! the window (the engine, the editor's checks, the file watch) comes back as a
//! [`UserEvent`].
//!
//! May import: the player and the editor (the two modes), the keys, the renderer, the
//! clipboard, the file watch (`watch`) and `hexcells_core`. Never the window (`app`) or
//! `--serve`: both drive it.
//!
//! Its files, from the top (each imports only the ones below it):
//! - `modes.rs`: the [`Controller`] (both modes, which has the window, what input means
//!   in each) and the [`Frame`] it draws;
//! - `engine_runs.rs`: the hint and solves beside the window, one running and one
//!   waiting (a new request takes the waiting one's place);
//! - `events.rs`: what comes back from the threads beside the window ([`UserEvent`],
//!   [`Post`]) and the language server's stdin read on a thread of its own
//!   ([`spawn_stdin_reader`]).

mod engine_runs;
mod events;
mod modes;

pub use events::{spawn_stdin_reader, Post, UserEvent};
pub use modes::{Controller, Frame};
