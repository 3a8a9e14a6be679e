//! The round: [`Deducer`] works out each round's forced cells, keeping what carries
//! over from round to round.
//!
//! Every hidden cell a visible clue touches is a candidate; each step either proves a
//! candidate forced or finds a colouring that meets everything visible (the counter
//! included) and gives it another colour, which rules it out. Cheapest first:
//! 1. the rules' quick forms (`rules/fixpoint.rs`): one clue alone, two overlapping
//!    clues, the counter;
//! 2. colourings kept from earlier rounds (`models.rs`; most survive: only new clues
//!    can break them), then a quick local search (`reason/local_search.rs`);
//! 3. the exact checker (`reason/exact/`) without the counter, a small search per
//!    cell: it proves most of the rest forced, or finds a colouring (kept, like the
//!    local search's, when it also meets the counter);
//! 4. the level's SAT solver (`reason/sat/level_sat.rs`) without the counter for the
//!    cells the checker could not settle: a "differs somewhere" query proves them
//!    forced at once, or finds a colouring, from whose first the local search finds
//!    more;
//! 5. for what needs the counter: the exact checker with the counter (which also
//!    answers for the untouched cells), the LP relaxation (`reason/lp/`), and last the
//!    SAT solver with the counter, complete within its budget.
//!
//! The SAT solver is built, and a round's clues encoded, only when a round needs it:
//! most levels never do.
//!
//! Hidden cells no visible clue touches only count for the counter and are decided
//! together.
//!
//! A cell the exact checker proves forced keeps its [`Proof`]: the clues (and maybe the
//! counter) its refutation used, with the cells uncovered when the round started; so
//! does a cell a clue or a pair of the quick forms forced (its [`rules::Reason`]). Those
//! alone force the cell whatever else the level shows, so another version of the level
//! may have it forced without asking (the caller passes such cells as `sure`; see
//! `solve/proofs.rs` for when a proof holds there).

use super::models::{Models, RoundFacts, DERIVE_SEARCH, QUICK_SEARCH};
use crate::solve::budget::{Clock, Stop};
use crate::solve::puzzle::{Cand, Puzzle, Values};
use crate::solve::reason::exact::{Check, ExactChecker};
use crate::solve::reason::local_search::Search;
use crate::solve::reason::lp;
use crate::solve::reason::sat::level_sat::LevelSat;
use crate::solve::reason::sat::SatBackend;
use crate::solve::rules;

/// Conflicts for a quick "differs somewhere" query before the LP is asked.
const QUICK_CONFLICTS: u64 = 300;

/// Why a cell is forced: these clues (puzzle clue indices) force it with the cells
/// uncovered when its round starts, with the remaining-blue counter when `counter`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Proof {
    pub(crate) clues: Vec<usize>,
    pub(crate) counter: bool,
}

/// Works out each round's forced cells for one level, keeping what carries over from
/// round to round: the visible clues, the SAT solver and the colourings found.
pub(crate) struct Deducer<'p> {
    puzzle: &'p Puzzle,
    backend: SatBackend,
    /// Whether each clue is visible.
    is_visible: Vec<bool>,
    /// Visible clues, in the order they became visible.
    visible: Vec<usize>,
    /// Whether each cell is a member of a visible clue.
    in_clue: Vec<bool>,
    /// For each cell, the visible clues it is in.
    visible_of_cell: Vec<Vec<usize>>,
    /// The solver, from the first round that needs one.
    sat: Option<LevelSat<'p>>,
    /// The values the rules' quick forms reached in the last round: their fixpoint,
    /// which the next round's values extend.
    rules_fixpoint: Values,
    models: Models,
    /// Per cell: the proof that it is forced, when the exact checker or the rules'
    /// quick forms gave one (or the caller knew it sure).
    proofs: Vec<Option<Proof>>,
    /// Clues shown in rounds whose cells all came from proofs the caller knew sure
    /// (see [`Deducer::forced_cells`]): the quick forms and the kept colourings have
    /// not read them yet.
    unread: Vec<bool>,
}

impl<'p> Deducer<'p> {
    /// A deducer for `puzzle` that has seen no round yet.
    pub(crate) fn new(puzzle: &'p Puzzle, backend: SatBackend) -> Deducer<'p> {
        Deducer {
            puzzle,
            backend,
            is_visible: vec![false; puzzle.clues.len()],
            visible: Vec::new(),
            in_clue: vec![false; puzzle.cells.len()],
            visible_of_cell: vec![Vec::new(); puzzle.cells.len()],
            sat: None,
            rules_fixpoint: vec![None; puzzle.cells.len()],
            models: Models::default(),
            proofs: vec![None; puzzle.cells.len()],
            unread: vec![false; puzzle.clues.len()],
        }
    }

    /// The proof that cell `i` is forced, when a round found one.
    pub(crate) fn proof(&self, i: usize) -> Option<&Proof> {
        self.proofs[i].as_ref()
    }

    /// Shows the clues visible with `known` (rounds only ever uncover more cells);
    /// marks the newly shown ones in `fresh`.
    fn show_clues(&mut self, known: &Values, fresh: &mut [bool]) {
        for (c, clue) in self.puzzle.clues.iter().enumerate() {
            if !self.is_visible[c] && self.puzzle.clue_visible(c, known) {
                self.is_visible[c] = true;
                fresh[c] = true;
                self.visible.push(c);
                for &m in &clue.members {
                    self.in_clue[m] = true;
                    // Room for every clue the cell is in, once: the lists grow
                    // over the rounds, a clue or two at a time.
                    let list = &mut self.visible_of_cell[m];
                    if list.capacity() == 0 {
                        list.reserve_exact(self.puzzle.clues_of_cell(m).len());
                    }
                    list.push(c);
                }
            }
        }
    }

    /// The cells forced in the round that starts with `known` uncovered, in cell order.
    /// Calls must come with ever more cells known (the rounds of one level, in order).
    /// With `may_force`, only the cells it marks are asked about: the caller knows
    /// the others are not forced (a richer level does not know them yet). The cells
    /// of `sure` are forced without asking, by their proof (which the caller checked
    /// holds in this round: see the file's header). When they are every cell
    /// `may_force` leaves hidden, they are the round's cells: nothing else is asked.
    pub(crate) fn forced_cells(
        &mut self,
        known: &Values,
        clock: &Clock,
        may_force: Option<&[bool]>,
        sure: &[(usize, Proof)],
    ) -> Result<Vec<usize>, Stop> {
        let puzzle = self.puzzle;
        let mut fresh = std::mem::replace(&mut self.unread, vec![false; puzzle.clues.len()]);
        self.show_clues(known, &mut fresh);
        let mut values = known.clone();
        // The quick forms need only look again at the clues shown or changed since
        // their last fixpoint.
        let mut changed = fresh.clone();
        for (i, value) in known.iter().enumerate() {
            if value.is_some() && self.rules_fixpoint[i].is_none() {
                for &c in puzzle.clues_of_cell(i) {
                    changed[c] = true;
                }
            }
        }
        // The sure cells are forced with `known`: the quick forms may go on from them.
        let mut sure_forced = Vec::with_capacity(sure.len());
        let mut reasons = vec![rules::Reason::Given; puzzle.cells.len()];
        for (i, proof) in sure {
            if values[*i].is_none() && self.in_clue[*i] {
                values[*i] = Some(puzzle.blue[*i]);
                sure_forced.push(*i);
                self.proofs[*i] = Some(proof.clone());
                reasons[*i] = rules::Reason::By {
                    clues: proof.clues.clone(),
                    counter: proof.counter,
                };
                for &c in puzzle.clues_of_cell(*i) {
                    changed[c] = true;
                }
            }
        }
        // Every cell the round may force is sure: those are its cells (the round's
        // cells are among those it may force, and every sure cell is forced). The
        // clues shown wait for the next round that asks.
        if may_force.is_some_and(|may| (0..puzzle.cells.len()).all(|i| !may[i] || values[i].is_some())) {
            self.unread = fresh;
            sure_forced.sort_unstable();
            return Ok(sure_forced);
        }
        let mut forced = rules::propagate_changed(puzzle, &self.visible, &mut values, changed, &mut reasons);
        for &i in &forced {
            if let rules::Reason::By { clues, counter } = std::mem::take(&mut reasons[i]) {
                self.proofs[i] = Some(Proof { clues, counter });
            }
        }
        forced.extend(sure_forced);
        self.rules_fixpoint.clone_from(&values);
        if values.iter().all(Option::is_some) {
            forced.sort_unstable();
            return Ok(forced);
        }
        let models = &mut self.models;
        models.keep_valid(puzzle, known, &fresh);
        let untouched: Vec<usize> = (0..puzzle.cells.len())
            .filter(|&i| known[i].is_none() && !self.in_clue[i])
            .collect();
        let mut is_untouched = vec![false; puzzle.cells.len()];
        for &i in &untouched {
            is_untouched[i] = true;
        }
        let mut cands: Vec<Cand> = (0..puzzle.cells.len())
            .filter(|&i| values[i].is_none() && self.in_clue[i])
            .map(Cand::Cell)
            .collect();
        let u_sol = untouched.iter().filter(|i| puzzle.blue[**i]).count();
        let untouched_open = untouched.iter().any(|&i| values[i].is_none());
        if untouched_open && (u_sol == 0 || u_sol == untouched.len()) {
            cands.push(Cand::Untouched);
        }
        if let Some(may) = may_force {
            cands.retain(|c| match *c {
                Cand::Cell(i) => may[i],
                Cand::Untouched => untouched.iter().all(|&i| values[i].is_some() || may[i]),
            });
        }
        // Colourings from earlier rounds and a quick local search rule most cells out.
        cands.retain(|c| !models.rules_out(puzzle, &is_untouched, *c));
        let mut search = Search::new(puzzle, &self.visible_of_cell, &values);
        let round = RoundFacts {
            puzzle,
            known,
            values: &values,
            visible: &self.visible,
            is_visible: &self.is_visible,
            untouched: &untouched,
            is_untouched: &is_untouched,
        };
        models.search(&mut search, None, &mut cands, QUICK_SEARCH, &round);
        if cands.is_empty() {
            forced.sort_unstable();
            return Ok(forced);
        }
        // The exact checker settles most of the rest without the counter, one small
        // search per cell; `first` collects the cells forced without the counter.
        let mut checker = ExactChecker::new(puzzle, known, &self.visible);
        let proofs = &mut self.proofs;
        let (mut first, cells) =
            check_without_counter(&mut checker, models, &mut search, &cands, &round, proofs, clock)?;
        // The SAT solver settles what the checker could not, a few queries for many
        // cells. When a quick query finds no answer, the linear relaxation proves the
        // counting arguments the solver finds hard, and the solver settles what is
        // left. `proved` collects what the LP and the exact checker prove forced.
        let mut facts: Vec<(usize, bool)> = forced.iter().map(|&i| (i, puzzle.blue[i])).collect();
        let mut proved = Vec::new();
        let mut sat_ready = false;
        if !cells.is_empty() {
            let sat = start_sat(&mut self.sat, &mut sat_ready, puzzle, self.backend, &round);
            let mut derive = true;
            let mut on_model = |model: &[bool], open: &mut Vec<Cand>| {
                models.found(&mut search, model, open, std::mem::take(&mut derive), &round);
            };
            let settled = match sat.backbone_within(
                cells,
                &facts,
                false,
                clock,
                Some(QUICK_CONFLICTS),
                &mut on_model,
            )? {
                Ok(forced) => forced,
                Err(mut open) => {
                    let lp = lp::Relaxation::new(puzzle, known, &self.visible, &untouched, false);
                    lp_refute_cells(&lp, &mut open, &mut proved, clock);
                    integral_refute_cells(&lp, &mut open, &mut proved, clock)?;
                    sat.backbone(open, &facts, false, clock, &mut on_model)?
                }
            };
            first.extend(settled);
        }
        for c in first.iter().chain(&proved) {
            if let Cand::Cell(i) = c {
                facts.push((*i, puzzle.blue[*i]));
            }
        }
        cands.retain(|c| {
            !first.contains(c) && !proved.contains(c) && !models.rules_out(puzzle, &is_untouched, *c)
        });
        // What is left needs the counter: the exact checker, the LP (which proves
        // counting arguments quickly), and last the solver with the counter.
        if !cands.is_empty() {
            let (forced, open) = check_each(
                &mut checker,
                models,
                std::mem::take(&mut cands),
                (true, CHECK_NODES),
                &round,
                proofs,
                clock,
            )?;
            proved.extend(forced);
            cands = open;
        }
        let mut second = Vec::new();
        if !cands.is_empty() {
            let lp = lp::Relaxation::new(puzzle, known, &self.visible, &untouched, true);
            clock.check()?;
            lp_refute_cells(&lp, &mut cands, &mut proved, clock);
            clock.check()?;
            cands.retain(|c| {
                if *c == Cand::Untouched && lp.refutes(*c) {
                    proved.push(*c);
                    false
                } else {
                    true
                }
            });
            if !cands.is_empty() {
                let sat = start_sat(&mut self.sat, &mut sat_ready, puzzle, self.backend, &round);
                let mut derive = true;
                let mut on_model = |model: &[bool], open: &mut Vec<Cand>| {
                    models.found(&mut search, model, open, std::mem::take(&mut derive), &round);
                };
                second = match sat.backbone_within(
                    cands,
                    &facts,
                    true,
                    clock,
                    Some(QUICK_CONFLICTS),
                    &mut on_model,
                )? {
                    Ok(forced) => forced,
                    Err(mut open) => {
                        // The LP has had these; whole cells may still refute them.
                        integral_refute_cells(&lp, &mut open, &mut proved, clock)?;
                        sat.backbone(open, &facts, true, clock, &mut on_model)?
                    }
                };
            }
        }
        for c in first.into_iter().chain(second).chain(proved) {
            match c {
                Cand::Cell(i) => forced.push(i),
                Cand::Untouched => forced.extend(untouched.iter().copied().filter(|&i| values[i].is_none())),
            }
        }
        forced.sort_unstable();
        forced.dedup();
        Ok(forced)
    }
}

/// Decisions the exact checker may take per cell before the LP and the SAT solver.
const CHECK_NODES: usize = 2000;

/// Decisions the exact checker may take per cell without the counter, before the SAT
/// solver is asked (a cell it cannot settle quickly is usually settled by one query).
const PRE_CHECK_NODES: usize = 200;

/// When the checker leaves at most this many cells open at [`PRE_CHECK_NODES`],
/// each is asked again with [`RETRY_NODES`] before the SAT solver is: a cell or two
/// usually need a few hundred to a few thousand decisions, less than the solver's
/// set-up (every visible clue encoded) and query. When more are left open they are
/// usually dozens, a region the solver settles far quicker in one query.
const RETRY_CELLS: usize = 2;

/// Decisions for each cell asked again.
const RETRY_NODES: usize = 10_000;

/// The level's SAT solver, built on first use and moved to the round that starts with
/// `round` once a round (`ready` says whether it has been this round).
fn start_sat<'s, 'p>(
    sat: &'s mut Option<LevelSat<'p>>,
    ready: &mut bool,
    puzzle: &'p Puzzle,
    backend: SatBackend,
    round: &RoundFacts<'_>,
) -> &'s mut LevelSat<'p> {
    let sat = sat.get_or_insert_with(|| LevelSat::new(puzzle, backend));
    if !std::mem::replace(ready, true) {
        sat.start_round(round.known, round.visible);
    }
    sat
}

/// Asks the exact checker, without the counter, about each cell of `cands` that no
/// colouring rules out yet. Returns the cells it proves forced (their proofs go to
/// `proofs`) and those it could not settle within [`PRE_CHECK_NODES`] (or, when
/// they are at most [`RETRY_CELLS`], asked again, within [`RETRY_NODES`]). A
/// colouring it finds shows the cells it flips are not forced without the counter;
/// when it meets the counter too it is kept, and the local search starts once from
/// the round's first such colouring.
fn check_without_counter(
    checker: &mut ExactChecker<'_>,
    models: &mut Models,
    search: &mut Search<'_>,
    cands: &[Cand],
    round: &RoundFacts<'_>,
    proofs: &mut [Option<Proof>],
    clock: &Clock,
) -> Result<(Vec<Cand>, Vec<Cand>), Stop> {
    let puzzle = round.puzzle;
    let mut forced = Vec::new();
    let mut unknown = Vec::new();
    let mut flipped = vec![false; puzzle.cells.len()];
    let mut derive = true;
    for (k, &c) in cands.iter().enumerate() {
        let Cand::Cell(i) = c else { continue };
        if flipped[i] || models.rules_out(puzzle, round.is_untouched, c) {
            continue;
        }
        clock.check()?;
        match checker.check(round.visible, false, Some(i), PRE_CHECK_NODES) {
            Check::Forced { used, counter } => {
                proofs[i] = Some(proof_of(round, &used, counter));
                forced.push(c);
            }
            Check::Unknown => unknown.push(c),
            Check::Free => {
                let colouring = checker_colouring(checker, round);
                for (m, f) in flipped.iter_mut().enumerate() {
                    *f |= colouring[m] != puzzle.blue[m];
                }
                if models.add(&colouring, puzzle, round.known, round.is_visible)
                    && std::mem::take(&mut derive)
                {
                    let mut rest = cands[k + 1..].to_vec();
                    models.search(search, Some(&colouring), &mut rest, DERIVE_SEARCH, round);
                }
            }
        }
    }
    if unknown.len() <= RETRY_CELLS {
        let (retried, open) = check_each(
            checker,
            models,
            unknown,
            (false, RETRY_NODES),
            round,
            proofs,
            clock,
        )?;
        forced.extend(retried);
        unknown = open;
    }
    Ok((forced, unknown))
}

/// Asks the exact checker about each of `cands` that no colouring rules out yet,
/// within `nodes` decisions each, with the counter or without it (`(counter, nodes)`;
/// without it the untouched cells, which only the counter sees, are left open
/// unasked). The colouring behind a `Free` answer is kept when it meets the counter.
/// Returns the candidates it proves forced (a cell's proof goes to `proofs`) and
/// those it could not settle.
fn check_each(
    checker: &mut ExactChecker<'_>,
    models: &mut Models,
    cands: Vec<Cand>,
    (counter, nodes): (bool, usize),
    round: &RoundFacts<'_>,
    proofs: &mut [Option<Proof>],
    clock: &Clock,
) -> Result<(Vec<Cand>, Vec<Cand>), Stop> {
    let puzzle = round.puzzle;
    let mut forced = Vec::new();
    let mut open = Vec::with_capacity(cands.len());
    for c in cands {
        let cell = match c {
            Cand::Cell(i) => Some(i),
            Cand::Untouched if counter => None,
            Cand::Untouched => {
                open.push(c);
                continue;
            }
        };
        clock.check()?;
        // A colouring the checker kept for an earlier candidate may rule it out.
        if models.rules_out(puzzle, round.is_untouched, c) {
            continue;
        }
        match checker.check(round.visible, counter, cell, nodes) {
            Check::Forced { used, counter } => {
                if let Some(i) = cell {
                    proofs[i] = Some(proof_of(round, &used, counter));
                }
                forced.push(c);
            }
            Check::Free => {
                models.add(
                    &checker_colouring(checker, round),
                    puzzle,
                    round.known,
                    round.is_visible,
                );
            }
            Check::Unknown => open.push(c),
        }
    }
    Ok((forced, open))
}

/// The proof of a `Forced` answer of the checker asked about the round's visible
/// clues: `used` are positions in that list.
fn proof_of(round: &RoundFacts<'_>, used: &[usize], counter: bool) -> Proof {
    Proof {
        clues: used.iter().map(|&k| round.visible[k]).collect(),
        counter,
    }
}

/// The colouring of every cell behind the checker's last `Free` answer: the
/// solution's colours outside its variables, and untouched cells flipped, as far as
/// they allow, to bring the blue count back to the solution's (they meet no clue,
/// so only the counter sees them).
fn checker_colouring(checker: &ExactChecker<'_>, round: &RoundFacts<'_>) -> Vec<bool> {
    let puzzle = round.puzzle;
    let mut colouring = puzzle.blue.clone();
    for (m, blue) in checker.model() {
        colouring[m] = blue;
    }
    let mut extra_blue: i64 = colouring
        .iter()
        .zip(&puzzle.blue)
        .map(|(&now, &was)| i64::from(now) - i64::from(was))
        .sum();
    for &u in round.untouched {
        if extra_blue == 0 {
            break;
        }
        if round.values[u].is_none() && colouring[u] == (extra_blue > 0) {
            colouring[u] = !colouring[u];
            extra_blue += if colouring[u] { 1 } else { -1 };
        }
    }
    colouring
}

/// Branch-and-bound nodes for one cell the LP could not refute.
const ILP_NODES: u64 = 200;

/// Moves the cells of `cands` that the LP refutes to `forced` (those it gets to
/// before the clock stops it).
fn lp_refute_cells(lp: &lp::Relaxation<'_>, cands: &mut Vec<Cand>, forced: &mut Vec<Cand>, clock: &Clock) {
    let cells: Vec<usize> = cands
        .iter()
        .filter_map(|c| match c {
            Cand::Cell(i) => Some(*i),
            Cand::Untouched => None,
        })
        .collect();
    if cells.is_empty() {
        return;
    }
    let mut refuted = lp.refuted_cells(&cells, clock);
    refuted.sort_unstable();
    move_refuted(cands, &refuted, forced);
}

/// Moves the cells of `cands` that the LP with whole cells refutes to `forced`:
/// counting arguments that need integrality (parity and the like), by a brief branch
/// and bound each, before the SAT solver gets them.
fn integral_refute_cells(
    lp: &lp::Relaxation<'_>,
    cands: &mut Vec<Cand>,
    forced: &mut Vec<Cand>,
    clock: &Clock,
) -> Result<(), Stop> {
    let mut refuted = Vec::new();
    for c in cands.iter() {
        clock.check()?;
        if let Cand::Cell(i) = c {
            if lp.refutes_integral(*c, ILP_NODES) == Some(true) {
                refuted.push(*i);
            }
        }
    }
    refuted.sort_unstable();
    move_refuted(cands, &refuted, forced);
    Ok(())
}

/// Moves the cells of `cands` listed in `refuted` (sorted) to `forced`.
fn move_refuted(cands: &mut Vec<Cand>, refuted: &[usize], forced: &mut Vec<Cand>) {
    cands.retain(|c| match c {
        Cand::Cell(i) if refuted.binary_search(i).is_ok() => {
            forced.push(*c);
            false
        }
        _ => true,
    });
}
