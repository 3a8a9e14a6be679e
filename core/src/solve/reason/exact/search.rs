//! The checker's search: decisions depth first from the solution's colours, with
//! propagation, conflict analysis and back-jumping, until the cell's wrong colour
//! is refuted, a colouring is found or the node limit is reached.

use super::bits::{has, union, unset};
use super::state::{ExactChecker, Frame, DECISION, PREMISE};

impl ExactChecker<'_> {
    /// `Some(true)` when no colouring has the cell wrong, `Some(false)` when one does,
    /// `None` past `max_nodes` decisions.
    pub(super) fn search(&mut self, max_nodes: usize) -> Option<bool> {
        let mut frames = std::mem::take(&mut self.frames);
        let answer = self.search_with(&mut frames, max_nodes);
        for f in frames.drain(..) {
            self.recycle(f.cons);
            self.recycle(f.decisions);
        }
        self.frames = frames;
        answer
    }

    /// [`ExactChecker::search`] with the decision stack `frames` (empty at the start).
    fn search_with(&mut self, frames: &mut Vec<Frame>, max_nodes: usize) -> Option<bool> {
        if let Some(seed) = self.seed {
            let seed = seed as usize;
            let wrong = !self.puzzle.blue[self.vars[seed]];
            self.assign(seed, wrong, PREMISE);
        } else {
            self.queue.extend(0..self.cons.len() as u32);
        }
        // Every variable before `open` has a colour.
        let mut open = 0usize;
        let mut nodes = 0usize;
        let mut ok = self.propagate();
        loop {
            if ok {
                while open < self.vars.len() && self.value[open] >= 0 {
                    open += 1;
                }
                if open == self.vars.len() {
                    return Some(false);
                }
                let pos = self.most_constrained().unwrap_or(open);
                nodes += 1;
                if nodes > max_nodes {
                    return None;
                }
                frames.push(Frame {
                    first: self.phase[pos],
                    var: pos as u32,
                    trail: self.trail.len() as u32,
                    second: false,
                    cons: Vec::new(),
                    decisions: Vec::new(),
                });
                let first = self.phase[pos];
                self.assign(pos, first, DECISION);
                ok = self.propagate();
                continue;
            }
            // What the conflict rests on, then back to the deepest decision in it.
            let (mut cons, mut decisions) = self.analyze(frames);
            loop {
                while frames.last().is_some_and(|f| !has(&decisions, f.var as usize)) {
                    if let Some(f) = frames.pop() {
                        self.recycle(f.cons);
                        self.recycle(f.decisions);
                    }
                }
                let Some(f) = frames.last_mut() else {
                    let old = std::mem::replace(&mut self.core, cons);
                    self.recycle(old);
                    self.recycle(decisions);
                    return Some(true);
                };
                let var = f.var as usize;
                self.undo(f.trail as usize);
                if f.second {
                    // Both values fail: the node fails for both reasons.
                    union(&mut cons, &f.cons);
                    union(&mut decisions, &f.decisions);
                    unset(&mut decisions, var);
                    if let Some(f) = frames.pop() {
                        self.recycle(f.cons);
                        self.recycle(f.decisions);
                    }
                    continue;
                }
                unset(&mut decisions, var);
                f.cons = cons;
                f.decisions = decisions;
                f.second = true;
                open = 0;
                let value = !f.first;
                self.assign(var, value, DECISION);
                nodes += 1;
                ok = self.propagate();
                break;
            }
        }
    }

    /// An empty bit set for `n` items, reusing a spare one.
    pub(super) fn bits(&mut self, n: usize) -> Vec<u64> {
        let mut bits = self.spare.pop().unwrap_or_default();
        bits.clear();
        bits.resize(n.div_ceil(64), 0);
        bits
    }

    /// Keeps a bit set no longer needed for [`ExactChecker::bits`].
    fn recycle(&mut self, bits: Vec<u64>) {
        if bits.capacity() > 0 {
            self.spare.push(bits);
        }
    }

    /// The variable to decide next: of the clue with the fewest ways left to meet its
    /// count (fail first), the open member in the most constraints (its colour tells
    /// the most; the first in variable order of those); `None` when only the counter
    /// has open members.
    fn most_constrained(&self) -> Option<usize> {
        // The counter, when asked, is the last constraint.
        let clues = &self.cons[..self.counter_con.unwrap_or(self.cons.len())];
        // Fewest ways first, then fewest open members: one number to compare; and
        // where the clue's members are (an empty range while no clue has an open
        // member, which leaves nothing to choose from below).
        let mut best: (i64, u32, u32) = (i64::MAX, 0, 0);
        for c in clues {
            if c.open == 0 {
                continue;
            }
            let need = c.lo - c.blue;
            let key = (i64::from(need.min(c.open - need)) << 32) | i64::from(c.open);
            if key < best.0 {
                best = (key, c.start, c.end);
            }
        }
        let mut chosen: Option<(u32, u32)> = None;
        for &m in &self.members[best.1 as usize..best.2 as usize] {
            if self.value[m as usize] >= 0 {
                continue;
            }
            let degree = self.occ_start[m as usize + 1] - self.occ_start[m as usize];
            if chosen.is_none_or(|(d, v)| degree > d || (degree == d && m < v)) {
                chosen = Some((degree, m));
            }
        }
        chosen.map(|(_, m)| m as usize)
    }
}
