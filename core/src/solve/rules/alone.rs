//! What one clue forces alone, exactly: its count finished (all its blue shown, or
//! just enough hidden cells left), or else every way its shape allows to place the
//! blue it still needs (runs on lines and rings, by enumeration). The engine's first
//! layer propagates it (`fixpoint.rs`); the rules `finish`, `together` and `apart`
//! name what it forces, and `contradiction` follows it under an assumption.

use crate::solve::puzzle::{ClueShape, Puzzle, Values};

/// Largest number of patterns enumerated for one clue.
const MAX_PATTERNS: u64 = 4096;

/// Most open members a clue's patterns are enumerated over (one bit each).
const MAX_ENUMERATED: usize = 24;

/// Cells that clue `c` alone forces given `values`.
pub(super) fn forced(puzzle: &Puzzle, c: usize, values: &Values) -> Vec<(usize, bool)> {
    forced_or_broken(puzzle, c, values).unwrap_or_default()
}

/// Cells that clue `c` alone forces given `values`, or `None` when no colouring of
/// its hidden members meets it (too many blue, too few cells, or its shape). A clue
/// with too many patterns to enumerate forces nothing and is not refuted.
pub(super) fn forced_or_broken(puzzle: &Puzzle, c: usize, values: &Values) -> Option<Vec<(usize, bool)>> {
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
    if let ClueShape::Line { together } = clue.shape {
        return line_forced(&clue.members, clue.count, together, values);
    }
    if matches!(clue.shape, ClueShape::Count)
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

/// Appends the hidden members of clue `c` to `open`, and says how many of them must
/// be blue (`None` when the known members already contradict it).
pub(super) fn push_open(puzzle: &Puzzle, c: usize, values: &Values, open: &mut Vec<usize>) -> Option<usize> {
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
}
