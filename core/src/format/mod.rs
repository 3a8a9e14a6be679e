//! The "Hexcells level v1" text format: parsing, printing, formatting, and the
//! SixCells JSON format.

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
