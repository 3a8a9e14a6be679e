//! A game in progress, as plain state: uncover cells blue or black, count mistakes,
//! mark guesses, undo, restart (the deduction engine's hints and rounds are
//! `engine.rs`'s).
//!
//! A wrong click adds a mistake and leaves the cell hidden, as in Hexcells. A *guess*
//! (SixCells' annotation, a pencil mark) costs nothing and uncovers nothing; confirming
//! the guesses uncovers the right ones and counts a mistake for each wrong one, denying
//! them does the same with the opposite colours. Undo takes back the last action that
//! uncovered cells (a click, a confirm, a solve) as one step, and gives back the guesses
//! that action used up; mistakes stay counted. Dimmed and highlighted clues live in
//! [`ClueMarks`].
//!
//! Every click is also kept as a play [`Record`] (mistakes included, see
//! `docs/record-notation.md`): undo removes the moves that uncovered the cells, restart
//! clears it, and [`Game::restore_record`] resumes a game from one, guesses included.

use hexcells_core::play_record::{self, Guess, Record};
use hexcells_core::{Color, Level, Pos};

use super::clue_marks::{self, ClueMarks};

/// What a click did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClickOutcome {
    /// The cell was uncovered with this (correct) colour.
    Uncovered(Color),
    /// The colour was wrong: one more mistake, the cell stays hidden.
    Mistake,
    /// Nothing to do: no hidden cell there.
    Ignored,
}

/// What confirming (or denying) the guesses did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Confirmed {
    /// The cells uncovered, in grid order.
    pub uncovered: Vec<Pos>,
    /// The cells whose colour was wrong, one mistake each, in grid order.
    pub wrong: Vec<Pos>,
}

/// One undoable action: the cells it uncovered, in order, and the guesses it used up.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Step {
    cells: Vec<Pos>,
    used: Vec<Guess>,
}

/// One game of one level.
#[derive(Clone, Debug)]
pub struct Game {
    level: Level,
    /// Cells the player uncovered, by [`Pos::index`].
    marked: Vec<bool>,
    /// The actions that uncovered them, in order, for undo.
    steps: Vec<Step>,
    /// Guesses on hidden cells, by [`Pos::index`].
    guesses: Vec<Option<Color>>,
    mistakes: u32,
    /// Every click, mistakes included, as a play record (without the guesses, which
    /// [`Game::record`] adds).
    record: Record,
    clues: ClueMarks,
}

impl Game {
    /// A fresh game of `level`.
    pub fn new(level: Level) -> Game {
        let n = Pos::all().count();
        Game {
            level,
            marked: vec![false; n],
            steps: Vec::new(),
            guesses: vec![None; n],
            mistakes: 0,
            record: Record::default(),
            clues: ClueMarks::default(),
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

    /// Whether `pos` holds a cell that is still hidden.
    fn is_hidden_cell(&self, pos: Pos) -> bool {
        self.level.cell(pos).is_some() && !self.is_uncovered(pos)
    }

    /// Uncovers `pos` as `color` (left button: blue, right button: black).
    pub fn uncover(&mut self, pos: Pos, color: Color) -> ClickOutcome {
        let Some(cell) = self.level.cell(pos) else {
            return ClickOutcome::Ignored;
        };
        if self.is_uncovered(pos) {
            return ClickOutcome::Ignored;
        }
        if cell.color != color {
            self.mistake(pos, color);
            return ClickOutcome::Mistake;
        }
        self.mark(pos);
        self.steps.push(Step {
            cells: vec![pos],
            used: Vec::new(),
        });
        ClickOutcome::Uncovered(cell.color)
    }

    fn mistake(&mut self, pos: Pos, color: Color) {
        self.mistakes += 1;
        self.record
            .moves
            .push(play_record::move_for(&self.level, pos, color, None));
    }

    /// Uncovers `pos` (not yet part of an undo step) and records the move; its guess,
    /// if any, goes.
    fn mark(&mut self, pos: Pos) -> bool {
        let Some(cell) = self.level.cell(pos) else {
            return false;
        };
        if self.is_uncovered(pos) {
            return false;
        }
        self.marked[pos.index()] = true;
        self.guesses[pos.index()] = None;
        self.record
            .moves
            .push(play_record::move_for(&self.level, pos, cell.color, None));
        true
    }

    /// The guess on `pos`, if any.
    pub fn guess_at(&self, pos: Pos) -> Option<Color> {
        self.guesses[pos.index()]
    }

    /// Every guess, in grid order.
    pub fn guesses(&self) -> Vec<Guess> {
        self.guesses
            .iter()
            .enumerate()
            .filter_map(|(idx, g)| {
                Some(Guess {
                    pos: Pos::from_index(idx)?,
                    color: (*g)?,
                })
            })
            .collect()
    }

    /// Guesses for each position, indexed by [`Pos::index`].
    pub fn guess_mask(&self) -> &[Option<Color>] {
        &self.guesses
    }

    /// Marks the hidden cell at `pos` as a guess of `color`, or clears the guess when
    /// it already is one. Returns false (and changes nothing) when there is no hidden
    /// cell there.
    pub fn toggle_guess(&mut self, pos: Pos, color: Color) -> bool {
        if !self.is_hidden_cell(pos) {
            return false;
        }
        let slot = &mut self.guesses[pos.index()];
        *slot = if *slot == Some(color) { None } else { Some(color) };
        true
    }

    /// Clears every guess; returns how many there were.
    pub fn clear_guesses(&mut self) -> usize {
        let n = self.guesses.iter().filter(|g| g.is_some()).count();
        self.guesses.iter_mut().for_each(|g| *g = None);
        n
    }

    /// Marks the engine's deductions as guesses (replacing the player's guesses on
    /// those cells), for the player to confirm. Returns how many were marked.
    pub fn guess_cells(&mut self, cells: &[(Pos, Color)]) -> usize {
        let mut n = 0;
        for &(pos, color) in cells {
            if self.is_hidden_cell(pos) {
                self.guesses[pos.index()] = Some(color);
                n += 1;
            }
        }
        n
    }

    /// `C` (or `D` with `deny`): every guess, in grid order, as a click of its colour
    /// (of the opposite colour with `deny`). Right ones uncover their cell, wrong ones
    /// are mistakes; every guess is used up. The uncovered cells are one undo step.
    pub fn confirm_guesses(&mut self, deny: bool) -> Confirmed {
        let used = self.guesses();
        let mut confirmed = Confirmed::default();
        for guess in &used {
            let Some(cell) = self.level.cell(guess.pos) else {
                continue;
            };
            let color = if deny { guess.color.other() } else { guess.color };
            if cell.color == color {
                if self.mark(guess.pos) {
                    confirmed.uncovered.push(guess.pos);
                }
            } else {
                self.mistake(guess.pos, color);
                confirmed.wrong.push(guess.pos);
            }
        }
        self.clear_guesses();
        if !confirmed.uncovered.is_empty() {
            self.steps.push(Step {
                cells: confirmed.uncovered.clone(),
                used,
            });
        }
        confirmed
    }

    /// Uncovers the engine's deductions (those whose colour is right) as one undo
    /// step. Returns how many cells were uncovered.
    pub fn uncover_cells(&mut self, cells: &[(Pos, Color)]) -> usize {
        let mut step = Step {
            cells: Vec::new(),
            used: Vec::new(),
        };
        for &(pos, color) in cells {
            let right = self.level.cell(pos).is_some_and(|c| c.color == color);
            let guess = self.guess_at(pos);
            if right && self.mark(pos) {
                step.cells.push(pos);
                if let Some(color) = guess {
                    step.used.push(Guess { pos, color });
                }
            }
        }
        let n = step.cells.len();
        if n > 0 {
            self.steps.push(step);
        }
        n
    }

    /// Takes back the last action that uncovered cells: they are covered again, their
    /// moves leave the record (mistakes stay, as they stay counted), and the guesses
    /// the action used up come back. Returns the cells covered again, or `None` when
    /// there is nothing to undo.
    pub fn undo(&mut self) -> Option<Vec<Pos>> {
        let step = self.steps.pop()?;
        for &pos in step.cells.iter().rev() {
            self.unmark(pos);
        }
        for guess in &step.used {
            if self.is_hidden_cell(guess.pos) {
                self.guesses[guess.pos.index()] = Some(guess.color);
            }
        }
        self.forget_hidden_clue_marks();
        Some(step.cells)
    }

    /// Covers `pos` without undo's bookkeeping: the cell's move leaves the record.
    fn unmark(&mut self, pos: Pos) {
        self.marked[pos.index()] = false;
        if let Some(idx) = self.record.moves.iter().rposition(|m| m.pos == pos && !m.mistake) {
            self.record.moves.remove(idx);
        }
    }

    /// Covers a cell the player uncovered again (the editor's playtest: right-click on
    /// an uncovered cell), taking it out of its undo step and the record. Cells
    /// revealed at the start stay. Returns whether the cell was covered.
    pub fn cover_again(&mut self, pos: Pos) -> bool {
        if !self.marked[pos.index()] {
            return false;
        }
        self.unmark(pos);
        for step in &mut self.steps {
            step.cells.retain(|p| *p != pos);
        }
        self.steps.retain(|s| !s.cells.is_empty());
        self.forget_hidden_clue_marks();
        true
    }

    fn forget_hidden_clue_marks(&mut self) {
        let marked = &self.marked;
        let level = &self.level;
        let uncovered = |p: Pos| level.cell(p).is_some_and(|c| c.revealed) || marked[p.index()];
        self.clues.retain_visible(level, uncovered);
    }

    /// The game so far as a play record: every click in order, mistakes marked `?`,
    /// then the guesses on hidden cells.
    pub fn record(&self) -> Record {
        Record {
            moves: self.record.moves.clone(),
            guesses: self.guesses(),
        }
    }

    /// Resumes the game `saved` describes: its moves are replayed on the level (each
    /// one undo step), those that no longer fit it (the cell is gone or its colour
    /// changed) are dropped, and its guesses on hidden cells are marked again.
    pub fn restore_record(&mut self, saved: &Record) {
        let replayed = play_record::replay(&self.level, saved);
        self.marked.iter_mut().for_each(|m| *m = false);
        self.steps.clear();
        for (mv, outcome) in saved.moves.iter().zip(&replayed.outcomes) {
            if *outcome == play_record::MoveOutcome::Uncovered {
                self.marked[mv.pos.index()] = true;
                self.steps.push(Step {
                    cells: vec![mv.pos],
                    used: Vec::new(),
                });
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
        self.clear_guesses();
        for guess in &saved.guesses {
            if self.is_hidden_cell(guess.pos) {
                self.guesses[guess.pos.index()] = Some(guess.color);
            }
        }
    }

    /// Starts over: nothing uncovered, no mistakes, guesses or marked clues.
    pub fn restart(&mut self) {
        *self = Game::new(std::mem::take(&mut self.level));
    }

    /// Blue cells still hidden: the game's counter.
    pub fn remaining(&self) -> usize {
        self.level
            .cells()
            .filter(|(p, c)| c.color == Color::Blue && !self.is_uncovered(*p))
            .count()
    }

    /// Wrong clicks (and wrong confirmed guesses) so far.
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    /// Whether every cell is uncovered.
    pub fn is_solved(&self) -> bool {
        self.level.cells().all(|(p, _)| self.is_uncovered(p))
    }

    /// The cells the player uncovered, in order.
    pub fn moves(&self) -> Vec<Pos> {
        self.steps.iter().flat_map(|s| s.cells.iter().copied()).collect()
    }

    /// How many cells each undo step uncovered, in order (for saving).
    pub fn undo_steps(&self) -> Vec<usize> {
        self.steps.iter().map(|s| s.cells.len()).collect()
    }

    /// Groups the uncovered cells into undo steps of these sizes again (restoring
    /// saved progress); ignored unless the sizes add up to the cells uncovered.
    pub fn restore_undo_steps(&mut self, sizes: &[usize]) {
        let moves = self.moves();
        if sizes.contains(&0) || sizes.iter().sum::<usize>() != moves.len() {
            return;
        }
        let mut rest = moves.as_slice();
        self.steps = sizes
            .iter()
            .map(|&n| {
                let (cells, tail) = rest.split_at(n);
                rest = tail;
                Step {
                    cells: cells.to_vec(),
                    used: Vec::new(),
                }
            })
            .collect();
    }

    /// Replays saved moves (skipping any that no longer fit the level) and mistakes.
    pub fn restore(&mut self, moves: &[Pos], mistakes: u32) {
        for &pos in moves {
            if self.mark(pos) {
                self.steps.push(Step {
                    cells: vec![pos],
                    used: Vec::new(),
                });
            }
        }
        self.mistakes = mistakes;
    }

    /// Switches to an edited version of the level, keeping the progress on every cell
    /// whose colour did not change, the guesses on cells still hidden and the marks on
    /// clues still shown.
    pub fn replace_level(&mut self, level: Level) {
        let old = std::mem::replace(&mut self.level, level);
        let new = &self.level;
        let keeps = |p: &Pos| {
            let (a, b) = (old.cell(*p), new.cell(*p));
            a.zip(b).is_some_and(|(a, b)| a.color == b.color && !b.revealed)
        };
        let mut steps = std::mem::take(&mut self.steps);
        for step in &mut steps {
            step.cells.retain(keeps);
            step.used.retain(|g| new.cell(g.pos).is_some());
        }
        steps.retain(|s| !s.cells.is_empty());
        self.marked.iter_mut().for_each(|m| *m = false);
        for step in &steps {
            for p in &step.cells {
                self.marked[p.index()] = true;
            }
        }
        self.steps = steps;
        self.record.moves.retain(|m| {
            let cell = self.level.cell(m.pos);
            cell.is_some_and(|c| (c.color == m.color) != m.mistake && !c.revealed)
        });
        for pos in Pos::all() {
            if !self.is_hidden_cell(pos) {
                self.guesses[pos.index()] = None;
            }
        }
        self.forget_hidden_clue_marks();
    }

    /// The level as the player sees it now: uncovered cells become revealed ones, so
    /// the deduction engine starts from here (and a copy shows the position).
    pub fn as_played(&self) -> Level {
        let mut level = self.level.clone();
        for pos in self.moves() {
            if let Some(mut cell) = level.cell(pos) {
                cell.revealed = true;
                level.set(pos, Some(hexcells_core::Item::Cell(cell)));
            }
        }
        level
    }

    /// The dimmed and highlighted clues.
    pub fn clue_marks(&self) -> &ClueMarks {
        &self.clues
    }

    /// Dims the visible number at `pos`, or restores it. Returns whether it is dimmed
    /// now, or `None` when there is no visible number there.
    pub fn toggle_dimmed(&mut self, pos: Pos) -> Option<bool> {
        let can = clue_marks::markable(&self.level, pos, |p| self.is_uncovered(p)).dim;
        can.then(|| self.clues.toggle_dimmed(pos))
    }

    /// Shows the flower or beam of the clue at `pos`, or hides it. Returns whether it
    /// shows now, or `None` when there is no visible flower or beam there.
    pub fn toggle_highlight(&mut self, pos: Pos) -> Option<bool> {
        let can = clue_marks::markable(&self.level, pos, |p| self.is_uncovered(p)).highlight;
        can.then(|| self.clues.toggle_highlight(pos))
    }

    /// Shows every visible flower and beam (dimmed ones excepted), or clears them all
    /// when they all show. Returns whether any shows now.
    pub fn toggle_all_highlights(&mut self) -> bool {
        let marked = &self.marked;
        let level = &self.level;
        let uncovered = |p: Pos| level.cell(p).is_some_and(|c| c.revealed) || marked[p.index()];
        self.clues.toggle_all(level, uncovered)
    }

    /// Clears every flower and beam.
    pub fn clear_highlights(&mut self) {
        self.clues.clear_highlights();
    }

    /// Dims the saved dimmed clues again (those still visible).
    pub fn restore_dimmed(&mut self, positions: &[Pos]) {
        let marked = &self.marked;
        let level = &self.level;
        let uncovered = |p: Pos| level.cell(p).is_some_and(|c| c.revealed) || marked[p.index()];
        self.clues.restore_dimmed(level, positions, uncovered);
    }
}

#[cfg(test)]
mod tests;
