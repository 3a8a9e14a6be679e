//! The deduction engine: can a perfect player solve a level, round by round, and why.
//!
//! A player sees the revealed cells (colour, and number if any), every column number
//! and the remaining-blue counter. A hidden cell is *deducible* when every colouring of
//! the hidden cells that agrees with everything visible gives it its solution colour.
//! [`analyze`] uncovers all deducible cells at once, round after round, and records for
//! each one a minimal set of visible clues that forces it.
//!
//! # What the rest of the project uses
//!
//! This file is the engine's whole surface: the functions and plain-data types
//! re-exported below. Every module under it is private to the engine.
//! - A level's [`Report`] within a [`Budget`]: [`analyze`] (explanations and grade),
//!   [`verdict`] (the fast path: explanations may be empty), [`explain_verdict`] (the
//!   analysis of a level whose verdict is known), [`analyze_without_words`] (no
//!   sentences), and [`analyze_with`] / [`verdict_with`] for a chosen SAT [`SatBackend`].
//! - A level answered once however often it comes: [`ReportMemo`] keeps the reports
//!   of an [`EngineCall`] by the level's content.
//! - Versions of one level graded one after the other (the generator's, the advice's):
//!   [`verdict_and_grade_from`] takes what a version judged before says ([`Resume`]:
//!   the rounds both share, the richer version's rounds as a bound, and the
//!   [`Proofs`] of its cells, which [`verdict_and_grade_proving`] gives), and a
//!   [`GradeMemo`] keeps what the grades read by its content for the next versions.
//! - A player's next step: [`hint`]. Edits that make a stuck level solvable:
//!   [`suggest_fixes`].
//! - Trusting an explanation without trusting the search that found it:
//!   [`check_explanation`], [`rederive`].
//! - The catalogue of named rules: [`Rule`], [`RuleInfo`].
//! - The grade: [`Difficulty`] (score, grade, reasons, the replay's [`ReplayStep`]s)
//!   and the model's numbers, [`GradeModel`].
//!
//! # Its parts, from the top down
//!
//! - `advice/`: hints and fixes, which call the engine;
//! - `memo.rs`: reports kept by the level's content;
//! - `run.rs`: the run over a level, round after round, then explanations and grade;
//! - `proofs.rs`: why the cells of a run's rounds are forced, and the run's grade
//!   replay, which the next versions of the level take;
//! - `difficulty/`: the grade, a replay as a player who takes the easiest step;
//! - `explain/`: why each forced cell is forced (a named rule, else a minimal set of
//!   clues), and the independent re-check of an explanation;
//! - `deduce/`: one round, which cells are forced, cheapest reasoning first;
//! - `report.rs`: the answer types;
//! - `rules/`: the catalogue of named rules, their matchers and their quick forms;
//! - `reason/`: the reasoning layers (colouring search, exact checker, LP, SAT);
//! - the ground: `puzzle.rs` (the level as indexed data), `budget.rs` (limits and
//!   clock), `key_map.rs` (small hash maps).
//!
//! A part imports only parts listed below it, never this file; the ground imports no
//! other part. `tests/e2e/tidy.rs` checks it.

mod advice;
mod budget;
mod deduce;
mod difficulty;
mod explain;
#[cfg(test)]
mod fixture_rounds;
mod key_map;
mod memo;
mod proofs;
mod puzzle;
mod reason;
mod report;
mod rules;
mod run;

pub use advice::{hint, suggest_fixes, Change, HintResult, LevelFix, PlayState};
pub use budget::Budget;
pub use difficulty::{GradeMemo, GradeModel, TieBreak};
pub use explain::{check_explanation, rederive, ExplanationCheck};
pub use memo::{EngineCall, Remembered, ReportMemo};
pub use proofs::Proofs;
pub use reason::sat::SatBackend;
pub use report::{
    ClueRef, Deduction, Difficulty, Explanation, Grade, OrderKey, Reasoning, ReplayStep, Report, Verdict,
};
pub use rules::{Rule, RuleInfo};
pub(crate) use run::verdict_and_grade_citing;
pub use run::{
    analyze, analyze_with, analyze_without_words, explain_verdict, verdict, verdict_and_grade,
    verdict_and_grade_from, verdict_and_grade_proving, verdict_and_grade_with, verdict_with, Resume,
};
