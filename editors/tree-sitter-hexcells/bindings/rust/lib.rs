//! The tree-sitter grammar of Hexcells levels ("Hexcells level v1" text), for the
//! [tree-sitter] parsing library: [`LANGUAGE`] for a parser, [`HIGHLIGHTS_QUERY`]
//! for colours.
//!
//! ```
//! let mut parser = tree_sitter::Parser::new();
//! parser
//!     .set_language(&tree_sitter_hexcells::LANGUAGE.into())
//!     .expect("the grammar's ABI suits this tree-sitter");
//! let text = "Hexcells level v1\nTitle\nAuthor\n\n\n..x+o.\n";
//! let tree = parser.parse(text, None).expect("a tree");
//! assert_eq!(
//!     tree.root_node().to_sexp(),
//!     "(source_file (level (header (format_line) (title) (author) (custom_text) (custom_text)) \
//!      (grid (grid_row (empty) (blue_cell state: (hidden) mark: (number)) \
//!      (black_cell state: (hidden) mark: (no_number))))))"
//! );
//! ```
//!
//! [tree-sitter]: https://tree-sitter.github.io/

use tree_sitter_language::LanguageFn;

extern "C" {
    fn tree_sitter_hexcells() -> *const ();
}

/// The tree-sitter [`LanguageFn`] of the grammar.
// SAFETY: `tree_sitter_hexcells` is the language function the generated parser
// defines; it takes nothing and returns a pointer to a static `TSLanguage`.
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_hexcells) };

/// `src/node-types.json`: every node the grammar makes, with its fields and children.
pub const NODE_TYPES: &str = include_str!("../../src/node-types.json");

/// `queries/highlights.scm`: the capture of each part of a level.
pub const HIGHLIGHTS_QUERY: &str = include_str!("../../queries/highlights.scm");
