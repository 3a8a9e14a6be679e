//! The checker's entry: [`ExactChecker::check`] asks one question (built, or reused
//! from the last one, then searched, then repaired when the search stops early) and
//! [`ExactChecker::model`] gives the colouring behind a [`Check::Free`] answer.

use super::bits::has;
use super::state::{Check, ExactChecker};

impl ExactChecker<'_> {
    /// Whether the puzzle clues `clues` (visible ones), with the counter when
    /// `counter`, force hidden `cell` to its solution colour (`None`: the hidden
    /// cells no visible clue touches, which only the counter can force, all to the
    /// colour they share in the solution), searching at most `max_nodes` decisions.
    pub(crate) fn check(
        &mut self,
        clues: &[usize],
        counter: bool,
        cell: Option<usize>,
        max_nodes: usize,
    ) -> Check {
        if cell.is_none() && !counter {
            return Check::Free;
        }
        if cell.is_none() && self.n_untouched == 0 {
            // No such cell: nothing can differ.
            return Check::Forced {
                used: Vec::new(),
                counter: true,
            };
        }
        if cell.is_none() && self.n_untouched_blue != 0 && self.n_untouched_blue != self.n_untouched {
            // The untouched cells do not share a colour: not a question for here.
            return Check::Unknown;
        }
        if !self.reuse(clues, counter, cell) {
            self.clear();
            self.build(clues, counter, cell);
        }
        let answer = self.search(max_nodes);
        let answer = match answer {
            Some(true) => {
                let mut used: Vec<usize> = Vec::new();
                let mut counter = false;
                for (j, c) in self.cons.iter().enumerate() {
                    if has(&self.core, j) {
                        match c.at {
                            Some(k) => used.push(k),
                            None => counter = true,
                        }
                    }
                }
                used.sort_unstable();
                Check::Forced { used, counter }
            }
            Some(false) => Check::Free,
            None if cell.is_some() && self.repair() => Check::Free,
            None => Check::Unknown,
        };
        answer
    }

    /// The colouring behind the last [`Check::Free`] answer: the cell and colour of
    /// each variable (every hidden cell the question's clues reach).
    pub(crate) fn model(&self) -> impl Iterator<Item = (usize, bool)> + '_ {
        self.vars
            .iter()
            .zip(&self.value)
            .filter(|(_, v)| **v >= 0)
            .map(|(&m, &v)| (m, v == 1))
    }
}
