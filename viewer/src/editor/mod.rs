//! The level editor as plain state, testable without a window: the edited text, the
//! level it reads as, the selection, the gesture in progress, undo and redo, and the
//! mapping from pointer input to `hexcells_core::edit` operations (SixCells' controls).
//!
//! May import: `hexcells_core`, [`crate::keys`] (its table, for the messages that name
//! keys), [`crate::render`] (the scene it builds, the layout) and [`crate::clipboard`]
//! (a pasted level). Not the player, not the window.
//!
//! Every edit is a text edit: an operation becomes the smallest text changes
//! (`hexcells_core::edit::changes`), which change the text held here (standalone) or
//! go to the language server for the editor's buffer ([`document::Link::Server`]);
//! the level shown is always what the text reads as.
//!
//! Its files, from the top (each imports only the ones below it):
//! - `mode.rs`: the editor mode of the window ([`mode::EditMode`]: the editor, its
//!   file, its camera) and its one handler for the editor's keys (`EditMode::act`);
//! - `state.rs`: the [`Editor`] (its state, what its keys do, its one way in for the
//!   pointer, [`Editor::pointer`], and requests to the text); `gesture.rs`: what the
//!   pointer's events make (paint, cycle, flip, column, move, lasso);
//!   `geometry.rs`: the pointer's places on the lattice;
//! - `follow.rs`: clues that follow the drawing (a stroke waiting for its re-fill);
//! - `document.rs`: the text and where edits go; `history.rs`: undo and redo;
//!   `prompt.rs`: the level information prompt; `background_check.rs`: problems and verdict off
//!   the UI thread; `fill.rs`: "fill clues" off the UI thread;
//!   `save.rs`: the standalone editor's file, written only on save.

pub mod background_check;
pub mod document;
pub mod fill;
pub mod follow;
pub mod geometry;
mod gesture;
pub mod history;
pub mod mode;
pub mod prompt;
pub mod save;
mod state;

pub use gesture::{Gesture, Mods, PointerEvent, DOUBLE_CLICK};
pub use state::{Editor, EditorOutcome};
