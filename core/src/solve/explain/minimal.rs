//! Minimal explanations: which visible clues force a cell.
//!
//! Clue sets grow in layers around the cell until one forces it (the counter joins
//! last, with every clue); each question goes to `question.rs`, which names the
//! clues a refutation used. A deletion pass then drops every clue that is not
//! needed, the remaining counter first and the clues farthest from the cell before
//! nearer ones, so that what is left is minimal and as local as possible; a "does
//! not force" answer's colouring, rotated (`rotate.rs`), shows more clues needed
//! without asking.

use super::question::{ForceAnswer, Questions};
use super::rotate::{Explained, Rotator};
use crate::solve::budget::{Clock, Stop};
use crate::solve::puzzle::{Cand, Puzzle, Values};
use crate::solve::reason::sat::round::RoundSolver;
use crate::solve::reason::sat::SatBackend;
use crate::solve::report::{ClueRef, Explanation, Reasoning};

/// Conflicts per SAT call while explaining (the last to answer a question).
const EXPLAIN_CONFLICTS: u64 = 2_000;

/// Layers of clues tried around a cell before every clue and the counter are taken
/// (an explanation reaching farther is not one a player follows anyway).
const MAX_LAYERS: usize = 4;

/// Explains the forced cells of one round: clue sets around each cell, asked to the
/// round's [`Questions`], then minimised.
pub(crate) struct Explainer<'p> {
    q: Questions<'p>,
    /// Set once refuting a cell with every clue and the counter ran out of limits:
    /// later explanations of the round then skip that question.
    hard: bool,
    /// The clues of the last minimal explanation of the round that needed the
    /// counter.
    last_with_counter: Option<Vec<usize>>,
    /// When set, an explanation shown to need more clues than this (the counter
    /// counts as one) is not minimised further and is not marked minimal: for a
    /// caller that only needs to know it is that wide.
    pub(crate) wide_enough: Option<usize>,
}

impl<'p> Explainer<'p> {
    /// An explainer for the round that starts with `known` uncovered, whose visible
    /// clues are `visible`; `solver`, when given, must encode exactly those clues in
    /// that order.
    pub(crate) fn new(
        puzzle: &'p Puzzle,
        known: &Values,
        backend: SatBackend,
        visible: Vec<usize>,
        solver: Option<RoundSolver<'p>>,
    ) -> Explainer<'p> {
        Explainer {
            q: Questions::new(puzzle, known, backend, visible, solver),
            hard: false,
            last_with_counter: None,
            wide_enough: None,
        }
    }

    /// What the last explanation's questions showed of the LP relaxation of the
    /// puzzle clues `clues` (and the counter when `counter`): refuted, not refuted,
    /// or `None` when none says (see `Questions::lp_knows`).
    pub(crate) fn lp_knows(&self, clues: &[usize], counter: bool) -> Option<bool> {
        let set: Option<Vec<usize>> = clues
            .iter()
            .map(|c| self.q.visible.iter().position(|v| v == c))
            .collect();
        self.q.lp_knows(&set?, counter)
    }

    /// Whether hidden cell `i` is in one of the round's visible clues.
    pub(crate) fn touches(&self, i: usize) -> bool {
        self.q.touched[i]
    }

    /// A minimal set of the round's visible clues (and maybe the counter) that forces
    /// `cand`, which must be forced and named by no rule of `rules/`.
    ///
    /// The rules name every cell that one clue or two clues force (they are tried
    /// first), so clue sets start wider: they grow in layers around the cell (its own
    /// clues, then the clues that share a hidden cell with those, ...) until one
    /// forces it; the counter joins last, with every clue (the LP's certificate
    /// first, which names few of them). A deletion pass then drops the counter if
    /// it can, and the farthest clues first.
    pub(crate) fn explain(&mut self, cand: Cand, clock: &Clock) -> Result<Explanation, Stop> {
        self.q.start_explanation();
        let limited = clock.with_conflicts(EXPLAIN_CONFLICTS);
        let mut n_unknown = 0;
        let (set, counter) = match self.first_set(cand, &limited, &mut n_unknown)? {
            Ok(first) => first,
            Err(done) => return Ok(done),
        };
        let (set, counter, minimal) = self.minimise(set, counter, cand, &limited, n_unknown)?;
        if counter && minimal && cand != Cand::Untouched {
            self.last_with_counter = Some(set.clone());
        }
        Ok(self.to_explanation(&set, counter, minimal))
    }

    /// Clue positions (and whether the counter is needed) that force `cand`, to be
    /// minimised; or the explanation itself when the question is too hard (every
    /// clue and the counter). Undecided questions are counted in `n_unknown`.
    fn first_set(
        &mut self,
        cand: Cand,
        clock: &Clock,
        n_unknown: &mut usize,
    ) -> Result<Result<(Vec<usize>, bool), Explanation>, Stop> {
        if let Cand::Cell(cell) = cand {
            let layers = self.layers(cell, MAX_LAYERS);
            let mut set = Vec::new();
            for layer in layers {
                set.extend(layer);
                match self.q.forces(&set, false, cand, false, clock)? {
                    ForceAnswer::Forced(core, _) => return Ok(Ok((core, false))),
                    ForceAnswer::Free => {}
                    ForceAnswer::Unknown => *n_unknown += 1,
                }
            }
            // Cells of one round that need the counter often share most of their
            // explanation: the last one found is a small place to start from.
            if let Some(last) = self.last_with_counter.clone() {
                // Minimal for another cell already: a certificate would shrink it
                // little, and the deletion pass does that as well.
                self.q.lp_core_taken = true;
                let outcome = self.q.forces(&last, true, cand, false, clock)?;
                self.q.lp_core_taken = false;
                if let ForceAnswer::Forced(core, used) = outcome {
                    return Ok(Ok((core, used)));
                }
            }
        }
        let all: Vec<usize> = (0..self.q.visible.len()).collect();
        if let (Cand::Cell(cell), false) = (cand, self.hard) {
            // Every clue with the counter is mostly a counting argument, which the
            // LP's certificate makes of few clues: a small place for the deletion
            // pass to start from. When the LP cannot, none of the explanation's
            // questions is asked to it again (each is a relaxation of this one).
            let clues = self.q.visible.clone();
            if let Some(first) = self.q.lp_forces(&all, &clues, true, Some(cell)) {
                return Ok(Ok(first));
            }
        }
        let outcome = if self.hard {
            ForceAnswer::Unknown
        } else {
            self.q.forces(&all, true, cand, true, clock)?
        };
        match outcome {
            // The untouched cells' colours are tied to the counter itself: it always
            // counts.
            ForceAnswer::Forced(core, used) => Ok(Ok((core, used || cand == Cand::Untouched))),
            // Too hard to refute within the limits (then the rest of the round is
            // too): every clue and the counter.
            ForceAnswer::Free | ForceAnswer::Unknown => {
                self.hard = true;
                Ok(Err(self.to_explanation(&all, true, false)))
            }
        }
    }

    /// The deletion pass over `set` (and the counter): the counter first, then the
    /// clues farthest from the cell. The clues and counter left, and whether each
    /// was shown needed: none of the `n_unknown` questions before was undecided.
    /// The pass stops at its first undecided question (the explanation can then
    /// not be shown minimal anyway, and such questions are the slowest), and once
    /// more clues than `wide_enough` are shown needed.
    fn minimise(
        &mut self,
        mut set: Vec<usize>,
        mut counter: bool,
        q: Cand,
        clock: &Clock,
        n_unknown: usize,
    ) -> Result<(Vec<usize>, bool, bool), Stop> {
        let mut undecided = false;
        // The untouched cells' colours are tied to the counter itself: it always counts.
        let counter_always = q == Cand::Untouched;
        let mut needed = vec![false; self.q.puzzle.clues.len()];
        if counter && !counter_always {
            match self.q.forces(&set, false, q, false, clock)? {
                ForceAnswer::Forced(core, _) => {
                    set = core;
                    counter = false;
                }
                ForceAnswer::Free => self.rotate_counter(&set, q, &mut needed),
                ForceAnswer::Unknown => undecided = true,
            }
        }
        // Clues at positions `i..` are needed. The clues just before are tried in
        // chunks that double while they can go, and shrink to one when one cannot.
        let mut i = set.len();
        let mut width = 1;
        while i > 0 && !undecided {
            clock.check()?;
            // Clues shown needed: those from `i` on, and those a rotation marked
            // before it (a clue needed in a set is needed in every part of it that
            // still forces the cell).
            let shown = || {
                let marked = set[..i].iter().filter(|&&k| needed[self.q.visible[k]]).count();
                set.len() - i + marked + usize::from(counter)
            };
            if self.wide_enough.is_some_and(|w| shown() > w) {
                // Wide enough for the caller: the clues before `i` stay unchecked.
                break;
            }
            let w = width.min(i);
            let trial: Vec<usize> = set[..i - w].iter().chain(&set[i..]).copied().collect();
            let drops_needed = set[i - w..i].iter().any(|&k| needed[self.q.visible[k]]);
            if (trial.is_empty() && !counter) || drops_needed {
                if w == 1 {
                    i -= 1;
                } else {
                    width = 1;
                }
                continue;
            }
            // Only a one-clue question left undecided leaves the explanation not
            // shown minimal: a wider one is split instead.
            match self.q.forces(&trial, counter, q, w == 1, clock)? {
                ForceAnswer::Forced(core, used) => {
                    // A core keeps the order of `trial` and every clue shown needed,
                    // so the clues still to check stay in front.
                    i = core.iter().filter(|k| set[..i - w].contains(k)).count();
                    set = core;
                    counter = used || counter_always;
                    width = w * 2;
                }
                ForceAnswer::Free if w > 1 => width = 1,
                ForceAnswer::Free => {
                    self.rotate(&set, counter, q, set[i - 1], &mut needed);
                    i -= 1;
                }
                ForceAnswer::Unknown if w > 1 => width = 1,
                ForceAnswer::Unknown => undecided = true,
            }
        }
        Ok((set, counter, n_unknown == 0 && !undecided && i == 0))
    }

    /// Marks in `needed` the clues of `set` (with the counter if `counter`) that
    /// rotating the colouring of the last "does not force" answer, which showed the
    /// clue at position `dropped` needed, shows needed too.
    fn rotate(&self, set: &[usize], counter: bool, q: Cand, dropped: usize, needed: &mut [bool]) {
        let Some(source) = self.q.last_free else {
            return;
        };
        let explained = match q {
            Cand::Cell(cell) => Explained::Cell(cell),
            // Only when the untouched cells share a colour.
            Cand::Untouched if self.q.untouched.1 == 0 => Explained::Untouched { blue: false },
            Cand::Untouched if self.q.untouched.1 == self.q.untouched.0 => {
                Explained::Untouched { blue: true }
            }
            Cand::Untouched => return,
        };
        let puzzle = self.q.puzzle;
        let mut colouring = self.q.colouring(source);
        let in_set = self.clue_mask(set);
        let rotator = Rotator {
            puzzle,
            in_set: &in_set,
            explained,
            counter,
            remaining: self.q.remaining as i32,
        };
        rotator.rotate(&mut colouring, self.q.visible[dropped], needed);
    }

    /// Marks in `needed` the clues of `set` (which needs the counter) that rotating
    /// the colouring of the last "does not force" answer, to `set` without the
    /// counter, shows needed.
    fn rotate_counter(&self, set: &[usize], q: Cand, needed: &mut [bool]) {
        let (Cand::Cell(cell), Some(source)) = (q, self.q.last_free) else {
            return;
        };
        let puzzle = self.q.puzzle;
        let in_set = self.clue_mask(set);
        let mut colouring = self.q.colouring(source);
        colouring.fill_from_solution(puzzle, &in_set);
        let rotator = Rotator {
            puzzle,
            in_set: &in_set,
            explained: Explained::Cell(cell),
            counter: true,
            remaining: self.q.remaining as i32,
        };
        rotator.rotate_counter(&mut colouring, needed);
    }

    /// Per puzzle clue: whether it is at one of the positions `set`.
    fn clue_mask(&self, set: &[usize]) -> Vec<bool> {
        let mut in_set = vec![false; self.q.puzzle.clues.len()];
        for &k in set {
            in_set[self.q.visible[k]] = true;
        }
        in_set
    }

    /// Selector positions in up to `max` layers around `cell`.
    fn layers(&self, cell: usize, max: usize) -> Vec<Vec<usize>> {
        let puzzle = self.q.puzzle;
        let mut index_of = vec![None; puzzle.clues.len()];
        for (k, c) in self.q.visible.iter().enumerate() {
            index_of[*c] = Some(k);
        }
        let mut seen_clue = vec![false; puzzle.clues.len()];
        let mut seen_cell = vec![false; puzzle.cells.len()];
        seen_cell[cell] = true;
        let mut frontier = vec![cell];
        let mut out = Vec::new();
        while !frontier.is_empty() && out.len() < max {
            let mut layer = Vec::new();
            let mut next = Vec::new();
            for &m in &frontier {
                for &c in puzzle.clues_of_cell(m) {
                    let Some(k) = index_of[c] else { continue };
                    if seen_clue[c] {
                        continue;
                    }
                    seen_clue[c] = true;
                    layer.push(k);
                    for &other in &puzzle.clues[c].members {
                        if self.q.known[other].is_none() && !seen_cell[other] {
                            seen_cell[other] = true;
                            next.push(other);
                        }
                    }
                }
            }
            if !layer.is_empty() {
                out.push(layer);
            }
            frontier = next;
        }
        out
    }

    /// The explanation made of the clues at positions `set` (and the counter).
    fn to_explanation(&self, set: &[usize], counter: bool, minimal: bool) -> Explanation {
        let mut clues: Vec<ClueRef> = set
            .iter()
            .map(|&k| ClueRef::Clue(self.q.puzzle.clues[self.q.visible[k]].at))
            .collect();
        if counter {
            clues.push(ClueRef::RemainingCounter);
        }
        clues.sort();
        Explanation {
            reasoning: Reasoning::of(&clues),
            clues,
            minimal,
            ..Explanation::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::budget::Budget;
    use crate::solve::fixture_rounds::{fixture_rounds, GENERATED_FIXTURES, SOLVE_FIXTURES};

    /// With `wide_enough`, an explanation is as wide as the full one by that
    /// measure: the same when the full one is within it, wider than it too when
    /// the full one is (what the grade's replay reads).
    #[test]
    fn an_explanation_stopped_once_wide_enough_is_as_wide_as_the_full_one() {
        let clock = Clock::start(&Budget::default());
        let width = |x: &Explanation| x.clues.len();
        let (mut n_same, mut n_stopped) = (0, 0);
        for round in fixture_rounds(&[&SOLVE_FIXTURES[..], &GENERATED_FIXTURES[..]].concat()) {
            let puzzle = &round.puzzle;
            let cells = round
                .report
                .deductions
                .iter()
                .filter(|d| d.round == round.r)
                .filter_map(|d| puzzle.cell_at(d.pos));
            for i in cells {
                let explainer = || {
                    Explainer::new(
                        puzzle,
                        &round.known,
                        SatBackend::default(),
                        round.visible.clone(),
                        None,
                    )
                };
                if !explainer().touches(i) {
                    continue;
                }
                let full = explainer().explain(Cand::Cell(i), &clock).expect("no limit");
                for wide in [1, 2, 3] {
                    let mut stopping = explainer();
                    stopping.wide_enough = Some(wide);
                    let stopped = stopping.explain(Cand::Cell(i), &clock).expect("no limit");
                    if width(&full) <= wide {
                        assert_eq!(stopped, full, "{}: cell {i}, within {wide}", round.title);
                        n_same += 1;
                    } else {
                        assert!(width(&stopped) > wide, "{}: cell {i}, past {wide}", round.title);
                        n_stopped += usize::from(!stopped.minimal);
                    }
                }
            }
        }
        assert!(n_same > 20, "only {n_same} explanations within the width");
        assert!(n_stopped > 5, "only {n_stopped} explanations stopped early");
    }
}
