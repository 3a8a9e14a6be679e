//! The shape-overlap rule's pair questions, answered once for views that see ever
//! more cells uncovered: the grade's replay builds a view at every step, and a
//! round's view and its chains' first views see the same cells ([`PairMemo`]); and
//! answered once for every level that asks the same question ([`PairAnswers`]): a
//! caller that grades many versions of one level lends one to each grade.

use std::cell::RefCell;
use std::sync::Mutex;

use crate::model::{Hint, Pos};
use crate::solve::key_map::KeyMap;

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

/// Answers to the pair question ("do these two clues together force this cell, each
/// needed?") kept by what the question reads, and nothing else: each clue's place,
/// hint and count, and its members' places, each hidden or uncovered, and the cell
/// asked about. The exact checker answers it from those alone (its variables are the
/// hidden members, its constraints the two clues), in the same order, so the same
/// content gets the same answer in any level: one `PairAnswers` may serve the
/// grades of many levels, on several threads.
#[derive(Default)]
pub(crate) struct PairAnswers {
    answers: Mutex<KeyMap<PairKey, bool>>,
}

/// A pair question by its content: the two clues (the first as asked first) and
/// the cell.
pub(crate) type PairKey = (ClueKey, ClueKey, Pos);

/// A clue by its content: its place, hint and count, and per member its place
/// and whether it is hidden.
pub(crate) type ClueKey = (Pos, Hint, usize, Vec<(Pos, bool)>);

impl PairAnswers {
    /// The answer kept for `key`.
    pub(super) fn get(&self, key: &PairKey) -> Option<bool> {
        self.lock().get(key).copied()
    }

    /// Keeps `forces` for `key`.
    pub(super) fn put(&self, key: PairKey, forces: bool) {
        self.lock().insert(key, forces);
    }

    /// Questions answered so far.
    pub(crate) fn len(&self) -> usize {
        self.lock().len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, KeyMap<PairKey, bool>> {
        // A panic while the map was held left it whole (one insert at most).
        self.answers.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl std::fmt::Debug for PairAnswers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PairAnswers({} answers)", self.len())
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
