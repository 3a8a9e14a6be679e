//! The engine's first and cheapest layer: the quick forms of the rule families, applied
//! to a fixpoint over a round's visible clues. One clue alone (`alone.rs`), two
//! overlapping clues by their counts (`overlap.rs`), and the remaining-blue counter
//! alone or against clues that share no hidden cell (`counter.rs`) settle most cells
//! before any solver call. Each is sound; none names its rule (the matchers do that
//! afterwards, for the cells the round uncovers), but each cell a clue or a pair
//! forces keeps its [`Reason`]: the clues that force it with the round's start, which
//! the deducer keeps as the cell's proof for the other versions of the level.

use super::{alone, counter, overlap};
use crate::solve::puzzle::{Puzzle, Values};

/// Clues a [`Reason`] keeps at most: a wider one (a long chain of the round's
/// cells) is not kept, so the cell gets no proof.
const MAX_REASON_CLUES: usize = 24;

/// Why the quick forms forced a cell, with the cells uncovered when the round
/// started.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum Reason {
    /// Uncovered when the round started, or still hidden: nothing to say.
    #[default]
    Given,
    /// These clues (puzzle clue indices, sorted), with the remaining-blue counter
    /// when `counter`, force it with the cells uncovered when the round started.
    /// A rule that read a cell forced before it in the round reads that cell's
    /// reason too: its clues are in.
    By { clues: Vec<usize>, counter: bool },
    /// Forced for a reason not kept: the counter's quick forms (which read every
    /// cell), a wider one than [`MAX_REASON_CLUES`], or one that read such a cell.
    Untold,
}

impl Reason {
    /// The reason of a cell that `clues` force given `values`, where each cell of
    /// `values` the round did not start with has its reason in `reasons`.
    fn of(puzzle: &Puzzle, clues: &[usize], values: &Values, reasons: &[Reason]) -> Reason {
        let mut out = clues.to_vec();
        let mut counter = false;
        for &c in clues {
            for &m in &puzzle.clues[c].members {
                if values[m].is_none() {
                    continue;
                }
                match &reasons[m] {
                    Reason::Given => {}
                    Reason::By { clues, counter: k } => {
                        out.extend_from_slice(clues);
                        counter |= k;
                    }
                    Reason::Untold => return Reason::Untold,
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        if out.len() > MAX_REASON_CLUES {
            return Reason::Untold;
        }
        Reason::By { clues: out, counter }
    }
}

/// Propagates the visible clues (and the counter) over `values` to a fixpoint,
/// returning the newly forced cells.
#[cfg(test)]
pub(super) fn propagate(puzzle: &Puzzle, visible: &[usize], values: &mut Values) -> Vec<usize> {
    let mut reasons = vec![Reason::Given; values.len()];
    propagate_changed(
        puzzle,
        visible,
        values,
        vec![true; puzzle.clues.len()],
        &mut reasons,
    )
}

/// [`propagate`] for `values` that differ from a fixpoint of these rules (over
/// some of the `visible` clues) only in the members of the clues marked in
/// `changed`, and in clues not in that fixpoint (marked too): a clue's rule, or a
/// pair's, reads only its members, so only those with a changed clue can say more.
/// The counter's rules, which read every cell, always run.
///
/// `reasons` holds, per cell, the reason of each cell of `values` the round did not
/// start with ([`Reason::Given`] for the others); each cell forced here gets its own.
pub(crate) fn propagate_changed(
    puzzle: &Puzzle,
    visible: &[usize],
    values: &mut Values,
    changed: Vec<bool>,
    reasons: &mut [Reason],
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
            let found = alone::forced(puzzle, c, values);
            if found.is_empty() {
                continue;
            }
            let reason = Reason::of(puzzle, &[c], values, reasons);
            for (cell, blue) in found {
                if values[cell].is_none() {
                    reasons[cell].clone_from(&reason);
                    agenda.force(puzzle, values, cell, blue);
                }
            }
        }
        let mut found: Vec<(usize, bool, Reason)> = counter::forced_alone(puzzle, values)
            .into_iter()
            .map(|(cell, blue)| (cell, blue, Reason::Untold))
            .collect();
        if found.is_empty() {
            let by_pairs =
                overlap::forced_by_pairs(puzzle, visible, &agenda.is_visible, values, &agenda.changed);
            // Every cell is forced by `values` as they are: the reasons read them
            // before any of these is set.
            found = by_pairs
                .into_iter()
                .map(|(cell, blue, pair)| (cell, blue, Reason::of(puzzle, &pair, values, reasons)))
                .collect();
        }
        if found.is_empty() {
            found = counter::forced_against_clues(puzzle, visible, values)
                .into_iter()
                .map(|(cell, blue)| (cell, blue, Reason::Untold))
                .collect();
        }
        if found.is_empty() {
            return agenda.forced;
        }
        for (cell, blue, reason) in found {
            if values[cell].is_none() {
                reasons[cell] = reason;
                agenda.force(puzzle, values, cell, blue);
            }
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
            let mut reasons = vec![Reason::Given; some.len()];
            let forced_some = propagate_changed(puzzle, &round.visible, &mut some, changed, &mut reasons);
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

    /// The clues of each reason force its cell with the round's start alone, as the
    /// exact checker finds: another version of the level may take the cell as forced
    /// wherever it shows those clues.
    #[test]
    fn the_clues_of_a_cells_reason_force_it_with_the_rounds_start() {
        use crate::solve::fixture_rounds::{fixture_rounds, GENERATED_FIXTURES, SOLVE_FIXTURES};
        use crate::solve::reason::exact::{Check, ExactChecker};
        let (mut n_checked, mut n_chained, mut n_untold) = (0, 0, 0);
        for round in fixture_rounds(&[&SOLVE_FIXTURES[..], &GENERATED_FIXTURES[..]].concat()) {
            let puzzle = &round.puzzle;
            let mut values = round.known.clone();
            let mut reasons = vec![Reason::Given; values.len()];
            let forced = propagate_changed(
                puzzle,
                &round.visible,
                &mut values,
                vec![true; puzzle.clues.len()],
                &mut reasons,
            );
            for (i, reason) in reasons.iter().enumerate() {
                assert!(
                    forced.contains(&i) || *reason == Reason::Given,
                    "{} round {}: a reason for cell {i}, not forced",
                    round.title,
                    round.r
                );
            }
            for &i in &forced {
                let Reason::By { clues, counter } = &reasons[i] else {
                    n_untold += 1;
                    continue;
                };
                let mut checker = ExactChecker::new(puzzle, &round.known, clues);
                let check = checker.check(clues, *counter, Some(i), 1_000_000);
                assert!(
                    matches!(check, Check::Forced { .. }),
                    "{} round {}: cell {i}, clues {clues:?}",
                    round.title,
                    round.r
                );
                n_checked += 1;
                n_chained += usize::from(clues.len() > 2);
            }
        }
        assert!(n_checked > 100, "reasons checked: {n_checked}");
        assert!(
            n_chained > 5,
            "reasons that read a cell the round forced: {n_chained}"
        );
        assert!(n_untold > 0, "no cell forced for a reason not kept");
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
