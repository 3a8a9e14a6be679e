//! Proptest strategies for levels, shared by the property tests of the text format and
//! of the editor's text changes.

use std::ops::Range;

use hexcells_core::{Cell, Color, Column, Direction, Hint, Item, Level, Pos};
use proptest::prelude::*;

/// Any hint.
pub fn hint() -> impl Strategy<Value = Hint> {
    prop_oneof![
        Just(Hint::None),
        Just(Hint::Plain),
        Just(Hint::Together),
        Just(Hint::Apart)
    ]
}

/// Any direction of a column number.
pub fn direction() -> impl Strategy<Value = Direction> {
    prop_oneof![
        Just(Direction::DownRight),
        Just(Direction::Down),
        Just(Direction::DownLeft)
    ]
}

/// Blue or black.
pub fn color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::Blue), Just(Color::Black)]
}

/// A cell (four times in five) or a column number, with any hint.
pub fn item() -> impl Strategy<Value = Item> {
    prop_oneof![
        4 => (color(), any::<bool>(), hint())
            .prop_map(|(color, revealed, hint)| Item::Cell(Cell { color, revealed, hint })),
        1 => (direction(), hint()).prop_map(|(direction, hint)| Item::Column(Column { direction, hint })),
    ]
}

/// A level with header lines from `header` and `n_items` items (a later one on the same
/// place replaces an earlier one) on places from `place`.
pub fn level<S: Strategy<Value = String>>(
    header: fn() -> S,
    place: impl Strategy<Value = Pos>,
    n_items: Range<usize>,
) -> impl Strategy<Value = Level> {
    (
        header(),
        header(),
        header(),
        header(),
        proptest::collection::vec((place, item()), n_items),
    )
        .prop_map(|(title, author, c1, c2, items)| {
            let mut level = Level::new();
            level.title = title;
            level.author = author;
            level.custom_text = [c1, c2];
            for (pos, item) in items {
                level.set(pos, Some(item));
            }
            level
        })
}
