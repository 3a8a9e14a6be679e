//! hexcells-core: the "Hexcells level v1" format, the level model and the deduction
//! engine, as plain data.
//!
//! Architecture invariant: this crate does no I/O, has no async and knows nothing of
//! LSP, windows or files. The server, the CLI and the viewer are thin shells around it.

#![warn(missing_docs)]

pub mod analysis;
pub mod diagnostic;
pub mod edit;
pub mod fixture;
pub mod format;
pub mod generate;
pub mod model;
pub mod play_record;
pub mod solve;
pub mod validate;
pub mod viewer_protocol;

pub use diagnostic::{Code, Diagnostic, Related, Severity, TextRange};
pub use model::{Cell, Clue, Color, Column, Direction, Hint, Item, Level, Pos};
