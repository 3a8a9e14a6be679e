//! The edit operations on the model: what each one does to a [`Level`], or why it is
//! refused. `changes` (`changes.rs`) turns the result into text changes.

use super::error::EditError;
use super::place::{attached_columns, blocker, column_place, describe};
use super::together_marks::{computed_mark, follow_layout, with_hint};
use crate::format::{HeaderField, MAGIC};
use crate::model::{Cell, Color, Column, Direction, Hint, Item, Level, Pos};

/// One edit an author makes in the visual editor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// New cells of `color` on empty places (a click, or a brush stroke). Places that
    /// would overlap an item are skipped; it is refused when none is left. New black
    /// cells show their number, new blue cells none.
    Create {
        /// Where, in order.
        cells: Vec<Pos>,
        /// Their colour.
        color: Color,
    },
    /// Removes items; a cell takes the column numbers that belong to it along.
    Delete {
        /// Where.
        items: Vec<Pos>,
    },
    /// The next number display of a cell or column number: blue cell none, number;
    /// black cell none, number, number with togetherness; column number, number with
    /// togetherness. Togetherness (`c` or `n`) is what the colours show.
    Cycle {
        /// Where.
        pos: Pos,
    },
    /// A cell turns blue ⇄ black.
    Flip {
        /// Where.
        pos: Pos,
    },
    /// A cell is revealed at start, or no longer.
    ToggleRevealed {
        /// Where.
        pos: Pos,
    },
    /// A column number pointing `direction` at the cell `cell`, where a drag out of
    /// the cell puts it.
    AddColumn {
        /// The cell it belongs to.
        cell: Pos,
        /// Where it points.
        direction: Direction,
    },
    /// Moves items (and the column numbers of the cells among them) by `(dx, dy)` grid
    /// steps; `dx + dy` must be even to stay on the lattice. Refused when an item would
    /// leave the grid or overlap an item that does not move.
    Move {
        /// What moves.
        items: Vec<Pos>,
        /// Groups to the right.
        dx: i32,
        /// Grid lines down.
        dy: i32,
    },
    /// A header line gets new text (line breaks become spaces).
    SetHeader {
        /// Which line (not the format line).
        field: HeaderField,
        /// Its new text.
        text: String,
    },
    /// The whole level is replaced (a pasted level); only what differs is rewritten.
    ReplaceLevel(Box<Level>),
}

/// `level` with `op` applied, or why it cannot be.
pub fn apply_op(level: &Level, op: &Op) -> Result<Level, EditError> {
    let mut out = level.clone();
    let changed = match op {
        Op::Create { cells, color } => create(&mut out, cells, *color)?,
        Op::Delete { items } => delete(&mut out, items)?,
        Op::Cycle { pos } => {
            let item = out.get(*pos).ok_or(EditError::Empty { pos: *pos })?;
            out.set(*pos, Some(with_hint(item, next_display(level, *pos, item))));
            Vec::new()
        }
        Op::Flip { pos } => {
            let mut cell = out.cell(*pos).ok_or(EditError::NotACell { pos: *pos })?;
            cell.color = cell.color.other();
            if cell.color == Color::Blue && matches!(cell.hint, Hint::Together | Hint::Apart) {
                cell.hint = Hint::Plain;
            }
            out.set(*pos, Some(Item::Cell(cell)));
            vec![*pos]
        }
        Op::ToggleRevealed { pos } => {
            let mut cell = out.cell(*pos).ok_or(EditError::NotACell { pos: *pos })?;
            cell.revealed = !cell.revealed;
            out.set(*pos, Some(Item::Cell(cell)));
            Vec::new()
        }
        Op::AddColumn { cell, direction } => {
            out.cell(*cell).ok_or(EditError::NotACell { pos: *cell })?;
            let at = column_place(*cell, *direction).ok_or(EditError::OffGrid)?;
            if let Some(by) = blocker(&out, at, |_| false) {
                return Err(blocked(&out, at, by));
            }
            let column = Column {
                direction: *direction,
                hint: Hint::Plain,
            };
            out.set(at, Some(Item::Column(column)));
            Vec::new()
        }
        Op::Move { items, dx, dy } => move_items(&mut out, items, *dx, *dy)?,
        Op::SetHeader { field, text } => {
            let text: String = text
                .chars()
                .map(|c| if c == '\n' || c == '\r' { ' ' } else { c })
                .collect();
            if text.trim() == MAGIC {
                return Err(EditError::MagicText);
            }
            match field {
                HeaderField::Magic => return Err(EditError::MagicText),
                HeaderField::Title => out.title = text,
                HeaderField::Author => out.author = text,
                HeaderField::CustomText1 => out.custom_text[0] = text,
                HeaderField::CustomText2 => out.custom_text[1] = text,
            }
            Vec::new()
        }
        Op::ReplaceLevel(new) => {
            out = (**new).clone();
            Vec::new()
        }
    };
    follow_layout(&mut out, &changed);
    Ok(out)
}

/// What the item at `pos` shows next in the cycle.
fn next_display(level: &Level, pos: Pos, item: Item) -> Hint {
    let computed = || computed_mark(level, pos).unwrap_or(Hint::Plain);
    match item {
        Item::Cell(cell) => match (cell.color, cell.hint) {
            (Color::Blue, Hint::None) => Hint::Plain,
            (Color::Blue, _) => Hint::None,
            (Color::Black, Hint::None) => Hint::Plain,
            (Color::Black, Hint::Plain) => computed(),
            (Color::Black, _) => Hint::None,
        },
        Item::Column(column) => match column.hint {
            Hint::None | Hint::Plain => computed(),
            Hint::Together | Hint::Apart => Hint::Plain,
        },
    }
}

fn blocked(level: &Level, at: Pos, by: Pos) -> EditError {
    EditError::Blocked {
        at,
        by,
        what: level.get(by).map_or("item", describe),
    }
}

fn create(level: &mut Level, cells: &[Pos], color: Color) -> Result<Vec<Pos>, EditError> {
    let cell = Cell {
        color,
        revealed: false,
        hint: match color {
            Color::Black => Hint::Plain,
            Color::Blue => Hint::None,
        },
    };
    let mut placed = Vec::new();
    let mut refusal = None;
    for &pos in cells {
        match blocker(level, pos, |_| false) {
            Some(by) => {
                refusal.get_or_insert_with(|| blocked(level, pos, by));
            }
            None => {
                level.set(pos, Some(Item::Cell(cell)));
                placed.push(pos);
            }
        }
    }
    match (placed.is_empty(), refusal) {
        (true, Some(refusal)) => Err(refusal),
        (true, None) => Err(EditError::NothingToDo),
        _ => Ok(placed),
    }
}

/// The items named and the column numbers of the cells among them, each once.
fn with_attached(level: &Level, items: &[Pos]) -> Vec<Pos> {
    let mut out: Vec<Pos> = Vec::new();
    for &pos in items {
        if level.get(pos).is_none() {
            continue;
        }
        for p in std::iter::once(pos).chain(attached_columns(level, pos)) {
            if !out.contains(&p) {
                out.push(p);
            }
        }
    }
    out
}

fn delete(level: &mut Level, items: &[Pos]) -> Result<Vec<Pos>, EditError> {
    let gone = with_attached(level, items);
    if gone.is_empty() {
        return Err(match items.first() {
            Some(&pos) => EditError::Empty { pos },
            None => EditError::NothingToDo,
        });
    }
    for &pos in &gone {
        level.set(pos, None);
    }
    Ok(gone)
}

fn move_items(level: &mut Level, items: &[Pos], dx: i32, dy: i32) -> Result<Vec<Pos>, EditError> {
    if (dx + dy) % 2 != 0 {
        return Err(EditError::OffLattice);
    }
    let moving = with_attached(level, items);
    if moving.is_empty() {
        return Err(EditError::NothingToDo);
    }
    if (dx, dy) == (0, 0) {
        return Ok(Vec::new());
    }
    let mut targets = Vec::with_capacity(moving.len());
    for &pos in &moving {
        let to = pos.offset(dx, dy).ok_or(EditError::OffGrid)?;
        if let Some(by) = blocker(level, to, |p| moving.contains(&p)) {
            return Err(blocked(level, to, by));
        }
        targets.push((to, level.get(pos)));
    }
    for &pos in &moving {
        level.set(pos, None);
    }
    for &(to, item) in &targets {
        level.set(to, item);
    }
    let mut changed = moving;
    changed.extend(targets.iter().map(|(to, _)| *to));
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::{level, pos};

    fn hint_at(level: &Level, p: Pos) -> Hint {
        match level.get(p) {
            Some(Item::Cell(c)) => c.hint,
            Some(Item::Column(c)) => c.hint,
            None => panic!("nothing at {p:?}"),
        }
    }

    #[test]
    fn cycles_follow_sixcells() {
        // Blue at (1,0) and (1,4) around the black cell (1,2): its togetherness is -n-.
        let lvl = level(&["..x.", "", "..o.", "", "..x.", "", "......|+"]);
        let mut states = Vec::new();
        let mut cur = lvl.clone();
        for _ in 0..4 {
            cur = apply_op(&cur, &Op::Cycle { pos: pos(1, 2) }).unwrap();
            states.push(hint_at(&cur, pos(1, 2)));
        }
        assert_eq!(states, [Hint::Plain, Hint::Apart, Hint::None, Hint::Plain]);
        let blue = apply_op(&lvl, &Op::Cycle { pos: pos(1, 0) }).unwrap();
        assert_eq!(hint_at(&blue, pos(1, 0)), Hint::Plain);
        assert_eq!(
            hint_at(
                &apply_op(&blue, &Op::Cycle { pos: pos(1, 0) }).unwrap(),
                pos(1, 0)
            ),
            Hint::None
        );
        let column = apply_op(&lvl, &Op::Cycle { pos: pos(3, 6) }).unwrap();
        assert_eq!(
            hint_at(&column, pos(3, 6)),
            Hint::Together,
            "an empty ray reads together"
        );
        assert_eq!(
            apply_op(&lvl, &Op::Cycle { pos: pos(9, 9) }),
            Err(EditError::Empty { pos: pos(9, 9) })
        );
    }

    #[test]
    fn a_colour_change_rewrites_togetherness_in_range() {
        // (1,2) shows -n- over blue north and south; flipping the south cell makes it {1}.
        let lvl = level(&["..x.", "", "..on", "", "..x."]);
        let flipped = apply_op(&lvl, &Op::Flip { pos: pos(1, 4) }).unwrap();
        assert_eq!(hint_at(&flipped, pos(1, 2)), Hint::Together);
        // A black cell with {n} turned blue shows a plain number.
        let back = apply_op(&flipped, &Op::Flip { pos: pos(1, 2) }).unwrap();
        assert_eq!(back.cell(pos(1, 2)).unwrap().color, Color::Blue);
        assert_eq!(hint_at(&back, pos(1, 2)), Hint::Plain);
        // Creating a blue cell between them joins the run again.
        let joined = apply_op(
            &lvl,
            &Op::Create {
                cells: vec![pos(2, 1)],
                color: Color::Blue,
            },
        )
        .unwrap();
        assert_eq!(
            hint_at(&joined, pos(1, 2)),
            Hint::Apart,
            "N, NE, S: still two runs"
        );
    }

    #[test]
    fn create_refuses_overlaps_and_brushes_skip_them() {
        let lvl = level(&["..x."]);
        let err = apply_op(
            &lvl,
            &Op::Create {
                cells: vec![pos(1, 1)],
                color: Color::Black,
            },
        );
        assert_eq!(
            err.unwrap_err().to_string(),
            "B2 would overlap the blue cell at B1"
        );
        let painted = apply_op(
            &lvl,
            &Op::Create {
                cells: vec![pos(1, 1), pos(2, 1), pos(3, 1), pos(4, 1)],
                color: Color::Black,
            },
        )
        .unwrap();
        assert_eq!(painted.n_cells(), 3, "B2 and D2 overlap their neighbours");
        assert_eq!(painted.cell(pos(2, 1)).unwrap().hint, Hint::Plain);
    }

    #[test]
    fn deleting_or_moving_a_cell_takes_its_columns_along() {
        let lvl = level(&["", "", "", "..|+", "", "..x.", "", "", "..........o."]);
        let gone = apply_op(
            &lvl,
            &Op::Delete {
                items: vec![pos(1, 5)],
            },
        )
        .unwrap();
        assert_eq!(gone.n_cells(), 1);
        assert_eq!(gone.columns().count(), 0);
        let moved = apply_op(
            &lvl,
            &Op::Move {
                items: vec![pos(1, 5)],
                dx: 2,
                dy: 2,
            },
        )
        .unwrap();
        assert!(moved.cell(pos(3, 7)).is_some());
        assert!(moved.column(pos(3, 5)).is_some());
        assert!(moved.get(pos(1, 3)).is_none());
        // Onto the black cell at (5,8)'s neighbourhood line: refused.
        let err = apply_op(
            &lvl,
            &Op::Move {
                items: vec![pos(1, 5)],
                dx: 4,
                dy: 2,
            },
        );
        assert_eq!(
            err.unwrap_err().to_string(),
            "F8 would overlap the black cell at F9"
        );
        assert_eq!(
            apply_op(
                &lvl,
                &Op::Move {
                    items: vec![pos(1, 5)],
                    dx: -2,
                    dy: 0
                }
            ),
            Err(EditError::OffGrid)
        );
        assert_eq!(
            apply_op(
                &lvl,
                &Op::Move {
                    items: vec![pos(1, 5)],
                    dx: 1,
                    dy: 0
                }
            ),
            Err(EditError::OffLattice)
        );
    }

    #[test]
    fn columns_are_dragged_out_of_cells() {
        let lvl = level(&["", "", "", "", "..o."]);
        let out = apply_op(
            &lvl,
            &Op::AddColumn {
                cell: pos(1, 4),
                direction: Direction::DownLeft,
            },
        )
        .unwrap();
        assert_eq!(
            out.column(pos(2, 3)).map(|c| c.direction),
            Some(Direction::DownLeft)
        );
        let again = apply_op(
            &out,
            &Op::AddColumn {
                cell: pos(1, 4),
                direction: Direction::DownLeft,
            },
        );
        assert!(matches!(again, Err(EditError::Blocked { .. })));
    }

    #[test]
    fn header_text_stays_on_its_line() {
        let lvl = level(&["x."]);
        let out = apply_op(
            &lvl,
            &Op::SetHeader {
                field: HeaderField::Title,
                text: "two\nlines".into(),
            },
        )
        .unwrap();
        assert_eq!(out.title, "two lines");
        let magic = Op::SetHeader {
            field: HeaderField::Author,
            text: MAGIC.into(),
        };
        assert_eq!(apply_op(&lvl, &magic), Err(EditError::MagicText));
    }
}
