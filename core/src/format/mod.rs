//! The "Hexcells level v1" text format: parsing, printing, formatting, and the
//! SixCells JSON format.

mod checks;
pub mod entities;
pub mod parse;
pub mod print;
pub mod sixcells;
pub mod source;

pub use entities::decode_entities;
pub use parse::{count_levels, parse, parse_level_at, Parse, ParsedLevel, MAGIC};
pub use print::{format, print, print_pack, FormatError};
pub use sixcells::ImportError;
pub use source::{GridLine, HeaderField, SourceMap};
