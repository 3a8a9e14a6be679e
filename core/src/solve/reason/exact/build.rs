//! The checker's set-up of one question: the variables (the hidden cells its clues
//! reach from the cell), the constraints over them and their occurrence lists, and
//! a fresh search state; kept for the next question when it asks about the same
//! clues.

use super::bits::set;
use super::propagate;
use super::state::{Built, Con, ExactChecker, DECISION, NONE};
use crate::solve::puzzle::ClueShape;

impl ExactChecker<'_> {
    /// Whether the variables and constraints built last serve the question about
    /// `cell` with `clues` (and the counter) too: the same question but for the cell,
    /// which is among their variables. Then only the search state is reset.
    pub(super) fn reuse(&mut self, clues: &[usize], counter: bool, cell: Option<usize>) -> bool {
        let same = self.built.as_ref().is_some_and(|b| {
            b.counter == counter && b.seeded == cell.is_some() && b.clues.as_slice() == clues
        });
        if !same {
            return false;
        }
        self.seed = match cell {
            Some(cell) if self.local[cell] == NONE => return false,
            Some(cell) => Some(self.local[cell]),
            None => None,
        };
        self.reset_search();
        true
    }

    /// Sets up the variables (in breadth-first order from `cell`), the constraints
    /// and the search state for one question.
    pub(super) fn build(&mut self, clues: &[usize], counter: bool, cell: Option<usize>) {
        for (k, &c) in clues.iter().enumerate() {
            self.clue_pos[c] = k as u32;
        }
        self.seed = cell.map(|_| 0);
        let reached = self.scope(clues, counter, cell);
        self.add_constraints(&reached, counter);
        self.reached = reached;
        self.index_occurrences();
        self.reset_search();
        // The clue list's buffer is kept from question to question.
        let mut built_clues = self.built.take().map(|b| b.clues).unwrap_or_default();
        built_clues.clear();
        built_clues.extend_from_slice(clues);
        self.built = Some(Built {
            clues: built_clues,
            counter,
            seeded: cell.is_some(),
        });
    }

    /// Numbers the hidden cells of the clues reached from `cell` through shared
    /// hidden cells (of every clue, with the counter) as variables, breadth first,
    /// and gives the clues reached, in that order.
    fn scope(&mut self, clues: &[usize], counter: bool, cell: Option<usize>) -> Vec<usize> {
        let puzzle = self.puzzle;
        // Plain slices and vectors: read through `self`, they were loaded again after
        // each push.
        let (known, clue_pos) = (&self.known[..], &self.clue_pos[..]);
        let (local, vars) = (&mut self.local[..], &mut self.vars);
        vars.clear();
        if let Some(cell) = cell {
            local[cell] = 0;
            vars.push(cell);
        }
        let mut reached = std::mem::take(&mut self.reached);
        reached.clear();
        let mut next = 0;
        let mut add_clue = |c: usize, reached: &mut Vec<usize>, vars: &mut Vec<usize>| {
            reached.push(c);
            for &m in &puzzle.clues[c].members {
                if known[m].is_none() && local[m] == NONE {
                    local[m] = vars.len() as u32;
                    vars.push(m);
                }
            }
        };
        let mut taken = std::mem::take(&mut self.taken);
        taken.clear();
        taken.resize(clues.len(), false);
        // No clue before `untaken` is left out (`taken` only ever becomes true).
        let mut untaken = 0;
        loop {
            while next < vars.len() {
                let m = vars[next];
                next += 1;
                for &c in puzzle.clues_of_cell(m) {
                    let k = clue_pos[c];
                    if k != NONE && !taken[k as usize] {
                        taken[k as usize] = true;
                        add_clue(c, &mut reached, vars);
                    }
                }
            }
            // With the counter, the clues out of the cell's reach count too.
            if !counter {
                break;
            }
            while untaken < clues.len() && taken[untaken] {
                untaken += 1;
            }
            match (untaken < clues.len()).then_some(untaken) {
                Some(k) => {
                    taken[k] = true;
                    add_clue(clues[k], &mut reached, vars);
                }
                None => break,
            }
        }
        self.taken = taken;
        reached
    }

    /// One constraint per reached clue (over its hidden members), and the counter's
    /// over every variable when asked.
    fn add_constraints(&mut self, reached: &[usize], counter: bool) {
        let puzzle = self.puzzle;
        // Plain slices and vectors (see `scope`).
        let (known, local, clue_pos) = (&self.known[..], &self.local[..], &self.clue_pos[..]);
        let (cons, members) = (&mut self.cons, &mut self.members);
        cons.clear();
        members.clear();
        for &c in reached {
            let clue = &puzzle.clues[c];
            let start = members.len() as u32;
            // The blue members it still needs, counted on the way.
            let mut need = clue.count as i32;
            for &m in &clue.members {
                match known[m] {
                    None => members.push(local[m]),
                    Some(blue) => need -= i32::from(blue),
                }
            }
            let end = members.len() as u32;
            let shaped = match clue.shape {
                ClueShape::Count => None,
                _ => Some(c),
            };
            cons.push(Con {
                at: Some(clue_pos[c] as usize),
                shaped,
                lo: need,
                hi: need,
                blue: 0,
                open: (end - start) as i32,
                start,
                end,
            });
        }
        let n = self.vars.len() as u32;
        self.counter_con = counter.then_some(self.cons.len());
        if counter {
            let start = self.members.len() as u32;
            self.members.extend(0..n);
            let outside = self.n_hidden - n as i32;
            let (mut lo, mut hi) = (self.remaining - outside, self.remaining);
            if self.seed.is_none() {
                // Some untouched cell differs: one blue more or one black more there.
                if self.n_untouched_blue == 0 {
                    hi -= 1;
                } else {
                    lo += 1;
                }
            }
            self.cons.push(Con {
                at: None,
                shaped: None,
                lo,
                hi,
                blue: 0,
                open: n as i32,
                start,
                end: start + n,
            });
        }
    }

    /// The constraints of each variable, as one flat list.
    fn index_occurrences(&mut self) {
        let n = self.vars.len();
        self.occ_start.clear();
        self.occ_start.resize(n + 1, 0);
        for &m in &self.members {
            self.occ_start[m as usize + 1] += 1;
        }
        for v in 0..n {
            self.occ_start[v + 1] += self.occ_start[v];
        }
        self.occ.clear();
        self.occ.resize(self.members.len(), 0);
        let mut fill = std::mem::take(&mut self.fill);
        fill.clone_from(&self.occ_start);
        for (j, con) in self.cons.iter().enumerate() {
            for &m in &self.members[con.start as usize..con.end as usize] {
                self.occ[fill[m as usize] as usize] = j as u32;
                fill[m as usize] += 1;
            }
        }
        self.fill = fill;
    }

    /// Every variable open, with the solution's colour to try first.
    pub(super) fn reset_search(&mut self) {
        for c in &mut self.cons {
            c.blue = 0;
            c.open = (c.end - c.start) as i32;
        }
        let n = self.vars.len();
        self.value.clear();
        self.value.resize(n, -1);
        self.trail.clear();
        self.queue.clear();
        self.packed.clear();
        self.packed.resize(n, 0);
        self.seen.clear();
        self.seen.resize(n, 0);
        self.reason.clear();
        self.reason.resize(n, DECISION);
        self.tpos.clear();
        self.tpos.resize(n, u32::MAX);
        self.expanded.clear();
        self.expanded.resize(self.cons.len(), (0, 0));
        self.by_reason.clear();
        self.by_reason.resize(self.cons.len(), 0);
        self.phase.clear();
        let puzzle = self.puzzle;
        self.phase.extend(self.vars.iter().map(|&m| puzzle.blue[m]));
        self.stamp = 0;
        if let Some(k) = self.counter_con {
            // The counting bound's sums and bit sets, in one pass per colour.
            for blue in [false, true] {
                let mut positive = std::mem::take(&mut self.positive[usize::from(blue)]);
                positive.clear();
                positive.resize(self.cons.len().div_ceil(64), 0);
                let mut sum = 0;
                for (j, c) in self.cons[..k].iter().enumerate() {
                    let gain = propagate::gain(c, blue);
                    if gain > 0 {
                        sum += gain;
                        set(&mut positive, j);
                    }
                }
                self.gains[usize::from(blue)] = sum;
                self.positive[usize::from(blue)] = positive;
            }
        }
    }

    /// Resets the per-cell and per-clue marks of the last question built.
    pub(super) fn clear(&mut self) {
        for &m in &self.vars {
            self.local[m] = NONE;
        }
        if let Some(built) = &self.built {
            for &c in &built.clues {
                self.clue_pos[c] = NONE;
            }
        }
    }
}
