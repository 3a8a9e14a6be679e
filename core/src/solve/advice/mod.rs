//! What the engine is used for besides a level's report: a player's next step
//! ([`hint`], in `hint.rs`) and fixes for a level that gets stuck ([`suggest_fixes`], in
//! `level_fix.rs`); neither file imports the other.
//!
//! May import: any part of the engine but `solve/mod.rs` (fixes run the whole engine
//! through `run.rs`, hints one round through `deduce/` and `explain/`).

mod hint;
mod level_fix;

pub use hint::{hint, HintResult, PlayState};
pub use level_fix::{suggest_fixes, Change, LevelFix};
