//! The shape-overlap rule's pair questions, answered once for views that see ever
//! more cells uncovered: the grade's replay builds a view at every step, and a
//! round's view and its chains' first views see the same cells.

use crate::solve::key_map::KeyMap;
use std::cell::RefCell;

/// Answers to "do clues `a` and `b` together force cell `i`?", each kept with how
/// many hidden members `a` and `b` had when it was found. The views that share a
/// memo must each see at least the cells uncovered in the views before, so that
/// the same counts mean the same cells: the answer holds while they stay the same
/// (the question reads nothing else).
#[derive(Default)]
pub(crate) struct PairMemo {
    /// Per `(a, b, i)`, `a < b`: the answer.
    answers: RefCell<KeyMap<(usize, usize, usize), Kept>>,
}

/// One kept answer and the hidden members of its two clues when it was found.
#[derive(Clone, Copy)]
struct Kept {
    hidden: (usize, usize),
    forces: bool,
}

impl PairMemo {
    /// The answer kept for clues `a < b` and cell `i`, if it still holds now that
    /// the clues have `hidden` hidden members.
    pub(super) fn get(&self, a: usize, b: usize, i: usize, hidden: (usize, usize)) -> Option<bool> {
        let kept = *self.answers.borrow().get(&(a, b, i))?;
        (kept.hidden == hidden).then_some(kept.forces)
    }

    /// Keeps `forces` for clues `a < b`, with `hidden` hidden members, and cell `i`.
    pub(super) fn put(&self, a: usize, b: usize, i: usize, hidden: (usize, usize), forces: bool) {
        self.answers
            .borrow_mut()
            .insert((a, b, i), Kept { hidden, forces });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_holds_until_a_member_of_either_clue_is_uncovered() {
        let (a, b, i, j) = (0, 1, 5, 6);
        let memo = PairMemo::default();
        assert_eq!(memo.get(a, b, i, (3, 2)), None);
        memo.put(a, b, i, (3, 2), true);
        memo.put(a, b, j, (3, 2), false);
        assert_eq!(memo.get(a, b, i, (3, 2)), Some(true));
        assert_eq!(memo.get(a, b, j, (3, 2)), Some(false));
        assert_eq!(memo.get(a, b, i, (3, 1)), None, "a member of b was uncovered");
        assert_eq!(memo.get(a, b, i, (2, 2)), None, "a member of a was uncovered");
        memo.put(a, b, i, (3, 1), false);
        assert_eq!(memo.get(a, b, i, (3, 1)), Some(false), "asked again after");
    }
}
