//! An inner clue's part of an outer region (another clue's hidden cells, or every
//! hidden cell for the counter), with the least and most blue it holds, and the
//! packing of such parts that share no cell: what `overlap.rs` and `counter.rs`
//! add up.

/// An inner clue's part of the outer clue: its hidden cells there, and the least
/// and most blue they can hold.
#[derive(Clone)]
pub(super) struct Part {
    pub(super) clue: usize,
    pub(super) cells: Vec<usize>,
    pub(super) lo: usize,
    pub(super) hi: usize,
    /// Whether the inner clue has hidden cells outside the outer one.
    pub(super) sticks_out: bool,
}

impl Part {
    /// What the part settles of the outer clue: blue it must hold (for black
    /// cells outside it) or black it must hold (for blue cells outside it).
    pub(super) fn gain(&self, blue: bool) -> usize {
        if blue {
            self.cells.len() - self.hi
        } else {
            self.lo
        }
    }
}

/// Inner clue `b`'s part of the hidden cells marked in `outer`, given its hidden
/// cells `open` and the blue `need` it still needs among them.
pub(super) fn part(b: usize, open: &[usize], need: Option<usize>, outer: &[bool]) -> Option<Part> {
    let need = need?;
    // Counted first: most clues a region is asked about have no cell in it.
    let n_inside = open.iter().filter(|&&m| outer[m]).count();
    if n_inside == 0 {
        return None;
    }
    let n_outside = open.len() - n_inside;
    let mut inside = Vec::with_capacity(n_inside);
    inside.extend(open.iter().copied().filter(|&m| outer[m]));
    Some(Part {
        clue: b,
        lo: need.saturating_sub(n_outside),
        hi: need.min(n_inside),
        sticks_out: n_outside > 0,
        cells: inside,
    })
}

/// Parts that share no cell, taken greedily from `parts` (two orders are tried),
/// whose gains add up to `goal` exactly.
pub(super) fn pack(parts: &[&Part], goal: usize, blue: bool) -> Option<Vec<Part>> {
    if goal == 0 {
        return None;
    }
    let useful: Vec<&Part> = parts.iter().copied().filter(|p| p.gain(blue) > 0).collect();
    // No packing reaches the goal when all the parts together fall short of it.
    if useful.iter().map(|p| p.gain(blue)).sum::<usize>() < goal {
        return None;
    }
    let n_cells = useful
        .iter()
        .flat_map(|p| p.cells.iter())
        .max()
        .map_or(0, |m| m + 1);
    let mut taken = vec![false; n_cells];
    for by_gain in [true, false] {
        let mut sorted = useful.clone();
        if by_gain {
            sorted.sort_by_key(|p| (usize::MAX - p.gain(blue), p.cells.len(), p.clue));
        } else {
            sorted.sort_by_key(|p| (p.cells.len(), usize::MAX - p.gain(blue), p.clue));
        }
        taken.iter_mut().for_each(|t| *t = false);
        let mut packed: Vec<&Part> = Vec::new();
        let mut total = 0;
        for p in sorted {
            if total + p.gain(blue) > goal || p.cells.iter().any(|&m| taken[m]) {
                continue;
            }
            for &m in &p.cells {
                taken[m] = true;
            }
            total += p.gain(blue);
            packed.push(p);
            if total == goal {
                return Some(packed.into_iter().cloned().collect());
            }
        }
    }
    None
}
