//! The level as the engine sees it: cells by index, the solution, and every clue the
//! level can show, with the exact count and togetherness it states; and a round's
//! candidates ([`Cand`]): the cells that might be forced.

use std::hash::{DefaultHasher, Hasher};

use crate::model::clue::runs;
use crate::model::{Clue, ClueKind, ClueLayout, Color, Hint, Level, Pos, GRID_SIZE};

/// Values known in a round: `Some(blue)` for uncovered cells and cells forced so far.
pub(crate) type Values = Vec<Option<bool>>;

/// A cell (or the group of untouched cells) that might be forced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cand {
    /// One hidden cell touched by a visible clue.
    Cell(usize),
    /// Every hidden cell no visible clue touches, as one.
    Untouched,
}

/// A clue with its members as cell indices.
#[derive(Clone, Debug)]
pub(crate) struct ClueInfo {
    /// Where the number is shown.
    pub(crate) at: Pos,
    /// The cell that shows it (`None` for a column number, always visible).
    pub(crate) owner: Option<usize>,
    /// Member cell indices.
    pub(crate) members: Vec<usize>,
    /// How many members are blue.
    pub(crate) count: usize,
    /// What else it states.
    pub(crate) shape: ClueShape,
    /// What it counts (for messages).
    pub(crate) kind: ClueKind,
    /// How it shows its number (for messages).
    pub(crate) hint: Hint,
}

/// What a clue states besides its count.
#[derive(Clone, Debug)]
pub(crate) enum ClueShape {
    /// Only the count.
    Count,
    /// Blue members are (or are not) consecutive in member order.
    Line { together: bool },
    /// Blue members do (or do not) form one run around the ring; `None` positions
    /// break runs.
    Ring {
        ring: [Option<usize>; 6],
        together: bool,
    },
}

/// The level as indexed data.
#[derive(Clone, Debug)]
pub(crate) struct Puzzle {
    /// Cell positions, row by row.
    pub(crate) cells: Vec<Pos>,
    /// Whether each cell is blue in the solution.
    pub(crate) blue: Vec<bool>,
    /// Whether each cell is revealed at the start.
    pub(crate) revealed: Vec<bool>,
    /// Every clue the level shows or can show once its cell is uncovered.
    pub(crate) clues: Vec<ClueInfo>,
    /// Clue indices each cell is a member of, in order, all cells' in one list:
    /// cell `i`'s at the range `cell_clues_at[i]` (see [`Puzzle::clues_of_cell`];
    /// one vector per cell cost an allocation for each cell of every level checked).
    cell_clues: Vec<usize>,
    cell_clues_at: Vec<(u32, u32)>,
    /// The clue a cell shows, if any.
    pub(crate) clue_of_owner: Vec<Option<usize>>,
    /// Blue cells in all.
    pub(crate) n_blue: usize,
    /// Per grid position (row-major): the number of its cell, or [`NO_CELL`]; four
    /// bytes a position, since every level checked builds one for the whole grid.
    index: Vec<u32>,
    /// Each clue's [`Puzzle::clue_digest`], worked out once, when first asked: the
    /// proofs and the replay's record of a run read them for most cells.
    digests: std::sync::OnceLock<Vec<u64>>,
}

impl Puzzle {
    /// Indexes `level`.
    pub(crate) fn new(level: &Level) -> Puzzle {
        let grid = usize::from(GRID_SIZE) * usize::from(GRID_SIZE);
        let mut index = vec![NO_CELL; grid];
        let mut cells = Vec::new();
        let mut blue = Vec::new();
        let mut revealed = Vec::new();
        for (pos, cell) in level.cells() {
            index[pos.index()] = cells.len() as u32;
            cells.push(pos);
            blue.push(cell.color == Color::Blue);
            revealed.push(cell.revealed);
        }
        let mut puzzle = Puzzle {
            cell_clues: Vec::new(),
            cell_clues_at: Vec::new(),
            clue_of_owner: vec![None; cells.len()],
            n_blue: blue.iter().filter(|b| **b).count(),
            cells,
            blue,
            revealed,
            clues: Vec::new(),
            index,
            digests: std::sync::OnceLock::new(),
        };
        for clue in Clue::all_shown(level) {
            let info = puzzle.clue_info(level, &clue);
            let id = puzzle.clues.len();
            if let Some(owner) = info.owner {
                puzzle.clue_of_owner[owner] = Some(id);
            }
            puzzle.clues.push(info);
        }
        puzzle.index_cell_clues();
        puzzle
    }

    /// Lists the clues of each cell (counted first, then filled in clue order).
    fn index_cell_clues(&mut self) {
        let mut n_clues_of = vec![0u32; self.cells.len()];
        for clue in &self.clues {
            for &m in &clue.members {
                n_clues_of[m] += 1;
            }
        }
        let (mut at, total) = empty_ranges(&n_clues_of);
        let mut list = vec![0; total];
        for (id, clue) in self.clues.iter().enumerate() {
            for &m in &clue.members {
                push_in_range(&mut list, &mut at[m], id);
            }
        }
        self.cell_clues = list;
        self.cell_clues_at = at;
    }

    /// Per cell: the round after which a run that `uncovered` these cells (each with
    /// the round after which it had it, 0: revealed) knows it; `usize::MAX`: never.
    pub(crate) fn rounds_after(&self, uncovered: &[(Pos, usize)]) -> Vec<usize> {
        let mut after = vec![usize::MAX; self.cells.len()];
        for &(pos, round) in uncovered {
            if let Some(i) = self.cell_at(pos) {
                after[i] = after[i].min(round);
            }
        }
        after
    }

    /// The clues cell `i` is a member of, in clue order.
    pub(crate) fn clues_of_cell(&self, i: usize) -> &[usize] {
        let (start, end) = self.cell_clues_at[i];
        &self.cell_clues[start as usize..end as usize]
    }

    /// What clue `c` says, as words: where it is shown, its kind, hint and count,
    /// and its members' places. The same words in every version of the level that
    /// shows the clue unchanged, whatever the clue's and its members' indices there.
    pub(crate) fn clue_words(&self, c: usize) -> impl Iterator<Item = u32> + '_ {
        let clue = &self.clues[c];
        [
            clue.at.index() as u32,
            clue.kind as u32,
            clue.hint as u32,
            clue.count as u32,
            clue.members.len() as u32,
        ]
        .into_iter()
        .chain(clue.members.iter().map(|&m| self.cells[m].index() as u32))
    }

    /// [`Puzzle::clue_words`] as a digest: what another version's proof or replay
    /// compares to tell whether a clue is shown unchanged.
    pub(crate) fn clue_digest(&self, c: usize) -> u64 {
        let digests = self.digests.get_or_init(|| {
            (0..self.clues.len())
                .map(|c| {
                    let mut hasher = DefaultHasher::new();
                    for word in self.clue_words(c) {
                        hasher.write_u32(word);
                    }
                    hasher.finish()
                })
                .collect()
        });
        digests[c]
    }

    /// A digest of the solution: where each cell is and its colour (not which are
    /// revealed). Another version's proofs hold only for the same solution: a proof
    /// that used the counter read how many cells are blue.
    pub(crate) fn solution_digest(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        hasher.write_usize(self.cells.len());
        for (pos, blue) in self.cells.iter().zip(&self.blue) {
            hasher.write_usize(pos.index());
            hasher.write_u8(u8::from(*blue));
        }
        hasher.finish()
    }

    /// The index of the cell at `pos`.
    pub(crate) fn cell_at(&self, pos: Pos) -> Option<usize> {
        self.index
            .get(pos.index())
            .filter(|&&i| i != NO_CELL)
            .map(|&i| i as usize)
    }

    /// Whether clue `c` is visible with `known`: a column number always, a cell's
    /// number once the cell is uncovered.
    pub(crate) fn clue_visible(&self, c: usize, known: &Values) -> bool {
        self.clues[c].owner.is_none_or(|o| known[o].is_some())
    }

    /// Clues a player sees when `known` cells are uncovered.
    pub(crate) fn visible_clues(&self, known: &Values) -> Vec<usize> {
        (0..self.clues.len())
            .filter(|&c| self.clue_visible(c, known))
            .collect()
    }

    /// The level's own start: its revealed cells uncovered, the others hidden.
    pub(crate) fn initial_values(&self) -> Values {
        (0..self.cells.len())
            .map(|i| self.revealed[i].then_some(self.blue[i]))
            .collect()
    }

    /// Blue cells that `values` does not fix yet: what the remaining-blue counter
    /// shows when they are the uncovered cells.
    pub(crate) fn remaining(&self, values: &Values) -> usize {
        let n_fixed_blue = values.iter().filter(|v| **v == Some(true)).count();
        self.n_blue.saturating_sub(n_fixed_blue)
    }

    /// Per cell: whether one of `clues` holds it.
    pub(crate) fn held_by(&self, clues: &[usize]) -> Vec<bool> {
        let mut held = vec![false; self.cells.len()];
        for &c in clues {
            for &m in &self.clues[c].members {
                held[m] = true;
            }
        }
        held
    }

    /// The colour of cell `i` in the solution.
    pub(crate) fn color(&self, i: usize) -> Color {
        if self.blue[i] {
            Color::Blue
        } else {
            Color::Black
        }
    }

    fn clue_info(&self, level: &Level, clue: &Clue) -> ClueInfo {
        let mut members = Vec::with_capacity(clue.members.len());
        members.extend(clue.members.iter().filter_map(|p| self.cell_at(*p)));
        // Every member is a cell of the level: its colour is the solution's.
        let count = members.iter().filter(|&&m| self.blue[m]).count();
        // Togetherness comes from the layout (the level's own colours): a letter that
        // contradicts it is a validation error, not a different puzzle.
        let shaped = matches!(clue.hint, Hint::Together | Hint::Apart);
        let together = || clue.together(level);
        let shape = match &clue.layout {
            ClueLayout::Line if shaped => {
                together().map_or(ClueShape::Count, |together| ClueShape::Line { together })
            }
            ClueLayout::Ring(ring) if shaped => {
                together().map_or(ClueShape::Count, |together| ClueShape::Ring {
                    ring: ring.map(|p| p.and_then(|p| self.cell_at(p))),
                    together,
                })
            }
            _ => ClueShape::Count,
        };
        ClueInfo {
            at: clue.at,
            owner: match clue.kind {
                ClueKind::Column => None,
                ClueKind::Neighbours | ClueKind::Flower => self.cell_at(clue.at),
            },
            members,
            count,
            shape,
            kind: clue.kind,
            hint: clue.hint,
        }
    }
}

/// Ranges laid end to end in one list for groups of the sizes `sizes`, each still
/// empty (its end at its start, moved on by [`push_in_range`]), and the length of
/// the list: lists per cell or per clue kept in one vector.
pub(crate) fn empty_ranges(sizes: &[u32]) -> (Vec<(u32, u32)>, usize) {
    let mut next = 0;
    let ranges = sizes
        .iter()
        .map(|&n| {
            let start = next;
            next += n;
            (start, start)
        })
        .collect();
    (ranges, next as usize)
}

/// Puts `value` at the end of `range` in `list` and moves the end on.
pub(crate) fn push_in_range(list: &mut [usize], range: &mut (u32, u32), value: usize) {
    list[range.1 as usize] = value;
    range.1 += 1;
}

/// In [`Puzzle::index`], a position with no cell.
const NO_CELL: u32 = u32::MAX;

/// Every place of a ring, as bits.
const ALL_AROUND: u32 = 0b11_1111;

impl ClueInfo {
    /// Whether the clue holds for the colouring `is_blue` of its members.
    pub(crate) fn holds(&self, is_blue: impl Fn(usize) -> bool) -> bool {
        let count = self.members.iter().filter(|m| is_blue(**m)).count();
        count == self.count && self.shape_holds(is_blue)
    }

    /// Whether the clue's shape (together or apart) holds for the colouring
    /// `is_blue` of its members, whose count is known to be right.
    pub(crate) fn shape_holds(&self, is_blue: impl Fn(usize) -> bool) -> bool {
        match &self.shape {
            ClueShape::Count => true,
            ClueShape::Line { together } => {
                (runs(self.members.iter().map(|&m| is_blue(m))) <= 1) == *together
            }
            ClueShape::Ring { ring, together } => {
                // Bit `k` for a blue `k`-th place around the ring; a run starts at each
                // blue whose place before it (bit `k - 1`, around) is not blue.
                let mut blues = 0u32;
                for (k, p) in ring.iter().enumerate() {
                    if p.is_some_and(&is_blue) {
                        blues |= 1 << k;
                    }
                }
                let before = ((blues << 1) | (blues >> 5)) & ALL_AROUND;
                let n_runs = if blues == ALL_AROUND {
                    1
                } else {
                    (blues & !before).count_ones()
                };
                (n_runs <= 1) == *together
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::clue::cyclic_runs;

    /// Against the model's count of runs around a ring, place by place (a place with
    /// no cell breaks a run).
    #[test]
    fn a_ring_is_together_exactly_when_its_blue_form_one_run() {
        for gap in [None, Some(0), Some(3), Some(5)] {
            let ring: [Option<usize>; 6] = std::array::from_fn(|k| (Some(k) != gap).then_some(k));
            for together in [true, false] {
                let clue = ClueInfo {
                    at: Pos::new(0, 0).expect("on the grid"),
                    owner: None,
                    members: ring.iter().flatten().copied().collect(),
                    count: 0,
                    shape: ClueShape::Ring { ring, together },
                    kind: ClueKind::Neighbours,
                    hint: Hint::Together,
                };
                for colouring in 0u32..64 {
                    let is_blue = |m: usize| colouring & (1 << m) != 0;
                    let blue: [bool; 6] = std::array::from_fn(|k| ring[k].is_some_and(is_blue));
                    assert_eq!(
                        clue.shape_holds(is_blue),
                        (cyclic_runs(&blue) <= 1) == together,
                        "gap {gap:?}, colouring {colouring:06b}, together {together}"
                    );
                }
            }
        }
    }
}
