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

/// The parts of a list that gain something, as positions in it, in the two orders
/// a packing tries them: the largest gain first, and the fewest cells first.
pub(super) struct Orders {
    orders: [Vec<usize>; 2],
    /// One more than the largest cell of those parts.
    n_cells: usize,
}

impl Orders {
    /// The orders of the parts of `parts` that gain something for `blue`.
    pub(super) fn new(parts: &[&Part], blue: bool) -> Orders {
        let useful: Vec<usize> = (0..parts.len()).filter(|&k| parts[k].gain(blue) > 0).collect();
        let mut by_gain = useful.clone();
        by_gain.sort_by_key(|&k| {
            let p = parts[k];
            (usize::MAX - p.gain(blue), p.cells.len(), p.clue)
        });
        let n_cells = useful
            .iter()
            .flat_map(|&k| parts[k].cells.iter())
            .max()
            .map_or(0, |m| m + 1);
        let mut by_size = useful;
        by_size.sort_by_key(|&k| {
            let p = parts[k];
            (p.cells.len(), usize::MAX - p.gain(blue), p.clue)
        });
        Orders {
            orders: [by_gain, by_size],
            n_cells,
        }
    }
}

/// The counter's packing of every visible clue, for black and for blue (index 0
/// and 1): the parts in the orders a packing tries them, which the packings that
/// leave a cell's clues out reuse, and the packing of them all.
pub(super) struct CounterPacks {
    pub(super) orders: [Orders; 2],
    pub(super) whole: [Option<Vec<Part>>; 2],
}

/// Parts that share no cell, taken greedily from `parts` (two orders are tried),
/// whose gains add up to `goal` exactly.
pub(super) fn pack(parts: &[&Part], goal: usize, blue: bool) -> Option<Vec<Part>> {
    // No packing reaches the goal when all the parts together fall short of it.
    if goal == 0 || parts.iter().map(|p| p.gain(blue)).sum::<usize>() < goal {
        return None;
    }
    pack_in(parts, &Orders::new(parts, blue), &[], goal, blue)
}

/// [`pack`] over the parts of `parts` in `orders` (made for `blue`), but those of
/// the clues `left_out`: the orders of a list serve every part of it (a stable
/// sort of a part of a list keeps the list's order).
pub(super) fn pack_in(
    parts: &[&Part],
    orders: &Orders,
    left_out: &[usize],
    goal: usize,
    blue: bool,
) -> Option<Vec<Part>> {
    if goal == 0 {
        return None;
    }
    let in_order = |order| kept(parts, order, left_out);
    // No packing reaches the goal when all the parts together fall short of it.
    if in_order(&orders.orders[0]).map(|p| p.gain(blue)).sum::<usize>() < goal {
        return None;
    }
    let mut taken = vec![false; orders.n_cells];
    for order in &orders.orders {
        taken.iter_mut().for_each(|t| *t = false);
        let mut packed: Vec<&Part> = Vec::new();
        let mut total = 0;
        for p in in_order(order) {
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

/// The parts of `parts` at the positions `order`, but those of the clues `left_out`.
fn kept<'a>(
    parts: &'a [&'a Part],
    order: &'a [usize],
    left_out: &'a [usize],
) -> impl Iterator<Item = &'a Part> + 'a {
    order
        .iter()
        .map(|&k| parts[k])
        .filter(|p| !left_out.contains(&p.clue))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The packing as first written: the useful parts of the list, sorted in each
    /// order, taken greedily.
    fn pack_by_sorting(parts: &[&Part], goal: usize, blue: bool) -> Option<Vec<usize>> {
        let useful: Vec<&Part> = parts.iter().copied().filter(|p| p.gain(blue) > 0).collect();
        for by_gain in [true, false] {
            let mut sorted = useful.clone();
            if by_gain {
                sorted.sort_by_key(|p| (usize::MAX - p.gain(blue), p.cells.len(), p.clue));
            } else {
                sorted.sort_by_key(|p| (p.cells.len(), usize::MAX - p.gain(blue), p.clue));
            }
            let mut taken: Vec<usize> = Vec::new();
            let (mut packed, mut total) = (Vec::new(), 0);
            for p in sorted {
                if total + p.gain(blue) > goal || p.cells.iter().any(|m| taken.contains(m)) {
                    continue;
                }
                taken.extend(&p.cells);
                total += p.gain(blue);
                packed.push(p.clue);
                if total == goal {
                    return Some(packed);
                }
            }
        }
        None
    }

    /// Parts of a few clues over a few cells, from `seed`.
    fn some_parts(seed: u64) -> Vec<Part> {
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n) as usize
        };
        (0..next(8) + 2)
            .map(|clue| {
                let mut cells: Vec<usize> = (0..next(4) + 1).map(|_| next(12)).collect();
                cells.sort_unstable();
                cells.dedup();
                let hi = next(cells.len() as u64 + 1);
                Part {
                    clue: clue * 3,
                    lo: next(hi as u64 + 1),
                    hi,
                    sticks_out: false,
                    cells,
                }
            })
            .collect()
    }

    #[test]
    fn packing_in_shared_orders_with_clues_left_out_packs_as_sorting_the_rest_would() {
        let mut packed = 0;
        for seed in 0..300 {
            let parts = some_parts(seed);
            let all: Vec<&Part> = parts.iter().collect();
            for blue in [false, true] {
                let orders = Orders::new(&all, blue);
                let clues: Vec<usize> = parts.iter().map(|p| p.clue).collect();
                let left_outs = [vec![], vec![clues[0]], vec![clues[1], clues[clues.len() - 1]]];
                for left_out in left_outs {
                    let rest: Vec<&Part> = all
                        .iter()
                        .copied()
                        .filter(|p| !left_out.contains(&p.clue))
                        .collect();
                    for goal in 0..8 {
                        let shared = pack_in(&all, &orders, &left_out, goal, blue)
                            .map(|ps| ps.iter().map(|p| p.clue).collect::<Vec<_>>());
                        assert_eq!(
                            shared,
                            pack_by_sorting(&rest, goal, blue),
                            "seed {seed}, goal {goal}"
                        );
                        assert_eq!(
                            pack(&rest, goal, blue).map(|ps| ps.len()),
                            shared.as_ref().map(Vec::len)
                        );
                        packed += usize::from(shared.is_some());
                    }
                }
            }
        }
        assert!(
            packed > 100,
            "only {packed} packings found: the parts are too poor a test"
        );
    }
}
