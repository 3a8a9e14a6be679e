//! Counter questions decided part by part.
//!
//! With the counter, a question's clues often fall into parts that share no hidden
//! cell: a region that needs at least two blues, another that needs three, and the
//! counter says five are left. Searched as one, such a question multiplies the
//! parts' colourings; the search gives up where the argument is only arithmetic.
//! Here each part is searched alone for the numbers of blues it can hold (the
//! cell's part with the cell wrong), and the counter is checked on their sums: the
//! clues force the cell when no choice of one number per part adds up to what the
//! counter allows. A part whose clues the argument can do without is then left out
//! of the answer's clues, which is a sum again, not a search.

use super::part_counts::Counts;
use super::state::{Check, ExactChecker, NONE};

/// The hidden cells of one part and the positions (in the question's list) of its
/// clues, in the list's order.
struct Part {
    clues: Vec<usize>,
    cells: usize,
    /// Whether the question's cell is among its cells.
    has_cell: bool,
}

impl ExactChecker<'_> {
    /// Whether `clues` with the counter force hidden `cell`, decided part by part
    /// when the clues fall into two parts or more (`None` otherwise, or when a
    /// part's search takes more than `max_nodes` decisions). After a
    /// [`Check::Free`] answer, [`ExactChecker::model`] gives the colouring that shows it.
    pub(crate) fn check_by_parts(&mut self, clues: &[usize], cell: usize, max_nodes: usize) -> Option<Check> {
        let parts = self.parts(clues, cell);
        if parts.len() < 2 {
            return None;
        }
        self.clear();
        self.built = None;
        let mut counts = Vec::with_capacity(parts.len());
        for part in &parts {
            let part_clues: Vec<usize> = part.clues.iter().map(|&k| clues[k]).collect();
            let found = self.counts(&part_clues, part.has_cell.then_some(cell), max_nodes);
            self.clear();
            self.built = None;
            counts.push(found?);
        }
        // What the parts may hold together: the hidden cells out of them (the cell
        // too, wrong, when it is in no part) hold the rest of the counter.
        let own = parts.iter().position(|p| p.has_cell);
        let wrong = !self.puzzle.blue[cell];
        let scope: usize = parts.iter().map(|p| p.cells).sum();
        let mut outside = self.n_hidden - scope as i32;
        let mut hi = self.remaining;
        if own.is_none() {
            outside -= 1;
            hi -= i32::from(wrong);
        }
        let range = (hi - outside, hi);
        let mut held: Vec<Vec<bool>> = counts
            .iter()
            .map(|c| c.iter().map(Option::is_some).collect())
            .collect();
        if let Some(sums) = choose(&held, range) {
            self.keep_model(&counts, &sums);
            if own.is_none() {
                self.vars.push(cell);
                self.value.push(i8::from(wrong));
            }
            return Some(Check::Free);
        }
        if let Some(own) = own.filter(|&own| held[own].iter().all(|h| !h)) {
            // The cell's part alone forces it.
            return Some(Check::Forced {
                used: parts[own].clues.clone(),
                counter: false,
            });
        }
        // Leave out the parts the sum does not need, those whose clues come last in
        // the list first: a part left out may hold any number of blues.
        let mut order: Vec<usize> = (0..parts.len()).filter(|&i| Some(i) != own).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(parts[i].clues.last().copied()));
        for i in order {
            let kept = std::mem::replace(&mut held[i], vec![true; parts[i].cells + 1]);
            if choose(&held, range).is_some() {
                held[i] = kept;
            }
        }
        let mut used: Vec<usize> = parts
            .iter()
            .zip(&held)
            .enumerate()
            .filter(|(i, (_, h))| Some(*i) == own || !h.iter().all(|&h| h))
            .flat_map(|(_, (p, _))| p.clues.iter().copied())
            .collect();
        used.sort_unstable();
        Some(Check::Forced { used, counter: true })
    }

    /// The question's clues grouped into parts that share no hidden cell, with the
    /// cell's part marked.
    fn parts(&self, clues: &[usize], cell: usize) -> Vec<Part> {
        let puzzle = self.puzzle;
        let mut root: Vec<usize> = (0..clues.len()).collect();
        fn find(root: &mut [usize], mut k: usize) -> usize {
            while root[k] != k {
                root[k] = root[root[k]];
                k = root[k];
            }
            k
        }
        let mut owner = vec![NONE; puzzle.cells.len()];
        for (k, &c) in clues.iter().enumerate() {
            for &m in &puzzle.clues[c].members {
                if self.known[m].is_some() {
                    continue;
                }
                if owner[m] == NONE {
                    owner[m] = k as u32;
                } else {
                    let (a, b) = (find(&mut root, owner[m] as usize), find(&mut root, k));
                    root[a] = b;
                }
            }
        }
        let mut part_of = vec![NONE; clues.len()];
        let mut parts: Vec<Part> = Vec::new();
        for k in 0..clues.len() {
            let r = find(&mut root, k);
            if part_of[r] == NONE {
                part_of[r] = parts.len() as u32;
                parts.push(Part {
                    clues: Vec::new(),
                    cells: 0,
                    has_cell: false,
                });
            }
            parts[part_of[r] as usize].clues.push(k);
        }
        for (m, &k) in owner.iter().enumerate() {
            if k != NONE {
                let part = &mut parts[part_of[find(&mut root, k as usize)] as usize];
                part.cells += 1;
                part.has_cell |= m == cell;
            }
        }
        parts
    }

    /// The numbers of blues the hidden cells of `clues` can hold with `cell`, if
    /// given, wrong; each with a colouring. `None` when a search takes more than
    /// `max_nodes` decisions.
    fn counts(&mut self, clues: &[usize], cell: Option<usize>, max_nodes: usize) -> Option<Counts> {
        let key = (clues.to_vec(), cell, max_nodes);
        if let Some(found) = self.part_counts.found.get(&key) {
            return found.clone();
        }
        let found = self.search_counts(clues, cell, max_nodes);
        self.part_counts.keep(key, &found);
        found
    }

    /// [`ExactChecker::counts`], searched.
    fn search_counts(&mut self, clues: &[usize], cell: Option<usize>, max_nodes: usize) -> Option<Counts> {
        self.build(clues, true, cell);
        let k = self.counter_con?;
        let n = self.vars.len();
        let mut found: Counts = vec![None; n + 1];
        // Each search finds a number in its range or shows there is none; a found
        // number splits the range in two.
        let mut ranges = vec![(0, n)];
        while let Some((lo, hi)) = ranges.pop() {
            self.reset_search();
            self.cons[k].lo = lo as i32;
            self.cons[k].hi = hi as i32;
            if self.search(max_nodes)? {
                continue;
            }
            let blue = self.value.iter().filter(|&&v| v == 1).count();
            found[blue] = Some(self.model().collect());
            if blue > lo {
                ranges.push((lo, blue - 1));
            }
            if blue < hi {
                ranges.push((blue + 1, hi));
            }
        }
        Some(found)
    }

    /// Leaves the colouring that takes `sums[i]` blues in part `i` where
    /// [`ExactChecker::model`] reads it.
    fn keep_model(&mut self, counts: &[Counts], sums: &[usize]) {
        self.vars.clear();
        self.value.clear();
        for (found, &s) in counts.iter().zip(sums) {
            for &(m, blue) in found[s].iter().flatten() {
                self.vars.push(m);
                self.value.push(i8::from(blue));
            }
        }
    }
}

/// One number per part, each one the part can hold (`held[i][n]`), whose sum is in
/// `range` (inclusive); `None` when there is no such choice.
fn choose(held: &[Vec<bool>], range: (i32, i32)) -> Option<Vec<usize>> {
    // reach[i][s]: the first `i` parts can sum to `s`.
    let mut reach = vec![vec![true]];
    for h in held {
        let last = &reach[reach.len() - 1];
        let mut next = vec![false; last.len() + h.len() - 1];
        for (s, _) in last.iter().enumerate().filter(|(_, r)| **r) {
            for (n, _) in h.iter().enumerate().filter(|(_, h)| **h) {
                next[s + n] = true;
            }
        }
        reach.push(next);
    }
    let last = &reach[held.len()];
    let lo = range.0.max(0) as usize;
    let hi = usize::try_from(range.1).ok()?.min(last.len() - 1);
    let mut s = (lo..=hi).find(|&s| last[s])?;
    let mut sums = vec![0; held.len()];
    for i in (0..held.len()).rev() {
        let n = (0..=s.min(held[i].len() - 1))
            .find(|&n| held[i][n] && reach[i].get(s - n).copied().unwrap_or(false))?;
        sums[i] = n;
        s -= n;
    }
    Some(sums)
}
