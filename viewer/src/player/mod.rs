//! The player mode as plain state, testable without a window: the levels of the open
//! file, pack, editor document or pasted level (the last good version while the text
//! has errors), the game in progress, its status line, and what the player's actions
//! do.
//!
//! May import: `hexcells_core`, [`crate::keys`] (its table), [`crate::render`] (the
//! scene it builds, the layout, the camera) and [`crate::clipboard`] (a pasted level).
//! Not the editor, not the window.
//!
//! Its files, from the top (each imports only the ones below it):
//! - `copy_paste.rs`: the level to and from the clipboard; `actions.rs`:
//!   [`Session::act`], the one handler of the player's table; `moves.rs`: clicks,
//!   guesses, undo, clearing the progress; `engine.rs`: hints and rounds from the
//!   deduction engine, beside the window; `pack_grading.rs`: the pack overview's grades,
//!   beside the window too;
//! - `session.rs`: the [`Session`] they act on (levels, saving, the frame's scene) and
//!   its [`Origin`];
//! - `game.rs`: the [`game::Game`] of one level (uncovered cells, mistakes, guesses,
//!   undo steps, the play record); `clue_marks.rs`: dimmed and highlighted clues;
//!   `progress.rs`: progress and best results saved per level.

mod actions;
pub mod clue_marks;
mod copy_paste;
mod engine;
pub mod game;
mod moves;
mod pack_grading;
pub mod progress;
mod session;

pub use actions::{Input, PlayerEffects};
pub use engine::{EngineDone, EngineJob};
pub use pack_grading::{OverviewDone, OverviewJob};
pub use session::{sibling_file, Origin, Session, TUTORIAL};
