//! The "Hexcells level v1" text format: parsing, printing, formatting, and the
//! SixCells JSON format.
//!
//! May import: the model, the diagnostics and the model checks (`validate`, whose
//! problems the parser places in the text). Its files import each other, never this one.
//!
//! Its entries, from the top: `print.rs` (canonical text out, and `format`, which reads
//! before it prints), `live.rs` (a text's parse kept as it changes), `parse.rs` (text in),
//! `placed_problems.rs` (the parser's checks beyond syntax), `source.rs` (where each line
//! and field sits), `entities.rs` (HTML entities decoded) and `sixcells.rs` (the SixCells
//! editor's JSON).

pub mod entities;
pub mod live;
pub mod parse;
mod placed_problems;
pub mod print;
pub mod sixcells;
pub mod source;

pub use entities::decode_entities;
pub use live::{Fingerprint, LiveParse};
pub use parse::{
    count_levels, file_diagnostics, level_pieces, parse, parse_level_at, LevelPiece, Parse, ParsedLevel,
    MAGIC,
};
pub use print::{format, print, print_pack, FormatError};
pub use sixcells::ImportError;
pub use source::{GridLine, HeaderField, SourceMap};
