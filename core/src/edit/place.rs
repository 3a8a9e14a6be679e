//! Where items may go, as SixCells' editor decides it: the places that would overlap
//! another item on screen, the column number a drag out of a cell creates, and the
//! column numbers that belong to a cell.

use crate::model::{Direction, Item, Level, Pos};

/// Every direction, in the order the format lists them.
pub const DIRECTIONS: [Direction; 3] = [Direction::DownRight, Direction::Down, Direction::DownLeft];

/// Where a column number pointing `direction` sits when it belongs to the cell at
/// `cell`: two half-lines above it for `|`, up-left for `\`, up-right for `/`. `None`
/// when that place is outside the grid.
pub fn column_place(cell: Pos, direction: Direction) -> Option<Pos> {
    let (dx, dy) = match direction {
        Direction::Down => (0, -2),
        Direction::DownRight => (-1, -1),
        Direction::DownLeft => (1, -1),
    };
    cell.offset(dx, dy)
}

/// The column numbers that belong to the cell at `cell`: those sitting where a drag
/// out of it puts them, pointing at it.
pub fn attached_columns(level: &Level, cell: Pos) -> Vec<Pos> {
    if level.cell(cell).is_none() {
        return Vec::new();
    }
    DIRECTIONS
        .iter()
        .filter_map(|&d| {
            let at = column_place(cell, d)?;
            (level.column(at)?.direction == d).then_some(at)
        })
        .collect()
}

/// The item an item at `pos` would overlap on screen: one at `pos` itself, right above
/// or below it, or right beside it on the same grid line (such hexagons are drawn on
/// top of each other). Items for which `ignore` holds do not count.
pub fn blocker(level: &Level, pos: Pos, ignore: impl Fn(Pos) -> bool) -> Option<Pos> {
    [(0, 0), (0, -1), (0, 1), (-1, 0), (1, 0)]
        .into_iter()
        .filter_map(|(dx, dy)| pos.offset(dx, dy))
        .find(|p| level.get(*p).is_some() && !ignore(*p))
}

/// The lattice parity most of the level's cells share (ties go to 0), or `None` for a
/// level without cells. New cells snap to it.
pub fn lattice_parity(level: &Level) -> Option<u8> {
    let mut n = [0usize; 2];
    for (pos, _) in level.cells() {
        n[usize::from(pos.parity())] += 1;
    }
    match n {
        [0, 0] => None,
        [a, b] => Some(u8::from(b > a)),
    }
}

/// `"black cell"`, `"blue cell"` or `"column number"`, for messages.
pub fn describe(item: Item) -> &'static str {
    match item {
        Item::Cell(cell) if cell.color == crate::model::Color::Blue => "blue cell",
        Item::Cell(_) => "black cell",
        Item::Column(_) => "column number",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::pos;
    use crate::model::{Cell, Color, Column, Hint};

    #[test]
    fn columns_belong_to_the_cell_they_point_at() {
        let mut level = Level::new();
        let cell = Cell {
            color: Color::Black,
            revealed: false,
            hint: Hint::Plain,
        };
        level.set(pos(5, 6), Some(Item::Cell(cell)));
        for d in DIRECTIONS {
            let at = column_place(pos(5, 6), d).unwrap();
            level.set(
                at,
                Some(Item::Column(Column {
                    direction: d,
                    hint: Hint::Plain,
                })),
            );
            assert_eq!(
                d.ray(at).nth(if d == Direction::Down { 1 } else { 0 }),
                Some(pos(5, 6))
            );
        }
        // A column above the cell that points elsewhere is not its own.
        level.set(
            pos(5, 4),
            Some(Item::Column(Column {
                direction: Direction::DownLeft,
                hint: Hint::Plain,
            })),
        );
        assert_eq!(attached_columns(&level, pos(5, 6)), [pos(4, 5), pos(6, 5)]);
        assert_eq!(blocker(&level, pos(5, 7), |_| false), Some(pos(5, 6)));
        assert_eq!(blocker(&level, pos(5, 7), |p| p == pos(5, 6)), None);
        assert_eq!(blocker(&level, pos(6, 6), |p| p == pos(6, 5)), Some(pos(5, 6)));
        assert_eq!(blocker(&level, pos(7, 6), |_| false), None);
        assert_eq!(column_place(pos(0, 0), Direction::Down), None);
        assert_eq!(lattice_parity(&level), Some(1));
    }
}
