//! The checker's short local search for a colouring with the cell wrong, tried when
//! the exact search stops at its node limit.

use super::bits::{first, set, unset};
use super::state::{Con, ExactChecker};
use crate::solve::reason::local_search::pick_least;

/// Flips the local search may make.
const REPAIR_STEPS: usize = 1000;

impl ExactChecker<'_> {
    /// A small local search for a colouring with the cell wrong that meets every
    /// constraint: from the solution with the cell flipped, it flips the member of a
    /// broken constraint that breaks the least (with a little noise and a short
    /// tabu), at most [`REPAIR_STEPS`] times. Whether it found one (checked in full).
    pub(super) fn repair(&mut self) -> bool {
        let n = self.vars.len();
        let Some(seed) = self.seed else {
            return false;
        };
        let seed = seed as usize;
        let mut blue: Vec<bool> = self.vars.iter().map(|&m| self.puzzle.blue[m]).collect();
        blue[seed] = !blue[seed];
        let mut count: Vec<i32> = self
            .cons
            .iter()
            .map(|c| {
                self.members[c.start as usize..c.end as usize]
                    .iter()
                    .filter(|&&m| blue[m as usize])
                    .count() as i32
            })
            .collect();
        let mut tabu = vec![0usize; n];
        tabu[seed] = usize::MAX;
        let mut rng: u64 = 0x9E37_79B9_7F4A_7C15 ^ (n as u64);
        let off = |c: &Con, k: i32| (c.lo - k).max(k - c.hi).max(0);
        // The constraints broken by count, as a bit set kept up to date flip by flip.
        let mut by_count = vec![0u64; self.cons.len().div_ceil(64)];
        for (j, c) in self.cons.iter().enumerate() {
            if off(c, count[j]) > 0 {
                set(&mut by_count, j);
            }
        }
        // The members a step may flip, one buffer for every step.
        let mut options: Vec<usize> = Vec::new();
        for step in 1..=REPAIR_STEPS {
            // The first broken constraint (by count, then by shape).
            let broken = first(&by_count).or_else(|| {
                (0..self.cons.len())
                    .find(|&j| self.cons[j].shaped.is_some_and(|c| !self.holds_with(c, &blue)))
            });
            let Some(j) = broken else {
                // Keep it as the search's colouring.
                for (v, &b) in blue.iter().enumerate() {
                    self.value[v] = i8::from(b);
                }
                return true;
            };
            let (start, end) = (self.cons[j].start as usize, self.cons[j].end as usize);
            let want = if count[j] < self.cons[j].lo {
                Some(true)
            } else if count[j] > self.cons[j].hi {
                Some(false)
            } else {
                None
            };
            options.clear();
            options.extend(
                self.members[start..end]
                    .iter()
                    .map(|&m| m as usize)
                    .filter(|&m| tabu[m] < step && want.is_none_or(|w| blue[m] != w)),
            );
            if options.is_empty() {
                return false;
            }
            let choice = pick_least(&mut rng, &options, |m| {
                let delta = if blue[m] { -1 } else { 1 };
                let mut score = 0;
                for k in self.occ_start[m]..self.occ_start[m + 1] {
                    let i = self.occ[k as usize] as usize;
                    score += off(&self.cons[i], count[i] + delta) - off(&self.cons[i], count[i]);
                }
                score
            });
            blue[choice] = !blue[choice];
            let delta = if blue[choice] { 1 } else { -1 };
            for k in self.occ_start[choice]..self.occ_start[choice + 1] {
                let i = self.occ[k as usize] as usize;
                count[i] += delta;
                if off(&self.cons[i], count[i]) > 0 {
                    set(&mut by_count, i);
                } else {
                    unset(&mut by_count, i);
                }
            }
            tabu[choice] = step + 3;
        }
        false
    }

    /// Whether puzzle clue `c` holds with the local colouring `blue`.
    pub(super) fn holds_with(&self, c: usize, blue: &[bool]) -> bool {
        let is_blue = |m: usize| match self.known[m] {
            Some(b) => b,
            None => blue[self.local[m] as usize],
        };
        self.puzzle.clues[c].holds(is_blue)
    }
}
