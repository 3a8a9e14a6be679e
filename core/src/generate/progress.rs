//! Where a long run of `generate` or `fill_clues` is, for a progress line.

use crate::solve::Grade;

/// Where a long run is, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateProgress {
    /// The candidate being made, from 1.
    pub attempt: usize,
    /// What is happening.
    pub phase: Phase,
}

/// A step of making one candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Revealing cells until the engine solves the level.
    Revealing,
    /// Removing clues the level does not need.
    Pruning {
        /// Clues and revealed cells tried so far.
        done: usize,
        /// Clues and revealed cells to try.
        total: usize,
    },
    /// The candidate was finished but got another grade.
    Missed(Grade),
}
