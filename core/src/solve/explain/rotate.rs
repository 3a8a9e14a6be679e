//! Model rotation for the deletion pass of an explanation.
//!
//! When the clue set `S` forces a cell and a colouring leaves the cell wrong while
//! meeting every clue of `S` but `c`, clue `c` is needed. Flipping one hidden cell
//! `v` that lies in `c` and in exactly one other clue `d` of `S` can mend `c` while
//! breaking only `d`: the flipped colouring then meets `S` without `d`, so `d` is
//! needed too, with no solver asked. Repeating from there proves, in a chain, most
//! of the clues of a large explanation needed at the cost of counting.
//!
//! With the remaining-blue counter in the set a single flip changes the count, so a
//! pair of flips that keeps it is tried as well: `v` in `c` and `d`, and `u` in `d`
//! and one more clue `e`, changing the other way; `d` keeps its count and only `e`
//! breaks. And a colouring that meets every clue but is one blue off the counter
//! shows needed each clue `d` whose lone cell, flipped, brings the count right.
//! The unit test below checks every clue so marked against the SAT solver.

use crate::solve::puzzle::{ClueShape, Puzzle, Values};

/// A colouring that leaves the explained cell wrong: the colour of each cell (`-1`
/// for a hidden cell it leaves open, which only the counter sees), how many hidden
/// cells it colours blue, and how many it leaves open.
pub(crate) struct Colouring {
    colour: Vec<i8>,
    /// Whether each cell is hidden (the others keep their colours).
    hidden: Vec<bool>,
    blue: i32,
    open: i32,
}

impl Colouring {
    /// The uncovered cells' colours, and every hidden cell open.
    pub(crate) fn new(known: &Values) -> Colouring {
        Colouring {
            colour: known.iter().map(|v| v.map_or(-1, i8::from)).collect(),
            hidden: known.iter().map(Option::is_none).collect(),
            blue: 0,
            open: known.iter().filter(|v| v.is_none()).count() as i32,
        }
    }

    /// Colours hidden cell `m` (open until now).
    pub(crate) fn set(&mut self, m: usize, blue: bool) {
        debug_assert_eq!(self.colour[m], -1);
        self.colour[m] = i8::from(blue);
        self.blue += i32::from(blue);
        self.open -= 1;
    }

    /// Gives every open member of the set's clues its colour in the solution (a
    /// colouring of some of the clues only: the others share no cell with them).
    pub(crate) fn fill_from_solution(&mut self, puzzle: &Puzzle, in_set: &[bool]) {
        for (c, clue) in puzzle.clues.iter().enumerate() {
            if !in_set[c] {
                continue;
            }
            for &m in &clue.members {
                if self.hidden[m] && self.colour[m] < 0 {
                    self.set(m, puzzle.blue[m]);
                }
            }
        }
    }

    fn flip(&mut self, m: usize) {
        let blue = self.colour[m] == 1;
        self.colour[m] = i8::from(!blue);
        self.blue += if blue { -1 } else { 1 };
    }

    fn unset(&mut self, m: usize) {
        self.blue -= i32::from(self.colour[m] == 1);
        self.colour[m] = -1;
        self.open += 1;
    }
}

/// What one rotation works on: the set's clues, what is explained and whether the
/// counter (of `remaining` hidden blue cells) is part of the set.
pub(crate) struct Rotator<'a> {
    pub(crate) puzzle: &'a Puzzle,
    /// Per puzzle clue: whether it is in the set.
    pub(crate) in_set: &'a [bool],
    pub(crate) explained: Explained,
    pub(crate) counter: bool,
    pub(crate) remaining: i32,
}

/// What the colourings leave free.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Explained {
    /// A hidden cell, at its wrong colour in every colouring.
    Cell(usize),
    /// The hidden cells no visible clue touches (open in every colouring), all of
    /// one colour in the solution (blue when `blue`): one of them takes the other.
    Untouched { blue: bool },
}

impl Explained {
    fn is(self, v: usize) -> bool {
        matches!(self, Explained::Cell(c) if c == v)
    }
}

/// Flips allowed to one rotation.
const MAX_FLIPS: usize = 400;

impl Rotator<'_> {
    /// Marks in `needed` (per puzzle clue) every clue of the set that rotations of
    /// `colouring`, which meets the set except clue `broken`, show needed.
    pub(crate) fn rotate(&self, colouring: &mut Colouring, broken: usize, needed: &mut [bool]) {
        let mut flips = MAX_FLIPS;
        self.from(colouring, broken, needed, &mut flips);
    }

    /// Like [`rotate`](Self::rotate) for a colouring that meets every clue of the
    /// set (which has the counter) but not the counter: flipping a cell of exactly
    /// one clue `d` that brings the count right breaks only `d`.
    pub(crate) fn rotate_counter(&self, colouring: &mut Colouring, needed: &mut [bool]) {
        let mut flips = MAX_FLIPS;
        if !matches!(self.explained, Explained::Cell(_)) {
            return;
        }
        let left = self.remaining - colouring.blue;
        // The colour the flipped cell must have now.
        let from_blue = if left == -1 {
            true
        } else if left == colouring.open + 1 {
            false
        } else {
            return;
        };
        let puzzle = self.puzzle;
        for v in 0..puzzle.cells.len() {
            if flips == 0 {
                return;
            }
            if (colouring.colour[v] == 1) != from_blue {
                continue;
            }
            let Some(d) = self.lone_clue(colouring, v, None) else {
                continue;
            };
            if needed[d] {
                continue;
            }
            flips -= 1;
            colouring.flip(v);
            needed[d] = true;
            self.from(colouring, d, needed, &mut flips);
            colouring.flip(v);
        }
    }

    fn from(&self, colouring: &mut Colouring, broken: usize, needed: &mut [bool], flips: &mut usize) {
        let puzzle = self.puzzle;
        for &v in &puzzle.clues[broken].members {
            if *flips == 0 {
                return;
            }
            let Some(d) = self.lone_clue(colouring, v, Some(broken)) else {
                continue;
            };
            // One flip: `broken` mended, only `d` broken.
            if !needed[d] {
                *flips -= 1;
                colouring.flip(v);
                let mended = self.mend(colouring, broken);
                if let Some(filled) = &mended {
                    needed[d] = true;
                    self.from(colouring, d, needed, flips);
                    for &m in filled {
                        colouring.unset(m);
                    }
                }
                colouring.flip(v);
                if mended.is_some() {
                    continue;
                }
            }
            // Two flips that keep the count (when the counter allows no other): `v`
            // and a member `u` of `d` that changes the other way and lies in exactly
            // one more clue `e` of the set. `d` keeps its count, only `e` is broken.
            if !puzzle.clues[d].members.iter().all(|&m| colouring.colour[m] >= 0) {
                continue;
            }
            for &u in &puzzle.clues[d].members {
                if *flips == 0 {
                    return;
                }
                if u == v || colouring.colour[u] == colouring.colour[v] {
                    continue;
                }
                let Some(e) = self.lone_clue(colouring, u, Some(d)) else {
                    continue;
                };
                if e == broken || needed[e] {
                    continue;
                }
                *flips -= 1;
                colouring.flip(v);
                colouring.flip(u);
                if puzzle.clues[d].holds(|m| colouring.colour[m] == 1) {
                    if let Some(filled) = self.mend(colouring, broken) {
                        needed[e] = true;
                        self.from(colouring, e, needed, flips);
                        for m in filled {
                            colouring.unset(m);
                        }
                    }
                }
                colouring.flip(u);
                colouring.flip(v);
            }
        }
    }

    /// When hidden cell `v` (coloured, not the explained one) lies in exactly one
    /// clue of the set besides `besides` (which holds it): that clue.
    fn lone_clue(&self, colouring: &Colouring, v: usize, besides: Option<usize>) -> Option<usize> {
        if self.explained.is(v) || !colouring.hidden[v] || colouring.colour[v] < 0 {
            return None;
        }
        let mut others = self
            .puzzle
            .clues_of_cell(v)
            .iter()
            .copied()
            .filter(|&d| Some(d) != besides && self.in_set[d]);
        match (others.next(), others.next()) {
            (Some(d), None) => Some(d),
            _ => None,
        }
    }

    /// Whether clue `c` can hold in `colouring` (its open members coloured to fit,
    /// which the counter must allow): the members so coloured, or `None`.
    fn mend(&self, colouring: &mut Colouring, c: usize) -> Option<Vec<usize>> {
        let clue = &self.puzzle.clues[c];
        let open: Vec<usize> = clue
            .members
            .iter()
            .copied()
            .filter(|&m| colouring.hidden[m] && colouring.colour[m] < 0)
            .collect();
        if !open.is_empty() && !matches!(clue.shape, ClueShape::Count) {
            return None;
        }
        // An open member of another clue of the set would tie that clue too.
        let only_here = |m: usize| {
            self.puzzle
                .clues_of_cell(m)
                .iter()
                .all(|&d| d == c || !self.in_set[d])
        };
        if !open.iter().all(|&m| only_here(m)) {
            return None;
        }
        let blue = clue.members.iter().filter(|&&m| colouring.colour[m] == 1).count();
        let want = clue.count.checked_sub(blue).filter(|w| *w <= open.len())?;
        if self.counter {
            // The open cells left over take the blues the count leaves them; with
            // the untouched cells explained (all open), at least one of those must
            // take the other colour than in the solution.
            let left = self.remaining - (colouring.blue + want as i32);
            let rest = colouring.open - open.len() as i32;
            let (lo, hi) = match self.explained {
                Explained::Cell(_) => (0, rest),
                Explained::Untouched { blue: false } => (1, rest),
                Explained::Untouched { blue: true } => (0, rest - 1),
            };
            if left < lo || left > hi {
                return None;
            }
        }
        for (k, &m) in open.iter().enumerate() {
            colouring.set(m, k < want);
        }
        if open.is_empty() && !clue.holds(|m| colouring.colour[m] == 1) {
            return None;
        }
        Some(open)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::budget::{Budget, Clock};
    use crate::solve::fixture_rounds::{fixture_rounds, FixtureRound, GENERATED_FIXTURES, SOLVE_FIXTURES};
    use crate::solve::puzzle::Cand;
    use crate::solve::reason::exact::{Check, ExactChecker};
    use crate::solve::reason::sat::encode::Lit;
    use crate::solve::reason::sat::round::RoundSolver;
    use crate::solve::reason::sat::{SatBackend, SatResult};

    /// Whether the SAT solver finds a colouring with `cell` wrong that meets the
    /// clues at positions `set` (and the counter).
    fn sat_leaves_free(round: &mut RoundSolver<'_>, set: &[usize], counter: bool, cell: usize) -> bool {
        let Lit::Var(wrong) = round.wrong(Cand::Cell(cell)) else {
            panic!("cell {cell} is not touched");
        };
        let mut assumptions: Vec<i32> = set.iter().map(|&k| round.selectors[k].1).collect();
        if counter {
            assumptions.push(round.counter().0);
        }
        assumptions.push(wrong);
        round.sat.solve(&assumptions, &Clock::start(&Budget::default())) == SatResult::Sat
    }

    /// Every clue a rotation marks needed is needed: without it, the SAT solver
    /// finds a colouring that leaves the cell free. The set is every clue a round
    /// shows (with and without the counter) and the cell one the round uncovers.
    #[test]
    fn the_clues_a_rotation_marks_needed_are_needed_on_the_fixture_levels() {
        let mut n_marked = 0;
        for round in fixture_rounds(&[&SOLVE_FIXTURES[..], &GENERATED_FIXTURES[..]].concat()) {
            let FixtureRound {
                title,
                puzzle,
                report,
                r,
                known,
                visible,
            } = round;
            let mut checker = ExactChecker::new(&puzzle, &known, &visible);
            let mut round =
                RoundSolver::new(&puzzle, &known, SatBackend::default(), visible.clone(), &visible);
            let forced = (0..puzzle.cells.len()).filter(|&i| {
                report.deduction_at(puzzle.cells[i]).is_some_and(|d| d.round == r)
                    && visible.iter().any(|&c| puzzle.clues[c].members.contains(&i))
            });
            let n = visible.len();
            // The sets: every visible clue, and (on small rounds) every one
            // but one.
            let all_but_one = (0..n).map(|d| (0..n).filter(|&k| k != d).collect());
            let sets: Vec<Vec<usize>> = std::iter::once((0..n).collect())
                .chain(all_but_one.take(if n <= 12 { n } else { 0 }))
                .collect();
            for cell in forced {
                for counter in [false, true] {
                    for set in &sets {
                        if sat_leaves_free(&mut round, set, counter, cell) {
                            continue;
                        }
                        let mut in_set = vec![false; puzzle.clues.len()];
                        for &k in set {
                            in_set[visible[k]] = true;
                        }
                        let rotator = Rotator {
                            puzzle: &puzzle,
                            in_set: &in_set,
                            explained: Explained::Cell(cell),
                            counter,
                            remaining: puzzle.remaining(&known) as i32,
                        };
                        let mut check_marks = |needed: &[bool], dropped: Option<usize>| {
                            for &k in set {
                                if !needed[visible[k]] || Some(k) == dropped {
                                    continue;
                                }
                                n_marked += 1;
                                let without: Vec<usize> = set.iter().copied().filter(|&j| j != k).collect();
                                assert!(
                                    sat_leaves_free(&mut round, &without, counter, cell),
                                    "{}: round {r}, cell {cell}: clue {k} marked needed",
                                    title
                                );
                            }
                        };
                        // The set needs the counter: rotate a colouring that
                        // meets every clue but not the counter.
                        let clues: Vec<usize> = set.iter().map(|&k| visible[k]).collect();
                        if counter && checker.check(&clues, false, Some(cell), 100_000) == Check::Free {
                            let mut colouring = Colouring::new(&known);
                            for (m, blue) in checker.model() {
                                colouring.set(m, blue);
                            }
                            colouring.fill_from_solution(&puzzle, &in_set);
                            let mut needed = vec![false; puzzle.clues.len()];
                            rotator.rotate_counter(&mut colouring, &mut needed);
                            check_marks(&needed, None);
                        }
                        for &dropped in set {
                            let rest: Vec<usize> = set
                                .iter()
                                .filter(|&&k| k != dropped)
                                .map(|&k| visible[k])
                                .collect();
                            if checker.check(&rest, counter, Some(cell), 100_000) != Check::Free {
                                continue;
                            }
                            let mut colouring = Colouring::new(&known);
                            for (m, blue) in checker.model() {
                                colouring.set(m, blue);
                            }
                            let mut needed = vec![false; puzzle.clues.len()];
                            rotator.rotate(&mut colouring, visible[dropped], &mut needed);
                            check_marks(&needed, Some(dropped));
                        }
                    }
                }
            }
        }
        assert!(n_marked > 10, "only {n_marked} clues marked needed");
    }
}
