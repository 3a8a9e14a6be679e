//! The player mode as plain state, testable without a window.

pub mod clue_marks;
pub mod game;
pub mod progress;
