//! Cheap, sound deductions inside one round: a clue whose count is already met (or
//! can only be met one way), runs on short lines and rings by enumeration, and the
//! remaining-blue counter at 0 or at the number of hidden cells. Applied to a fixpoint,
//! they settle most cells before any solver call.

use crate::solve::puzzle::{Puzzle, Shape, Values};

/// Largest number of patterns enumerated for one clue.
const MAX_PATTERNS: u64 = 4096;

/// Most open members a clue's patterns are enumerated over (one bit each).
const MAX_ENUMERATED: usize = 24;

/// Propagates the visible clues (and the counter) over `values` to a fixpoint,
/// returning the newly forced cells.
#[cfg(test)]
pub(crate) fn propagate(puzzle: &Puzzle, visible: &[usize], values: &mut Values) -> Vec<usize> {
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
    mut changed: Vec<bool>,
) -> Vec<usize> {
    // A clue with no hidden member forces nothing: only the others take part.
    let visible: Vec<usize> = visible
        .iter()
        .copied()
        .filter(|&c| puzzle.clues[c].members.iter().any(|&m| values[m].is_none()))
        .collect();
    let visible = visible.as_slice();
    let mut forced = Vec::new();
    let mut queued = vec![false; puzzle.clues.len()];
    // Each visible clue is queued at most once at a time.
    let mut queue: Vec<usize> = Vec::with_capacity(visible.len());
    queue.extend(visible.iter().copied().filter(|&c| changed[c]));
    for &c in &queue {
        queued[c] = true;
    }
    let mut is_visible = vec![false; puzzle.clues.len()];
    for &c in visible {
        is_visible[c] = true;
    }
    loop {
        while let Some(c) = queue.pop() {
            queued[c] = false;
            for (cell, blue) in single_clue(puzzle, c, values) {
                if values[cell].is_none() {
                    values[cell] = Some(blue);
                    forced.push(cell);
                    for &other in puzzle.clues_of_cell(cell) {
                        changed[other] = true;
                        if is_visible[other] && !queued[other] {
                            queued[other] = true;
                            queue.push(other);
                        }
                    }
                }
            }
        }
        let mut found = counter_rule(puzzle, values);
        if found.is_empty() {
            found = pair_rules(puzzle, visible, &is_visible, values, &changed);
        }
        if found.is_empty() {
            found = counter_partition_rule(puzzle, visible, values);
        }
        if found.is_empty() {
            return forced;
        }
        for (cell, blue) in found {
            if values[cell].is_some() {
                continue;
            }
            values[cell] = Some(blue);
            forced.push(cell);
            for &other in puzzle.clues_of_cell(cell) {
                changed[other] = true;
                if is_visible[other] && !queued[other] {
                    queued[other] = true;
                    queue.push(other);
                }
            }
        }
    }
}

/// Cells that clue `c` alone forces given `values`.
pub(crate) fn single_clue(puzzle: &Puzzle, c: usize, values: &Values) -> Vec<(usize, bool)> {
    forced_by_clue(puzzle, c, values).unwrap_or_default()
}

/// Cells that clue `c` alone forces given `values`, or `None` when no colouring of
/// its hidden members meets it (too many blue, too few cells, or its shape). A clue
/// with too many patterns to enumerate forces nothing and is not refuted.
pub(crate) fn forced_by_clue(puzzle: &Puzzle, c: usize, values: &Values) -> Option<Vec<(usize, bool)>> {
    let clue = &puzzle.clues[c];
    let (mut n_open, mut n_blue) = (0, 0);
    for &m in &clue.members {
        match values[m] {
            None => n_open += 1,
            Some(true) => n_blue += 1,
            Some(false) => {}
        }
    }
    let need = clue.count.checked_sub(n_blue).filter(|n| *n <= n_open)?;
    let open = || clue.members.iter().copied().filter(|&m| values[m].is_none());
    if need == 0 || need == n_open {
        // One way to finish it, which its shape must allow.
        let blue = need > 0;
        let holds = clue.holds(|m| values[m].unwrap_or(blue));
        return holds.then(|| open().map(|m| (m, blue)).collect());
    }
    if let Shape::Line { together } = clue.shape {
        return line_forced(&clue.members, clue.count, together, values);
    }
    if matches!(clue.shape, Shape::Count)
        || n_open > MAX_ENUMERATED
        || binomial(n_open as u64, need as u64) > MAX_PATTERNS
    {
        return Some(Vec::new());
    }
    // Enumerate the ways to place `need` blues among the open members, as bit masks
    // over them (bit i: the i-th open member is blue).
    let open: Vec<usize> = open().collect();
    let bit = |m: usize| open.iter().position(|&o| o == m);
    let (mut can_blue, mut can_black) = (0u32, 0u32);
    let all = (1u32 << n_open) - 1;
    let mut mask = (1u32 << need) - 1;
    while mask <= all {
        let is_blue = |m: usize| bit(m).map_or(values[m] == Some(true), |i| mask >> i & 1 == 1);
        if clue.holds(is_blue) {
            can_blue |= mask;
            can_black |= all & !mask;
        }
        mask = next_combination(mask);
    }
    if can_blue | can_black == 0 {
        return None;
    }
    let forced = open
        .iter()
        .enumerate()
        .filter_map(|(i, &m)| match (can_blue >> i & 1, can_black >> i & 1) {
            (1, 0) => Some((m, true)),
            (0, 1) => Some((m, false)),
            _ => None,
        })
        .collect();
    Some(forced)
}

/// Cells of a line forced by its count and togetherness, exactly, by a forward and
/// backward pass over states (blues so far, runs so far up to 2, last one blue);
/// `None` when no colouring meets it.
fn line_forced(
    members: &[usize],
    count: usize,
    together: bool,
    values: &Values,
) -> Option<Vec<(usize, bool)>> {
    let n = members.len();
    let n_states = (count + 1) * 6;
    let step = |k: usize, runs: usize, prev: bool, blue: bool| -> Option<usize> {
        let k = k + usize::from(blue);
        if k > count {
            return None;
        }
        let runs = if blue && !prev { (runs + 1).min(2) } else { runs };
        Some(line_state(k, runs, blue))
    };
    let allowed = |i: usize| -> [bool; 2] {
        match values[members[i]] {
            Some(b) => [!b, b],
            None => [true, true],
        }
    };
    // Layer i of `forward` (states reachable after i members) is
    // `forward[i * n_states..(i + 1) * n_states]`; the same for `backward` (states
    // from which the rest can end well).
    let mut forward = vec![false; (n + 1) * n_states];
    forward[line_state(0, 0, false)] = true;
    for i in 0..n {
        let ok = allowed(i);
        let (before, after) = forward.split_at_mut((i + 1) * n_states);
        let before = &before[i * n_states..];
        line_states(count, |k, runs, prev, s| {
            if before[s] {
                for blue in [false, true] {
                    if ok[usize::from(blue)] {
                        if let Some(t) = step(k, runs, prev, blue) {
                            after[t] = true;
                        }
                    }
                }
            }
        });
    }
    let mut backward = vec![false; (n + 1) * n_states];
    line_states(count, |k, runs, _, s| {
        backward[n * n_states + s] = k == count && if together { runs <= 1 } else { runs >= 2 };
    });
    let mut can = vec![[false; 2]; n];
    for i in (0..n).rev() {
        let ok = allowed(i);
        let (head, tail) = backward.split_at_mut((i + 1) * n_states);
        let head = &mut head[i * n_states..];
        let reachable = &forward[i * n_states..(i + 1) * n_states];
        line_states(count, |k, runs, prev, s| {
            for blue in [false, true] {
                if ok[usize::from(blue)] {
                    if let Some(t) = step(k, runs, prev, blue) {
                        if tail[t] {
                            head[s] = true;
                            if reachable[s] {
                                can[i][usize::from(blue)] = true;
                            }
                        }
                    }
                }
            }
        });
    }
    // A colouring that meets the line gives every member a colour.
    if can.first().is_some_and(|c| *c == [false, false]) {
        return None;
    }
    let forced = (0..n)
        .filter(|&i| values[members[i]].is_none())
        .filter_map(|i| match can[i] {
            [false, true] => Some((members[i], true)),
            [true, false] => Some((members[i], false)),
            _ => None,
        })
        .collect();
    Some(forced)
}

/// Calls `f` on every state of [`line_forced`] (blues so far, runs so far, whether
/// the last member is blue) with its index; generic, so that `f` is inlined (through
/// `dyn` it was a call per state).
fn line_states(count: usize, mut f: impl FnMut(usize, usize, bool, usize)) {
    for k in 0..=count {
        for runs in 0..3 {
            for prev in [false, true] {
                f(k, runs, prev, line_state(k, runs, prev));
            }
        }
    }
}

/// The index of a state of [`line_forced`] in its layer.
fn line_state(k: usize, runs: usize, prev: bool) -> usize {
    (k * 3 + runs) * 2 + usize::from(prev)
}

/// Cells that two overlapping clues force by their counts alone: the blue cells in
/// their overlap are bounded by both, which can fill or empty the overlap or the
/// cells only one of them has. Only pairs with a clue marked in `changed`.
fn pair_rules(
    puzzle: &Puzzle,
    visible: &[usize],
    is_visible: &[bool],
    values: &Values,
    changed: &[bool],
) -> Vec<(usize, bool)> {
    // The pairs worth reading: a changed clue and the visible clues it shares a
    // hidden cell with.
    let mut in_pair = vec![false; puzzle.clues.len()];
    for &c in visible.iter().filter(|&&c| changed[c]) {
        in_pair[c] = true;
        for &m in puzzle.clues[c].members.iter().filter(|&&m| values[m].is_none()) {
            for &d in puzzle.clues_of_cell(m) {
                in_pair[d] |= is_visible[d];
            }
        }
    }
    // Those clues' hidden members and need, computed once: the members in one
    // list, each clue's at its range (the rules run every round, and a vector per
    // clue would cost more than reading the pairs).
    let mut open_cells: Vec<usize> = Vec::new();
    let mut open_at: Vec<(usize, usize)> = vec![(0, 0); puzzle.clues.len()];
    let mut need: Vec<Option<usize>> = vec![None; puzzle.clues.len()];
    for &c in visible.iter().filter(|&&c| in_pair[c]) {
        let start = open_cells.len();
        need[c] = push_open(puzzle, c, values, &mut open_cells);
        open_at[c] = (start, open_cells.len());
    }
    let open = |c: usize| &open_cells[open_at[c].0..open_at[c].1];
    let mut out = Vec::new();
    let mut in_a = vec![false; values.len()];
    // The clue `a` a clue `b` was last paired with, plus one (0: never).
    let mut paired = vec![0usize; puzzle.clues.len()];
    for &a in visible.iter().filter(|&&a| in_pair[a]) {
        let (open_a, Some(need_a)) = (open(a), need[a]) else {
            continue;
        };
        for &m in open_a {
            in_a[m] = true;
        }
        for &m in open_a {
            for &b in puzzle.clues_of_cell(m) {
                // Each pair once, from the clue with the smaller index.
                if b <= a || !is_visible[b] || paired[b] == a + 1 {
                    continue;
                }
                paired[b] = a + 1;
                if !changed[a] && !changed[b] {
                    continue;
                }
                let (open_b, Some(need_b)) = (open(b), need[b]) else {
                    continue;
                };
                let n_both = open_b.iter().filter(|c| in_a[**c]).count();
                let (n_only_a, n_only_b) = (open_a.len() - n_both, open_b.len() - n_both);
                // Blue cells in the overlap: from lo to hi.
                let lo = need_a
                    .saturating_sub(n_only_a)
                    .max(need_b.saturating_sub(n_only_b));
                let hi = n_both.min(need_a).min(need_b);
                if lo > hi {
                    continue;
                }
                let settles_both = lo == n_both || hi == 0;
                let settles = |only: usize, need: usize| only > 0 && (need == lo || need - hi == only);
                if !settles_both && !settles(n_only_a, need_a) && !settles(n_only_b, need_b) {
                    continue;
                }
                if settles_both {
                    let blue = lo == n_both;
                    out.extend(open_b.iter().filter(|c| in_a[**c]).map(|&c| (c, blue)));
                }
                // Blue cells only one clue has: from need - hi to need - lo.
                if settles(n_only_a, need_a) {
                    let blue = need_a != lo;
                    out.extend(open_a.iter().filter(|c| !open_b.contains(c)).map(|&c| (c, blue)));
                }
                if settles(n_only_b, need_b) {
                    let blue = need_b != lo;
                    out.extend(open_b.iter().filter(|c| !in_a[**c]).map(|&c| (c, blue)));
                }
            }
        }
        for &m in open_a {
            in_a[m] = false;
        }
    }
    out
}

/// Appends the hidden members of clue `c` to `open`, and says how many of them must
/// be blue (`None` when the known members already contradict it).
fn push_open(puzzle: &Puzzle, c: usize, values: &Values, open: &mut Vec<usize>) -> Option<usize> {
    let start = open.len();
    let mut n_blue = 0;
    for &m in &puzzle.clues[c].members {
        match values[m] {
            None => open.push(m),
            Some(true) => n_blue += 1,
            Some(false) => {}
        }
    }
    let n_open = open.len() - start;
    puzzle.clues[c].count.checked_sub(n_blue).filter(|n| *n <= n_open)
}

/// The counter against clues that share no hidden cell: the cells none of them
/// covers hold the remaining blue cells minus what the clues need, which can be none
/// of them or all. Clues are picked greedily, largest first, then smallest first.
fn counter_partition_rule(puzzle: &Puzzle, visible: &[usize], values: &Values) -> Vec<(usize, bool)> {
    let remaining = puzzle.remaining(values);
    // Each clue with hidden members: what it needs, and where its hidden members
    // are in `open` (one vector for all of them).
    let mut open: Vec<usize> = Vec::new();
    let mut clues: Vec<(usize, usize, usize)> = Vec::new();
    for &c in visible {
        let start = open.len();
        match push_open(puzzle, c, values, &mut open) {
            Some(need) if open.len() > start => clues.push((need, start, open.len())),
            _ => open.truncate(start),
        }
    }
    if clues.is_empty() {
        return Vec::new();
    }
    let mut covered = vec![false; values.len()];
    for largest_first in [true, false] {
        clues.sort_by_key(|&(_, start, end)| {
            if largest_first {
                usize::MAX - (end - start)
            } else {
                end - start
            }
        });
        covered.iter_mut().for_each(|c| *c = false);
        let mut needed = 0;
        for &(need, start, end) in &clues {
            let cells = &open[start..end];
            if cells.iter().all(|m| !covered[*m]) {
                for &m in cells {
                    covered[m] = true;
                }
                needed += need;
            }
        }
        // The rest, counted first: it is listed only when it is settled.
        let in_rest = |i: &usize| values[*i].is_none() && !covered[*i];
        let n_rest = (0..values.len()).filter(in_rest).count();
        let Some(blue_in_rest) = remaining.checked_sub(needed) else {
            continue;
        };
        if n_rest == 0 || blue_in_rest > n_rest {
            continue;
        }
        if blue_in_rest == 0 || blue_in_rest == n_rest {
            return (0..values.len())
                .filter(in_rest)
                .map(|i| (i, blue_in_rest > 0))
                .collect();
        }
    }
    Vec::new()
}

/// The counter at 0 (all hidden black) or at the number of hidden cells (all blue).
pub(crate) fn counter_rule(puzzle: &Puzzle, values: &Values) -> Vec<(usize, bool)> {
    let n_open = values.iter().filter(|v| v.is_none()).count();
    let remaining = puzzle.remaining(values);
    if n_open > 0 && (remaining == 0 || remaining == n_open) {
        (0..values.len())
            .filter(|i| values[*i].is_none())
            .map(|m| (m, remaining > 0))
            .collect()
    } else {
        Vec::new()
    }
}

fn binomial(n: u64, k: u64) -> u64 {
    let k = k.min(n - k);
    let mut r: u64 = 1;
    for i in 0..k {
        r = r.saturating_mul(n - i) / (i + 1);
        if r > MAX_PATTERNS * 16 {
            return r;
        }
    }
    r
}

/// The next larger mask with as many bits set as `mask` (not 0).
fn next_combination(mask: u32) -> u32 {
    let lowest = mask & mask.wrapping_neg();
    let carried = mask + lowest;
    (((carried ^ mask) >> 2) / lowest) | carried
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
    fn next_combination_visits_every_mask_with_k_bits_once_in_order() {
        for n in 1..=10u32 {
            for k in 1..=n {
                let all = (1u32 << n) - 1;
                let mut seen = Vec::new();
                let mut mask = (1u32 << k) - 1;
                while mask <= all {
                    seen.push(mask);
                    mask = next_combination(mask);
                }
                let want: Vec<u32> = (0..=all).filter(|m| m.count_ones() == k).collect();
                assert_eq!(seen, want, "n={n} k={k}");
            }
        }
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
                single_clue(&puzzle, c, &known).is_empty(),
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
        assert!(counter_rule(&puzzle, &known).is_empty());
        assert!(pair_rules(&puzzle, &visible, &[true; 1], &known, &[true; 1]).is_empty());
        let mut values = known.clone();
        let forced = propagate(&puzzle, &visible, &mut values);
        assert_eq!(forced.len(), 1);
        let far = forced[0];
        assert!(puzzle.clues_of_cell(far).is_empty());
        assert_eq!(values[far], Some(false));
    }
}
