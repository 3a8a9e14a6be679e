//! Editor questions about a parsed text, answered as plain data: hover, highlights and
//! references, semantic tokens, quick fixes and refactors, symbols and folds, inlay
//! hints.
//!
//! Architecture invariant: answers are in core's own types
//! ([`TextRange`](crate::diagnostic::TextRange) in character columns, cells named in
//! Hexix notation); there are no protocol types and no I/O here. The language server
//! converts the answers, and the CLI or viewer can ask the same questions. No function
//! panics on any text or position.
//!
//! May import: the format, the model, the diagnostics and the model checks, the
//! engine's surface (`solve`) and the generator's (`generate`, for the clues a level
//! never needs). Its files import each other, never this one.
//!
//! Its entries, from the top: one file per question (`hover.rs`, `inlay_hints.rs`,
//! `navigate.rs`, `quick_fix.rs`, `refactor.rs`, `semantic_tokens.rs`, `symbols.rs`,
//! `solvability.rs` for the engine's report, `curve.rs` for a pack's difficulty curve,
//! `sixcells_diagnostics.rs` for a `.sixcells` file), then what they share: `text_fix.rs` (the edits a fix offers, [`TextFix`]) and
//! `target.rs` (what sits under a cursor, [`Target`]); `test_support.rs` holds the
//! tests' small levels.

pub mod curve;
pub mod hover;
pub mod inlay_hints;
pub mod navigate;
pub mod quick_fix;
pub mod refactor;
pub mod semantic_tokens;
pub mod sixcells_diagnostics;
pub mod solvability;
pub mod symbols;
mod target;
#[cfg(test)]
pub(crate) mod test_support;
pub mod text_fix;

pub use curve::{curve, pack_curve, score_text, Curve, CurvePoint, Easier, Standing};
pub use hover::{hover, HoverInfo};
pub use inlay_hints::{inlay_hints, InlayHint};
pub use navigate::{definition, highlights, references, Highlight};
pub use quick_fix::quick_fixes;
pub use refactor::refactors;
pub use semantic_tokens::{semantic_tokens, semantic_tokens_in, SemanticToken, TokenKind, TokenModifiers};
pub use symbols::{folds, symbols, LineSpan, Symbol, SymbolKind};
pub use target::{target_at, Target};
pub use text_fix::{FixKind, LineEdit, TextFix};
