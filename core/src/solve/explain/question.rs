//! The questions an explanation asks: "do these clues (and maybe the counter) force
//! the cell?". Each goes first to a colouring kept from an earlier question (which
//! answers "does not force" for free), then to the small checker of `reason/exact/`,
//! which answers most of them in microseconds; counting questions it cannot settle go
//! to it again part by part (when the clues fall into parts that share no hidden
//! cell), then to the LP relaxation (sound for "forced"), the rest to the round's SAT
//! solver under selector literals. Once the solver left a question without the
//! counter undecided, the round's later ones go to the LP before it. A forced answer
//! names the clues its refutation used; a "does not force" answer keeps the colouring
//! behind it, for the rotation of `rotate.rs`.

use super::rotate::Colouring;
use super::witness::Witnesses;
use crate::solve::budget::{Clock, Stop};
use crate::solve::puzzle::{Cand, Puzzle, Values};
use crate::solve::reason::exact::{Check, ExactChecker};
use crate::solve::reason::lp;
use crate::solve::reason::sat::encode::Lit;
use crate::solve::reason::sat::round::RoundSolver;
use crate::solve::reason::sat::{SatBackend, SatResult};

/// Conflicts per SAT call on a question with the counter (one without it has the
/// explanation's own limit): the LP and the checker tried such a question first, and
/// what is left is rarely settled by more conflicts.
const EXPLAIN_CONFLICTS_COUNTER: u64 = 500;

/// Decisions the small checker may take on one question before the SAT solver is asked.
const CHECK_NODES: usize = 150;

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

/// Undecided questions with the counter asked again, with more room, per round.
const MAX_RETRIES: usize = 8;

/// Exact checker decisions for such a question asked again.
const RETRY_NODES: usize = 40_000;

/// Answers one round's explanation questions: the small checker answers most of
/// them, the round's SAT solver (built on first need) the others.
pub(crate) struct Questions<'p> {
    pub(super) puzzle: &'p Puzzle,
    pub(super) known: Values,
    backend: SatBackend,
    /// The round's visible clues; clue sets are positions in this list (which are
    /// also the solver's selector positions).
    pub(super) visible: Vec<usize>,
    checker: ExactChecker<'p>,
    solver: Option<RoundSolver<'p>>,
    /// Questions with the counter asked to the SAT solver.
    counter_calls: usize,
    /// Undecided questions with the counter asked again with more room.
    retries: usize,
    /// Whether the current explanation already took an LP certificate (the first
    /// one shrinks the clue set most; later ones are not worth their time).
    pub(super) lp_core_taken: bool,
    /// The clues (positions) and counter of the explanation's LP certificate. With
    /// the fewest multipliers it is (almost always) an irreducible infeasible set of
    /// rows: the relaxation of a part of it is feasible, so the LP is not asked
    /// about a part (the checker and the SAT solver still are).
    lp_irreducible: Option<(Vec<usize>, bool)>,
    /// The clues (positions) and counter of the explanation's widest question the LP
    /// could not refute. Fewer rows only relax it further: the LP is not asked about
    /// a part of it.
    lp_feasible: Option<(Vec<usize>, bool)>,
    /// The clues (positions) and counter of every set the LP refuted in this
    /// explanation (a certificate's own clues, or the whole set asked): a set that
    /// holds one of them is refuted too, which the reading of a sum can take as it is.
    lp_refuted: Vec<(Vec<usize>, bool)>,
    /// Whether the checker stopped at its limit on the explanation's last question
    /// with the counter (the next one is then likely to need the LP too).
    checker_stalled: bool,
    /// Whether the SAT solver left a question of the round without the counter
    /// undecided: the round's later questions without the counter then go to the
    /// LP first.
    sat_stalled: bool,
    /// Hidden cells in no visible clue, and how many of them are blue.
    pub(super) untouched: (usize, usize),
    /// Blue cells among the hidden ones (what the counter shows).
    pub(super) remaining: usize,
    /// Colourings the SAT solver found for questions that did not force their cell:
    /// a later question they also answer needs no solver.
    witnesses: Witnesses,
    /// Where the colouring behind the last "does not force" answer is, if any.
    pub(super) last_free: Option<FreeColouring>,
    /// Per cell: whether it is hidden and in a visible clue.
    pub(super) touched: Vec<bool>,
}

/// Where a colouring that answered "does not force" is kept.
#[derive(Clone, Copy)]
pub(super) enum FreeColouring {
    /// In the checker, until its next question.
    ExactChecker,
    /// Among the witnesses, at this index.
    Witness(usize),
}

impl<'p> Questions<'p> {
    /// The questions of the round that starts with `known` uncovered, whose visible
    /// clues are `visible`; `solver`, when given, must encode exactly those clues in
    /// that order.
    pub(crate) fn new(
        puzzle: &'p Puzzle,
        known: &Values,
        backend: SatBackend,
        visible: Vec<usize>,
        solver: Option<RoundSolver<'p>>,
    ) -> Questions<'p> {
        let in_clue = puzzle.held_by(&visible);
        let untouched: Vec<usize> = (0..puzzle.cells.len())
            .filter(|&i| known[i].is_none() && !in_clue[i])
            .collect();
        let u_blue = untouched.iter().filter(|&&i| puzzle.blue[i]).count();
        let touched = (0..puzzle.cells.len())
            .map(|i| known[i].is_none() && in_clue[i])
            .collect();
        Questions {
            last_free: None,
            touched,
            untouched: (untouched.len(), u_blue),
            remaining: puzzle.remaining(known),
            puzzle,
            known: known.clone(),
            backend,
            checker: ExactChecker::new(puzzle, known, &visible),
            visible,
            solver,
            counter_calls: 0,
            retries: 0,
            lp_core_taken: false,
            lp_irreducible: None,
            lp_feasible: None,
            lp_refuted: Vec::new(),
            checker_stalled: false,
            sat_stalled: false,
            witnesses: Witnesses::default(),
        }
    }

    /// Forgets what the last explanation learnt about its own questions (its LP
    /// certificate and the questions the LP or the checker could not settle).
    pub(super) fn start_explanation(&mut self) {
        self.lp_core_taken = false;
        self.lp_irreducible = None;
        self.lp_feasible = None;
        self.lp_refuted.clear();
        self.checker_stalled = false;
    }

    /// What this explanation's questions showed of the LP relaxation of the clues at
    /// positions `set` (and the counter when `counter`): `Some(true)` when it is
    /// refuted (it holds a set the LP refuted), `Some(false)` when it is not (it is
    /// part of one the LP could not refute), `None` when no question says.
    pub(super) fn lp_knows(&self, set: &[usize], counter: bool) -> Option<bool> {
        if self
            .lp_refuted
            .iter()
            .any(|(part, part_counter)| within(part, *part_counter, set, counter))
        {
            return Some(true);
        }
        self.lp_feasible
            .as_ref()
            .filter(|(wide, wide_counter)| within(set, counter, wide, *wide_counter))
            .map(|_| false)
    }

    /// The round's SAT solver, built on first use.
    fn solver(&mut self) -> &mut RoundSolver<'p> {
        let (puzzle, known, backend, visible) = (self.puzzle, &self.known, self.backend, &self.visible);
        self.solver
            .get_or_insert_with(|| RoundSolver::new(puzzle, known, backend, visible.clone(), visible))
    }

    /// Whether the clues at positions `set` (and the counter) force `q`'s cell: the
    /// part of `set` a refutation used (in `set`'s order) and whether it used the
    /// counter. `settle` says that left undecided, the question would leave its
    /// explanation not shown minimal: then it is asked again with more room.
    pub(super) fn forces(
        &mut self,
        set: &[usize],
        counter: bool,
        q: Cand,
        settle: bool,
        clock: &Clock,
    ) -> Result<ForceAnswer, Stop> {
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
                return Ok(ForceAnswer::Free);
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
                return Ok(ForceAnswer::Unknown);
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
                return Ok(ForceAnswer::Forced(used, counter));
            }
            if !part_of_certificate {
                if let Some(outcome) = self.check(set, &clues, counter, cell, CHECK_NODES_COUNTER_AGAIN) {
                    return Ok(outcome);
                }
            }
        }
        if let (Some(cell), false, true) = (cell, counter, self.sat_stalled) {
            // A round where the SAT solver left a question undecided asks more
            // of its kind (the deletion pass asks parts of it, the next cell's
            // explanation much the same clues), which its conflicts rarely settle
            // either; the LP refutes most of them in a fraction of that time.
            // Only the LP's "does not refute" goes on to the solver.
            if let Some(answer) = self.lp_answer(set, &clues, cell) {
                return Ok(answer);
            }
        }
        let round = self.solver();
        // The counter is encoded on the first question that needs it: the others
        // are quicker without its totalizer.
        let counter_sel = counter.then(|| round.counter().0);
        let Lit::Var(wrong) = round.wrong(q) else {
            // Cannot differ (the checker answers that) or not touched (not asked).
            return Ok(ForceAnswer::Unknown);
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
            SatResult::Unsat => Ok(ForceAnswer::Forced(
                set.iter()
                    .copied()
                    .filter(|&k| round.sat.failed(round.selectors[k].1))
                    .collect(),
                counter_sel.is_some_and(|sel| round.sat.failed(sel)),
            )),
            SatResult::Sat => {
                let model = round.model();
                self.last_free = Some(FreeColouring::Witness(self.witnesses.keep(model)));
                Ok(ForceAnswer::Free)
            }
            SatResult::Unknown => {
                clock.check()?;
                // With the counter the LP was asked already.
                let (Some(cell), false) = (cell, counter) else {
                    return Ok(ForceAnswer::Unknown);
                };
                self.sat_stalled = true;
                Ok(self.lp_answer(set, &clues, cell).unwrap_or(ForceAnswer::Unknown))
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
    ) -> Option<ForceAnswer> {
        let answer = self.checker.check(clues, counter, cell, nodes);
        self.outcome(set, answer)
    }

    /// The checker's answer about the clues at positions `set`, as an outcome.
    fn outcome(&mut self, set: &[usize], answer: Check) -> Option<ForceAnswer> {
        match answer {
            Check::Forced { used, counter } => Some(ForceAnswer::Forced(
                used.into_iter().map(|p| set[p]).collect(),
                counter,
            )),
            Check::Free => {
                self.last_free = Some(FreeColouring::ExactChecker);
                Some(ForceAnswer::Free)
            }
            Check::Unknown => None,
        }
    }

    /// When the LP refutes the clues at positions `set` (the puzzle clues `clues`):
    /// the positions its certificate uses and whether it uses the counter. The
    /// explanation's first such answer is a certificate, kept as
    /// `lp_irreducible`; later ones count every clue as used.
    pub(super) fn lp_forces(
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
        self.lp_refuted.push((used.clone(), counter));
        self.lp_core_taken = true;
        Some((used, counter))
    }

    /// "Forced", with every clue of `set` (not the counter), when the LP relaxation
    /// of the clues at positions `set` (the puzzle clues `clues`) refutes `cell` at
    /// its wrong colour; `None` when it does not.
    fn lp_answer(&mut self, set: &[usize], clues: &[usize], cell: usize) -> Option<ForceAnswer> {
        let (used, _) = self.lp_refutation_unless_relaxed(set, clues, false, Some(cell), false)?;
        Some(ForceAnswer::Forced(
            used.into_iter().map(|p| set[p]).collect(),
            false,
        ))
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

    /// The colouring behind a "does not force" answer.
    pub(super) fn colouring(&self, source: FreeColouring) -> Colouring {
        let puzzle = self.puzzle;
        let mut colouring = Colouring::new(&self.known);
        match source {
            FreeColouring::ExactChecker => {
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
}

/// Whether the clue positions `set` (and the counter if `counter`) are all among
/// `wide` (and its counter, if `wide_counter`): the question has a part of the
/// other's rows.
fn within(set: &[usize], counter: bool, wide: &[usize], wide_counter: bool) -> bool {
    counter <= wide_counter && set.iter().all(|k| wide.contains(k))
}

/// Whether a clue set forces a cell.
pub(super) enum ForceAnswer {
    /// It does; the clues a refutation used, in the set's order, and whether it used
    /// the counter.
    Forced(Vec<usize>, bool),
    /// It does not.
    Free,
    /// Not decided within the limits.
    Unknown,
}
