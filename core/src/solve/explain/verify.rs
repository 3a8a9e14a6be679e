//! Re-checking an explanation independently of how it was found: a fresh SAT
//! encoding of only its clues (the counter too, when it lists it), with the cells
//! uncovered before its round as constants, must rule out the cell's other colour;
//! and without any one of its clues, it must not. Where the SAT solver runs out of
//! conflicts on a counting argument, the LP relaxation of the same clues, then its
//! integral version, may refute the colour instead (both are sound for that). Meant for tests and for tools that
//! want to trust an explanation without trusting the engine's search. [`rederive`]
//! asks the exact checker instead, which is what the named rules are held to.

use crate::model::Level;
use crate::solve::budget::{Budget, Clock};
use crate::solve::puzzle::{Cand, Puzzle, Values};
use crate::solve::reason::exact::{Check, ExactChecker};
use crate::solve::reason::lp::Relaxation;
use crate::solve::reason::sat::encode::{Cnf, Lit};
use crate::solve::reason::sat::{SatBackend, SatResult};
use crate::solve::report::{ClueRef, Report};

/// What the re-check of one explanation found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExplanationCheck {
    /// The clues (and the counter, if listed) force the cell.
    pub forces: bool,
    /// No clue can be dropped: without any one of them the cell is not forced.
    pub minimal: bool,
}

/// Re-checks the explanation of `report.deductions[k]`, for the level `report` is
/// about. `None` when `k` is out of range or a listed clue is not one of the level's
/// clues visible in that round (the explanation is then plainly wrong).
pub fn check_explanation(level: &Level, report: &Report, k: usize) -> Option<ExplanationCheck> {
    let Listed {
        puzzle,
        cell,
        known,
        counter,
        clues,
    } = Listed::of(level, report, k)?;
    let forces = refutes(&puzzle, &known, &clues, counter, cell) == Some(true)
        || refutes_linear(&puzzle, &known, &clues, counter, cell);
    // Minimal: without any one clue (or the counter) a colouring with the cell wrong
    // is found.
    let minimal = forces
        && (0..clues.len()).all(|drop| {
            let fewer: Vec<usize> = clues
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != drop)
                .map(|(_, c)| *c)
                .collect();
            refutes(&puzzle, &known, &fewer, counter, cell) == Some(false)
        })
        && (!counter || clues.is_empty() || refutes(&puzzle, &known, &clues, false, cell) == Some(false));
    Some(ExplanationCheck { forces, minimal })
}

/// Decisions the exact checker may take to re-derive one cell.
const REDERIVE_NODES: usize = 1_000_000;

/// Re-derives the cell of `report.deductions[k]` from its listed clues alone with
/// the exact checker (`exact/`): those clues' cells and the colours known before
/// the deduction's round, and the counter when it is listed, nothing else.
/// `Some(true)` when they force the cell's colour, `Some(false)` when a colouring
/// meets them with the cell's other colour; `None` when `k` is out of range, a
/// listed clue is not visible in that round, or the checker stops at its limit.
/// Independent of the rule that named the deduction, so a test can hold every
/// named rule to it.
pub fn rederive(level: &Level, report: &Report, k: usize) -> Option<bool> {
    let Listed {
        puzzle,
        cell,
        known,
        counter,
        clues,
    } = Listed::of(level, report, k)?;
    let visible = puzzle.visible_clues(&known);
    let mut checker = ExactChecker::new(&puzzle, &known, &visible);
    match checker.check(&clues, counter, Some(cell), REDERIVE_NODES) {
        Check::Forced { .. } => Some(true),
        Check::Free => Some(false),
        Check::Unknown => None,
    }
}

/// One deduction's explanation, read against the level: the cell it uncovers, what
/// the player knows at the start of its round, and the clues (and counter) it lists.
struct Listed {
    puzzle: Puzzle,
    cell: usize,
    known: Values,
    counter: bool,
    clues: Vec<usize>,
}

impl Listed {
    /// `None` when `k` is out of range or a listed clue is not visible in its round.
    fn of(level: &Level, report: &Report, k: usize) -> Option<Self> {
        let deduction = report.deductions.get(k)?;
        let puzzle = Puzzle::new(level);
        let cell = puzzle.cell_at(deduction.pos)?;
        let known = known_before(&puzzle, report, deduction.round)?;
        let counter = deduction.explanation.clues.contains(&ClueRef::RemainingCounter);
        let clues = listed_clues(&puzzle, &known, &deduction.explanation.clues)?;
        Some(Listed {
            puzzle,
            cell,
            known,
            counter,
            clues,
        })
    }
}

/// What the player knows at the start of round `round` of `report`.
fn known_before(puzzle: &Puzzle, report: &Report, round: usize) -> Option<Values> {
    let mut known = puzzle.initial_values();
    for d in report.deductions.iter().filter(|d| d.round < round) {
        let i = puzzle.cell_at(d.pos)?;
        known[i] = Some(puzzle.blue[i]);
    }
    Some(known)
}

/// The puzzle clues behind `listed` (the counter left out), each visible with
/// `known`; `None` when one is not.
fn listed_clues(puzzle: &Puzzle, known: &Values, listed: &[ClueRef]) -> Option<Vec<usize>> {
    let mut clues = Vec::new();
    for clue in listed {
        let ClueRef::Clue(at) = *clue else { continue };
        let c =
            (0..puzzle.clues.len()).find(|&c| puzzle.clues[c].at == at && puzzle.clue_visible(c, known))?;
        clues.push(c);
    }
    Some(clues)
}

/// Whether the LP relaxation of `clues` (and the counter), or its integral version,
/// is infeasible with `cell` at its wrong colour.
fn refutes_linear(puzzle: &Puzzle, known: &Values, clues: &[usize], counter: bool, cell: usize) -> bool {
    let in_clue = puzzle.held_by(clues);
    let others: Vec<usize> = (0..puzzle.cells.len())
        .filter(|&i| known[i].is_none() && !in_clue[i])
        .collect();
    let lp = Relaxation::new(puzzle, known, clues, &others, counter);
    if in_clue[cell] {
        return lp.refutes(Cand::Cell(cell))
            || lp.refutes_integral(Cand::Cell(cell), ILP_NODES) == Some(true);
    }
    // A cell in none of the clues is seen by the counter alone, like every other such
    // cell: when they all share its colour, "one of them differs" is the question.
    counter && others.iter().all(|&i| puzzle.blue[i] == puzzle.blue[cell]) && lp.refutes(Cand::Untouched)
}

/// Conflicts for one SAT question of the re-check.
const VERIFY_CONFLICTS: u64 = 50_000;

/// Branch-and-bound nodes for the integral re-check.
const ILP_NODES: u64 = 100_000;

/// Whether `clues` (and the counter when `counter`) leave `cell` no colour but its
/// solution colour, by a fresh SAT solver: `Some(true)` refuted, `Some(false)` a
/// colouring with the cell wrong exists, `None` out of conflicts.
fn refutes(puzzle: &Puzzle, known: &Values, clues: &[usize], counter: bool, cell: usize) -> Option<bool> {
    let mut sat = SatBackend::default().new_solver();
    let mut var_of = vec![0; puzzle.cells.len()];
    let mut lit_of = |m: usize, sat: &mut Box<dyn crate::solve::reason::sat::SatSolver>| match known[m] {
        Some(b) => Lit::Const(b),
        None => {
            if var_of[m] == 0 {
                var_of[m] = sat.new_var();
            }
            Lit::Var(var_of[m])
        }
    };
    // Variables first (a cell's literal is "it is blue"), then the clauses.
    let mut members: Vec<Vec<Lit>> = Vec::new();
    for &c in clues {
        members.push(
            puzzle.clues[c]
                .members
                .iter()
                .map(|&m| lit_of(m, &mut sat))
                .collect(),
        );
    }
    let wrong = match lit_of(cell, &mut sat) {
        Lit::Var(v) if puzzle.blue[cell] => -v,
        Lit::Var(v) => v,
        // Uncovered already: nothing to refute.
        Lit::Const(_) => return Some(false),
    };
    {
        let lit = |m: usize| match known[m] {
            Some(b) => Lit::Const(b),
            None if var_of[m] != 0 => Lit::Var(var_of[m]),
            // In none of the clues: only the counter sees it.
            None => Lit::Const(puzzle.blue[m]),
        };
        let mut cnf = Cnf::new(sat.as_mut());
        for &c in clues {
            cnf.clue(None, &puzzle.clues[c], &lit);
        }
        if counter {
            // Hidden cells in the clues, plus any number of the others, make the
            // remaining count.
            let remaining = puzzle.remaining(known) as i64;
            let inside: Vec<Lit> = (0..puzzle.cells.len())
                .filter(|&i| var_of[i] != 0)
                .map(|i| Lit::Var(var_of[i]))
                .collect();
            let outside = (0..puzzle.cells.len())
                .filter(|&i| known[i].is_none() && var_of[i] == 0)
                .count() as i64;
            cnf.count_between(None, &inside, remaining - outside, remaining);
        }
    }
    // Counting arguments the solver finds hard go to the LP instead (see above).
    let clock = Clock::start(&Budget {
        max_conflicts: Some(VERIFY_CONFLICTS),
        ..Budget::default()
    });
    match sat.solve(&[wrong], &clock) {
        SatResult::Unsat => Some(true),
        SatResult::Sat => Some(false),
        SatResult::Unknown => None,
    }
}
