//! The checker's state, which every file of the checker reads and writes: the
//! [`ExactChecker`] with its scratch space for one query, its answer ([`Check`]), the
//! constraints of a query ([`Con`]), the marks its fields hold and the records they
//! keep (what a query was built for, the search's decisions).

use super::part_counts::PartCounts;
use crate::solve::puzzle::{Puzzle, Values};

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

/// No local index.
pub(super) const NONE: u32 = u32::MAX;

/// A constraint of one query: between `lo` and `hi` of its members are blue.
#[derive(Clone, Debug)]
pub(super) struct Con {
    /// Position of the clue in the query's list (`None` for the counter).
    pub(super) at: Option<usize>,
    /// The puzzle clue, when its togetherness must be checked once it is full.
    pub(super) shaped: Option<usize>,
    pub(super) lo: i32,
    pub(super) hi: i32,
    pub(super) blue: i32,
    pub(super) open: i32,
    /// Members as local indices: `members[start..end]`.
    pub(super) start: u32,
    pub(super) end: u32,
}

/// One round's clues, ready for many small queries.
pub(crate) struct ExactChecker<'p> {
    pub(super) puzzle: &'p Puzzle,
    pub(super) known: Values,
    /// Blue cells among the hidden ones.
    pub(super) remaining: i32,
    pub(super) n_hidden: i32,
    /// Hidden cells in no visible clue, and how many of them are blue.
    pub(super) n_untouched: i32,
    pub(super) n_untouched_blue: i32,
    // Scratch space for one query, reused.
    pub(super) local: Vec<u32>,
    pub(super) clue_pos: Vec<u32>,
    pub(super) vars: Vec<usize>,
    pub(super) value: Vec<i8>,
    pub(super) cons: Vec<Con>,
    pub(super) members: Vec<u32>,
    pub(super) occ_start: Vec<u32>,
    pub(super) occ: Vec<u32>,
    pub(super) trail: Vec<u32>,
    pub(super) queue: Vec<u32>,
    /// Marks of the counting bound: cells already in a chosen constraint.
    pub(super) packed: Vec<u32>,
    pub(super) stamp: u32,
    pub(super) chosen: Vec<u32>,
    /// Per variable: why it has its colour, and where on the trail (`u32::MAX`
    /// while it has none).
    pub(super) reason: Vec<u32>,
    pub(super) tpos: Vec<u32>,
    /// Per constraint: how many variables on the trail it coloured (what a
    /// conflict through the counter, which rests on every coloured cell, rests on,
    /// with the search's decisions).
    pub(super) by_reason: Vec<u32>,
    pub(super) seen: Vec<u32>,
    /// Per variable: the colour it had last, tried first when it is decided again
    /// (the solution's at the start).
    pub(super) phase: Vec<bool>,
    /// Per constraint: the analysis (stamp) that last took its members as a reason,
    /// and up to which trail position.
    pub(super) expanded: Vec<(u32, u32)>,
    /// Work list of the conflict analysis.
    pub(super) stack: Vec<u32>,
    /// The constraints of the last conflict.
    pub(super) conflict: Vec<u32>,
    /// The constraints of the last refutation, as a bit set.
    pub(super) core: Vec<u64>,
    /// The decision stack of the search, and bit sets to reuse (kept between
    /// queries to save allocations).
    pub(super) frames: Vec<Frame>,
    pub(super) spare: Vec<Vec<u64>>,
    /// What the searches of `by_parts.rs` found for the parts of earlier questions:
    /// consecutive questions of a deletion pass share most of their parts.
    pub(super) part_counts: PartCounts,
    /// Scratch of `scope` (the clues reached, and which of the question's clues
    /// are) and of `index_occurrences` (where each variable's next occurrence goes).
    pub(super) reached: Vec<usize>,
    pub(super) taken: Vec<bool>,
    pub(super) fill: Vec<u32>,
    /// Assignments a line rule found, before they are made.
    pub(super) scratch: Vec<(u32, bool)>,
    /// Position of the counter constraint in `cons`, if asked.
    pub(super) counter_con: Option<usize>,
    /// With the counter: the sums of the positive gains (black, blue) of the
    /// other constraints, kept up to date as cells are coloured and uncoloured
    /// (the counting bound reads them after every propagation).
    pub(super) gains: [i32; 2],
    /// With the counter: the other constraints with a positive gain (for black,
    /// for blue), as bit sets kept up to date with `gains`.
    pub(super) positive: [Vec<u64>; 2],
    /// The variable of the cell the query is about (`None`: the untouched cells).
    pub(super) seed: Option<u32>,
    /// The question the variables and constraints were built for, while they can
    /// be reused (see [`ExactChecker::reuse`]).
    pub(super) built: Option<Built>,
}

/// The reason of a decision's variable.
pub(super) const DECISION: u32 = u32::MAX - 1;

/// The reason of the cell's wrong colour, given by the question.
pub(super) const PREMISE: u32 = u32::MAX;

/// What a question's variables and constraints were built for: a later question
/// with the same clues and counter, about a cell among the variables (or about the
/// untouched cells again), needs only a fresh search state.
pub(super) struct Built {
    pub(super) clues: Vec<usize>,
    pub(super) counter: bool,
    pub(super) seeded: bool,
}

/// A decision of the search: the variable, the value tried first, the trail length
/// before it, whether its second value is being tried, and what the first value's failure rested on
/// (constraints and decisions, as bit sets).
pub(super) struct Frame {
    pub(super) var: u32,
    pub(super) first: bool,
    pub(super) trail: u32,
    pub(super) second: bool,
    pub(super) cons: Vec<u64>,
    pub(super) decisions: Vec<u64>,
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
}
