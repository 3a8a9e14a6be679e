//! A candidate level while it is being made: colours, every clue it could show, and
//! the cells revealed at the start.

use crate::model::{Cell, Clue, Color, Column, Direction, Hint, Item, Level, Pos};

use crate::solve::{Grade, Resume};

use super::engine::{Engine, Stop};
use super::rng::Rng;

/// One chance in this many that a clue shows `{n}` / `-n-` when it may.
const SPECIAL_ONE_IN: usize = 3;
/// One chance in this many that a blue cell shows its flower number at first.
const FLOWER_ONE_IN: usize = 4;
/// Chances in [`OUT_OF`] that a black cell shows its number at first, and that a
/// line gets a column number. Fewer clues at first mean fewer to try taking away.
const NUMBER_CHANCES: usize = 4;
const COLUMN_CHANCES: usize = 2;
const OUT_OF: usize = 5;

/// The candidate: cells by index (grid order), their solution, hints and reveals, and
/// the column numbers.
#[derive(Clone, Debug)]
pub(super) struct Draft {
    pub(super) cells: Vec<Pos>,
    pub(super) blue: Vec<bool>,
    pub(super) revealed: Vec<bool>,
    pub(super) hints: Vec<Hint>,
    /// Column numbers in the order found (grid order of their first cell).
    pub(super) columns: Vec<Option<(Pos, Column)>>,
}

impl Draft {
    /// Colours `cells` (grid order) and gives every cell and line its clue.
    pub(super) fn new(cells: &[Pos], blue_per_mille: u16, rng: &mut Rng) -> Draft {
        let n = cells.len();
        let n_blue = ((n * usize::from(blue_per_mille) + 500) / 1000).clamp(1, n.saturating_sub(1).max(1));
        let mut order: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut order);
        let mut blue = vec![false; n];
        for &i in order.iter().take(n_blue) {
            blue[i] = true;
        }
        let mut draft = Draft {
            cells: cells.to_vec(),
            blue,
            revealed: vec![false; n],
            hints: vec![Hint::None; n],
            columns: Vec::new(),
        };
        let mut pick = Pick::Chance(rng);
        draft.add_columns(&mut pick);
        draft.add_numbers(&mut pick);
        draft
    }

    /// A column number before each line of two or more cells whose place is free, as
    /// `pick` chooses (lines in grid order of their first cell, three directions each).
    pub(super) fn add_columns(&mut self, pick: &mut Pick<'_>) {
        let mut level = self.level();
        for i in 0..self.cells.len() {
            for direction in [Direction::DownLeft, Direction::Down, Direction::DownRight] {
                let Some(origin) = line_origin(&level, self.cells[i], direction) else {
                    continue;
                };
                if level.get(origin).is_some() || !pick.column() {
                    continue;
                }
                let plain = Column {
                    direction,
                    hint: Hint::Plain,
                };
                level.set(origin, Some(Item::Column(plain)));
                let Some(clue) = Clue::at(&level, origin).filter(|c| c.members.len() >= 2) else {
                    level.set(origin, None);
                    continue;
                };
                let hint = pick.form(special_hint(&clue, &level));
                let column = Column { direction, hint };
                level.set(origin, Some(Item::Column(column)));
                self.columns.push(Some((origin, column)));
            }
        }
    }

    /// A number, as `pick` chooses, on each cell that shows none yet (in grid order).
    pub(super) fn add_numbers(&mut self, pick: &mut Pick<'_>) {
        let level = self.level();
        for i in 0..self.cells.len() {
            if self.hints[i] != Hint::None {
                continue;
            }
            let Some(clue) = Clue::at(&level, self.cells[i]) else {
                continue;
            };
            self.hints[i] = pick.number(self.blue[i], || special_hint(&clue, &level));
        }
    }

    /// The draft of an existing level: its cells (in grid order), colours, reveals,
    /// numbers and column numbers (in grid order), nothing added.
    pub(super) fn of(level: &Level) -> Draft {
        let mut cells: Vec<Pos> = level.cells().map(|(pos, _)| pos).collect();
        cells.sort();
        let shown: Vec<Cell> = cells.iter().filter_map(|p| level.cell(*p)).collect();
        let mut columns: Vec<(Pos, Column)> = level.columns().collect();
        columns.sort_by_key(|(pos, _)| *pos);
        Draft {
            blue: shown.iter().map(|c| c.color == Color::Blue).collect(),
            revealed: shown.iter().map(|c| c.revealed).collect(),
            hints: shown.iter().map(|c| c.hint).collect(),
            cells,
            columns: columns.into_iter().map(Some).collect(),
        }
    }

    /// The level as it stands (no header text).
    pub(super) fn level(&self) -> Level {
        let mut level = Level::new();
        for (i, pos) in self.cells.iter().enumerate() {
            let cell = Cell {
                color: if self.blue[i] { Color::Blue } else { Color::Black },
                revealed: self.revealed[i],
                hint: self.hints[i],
            };
            level.set(*pos, Some(Item::Cell(cell)));
        }
        for (pos, column) in self.columns.iter().flatten() {
            level.set(*pos, Some(Item::Column(*column)));
        }
        level
    }
}

/// How the clues a draft could show are chosen: by chance, for a generated level
/// (fewer clues at first, fewer to try taking away), or every one, for a drawing.
pub(super) enum Pick<'r> {
    /// Each by chance, drawn from `rng` (one draw per choice, in grid order).
    Chance(&'r mut Rng),
    /// Every clue, in its `{n}` / `-n-` form wherever that says something, and a
    /// flower number on every blue cell.
    Every,
}

impl Pick<'_> {
    /// Whether a line whose column number has a free place gets one.
    fn column(&mut self) -> bool {
        match self {
            Pick::Chance(rng) => rng.chance(COLUMN_CHANCES, OUT_OF),
            Pick::Every => true,
        }
    }

    /// The form of a number that could show `special` ([`special_hint`]).
    fn form(&mut self, special: Option<Hint>) -> Hint {
        let Some(hint) = special else {
            return Hint::Plain;
        };
        let shown = match self {
            Pick::Chance(rng) => rng.chance(1, SPECIAL_ONE_IN),
            Pick::Every => true,
        };
        if shown {
            hint
        } else {
            Hint::Plain
        }
    }

    /// The number a cell shows (`Hint::None`: none), blue (a flower) or black (whose
    /// special form `special` gives).
    fn number(&mut self, blue: bool, special: impl FnOnce() -> Option<Hint>) -> Hint {
        let shown = match self {
            Pick::Chance(rng) if blue => rng.chance(1, FLOWER_ONE_IN),
            Pick::Chance(rng) => rng.chance(NUMBER_CHANCES, OUT_OF),
            Pick::Every => true,
        };
        match (shown, blue) {
            (false, _) => Hint::None,
            (true, true) => Hint::Plain,
            (true, false) => self.form(special()),
        }
    }
}

/// The special hint `clue` may show in `level`: `{n}` when its blue members are
/// together, `-n-` when they are not; `None` for a flower, or when either would say
/// nothing (fewer than two members blue, or every one).
pub(super) fn special_hint(clue: &Clue, level: &Level) -> Option<Hint> {
    let count = clue.count(level);
    if count < 2 || count >= clue.members.len() {
        return None;
    }
    match clue.together(level)? {
        true => Some(Hint::Together),
        false => Some(Hint::Apart),
    }
}

/// Where a column number for the line through `first` in `direction` would sit:
/// `None` unless `first` is the line's first cell (no cell anywhere before it) and
/// the place before it is on the grid. The place may be taken.
pub(super) fn line_origin(level: &Level, first: Pos, direction: Direction) -> Option<Pos> {
    let (dx, dy) = match direction {
        Direction::Down => (0, 2),
        Direction::DownRight => (1, 1),
        Direction::DownLeft => (-1, 1),
    };
    let (sx, sy) = direction.step();
    let mut before = std::iter::successors(first.offset(-sx, -sy), |p| p.offset(-sx, -sy));
    if before.any(|p| level.cell(p).is_some()) {
        return None;
    }
    first.offset(-dx, -dy)
}

/// Reveals cells the engine gets stuck on until it solves the level. `Ok(false)`
/// when the engine gives up on the candidate.
pub(super) fn reveal_until_solvable(
    draft: &mut Draft,
    rng: &mut Rng,
    engine: &mut Engine,
) -> Result<bool, Stop> {
    let index_of = |draft: &Draft, pos: Pos| draft.cells.binary_search(&pos).ok();
    for _ in 0..draft.cells.len() {
        let (solvable, mut stuck) = engine.verdict(&draft.level())?;
        if solvable {
            return Ok(true);
        }
        if stuck.is_empty() {
            return Ok(false);
        }
        stuck.sort();
        rng.shuffle(&mut stuck);
        for pos in stuck.iter().take(1 + stuck.len() / 8) {
            if let Some(i) = index_of(draft, *pos) {
                draft.revealed[i] = true;
            }
        }
    }
    Ok(false)
}

/// Reveals cells whose deduction is harder than grade `target` allows (their
/// rule's effort is above it, so no player needs that step) until the level's
/// grade is no higher than `target`. `Ok(false)` when the engine gives up on the
/// candidate.
pub(super) fn reveal_until_easy_enough(
    draft: &mut Draft,
    target: Grade,
    rng: &mut Rng,
    engine: &mut Engine,
) -> Result<bool, Stop> {
    if target == Grade::Hard {
        return Ok(true);
    }
    for _ in 0..draft.cells.len() {
        let level = draft.level();
        // The grade alone first (explained only where the replay falls back on the
        // engine): most candidates are easy enough at once, and then none of their
        // explanations is needed. It is the grade `analyze` gives.
        let at_most = Resume {
            at_most: Some(target),
            ..Resume::default()
        };
        let Some(graded) = engine.check(&level, at_most, true)? else {
            return Ok(false);
        };
        if graded.difficulty.grade.is_some_and(|g| g <= target) {
            return Ok(true);
        }
        let Some(report) = engine.analyze(&level)? else {
            return Ok(false);
        };
        if report.difficulty.grade.is_some_and(|g| g <= target) {
            return Ok(true);
        }
        let mut too_hard: Vec<Pos> = report
            .deductions
            .iter()
            .filter(|d| {
                let x = &d.explanation;
                x.rule.is_some_and(|r| r.effort(x.clues.len()) > target.number())
            })
            .map(|d| d.pos)
            .collect();
        if too_hard.is_empty() {
            // Hard only for a player who follows the steps easiest first: reveal
            // any covered cell.
            too_hard = report.deductions.iter().map(|d| d.pos).collect();
        }
        too_hard.sort();
        rng.shuffle(&mut too_hard);
        for pos in too_hard.iter().take(1 + too_hard.len() / 2) {
            if let Ok(i) = draft.cells.binary_search(pos) {
                draft.revealed[i] = true;
            }
        }
    }
    Ok(false)
}
