//! `{n}` and `-n-` follow the layout, as in SixCells: togetherness is not chosen but
//! computed from the level's colours. After an edit, every clue showing it whose range
//! holds a changed place (or which moved itself) gets the mark its colours show.

use crate::model::{Clue, Color, Hint, Item, Level, Pos};

/// The mark (`c` or `n`) the clue at `pos` shows with togetherness, from the level's
/// colours; `None` for a blue cell, whose number has no such form, or an empty place.
pub fn computed_mark(level: &Level, pos: Pos) -> Option<Hint> {
    if level.cell(pos).is_some_and(|c| c.color == Color::Blue) {
        return None;
    }
    let mut clue = Clue::at(level, pos)?;
    clue.hint = Hint::Together;
    Some(if clue.together(level)? {
        Hint::Together
    } else {
        Hint::Apart
    })
}

/// Rewrites the mark of every clue showing togetherness that `changed` touches.
pub(super) fn follow_layout(level: &mut Level, changed: &[Pos]) {
    if changed.is_empty() {
        return;
    }
    let touched: Vec<Pos> = level
        .items()
        .filter(|(pos, item)| shows_togetherness(*item) && touches(*pos, *item, changed))
        .map(|(pos, _)| pos)
        .collect();
    for pos in touched {
        let (Some(mark), Some(item)) = (computed_mark(level, pos), level.get(pos)) else {
            continue;
        };
        level.set(pos, Some(with_hint(item, mark)));
    }
}

/// The item with another number mark.
pub(super) fn with_hint(item: Item, hint: Hint) -> Item {
    match item {
        Item::Cell(mut cell) => {
            cell.hint = hint;
            Item::Cell(cell)
        }
        Item::Column(mut column) => {
            column.hint = hint;
            Item::Column(column)
        }
    }
}

fn shows_togetherness(item: Item) -> bool {
    match item {
        Item::Cell(cell) => cell.color == Color::Black && matches!(cell.hint, Hint::Together | Hint::Apart),
        Item::Column(column) => matches!(column.hint, Hint::Together | Hint::Apart),
    }
}

/// Whether the clue of `item` at `pos` moved or counts a place in `changed`.
fn touches(pos: Pos, item: Item, changed: &[Pos]) -> bool {
    if changed.contains(&pos) {
        return true;
    }
    match item {
        Item::Cell(_) => pos.neighbours().iter().flatten().any(|n| changed.contains(n)),
        Item::Column(column) => column.direction.ray(pos).any(|p| changed.contains(&p)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{level, pos};

    #[test]
    fn marks_follow_a_colour_change_in_range_only() {
        // A black cell at (1,2) with blue neighbours north and south: apart.
        let mut lvl = level(&["..x.", "", "..oc", "", "..x.", "", "", "", "......on"]);
        follow_layout(&mut lvl, &[pos(1, 0)]);
        assert_eq!(lvl.cell(pos(1, 2)).unwrap().hint, Hint::Apart);
        // The far black cell's range was not touched: its wrong mark stays.
        assert_eq!(lvl.cell(pos(3, 8)).unwrap().hint, Hint::Apart);
        assert_eq!(computed_mark(&lvl, pos(3, 8)), Some(Hint::Together));
        assert_eq!(computed_mark(&lvl, pos(1, 0)), None, "blue cells have no mark");
    }
}
