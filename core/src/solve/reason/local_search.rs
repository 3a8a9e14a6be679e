//! Finding colourings fast: a small local search that starts from the solution (or
//! from a colouring the SAT solver found) with one cell flipped and repairs the
//! broken clues by flipping other hidden cells.
//! Every colouring it returns meets every visible clue and the counter, so each one
//! proves that the cells it flips are not forced. It never proves a cell forced.

use crate::solve::puzzle::{ClueShape, Puzzle, Values};

/// What the search may use: the round's visible clues and fixed cells.
pub(crate) struct Search<'p> {
    puzzle: &'p Puzzle,
    /// For each cell, the visible clues it is in.
    visible_of_cell: &'p [Vec<usize>],
    /// Cells that may not change (uncovered or already forced).
    locked: Vec<bool>,
    /// Hidden cells in no visible clue: they only move the counter.
    free: Vec<usize>,
    /// Buffers reused from search to search.
    model: Vec<bool>,
    /// Blue members of each clue under `model` (the solution's counts between searches).
    blues: Vec<i64>,
    /// Clues whose count `blues` changed in the current search.
    changed: Vec<usize>,
    /// Per cell: the step (counted over all searches) until which it may not flip
    /// again. Steps so far are `steps_before`: an earlier search's marks are at
    /// most that, below the next search's first step, so they need no clearing.
    tabu: Vec<usize>,
    steps_before: usize,
    options: Vec<usize>,
    broken: Vec<usize>,
}

impl<'p> Search<'p> {
    /// A search over the round with `values` known or forced, where
    /// `visible_of_cell` lists the visible clues each cell is in.
    pub(crate) fn new(puzzle: &'p Puzzle, visible_of_cell: &'p [Vec<usize>], values: &Values) -> Search<'p> {
        let locked: Vec<bool> = values.iter().map(Option::is_some).collect();
        let free = (0..puzzle.cells.len())
            .filter(|&i| !locked[i] && visible_of_cell[i].is_empty())
            .collect();
        Search {
            puzzle,
            visible_of_cell,
            locked,
            free,
            model: Vec::new(),
            blues: puzzle.clues.iter().map(|c| c.count as i64).collect(),
            changed: Vec::new(),
            tabu: Vec::new(),
            steps_before: 0,
            options: Vec::new(),
            broken: Vec::new(),
        }
    }

    /// Hidden cells in no visible clue.
    pub(crate) fn free(&self) -> &[usize] {
        &self.free
    }

    /// A colouring that meets everything visible and gives `cell` its wrong colour,
    /// if the search finds one within `max_steps` repairs. It starts from the
    /// solution, or from `start` (a colouring that meets everything visible, the
    /// counter included) with `cell` flipped.
    pub(crate) fn flip(
        &mut self,
        start: Option<&[bool]>,
        cell: usize,
        seed: u64,
        max_steps: usize,
    ) -> Option<Vec<bool>> {
        if self.locked[cell] {
            return None;
        }
        let puzzle = self.puzzle;
        let Search {
            visible_of_cell,
            locked,
            free,
            model,
            blues,
            changed,
            tabu,
            steps_before,
            options,
            broken,
            ..
        } = self;
        // Plain slices for what the steps only read: a vector behind a reference is
        // loaded again at every push to `options`.
        let locked: &[bool] = locked;
        let free: &[usize] = free;
        let around = |m: usize| visible_of_cell[m].as_slice();
        for c in changed.drain(..) {
            blues[c] = puzzle.clues[c].count as i64;
        }
        model.clear();
        model.extend_from_slice(&puzzle.blue);
        let mut n_blue = puzzle.n_blue as i64;
        if let Some(start) = start {
            for (m, &blue) in start.iter().enumerate() {
                if blue != model[m] {
                    model[m] = blue;
                    count_flip(around(m), blue, blues, changed);
                    n_blue += if blue { 1 } else { -1 };
                }
            }
        }
        model[cell] = !model[cell];
        n_blue += if model[cell] { 1 } else { -1 };
        count_flip(around(cell), model[cell], blues, changed);
        // This search's steps come after every earlier one's (and each leaves
        // room for its last marks).
        let base = *steps_before;
        *steps_before += max_steps + 4;
        tabu.resize(model.len(), 0);
        // The cell itself never flips back in this search.
        tabu[cell] = *steps_before;
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let target = puzzle.n_blue as i64;
        broken.clear();
        update_broken(puzzle, around(cell), broken, model, blues);
        for step in 1..=max_steps {
            let now = base + step;
            // A broken clue (or the counter).
            options.clear();
            match broken.first().copied() {
                Some(c) => {
                    // A plain loop, inlined: `extend` of a filter was a call of
                    // its own in the search's innermost step.
                    let tabu: &[usize] = tabu;
                    for &m in &puzzle.clues[c].members {
                        if !locked[m] && tabu[m] < now {
                            options.push(m);
                        }
                    }
                }
                None if n_blue == target => return Some(model.clone()),
                None => {
                    // Only the counter is off: move a free cell, or any open one.
                    let want_blue = n_blue < target;
                    let pick = free
                        .iter()
                        .copied()
                        .find(|&f| model[f] != want_blue && tabu[f] < now);
                    match pick {
                        Some(f) => options.push(f),
                        None => options.extend(
                            (0..model.len())
                                .filter(|&m| !locked[m] && model[m] != want_blue && tabu[m] < now),
                        ),
                    }
                }
            }
            if options.is_empty() {
                return None;
            }
            // The flip that breaks the least, with a little noise.
            let choice = pick_least(&mut rng, options, |m| {
                score_flip(puzzle, around(m), model, blues, m, n_blue, target)
            });
            model[choice] = !model[choice];
            count_flip(around(choice), model[choice], blues, changed);
            n_blue += if model[choice] { 1 } else { -1 };
            tabu[choice] = now + 3;
            update_broken(puzzle, around(choice), broken, model, blues);
        }
        None
    }
}

/// One of `options` (not empty): mostly the first with the least `score`, now and
/// then (one time in eight) any, so a search does not circle. `rng` is a xorshift
/// state, advanced.
pub(crate) fn pick_least<S: Ord>(
    rng: &mut u64,
    options: &[usize],
    mut score: impl FnMut(usize) -> S,
) -> usize {
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    if *rng % 8 == 0 {
        return options[(*rng >> 8) as usize % options.len()];
    }
    let mut best = (score(options[0]), options[0]);
    for &m in &options[1..] {
        let s = score(m);
        if s < best.0 {
            best = (s, m);
        }
    }
    best.1
}

/// Counts a cell of `clues` turning blue (or black) in `blues`, noting the change.
fn count_flip(clues: &[usize], blue: bool, blues: &mut [i64], changed: &mut Vec<usize>) {
    for &c in clues {
        blues[c] += if blue { 1 } else { -1 };
        changed.push(c);
    }
}

/// Re-checks `clues` (the visible clues around a cell that changed).
fn update_broken(puzzle: &Puzzle, clues: &[usize], broken: &mut Vec<usize>, model: &[bool], blues: &[i64]) {
    for &c in clues {
        let bad = violation(puzzle, c, model, blues[c]) > 0;
        match broken.iter().position(|b| *b == c) {
            Some(i) if !bad => {
                broken.swap_remove(i);
            }
            None if bad => broken.push(c),
            _ => {}
        }
    }
}

/// Total violation of `clues` (the visible clues around `m`) and the counter after
/// flipping `m`.
fn score_flip(
    puzzle: &Puzzle,
    clues: &[usize],
    model: &mut [bool],
    blues: &[i64],
    m: usize,
    n_blue: i64,
    target: i64,
) -> i64 {
    model[m] = !model[m];
    let step = if model[m] { 1 } else { -1 };
    let mut score = (n_blue + step - target).abs();
    for &c in clues {
        score += violation(puzzle, c, model, blues[c] + step) * 4;
    }
    model[m] = !model[m];
    score
}

/// How far clue `c` is from holding under `model`, where `count` of its members are
/// blue (0 when it holds; a count-only clue holds once `count` is right).
fn violation(puzzle: &Puzzle, c: usize, model: &[bool], count: i64) -> i64 {
    let clue = &puzzle.clues[c];
    let off = (count - clue.count as i64).abs();
    if off > 0 {
        off
    } else if matches!(clue.shape, ClueShape::Count) || clue.holds(|i| model[i]) {
        0
    } else {
        1
    }
}
