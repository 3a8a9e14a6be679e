//! hexcells-core: the "Hexcells level v1" format, the level model and the deduction
//! engine, as plain data.
//!
//! Architecture invariant: this crate does no I/O, has no async and knows nothing of
//! LSP, windows or files. The server, the CLI and the viewer are thin shells around it.
//!
//! May import: the standard library and the crates `core/Cargo.toml` lists (no I/O,
//! protocol or window crates). Its modules name each other's items by the module that
//! defines them (`crate::diagnostic::TextRange`), never through the re-exports below,
//! which are for other crates.
//!
//! Its modules, from the top: `play_record` (play-throughs and their check),
//! `viewer_protocol` (the language server's line protocol to the viewer), `edit` (the
//! visual editor's operations as text changes), `analysis` (editor questions, as plain
//! data), `generate` (`hexcells generate`), the deduction engine `solve`, `fixture`
//! (small levels for tests), `format` (the text and SixCells JSON, read and written),
//! `validate` (model checks), `model` (the level as plain data) and `diagnostic` (a
//! problem with a code, a severity and a range).

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
