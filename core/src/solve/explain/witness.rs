//! Colourings the SAT solver found while explaining a round: a later question they
//! also answer ("these clues do not force the cell") needs no solver.

use crate::solve::puzzle::Puzzle;

/// Colourings found by the SAT solver, each meeting some of the round's clues.
#[derive(Default)]
pub(super) struct Witnesses {
    /// Each colouring (blue is `true`) and how many touched hidden cells it makes
    /// blue; the newest last.
    kept: Vec<(Vec<bool>, usize)>,
}

/// Colourings kept per round (the oldest go first).
const MAX_WITNESSES: usize = 32;

impl Witnesses {
    /// Keeps `model`; its index.
    pub(super) fn keep(&mut self, model: (Vec<bool>, usize)) -> usize {
        if self.kept.len() == MAX_WITNESSES {
            self.kept.remove(0);
        }
        self.kept.push(model);
        self.kept.len() - 1
    }

    /// A kept colouring (its index) that meets the puzzle clues `clues` (and the
    /// counter of `remaining` hidden blue cells, for which the `n_untouched` hidden
    /// cells in no clue fill up the count) with `cell` at its wrong colour, if any:
    /// then they do not force it.
    pub(super) fn answer(
        &self,
        puzzle: &Puzzle,
        clues: &[usize],
        counter: bool,
        cell: usize,
        remaining: usize,
        n_untouched: usize,
    ) -> Option<usize> {
        self.kept.iter().rposition(|(blue, n_blue)| {
            blue[cell] != puzzle.blue[cell]
                && (!counter || (*n_blue <= remaining && remaining - n_blue <= n_untouched))
                && clues.iter().all(|&c| puzzle.clues[c].holds(|m| blue[m]))
        })
    }

    /// The kept colouring at index `w` (blue is `true`).
    pub(super) fn colouring(&self, w: usize) -> &[bool] {
        &self.kept[w].0
    }
}
