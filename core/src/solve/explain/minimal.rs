//! Minimal explanations: which visible clues force a cell.
//!
//! Each question "do these clues (and maybe the counter) force the cell?" goes to
//! the small checker of `check/` first, which answers most of them in microseconds;
//! counting questions it cannot settle go to it again part by part (when the clues
//! fall into parts that share no hidden cell), then to the LP relaxation (sound for
//! "forced"), the rest to the round's SAT solver under selector literals. A forced
//! answer names the clues its refutation used; a deletion pass then drops every
//! clue that is not needed, the remaining counter first and the clues farthest from
//! the cell before nearer ones, so that what is left is minimal and as local as
//! possible.

use super::rotate::{Colouring, Explained, Rotator};
use super::witness::Witnesses;
use crate::solve::budget::{Clock, Stop};
use crate::solve::puzzle::{Cand, Puzzle, Values};
use crate::solve::reason::check::{Check, Checker};
use crate::solve::reason::lp;
use crate::solve::reason::sat::encode::Lit;
use crate::solve::reason::sat::round::RoundSolver;
use crate::solve::reason::sat::{Backend, SatResult};
use crate::solve::report::{ClueRef, Explanation, Reasoning};

/// Conflicts per SAT call while explaining (the last to answer a question).
const EXPLAIN_CONFLICTS: u64 = 2_000;

/// The same with the counter: the LP and the checker tried such a question first,
/// and what is left is rarely settled by more conflicts.
const EXPLAIN_CONFLICTS_COUNTER: u64 = 500;

/// Decisions the small checker may take on one question before the SAT solver is asked.
const CHECK_NODES: usize = 500;

/// The same with the counter (its questions span the round; the checker part by
/// part, then the LP, are asked next).
const CHECK_NODES_COUNTER: usize = 500;

/// The same right after a counter question the checker could not settle.
const CHECK_NODES_COUNTER_STALLED: usize = 100;

/// Decisions per search of one part when such a question is decided part by part.
const PARTS_NODES: usize = 1_000;

/// The same once the LP found no counting argument.
const CHECK_NODES_COUNTER_AGAIN: usize = 1_500;

/// Slow questions with the counter (those the checker leaves open, for the LP and
/// the SAT solver) allowed to the explanations of one round; past them, explanations
/// that need the counter keep their clues unminimised.
const MAX_COUNTER_CALLS: usize = 100;

/// Layers of clues tried around a cell before every clue and the counter are taken
/// (an explanation reaching farther is not one a player follows anyway).
const MAX_LAYERS: usize = 4;

/// Undecided questions with the counter asked again, with more room, per round.
const MAX_RETRIES: usize = 8;

/// Checker decisions for such a question asked again.
const RETRY_NODES: usize = 40_000;

/// Explains the forced cells of one round: the small checker answers most questions,
/// the round's SAT solver (built on first need) the others.
pub(crate) struct Explainer<'p> {
    puzzle: &'p Puzzle,
    known: Values,
    backend: Backend,
    /// The round's visible clues; clue sets are positions in this list (which are
    /// also the solver's selector positions).
    visible: Vec<usize>,
    checker: Checker<'p>,
    solver: Option<RoundSolver<'p>>,
    /// Set once refuting a cell with every clue and the counter ran out of limits:
    /// later explanations of the round then skip that question.
    hard: bool,
    /// Questions with the counter asked to the SAT solver.
    counter_calls: usize,
    /// Undecided questions with the counter asked again with more room.
    retries: usize,
    /// Whether the current explanation already took an LP certificate (the first
    /// one shrinks the clue set most; later ones are not worth their time).
    lp_core_taken: bool,
    /// The clues (positions) and counter of the explanation's LP certificate. With
    /// the fewest multipliers it is (almost always) an irreducible infeasible set of
    /// rows: the relaxation of a part of it is feasible, so the LP is not asked
    /// about a part (the checker and the SAT solver still are).
    lp_irreducible: Option<(Vec<usize>, bool)>,
    /// The clues (positions) and counter of the explanation's widest question the LP
    /// could not refute. Fewer rows only relax it further: the LP is not asked about
    /// a part of it.
    lp_feasible: Option<(Vec<usize>, bool)>,
    /// Whether the checker stopped at its limit on the explanation's last question
    /// with the counter (the next one is then likely to need the LP too).
    checker_stalled: bool,
    /// Hidden cells in no visible clue, and how many of them are blue.
    untouched: (usize, usize),
    /// Blue cells among the hidden ones (what the counter shows).
    remaining: usize,

    /// The clues of the last minimal explanation of the round that needed the
    /// counter.
    last_with_counter: Option<Vec<usize>>,
    /// Colourings the SAT solver found for questions that did not force their cell:
    /// a later question they also answer needs no solver.
    witnesses: Witnesses,
    /// Where the colouring behind the last "does not force" answer is, if any.
    last_free: Option<FreeColouring>,
    /// Per cell: whether it is hidden and in a visible clue.
    touched: Vec<bool>,
    /// When set, an explanation shown to need more clues than this (the counter
    /// counts as one) is not minimised further and is not marked minimal: for a
    /// caller that only needs to know it is that wide.
    pub(crate) wide_enough: Option<usize>,
}

/// Where a colouring that answered "does not force" is kept.
#[derive(Clone, Copy)]
enum FreeColouring {
    /// In the checker, until its next question.
    Checker,
    /// Among the witnesses, at this index.
    Witness(usize),
}

impl<'p> Explainer<'p> {
    /// An explainer for the round that starts with `known` uncovered, whose visible
    /// clues are `visible`; `solver`, when given, must encode exactly those clues in
    /// that order.
    pub(crate) fn new(
        puzzle: &'p Puzzle,
        known: &Values,
        backend: Backend,
        visible: Vec<usize>,
        solver: Option<RoundSolver<'p>>,
    ) -> Explainer<'p> {
        let in_clue = puzzle.held_by(&visible);
        let untouched: Vec<usize> = (0..puzzle.cells.len())
            .filter(|&i| known[i].is_none() && !in_clue[i])
            .collect();
        let u_blue = untouched.iter().filter(|&&i| puzzle.blue[i]).count();
        let touched = (0..puzzle.cells.len())
            .map(|i| known[i].is_none() && in_clue[i])
            .collect();
        Explainer {
            last_free: None,
            touched,
            untouched: (untouched.len(), u_blue),
            remaining: puzzle.remaining(known),
            puzzle,
            known: known.clone(),
            backend,
            checker: Checker::new(puzzle, known, &visible),
            visible,
            solver,
            hard: false,
            counter_calls: 0,
            retries: 0,
            lp_core_taken: false,
            lp_irreducible: None,
            lp_feasible: None,
            checker_stalled: false,
            last_with_counter: None,
            witnesses: Witnesses::default(),
            wide_enough: None,
        }
    }

    /// Whether hidden cell `i` is in one of the round's visible clues.
    pub(crate) fn touches(&self, i: usize) -> bool {
        self.touched[i]
    }

    /// The round's SAT solver, built on first use.
    fn solver(&mut self) -> &mut RoundSolver<'p> {
        let (puzzle, known, backend, visible) = (self.puzzle, &self.known, self.backend, &self.visible);
        self.solver
            .get_or_insert_with(|| RoundSolver::new(puzzle, known, backend, visible.clone(), visible))
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
        self.lp_core_taken = false;
        self.lp_irreducible = None;
        self.lp_feasible = None;
        self.checker_stalled = false;
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
                match self.forces(&set, false, cand, false, clock)? {
                    Outcome::Forced(core, _) => return Ok(Ok((core, false))),
                    Outcome::Free => {}
                    Outcome::Unknown => *n_unknown += 1,
                }
            }
            // Cells of one round that need the counter often share most of their
            // explanation: the last one found is a small place to start from.
            if let Some(last) = self.last_with_counter.clone() {
                // Minimal for another cell already: a certificate would shrink it
                // little, and the deletion pass does that as well.
                self.lp_core_taken = true;
                let outcome = self.forces(&last, true, cand, false, clock)?;
                self.lp_core_taken = false;
                if let Outcome::Forced(core, used) = outcome {
                    return Ok(Ok((core, used)));
                }
            }
        }
        let all: Vec<usize> = (0..self.visible.len()).collect();
        if let (Cand::Cell(cell), false) = (cand, self.hard) {
            // Every clue with the counter is mostly a counting argument, which the
            // LP's certificate makes of few clues: a small place for the deletion
            // pass to start from. When the LP cannot, none of the explanation's
            // questions is asked to it again (each is a relaxation of this one).
            let clues = self.visible.clone();
            if let Some(first) = self.lp_forces(&all, &clues, true, Some(cell)) {
                return Ok(Ok(first));
            }
        }
        let outcome = if self.hard {
            Outcome::Unknown
        } else {
            self.forces(&all, true, cand, true, clock)?
        };
        match outcome {
            // The untouched cells' colours are tied to the counter itself: it always
            // counts.
            Outcome::Forced(core, used) => Ok(Ok((core, used || cand == Cand::Untouched))),
            // Too hard to refute within the limits (then the rest of the round is
            // too): every clue and the counter.
            Outcome::Free | Outcome::Unknown => {
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
        let mut needed = vec![false; self.puzzle.clues.len()];
        if counter && !counter_always {
            match self.forces(&set, false, q, false, clock)? {
                Outcome::Forced(core, _) => {
                    set = core;
                    counter = false;
                }
                Outcome::Free => self.rotate_counter(&set, q, &mut needed),
                Outcome::Unknown => undecided = true,
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
                let marked = set[..i].iter().filter(|&&k| needed[self.visible[k]]).count();
                set.len() - i + marked + usize::from(counter)
            };
            if self.wide_enough.is_some_and(|w| shown() > w) {
                // Wide enough for the caller: the clues before `i` stay unchecked.
                break;
            }
            let w = width.min(i);
            let trial: Vec<usize> = set[..i - w].iter().chain(&set[i..]).copied().collect();
            let drops_needed = set[i - w..i].iter().any(|&k| needed[self.visible[k]]);
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
            match self.forces(&trial, counter, q, w == 1, clock)? {
                Outcome::Forced(core, used) => {
                    // A core keeps the order of `trial` and every clue shown needed,
                    // so the clues still to check stay in front.
                    i = core.iter().filter(|k| set[..i - w].contains(k)).count();
                    set = core;
                    counter = used || counter_always;
                    width = w * 2;
                }
                Outcome::Free if w > 1 => width = 1,
                Outcome::Free => {
                    self.rotate(&set, counter, q, set[i - 1], &mut needed);
                    i -= 1;
                }
                Outcome::Unknown if w > 1 => width = 1,
                Outcome::Unknown => undecided = true,
            }
        }
        Ok((set, counter, n_unknown == 0 && !undecided && i == 0))
    }

    /// Marks in `needed` the clues of `set` (with the counter if `counter`) that
    /// rotating the colouring of the last "does not force" answer, which showed the
    /// clue at position `dropped` needed, shows needed too.
    fn rotate(&self, set: &[usize], counter: bool, q: Cand, dropped: usize, needed: &mut [bool]) {
        let Some(source) = self.last_free else {
            return;
        };
        let explained = match q {
            Cand::Cell(cell) => Explained::Cell(cell),
            // Only when the untouched cells share a colour.
            Cand::Untouched if self.untouched.1 == 0 => Explained::Untouched { blue: false },
            Cand::Untouched if self.untouched.1 == self.untouched.0 => Explained::Untouched { blue: true },
            Cand::Untouched => return,
        };
        let puzzle = self.puzzle;
        let mut colouring = self.colouring(source);
        let in_set = self.clue_mask(set);
        let rotator = Rotator {
            puzzle,
            in_set: &in_set,
            explained,
            counter,
            remaining: self.remaining as i32,
        };
        rotator.rotate(&mut colouring, self.visible[dropped], needed);
    }

    /// Marks in `needed` the clues of `set` (which needs the counter) that rotating
    /// the colouring of the last "does not force" answer, to `set` without the
    /// counter, shows needed.
    fn rotate_counter(&self, set: &[usize], q: Cand, needed: &mut [bool]) {
        let (Cand::Cell(cell), Some(source)) = (q, self.last_free) else {
            return;
        };
        let puzzle = self.puzzle;
        let in_set = self.clue_mask(set);
        let mut colouring = self.colouring(source);
        colouring.fill_from_solution(puzzle, &in_set);
        let rotator = Rotator {
            puzzle,
            in_set: &in_set,
            explained: Explained::Cell(cell),
            counter: true,
            remaining: self.remaining as i32,
        };
        rotator.rotate_counter(&mut colouring, needed);
    }

    /// Per puzzle clue: whether it is at one of the positions `set`.
    fn clue_mask(&self, set: &[usize]) -> Vec<bool> {
        let mut in_set = vec![false; self.puzzle.clues.len()];
        for &k in set {
            in_set[self.visible[k]] = true;
        }
        in_set
    }

    /// The colouring behind a "does not force" answer.
    fn colouring(&self, source: FreeColouring) -> Colouring {
        let puzzle = self.puzzle;
        let mut colouring = Colouring::new(&self.known);
        match source {
            FreeColouring::Checker => {
                for (m, blue) in self.checker.model() {
                    colouring.set(m, blue);
                }
            }
            FreeColouring::Witness(w) => {
                let blue = self.witnesses.colouring(w);
                for m in (0..puzzle.cells.len()).filter(|&m| self.touched[m]) {
                    colouring.set(m, blue[m]);
                }
            }
        }
        colouring
    }

    /// Selector positions in up to `max` layers around `cell`.
    fn layers(&self, cell: usize, max: usize) -> Vec<Vec<usize>> {
        let puzzle = self.puzzle;
        let mut index_of = vec![None; puzzle.clues.len()];
        for (k, c) in self.visible.iter().enumerate() {
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
                        if self.known[other].is_none() && !seen_cell[other] {
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

    /// Whether the clues at positions `set` (and the counter) force `q`'s cell: the
    /// part of `set` a refutation used (in `set`'s order) and whether it used the
    /// counter. `settle` says that left undecided, the question would leave its
    /// explanation not shown minimal: then it is asked again with more room.
    fn forces(
        &mut self,
        set: &[usize],
        counter: bool,
        q: Cand,
        settle: bool,
        clock: &Clock,
    ) -> Result<Outcome, Stop> {
        clock.check()?;
        self.last_free = None;
        let clues: Vec<usize> = set.iter().map(|&k| self.visible[k]).collect();
        let cell = match q {
            Cand::Cell(cell) => Some(cell),
            Cand::Untouched => None,
        };
        let nodes = match (counter, self.checker_stalled) {
            (false, _) => CHECK_NODES,
            (true, false) => CHECK_NODES_COUNTER,
            (true, true) => CHECK_NODES_COUNTER_STALLED,
        };
        // A colouring kept from an earlier question answers "does not force" for
        // less than the checker's search costs.
        if let Some(cell) = cell {
            let (remaining, n_untouched) = (self.remaining, self.untouched.0);
            if let Some(w) = self
                .witnesses
                .answer(self.puzzle, &clues, counter, cell, remaining, n_untouched)
            {
                self.last_free = Some(FreeColouring::Witness(w));
                return Ok(Outcome::Free);
            }
        }
        if let Some(outcome) = self.check(set, &clues, counter, cell, nodes) {
            if counter {
                self.checker_stalled = false;
            }
            return Ok(outcome);
        }
        if counter {
            self.checker_stalled = true;
            // Clues in parts that share no hidden cell: their numbers of blues
            // against the counter, part by part.
            let parts = cell.and_then(|cell| self.checker.check_by_parts(&clues, cell, PARTS_NODES));
            if let Some(outcome) = parts.and_then(|answer| self.outcome(set, answer)) {
                return Ok(outcome);
            }
            // A slow question: the round has a bounded share of them.
            if self.counter_calls >= MAX_COUNTER_CALLS {
                return Ok(Outcome::Unknown);
            }
            self.counter_calls += 1;
            // A counting argument the LP sees, or else one the checker finds with
            // more room, before the SAT solver is asked.
            let part_of_certificate = self.lp_irreducible.as_ref().is_some_and(|(iis, iis_counter)| {
                within(set, counter, iis, *iis_counter)
                    && set.len() + usize::from(counter) < iis.len() + usize::from(*iis_counter)
            });
            let lpr = if part_of_certificate {
                None
            } else {
                self.lp_forces(set, &clues, counter, cell)
            };
            if let Some((used, counter)) = lpr {
                return Ok(Outcome::Forced(used, counter));
            }
            if !part_of_certificate {
                if let Some(outcome) = self.check(set, &clues, counter, cell, CHECK_NODES_COUNTER_AGAIN) {
                    return Ok(outcome);
                }
            }
        }
        let round = self.solver();
        // The counter is encoded on the first question that needs it: the others
        // are quicker without its totalizer.
        let counter_sel = counter.then(|| round.counter().0);
        let Lit::Var(wrong) = round.wrong(q) else {
            // Cannot differ (the checker answers that) or not touched (not asked).
            return Ok(Outcome::Unknown);
        };
        let mut assumptions: Vec<i32> = set.iter().map(|&k| round.selectors[k].1).collect();
        assumptions.extend(counter_sel);
        assumptions.push(wrong);
        let mut result = if counter {
            round
                .sat
                .solve(&assumptions, &clock.with_conflicts(EXPLAIN_CONFLICTS_COUNTER))
        } else {
            round.sat.solve(&assumptions, clock)
        };
        if counter && result == SatResult::Unknown && settle && self.retries < MAX_RETRIES {
            // Left undecided, the question would leave its explanation not shown
            // minimal: the checker with more nodes, then the SAT solver with the
            // room a question without the counter has.
            self.retries += 1;
            if let Some(outcome) = self.check(set, &clues, counter, cell, RETRY_NODES) {
                return Ok(outcome);
            }
            result = self.solver().sat.solve(&assumptions, clock);
            if result == SatResult::Unknown {
                // Too hard with more room as well: the round's other counter
                // questions likely are too.
                self.retries = MAX_RETRIES;
            }
        }
        let round = self.solver();
        match result {
            SatResult::Unsat => Ok(Outcome::Forced(
                set.iter()
                    .copied()
                    .filter(|&k| round.sat.failed(round.selectors[k].1))
                    .collect(),
                counter_sel.is_some_and(|sel| round.sat.failed(sel)),
            )),
            SatResult::Sat => {
                let model = round.model();
                self.last_free = Some(FreeColouring::Witness(self.witnesses.keep(model)));
                Ok(Outcome::Free)
            }
            SatResult::Unknown => {
                clock.check()?;
                // With the counter the LP was asked already.
                let (Some(cell), false) = (cell, counter) else {
                    return Ok(Outcome::Unknown);
                };
                Ok(
                    match self.lp_refutation_unless_relaxed(set, &clues, false, Some(cell), false) {
                        Some((used, _)) => Outcome::Forced(used.into_iter().map(|p| set[p]).collect(), false),
                        None => Outcome::Unknown,
                    },
                )
            }
        }
    }

    /// The checker's answer for the clues at positions `set` (the puzzle clues
    /// `clues`), or `None` when it stopped at `nodes` decisions.
    fn check(
        &mut self,
        set: &[usize],
        clues: &[usize],
        counter: bool,
        cell: Option<usize>,
        nodes: usize,
    ) -> Option<Outcome> {
        let answer = self.checker.check(clues, counter, cell, nodes);
        self.outcome(set, answer)
    }

    /// The checker's answer about the clues at positions `set`, as an outcome.
    fn outcome(&mut self, set: &[usize], answer: Check) -> Option<Outcome> {
        match answer {
            Check::Forced { used, counter } => Some(Outcome::Forced(
                used.into_iter().map(|p| set[p]).collect(),
                counter,
            )),
            Check::Free => {
                self.last_free = Some(FreeColouring::Checker);
                Some(Outcome::Free)
            }
            Check::Unknown => None,
        }
    }

    /// When the LP refutes the clues at positions `set` (the puzzle clues `clues`):
    /// the positions its certificate uses and whether it uses the counter. The
    /// explanation's first such answer is a certificate, kept as
    /// `lp_irreducible`; later ones count every clue as used.
    fn lp_forces(
        &mut self,
        set: &[usize],
        clues: &[usize],
        counter: bool,
        cell: Option<usize>,
    ) -> Option<(Vec<usize>, bool)> {
        let first = !self.lp_core_taken;
        let (used, counter) = self.lp_refutation_unless_relaxed(set, clues, counter, cell, first)?;
        let used: Vec<usize> = used.into_iter().map(|p| set[p]).collect();
        if first {
            self.lp_irreducible = Some((used.clone(), counter));
        }
        self.lp_core_taken = true;
        Some((used, counter))
    }

    /// [`lp_refutation`](Self::lp_refutation) of the clues at positions `set` (the
    /// puzzle clues `clues`), unless the question only drops rows from one the LP
    /// could not refute in this explanation (then it cannot either).
    fn lp_refutation_unless_relaxed(
        &mut self,
        set: &[usize],
        clues: &[usize],
        counter: bool,
        cell: Option<usize>,
        core: bool,
    ) -> Option<(Vec<usize>, bool)> {
        let relaxed = self
            .lp_feasible
            .as_ref()
            .is_some_and(|(wide, wide_counter)| within(set, counter, wide, *wide_counter));
        if relaxed {
            return None;
        }
        let refutation = self.lp_refutation(clues, counter, cell, core);
        if refutation.is_none() {
            self.lp_feasible = Some((set.to_vec(), counter));
        }
        refutation
    }

    /// When the LP relaxation of the puzzle clues `clues` (and the counter) refutes
    /// `cell` at its wrong colour: the positions in `clues` of the clues its
    /// certificate uses, and whether it uses the counter (they force the cell).
    /// The certificate is only asked for when `core` (the explanation's first LP
    /// answer); otherwise the plain LP answers and every clue counts as used.
    pub(crate) fn lp_refutation(
        &self,
        clues: &[usize],
        counter: bool,
        cell: Option<usize>,
        core: bool,
    ) -> Option<(Vec<usize>, bool)> {
        let puzzle = self.puzzle;
        let in_rows = puzzle.held_by(clues);
        let others: Vec<usize> = (0..puzzle.cells.len())
            .filter(|&i| self.known[i].is_none() && !in_rows[i])
            .collect();
        let lp = lp::Relaxation::new(puzzle, &self.known, clues, &others, counter);
        let Some(cell) = cell else {
            // The untouched cells differ: one blue more or one black more among them,
            // which moves the count left to the touched cells.
            let (untouched, u_blue) = self.untouched;
            if !counter || (u_blue != 0 && u_blue != untouched) {
                return None;
            }
            if untouched == 0 {
                // No such cell: nothing can differ.
                return Some((Vec::new(), true));
            }
            let remaining = self.remaining as f64;
            let (mut lo, mut hi) = (remaining - others.len() as f64, remaining);
            if u_blue == 0 {
                hi -= 1.0;
            } else {
                lo += 1.0;
            }
            // The untouched cells' question rarely has a counting argument the LP
            // sees: the plain LP first, which is quicker to say so.
            if !lp.refutes_counter_range((lo, hi)) {
                return None;
            }
            let all = ((0..clues.len()).collect(), counter);
            return Some(if core {
                lp.refutation_of(None, (lo, hi)).unwrap_or(all)
            } else {
                all
            });
        };
        if core {
            // The certificate's LP is feasible exactly when the plain one is not:
            // asking it alone saves the plain LP on the questions it refutes.
            return lp.refutation(cell);
        }
        lp.refutes(Cand::Cell(cell))
            .then(|| ((0..clues.len()).collect(), counter))
    }

    /// The explanation made of the clues at positions `set` (and the counter).
    fn to_explanation(&self, set: &[usize], counter: bool, minimal: bool) -> Explanation {
        let mut clues: Vec<ClueRef> = set
            .iter()
            .map(|&k| ClueRef::Clue(self.puzzle.clues[self.visible[k]].at))
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

/// Whether the clue positions `set` (and the counter if `counter`) are all among
/// `wide` (and its counter, if `wide_counter`): the question has a part of the
/// other's rows.
fn within(set: &[usize], counter: bool, wide: &[usize], wide_counter: bool) -> bool {
    counter <= wide_counter && set.iter().all(|k| wide.contains(k))
}

/// Whether a clue set forces a cell.
enum Outcome {
    /// It does; the clues a refutation used, in the set's order, and whether it used
    /// the counter.
    Forced(Vec<usize>, bool),
    /// It does not.
    Free,
    /// Not decided within the limits.
    Unknown,
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
                        Backend::default(),
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
