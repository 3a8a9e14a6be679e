//! The relaxation of one round ([`Relaxation`]): its rows, the questions it answers
//! (is a cell refuted, with whole numbers or not; is a range of the counter) and the
//! certificates of its refutations, read in whole numbers ([`CertificateSide`]).

use microlp::{ComparisonOp, Error, OptimizationDirection, Problem, SolveOptions};

use super::farkas;
use crate::solve::budget::Clock;
use crate::solve::puzzle::{Cand, ClueInfo, ClueShape, Puzzle, Values};

/// A row: `lo <= sum(cells) <= hi`.
struct Row {
    cells: Vec<usize>,
    lo: f64,
    hi: f64,
}

/// One side of a row a certificate uses, with its multiplier.
struct UsedSide {
    /// The row (`None`: the counter's).
    row: Option<usize>,
    /// `sum >= bound` (else `sum <= bound`).
    lower: bool,
    bound: f64,
    y: f64,
}

/// One side of a whole-number certificate: `times` x (the blue in `cells` `>=`
/// or `<=` `bound`).
#[derive(Clone, Debug)]
pub(crate) struct CertificateSide {
    /// The position of the clue behind it in the clues the relaxation reads
    /// (`None`: the remaining counter).
    pub(crate) clue: Option<usize>,
    /// Whether it is the clue's count (otherwise what its `{n}` or `-n-` allows in
    /// a few of its cells).
    pub(crate) count: bool,
    /// The hidden cells it counts.
    pub(crate) cells: Vec<usize>,
    /// `>=` (the blue it needs) or `<=` (the most it allows).
    pub(crate) lower: bool,
    pub(crate) bound: i64,
    pub(crate) times: u32,
}

/// The rows of one round's relaxation.
pub(crate) struct Relaxation<'p> {
    puzzle: &'p Puzzle,
    rows: Vec<Row>,
    /// The position in `visible` of the clue behind each row.
    row_clue: Vec<usize>,
    touched: Vec<usize>,
    untouched: Vec<usize>,
    remaining: f64,
    with_counter: bool,
}

impl<'p> Relaxation<'p> {
    /// The relaxation of the `visible` clues with `known` cells uncovered.
    pub(crate) fn new(
        puzzle: &'p Puzzle,
        known: &Values,
        visible: &[usize],
        untouched: &[usize],
        with_counter: bool,
    ) -> Relaxation<'p> {
        let mut rows = Vec::new();
        let mut row_clue = Vec::new();
        let mut is_touched = vec![false; puzzle.cells.len()];
        for (k, &c) in visible.iter().enumerate() {
            let clue = &puzzle.clues[c];
            let n_blue = clue.members.iter().filter(|m| known[**m] == Some(true)).count();
            let cells: Vec<usize> = clue
                .members
                .iter()
                .copied()
                .filter(|m| known[*m].is_none())
                .collect();
            for &m in &cells {
                is_touched[m] = true;
            }
            let rhs = clue.count as f64 - n_blue as f64;
            rows.push(Row {
                cells,
                lo: rhs,
                hi: rhs,
            });
            shape_rows(clue, known, &mut rows);
            row_clue.resize(rows.len(), k);
        }
        Relaxation {
            puzzle,
            rows,
            row_clue,
            touched: (0..puzzle.cells.len()).filter(|i| is_touched[*i]).collect(),
            untouched: untouched.to_vec(),
            remaining: puzzle.remaining(known) as f64,
            with_counter,
        }
    }

    /// Whether the relaxation is infeasible when `cand` takes its wrong colour.
    pub(crate) fn refutes(&self, cand: Cand) -> bool {
        let (problem, _) = self.problem(Some(cand), OptimizationDirection::Minimize, &[], false);
        matches!(problem.solve(), Err(Error::Infeasible))
    }

    /// Whether the relaxation with every cell 0 or 1 (branch and bound, at most
    /// `nodes` nodes) is infeasible when `cand` takes its wrong colour: `Some(true)`
    /// when refuted, `Some(false)` when an integral point exists (it may still break
    /// a togetherness rule), `None` when the nodes ran out.
    pub(crate) fn refutes_integral(&self, cand: Cand, nodes: u64) -> Option<bool> {
        let (problem, _) = self.problem(Some(cand), OptimizationDirection::Minimize, &[], true);
        let mut options = SolveOptions::default();
        options.node_limit = Some(nodes);
        match problem.solve_with(options) {
            Err(Error::Infeasible) => Some(true),
            Ok(outcome) if outcome.solution().is_some() => Some(false),
            Ok(_) | Err(_) => None,
        }
    }

    /// The cells of `cells` the relaxation refutes (as [`refutes`] would one by one),
    /// with few LPs: maximise the cells' total "wrongness"; below 1/2, none of them
    /// can take its wrong colour. Otherwise cells fully wrong in the optimum are not
    /// refuted, fractional ones are checked alone, and the rest are asked again. Once
    /// `clock` says stop, the cells not yet settled count as not refuted.
    ///
    /// [`refutes`]: Relaxation::refutes
    pub(crate) fn refuted_cells(&self, cells: &[usize], clock: &Clock) -> Vec<usize> {
        let puzzle = self.puzzle;
        let mut set: Vec<usize> = cells.iter().copied().filter(|i| self.is_touched(*i)).collect();
        let mut out = Vec::new();
        let mut alone = Vec::new();
        while !set.is_empty() && !clock.should_stop() {
            let objective: Vec<(usize, f64)> = set
                .iter()
                .map(|&i| (i, if puzzle.blue[i] { -1.0 } else { 1.0 }))
                .collect();
            let (problem, lp_var) = self.problem(None, OptimizationDirection::Maximize, &objective, false);
            let outcome = match problem.solve() {
                Err(Error::Infeasible) => {
                    out.append(&mut set);
                    break;
                }
                Err(_) => {
                    alone.append(&mut set);
                    break;
                }
                Ok(outcome) => outcome,
            };
            // Only a proven optimum bounds the wrongness.
            let Some(solution) = outcome.solution().filter(|_| outcome.is_optimal()) else {
                alone.append(&mut set);
                break;
            };
            // Wrongness of a blue cell is 1 - x, of a black one x.
            let wrongness = |i: usize| {
                let x = lp_var[i].map_or(0.0, |v| solution.var_value(v));
                if puzzle.blue[i] {
                    1.0 - x
                } else {
                    x
                }
            };
            let total: f64 = set.iter().map(|&i| wrongness(i)).sum();
            if total < 0.5 {
                out.append(&mut set);
                break;
            }
            let before = set.len();
            set.retain(|&i| {
                let w = wrongness(i);
                if w <= 1e-6 {
                    return true;
                }
                if w < 1.0 - 1e-6 {
                    alone.push(i);
                }
                false
            });
            if set.len() == before {
                // Cannot happen (the total is positive); check the rest alone.
                alone.append(&mut set);
            }
        }
        out.extend(
            alone
                .into_iter()
                .filter(|&i| !clock.should_stop() && self.refutes(Cand::Cell(i))),
        );
        out
    }

    /// When the relaxation is infeasible with hidden `cell` at its wrong colour: the
    /// positions (in `visible`, sorted) of the clues whose rows a Farkas certificate
    /// uses, and whether it uses the counter's row. Those rows alone are infeasible,
    /// so those clues (and the counter if named) force the cell.
    ///
    /// The certificate is multipliers `y >= 0` for each row's lower and upper side
    /// whose value `y·bounds - max over the box of g·x` (where `g` combines the rows)
    /// is at least 1, which proves infeasibility (checked again from the multipliers).
    /// It has the fewest multipliers in total (`farkas.rs` finds it as the duals of
    /// the least largest violation), so it is a vertex with few rows: it names a
    /// small, usually irreducible, set of clues, and the deletion pass has little
    /// left to do.
    pub(crate) fn refutation(&self, cell: usize) -> Option<(Vec<usize>, bool)> {
        if !self.is_touched(cell) {
            return None;
        }
        let n_u = self.untouched.len() as f64;
        self.refutation_of(Some(cell), (self.remaining - n_u, self.remaining))
    }

    /// Whether the relaxation is infeasible with the counter's row over the touched
    /// cells in `counter` (low, high) instead of what the remaining count allows
    /// (the relaxation must have the counter).
    pub(crate) fn refutes_counter_range(&self, counter: (f64, f64)) -> bool {
        let (problem, _) =
            self.problem_with(None, OptimizationDirection::Minimize, &[], false, Some(counter));
        matches!(problem.solve(), Err(Error::Infeasible))
    }

    /// Like [`refutation`](Self::refutation), with `cell` (if any) at its wrong
    /// colour and the counter's row (when the relaxation has one) over the touched
    /// cells in `counter` (low, high) instead of what the remaining count allows.
    pub(crate) fn refutation_of(
        &self,
        cell: Option<usize>,
        counter: (f64, f64),
    ) -> Option<(Vec<usize>, bool)> {
        let sides = self.certificate_sides(cell, counter)?;
        let mut clues: Vec<usize> = sides
            .iter()
            .filter_map(|s| s.row)
            .map(|r| self.row_clue[r])
            .collect();
        clues.sort_unstable();
        clues.dedup();
        Some((clues, sides.iter().any(|s| s.row.is_none())))
    }

    /// A certificate that hidden `cell` cannot take its wrong colour, in whole
    /// multipliers (the smallest one 1), each side with what it reads: what a
    /// player adds up and takes away. `None` when the relaxation is feasible, or when
    /// its certificate needs a fraction or a multiplier above `max_times`; the
    /// caller checks it again in whole numbers.
    pub(crate) fn whole_certificate(&self, cell: usize, max_times: u32) -> Option<Vec<CertificateSide>> {
        if !self.is_touched(cell) {
            return None;
        }
        let n_u = self.untouched.len() as f64;
        let sides = self.certificate_sides(Some(cell), (self.remaining - n_u, self.remaining))?;
        let smallest = sides.iter().map(|s| s.y).fold(f64::MAX, f64::min);
        // The multipliers of a vertex are rational: the smallest scale that makes
        // them whole.
        let near_whole = |x: f64| (x - x.round()).abs() < 1e-6;
        let scale = (1..=6)
            .map(f64::from)
            .find(|d| sides.iter().all(|s| near_whole(s.y / smallest * d)))?;
        sides
            .into_iter()
            .map(|side| {
                let times = (side.y / smallest * scale).round();
                let whole = side.bound.fract() == 0.0;
                (whole && times <= f64::from(max_times)).then(|| CertificateSide {
                    clue: side.row.map(|r| self.row_clue[r]),
                    count: side
                        .row
                        .is_none_or(|r| r == 0 || self.row_clue[r - 1] != self.row_clue[r]),
                    cells: match side.row {
                        Some(r) => self.rows[r].cells.clone(),
                        None => self.touched.clone(),
                    },
                    lower: side.lower,
                    bound: side.bound as i64,
                    times: times as u32,
                })
            })
            .collect()
    }

    /// The sides a Farkas certificate uses, with `cell` (if any) at its wrong colour
    /// and the counter's row (when the relaxation has one) over the touched cells in
    /// `counter` (low, high); checked again from the multipliers alone.
    fn certificate_sides(&self, cell: Option<usize>, counter: (f64, f64)) -> Option<Vec<UsedSide>> {
        let puzzle = self.puzzle;
        let mut ranges: Vec<(Option<usize>, &[usize], f64, f64)> = self
            .rows
            .iter()
            .enumerate()
            .map(|(r, row)| (Some(r), row.cells.as_slice(), row.lo, row.hi))
            .collect();
        if self.with_counter {
            ranges.push((None, self.touched.as_slice(), counter.0, counter.1));
        }
        // The touched cells are the columns, in their box or at the cell's wrong
        // colour, starting from the solution's colours.
        let mut column = vec![usize::MAX; puzzle.cells.len()];
        for (j, &i) in self.touched.iter().enumerate() {
            column[i] = j;
        }
        let boxes: Vec<(f64, f64)> = self.touched.iter().map(|&i| self.cell_box(i, cell)).collect();
        let start: Vec<bool> = self.touched.iter().map(|&i| puzzle.blue[i]).collect();
        let columns: Vec<Vec<usize>> = ranges
            .iter()
            .map(|(_, cells, _, _)| cells.iter().map(|&i| column[i]).collect())
            .collect();
        // Each side's row (`None` for the counter) and whether it is the lower one,
        // beside the system's sides.
        let mut side_rows: Vec<(Option<usize>, bool)> = Vec::new();
        let mut system: Vec<farkas::Side<'_>> = Vec::new();
        for (&(r, _, lo, hi), columns) in ranges.iter().zip(&columns) {
            for (sign, bound) in [(1.0, lo), (-1.0, hi)] {
                if bound.is_finite() {
                    side_rows.push((r, sign > 0.0));
                    system.push(farkas::Side { columns, sign, bound });
                }
            }
        }
        let y: Vec<f64> = farkas::certificate(&system, &boxes, &start)?
            .into_iter()
            .map(|y| if y > 1e-9 { y } else { 0.0 })
            .collect();
        // Check the certificate again from the multipliers alone.
        if farkas::value(&system, &boxes, &y) < 1e-7 {
            return None;
        }
        let used = side_rows
            .into_iter()
            .zip(&system)
            .zip(y)
            .filter(|(_, y)| *y > 0.0)
            .map(|(((row, lower), side), y)| UsedSide {
                row,
                lower,
                bound: side.bound,
                y,
            })
            .collect();
        Some(used)
    }

    /// Touched cell `i`'s box: [0, 1], or a point at its wrong colour when it is
    /// the cell `wrong` refuted.
    fn cell_box(&self, i: usize, wrong: Option<usize>) -> (f64, f64) {
        if wrong == Some(i) {
            let colour = if self.puzzle.blue[i] { 0.0 } else { 1.0 };
            (colour, colour)
        } else {
            (0.0, 1.0)
        }
    }

    fn is_touched(&self, i: usize) -> bool {
        self.touched.binary_search(&i).is_ok()
    }

    /// The LP with `cand` (if any) at its wrong colour and the given objective, its
    /// cells integral when `integral`.
    fn problem(
        &self,
        cand: Option<Cand>,
        direction: OptimizationDirection,
        objective: &[(usize, f64)],
        integral: bool,
    ) -> (Problem, Vec<Option<microlp::Variable>>) {
        self.problem_with(cand, direction, objective, integral, None)
    }

    /// [`problem`](Self::problem) with the counter's row over the touched cells at
    /// `counter_range` (low, high) instead of what the remaining count allows.
    fn problem_with(
        &self,
        cand: Option<Cand>,
        direction: OptimizationDirection,
        objective: &[(usize, f64)],
        integral: bool,
        counter_range: Option<(f64, f64)>,
    ) -> (Problem, Vec<Option<microlp::Variable>>) {
        let puzzle = self.puzzle;
        let mut problem = Problem::new(direction);
        let mut coefficient = vec![0.0; puzzle.cells.len()];
        for &(i, c) in objective {
            coefficient[i] = c;
        }
        let mut lp_var = vec![None; puzzle.cells.len()];
        let wrong = match cand {
            Some(Cand::Cell(c)) => Some(c),
            Some(Cand::Untouched) | None => None,
        };
        for &i in &self.touched {
            let bounds = self.cell_box(i, wrong);
            lp_var[i] = Some(if integral {
                problem.add_integer_var(coefficient[i], (bounds.0 as i32, bounds.1 as i32))
            } else {
                problem.add_var(coefficient[i], bounds)
            });
        }
        let expr = |cells: &[usize]| -> Vec<(microlp::Variable, f64)> {
            cells
                .iter()
                .filter_map(|c| lp_var[*c].map(|v| (v, 1.0)))
                .collect()
        };
        for row in &self.rows {
            add_range(&mut problem, expr(&row.cells), row.lo, row.hi);
        }
        if let (true, Some((lo, hi))) = (self.with_counter, counter_range) {
            add_range(&mut problem, expr(&self.touched), lo, hi);
        } else if self.with_counter {
            let n_u = self.untouched.len() as f64;
            let (mut lo, mut hi) = (self.remaining - n_u, self.remaining);
            if cand == Some(Cand::Untouched) {
                let u_sol = self.untouched.iter().filter(|i| puzzle.blue[**i]).count();
                if u_sol == 0 {
                    hi = self.remaining - 1.0;
                } else {
                    lo = self.remaining - n_u + 1.0;
                }
            }
            add_range(&mut problem, expr(&self.touched), lo, hi);
        }
        (problem, lp_var)
    }
}

/// Valid inequalities for a clue's togetherness, over its hidden members: apart, no
/// window of `count` consecutive members is all blue; together, no two members too
/// far apart to share one run are both blue. Every integer colouring meeting the clue
/// meets them.
fn shape_rows(clue: &ClueInfo, known: &Values, rows: &mut Vec<Row>) {
    let n = clue.count;
    if n < 2 {
        return;
    }
    // Runs of `n` consecutive members (positions), as a clue reads them.
    let windows: Vec<Vec<usize>> = match &clue.shape {
        ClueShape::Count => return,
        ClueShape::Line { .. } => clue.members.windows(n).map(<[usize]>::to_vec).collect(),
        ClueShape::Ring { ring, .. } => {
            if n > 6 {
                return;
            }
            let n_windows = if n == 6 { 1 } else { 6 };
            (0..n_windows)
                .filter_map(|start| {
                    (0..n)
                        .map(|k| ring[(start + k) % 6])
                        .collect::<Option<Vec<usize>>>()
                })
                .collect()
        }
    };
    let together = match clue.shape {
        ClueShape::Line { together } | ClueShape::Ring { together, .. } => together,
        ClueShape::Count => return,
    };
    let mut push_at_most = |cells: &[usize], most: usize| {
        let n_blue = cells.iter().filter(|m| known[**m] == Some(true)).count();
        let open: Vec<usize> = cells.iter().copied().filter(|m| known[*m].is_none()).collect();
        if open.is_empty() || n_blue > most {
            return;
        }
        let hi = (most - n_blue) as f64;
        if hi < open.len() as f64 {
            rows.push(Row {
                cells: open,
                lo: f64::NEG_INFINITY,
                hi,
            });
        }
    };
    if !together {
        for w in &windows {
            push_at_most(w, n - 1);
        }
        return;
    }
    let mut share_run = vec![false; clue.members.len() * clue.members.len()];
    let slot = |m: usize| clue.members.iter().position(|x| *x == m);
    for w in &windows {
        for &a in w {
            for &b in w {
                if let (Some(i), Some(j)) = (slot(a), slot(b)) {
                    share_run[i * clue.members.len() + j] = true;
                }
            }
        }
    }
    let len = clue.members.len();
    for i in 0..len {
        for j in i + 1..len {
            if !share_run[i * len + j] {
                push_at_most(&[clue.members[i], clue.members[j]], 1);
            }
        }
    }
}

fn add_range(problem: &mut Problem, expr: Vec<(microlp::Variable, f64)>, lo: f64, hi: f64) {
    if lo == hi {
        problem.add_constraint(expr, ComparisonOp::Eq, lo);
    } else if lo == f64::NEG_INFINITY {
        problem.add_constraint(expr, ComparisonOp::Le, hi);
    } else {
        problem.add_constraint(expr.clone(), ComparisonOp::Ge, lo);
        problem.add_constraint(expr, ComparisonOp::Le, hi);
    }
}
