//! Small levels written as their first grid lines, for the tests and examples of every
//! crate: `fixture::level(&["..x.", "", "..o+"])` is a level with a blue cell at B1 and
//! a numbered black cell at B3. The tools themselves never call it.

use crate::format::parse;
use crate::model::{Hint, Item, Level, Pos, GRID_SIZE};

/// The text of a one-level file: the header (`title`, the author `hexcells tests`, no
/// custom text) and the 33 grid lines, the first ones `rows` padded with `.` to 33
/// groups, the rest empty. A row longer than 66 characters stays as it is (and reads
/// as the parser's problem).
pub fn text(title: &str, rows: &[&str]) -> String {
    let mut text = format!("Hexcells level v1\n{title}\nhexcells tests\n\n\n");
    for y in 0..usize::from(GRID_SIZE) {
        let row = rows.get(y).copied().unwrap_or("");
        text.push_str(&format!("{row:.<66}\n"));
    }
    text
}

/// The level `text("T", rows)` reads as (an empty level if it reads as none).
pub fn level(rows: &[&str]) -> Level {
    parse(&text("T", rows))
        .levels
        .into_iter()
        .next()
        .map(|parsed| parsed.level)
        .unwrap_or_default()
}

/// `level` without the number of the cell at `pos` (the cell stays, plain), or
/// `None` when that cell shows no number: the version of a level a test of the
/// engine's versions asks about.
pub fn without_number(level: &Level, pos: Pos) -> Option<Level> {
    let mut cell = level.cell(pos).filter(|cell| cell.hint != Hint::None)?;
    cell.hint = Hint::None;
    let mut version = level.clone();
    version.set(pos, Some(Item::Cell(cell)));
    Some(version)
}

/// The grid position of a test: group `x` of grid line `y`, from 0.
///
/// # Panics
/// When `(x, y)` is off the 33 x 33 grid: a test's literal is wrong.
pub fn pos(x: i32, y: i32) -> Pos {
    match Pos::new(x, y) {
        Some(pos) => pos,
        None => panic!("({x}, {y}) is off the 33 x 33 grid"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Color, Hint};

    #[test]
    fn rows_become_the_first_grid_lines() {
        let level = level(&["..x.", "", "..o+"]);
        assert_eq!(level.title, "T");
        let blue = level.cell(pos(1, 0)).expect("a cell at B1");
        assert_eq!(blue.color, Color::Blue);
        let black = level.cell(pos(1, 2)).expect("a cell at B3");
        assert_eq!((black.color, black.hint), (Color::Black, Hint::Plain));
        assert_eq!(level.items().count(), 2);
        assert_eq!(text("x", &[]).lines().count(), 5 + 33);
    }
}
