//! Explanations shared by interchangeable cells of one round.
//!
//! Two hidden cells with the same colour in the solution are interchangeable for a
//! set of clues when every clue of the set holds both or neither, and the clues
//! that hold them state only a count (no togetherness): swapping the two cells'
//! colours then keeps every clue of the set (and the remaining counter) met. So a
//! colouring that leaves one of them wrong turns into one that leaves the other
//! wrong, and the set forces (and is minimal for) both or neither. Once a cell is
//! explained, its twins take the same explanation without a question asked. A
//! cell in none of the clues (which then must use the counter) is the simplest case.
//!
//! Only explanations with the counter are shared: they are the slow ones, and a
//! cell's own search may find a smaller explanation without the counter, which a
//! player prefers (and the generator's difficulty measure counts).

use crate::model::Pos;
use crate::solve::key_map::KeyMap;
use crate::solve::puzzle::{ClueShape, Puzzle};
use crate::solve::report::{ClueRef, Explanation};

/// One explanation, with what a twin of its cell must share.
struct Twin {
    explanation: Explanation,
    /// Per puzzle clue: whether it is in the explanation.
    in_set: Vec<bool>,
    /// The explanation's clues that hold the explained cell.
    holding: Vec<usize>,
    blue: bool,
}

/// The explanations of one round that other cells may share.
#[derive(Default)]
pub(crate) struct Twins {
    twins: Vec<Twin>,
}

impl Twins {
    /// Keeps `explanation` of hidden cell `i` for its twins; `visible_at` maps a
    /// visible clue's position to its index. Explanations without the counter, or
    /// whose clues that hold `i` state a togetherness, are not kept.
    pub(crate) fn add(
        &mut self,
        puzzle: &Puzzle,
        visible_at: &KeyMap<Pos, usize>,
        explanation: &Explanation,
        i: usize,
    ) {
        // Without the counter a cell's own explanation may be a smaller one (its
        // twin's clues are the nearest to the twin, not to it): worth the search.
        if !explanation.clues.contains(&ClueRef::RemainingCounter) {
            return;
        }
        let mut in_set = vec![false; puzzle.clues.len()];
        for clue in &explanation.clues {
            if let ClueRef::Clue(at) = clue {
                let Some(&c) = visible_at.get(at) else { return };
                in_set[c] = true;
            }
        }
        let holding = holding(puzzle, &in_set, i);
        if holding
            .iter()
            .any(|&c| !matches!(puzzle.clues[c].shape, ClueShape::Count))
        {
            return;
        }
        self.twins.push(Twin {
            explanation: explanation.clone(),
            in_set,
            holding,
            blue: puzzle.blue[i],
        });
    }

    /// The explanation hidden cell `i` shares with a cell explained before, if any.
    pub(crate) fn find(&self, puzzle: &Puzzle, i: usize) -> Option<&Explanation> {
        self.twins
            .iter()
            .find(|t| t.blue == puzzle.blue[i] && holding(puzzle, &t.in_set, i) == t.holding)
            .map(|t| &t.explanation)
    }
}

/// The clues marked in `in_set` that hold cell `i`, in index order.
fn holding(puzzle: &Puzzle, in_set: &[bool], i: usize) -> Vec<usize> {
    puzzle
        .clues_of_cell(i)
        .iter()
        .copied()
        .filter(|&c| in_set[c])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse;
    use crate::solve::report::Reasoning;

    /// A level of two columns: the first `|{hint}` over blue, blue, black; the
    /// second a plain count over blue, black.
    fn level(hint: char) -> String {
        let mut rows = vec![".".repeat(66); 33];
        rows[0].replace_range(4..6, &format!("|{hint}"));
        rows[1].replace_range(4..6, "x.");
        rows[3].replace_range(4..6, "x.");
        rows[5].replace_range(4..6, "o.");
        rows[0].replace_range(12..14, "|+");
        rows[1].replace_range(12..14, "x.");
        rows[3].replace_range(12..14, "o.");
        format!("Hexcells level v1\nTwins\ntest\n\n{}", rows.join("\n"))
    }

    /// The first column's clue, and its blue members.
    fn setup(hint: char) -> (Puzzle, KeyMap<Pos, usize>, usize, Vec<usize>) {
        let parsed = parse(&level(hint));
        let puzzle = Puzzle::new(&parsed.levels[0].level);
        let c = (0..puzzle.clues.len())
            .find(|&c| puzzle.clues[c].members.len() == 3)
            .expect("the first column");
        let blue: Vec<usize> = puzzle.clues[c]
            .members
            .iter()
            .copied()
            .filter(|&m| puzzle.blue[m])
            .collect();
        let at: KeyMap<Pos, usize> = (0..puzzle.clues.len()).map(|c| (puzzle.clues[c].at, c)).collect();
        (puzzle, at, c, blue)
    }

    fn explanation(puzzle: &Puzzle, c: usize) -> Explanation {
        Explanation {
            clues: vec![ClueRef::Clue(puzzle.clues[c].at), ClueRef::RemainingCounter],
            reasoning: Reasoning::RemainingCounter,
            minimal: true,
            ..Explanation::default()
        }
    }

    #[test]
    fn a_cell_of_the_same_colour_in_the_same_counting_clues_is_a_twin() {
        let (puzzle, at, c, blue) = setup('+');
        let mut twins = Twins::default();
        twins.add(&puzzle, &at, &explanation(&puzzle, c), blue[0]);
        assert_eq!(twins.find(&puzzle, blue[1]), Some(&explanation(&puzzle, c)));
        // The black member has the other colour.
        let black = puzzle.clues[c].members.iter().copied().find(|&m| !puzzle.blue[m]);
        assert_eq!(twins.find(&puzzle, black.expect("a black member")), None);
        // A blue cell of the other column is not in the clue.
        let other = (0..puzzle.cells.len())
            .find(|&m| puzzle.blue[m] && !puzzle.clues[c].members.contains(&m))
            .expect("a blue cell elsewhere");
        assert_eq!(twins.find(&puzzle, other), None);
    }

    #[test]
    fn a_clue_that_states_togetherness_makes_no_twins() {
        let (puzzle, at, c, blue) = setup('c');
        let mut twins = Twins::default();
        twins.add(&puzzle, &at, &explanation(&puzzle, c), blue[0]);
        assert_eq!(twins.find(&puzzle, blue[1]), None);
    }

    #[test]
    fn cells_in_none_of_the_clues_are_twins() {
        // Both columns' cells of one colour, outside the first column.
        let (puzzle, at, c, _) = setup('c');
        let outside: Vec<usize> = (0..puzzle.cells.len())
            .filter(|&m| !puzzle.clues[c].members.contains(&m))
            .collect();
        assert_eq!(outside.len(), 2);
        let mut twins = Twins::default();
        twins.add(&puzzle, &at, &explanation(&puzzle, c), outside[0]);
        // The other one has the other colour; a cell like the first is found.
        assert_eq!(twins.find(&puzzle, outside[1]), None);
        assert!(twins.find(&puzzle, outside[0]).is_some());
    }
}
