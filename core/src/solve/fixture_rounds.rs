//! Test support: the project's own small levels, and every round of each as the
//! engine plays it, for the tests that ask the engine's parts questions about a
//! real round.

use crate::format::parse;
use crate::solve::budget::Budget;
use crate::solve::puzzle::{Puzzle, Values};
use crate::solve::report::Report;
use crate::solve::run::analyze;

/// The project's own small levels, one per constraint kind.
pub(crate) const SOLVE_FIXTURES: [&str; 8] = [
    include_str!("../../tests/fixtures/solve/001_column_together.hexcells"),
    include_str!("../../tests/fixtures/solve/002_column_apart.hexcells"),
    include_str!("../../tests/fixtures/solve/003_column_gap_is_skipped.hexcells"),
    include_str!("../../tests/fixtures/solve/004_ring_gap_breaks_a_run.hexcells"),
    include_str!("../../tests/fixtures/solve/005_flower_and_counter.hexcells"),
    include_str!("../../tests/fixtures/solve/006_counter_alone.hexcells"),
    include_str!("../../tests/fixtures/solve/007_chain.hexcells"),
    include_str!("../../tests/fixtures/solve/008_ring_apart.hexcells"),
];

/// Three levels the generator made, with more overlapping clues.
pub(crate) const GENERATED_FIXTURES: [&str; 3] = [
    include_str!("../../tests/fixtures/generate/001_hexagon_7_easy.hexcells"),
    include_str!("../../tests/fixtures/generate/002_hexagon_7_medium.hexcells"),
    include_str!("../../tests/fixtures/generate/003_rectangle_8x6_hard.hexcells"),
];

/// One round of a level as the engine plays it.
pub(crate) struct FixtureRound {
    pub(crate) title: String,
    pub(crate) puzzle: Puzzle,
    pub(crate) report: Report,
    /// The round's number, from 1.
    pub(crate) r: usize,
    /// The cells uncovered at its start.
    pub(crate) known: Values,
    /// The clues shown at its start.
    pub(crate) visible: Vec<usize>,
}

/// Every round of every level in `texts`.
pub(crate) fn fixture_rounds(texts: &[&str]) -> Vec<FixtureRound> {
    let mut out = Vec::new();
    for text in texts {
        for parsed in parse(text).levels {
            let level = parsed.level;
            let puzzle = Puzzle::new(&level);
            let report = analyze(&level, &Budget::default());
            for r in 1..=report.rounds() {
                let known: Values = (0..puzzle.cells.len())
                    .map(|i| {
                        let earlier = report.deduction_at(puzzle.cells[i]).is_some_and(|d| d.round < r);
                        (puzzle.revealed[i] || earlier).then_some(puzzle.blue[i])
                    })
                    .collect();
                let visible = puzzle.visible_clues(&known);
                out.push(FixtureRound {
                    title: level.title.clone(),
                    puzzle: puzzle.clone(),
                    report: report.clone(),
                    r,
                    known,
                    visible,
                });
            }
        }
    }
    out
}
