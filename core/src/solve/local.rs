//! Cheap, sound deductions inside one round: a clue whose count is already met (or
//! can only be met one way), runs on short lines and rings by enumeration, and the
//! remaining-blue counter at 0 or at the number of hidden cells. Applied to a fixpoint,
//! they settle most cells before any solver call.

use super::puzzle::{Puzzle, Shape};

/// Largest number of patterns enumerated for one clue.
const MAX_PATTERNS: u64 = 4096;

/// Values known in a round: `Some(blue)` for uncovered cells and cells forced so far.
pub(crate) type Values = Vec<Option<bool>>;

/// Propagates the visible clues (and the counter) over `values` to a fixpoint,
/// returning the newly forced cells.
pub(crate) fn propagate(puzzle: &Puzzle, visible: &[usize], values: &mut Values) -> Vec<usize> {
    let mut forced = Vec::new();
    let mut queued = vec![false; puzzle.clues.len()];
    let mut queue: Vec<usize> = visible.to_vec();
    for &c in visible {
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
                    for &other in &puzzle.clues_of_cell[cell] {
                        if is_visible[other] && !queued[other] {
                            queued[other] = true;
                            queue.push(other);
                        }
                    }
                }
            }
        }
        let counter = counter_rule(puzzle, values);
        if counter.is_empty() {
            return forced;
        }
        for (cell, blue) in counter {
            values[cell] = Some(blue);
            forced.push(cell);
            for &other in &puzzle.clues_of_cell[cell] {
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
    let clue = &puzzle.clues[c];
    let open: Vec<usize> = clue
        .members
        .iter()
        .copied()
        .filter(|m| values[*m].is_none())
        .collect();
    if open.is_empty() {
        return Vec::new();
    }
    let n_blue = clue.members.iter().filter(|m| values[**m] == Some(true)).count();
    let Some(need) = clue.count.checked_sub(n_blue).filter(|n| *n <= open.len()) else {
        return Vec::new();
    };
    if need == 0 || need == open.len() {
        return open.into_iter().map(|m| (m, need > 0)).collect();
    }
    if matches!(clue.shape, Shape::Count) || binomial(open.len() as u64, need as u64) > MAX_PATTERNS {
        return Vec::new();
    }
    // Enumerate the ways to place `need` blues among `open`.
    let mut can_blue = vec![false; open.len()];
    let mut can_black = vec![false; open.len()];
    let mut pick: Vec<usize> = (0..need).collect();
    let mut trial = values.clone();
    loop {
        for &m in &open {
            trial[m] = Some(false);
        }
        for &i in &pick {
            trial[open[i]] = Some(true);
        }
        if clue.holds(|m| trial[m] == Some(true)) {
            for (i, &m) in open.iter().enumerate() {
                if trial[m] == Some(true) {
                    can_blue[i] = true;
                } else {
                    can_black[i] = true;
                }
            }
        }
        if !next_combination(&mut pick, open.len()) {
            break;
        }
    }
    open.iter()
        .enumerate()
        .filter_map(|(i, &m)| match (can_blue[i], can_black[i]) {
            (true, false) => Some((m, true)),
            (false, true) => Some((m, false)),
            _ => None,
        })
        .collect()
}

/// The counter at 0 (all hidden black) or at the number of hidden cells (all blue).
pub(crate) fn counter_rule(puzzle: &Puzzle, values: &Values) -> Vec<(usize, bool)> {
    let open: Vec<usize> = (0..values.len()).filter(|i| values[*i].is_none()).collect();
    if open.is_empty() {
        return Vec::new();
    }
    let n_blue_set = values.iter().filter(|v| **v == Some(true)).count();
    let remaining = puzzle.n_blue.saturating_sub(n_blue_set);
    if remaining == 0 || remaining == open.len() {
        open.into_iter().map(|m| (m, remaining > 0)).collect()
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

/// Advances `pick` (strictly increasing indices below `n`) to the next combination.
fn next_combination(pick: &mut [usize], n: usize) -> bool {
    let k = pick.len();
    for i in (0..k).rev() {
        if pick[i] < n - k + i {
            pick[i] += 1;
            for j in i + 1..k {
                pick[j] = pick[j - 1] + 1;
            }
            return true;
        }
    }
    false
}
