//! The engine's first and cheapest layer: the quick forms of the rule families, applied
//! to a fixpoint over a round's visible clues. One clue alone (`alone.rs`), two
//! overlapping clues by their counts (`overlap.rs`), and the remaining-blue counter
//! alone or against clues that share no hidden cell (`counter.rs`) settle most cells
//! before any solver call. Each is sound; none names its clues (the matchers do that
//! afterwards, for the cells the round uncovers).

use super::{alone, counter, overlap};
use crate::solve::puzzle::{Puzzle, Values};

/// Propagates the visible clues (and the counter) over `values` to a fixpoint,
/// returning the newly forced cells.
#[cfg(test)]
pub(super) fn propagate(puzzle: &Puzzle, visible: &[usize], values: &mut Values) -> Vec<usize> {
    propagate_changed(puzzle, visible, values, vec![true; puzzle.clues.len()])
}

/// [`propagate`] for `values` that differ from a fixpoint of these rules (over
/// some of the `visible` clues) only in the members of the clues marked in
/// `changed`, and in clues not in that fixpoint (marked too): a clue's rule, or a
/// pair's, reads only its members, so only those with a changed clue can say more.
/// The counter's rules, which read every cell, always run.
pub(crate) fn propagate_changed(
    puzzle: &Puzzle,
    visible: &[usize],
    values: &mut Values,
    changed: Vec<bool>,
) -> Vec<usize> {
    // A clue with no hidden member forces nothing: only the others take part.
    let visible: Vec<usize> = visible
        .iter()
        .copied()
        .filter(|&c| puzzle.clues[c].members.iter().any(|&m| values[m].is_none()))
        .collect();
    let visible = visible.as_slice();
    let mut agenda = Agenda::new(puzzle, visible, changed);
    loop {
        while let Some(c) = agenda.pop() {
            for (cell, blue) in alone::forced(puzzle, c, values) {
                agenda.force(puzzle, values, cell, blue);
            }
        }
        let mut found = counter::forced_alone(puzzle, values);
        if found.is_empty() {
            found = overlap::forced_by_pairs(puzzle, visible, &agenda.is_visible, values, &agenda.changed);
        }
        if found.is_empty() {
            found = counter::forced_against_clues(puzzle, visible, values);
        }
        if found.is_empty() {
            return agenda.forced;
        }
        for (cell, blue) in found {
            agenda.force(puzzle, values, cell, blue);
        }
    }
}

/// The work of one [`propagate_changed`]: the cells forced so far, the clues changed
/// since the fixpoint it started from, and the visible clues queued to be looked at
/// again (each at most once at a time).
struct Agenda {
    forced: Vec<usize>,
    changed: Vec<bool>,
    is_visible: Vec<bool>,
    queued: Vec<bool>,
    queue: Vec<usize>,
}

impl Agenda {
    /// The visible clues marked in `changed` queued.
    fn new(puzzle: &Puzzle, visible: &[usize], changed: Vec<bool>) -> Agenda {
        let mut queued = vec![false; puzzle.clues.len()];
        let mut queue: Vec<usize> = Vec::with_capacity(visible.len());
        queue.extend(visible.iter().copied().filter(|&c| changed[c]));
        for &c in &queue {
            queued[c] = true;
        }
        let mut is_visible = vec![false; puzzle.clues.len()];
        for &c in visible {
            is_visible[c] = true;
        }
        Agenda {
            forced: Vec::new(),
            changed,
            is_visible,
            queued,
            queue,
        }
    }

    /// The next clue to look at again.
    fn pop(&mut self) -> Option<usize> {
        let c = self.queue.pop()?;
        self.queued[c] = false;
        Some(c)
    }

    /// Forces `cell` to `blue` unless it is known already, and marks the clues it is
    /// in changed, queueing the visible ones.
    fn force(&mut self, puzzle: &Puzzle, values: &mut Values, cell: usize, blue: bool) {
        if values[cell].is_some() {
            return;
        }
        values[cell] = Some(blue);
        self.forced.push(cell);
        for &other in puzzle.clues_of_cell(cell) {
            self.changed[other] = true;
            if self.is_visible[other] && !self.queued[other] {
                self.queued[other] = true;
                self.queue.push(other);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_support::level;
    use crate::format::parse;

    /// The level in `text` as the engine sees it at the start: its puzzle, the
    /// cells revealed, and every clue (the test levels show all of theirs).
    fn first_round(text: &str) -> (Puzzle, Values, Vec<usize>) {
        let parsed = parse(text).levels.remove(0).level;
        let puzzle = Puzzle::new(&parsed);
        let known = puzzle.initial_values();
        let visible: Vec<usize> = (0..puzzle.clues.len()).collect();
        (puzzle, known, visible)
    }

    #[test]
    fn from_a_fixpoint_the_changed_clues_reach_what_all_clues_reach() {
        use crate::solve::fixture_rounds::{fixture_rounds, GENERATED_FIXTURES, SOLVE_FIXTURES};
        let mut n_rounds = 0;
        for round in fixture_rounds(&[&SOLVE_FIXTURES[..], &GENERATED_FIXTURES[..]].concat()) {
            let puzzle = &round.puzzle;
            // The rules' fixpoint from the round's start, then a few more cells
            // uncovered (every third hidden cell, as the solution colours it).
            let mut fixpoint = round.known.clone();
            propagate(puzzle, &round.visible, &mut fixpoint);
            let mut values = fixpoint.clone();
            let mut changed = vec![false; puzzle.clues.len()];
            let hidden: Vec<usize> = (0..values.len()).filter(|&i| values[i].is_none()).collect();
            for i in hidden.into_iter().step_by(3) {
                values[i] = Some(puzzle.blue[i]);
                for &c in puzzle.clues_of_cell(i) {
                    changed[c] = true;
                }
            }
            let (mut all, mut some) = (values.clone(), values);
            let forced_all = propagate(puzzle, &round.visible, &mut all);
            let forced_some = propagate_changed(puzzle, &round.visible, &mut some, changed);
            assert_eq!(some, all, "{} round {}", round.title, round.r);
            let mut sorted = forced_some.clone();
            sorted.sort_unstable();
            let mut want = forced_all;
            want.sort_unstable();
            assert_eq!(sorted, want, "{} round {}", round.title, round.r);
            n_rounds += 1;
        }
        assert!(n_rounds >= 10, "rounds checked: {n_rounds}");
    }

    #[test]
    fn two_overlapping_clues_force_what_neither_forces_alone() {
        // A 4 above a 1; they share two hidden cells. The 4 needs at least one blue
        // there, the 1 allows at most one: so exactly one, which fills the rest of
        // the 4 and empties the rest of the 1.
        let (text, _) = level(&[
            "..x...", //
            "x...x.", //
            "..O+..", //
            "o...x.", //
            "..O+..", //
            "o...o.", //
            "..o...",
        ]);
        let (puzzle, known, visible) = first_round(&text);
        assert_eq!(visible.len(), 2);
        for &c in &visible {
            assert!(
                alone::forced(&puzzle, c, &known).is_empty(),
                "one clue alone forces nothing"
            );
        }
        let mut values = known.clone();
        let forced = propagate(&puzzle, &visible, &mut values);
        assert_eq!(forced.len(), 6);
        for i in forced {
            assert_eq!(values[i], Some(puzzle.blue[i]));
        }
        let open: Vec<usize> = (0..values.len()).filter(|i| values[*i].is_none()).collect();
        assert_eq!(open.len(), 2, "the two shared cells stay open");
        assert!(open.iter().all(|i| puzzle.clues_of_cell(*i).len() == 2));
    }

    #[test]
    fn the_counter_against_disjoint_clues_settles_the_cells_they_leave_out() {
        // One blue cell in all, and the 1 needs it among its two hidden neighbours:
        // the far cell must be black. No single clue, pair or bare count says so.
        let (text, _) = level(&[
            "..O+......", //
            "x...o.....", //
            "..........", //
            "........o.",
        ]);
        let (puzzle, known, visible) = first_round(&text);
        assert!(counter::forced_alone(&puzzle, &known).is_empty());
        assert!(overlap::forced_by_pairs(&puzzle, &visible, &[true; 1], &known, &[true; 1]).is_empty());
        let mut values = known.clone();
        let forced = propagate(&puzzle, &visible, &mut values);
        assert_eq!(forced.len(), 1);
        let far = forced[0];
        assert!(puzzle.clues_of_cell(far).is_empty());
        assert_eq!(values[far], Some(false));
    }
}
