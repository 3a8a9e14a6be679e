//! The level model: what sits at each grid position, and the header text.

use super::coords::{Direction, Pos, GRID_SIZE};

/// The colour of a cell in the level's solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// A blue cell (`x`/`X`): a player marks it with the left button.
    Blue,
    /// A black cell (`o`/`O`): a player marks it with the right button.
    Black,
}

impl Color {
    /// The other colour.
    pub fn other(self) -> Color {
        match self {
            Color::Blue => Color::Black,
            Color::Black => Color::Blue,
        }
    }

    /// `"blue"` or `"black"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Color::Blue => "blue",
            Color::Black => "black",
        }
    }
}

/// What a cell or column shows besides its colour: the second character of a group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Hint {
    /// `.`: no number.
    #[default]
    None,
    /// `+`: a plain number.
    Plain,
    /// `c`: a number with "consecutive", shown as `{n}`.
    Together,
    /// `n`: a number with "not consecutive", shown as `-n-`.
    Apart,
}

impl Hint {
    /// The character of this hint in the text format.
    pub fn symbol(self) -> char {
        match self {
            Hint::None => '.',
            Hint::Plain => '+',
            Hint::Together => 'c',
            Hint::Apart => 'n',
        }
    }

    /// The hint written as `symbol`, if it is one of `.+cn`.
    pub fn from_symbol(symbol: char) -> Option<Hint> {
        match symbol {
            '.' => Some(Hint::None),
            '+' => Some(Hint::Plain),
            'c' => Some(Hint::Together),
            'n' => Some(Hint::Apart),
            _ => None,
        }
    }

    /// Whether a number is shown.
    pub fn shows_number(self) -> bool {
        self != Hint::None
    }

    /// How `count` reads on screen with this hint: `3`, `{3}` or `-3-`.
    pub fn display(self, count: usize) -> String {
        match self {
            Hint::None | Hint::Plain => count.to_string(),
            Hint::Together => format!("{{{count}}}"),
            Hint::Apart => format!("-{count}-"),
        }
    }
}

/// A hexagonal cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    /// Its colour in the solution.
    pub color: Color,
    /// Whether it is uncovered when the level starts (`O`, `X`).
    pub revealed: bool,
    /// The number it shows once uncovered.
    pub hint: Hint,
}

/// A column number: counts the blue cells along a ray.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Column {
    /// Where the ray points.
    pub direction: Direction,
    /// How the number is shown. A column always shows a number; `Hint::None` only
    /// appears in malformed files and is read as a plain number.
    pub hint: Hint,
}

/// Anything that can sit at a grid position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    /// A hexagonal cell.
    Cell(Cell),
    /// A column number.
    Column(Column),
}

/// A whole level: header text and the items on the 33 x 33 grid.
///
/// Header strings are kept as written (HTML entities included, see
/// [`crate::format::decode_entities`]) so that printing a level gives back its text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Level {
    /// The level's title (header line 2).
    pub title: String,
    /// The level's author (header line 3).
    pub author: String,
    /// The two custom text lines shown under the level (header lines 4 and 5).
    pub custom_text: [String; 2],
    items: Vec<Option<Item>>,
}

impl Default for Level {
    fn default() -> Self {
        Level {
            title: String::new(),
            author: String::new(),
            custom_text: [String::new(), String::new()],
            items: vec![None; usize::from(GRID_SIZE) * usize::from(GRID_SIZE)],
        }
    }
}

impl Level {
    /// An empty level with no header text.
    pub fn new() -> Level {
        Level::default()
    }

    /// The item at `pos`, if any.
    pub fn get(&self, pos: Pos) -> Option<Item> {
        self.items[pos.index()]
    }

    /// Puts `item` at `pos` (or clears it with `None`), returning what was there.
    pub fn set(&mut self, pos: Pos, item: Option<Item>) -> Option<Item> {
        std::mem::replace(&mut self.items[pos.index()], item)
    }

    /// The cell at `pos`, if a cell is there.
    pub fn cell(&self, pos: Pos) -> Option<Cell> {
        match self.get(pos) {
            Some(Item::Cell(cell)) => Some(cell),
            _ => None,
        }
    }

    /// The column number at `pos`, if one is there.
    pub fn column(&self, pos: Pos) -> Option<Column> {
        match self.get(pos) {
            Some(Item::Column(column)) => Some(column),
            _ => None,
        }
    }

    /// Every item with its position, row by row.
    pub fn items(&self) -> impl Iterator<Item = (Pos, Item)> + '_ {
        self.items.iter().enumerate().filter_map(|(i, item)| {
            // Most of the grid is empty: the position only for an item.
            let item = (*item)?;
            Some((Pos::from_index(i)?, item))
        })
    }

    /// Every cell with its position, row by row.
    pub fn cells(&self) -> impl Iterator<Item = (Pos, Cell)> + '_ {
        self.items().filter_map(|(pos, item)| match item {
            Item::Cell(cell) => Some((pos, cell)),
            Item::Column(_) => None,
        })
    }

    /// Every column number with its position, row by row.
    pub fn columns(&self) -> impl Iterator<Item = (Pos, Column)> + '_ {
        self.items().filter_map(|(pos, item)| match item {
            Item::Column(column) => Some((pos, column)),
            Item::Cell(_) => None,
        })
    }

    /// How many cells the level has.
    pub fn n_cells(&self) -> usize {
        self.cells().count()
    }

    /// How many cells are blue in the solution.
    pub fn n_blue(&self) -> usize {
        self.cells().filter(|(_, c)| c.color == Color::Blue).count()
    }

    /// The blue counter a player sees at the start: blue cells not revealed.
    pub fn n_blue_remaining_at_start(&self) -> usize {
        self.cells()
            .filter(|(_, c)| c.color == Color::Blue && !c.revealed)
            .count()
    }

    /// Whether `pos` holds a blue cell.
    pub fn is_blue(&self, pos: Pos) -> bool {
        matches!(
            self.cell(pos),
            Some(Cell {
                color: Color::Blue,
                ..
            })
        )
    }

    /// The smallest rectangle `(min, max)` holding every item, if there is one.
    pub fn bounds(&self) -> Option<(Pos, Pos)> {
        let mut it = self.items().map(|(p, _)| p);
        let first = it.next()?;
        let (mut x0, mut y0, mut x1, mut y1) = (first.x(), first.y(), first.x(), first.y());
        for p in it {
            x0 = x0.min(p.x());
            x1 = x1.max(p.x());
            y0 = y0.min(p.y());
            y1 = y1.max(p.y());
        }
        Some((Pos::new(x0.into(), y0.into())?, Pos::new(x1.into(), y1.into())?))
    }
}
