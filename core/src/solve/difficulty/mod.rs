//! How hard a level is for a player: the difficulty summary, its score and grade,
//! and the reasons for the grade.
//!
//! May import: the engine's ground, `rules/`, `report.rs`, `explain/` (the replay
//! asks for explanations again) and the SAT backend's name.
//!
//! Its files, from the top: `summary.rs` (the entry, `summarise`) counts what the
//! deductions show and grades a solvable level by the replay; `replay.rs` plays the
//! engine's solution again as a player who takes the easiest step there is, step by
//! step, asking the engine as `ReplayEngine` says; `score.rs` turns those steps into a
//! score (the hard steps, each weighed by its effort), the grade, the order key (the
//! score, then a tie-break for levels of equal score) and the reasons.
//! `resume.rs` says which of another version's steps a replay takes as they are.
//! `grade_memo.rs` holds what the grades of versions of one level share.
//! `docs/rules.md` has the model and its numbers.

mod grade_memo;
mod replay;
mod resume;
mod score;
mod summary;

pub use grade_memo::GradeMemo;
pub(crate) use replay::ReplayEngine;
pub(crate) use resume::ReplayRecord;
pub use score::{GradeModel, TieBreak};
pub(crate) use summary::summarise;
