//! The player mode as plain state, testable without a window.

pub mod game;
