//! Farkas certificates of small box-constrained systems, by a dense primal simplex.
//!
//! The system is a list of *sides*, each `sign * (sum of its columns - bound) >= 0`,
//! over columns that each lie in a box `[lo, hi]`. The simplex minimises the largest
//! violation `eps` of the sides: a positive optimum proves the system infeasible, and
//! the optimum's duals are then a certificate with the fewest multipliers in total
//! (the Farkas multipliers scaled to sum 1, which is the dual LP's optimum up to a
//! factor). The systems of one round (a few dozen rows over a hundred cells) fit a
//! dense tableau, which is several times quicker here than a general sparse solver.
//! A certificate is only a hint to its caller, which checks it again from the
//! multipliers alone: a numerical slip costs a missed certificate, never a wrong one.

/// One side of a row: `sign * (sum of columns - bound) >= 0`.
pub(super) struct Side<'a> {
    pub(super) columns: &'a [usize],
    /// `1.0` for a lower side (`sum >= bound`), `-1.0` for an upper one.
    pub(super) sign: f64,
    pub(super) bound: f64,
}

/// Below this, a number counts as zero.
const EPS: f64 = 1e-9;

/// The smallest largest violation that counts as infeasible.
const INFEASIBLE: f64 = 1e-7;

/// Pivots allowed per column and side, before the simplex gives up.
const PIVOTS_PER_DIMENSION: usize = 20;

/// Degenerate pivots in a row after which the entering column is the first that
/// improves (Bland's rule, which cannot cycle) instead of the steepest.
const DEGENERATE_STREAK: usize = 10;

/// When the sides cannot all hold with every column in its box (`boxes[j]` is
/// column `j`'s `(lo, hi)`, `start[j]` the end of it to start from): the
/// multiplier of each side in a certificate, scaled so the certificate's value is 1.
pub(super) fn certificate(sides: &[Side<'_>], boxes: &[(f64, f64)], start: &[bool]) -> Option<Vec<f64>> {
    certificate_with_room(sides, boxes, start, SLACK_ROOM)
}

/// [`certificate`], with room for `room` slack columns in the tableau at first.
fn certificate_with_room(
    sides: &[Side<'_>],
    boxes: &[(f64, f64)],
    start: &[bool],
    room: usize,
) -> Option<Vec<f64>> {
    let mut tableau = Tableau::new(sides, boxes, start, room);
    let eps = tableau.minimise()?;
    if eps < INFEASIBLE {
        return None;
    }
    Some(tableau.duals().into_iter().map(|y| y / eps).collect())
}

/// The value of multipliers `y` (one per side) as a certificate: the multipliers
/// times the bounds, less the most the combined sides reach over the boxes. Positive
/// exactly when they prove the sides cannot all hold; read from the multipliers
/// alone, so it checks a certificate independently of the simplex that found it.
pub(super) fn value(sides: &[Side<'_>], boxes: &[(f64, f64)], y: &[f64]) -> f64 {
    let mut g = vec![0.0; boxes.len()];
    let mut value = 0.0;
    for (side, &y) in sides.iter().zip(y) {
        if y == 0.0 {
            continue;
        }
        value += side.sign * y * side.bound;
        for &j in side.columns {
            g[j] += side.sign * y;
        }
    }
    value
        - g.iter()
            .zip(boxes)
            .map(|(g, (lo, hi))| (g * lo).max(g * hi))
            .sum::<f64>()
}

/// A bounded variable of the tableau.
#[derive(Clone, Copy)]
struct Var {
    lo: f64,
    hi: f64,
    value: f64,
    /// Whether it is basic (its row is in `Tableau::basis`).
    basic: bool,
}

/// The dense tableau of `min eps` subject to `sign * (sum - bound) + eps - slack = 0`
/// per side, with columns in their boxes, `eps >= 0` and `slack >= 0`. Variables are
/// the cells, then `eps`, then one slack per side.
///
/// A slack that has been basic from the start has a unit column and a zero reduced
/// cost, which no pivot changes: its column is only stored once it first leaves the
/// basis, so that a pivot works on the cells, `eps` and the few slacks that left
/// (a certificate takes a few dozen pivots; a round with the counter has hundreds
/// of sides).
struct Tableau {
    m: usize,
    /// Variables: the cells, `eps` and the slacks.
    n_vars: usize,
    /// Entries allocated per row, of which the first `active` are stored columns
    /// (more are made room for when a slack's column is stored past them).
    stride: usize,
    active: usize,
    /// Per variable: its stored column ([`UNSTORED`] for a slack basic from the start).
    column: Vec<usize>,
    /// `m` rows of `stride` entries: the basis inverse times the constraint matrix,
    /// for the stored columns.
    rows: Vec<f64>,
    /// Reduced costs of the stored columns.
    cost: Vec<f64>,
    vars: Vec<Var>,
    basis: Vec<usize>,
    /// Scratch of `pivot`: the pivot row's nonzero columns.
    nonzero: Vec<usize>,
}

/// No stored column.
const UNSTORED: usize = usize::MAX;

/// Slack columns a tableau has room for at first (a certificate rarely takes more
/// pivots; it makes more room when it does).
const SLACK_ROOM: usize = 32;

impl Tableau {
    fn new(sides: &[Side<'_>], boxes: &[(f64, f64)], start: &[bool], room: usize) -> Tableau {
        let (n, m) = (boxes.len(), sides.len());
        let n_vars = n + 1 + m;
        let eps = n;
        let mut vars: Vec<Var> = boxes
            .iter()
            .zip(start)
            .map(|(&(lo, hi), &at_hi)| Var {
                lo,
                hi,
                value: if at_hi { hi } else { lo },
                basic: false,
            })
            .collect();
        vars.push(Var {
            lo: 0.0,
            hi: f64::INFINITY,
            value: 0.0,
            basic: false,
        });
        // Each row reads `slack = sign * (sum - bound) + eps`; written with the slack
        // basic: `slack - sign * sum - eps = -sign * bound`.
        let stride = (n + 1 + room).min(n_vars);
        let mut rows = vec![0.0; m * stride];
        for (k, side) in sides.iter().enumerate() {
            let row = &mut rows[k * stride..(k + 1) * stride];
            let mut sum = 0.0;
            for &j in side.columns {
                row[j] -= side.sign;
                sum += vars[j].value;
            }
            row[eps] = -1.0;
            vars.push(Var {
                lo: 0.0,
                hi: f64::INFINITY,
                value: side.sign * (sum - side.bound),
                basic: true,
            });
        }
        let mut cost = vec![0.0; stride];
        cost[eps] = 1.0;
        Tableau {
            m,
            n_vars,
            stride,
            active: n + 1,
            column: (0..n_vars).map(|j| if j <= eps { j } else { UNSTORED }).collect(),
            rows,
            cost,
            vars,
            basis: (n + 1..n_vars).collect(),
            nonzero: Vec::new(),
        }
    }

    /// The optimum `eps`, or `None` when the simplex gave up.
    fn minimise(&mut self) -> Option<f64> {
        let eps = self.n_vars - self.m - 1;
        // `eps` enters at the most violated side: every slack is then at least 0.
        if let Some((r, value)) = (0..self.m)
            .map(|r| (r, self.vars[self.basis[r]].value))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .filter(|(_, value)| *value < 0.0)
        {
            self.step(eps, r, -value, 1.0);
        }
        let mut streak = 0;
        for _ in 0..PIVOTS_PER_DIMENSION * self.n_vars {
            let Some((q, dir)) = self.entering(streak >= DEGENERATE_STREAK) else {
                return Some(self.vars[eps].value);
            };
            let (leaving, delta) = self.ratio(q, dir)?;
            streak = if delta < EPS { streak + 1 } else { 0 };
            match leaving {
                Some(r) => self.step(q, r, delta, dir),
                None => self.flip(q, delta, dir),
            }
        }
        None
    }

    /// A nonbasic column whose move lowers the objective, and its direction (`1.0`
    /// up from its lower bound, `-1.0` down from its upper one): the steepest, or the
    /// first when `bland`.
    fn entering(&self, bland: bool) -> Option<(usize, f64)> {
        let mut best: Option<(usize, f64, f64)> = None;
        for (j, var) in self.vars.iter().enumerate() {
            if var.basic || var.hi - var.lo < EPS {
                continue;
            }
            // A nonbasic variable has left the basis at some point: it is stored.
            let d = self.cost[self.column[j]];
            let dir = if d < -EPS && var.value < var.hi - EPS {
                1.0
            } else if d > EPS && var.value > var.lo + EPS {
                -1.0
            } else {
                continue;
            };
            if bland {
                return Some((j, dir));
            }
            if best.is_none_or(|(_, _, b)| d.abs() > b) {
                best = Some((j, dir, d.abs()));
            }
        }
        best.map(|(j, dir, _)| (j, dir))
    }

    /// How far column `q` moves in direction `dir`: the row whose basic variable
    /// reaches a bound first (`None`: `q` reaches its own other bound first), and
    /// the distance; `None` when nothing stops it.
    fn ratio(&self, q: usize, dir: f64) -> Option<(Option<usize>, f64)> {
        let var = self.vars[q];
        let col = self.column[q];
        let mut best: (Option<usize>, f64, f64) = (None, var.hi - var.lo, f64::INFINITY);
        for r in 0..self.m {
            let alpha = dir * self.rows[r * self.stride + col];
            let basic = self.vars[self.basis[r]];
            // The basic variable moves by `-alpha` per unit.
            let room = if alpha > EPS {
                (basic.value - basic.lo).max(0.0) / alpha
            } else if alpha < -EPS && basic.hi.is_finite() {
                (basic.hi - basic.value).max(0.0) / -alpha
            } else {
                continue;
            };
            // Ties go to the largest pivot, the steadiest.
            if room < best.1 - EPS || (room < best.1 + EPS && best.0.is_some() && alpha.abs() > best.2) {
                best = (Some(r), room, alpha.abs());
            }
        }
        best.1.is_finite().then_some((best.0, best.1))
    }

    /// Moves nonbasic column `q` by `delta` in direction `dir` to its other bound.
    fn flip(&mut self, q: usize, delta: f64, dir: f64) {
        self.shift(q, delta * dir);
        let var = &mut self.vars[q];
        var.value = if dir > 0.0 { var.hi } else { var.lo };
    }

    /// Moves column `q` by `delta` in direction `dir` and makes it basic in row `r`,
    /// whose basic variable leaves at the bound it reached.
    fn step(&mut self, q: usize, r: usize, delta: f64, dir: f64) {
        self.shift(q, delta * dir);
        self.vars[q].value += delta * dir;
        let out = &mut self.vars[self.basis[r]];
        // It stopped at the bound it reached (the nearer one).
        out.value = if (out.value - out.lo).abs() <= (out.hi - out.value).abs() {
            out.lo
        } else {
            out.hi
        };
        out.basic = false;
        let leaving = self.basis[r];
        if self.column[leaving] == UNSTORED {
            // Its unit column, stored before the pivot works on it.
            if self.active == self.stride {
                self.widen();
            }
            let col = self.active;
            self.active += 1;
            self.column[leaving] = col;
            self.rows[r * self.stride + col] = 1.0;
        }
        self.vars[q].basic = true;
        self.basis[r] = q;
        self.pivot(r, self.column[q]);
    }

    /// Makes room for twice as many stored slack columns (at most every slack).
    fn widen(&mut self) {
        let first_slack = self.n_vars - self.m;
        let stride = (first_slack + 2 * (self.stride - first_slack).max(1)).min(self.n_vars);
        let mut rows = vec![0.0; self.m * stride];
        for (old, new) in self
            .rows
            .chunks_exact(self.stride)
            .zip(rows.chunks_exact_mut(stride))
        {
            new[..self.active].copy_from_slice(&old[..self.active]);
        }
        self.rows = rows;
        self.cost.resize(stride, 0.0);
        self.stride = stride;
    }

    /// Moves the basic variables for nonbasic column `q` changing by `change`.
    fn shift(&mut self, q: usize, change: f64) {
        let col = self.column[q];
        for r in 0..self.m {
            let a = self.rows[r * self.stride + col];
            if a != 0.0 {
                self.vars[self.basis[r]].value -= a * change;
            }
        }
    }

    /// Gauss-Jordan on entry (r, q) (a stored column), the objective row included,
    /// over the stored columns. Rows of counts stay sparse: only the pivot row's
    /// nonzero columns are worked on.
    fn pivot(&mut self, r: usize, q: usize) {
        let (stride, width) = (self.stride, self.active);
        let (before, rest) = self.rows.split_at_mut(r * stride);
        let (pivot_row, after) = rest.split_at_mut(stride);
        let pivot_row = &mut pivot_row[..width];
        let p = pivot_row[q];
        let nonzero = &mut self.nonzero;
        nonzero.clear();
        for (j, x) in pivot_row.iter_mut().enumerate() {
            if *x != 0.0 {
                *x /= p;
                nonzero.push(j);
            }
        }
        pivot_row[q] = 1.0;
        // A dense pivot row is quicker worked on whole (in vector steps); zeros
        // leave an entry as it is.
        let dense = nonzero.len() * 4 > width;
        let eliminate = |row: &mut [f64]| {
            let f = row[q];
            if f != 0.0 {
                if dense {
                    for (x, p) in row.iter_mut().zip(pivot_row.iter()) {
                        *x -= f * p;
                    }
                } else {
                    for &j in nonzero.iter() {
                        row[j] -= f * pivot_row[j];
                    }
                }
                row[q] = 0.0;
            }
        };
        before
            .chunks_exact_mut(stride)
            .for_each(|row| eliminate(&mut row[..width]));
        after
            .chunks_exact_mut(stride)
            .for_each(|row| eliminate(&mut row[..width]));
        eliminate(&mut self.cost[..width]);
    }

    /// The multiplier of each side at the optimum: its slack's reduced cost.
    fn duals(&self) -> Vec<f64> {
        let first_slack = self.n_vars - self.m;
        self.column[first_slack..]
            .iter()
            .map(|&col| match col {
                UNSTORED => 0.0,
                col if self.cost[col] > EPS => self.cost[col],
                _ => 0.0,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use microlp::{ComparisonOp, OptimizationDirection, Problem};
    use proptest::prelude::*;

    /// The least largest violation of the sides over the boxes, asked of a general
    /// LP solver.
    fn least_violation(sides: &[Side<'_>], boxes: &[(f64, f64)]) -> f64 {
        let mut problem = Problem::new(OptimizationDirection::Minimize);
        let vars: Vec<_> = boxes.iter().map(|&b| problem.add_var(0.0, b)).collect();
        let eps = problem.add_var(1.0, (0.0, f64::INFINITY));
        for side in sides {
            let mut expr: Vec<_> = side.columns.iter().map(|&j| (vars[j], side.sign)).collect();
            expr.push((eps, 1.0));
            problem.add_constraint(expr, ComparisonOp::Ge, side.sign * side.bound);
        }
        let outcome = problem.solve().expect("the violation is bounded");
        outcome.solution().expect("an optimum").objective()
    }

    proptest! {
        /// Rows of exact counts and at-most counts over a few cells, some fixed, as a
        /// round's clues are: a certificate exactly when the system is infeasible,
        /// each one proves it and has the fewest multipliers in total.
        #[test]
        fn a_certificate_exactly_when_the_counts_cannot_all_hold(
            n in 2usize..9,
            rows in prop::collection::vec((prop::collection::vec(any::<bool>(), 8), 0usize..5, any::<bool>()), 1..8),
            fixed in prop::collection::vec(prop::option::of(any::<bool>()), 8),
            start in prop::collection::vec(any::<bool>(), 8),
        ) {
            let boxes: Vec<(f64, f64)> = fixed[..n]
                .iter()
                .map(|f| match f {
                    Some(true) => (1.0, 1.0),
                    Some(false) => (0.0, 0.0),
                    None => (0.0, 1.0),
                })
                .collect();
            let columns: Vec<Vec<usize>> = rows
                .iter()
                .map(|(members, _, _)| (0..n).filter(|&j| members[j]).collect())
                .collect();
            let mut sides = Vec::new();
            for ((_, count, exact), columns) in rows.iter().zip(&columns) {
                let bound = *count as f64;
                if *exact {
                    sides.push(side(columns, 1.0, bound));
                }
                sides.push(side(columns, -1.0, bound));
            }
            let found = certificate(&sides, &boxes, &start[..n]);
            // Room for one slack column at first: the tableau widens as it pivots,
            // to the same certificate.
            prop_assert_eq!(&certificate_with_room(&sides, &boxes, &start[..n], 1), &found);
            let least = least_violation(&sides, &boxes);
            prop_assert_eq!(found.is_some(), least > 1e-7);
            if let Some(y) = found {
                prop_assert!((value(&sides, &boxes, &y) - 1.0).abs() < 1e-6, "{:?}", y);
                // The fewest multipliers in total: the dual optimum.
                let total: f64 = y.iter().sum();
                prop_assert!((total * least - 1.0).abs() < 1e-6, "{:?} against {}", y, least);
            }
        }
    }

    fn side(columns: &[usize], sign: f64, bound: f64) -> Side<'_> {
        Side { columns, sign, bound }
    }

    #[test]
    fn two_clues_that_count_the_same_cells_differently_are_a_certificate() {
        // a + b = 2 and a + b = 1 over [0, 1] boxes: infeasible, both rows needed.
        let ab = [0, 1];
        let sides = [
            side(&ab, 1.0, 2.0),
            side(&ab, -1.0, 2.0),
            side(&ab, 1.0, 1.0),
            side(&ab, -1.0, 1.0),
        ];
        let y = certificate(&sides, &[(0.0, 1.0); 2], &[false; 2]).expect("infeasible");
        assert!(y[0] > 0.0, "the lower side of a + b = 2: {y:?}");
        assert!(y[3] > 0.0, "the upper side of a + b = 1: {y:?}");
        assert_eq!(y[1], 0.0);
        assert_eq!(y[2], 0.0);
    }

    #[test]
    fn a_feasible_system_has_no_certificate() {
        // a + b = 1, b + c = 1, a + c = 1: a = b = c = 1/2.
        let (ab, bc, ac) = ([0, 1], [1, 2], [0, 2]);
        let sides = [
            side(&ab, 1.0, 1.0),
            side(&ab, -1.0, 1.0),
            side(&bc, 1.0, 1.0),
            side(&bc, -1.0, 1.0),
            side(&ac, 1.0, 1.0),
            side(&ac, -1.0, 1.0),
        ];
        assert_eq!(certificate(&sides, &[(0.0, 1.0); 3], &[true, false, true]), None);
    }

    #[test]
    fn a_fixed_column_counts_with_its_value() {
        // a + b = 1 with a fixed at 1 and b >= 1 (its box): infeasible.
        let ab = [0, 1];
        let sides = [side(&ab, 1.0, 1.0), side(&ab, -1.0, 1.0)];
        let y = certificate(&sides, &[(1.0, 1.0), (1.0, 1.0)], &[true, true]).expect("infeasible");
        assert_eq!(y[0], 0.0);
        assert!(y[1] > 0.0);
    }
}
