//! The deduction engine: can a perfect player solve a level, round by round, and why.
//!
//! A player sees the revealed cells (colour, and number if any), every column number
//! and the remaining-blue counter. A hidden cell is *deducible* when every colouring of
//! the hidden cells that agrees with everything visible gives it its solution colour.
//! [`analyze`] uncovers all deducible cells at once, round after round, and records for
//! each one a minimal set of visible clues that forces it.

mod budget;
mod deduce;
mod difficulty;
mod explain;
#[cfg(test)]
mod fixture_rounds;
mod key_map;
mod puzzle;
mod reason;
mod report;
mod rules;
mod run;
mod uses;

pub use budget::Budget;
pub use explain::verify::{check_explanation, rederive, ExplanationCheck};
pub use reason::sat::Backend;
pub use report::{ClueRef, Deduction, Difficulty, Explanation, Grade, Reasoning, Report, Verdict};
pub use rules::{Rule, RuleInfo};
pub use run::{analyze, analyze_with, analyze_without_words, explain_verdict, verdict, verdict_with};
pub use uses::{hint, suggest_fixes, Change, Fix, HintResult, PlayState};
