//! A small exact checker for "do these few clues force this cell?", asked many times
//! while an explanation is built and minimised.
//!
//! May import: the engine's ground and the colouring search (`reason/search.rs`, for
//! the short local search of `repair.rs`). Its files (`propagate.rs`, `search.rs`,
//! `conflict.rs`, `repair.rs`, `parts.rs`) each add one concern's methods to the
//! [`Checker`] defined here, and read its fields and bit helpers from this file.
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
//! also be decided part by part (`parts.rs`).

use crate::solve::puzzle::{Puzzle, Shape, Values};
use parts::PartCounts;
use search::Frame;

mod conflict;
mod parts;
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
pub(crate) struct Checker<'p> {
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
    /// What the searches of `parts.rs` found for the parts of earlier questions:
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
    /// be reused (see [`Checker::reuse`]).
    built: Option<Built>,
}

/// What a question's variables and constraints were built for: a later question
/// with the same clues and counter, about a cell among the variables (or about the
/// untouched cells again), needs only a fresh search state.
struct Built {
    clues: Vec<usize>,
    counter: bool,
    seeded: bool,
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

impl<'p> Checker<'p> {
    /// A checker for the round that starts with `known` uncovered and shows the
    /// clues `visible`.
    pub(crate) fn new(puzzle: &'p Puzzle, known: &Values, visible: &[usize]) -> Checker<'p> {
        let in_clue = puzzle.held_by(visible);
        let untouched: Vec<usize> = (0..puzzle.cells.len())
            .filter(|&i| known[i].is_none() && !in_clue[i])
            .collect();
        let n_untouched_blue = untouched.iter().filter(|&&i| puzzle.blue[i]).count() as i32;
        Checker {
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

    /// Whether the variables and constraints built last serve the question about
    /// `cell` with `clues` (and the counter) too: the same question but for the cell,
    /// which is among their variables. Then only the search state is reset.
    fn reuse(&mut self, clues: &[usize], counter: bool, cell: Option<usize>) -> bool {
        let same = self.built.as_ref().is_some_and(|b| {
            b.counter == counter && b.seeded == cell.is_some() && b.clues.as_slice() == clues
        });
        if !same {
            return false;
        }
        self.seed = match cell {
            Some(cell) if self.local[cell] == NONE => return false,
            Some(cell) => Some(self.local[cell]),
            None => None,
        };
        self.reset_search();
        true
    }

    /// Sets up the variables (in breadth-first order from `cell`), the constraints
    /// and the search state for one question.
    fn build(&mut self, clues: &[usize], counter: bool, cell: Option<usize>) {
        for (k, &c) in clues.iter().enumerate() {
            self.clue_pos[c] = k as u32;
        }
        self.seed = cell.map(|_| 0);
        let reached = self.scope(clues, counter, cell);
        self.add_constraints(&reached, counter);
        self.reached = reached;
        self.index_occurrences();
        self.reset_search();
        // The clue list's buffer is kept from question to question.
        let mut built_clues = self.built.take().map(|b| b.clues).unwrap_or_default();
        built_clues.clear();
        built_clues.extend_from_slice(clues);
        self.built = Some(Built {
            clues: built_clues,
            counter,
            seeded: cell.is_some(),
        });
    }

    /// Numbers the hidden cells of the clues reached from `cell` through shared
    /// hidden cells (of every clue, with the counter) as variables, breadth first,
    /// and gives the clues reached, in that order.
    fn scope(&mut self, clues: &[usize], counter: bool, cell: Option<usize>) -> Vec<usize> {
        let puzzle = self.puzzle;
        // Plain slices and vectors: read through `self`, they were loaded again after
        // each push.
        let (known, clue_pos) = (&self.known[..], &self.clue_pos[..]);
        let (local, vars) = (&mut self.local[..], &mut self.vars);
        vars.clear();
        if let Some(cell) = cell {
            local[cell] = 0;
            vars.push(cell);
        }
        let mut reached = std::mem::take(&mut self.reached);
        reached.clear();
        let mut next = 0;
        let mut add_clue = |c: usize, reached: &mut Vec<usize>, vars: &mut Vec<usize>| {
            reached.push(c);
            for &m in &puzzle.clues[c].members {
                if known[m].is_none() && local[m] == NONE {
                    local[m] = vars.len() as u32;
                    vars.push(m);
                }
            }
        };
        let mut taken = std::mem::take(&mut self.taken);
        taken.clear();
        taken.resize(clues.len(), false);
        // No clue before `untaken` is left out (`taken` only ever becomes true).
        let mut untaken = 0;
        loop {
            while next < vars.len() {
                let m = vars[next];
                next += 1;
                for &c in puzzle.clues_of_cell(m) {
                    let k = clue_pos[c];
                    if k != NONE && !taken[k as usize] {
                        taken[k as usize] = true;
                        add_clue(c, &mut reached, vars);
                    }
                }
            }
            // With the counter, the clues out of the cell's reach count too.
            if !counter {
                break;
            }
            while untaken < clues.len() && taken[untaken] {
                untaken += 1;
            }
            match (untaken < clues.len()).then_some(untaken) {
                Some(k) => {
                    taken[k] = true;
                    add_clue(clues[k], &mut reached, vars);
                }
                None => break,
            }
        }
        self.taken = taken;
        reached
    }

    /// One constraint per reached clue (over its hidden members), and the counter's
    /// over every variable when asked.
    fn add_constraints(&mut self, reached: &[usize], counter: bool) {
        let puzzle = self.puzzle;
        // Plain slices and vectors (see `scope`).
        let (known, local, clue_pos) = (&self.known[..], &self.local[..], &self.clue_pos[..]);
        let (cons, members) = (&mut self.cons, &mut self.members);
        cons.clear();
        members.clear();
        for &c in reached {
            let clue = &puzzle.clues[c];
            let start = members.len() as u32;
            // The blue members it still needs, counted on the way.
            let mut need = clue.count as i32;
            for &m in &clue.members {
                match known[m] {
                    None => members.push(local[m]),
                    Some(blue) => need -= i32::from(blue),
                }
            }
            let end = members.len() as u32;
            let shaped = match clue.shape {
                Shape::Count => None,
                _ => Some(c),
            };
            cons.push(Con {
                at: Some(clue_pos[c] as usize),
                shaped,
                lo: need,
                hi: need,
                blue: 0,
                open: (end - start) as i32,
                start,
                end,
            });
        }
        let n = self.vars.len() as u32;
        self.counter_con = counter.then_some(self.cons.len());
        if counter {
            let start = self.members.len() as u32;
            self.members.extend(0..n);
            let outside = self.n_hidden - n as i32;
            let (mut lo, mut hi) = (self.remaining - outside, self.remaining);
            if self.seed.is_none() {
                // Some untouched cell differs: one blue more or one black more there.
                if self.n_untouched_blue == 0 {
                    hi -= 1;
                } else {
                    lo += 1;
                }
            }
            self.cons.push(Con {
                at: None,
                shaped: None,
                lo,
                hi,
                blue: 0,
                open: n as i32,
                start,
                end: start + n,
            });
        }
    }

    /// The constraints of each variable, as one flat list.
    fn index_occurrences(&mut self) {
        let n = self.vars.len();
        self.occ_start.clear();
        self.occ_start.resize(n + 1, 0);
        for &m in &self.members {
            self.occ_start[m as usize + 1] += 1;
        }
        for v in 0..n {
            self.occ_start[v + 1] += self.occ_start[v];
        }
        self.occ.clear();
        self.occ.resize(self.members.len(), 0);
        let mut fill = std::mem::take(&mut self.fill);
        fill.clone_from(&self.occ_start);
        for (j, con) in self.cons.iter().enumerate() {
            for &m in &self.members[con.start as usize..con.end as usize] {
                self.occ[fill[m as usize] as usize] = j as u32;
                fill[m as usize] += 1;
            }
        }
        self.fill = fill;
    }

    /// Every variable open, with the solution's colour to try first.
    fn reset_search(&mut self) {
        for c in &mut self.cons {
            c.blue = 0;
            c.open = (c.end - c.start) as i32;
        }
        let n = self.vars.len();
        self.value.clear();
        self.value.resize(n, -1);
        self.trail.clear();
        self.queue.clear();
        self.packed.clear();
        self.packed.resize(n, 0);
        self.seen.clear();
        self.seen.resize(n, 0);
        self.reason.clear();
        self.reason.resize(n, DECISION);
        self.tpos.clear();
        self.tpos.resize(n, u32::MAX);
        self.expanded.clear();
        self.expanded.resize(self.cons.len(), (0, 0));
        self.by_reason.clear();
        self.by_reason.resize(self.cons.len(), 0);
        self.phase.clear();
        let puzzle = self.puzzle;
        self.phase.extend(self.vars.iter().map(|&m| puzzle.blue[m]));
        self.stamp = 0;
        if let Some(k) = self.counter_con {
            // The counting bound's sums and bit sets, in one pass per colour.
            for blue in [false, true] {
                let mut positive = std::mem::take(&mut self.positive[usize::from(blue)]);
                positive.clear();
                positive.resize(self.cons.len().div_ceil(64), 0);
                let mut sum = 0;
                for (j, c) in self.cons[..k].iter().enumerate() {
                    let gain = propagate::gain(c, blue);
                    if gain > 0 {
                        sum += gain;
                        set(&mut positive, j);
                    }
                }
                self.gains[usize::from(blue)] = sum;
                self.positive[usize::from(blue)] = positive;
            }
        }
    }

    /// Resets the per-cell and per-clue marks of the last question built.
    fn clear(&mut self) {
        for &m in &self.vars {
            self.local[m] = NONE;
        }
        if let Some(built) = &self.built {
            for &c in &built.clues {
                self.clue_pos[c] = NONE;
            }
        }
    }
}

#[cfg(test)]
mod tests;
