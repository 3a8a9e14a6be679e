//! The shape-overlap rule's pair questions, answered once for a run of views that
//! only ever uncover more cells (the grade's replay builds a view at every step).

use std::cell::RefCell;
use std::collections::HashMap;

use super::super::puzzle::Puzzle;

/// Answers to "do clues `a` and `b` together force cell `i`?", each kept with how
/// many members of `a` and of `b` were uncovered when it was found: it holds while
/// those counts stay the same (the question reads nothing else).
pub(crate) struct PairMemo {
    /// Per clue: members uncovered since the memo was made.
    uncovered: Vec<u32>,
    /// Per `(a, b, i)`, `a < b`: the answer.
    answers: RefCell<HashMap<(usize, usize, usize), Kept>>,
}

/// One kept answer and the uncovered counts of its two clues when it was found.
#[derive(Clone, Copy)]
struct Kept {
    uncovered: (u32, u32),
    forces: bool,
}

impl PairMemo {
    /// An empty memo for `puzzle`.
    pub(crate) fn new(puzzle: &Puzzle) -> PairMemo {
        PairMemo {
            uncovered: vec![0; puzzle.clues.len()],
            answers: RefCell::default(),
        }
    }

    /// Records that cell `i` was uncovered: the answers about its clues are stale.
    pub(crate) fn uncover(&mut self, puzzle: &Puzzle, i: usize) {
        for &c in &puzzle.clues_of_cell[i] {
            self.uncovered[c] += 1;
        }
    }

    /// The answer kept for clues `a < b` and cell `i`, if it still holds.
    pub(super) fn get(&self, a: usize, b: usize, i: usize) -> Option<bool> {
        let kept = *self.answers.borrow().get(&(a, b, i))?;
        (kept.uncovered == (self.uncovered[a], self.uncovered[b])).then_some(kept.forces)
    }

    /// Keeps `answer` for clues `a < b` and cell `i`.
    pub(super) fn put(&self, a: usize, b: usize, i: usize, forces: bool) {
        let kept = Kept {
            uncovered: (self.uncovered[a], self.uncovered[b]),
            forces,
        };
        self.answers.borrow_mut().insert((a, b, i), kept);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse;

    /// Two column clues: the first over three cells, the second over two.
    fn puzzle() -> Puzzle {
        let mut rows = vec![".".repeat(66); 33];
        rows[0].replace_range(4..6, "|+");
        rows[1].replace_range(4..6, "x.");
        rows[3].replace_range(4..6, "x.");
        rows[5].replace_range(4..6, "o.");
        rows[0].replace_range(12..14, "|+");
        rows[1].replace_range(12..14, "x.");
        rows[3].replace_range(12..14, "o.");
        let text = format!("Hexcells level v1\nPairs\ntest\n\n{}", rows.join("\n"));
        Puzzle::new(&parse(&text).levels.remove(0).level)
    }

    #[test]
    fn an_answer_holds_until_a_member_of_either_clue_is_uncovered() {
        let puzzle = puzzle();
        let (a, b) = (0, 1);
        let (in_a, in_b) = (puzzle.clues[a].members[0], puzzle.clues[b].members[0]);
        let mut memo = PairMemo::new(&puzzle);
        assert_eq!(memo.get(a, b, in_a), None);
        memo.put(a, b, in_a, true);
        memo.put(a, b, in_b, false);
        assert_eq!(memo.get(a, b, in_a), Some(true));
        assert_eq!(memo.get(a, b, in_b), Some(false));
        memo.uncover(&puzzle, in_b);
        assert_eq!(memo.get(a, b, in_a), None, "a member of b was uncovered");
        memo.put(a, b, in_a, false);
        assert_eq!(memo.get(a, b, in_a), Some(false), "asked again after");
    }
}
