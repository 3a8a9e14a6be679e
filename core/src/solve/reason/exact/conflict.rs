//! The checker's conflict analysis: which constraints and decisions a conflict
//! rests on, so the search jumps back over decisions that do not matter and a
//! refutation names only the clues it used.

use super::bits::{has, set};
use super::state::{ExactChecker, Frame, DECISION, PREMISE};

impl ExactChecker<'_> {
    /// The constraints and the decisions the last conflict rests on, following the
    /// reasons of the assignments back from the conflict's constraints; `frames` are
    /// the search's decisions, each coloured on the trail.
    pub(super) fn analyze(&mut self, frames: &[Frame]) -> (Vec<u64>, Vec<u64>) {
        let mut cons = self.bits(self.cons.len());
        let mut decisions = self.bits(self.vars.len());
        self.stamp += 1;
        let stamp = self.stamp;
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        if self
            .conflict
            .iter()
            .any(|&j| Some(j as usize) == self.counter_con)
        {
            for &j in &self.conflict {
                set(&mut cons, j as usize);
            }
            self.reach_all(frames, &mut cons, &mut decisions);
            self.stack = stack;
            return (cons, decisions);
        }
        for &j in &self.conflict {
            set(&mut cons, j as usize);
            let c = &self.cons[j as usize];
            for &m in &self.members[c.start as usize..c.end as usize] {
                if self.value[m as usize] >= 0 && self.seen[m as usize] != stamp {
                    self.seen[m as usize] = stamp;
                    stack.push(m);
                }
            }
        }
        while let Some(v) = stack.pop() {
            let v = v as usize;
            match self.reason[v] {
                PREMISE => {}
                DECISION => set(&mut decisions, v),
                r => {
                    if Some(r as usize) == self.counter_con {
                        // The counter spans every variable: take all its colours at
                        // once (a coarser but still valid reason) instead of once per
                        // cell it coloured.
                        if has(&cons, r as usize) {
                            continue;
                        }
                        set(&mut cons, r as usize);
                        self.reach_all(frames, &mut cons, &mut decisions);
                        stack.clear();
                        break;
                    }
                    set(&mut cons, r as usize);
                    let at = self.tpos[v];
                    // A clue colours several cells at once: its members coloured
                    // before the latest of them cover the earlier ones.
                    let r = r as usize;
                    if self.expanded[r].0 == stamp && self.expanded[r].1 >= at {
                        continue;
                    }
                    self.expanded[r] = (stamp, at);
                    let c = &self.cons[r];
                    for &m in &self.members[c.start as usize..c.end as usize] {
                        let m = m as usize;
                        // Coloured before it (an open cell has no place on the trail).
                        if self.tpos[m] < at && self.seen[m] != stamp {
                            self.seen[m] = stamp;
                            stack.push(m as u32);
                        }
                    }
                }
            }
        }
        self.stack = stack;
        (cons, decisions)
    }

    /// Adds to `cons` and `decisions` what a conflict that reaches every coloured
    /// cell rests on (once the counter, which spans them all, is among its reasons):
    /// the reason of each coloured cell, and each decision. The same answer as
    /// following every reason's members back, read off the counts the trail keeps
    /// and the search's decisions.
    fn reach_all(&self, frames: &[Frame], cons: &mut [u64], decisions: &mut [u64]) {
        for (j, &n) in self.by_reason.iter().enumerate() {
            if n > 0 {
                set(cons, j);
            }
        }
        for f in frames {
            set(decisions, f.var as usize);
        }
    }
}
