//! Clauses for the visible clues of one round: exact counts (totalizers), runs on
//! lines and rings, and the remaining-blue counter over the touched cells plus one
//! count for the untouched ones. Every clause of a clue carries that clue's selector
//! literal, so failed assumptions tell which clues a refutation used.

use super::solver::SatSolver;
use crate::solve::puzzle::{ClueInfo, ClueShape};

/// Most unknown inputs a count is encoded over subset by subset (beyond, a
/// totalizer); at six, a clue's ring is always within it.
const DIRECT_COUNT_MAX: usize = 6;

/// An input: a known constant or a solver literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lit {
    /// A known value.
    Const(bool),
    /// A solver literal.
    Var(i32),
}

impl Lit {
    /// The opposite literal.
    pub(crate) fn negate(self) -> Lit {
        match self {
            Lit::Const(b) => Lit::Const(!b),
            Lit::Var(v) => Lit::Var(-v),
        }
    }
}

/// Adds clauses to a backend, folding constants away; `guard` (if any) is added
/// negated to every clause.
pub(crate) struct Cnf<'a> {
    pub(crate) sat: &'a mut dyn SatSolver,
    buf: Vec<i32>,
    /// Added negated to every clause, definitions included, so that one unit retires
    /// everything this `Cnf` added.
    retire: Option<i32>,
}

impl<'a> Cnf<'a> {
    pub(crate) fn new(sat: &'a mut dyn SatSolver) -> Cnf<'a> {
        Cnf {
            sat,
            buf: Vec::new(),
            retire: None,
        }
    }

    /// A `Cnf` whose every clause holds only while `sel` is true: adding the unit
    /// `-sel` later removes all of them (auxiliary definitions too).
    pub(crate) fn retirable(sat: &'a mut dyn SatSolver, sel: i32) -> Cnf<'a> {
        Cnf {
            sat,
            buf: Vec::new(),
            retire: Some(sel),
        }
    }

    /// Adds `lits` as they are (plus the retiring literal, if any).
    fn add(&mut self, lits: &[i32]) {
        match self.retire {
            None => self.sat.add_clause(lits),
            Some(sel) => {
                let mut c = [0i32; 8];
                if lits.len() < c.len() {
                    c[..lits.len()].copy_from_slice(lits);
                    c[lits.len()] = -sel;
                    self.sat.add_clause(&c[..=lits.len()]);
                } else {
                    let mut c = lits.to_vec();
                    c.push(-sel);
                    self.sat.add_clause(&c);
                }
            }
        }
    }

    /// Adds `lits` (or the guard's negation when every literal is false).
    pub(crate) fn clause(&mut self, guard: Option<i32>, lits: &[Lit]) {
        self.buf.clear();
        for l in lits {
            match *l {
                Lit::Const(true) => return,
                Lit::Const(false) => {}
                Lit::Var(v) => self.buf.push(v),
            }
        }
        if let Some(g) = guard {
            self.buf.push(-g);
        }
        if let Some(sel) = self.retire.filter(|sel| Some(*sel) != guard) {
            self.buf.push(-sel);
        }
        self.sat.add_clause(&self.buf);
    }

    fn var(&mut self) -> i32 {
        self.sat.new_var()
    }

    /// Unary outputs `o[j]` meaning "at least j+1 of `xs` are true", up to `cap`
    /// outputs, defined in both directions (so they add no constraint by themselves).
    pub(crate) fn totalizer(&mut self, xs: &[i32], cap: usize) -> Vec<i32> {
        if xs.len() <= 1 {
            return xs.to_vec();
        }
        let (left, right) = xs.split_at(xs.len() / 2);
        let a = self.totalizer(left, cap);
        let b = self.totalizer(right, cap);
        let n_out = (a.len() + b.len()).min(cap);
        let out: Vec<i32> = (0..n_out).map(|_| self.var()).collect();
        // a_i ∧ b_j → out_{i+j}; ¬a_{i+1} ∧ ¬b_{j+1} → ¬out_{i+j+1} (indices from 1, 0 = true).
        for i in 0..=a.len() {
            for j in 0..=b.len() {
                let sum = i + j;
                if sum >= 1 && sum <= n_out {
                    let mut c = [out[sum - 1], 0, 0];
                    let mut len = 1;
                    if i > 0 {
                        c[len] = -a[i - 1];
                        len += 1;
                    }
                    if j > 0 {
                        c[len] = -b[j - 1];
                        len += 1;
                    }
                    self.add(&c[..len]);
                }
                if sum < n_out {
                    let mut c = [-out[sum], 0, 0];
                    let mut len = 1;
                    if i < a.len() {
                        c[len] = a[i];
                        len += 1;
                    }
                    if j < b.len() {
                        c[len] = b[j];
                        len += 1;
                    }
                    if len > 1 || (i == a.len() && j == b.len()) {
                        self.add(&c[..len]);
                    }
                }
            }
        }
        out
    }

    /// Between `lo` and `hi` of `xs` are true.
    pub(crate) fn count_between(&mut self, guard: Option<i32>, xs: &[Lit], lo: i64, hi: i64) {
        let n_true = xs.iter().filter(|l| **l == Lit::Const(true)).count() as i64;
        let vars: Vec<i32> = xs
            .iter()
            .filter_map(|l| match l {
                Lit::Var(v) => Some(*v),
                Lit::Const(_) => None,
            })
            .collect();
        let (lo, hi) = (lo - n_true, hi - n_true);
        let n = vars.len() as i64;
        if lo > n || hi < 0 || lo > hi {
            self.clause(guard, &[]);
            return;
        }
        if hi <= 0 {
            for v in &vars {
                self.clause(guard, &[Lit::Var(-v)]);
            }
            return;
        }
        if lo >= n {
            for v in &vars {
                self.clause(guard, &[Lit::Var(*v)]);
            }
            return;
        }
        if lo <= 0 && hi >= n {
            return;
        }
        // Here 0 < hi, lo < n, and one bound binds. A few inputs take one clause per
        // subset that would break a bound, with no auxiliary variable.
        if vars.len() <= DIRECT_COUNT_MAX {
            self.count_by_subsets(guard, &vars, lo, hi);
            return;
        }
        // A totalizer costs about inputs times outputs, so
        // count the false inputs when the bounds sit high: between lo and hi true is
        // between n - hi and n - lo false.
        let cap_true = if hi < n { hi + 1 } else { lo };
        let cap_false = if lo >= 1 { n - lo + 1 } else { n - hi };
        if cap_false < cap_true {
            let negated: Vec<i32> = vars.iter().map(|v| -v).collect();
            let out = self.totalizer(&negated, cap_false as usize);
            // At least n - hi false; not at least n - lo + 1 false.
            if hi < n {
                self.clause(guard, &[Lit::Var(out[(n - hi) as usize - 1])]);
            }
            if lo >= 1 {
                self.clause(guard, &[Lit::Var(-out[(n - lo) as usize])]);
            }
            return;
        }
        let out = self.totalizer(&vars, cap_true as usize);
        if lo >= 1 {
            self.clause(guard, &[Lit::Var(out[lo as usize - 1])]);
        }
        if hi < n {
            self.clause(guard, &[Lit::Var(-out[hi as usize])]);
        }
    }

    /// Between `lo` and `hi` of `vars` (at most [`DIRECT_COUNT_MAX`]) are true, as
    /// one clause per subset that breaks a bound: no `hi + 1` of them all true, no
    /// `n - lo + 1` of them all false.
    fn count_by_subsets(&mut self, guard: Option<i32>, vars: &[i32], lo: i64, hi: i64) {
        let n = vars.len() as u32;
        let mut lits: Vec<Lit> = Vec::with_capacity(vars.len());
        for mask in 0u32..1 << n {
            let size = i64::from(mask.count_ones());
            let (true_too_many, false_too_many) = (size == hi + 1, size == i64::from(n) - lo + 1);
            if !true_too_many && !false_too_many {
                continue;
            }
            let members = (0..n).filter(|b| mask >> b & 1 == 1).map(|b| vars[b as usize]);
            if true_too_many {
                lits.clear();
                lits.extend(members.clone().map(|v| Lit::Var(-v)));
                self.clause(guard, &lits);
            }
            if false_too_many {
                lits.clear();
                lits.extend(members.map(Lit::Var));
                self.clause(guard, &lits);
            }
        }
    }

    /// The remaining-blue counter: `blues` (the touched hidden cells' "is blue"
    /// literals) plus the blue ones among `n_untouched` other hidden cells make
    /// `remaining`, under `guard`. Returns the literal "the untouched cells differ from
    /// the solution", where `untouched_blue` of them are blue, which must be none or
    /// all of them (they then share a colour and only their number matters).
    pub(crate) fn remaining_count(
        &mut self,
        guard: Option<i32>,
        blues: &[i32],
        remaining: i64,
        n_untouched: i64,
        untouched_blue: i64,
    ) -> Lit {
        let n_t = blues.len() as i64;
        // Thresholds "at least s touched cells are blue" that the constraints use: the
        // two bounds and the one that says the untouched cells differ.
        let lower = remaining - n_untouched;
        let differ_at = if untouched_blue == 0 { remaining } else { lower + 1 };
        let needed: Vec<i64> = [lower, remaining + 1, differ_at]
            .into_iter()
            .filter(|s| (1..=n_t).contains(s))
            .collect();
        // A totalizer costs about its inputs times its outputs: count the black cells
        // instead when the thresholds sit high.
        let cap_blue = needed.iter().copied().max().unwrap_or(0);
        let cap_black = needed.iter().map(|s| n_t - s + 1).max().unwrap_or(0);
        let count_black = cap_black < cap_blue;
        let out = if count_black {
            let blacks: Vec<i32> = blues.iter().map(|b| -b).collect();
            self.totalizer(&blacks, cap_black as usize)
        } else {
            self.totalizer(blues, cap_blue as usize)
        };
        let unary = |k: i64| {
            out.get(k as usize - 1)
                .map_or(Lit::Const(false), |v| Lit::Var(*v))
        };
        // "At least s touched cells are blue" as a literal.
        let at_least = |s: i64| -> Lit {
            if s <= 0 {
                Lit::Const(true)
            } else if s > n_t {
                Lit::Const(false)
            } else if count_black {
                // At least s blue: at most n_t - s black.
                unary(n_t - s + 1).negate()
            } else {
                unary(s)
            }
        };
        self.clause(guard, &[at_least(lower)]);
        self.clause(guard, &[at_least(remaining + 1).negate()]);
        if untouched_blue == 0 {
            // Some untouched cell blue: touched blues at most remaining - 1.
            at_least(remaining).negate()
        } else {
            // Some untouched cell black: touched blues at least lower + 1.
            at_least(lower + 1)
        }
    }

    /// The true values of `xs` (in order) form one run (`together`) or several.
    pub(crate) fn line_runs(&mut self, guard: Option<i32>, xs: &[Lit], together: bool) {
        let n = xs.len();
        // prefix[i] = x_0 ∨ .. ∨ x_{i-1}; suffix[i] = x_i ∨ .. ∨ x_{n-1}.
        let mut prefix = vec![Lit::Const(false); n + 1];
        for i in 0..n {
            prefix[i + 1] = self.or2(prefix[i], xs[i]);
        }
        let mut suffix = vec![Lit::Const(false); n + 1];
        for i in (0..n).rev() {
            suffix[i] = self.or2(suffix[i + 1], xs[i]);
        }
        // A gap at j: something true before j, x_j false, something true after j.
        if together {
            for j in 1..n.saturating_sub(1) {
                self.clause(guard, &[prefix[j].negate(), xs[j], suffix[j + 1].negate()]);
            }
        } else {
            let mut gaps = Vec::new();
            for j in 1..n.saturating_sub(1) {
                gaps.push(self.and3(prefix[j], xs[j].negate(), suffix[j + 1]));
            }
            self.clause(guard, &gaps);
        }
    }

    /// The true values of a ring of six (`Const(false)` where no cell is) form one
    /// cyclic run (`together`) or several, given that `count` of them are true.
    pub(crate) fn ring_runs(&mut self, guard: Option<i32>, ring: &[Lit; 6], count: usize, together: bool) {
        if !together {
            // With `count` true values, one run is a window of `count` neighbours all
            // true: none such (one clause per window, no auxiliary variable).
            let starts = if count == 0 || count >= 6 { 1 } else { 6 };
            let mut window = Vec::with_capacity(count);
            for s in 0..starts {
                window.clear();
                window.extend((s..s + count).map(|i| ring[i % 6].negate()));
                self.clause(guard, &window);
            }
            return;
        }
        // Two runs or more: positions a < b < c < d around the ring with a, c true
        // and b, d false (cyclically). None such.
        for a in 0..6 {
            for b in a + 1..6 {
                for c in b + 1..6 {
                    for d in c + 1..6 {
                        for (t1, f1, t2, f2) in [(a, b, c, d), (b, c, d, a)] {
                            let lits = [ring[t1].negate(), ring[f1], ring[t2].negate(), ring[f2]];
                            self.clause(guard, &lits);
                        }
                    }
                }
            }
        }
    }

    fn or2(&mut self, a: Lit, b: Lit) -> Lit {
        match (a, b) {
            (Lit::Const(true), _) | (_, Lit::Const(true)) => Lit::Const(true),
            (Lit::Const(false), x) | (x, Lit::Const(false)) => x,
            (Lit::Var(x), Lit::Var(y)) => {
                let o = self.var();
                self.add(&[-x, o]);
                self.add(&[-y, o]);
                self.add(&[-o, x, y]);
                Lit::Var(o)
            }
        }
    }

    fn and3(&mut self, a: Lit, b: Lit, c: Lit) -> Lit {
        self.and_all(&[a, b, c])
    }

    fn and_all(&mut self, lits: &[Lit]) -> Lit {
        if lits.contains(&Lit::Const(false)) {
            return Lit::Const(false);
        }
        let vars: Vec<i32> = lits
            .iter()
            .filter_map(|l| match l {
                Lit::Var(v) => Some(*v),
                Lit::Const(_) => None,
            })
            .collect();
        match vars.as_slice() {
            [] => Lit::Const(true),
            [v] => Lit::Var(*v),
            _ => {
                let o = self.var();
                for v in &vars {
                    self.add(&[-o, *v]);
                }
                let mut c: Vec<i32> = vars.iter().map(|v| -v).collect();
                c.push(o);
                self.add(&c);
                Lit::Var(o)
            }
        }
    }

    /// Every clause of `clue`, with `lit_of` giving each member's input.
    pub(crate) fn clue(&mut self, guard: Option<i32>, clue: &ClueInfo, lit_of: &dyn Fn(usize) -> Lit) {
        let xs: Vec<Lit> = clue.members.iter().map(|m| lit_of(*m)).collect();
        let k = clue.count as i64;
        self.count_between(guard, &xs, k, k);
        match &clue.shape {
            ClueShape::Count => {}
            ClueShape::Line { together } => self.line_runs(guard, &xs, *together),
            ClueShape::Ring { ring, together } => {
                let ring = ring.map(|p| p.map_or(Lit::Const(false), lit_of));
                self.ring_runs(guard, &ring, clue.count, *together);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::budget::{Budget, Clock};
    use crate::solve::reason::sat::{SatBackend, SatResult};

    /// A clue over `n` fresh inputs (`ring`: the ring's six positions, `None` where
    /// no cell is).
    fn shaped_clue(n: usize, count: usize, ring: Option<[Option<usize>; 6]>, together: bool) -> ClueInfo {
        ClueInfo {
            at: crate::model::Pos::new(0, 0).expect("a cell of the grid"),
            owner: None,
            members: (0..n).collect(),
            count,
            shape: match ring {
                Some(ring) => ClueShape::Ring { ring, together },
                None => ClueShape::Line { together },
            },
            kind: crate::model::ClueKind::Column,
            hint: crate::model::Hint::Plain,
        }
    }

    #[test]
    fn shaped_clues_allow_exactly_the_colourings_that_meet_them() {
        let clock = Clock::start(&Budget::default());
        let rings: [Option<[Option<usize>; 6]>; 4] = [
            None,
            Some([Some(0), Some(1), Some(2), Some(3), Some(4), Some(5)]),
            Some([Some(0), None, Some(1), Some(2), Some(3), Some(4)]),
            Some([None, Some(0), Some(1), None, Some(2), Some(3)]),
        ];
        let mut n_checked = 0;
        for ring in rings {
            let sizes = match ring {
                Some(r) => vec![r.iter().flatten().count()],
                None => (1..=7).collect(),
            };
            for n in sizes {
                for count in 0..=n {
                    for together in [true, false] {
                        let clue = shaped_clue(n, count, ring, together);
                        let mut sat = SatBackend::Cadical.new_solver();
                        let xs: Vec<i32> = (0..n).map(|_| sat.new_var()).collect();
                        let guard = sat.new_var();
                        Cnf::new(sat.as_mut()).clue(Some(guard), &clue, &|m| Lit::Var(xs[m]));
                        for bits in 0u32..(1 << n) {
                            let mut assumptions: Vec<i32> = (0..n)
                                .map(|i| if bits >> i & 1 == 1 { xs[i] } else { -xs[i] })
                                .collect();
                            assumptions.push(guard);
                            let want = if clue.holds(|m| bits >> m & 1 == 1) {
                                SatResult::Sat
                            } else {
                                SatResult::Unsat
                            };
                            let got = sat.solve(&assumptions, &clock);
                            assert_eq!(got, want, "{:?} count {count} bits {bits:b}", clue.shape);
                            n_checked += 1;
                        }
                    }
                }
            }
        }
        assert!(n_checked > 1000, "only {n_checked} colourings checked");
    }

    #[test]
    fn count_between_allows_exactly_the_counts_in_range() {
        let clock = Clock::start(&Budget::default());
        // Up to DIRECT_COUNT_MAX inputs by subsets, past it by a totalizer.
        for n in 1..=DIRECT_COUNT_MAX as i64 + 2 {
            for lo in -1..=n + 1 {
                for hi in lo..=n + 1 {
                    let mut sat = SatBackend::Cadical.new_solver();
                    let xs: Vec<i32> = (0..n).map(|_| sat.new_var()).collect();
                    let lits: Vec<Lit> = xs.iter().map(|v| Lit::Var(*v)).collect();
                    Cnf::new(sat.as_mut()).count_between(None, &lits, lo, hi);
                    for bits in 0u32..(1 << n) {
                        let assumptions: Vec<i32> = (0..n as usize)
                            .map(|i| if bits >> i & 1 == 1 { xs[i] } else { -xs[i] })
                            .collect();
                        let count = i64::from(bits.count_ones());
                        let want = if (lo..=hi).contains(&count) {
                            SatResult::Sat
                        } else {
                            SatResult::Unsat
                        };
                        assert_eq!(
                            sat.solve(&assumptions, &clock),
                            want,
                            "n={n} lo={lo} hi={hi} bits={bits:b}"
                        );
                    }
                }
            }
        }
    }
}
