//! The player's marks on clues: *dimmed* numbers ("done with this one", saved with the
//! progress) and *highlighted* ones (a blue cell's flower, a column number's beam),
//! as plain state beside [`crate::player::game::Game`].
//!
//! A clue can be marked when the player sees it: a column number always, a number on a
//! cell once the cell is uncovered. Only flowers (numbers on blue cells) and beams are
//! highlighted; every visible number can be dimmed. Dimming a clue clears its highlight.

use std::collections::BTreeSet;

use hexcells_core::{Color, Item, Level, Pos};

/// Dimmed and highlighted clues of one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClueMarks {
    dimmed: BTreeSet<Pos>,
    highlighted: BTreeSet<Pos>,
}

/// What a clue at a position can be marked as, for a player who sees `uncovered`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Markable {
    /// Its number is visible, so it can be dimmed.
    pub dim: bool,
    /// It is a flower or a beam, so it can be highlighted.
    pub highlight: bool,
}

/// Whether the item at `pos` is a clue the player sees, and what it can be marked as.
pub fn markable(level: &Level, pos: Pos, is_uncovered: impl Fn(Pos) -> bool) -> Markable {
    match level.get(pos) {
        Some(Item::Column(_)) => Markable {
            dim: true,
            highlight: true,
        },
        Some(Item::Cell(cell)) if cell.hint.shows_number() && is_uncovered(pos) => Markable {
            dim: true,
            highlight: cell.color == Color::Blue,
        },
        _ => Markable {
            dim: false,
            highlight: false,
        },
    }
}

impl ClueMarks {
    /// Whether the clue at `pos` is dimmed.
    pub fn is_dimmed(&self, pos: Pos) -> bool {
        self.dimmed.contains(&pos)
    }

    /// The dimmed clues, in grid order.
    pub fn dimmed(&self) -> Vec<Pos> {
        self.dimmed.iter().copied().collect()
    }

    /// The highlighted clues, in grid order.
    pub fn highlighted(&self) -> Vec<Pos> {
        self.highlighted.iter().copied().collect()
    }

    /// Dims the clue at `pos`, or restores it when dimmed (and clears its highlight).
    /// Returns whether it is dimmed now.
    pub fn toggle_dimmed(&mut self, pos: Pos) -> bool {
        self.highlighted.remove(&pos);
        if self.dimmed.remove(&pos) {
            false
        } else {
            self.dimmed.insert(pos)
        }
    }

    /// Highlights the flower or beam of the clue at `pos`, or clears it. Returns
    /// whether it is highlighted now.
    pub fn toggle_highlight(&mut self, pos: Pos) -> bool {
        if self.highlighted.remove(&pos) {
            false
        } else {
            self.highlighted.insert(pos)
        }
    }

    /// Highlights every flower and beam the player sees, except dimmed ones; when all
    /// of them already are, clears every highlight instead. Returns whether anything
    /// is highlighted now.
    pub fn toggle_all(&mut self, level: &Level, is_uncovered: impl Fn(Pos) -> bool) -> bool {
        let all: BTreeSet<Pos> = level
            .items()
            .map(|(pos, _)| pos)
            .filter(|pos| markable(level, *pos, &is_uncovered).highlight && !self.dimmed.contains(pos))
            .collect();
        if !all.is_empty() && !all.is_subset(&self.highlighted) {
            self.highlighted.extend(all);
            true
        } else {
            self.highlighted.clear();
            false
        }
    }

    /// Clears every highlight.
    pub fn clear_highlights(&mut self) {
        self.highlighted.clear();
    }

    /// Forgets marks on positions that no longer hold a clue the player sees (after
    /// an edit of the level, or an undo that covered a cell again).
    pub fn retain_visible(&mut self, level: &Level, is_uncovered: impl Fn(Pos) -> bool) {
        self.dimmed.retain(|p| markable(level, *p, &is_uncovered).dim);
        self.highlighted
            .retain(|p| markable(level, *p, &is_uncovered).highlight);
    }

    /// Dims the clues at `positions` that the player sees (restoring saved progress).
    pub fn restore_dimmed(&mut self, level: &Level, positions: &[Pos], is_uncovered: impl Fn(Pos) -> bool) {
        self.dimmed = positions
            .iter()
            .copied()
            .filter(|p| markable(level, *p, &is_uncovered).dim)
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexcells_core::fixture::{level, pos};

    /// A column number at (0, 0) over a hidden blue flower at (0, 2), an uncovered
    /// black number at (2, 1) and a plain blue cell at (0, 4).
    fn sample() -> Level {
        level(&["|+", "....O+", "x+", "", "x."])
    }

    #[test]
    fn only_visible_numbers_are_marked() {
        let level = sample();
        let none = |_: Pos| false;
        let all = |_: Pos| true;
        assert_eq!(
            markable(&level, pos(0, 0), none),
            Markable {
                dim: true,
                highlight: true
            }
        );
        assert!(!markable(&level, pos(0, 2), none).dim, "a hidden flower");
        assert!(markable(&level, pos(0, 2), all).highlight);
        let black = markable(&level, pos(2, 1), all);
        assert!(
            black.dim && !black.highlight,
            "a black number dims, has no flower"
        );
        assert!(!markable(&level, pos(0, 4), all).dim, "no number");
        assert!(!markable(&level, pos(9, 9), all).dim, "nothing there");
    }

    #[test]
    fn dimming_clears_the_highlight_and_toggles_back() {
        let mut marks = ClueMarks::default();
        assert!(marks.toggle_highlight(pos(0, 0)));
        assert!(marks.toggle_dimmed(pos(0, 0)));
        assert!(marks.highlighted().is_empty());
        assert!(marks.is_dimmed(pos(0, 0)));
        assert!(!marks.toggle_dimmed(pos(0, 0)));
        assert!(marks.dimmed().is_empty());
    }

    #[test]
    fn highlight_all_skips_dimmed_and_hidden_clues_then_clears() {
        let level = sample();
        let mut marks = ClueMarks::default();
        let uncovered = |p: Pos| p == pos(0, 2) || p == pos(2, 1);
        assert!(marks.toggle_all(&level, uncovered));
        assert_eq!(marks.highlighted(), [pos(0, 0), pos(0, 2)]);
        assert!(!marks.toggle_all(&level, uncovered), "all shown: clear");
        assert!(marks.highlighted().is_empty());
        marks.toggle_dimmed(pos(0, 0));
        assert!(marks.toggle_all(&level, uncovered));
        assert_eq!(marks.highlighted(), [pos(0, 2)]);
        // Covering the flower again drops its marks.
        marks.retain_visible(&level, |p| p == pos(2, 1));
        assert!(marks.highlighted().is_empty());
        assert_eq!(marks.dimmed(), [pos(0, 0)]);
        marks.restore_dimmed(&level, &[pos(0, 2), pos(2, 1), pos(0, 4)], |_| true);
        assert_eq!(marks.dimmed(), [pos(2, 1), pos(0, 2)]);
    }
}
