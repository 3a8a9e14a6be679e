//! A game in progress, as plain state: uncover cells blue or black, count mistakes,
//! undo, restart, and ask the deduction engine for a hint or a round of moves.
//!
//! A wrong guess adds a mistake and leaves the cell hidden, as in Hexcells. Undo takes
//! back uncovered cells; mistakes stay counted.
//!
//! Every click is also kept as a play [`Record`] (mistakes included, see
//! `docs/record-notation.md`): undo removes the move that uncovered the cell, restart
//! clears it, and [`Player::restore_record`] resumes a game from one.

use hexcells_core::model::{name, Clue};
use hexcells_core::record::{self, Record};
use hexcells_core::solve::{self, Budget, ClueRef, Deduction, HintResult, PlayState};
use hexcells_core::{Color, Level, Pos};

/// What a click did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The cell was uncovered with this (correct) colour.
    Uncovered(Color),
    /// The guess was wrong: one more mistake, the cell stays hidden.
    Mistake,
    /// Nothing to do: no hidden cell there.
    Ignored,
}

/// One game of one level.
#[derive(Clone, Debug)]
pub struct Player {
    level: Level,
    /// Cells the player uncovered, by [`Pos::index`].
    marked: Vec<bool>,
    /// The order they were uncovered in, for undo.
    history: Vec<Pos>,
    mistakes: u32,
    /// Every click, mistakes included, as a play record.
    record: Record,
}

impl Player {
    /// A fresh game of `level`.
    pub fn new(level: Level) -> Player {
        Player {
            level,
            marked: vec![false; Pos::all().count()],
            history: Vec::new(),
            mistakes: 0,
            record: Record::default(),
        }
    }

    /// The level being played.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// Whether the cell at `pos` is uncovered (by the player or from the start).
    pub fn is_uncovered(&self, pos: Pos) -> bool {
        self.level.cell(pos).is_some_and(|c| c.revealed) || self.marked[pos.index()]
    }

    /// Which positions are uncovered, indexed by [`Pos::index`].
    pub fn uncovered_mask(&self) -> Vec<bool> {
        Pos::all().map(|p| self.is_uncovered(p)).collect()
    }

    /// Uncovers `pos` as `guess` (left button: blue, right button: black).
    pub fn guess(&mut self, pos: Pos, guess: Color) -> Outcome {
        let Some(cell) = self.level.cell(pos) else {
            return Outcome::Ignored;
        };
        if self.is_uncovered(pos) {
            return Outcome::Ignored;
        }
        if cell.color != guess {
            self.mistakes += 1;
            self.record
                .moves
                .push(record::move_for(&self.level, pos, guess, None));
            return Outcome::Mistake;
        }
        self.mark(pos);
        Outcome::Uncovered(cell.color)
    }

    fn mark(&mut self, pos: Pos) {
        if !self.is_uncovered(pos) {
            self.marked[pos.index()] = true;
            self.history.push(pos);
            if let Some(cell) = self.level.cell(pos) {
                self.record
                    .moves
                    .push(record::move_for(&self.level, pos, cell.color, None));
            }
        }
    }

    /// Takes back the last uncovered cell, if any, and the move that uncovered it
    /// from the record (its mistakes stay, as they stay counted).
    pub fn undo(&mut self) -> Option<Pos> {
        let pos = self.history.pop()?;
        self.marked[pos.index()] = false;
        if let Some(idx) = self.record.moves.iter().rposition(|m| m.pos == pos && !m.mistake) {
            self.record.moves.remove(idx);
        }
        Some(pos)
    }

    /// The game so far as a play record: every click in order, mistakes marked `?`.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// Resumes the game `record` describes: its moves are replayed on the level, and
    /// those that no longer fit it (the cell is gone or its colour changed) are dropped.
    pub fn restore_record(&mut self, saved: &Record) {
        let replayed = record::replay(&self.level, saved);
        self.marked.iter_mut().for_each(|m| *m = false);
        self.history.clear();
        for (mv, outcome) in saved.moves.iter().zip(&replayed.outcomes) {
            if *outcome == record::Outcome::Uncovered {
                self.marked[mv.pos.index()] = true;
                self.history.push(mv.pos);
            }
        }
        self.record.moves = saved
            .moves
            .iter()
            .zip(&replayed.outcomes)
            .filter(|(_, o)| o.is_ok())
            .map(|(m, _)| *m)
            .collect();
        // Mistakes the record no longer shows (a colour changed) are not counted.
        self.mistakes = self.record.moves.iter().filter(|m| m.mistake).count() as u32;
    }

    /// Starts over: nothing uncovered, no mistakes.
    pub fn restart(&mut self) {
        *self = Player::new(std::mem::take(&mut self.level));
    }

    /// Blue cells still hidden: the game's counter.
    pub fn remaining(&self) -> usize {
        self.level
            .cells()
            .filter(|(p, c)| c.color == Color::Blue && !self.is_uncovered(*p))
            .count()
    }

    /// Wrong guesses so far.
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    /// Whether every cell is uncovered.
    pub fn is_solved(&self) -> bool {
        self.level.cells().all(|(p, _)| self.is_uncovered(p))
    }

    /// The cells the player uncovered, in order.
    pub fn moves(&self) -> &[Pos] {
        &self.history
    }

    /// Replays saved moves (skipping any that no longer fit the level) and mistakes.
    pub fn restore(&mut self, moves: &[Pos], mistakes: u32) {
        for &pos in moves {
            if self.level.cell(pos).is_some() {
                self.mark(pos);
            }
        }
        self.mistakes = mistakes;
    }

    /// Switches to an edited version of the level, keeping the progress on every cell
    /// whose colour did not change.
    pub fn replace_level(&mut self, level: Level) {
        let old = std::mem::replace(&mut self.level, level);
        let kept_record = self.record.clone();
        let kept: Vec<Pos> = self
            .history
            .iter()
            .copied()
            .filter(|p| {
                let (a, b) = (old.cell(*p), self.level.cell(*p));
                a.zip(b).is_some_and(|(a, b)| a.color == b.color)
            })
            .collect();
        self.marked.iter_mut().for_each(|m| *m = false);
        self.history.clear();
        let mistakes = self.mistakes;
        self.record = Record::default();
        self.restore(&kept, mistakes);
        self.record = kept_record;
        self.record.moves.retain(|m| {
            let cell = self.level.cell(m.pos);
            cell.is_some_and(|c| (c.color == m.color) != m.mistake && !c.revealed)
        });
    }

    /// The level as the player sees it now: uncovered cells become revealed ones, so
    /// the deduction engine starts from here.
    pub fn as_played(&self) -> Level {
        let mut level = self.level.clone();
        for &pos in &self.history {
            if let Some(mut cell) = level.cell(pos) {
                cell.revealed = true;
                level.set(pos, Some(hexcells_core::Item::Cell(cell)));
            }
        }
        level
    }

    /// The next deducible cell and why, from the deduction engine.
    pub fn hint(&self, budget: &Budget) -> HintResult {
        let state = PlayState {
            marks: self
                .history
                .iter()
                .filter_map(|p| Some((*p, self.level.cell(*p)?.color)))
                .collect(),
        };
        solve::hint(&self.level, &state, budget)
    }

    /// Uncovers the cells the engine deduces in the next round (all rounds with
    /// `to_end`). Returns how many cells were uncovered.
    pub fn solve(&mut self, to_end: bool, budget: &Budget) -> usize {
        let report = solve::analyze(&self.as_played(), budget);
        let before = self.history.len();
        for deduction in report.deductions.iter().filter(|d| to_end || d.round == 1) {
            if self
                .level
                .cell(deduction.pos)
                .is_some_and(|c| c.color == deduction.color)
            {
                self.mark(deduction.pos);
            }
        }
        self.history.len() - before
    }
}

/// A status line for a deduction: `F7 is blue: E6 shows 3, remaining counter`.
pub fn explain(level: &Level, deduction: &Deduction) -> String {
    let reasons: Vec<String> = deduction
        .explanation
        .clues
        .iter()
        .map(|clue| match clue {
            ClueRef::RemainingCounter => "the remaining counter".to_string(),
            ClueRef::Clue(pos) => match Clue::at(level, *pos) {
                Some(clue) => format!("{} shows {}", name(*pos), clue.hint.display(clue.count(level))),
                None => name(*pos),
            },
        })
        .collect();
    let head = format!("{} is {}", name(deduction.pos), deduction.color.as_str());
    if reasons.is_empty() {
        head
    } else {
        format!("{head}: {}", reasons.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexcells_core::format::parse;

    /// A level from grid rows (the rest of the 33 x 33 grid is empty).
    fn level(rows: &[&str]) -> Level {
        let mut text = String::from("Hexcells level v1\nT\nA\n\n\n");
        for y in 0..33 {
            text.push_str(&format!("{:.<66}\n", rows.get(y).copied().unwrap_or("")));
        }
        parse(&text).levels.remove(0).level
    }

    fn pos(x: i32, y: i32) -> Pos {
        Pos::new(x, y).unwrap()
    }

    #[test]
    fn clicks_uncover_or_count_mistakes() {
        let mut player = Player::new(level(&["x.o.X."]));
        assert_eq!(player.remaining(), 1);
        assert_eq!(player.guess(pos(1, 0), Color::Blue), Outcome::Mistake);
        assert!(!player.is_uncovered(pos(1, 0)));
        assert_eq!(player.mistakes(), 1);
        assert_eq!(
            player.guess(pos(0, 0), Color::Blue),
            Outcome::Uncovered(Color::Blue)
        );
        assert_eq!(player.remaining(), 0);
        assert_eq!(player.guess(pos(0, 0), Color::Black), Outcome::Ignored);
        assert_eq!(
            player.guess(pos(2, 0), Color::Blue),
            Outcome::Ignored,
            "revealed at start"
        );
        assert_eq!(player.guess(pos(5, 5), Color::Blue), Outcome::Ignored, "empty");
        assert!(!player.is_solved());
        assert_eq!(
            player.guess(pos(1, 0), Color::Black),
            Outcome::Uncovered(Color::Black)
        );
        assert!(player.is_solved());
        assert_eq!(player.mistakes(), 1);
    }

    #[test]
    fn undo_takes_back_cells_and_restart_clears_everything() {
        let mut player = Player::new(level(&["x.o.x."]));
        player.guess(pos(0, 0), Color::Blue);
        player.guess(pos(1, 0), Color::Blue);
        player.guess(pos(1, 0), Color::Black);
        assert_eq!(player.undo(), Some(pos(1, 0)));
        assert!(!player.is_uncovered(pos(1, 0)));
        assert!(player.is_uncovered(pos(0, 0)));
        assert_eq!(player.mistakes(), 1, "undo keeps mistakes");
        player.restart();
        assert!(!player.is_uncovered(pos(0, 0)));
        assert_eq!(player.mistakes(), 0);
        assert_eq!(player.undo(), None);
    }

    #[test]
    fn reload_keeps_progress_where_the_colour_did_not_change() {
        let mut player = Player::new(level(&["x.o.x.o."]));
        for (x, c) in [
            (0, Color::Blue),
            (1, Color::Black),
            (2, Color::Blue),
            (3, Color::Black),
        ] {
            assert!(matches!(player.guess(pos(x, 0), c), Outcome::Uncovered(_)));
        }
        player.guess(pos(0, 0), Color::Black);
        let mistakes = player.mistakes();
        // x=1 turns blue, x=3 disappears, x=0 and x=2 stay.
        player.replace_level(level(&["x.x.x.......o."]));
        assert!(player.is_uncovered(pos(0, 0)));
        assert!(!player.is_uncovered(pos(1, 0)));
        assert!(player.is_uncovered(pos(2, 0)));
        assert_eq!(player.moves(), &[pos(0, 0), pos(2, 0)]);
        assert_eq!(player.mistakes(), mistakes);
        assert_eq!(player.remaining(), 1);
    }

    #[test]
    fn restore_skips_moves_that_no_longer_fit() {
        let mut player = Player::new(level(&["x.o."]));
        player.restore(&[pos(0, 0), pos(9, 9), pos(0, 0)], 2);
        assert_eq!(player.moves(), &[pos(0, 0)]);
        assert_eq!(player.mistakes(), 2);
    }

    #[test]
    fn as_played_reveals_what_the_player_uncovered() {
        let mut player = Player::new(level(&["x.o."]));
        player.guess(pos(1, 0), Color::Black);
        let played = player.as_played();
        assert!(played.cell(pos(1, 0)).is_some_and(|c| c.revealed));
        assert!(played.cell(pos(0, 0)).is_some_and(|c| !c.revealed));
    }
}
