//! Clues: what a cell or column number counts, and whether its blue members are
//! "together".
//!
//! - A black cell counts its (up to six) neighbouring cells. Its blue members are
//!   together when they form one run around the ring; an empty ring position (no
//!   cell there) breaks a run, like a black cell does.
//! - A blue cell counts the cells of its flower (distance one or two). A flower
//!   number has no together / apart form.
//! - A column number counts the cells along its ray. Its blue members are together
//!   when they are consecutive in ray order; empty positions are skipped.
//!
//! All public Hexcells tools agree on these rules.

use super::coords::{Pos, GRID_SIZE};
use super::level::{Color, Hint, Item, Level};

/// Cells in a flower: two rings around a cell.
const FLOWER_SIZE: usize = 18;

/// Which kind of clue this is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClueKind {
    /// A black cell's number: its neighbours.
    Neighbours,
    /// A blue cell's number: its flower.
    Flower,
    /// A column number: its ray.
    Column,
}

/// How the members of a clue are arranged, for "together".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClueLayout {
    /// No arrangement matters (a flower).
    Unordered,
    /// The six ring positions clockwise from north; `None` where there is no cell.
    Ring([Option<Pos>; 6]),
    /// The cells along a ray, nearest first.
    Line,
}

/// The clue a cell or column number gives (or would give, with a number).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clue {
    /// Where the clue sits.
    pub at: Pos,
    /// What it counts.
    pub kind: ClueKind,
    /// How it shows its number (`Hint::None`: it shows none).
    pub hint: Hint,
    /// The cells it counts: ring order, flower order, or ray order.
    pub members: Vec<Pos>,
    /// Their arrangement, for "together".
    pub layout: ClueLayout,
}

impl Clue {
    /// The clue of the item at `pos`, or `None` when `pos` is empty.
    pub fn at(level: &Level, pos: Pos) -> Option<Clue> {
        let is_cell = |p: &Pos| level.cell(*p).is_some();
        match level.get(pos)? {
            Item::Cell(cell) if cell.color == Color::Black => {
                let ring = pos.neighbours().map(|n| n.filter(is_cell));
                // Sized for the most members there can be: a level has many clues.
                let mut members = Vec::with_capacity(ring.len());
                members.extend(ring.iter().flatten().copied());
                Some(Clue {
                    at: pos,
                    kind: ClueKind::Neighbours,
                    hint: cell.hint,
                    members,
                    layout: ClueLayout::Ring(ring),
                })
            }
            Item::Cell(cell) => {
                let mut members = Vec::with_capacity(FLOWER_SIZE);
                members.extend(pos.flower().filter(is_cell));
                Some(Clue {
                    at: pos,
                    kind: ClueKind::Flower,
                    hint: cell.hint,
                    members,
                    layout: ClueLayout::Unordered,
                })
            }
            Item::Column(column) => {
                let mut members = Vec::with_capacity(usize::from(GRID_SIZE));
                members.extend(column.direction.ray(pos).filter(is_cell));
                Some(Clue {
                    at: pos,
                    kind: ClueKind::Column,
                    hint: if column.hint == Hint::None {
                        Hint::Plain
                    } else {
                        column.hint
                    },
                    members,
                    layout: ClueLayout::Line,
                })
            }
        }
    }

    /// Every clue the level shows a number for (cells with a number and every column),
    /// row by row.
    pub fn all_shown(level: &Level) -> impl Iterator<Item = Clue> + '_ {
        // Decided on the item, so that only clues shown get their members listed: a
        // cell's clue has the cell's hint, and a column always shows its number.
        level
            .items()
            .filter(|(_, item)| match item {
                Item::Cell(cell) => cell.hint.shows_number(),
                Item::Column(_) => true,
            })
            .filter_map(|(pos, _)| Clue::at(level, pos))
    }

    /// How many members are blue when `is_blue` says which cells are blue.
    pub fn count_with(&self, is_blue: impl Fn(Pos) -> bool) -> usize {
        self.members.iter().filter(|p| is_blue(**p)).count()
    }

    /// How many members are blue in the level's solution.
    pub fn count(&self, level: &Level) -> usize {
        self.count_with(|p| level.is_blue(p))
    }

    /// Whether the blue members are together under `is_blue`; `None` for a flower,
    /// where the question has no meaning.
    pub fn together_with(&self, is_blue: impl Fn(Pos) -> bool) -> Option<bool> {
        match &self.layout {
            ClueLayout::Unordered => None,
            ClueLayout::Line => Some(runs(self.members.iter().map(|p| is_blue(*p))) <= 1),
            ClueLayout::Ring(ring) => {
                let blues: Vec<bool> = ring.iter().map(|p| p.is_some_and(&is_blue)).collect();
                Some(cyclic_runs(&blues) <= 1)
            }
        }
    }

    /// Whether the blue members are together in the level's solution.
    pub fn together(&self, level: &Level) -> Option<bool> {
        self.together_with(|p| level.is_blue(p))
    }

    /// Whether the hint (`{n}` or `-n-`) agrees with the solution; plain numbers and
    /// no number always do.
    pub fn hint_matches(&self, level: &Level) -> bool {
        match (self.hint, self.together(level)) {
            (Hint::Together, Some(together)) => together,
            (Hint::Apart, Some(together)) => !together,
            _ => true,
        }
    }
}

/// Number of maximal runs of `true` in a sequence.
pub(crate) fn runs(values: impl Iterator<Item = bool>) -> usize {
    let mut n_runs = 0;
    let mut previous = false;
    for v in values {
        if v && !previous {
            n_runs += 1;
        }
        previous = v;
    }
    n_runs
}

/// Number of maximal runs of `true` in a cyclic sequence (all `true` is one run).
pub(crate) fn cyclic_runs(values: &[bool]) -> usize {
    if values.iter().all(|v| *v) {
        return usize::from(!values.is_empty());
    }
    let n = values.len();
    (0..n).filter(|&i| values[i] && !values[(i + n - 1) % n]).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_count_groups() {
        assert_eq!(runs([true, true, false, true].into_iter()), 2);
        assert_eq!(runs([false, false].into_iter()), 0);
        assert_eq!(cyclic_runs(&[true, false, false, false, false, true]), 1);
        assert_eq!(cyclic_runs(&[true, false, true, false, false, false]), 2);
        assert_eq!(cyclic_runs(&[true; 6]), 1);
        assert_eq!(cyclic_runs(&[false; 6]), 0);
    }
}
