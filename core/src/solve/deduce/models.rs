//! The colourings a level's rounds keep: each met everything visible (the counter
//! too) and differs from the solution somewhere, so it rules out every cell it flips.
//! Most survive from round to round (only newly shown clues can break them); the
//! local search (`reason/local_search.rs`) finds more near them.

use crate::solve::puzzle::{Cand, Puzzle, Values};
use crate::solve::reason::local_search::Search;

/// Colourings that met everything visible (the counter too), each kept as the cells
/// where it differs from the solution. A round only adds information, so one that
/// fails a later round is dropped for good; and since the solution meets every clue,
/// only the clues around those cells can fail, so re-checking is cheap.
#[derive(Default)]
pub(super) struct Models {
    diffs: Vec<Vec<usize>>,
    /// How many kept colourings flip each cell.
    flips: Vec<u32>,
    /// Scratch: whether a cell is in the colouring being checked.
    marked: Vec<bool>,
    /// Scratch: whether a clue of the colouring being checked was checked.
    checked: Vec<bool>,
    /// Scratch: the cells where the colouring being added differs.
    diff: Vec<usize>,
}

/// Seeds and steps per cell for the local search before the exact checker is asked.
pub(super) const QUICK_SEARCH: (u64, usize) = (1, 30);
/// Seeds and steps per cell for a local search from a colouring the SAT solver found.
pub(super) const DERIVE_SEARCH: (u64, usize) = (1, 60);

/// What a colouring must meet in the current round.
pub(super) struct RoundFacts<'a> {
    pub(super) puzzle: &'a Puzzle,
    pub(super) known: &'a Values,
    /// `known` and the cells the rules' quick forms forced.
    pub(super) values: &'a Values,
    /// The visible clues, and whether each clue is.
    pub(super) visible: &'a [usize],
    pub(super) is_visible: &'a [bool],
    /// Hidden cells no visible clue touches.
    pub(super) untouched: &'a [usize],
    pub(super) is_untouched: &'a [bool],
}

/// Most colourings kept (the oldest go first).
const MAX_MODELS: usize = 4096;

impl Models {
    /// Drops the colourings that contradict `known` or a clue in `fresh` (the clues
    /// that became visible since they were checked).
    pub(super) fn keep_valid(&mut self, puzzle: &Puzzle, known: &Values, fresh: &[bool]) {
        let mut diffs = std::mem::take(&mut self.diffs);
        diffs.retain(|d| self.meets(d, puzzle, known, fresh));
        self.diffs = diffs;
        self.count_flips(puzzle);
    }

    /// Whether the colouring that differs from the solution in `diff` keeps the
    /// blue count, leaves `known` cells alone and meets the clues of `check` around it.
    fn meets(&mut self, diff: &[usize], puzzle: &Puzzle, known: &Values, check: &[bool]) -> bool {
        let balance: i64 = diff.iter().map(|&i| if puzzle.blue[i] { -1 } else { 1 }).sum();
        if balance != 0 || diff.iter().any(|&i| known[i].is_some()) {
            return false;
        }
        self.marked.resize(puzzle.cells.len(), false);
        self.checked.resize(puzzle.clues.len(), false);
        for &i in diff {
            self.marked[i] = true;
        }
        let (marked, checked) = (&self.marked, &mut self.checked);
        // Each clue once: neighbouring cells of a colouring share most of theirs.
        let ok = diff.iter().all(|&i| {
            puzzle.clues_of_cell(i).iter().all(|&c| {
                if !check[c] || std::mem::replace(&mut checked[c], true) {
                    return true;
                }
                puzzle.clues[c].holds(|m| puzzle.blue[m] != marked[m])
            })
        });
        for &i in diff {
            self.marked[i] = false;
            for &c in puzzle.clues_of_cell(i) {
                self.checked[c] = false;
            }
        }
        ok
    }

    fn count_flips(&mut self, puzzle: &Puzzle) {
        self.flips.clear();
        self.flips.resize(puzzle.cells.len(), 0);
        for d in &self.diffs {
            for &i in d {
                self.flips[i] += 1;
            }
        }
    }

    /// Keeps `model` (a colouring of every cell) when it meets `known` and every
    /// visible clue and the counter; returns whether it did.
    pub(super) fn add(
        &mut self,
        model: &[bool],
        puzzle: &Puzzle,
        known: &Values,
        is_visible: &[bool],
    ) -> bool {
        self.add_checked(model, puzzle, |models, diff| {
            models.meets(diff, puzzle, known, is_visible)
        })
    }

    /// [`Models::add`] for a colouring the local search found, which meets `known`,
    /// every visible clue and the counter by construction (checked again in debug
    /// builds only: the search's colourings are most of those kept).
    fn add_found(&mut self, model: &[bool], puzzle: &Puzzle, known: &Values, is_visible: &[bool]) -> bool {
        self.add_checked(model, puzzle, |models, diff| {
            debug_assert!(models.meets(diff, puzzle, known, is_visible));
            true
        })
    }

    /// Keeps `model` when it differs from the solution and `meets` says the
    /// cells it flips keep to what the round knows; returns whether it did.
    fn add_checked(
        &mut self,
        model: &[bool],
        puzzle: &Puzzle,
        meets: impl FnOnce(&mut Models, &[usize]) -> bool,
    ) -> bool {
        // Found in a buffer kept from call to call; only a colouring kept gets its own.
        let mut diff = std::mem::take(&mut self.diff);
        diff.clear();
        diff.extend((0..model.len()).filter(|&i| model[i] != puzzle.blue[i]));
        let kept = !diff.is_empty() && meets(self, &diff);
        if kept {
            self.flips.resize(puzzle.cells.len(), 0);
            for &i in &diff {
                self.flips[i] += 1;
            }
            self.diffs.push(diff.clone());
            if self.diffs.len() > MAX_MODELS {
                let extra = self.diffs.len() - MAX_MODELS;
                self.diffs.drain(..extra);
                self.count_flips(puzzle);
            }
        }
        self.diff = diff;
        kept
    }

    /// Runs the local search (`effort`: seeds and steps), from the solution or from
    /// `start` (a colouring that meets everything visible, the counter included), on
    /// each of `cands` not yet ruled out, keeps the colourings found and drops the
    /// candidates they rule out.
    pub(super) fn search(
        &mut self,
        search: &mut Search<'_>,
        start: Option<&[bool]>,
        cands: &mut Vec<Cand>,
        effort: (u64, usize),
        round: &RoundFacts<'_>,
    ) {
        let (seeds, steps) = effort;
        let mut i = 0;
        while i < cands.len() {
            let cell = match cands[i] {
                Cand::Cell(cell) => Some(cell),
                Cand::Untouched => search.free().first().copied(),
            };
            let found = cell
                .and_then(|cell| {
                    (0..seeds).find_map(|seed| search.flip(start, cell, (cell as u64) << 2 | seed, steps))
                })
                .is_some_and(|m| self.add_found(&m, round.puzzle, round.known, round.is_visible));
            if found {
                cands.retain(|c| !self.rules_out(round.puzzle, round.is_untouched, *c));
            } else {
                i += 1;
            }
        }
    }

    /// Keeps `model`, a colouring the SAT solver found for the candidates `cands`,
    /// and with `derive`, runs the local search from it on the candidates it leaves
    /// open: the solver gives nearby colourings one by one, each ruling out a cell or
    /// two, while the search finds many at a fraction of a query's cost. Only from a
    /// stage's first colouring: from the later ones, close to it, the search mostly
    /// fails again.
    pub(super) fn found(
        &mut self,
        search: &mut Search<'_>,
        model: &[bool],
        cands: &mut Vec<Cand>,
        derive: bool,
        round: &RoundFacts<'_>,
    ) {
        self.add(model, round.puzzle, round.known, round.is_visible);
        if derive {
            self.search(search, Some(model), cands, DERIVE_SEARCH, round);
        }
    }

    /// Whether some colouring gives `cand` another colour than the solution.
    pub(super) fn rules_out(&self, puzzle: &Puzzle, untouched: &[bool], cand: Cand) -> bool {
        match cand {
            Cand::Cell(i) => self.flips.get(i).is_some_and(|n| *n > 0),
            Cand::Untouched => self.diffs.iter().any(|d| {
                let change: i64 = d
                    .iter()
                    .filter(|&&i| untouched[i])
                    .map(|&i| if puzzle.blue[i] { -1 } else { 1 })
                    .sum();
                change != 0
            }),
        }
    }
}
