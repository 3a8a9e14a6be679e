//! The checker against the SAT solver on the fixture levels.

use super::*;
use crate::solve::budget::{Budget, Clock};
use crate::solve::explain::question::Questions;
use crate::solve::fixture_rounds::{fixture_rounds, FixtureRound, GENERATED_FIXTURES, SOLVE_FIXTURES};
use crate::solve::puzzle::{Cand, Puzzle, Values};
use crate::solve::reason::sat::encode::Lit;
use crate::solve::reason::sat::round::RoundSolver;
use crate::solve::reason::sat::{SatBackend, SatResult};

/// Whether the SAT solver finds no colouring with `cand` wrong that meets the
/// clues at positions `set` of the round's visible clues (and the counter).
fn sat_forces(round: &mut RoundSolver<'_>, set: &[usize], counter: bool, cand: Cand) -> bool {
    let counter_sel = round.counter().0;
    let Lit::Var(wrong) = round.wrong(cand) else {
        return round.wrong(cand) == Lit::Const(false);
    };
    let mut assumptions: Vec<i32> = set.iter().map(|&k| round.selectors[k].1).collect();
    if counter {
        assumptions.push(counter_sel);
    }
    assumptions.push(wrong);
    let clock = Clock::start(&Budget::default());
    round.sat.solve(&assumptions, &clock) == SatResult::Unsat
}

/// Whether the clues a refutation named (positions `used` in `set`), with the
/// counter if it used it, force `cand` on their own.
fn core_forces(
    round: &mut RoundSolver<'_>,
    set: &[usize],
    used: &[usize],
    counter: bool,
    cand: Cand,
) -> bool {
    let core: Vec<usize> = used.iter().map(|&p| set[p]).collect();
    sat_forces(round, &core, counter, cand)
}

/// What the checker can be asked about in a round: the untouched cells (`None`),
/// then each hidden cell a visible clue touches.
fn questions(puzzle: &Puzzle, known: &Values, visible: &[usize]) -> Vec<Option<usize>> {
    let in_clue = puzzle.held_by(visible);
    let touched = (0..puzzle.cells.len()).filter(|&i| known[i].is_none() && in_clue[i]);
    std::iter::once(None).chain(touched.map(Some)).collect()
}

/// Clue sets to ask about: every prefix of the visible clues and a few mixes.
fn subsets(n: usize) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = (0..=n).map(|k| (0..k).collect()).collect();
    for step in 2..5 {
        for offset in 0..step {
            out.push((offset..n).step_by(step).collect());
        }
    }
    out
}

/// The checker agrees with the SAT solver on every answer it gives, and the clues
/// (and counter) it or an LP certificate names for a forced cell force it on
/// their own.
#[test]
fn agrees_with_the_sat_solver_on_the_fixture_levels() {
    let mut n_decided = 0;
    let mut n_certificates = 0;
    for round in fixture_rounds(&SOLVE_FIXTURES) {
        let FixtureRound {
            title,
            puzzle,
            known,
            visible,
            ..
        } = round;
        let mut checker = ExactChecker::new(&puzzle, &known, &visible);
        let asked = Questions::new(&puzzle, &known, SatBackend::default(), visible.clone(), None);
        let mut round = RoundSolver::new(&puzzle, &known, SatBackend::default(), visible.clone(), &visible);
        // The counter's literals, so that the untouched cells can be asked about.
        round.counter();
        for cell in questions(&puzzle, &known, &visible) {
            let cand = cell.map_or(Cand::Untouched, Cand::Cell);
            for set in subsets(visible.len()) {
                for counter in [false, true] {
                    let clues: Vec<usize> = set.iter().map(|&k| visible[k]).collect();
                    if let Some((used, c)) = asked.lp_refutation(&clues, counter, cell, true) {
                        // An LP certificate names clues that force the cell.
                        n_certificates += 1;
                        assert!(!c || counter);
                        assert!(
                            core_forces(&mut round, &set, &used, c, cand),
                            "LP core {used:?} of {set:?}"
                        );
                    }
                    let answer = checker.check(&clues, counter, cell, 100_000);
                    if answer == Check::Unknown || (cell.is_none() && !counter) {
                        continue;
                    }
                    if cell.is_none() && round.wrong(cand) == Lit::Const(true) {
                        continue;
                    }
                    n_decided += 1;
                    let forced = sat_forces(&mut round, &set, counter, cand);
                    match answer {
                        Check::Forced { used, counter: c } => {
                            assert!(forced, "{}: {cand:?} {set:?} {counter}", title);
                            assert!(!c || counter);
                            assert!(
                                core_forces(&mut round, &set, &used, c, cand),
                                "core {used:?} of {set:?}"
                            );
                        }
                        Check::Free => {
                            assert!(!forced, "{}: {cand:?} {set:?} {counter}", title)
                        }
                        Check::Unknown => {}
                    }
                }
            }
        }
    }
    assert!(n_decided > 100, "only {n_decided} answers checked");
    assert!(
        n_certificates > 10,
        "only {n_certificates} LP certificates checked"
    );
}

/// A question asked right after another with the same clues and counter reuses
/// its variables and constraints: every such answer is the one a fresh checker
/// gives, and a colouring behind "does not force" has the cell wrong.
#[test]
fn reused_questions_answer_as_fresh_ones() {
    let mut n_reused = 0;
    for round in fixture_rounds(&SOLVE_FIXTURES) {
        let FixtureRound {
            title,
            puzzle,
            known,
            visible,
            ..
        } = round;
        let cells = questions(&puzzle, &known, &visible);
        for counter in [false, true] {
            let mut reused = ExactChecker::new(&puzzle, &known, &visible);
            for &cell in &cells {
                let answer = reused.check(&visible, counter, cell, 100_000);
                let fresh =
                    ExactChecker::new(&puzzle, &known, &visible).check(&visible, counter, cell, 100_000);
                let kind = |a: &Check| std::mem::discriminant(a);
                assert_eq!(kind(&answer), kind(&fresh), "{title}: {cell:?} counter {counter}");
                if let (Check::Free, Some(cell)) = (&answer, cell) {
                    let wrong = reused
                        .model()
                        .any(|(m, blue)| m == cell && blue != puzzle.blue[cell]);
                    assert!(wrong, "{title}: the colouring keeps cell {cell} right");
                }
                n_reused += 1;
            }
        }
    }
    assert!(n_reused > 40, "only {n_reused} questions asked");
}

/// Counter questions decided part by part agree with the SAT solver: a forced
/// answer's clues force the cell on their own, and a colouring behind "does not
/// force" has the cell wrong and meets every clue asked about. The checker keeps
/// what it found of each part from question to question: every answer, and the
/// colouring behind it, is the one a fresh checker gives.
#[test]
fn parts_agree_with_the_sat_solver_on_the_fixture_levels() {
    let (mut n_forced, mut n_free) = (0, 0);
    for round in fixture_rounds(&[&SOLVE_FIXTURES[..], &GENERATED_FIXTURES[..]].concat()) {
        let FixtureRound {
            title,
            puzzle,
            known,
            visible,
            ..
        } = round;
        let mut checker = ExactChecker::new(&puzzle, &known, &visible);
        let mut round = RoundSolver::new(&puzzle, &known, SatBackend::default(), visible.clone(), &visible);
        round.counter();
        // Mixes of clues from all over the level, which fall into parts more often.
        let n = visible.len();
        let mut sets = subsets(n);
        for step in 5..n.min(12) {
            for offset in 0..step {
                sets.push((offset..n).step_by(step).collect());
            }
        }
        for cell in questions(&puzzle, &known, &visible).into_iter().flatten() {
            for set in &sets {
                let clues: Vec<usize> = set.iter().map(|&k| visible[k]).collect();
                let answer = checker.check_by_parts(&clues, cell, 100_000);
                let mut fresh = ExactChecker::new(&puzzle, &known, &visible);
                assert_eq!(
                    answer,
                    fresh.check_by_parts(&clues, cell, 100_000),
                    "{title}: {set:?}"
                );
                let Some(answer) = answer else {
                    continue;
                };
                if answer == Check::Free {
                    let model: Vec<(usize, bool)> = checker.model().collect();
                    assert_eq!(model, fresh.model().collect::<Vec<_>>(), "{title}: {set:?}");
                }
                let forced = sat_forces(&mut round, set, true, Cand::Cell(cell));
                match answer {
                    Check::Forced { used, counter } => {
                        assert!(forced, "{title}: cell {cell} {set:?}");
                        assert!(
                            core_forces(&mut round, set, &used, counter, Cand::Cell(cell)),
                            "{title}: core {used:?} of {set:?}"
                        );
                        n_forced += 1;
                    }
                    Check::Free => {
                        assert!(!forced, "{title}: cell {cell} {set:?}");
                        let colour: std::collections::HashMap<usize, bool> = checker.model().collect();
                        assert_eq!(
                            colour.get(&cell),
                            Some(&!puzzle.blue[cell]),
                            "{title}: cell {cell}"
                        );
                        let is_blue = |m: usize| known[m].or(colour.get(&m).copied()) == Some(true);
                        for &c in &clues {
                            assert!(puzzle.clues[c].holds(is_blue), "{title}: clue {c} in {set:?}");
                        }
                        n_free += 1;
                    }
                    Check::Unknown => panic!("{title}: parts answer unknown"),
                }
            }
        }
    }
    assert!(
        n_forced > 10 && n_free > 10,
        "only {n_forced} forced and {n_free} free answers checked"
    );
}
