//! The checker's propagation: assignments and their undoing, counts, lines, shapes
//! and the counting bound with the counter.

use super::bits::{has, set, unset};
use super::state::{Con, ExactChecker, DECISION};
use crate::solve::puzzle::ClueShape;

impl ExactChecker<'_> {
    /// Gives variable `v` a colour (for `reason`: a constraint, `DECISION` or
    /// `PREMISE`) and queues its constraints.
    #[inline(always)]
    pub(super) fn assign(&mut self, v: usize, blue: bool, reason: u32) {
        self.value[v] = i8::from(blue);
        self.reason[v] = reason;
        self.tpos[v] = self.trail.len() as u32;
        self.trail.push(v as u32);
        // A constraint's index (the decision and premise marks are above them all).
        if reason < DECISION {
            self.by_reason[reason as usize] += 1;
        }
        let Some(counter) = self.counter_con else {
            for k in self.occ_start[v]..self.occ_start[v + 1] {
                let j = self.occ[k as usize] as usize;
                let con = &mut self.cons[j];
                con.open -= 1;
                con.blue += i32::from(blue);
                self.queue.push(j as u32);
            }
            return;
        };
        // With the counter, the gains of the counting bound go down with the
        // colour: a blue cell takes one from the blue its clues still need, a black
        // one from the black they must still leave.
        let gains = &mut self.gains[usize::from(blue)];
        let positive = &mut self.positive[usize::from(blue)];
        for k in self.occ_start[v]..self.occ_start[v + 1] {
            let j = self.occ[k as usize] as usize;
            let con = &mut self.cons[j];
            let g = gain(con, blue);
            if j != counter && g > 0 {
                *gains -= 1;
                if g == 1 {
                    unset(positive, j);
                }
            }
            con.open -= 1;
            con.blue += i32::from(blue);
            self.queue.push(j as u32);
        }
    }

    /// Unassigns the trail back to length `len`.
    pub(super) fn undo(&mut self, len: usize) {
        while self.trail.len() > len {
            let Some(v) = self.trail.pop() else { break };
            let v = v as usize;
            if self.reason[v] < DECISION {
                self.by_reason[self.reason[v] as usize] -= 1;
            }
            let blue = self.value[v] == 1;
            self.phase[v] = blue;
            self.value[v] = -1;
            self.tpos[v] = u32::MAX;
            let Some(counter) = self.counter_con else {
                for k in self.occ_start[v]..self.occ_start[v + 1] {
                    let con = &mut self.cons[self.occ[k as usize] as usize];
                    con.open += 1;
                    con.blue -= i32::from(blue);
                }
                continue;
            };
            // The gains of the counting bound come back (see `assign`).
            let gains = &mut self.gains[usize::from(blue)];
            let positive = &mut self.positive[usize::from(blue)];
            for k in self.occ_start[v]..self.occ_start[v + 1] {
                let j = self.occ[k as usize] as usize;
                let con = &mut self.cons[j];
                con.open += 1;
                con.blue -= i32::from(blue);
                let g = gain(con, blue);
                if j != counter && g > 0 {
                    *gains += 1;
                    if g == 1 {
                        set(positive, j);
                    }
                }
            }
        }
        self.queue.clear();
    }

    /// Propagates the queued constraints, then checks the counting bound; `false` on
    /// a conflict.
    pub(super) fn propagate(&mut self) -> bool {
        self.propagate_counts() && self.counting_bound()
    }

    /// With the counter: blue cells are at least those set plus what constraints with
    /// no open cell in common still need, and at most those set plus the open cells
    /// such constraints cannot all take. Outside the counter's range is a conflict
    /// (the counter and the constraints counted are its reason).
    pub(super) fn counting_bound(&mut self) -> bool {
        let Some(k) = self.counter_con else {
            return true;
        };
        let (lo, hi, blue, open) = {
            let c = &self.cons[k];
            (c.lo, c.hi, c.blue, c.open)
        };
        for need_blue in [true, false] {
            // No packing can reach past the range when all gains together cannot.
            let most = self.gains[usize::from(need_blue)];
            debug_assert_eq!(most, self.gains_counted(k, need_blue));
            debug_assert!((0..k).all(|j| {
                has(&self.positive[usize::from(need_blue)], j) == (gain(&self.cons[j], need_blue) > 0)
            }));
            if (need_blue && blue + most <= hi) || (!need_blue && blue + open - most >= lo) {
                continue;
            }
            self.stamp += 1;
            let stamp = self.stamp;
            self.chosen.clear();
            let mut extra = 0;
            // Plain slices: read through `self`, they were loaded again after each
            // push to `chosen`.
            let (cons, members, value) = (&self.cons[..], &self.members[..], &self.value[..]);
            let (packed, chosen) = (&mut self.packed[..], &mut self.chosen);
            // The constraints with a gain, in order.
            let with_gain = self.positive[usize::from(need_blue)]
                .iter()
                .enumerate()
                .flat_map(|(w, &word)| ones(word).map(move |b| w * 64 + b));
            for j in with_gain {
                let c = &cons[j];
                // Blues it still needs, or open cells it must leave black.
                let gain = gain(c, need_blue);
                debug_assert!(gain > 0);
                let cells = &members[c.start as usize..c.end as usize];
                let disjoint = cells
                    .iter()
                    .all(|&m| value[m as usize] >= 0 || packed[m as usize] != stamp);
                if !disjoint {
                    continue;
                }
                for &m in cells {
                    if value[m as usize] < 0 {
                        packed[m as usize] = stamp;
                    }
                }
                extra += gain;
                chosen.push(j as u32);
            }
            let conflict = if need_blue {
                blue + extra > hi
            } else {
                blue + open - extra < lo
            };
            if conflict {
                // Only as many of the constraints counted as the conflict needs, the
                // biggest first.
                let gain = |c: &Con| gain(c, need_blue);
                let mut chosen = std::mem::take(&mut self.chosen);
                chosen.sort_unstable_by_key(|&j| std::cmp::Reverse(gain(&self.cons[j as usize])));
                let mut slack = if need_blue { hi - blue } else { blue + open - lo };
                self.conflict.clear();
                self.conflict.push(k as u32);
                for &j in &chosen {
                    if slack < 0 {
                        break;
                    }
                    slack -= gain(&self.cons[j as usize]);
                    self.conflict.push(j);
                }
                self.chosen = chosen;
                self.queue.clear();
                return false;
            }
        }
        true
    }

    /// The sum of the positive gains of the constraints before the counter `k`
    /// (for blue when `need_blue`), counted afresh: what `gains` keeps up to date
    /// (checked against it in debug builds).
    pub(super) fn gains_counted(&self, k: usize, need_blue: bool) -> i32 {
        self.cons[..k].iter().map(|c| gain(c, need_blue).max(0)).sum()
    }

    /// Propagates the queued constraints; `false` on a conflict.
    pub(super) fn propagate_counts(&mut self) -> bool {
        while let Some(j) = self.queue.pop() {
            let j = j as usize;
            let (lo, hi, blue, open) = {
                let c = &self.cons[j];
                (c.lo, c.hi, c.blue, c.open)
            };
            if blue > hi || blue + open < lo {
                return self.fail(j);
            }
            if open == 0 {
                if let Some(c) = self.cons[j].shaped {
                    if !self.shape_holds(c) {
                        return self.fail(j);
                    }
                }
                continue;
            }
            let fill = if blue == hi {
                false
            } else if blue + open == lo {
                true
            } else {
                if let Some(c) = self.cons[j].shaped {
                    if !self.line_propagate(j, c) {
                        return self.fail(j);
                    }
                }
                continue;
            };
            let (start, end) = (self.cons[j].start as usize, self.cons[j].end as usize);
            for k in start..end {
                let m = self.members[k] as usize;
                if self.value[m] < 0 {
                    self.assign(m, fill, j as u32);
                }
            }
        }
        true
    }

    /// Runs on a line clue `c` (constraint `j`) with open members: a together line's
    /// blues lie within `count` consecutive members, so the members between two blues
    /// are blue and those too far from a blue are black; an apart line has no
    /// `count` consecutive blues, so a window with one open member and the rest blue
    /// makes it black. `false` on a conflict.
    pub(super) fn line_propagate(&mut self, j: usize, c: usize) -> bool {
        let clue = &self.puzzle.clues[c];
        let ClueShape::Line { together } = clue.shape else {
            return true;
        };
        let n = clue.count;
        let members = &clue.members;
        let value = |m: usize| -> i8 {
            match self.known[m] {
                Some(b) => i8::from(b),
                None => self.value[self.local[m] as usize],
            }
        };
        self.scratch.clear();
        if together {
            let first = members.iter().position(|&m| value(m) == 1);
            let last = members.iter().rposition(|&m| value(m) == 1);
            let (Some(first), Some(last)) = (first, last) else {
                return true;
            };
            if last + 1 - first > n {
                return false;
            }
            for (p, &m) in members.iter().enumerate() {
                let inside = p >= first && p <= last;
                let reach = p + n > last && p < first + n;
                match value(m) {
                    0 if inside => return false,
                    -1 if inside => self.scratch.push((self.local[m], true)),
                    -1 if !reach => self.scratch.push((self.local[m], false)),
                    _ => {}
                }
            }
        } else if n >= 1 && members.len() >= n {
            for w in members.windows(n) {
                let mut open = None;
                let mut n_blue = 0;
                let mut n_open = 0;
                for &m in w {
                    match value(m) {
                        1 => n_blue += 1,
                        -1 => {
                            n_open += 1;
                            open = Some(m);
                        }
                        _ => {}
                    }
                }
                if n_blue == n {
                    return false;
                }
                if let (1, Some(m)) = (n_open, open) {
                    if n_blue + 1 == n {
                        self.scratch.push((self.local[m], false));
                    }
                }
            }
        }
        if self.scratch.is_empty() {
            return true;
        }
        let mut k = 0;
        while k < self.scratch.len() {
            let (v, blue) = self.scratch[k];
            k += 1;
            match self.value[v as usize] {
                -1 => self.assign(v as usize, blue, j as u32),
                x if (x == 1) != blue => return false,
                _ => {}
            }
        }
        true
    }

    /// Records constraint `j` as the conflict; always `false`.
    pub(super) fn fail(&mut self, j: usize) -> bool {
        self.conflict.clear();
        self.conflict.push(j as u32);
        self.queue.clear();
        false
    }

    /// Whether puzzle clue `c`, all of whose members have colours and whose count
    /// holds (its constraint is met), keeps its shape.
    pub(super) fn shape_holds(&self, c: usize) -> bool {
        let is_blue = |m: usize| match self.known[m] {
            Some(b) => b,
            None => self.value[self.local[m] as usize] == 1,
        };
        self.puzzle.clues[c].shape_holds(is_blue)
    }
}

/// What constraint `c` adds to the counting bound: the blue it still needs (for
/// `blue`), or the open members it must still leave black; at most 0 when it adds
/// nothing.
#[inline(always)]
pub(super) fn gain(c: &Con, blue: bool) -> i32 {
    if blue {
        c.lo - c.blue
    } else {
        c.open - (c.hi - c.blue)
    }
}

/// The positions of the bits set in `word`, lowest first.
fn ones(mut word: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (word != 0).then(|| {
            let b = word.trailing_zeros() as usize;
            word &= word - 1;
            b
        })
    })
}
