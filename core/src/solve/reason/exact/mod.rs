//! A small exact checker for "do these few clues force this cell?", asked many times
//! while an explanation is built and minimised.
//!
//! May import: the engine's ground and the colouring search (`reason/local_search.rs`, for
//! the short local search of `repair.rs`). Its files (`build.rs`, `propagate.rs`,
//! `search.rs`, `conflict.rs`, `repair.rs`, `by_parts.rs`) each add one concern's
//! methods to the [`ExactChecker`] defined here, and read its fields and bit helpers from
//! this file.
//!
//! It searches colourings of only the hidden cells in the clues' scopes (the cell's
//! connected part of them, or all of them with the remaining-blue counter), depth
//! first from the solution's colours, with propagation: a clue needs between its
//! blue and its blue-or-open members, a line's togetherness places its blues, every
//! shape is checked once a clue is full, and with the counter a packing of clues that
//! share no open cell bounds the blues left. A colouring with the cell wrong proves
//! the clues do not force it (a short local search looks for one when the search
//! stops early). An exhausted search proves they do; each conflict is traced back
//! through the reasons of its assignments to the clues and decisions it rests on, so
//! the search jumps back over decisions that do not matter and names the clues the
//! refutation needs, usually far fewer than were asked about. A node limit keeps it
//! cheap: past it the answer is unknown and the caller asks the LP or SAT solver.
//! A counting question whose clues fall into parts that share no hidden cell can
//! also be decided part by part (`by_parts.rs`).

use crate::solve::puzzle::{Puzzle, Values};
use build::Built;
use by_parts::PartCounts;
use search::Frame;

mod build;
mod by_parts;
mod conflict;
mod propagate;
mod repair;
mod search;

/// The checker's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Check {
    /// The clues force the cell. The positions (in the given clue list) of the clues
    /// the refutation used, in order, and whether it used the counter.
    Forced { used: Vec<usize>, counter: bool },
    /// A colouring meets the clues (and the counter if asked) with the cell wrong.
    Free,
    /// The node limit was reached first.
    Unknown,
}

/// Flips the local search may make.
const REPAIR_STEPS: usize = 1000;

/// No local index.
const NONE: u32 = u32::MAX;

/// A constraint of one query: between `lo` and `hi` of its members are blue.
#[derive(Clone, Debug)]
struct Con {
    /// Position of the clue in the query's list (`None` for the counter).
    at: Option<usize>,
    /// The puzzle clue, when its togetherness must be checked once it is full.
    shaped: Option<usize>,
    lo: i32,
    hi: i32,
    blue: i32,
    open: i32,
    /// Members as local indices: `members[start..end]`.
    start: u32,
    end: u32,
}

/// One round's clues, ready for many small queries.
pub(crate) struct ExactChecker<'p> {
    puzzle: &'p Puzzle,
    known: Values,
    /// Blue cells among the hidden ones.
    remaining: i32,
    n_hidden: i32,
    /// Hidden cells in no visible clue, and how many of them are blue.
    n_untouched: i32,
    n_untouched_blue: i32,
    // Scratch space for one query, reused.
    local: Vec<u32>,
    clue_pos: Vec<u32>,
    vars: Vec<usize>,
    value: Vec<i8>,
    cons: Vec<Con>,
    members: Vec<u32>,
    occ_start: Vec<u32>,
    occ: Vec<u32>,
    trail: Vec<u32>,
    queue: Vec<u32>,
    /// Marks of the counting bound: cells already in a chosen constraint.
    packed: Vec<u32>,
    stamp: u32,
    chosen: Vec<u32>,
    /// Per variable: why it has its colour, and where on the trail (`u32::MAX`
    /// while it has none).
    reason: Vec<u32>,
    tpos: Vec<u32>,
    /// Per constraint: how many variables on the trail it coloured (what a
    /// conflict through the counter, which rests on every coloured cell, rests on,
    /// with the search's decisions).
    by_reason: Vec<u32>,
    seen: Vec<u32>,
    /// Per variable: the colour it had last, tried first when it is decided again
    /// (the solution's at the start).
    phase: Vec<bool>,
    /// Per constraint: the analysis (stamp) that last took its members as a reason,
    /// and up to which trail position.
    expanded: Vec<(u32, u32)>,
    /// Work list of the conflict analysis.
    stack: Vec<u32>,
    /// The constraints of the last conflict.
    conflict: Vec<u32>,
    /// The constraints of the last refutation, as a bit set.
    core: Vec<u64>,
    /// The decision stack of the search, and bit sets to reuse (kept between
    /// queries to save allocations).
    frames: Vec<Frame>,
    spare: Vec<Vec<u64>>,
    /// What the searches of `by_parts.rs` found for the parts of earlier questions:
    /// consecutive questions of a deletion pass share most of their parts.
    part_counts: PartCounts,
    /// Scratch of `scope` (the clues reached, and which of the question's clues
    /// are) and of `index_occurrences` (where each variable's next occurrence goes).
    reached: Vec<usize>,
    taken: Vec<bool>,
    fill: Vec<u32>,
    /// Assignments a line rule found, before they are made.
    scratch: Vec<(u32, bool)>,
    /// Position of the counter constraint in `cons`, if asked.
    counter_con: Option<usize>,
    /// With the counter: the sums of the positive gains (black, blue) of the
    /// other constraints, kept up to date as cells are coloured and uncoloured
    /// (the counting bound reads them after every propagation).
    gains: [i32; 2],
    /// With the counter: the other constraints with a positive gain (for black,
    /// for blue), as bit sets kept up to date with `gains`.
    positive: [Vec<u64>; 2],
    /// The variable of the cell the query is about (`None`: the untouched cells).
    seed: Option<u32>,
    /// The question the variables and constraints were built for, while they can
    /// be reused (see [`ExactChecker::reuse`]).
    built: Option<Built>,
}

/// The reason of a decision's variable.
const DECISION: u32 = u32::MAX - 1;

/// The reason of the cell's wrong colour, given by the question.
const PREMISE: u32 = u32::MAX;

fn set(bits: &mut [u64], i: usize) {
    bits[i / 64] |= 1 << (i % 64);
}

fn unset(bits: &mut [u64], i: usize) {
    bits[i / 64] &= !(1 << (i % 64));
}

fn has(bits: &[u64], i: usize) -> bool {
    bits.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
}

/// The smallest item in `bits`.
fn first(bits: &[u64]) -> Option<usize> {
    let (w, word) = bits.iter().enumerate().find(|(_, w)| **w != 0)?;
    Some(w * 64 + word.trailing_zeros() as usize)
}

fn union(bits: &mut [u64], other: &[u64]) {
    for (a, b) in bits.iter_mut().zip(other) {
        *a |= b;
    }
}

impl<'p> ExactChecker<'p> {
    /// A checker for the round that starts with `known` uncovered and shows the
    /// clues `visible`.
    pub(crate) fn new(puzzle: &'p Puzzle, known: &Values, visible: &[usize]) -> ExactChecker<'p> {
        let in_clue = puzzle.held_by(visible);
        let untouched: Vec<usize> = (0..puzzle.cells.len())
            .filter(|&i| known[i].is_none() && !in_clue[i])
            .collect();
        let n_untouched_blue = untouched.iter().filter(|&&i| puzzle.blue[i]).count() as i32;
        ExactChecker {
            puzzle,
            known: known.clone(),
            remaining: puzzle.remaining(known) as i32,
            n_hidden: known.iter().filter(|v| v.is_none()).count() as i32,
            n_untouched: untouched.len() as i32,
            n_untouched_blue,
            local: vec![NONE; puzzle.cells.len()],
            clue_pos: vec![NONE; puzzle.clues.len()],
            vars: Vec::new(),
            value: Vec::new(),
            cons: Vec::new(),
            members: Vec::new(),
            occ_start: Vec::new(),
            occ: Vec::new(),
            trail: Vec::new(),
            queue: Vec::new(),
            packed: Vec::new(),
            stamp: 0,
            chosen: Vec::new(),
            scratch: Vec::new(),
            reason: Vec::new(),
            tpos: Vec::new(),
            by_reason: Vec::new(),
            seen: Vec::new(),
            conflict: Vec::new(),
            stack: Vec::new(),
            expanded: Vec::new(),
            phase: Vec::new(),
            core: Vec::new(),
            frames: Vec::new(),
            spare: Vec::new(),
            part_counts: PartCounts::default(),
            reached: Vec::new(),
            taken: Vec::new(),
            fill: Vec::new(),
            counter_con: None,
            gains: [0; 2],
            positive: [Vec::new(), Vec::new()],
            seed: None,
            built: None,
        }
    }

    /// Whether the puzzle clues `clues` (visible ones), with the counter when
    /// `counter`, force hidden `cell` to its solution colour (`None`: the hidden
    /// cells no visible clue touches, which only the counter can force, all to the
    /// colour they share in the solution), searching at most `max_nodes` decisions.
    pub(crate) fn check(
        &mut self,
        clues: &[usize],
        counter: bool,
        cell: Option<usize>,
        max_nodes: usize,
    ) -> Check {
        if cell.is_none() && !counter {
            return Check::Free;
        }
        if cell.is_none() && self.n_untouched == 0 {
            // No such cell: nothing can differ.
            return Check::Forced {
                used: Vec::new(),
                counter: true,
            };
        }
        if cell.is_none() && self.n_untouched_blue != 0 && self.n_untouched_blue != self.n_untouched {
            // The untouched cells do not share a colour: not a question for here.
            return Check::Unknown;
        }
        if !self.reuse(clues, counter, cell) {
            self.clear();
            self.build(clues, counter, cell);
        }
        let answer = self.search(max_nodes);
        let answer = match answer {
            Some(true) => {
                let mut used: Vec<usize> = Vec::new();
                let mut counter = false;
                for (j, c) in self.cons.iter().enumerate() {
                    if has(&self.core, j) {
                        match c.at {
                            Some(k) => used.push(k),
                            None => counter = true,
                        }
                    }
                }
                used.sort_unstable();
                Check::Forced { used, counter }
            }
            Some(false) => Check::Free,
            None if cell.is_some() && self.repair() => Check::Free,
            None => Check::Unknown,
        };
        answer
    }

    /// The colouring behind the last [`Check::Free`] answer: the cell and colour of
    /// each variable (every hidden cell the question's clues reach).
    pub(crate) fn model(&self) -> impl Iterator<Item = (usize, bool)> + '_ {
        self.vars
            .iter()
            .zip(&self.value)
            .filter(|(_, v)| **v >= 0)
            .map(|(&m, &v)| (m, v == 1))
    }
}

#[cfg(test)]
mod tests;
