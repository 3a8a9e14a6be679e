//! The level model: positions, items, names and clues, as plain data.

pub mod clue;
pub mod coords;
pub mod level;
pub mod notation;

pub use clue::{Clue, ClueKind, ClueLayout};
pub use coords::{Direction, Pos, GRID_SIZE};
pub use level::{Cell, Color, Column, Hint, Item, Level};
pub use notation::{name, parse_name};
