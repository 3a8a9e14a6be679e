//! The level model: positions, items, names and clues, as plain data.
//!
//! May import: nothing of the crate; everything else reads the model. Its files import
//! each other, never this one.
//!
//! Its entries, from the top: `clue.rs` (what a number counts, [`Clue`]), `level.rs`
//! (what sits at each position, [`Level`]), `notation.rs` (Hexix names, [`name`]) and
//! `coords.rs` (grid positions and the hexagonal geometry, [`Pos`]).

pub mod clue;
pub mod coords;
pub mod level;
pub mod notation;

pub use clue::{Clue, ClueKind, ClueLayout};
pub use coords::{Direction, Pos, GRID_SIZE};
pub use level::{Cell, Color, Column, Hint, Item, Level};
pub use notation::{name, parse_name};
