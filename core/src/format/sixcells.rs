//! The SixCells editor's JSON format (`.sixcells`, version 1), read into a [`Level`]
//! and written from one.
//!
//! SixCells 1.x saved a level as `{version, title, author, information, cells,
//! columns}`. Each cell has an `id` (its index), a `kind` (`1` blue, `0` black, `-1`
//! not yet chosen), its `neighbors` (ids, clockwise), its `members` (the cells its
//! number counts, present only when it shows one), `revealed`, `value` (the number,
//! when shown) and `together` (`true` for `{n}`, `false` for `-n-`, absent for a plain
//! number). A column has `members` (along its ray, nearest first), `value`,
//! `together`, and an `angle` of -60 (`\`), 0 (`|`) or 60 (`/`). Positions are scene
//! coordinates: grid position `(gx, gy)` sits at `x = gx * cos 30°`, `y = gy / 2`.
//! The custom text is one `information` string; a single line goes to the second
//! custom text line, as SixCells writes it to the text format.
//!
//! `neighbors`, `members` and `value` follow from positions and colours, so reading
//! ignores them and recomputes them from the geometry (as SixCells itself does on
//! load). The serde types here are private: core's own types never derive `Serialize`.

use serde::{Deserialize, Serialize};

use crate::model::{name, Cell, Clue, Color, Column, Direction, Hint, Item, Level, Pos, GRID_SIZE};

/// The only SixCells JSON version there is.
pub const VERSION: i64 = 1;

/// Why a `.sixcells` text could not be read.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ImportError {
    /// The text is not JSON of the expected shape.
    #[error("not a SixCells level: {message} at line {line}, column {column} (a `.sixcells` file is the JSON the SixCells editor saves; for `Hexcells level v1` text, use the text format instead)")]
    Json {
        /// What serde_json reported.
        message: String,
        /// Line of the problem, from 1.
        line: usize,
        /// Column of the problem, from 1.
        column: usize,
    },
    /// A version other than 1.
    #[error("SixCells JSON version {0} is not supported; only version 1 can be read (save the level again with SixCells 1.x, or export it as `Hexcells level v1` text)")]
    Version(i64),
    /// A cell whose colour was never chosen.
    #[error("cell #{id} has kind {kind}, but a level needs every cell blue (1) or black (0); open it in the SixCells editor and choose its colour")]
    UnknownKind {
        /// The cell's id.
        id: i64,
        /// Its kind.
        kind: i64,
    },
    /// A column angle other than -60, 0 or 60.
    #[error("column #{index} has angle {angle}, but a column number points at -60, 0 or 60 degrees; remove it or turn it in the SixCells editor")]
    BadAngle {
        /// The column's index in `columns`.
        index: usize,
        /// Its angle.
        angle: f64,
    },
    /// A position that is not a finite number.
    #[error("{what} has position ({x}, {y}), which is not a point of the grid; fix its `x` and `y`")]
    BadPosition {
        /// Which item, e.g. `cell #3`.
        what: String,
        /// Its x.
        x: f64,
        /// Its y.
        y: f64,
    },
    /// The level does not fit in 33 x 33 grid positions.
    #[error("the level spans {width} x {height} grid positions, but the Hexcells format holds at most 33 x 33; make it smaller in the SixCells editor")]
    TooLarge {
        /// Width in grid positions.
        width: i64,
        /// Height in grid positions.
        height: i64,
    },
    /// Two items at the same grid position.
    #[error("{first} and {second} are both at {at}; move or remove one of them in the SixCells editor")]
    SamePosition {
        /// The first item, e.g. `cell #3`.
        first: String,
        /// The second one.
        second: String,
        /// The grid position (Hexix name, after placing the level on the grid).
        at: String,
    },
}

/// Reads a `.sixcells` JSON text (version 1) into a level.
///
/// Positions are rounded to the grid. A level that already lies inside the 33 x 33
/// grid keeps its positions (so text -> JSON -> text gives back the same grid);
/// otherwise it is centred on the grid, as SixCells does when it writes text.
pub fn import(json: &str) -> Result<Level, ImportError> {
    let file: FileDto =
        serde_json::from_str(json.trim_start_matches('\u{feff}')).map_err(|e| ImportError::Json {
            message: strip_position(&e.to_string()),
            line: e.line(),
            column: e.column(),
        })?;
    if file.version != VERSION {
        return Err(ImportError::Version(file.version));
    }

    // Every item with its (unshifted) grid position.
    let mut placed: Vec<(String, (i64, i64), Item)> = Vec::new();
    for cell in &file.cells {
        let what = format!("cell #{}", cell.id);
        let color = match cell.kind {
            1 => Color::Blue,
            0 => Color::Black,
            kind => return Err(ImportError::UnknownKind { id: cell.id, kind }),
        };
        let hint = hint_of(cell.value.is_some() || cell.together.is_some(), cell.together);
        let item = Item::Cell(Cell {
            color,
            revealed: cell.revealed,
            hint,
        });
        placed.push((what.clone(), grid_position(&what, cell.x, cell.y)?, item));
    }
    for (index, column) in file.columns.iter().enumerate() {
        let what = format!("column #{index}");
        let direction = Some(column.angle)
            // SixCells stores whole degrees, and reads a vertical column as 0.001.
            .filter(|a| a.is_finite() && (a - a.round()).abs() < 0.01 && a.abs() <= 90.0)
            .and_then(|a| Direction::from_angle(a.round() as i32))
            .ok_or(ImportError::BadAngle {
                index,
                angle: column.angle,
            })?;
        let item = Item::Column(Column {
            direction,
            hint: hint_of(true, column.together),
        });
        placed.push((what.clone(), grid_position(&what, column.x, column.y)?, item));
    }

    let shift = placement(placed.iter().map(|(_, p, _)| *p))?;
    let mut level = Level::new();
    level.title = file.title.unwrap_or_default();
    level.author = file.author.unwrap_or_default();
    level.custom_text = split_information(file.information.as_deref().unwrap_or(""));
    let mut owner: Vec<Option<usize>> = vec![None; usize::from(GRID_SIZE) * usize::from(GRID_SIZE)];
    for (i, (what, (x, y), item)) in placed.iter().enumerate() {
        let pos = i32::try_from(x + shift.0)
            .ok()
            .zip(i32::try_from(y + shift.1).ok())
            .and_then(|(x, y)| Pos::new(x, y));
        let Some(pos) = pos else {
            // `placement` keeps every item inside the grid; report rather than panic.
            return Err(ImportError::TooLarge {
                width: i64::from(GRID_SIZE) + 1,
                height: i64::from(GRID_SIZE) + 1,
            });
        };
        if let Some(first) = owner[pos.index()] {
            return Err(ImportError::SamePosition {
                first: placed[first].0.clone(),
                second: what.clone(),
                at: name(pos),
            });
        }
        owner[pos.index()] = Some(i);
        level.set(pos, Some(*item));
    }
    Ok(level)
}

/// Writes a level as pretty-printed `.sixcells` JSON (version 1), with cells and
/// columns in grid order.
pub fn export(level: &Level) -> String {
    let cell_positions: Vec<Pos> = level.cells().map(|(p, _)| p).collect();
    let id_of = |p: Pos| cell_positions.binary_search(&p).ok();
    let ids = |members: &[Pos]| members.iter().filter_map(|p| id_of(*p)).collect::<Vec<usize>>();
    let (x_of, y_of) = (
        |p: Pos| f64::from(p.x()) * COS_30,
        |p: Pos| f64::from(p.y()) / 2.0,
    );

    let cells = level
        .cells()
        .enumerate()
        .map(|(id, (pos, cell))| {
            let neighbors: Vec<Pos> = pos.neighbours().into_iter().flatten().collect();
            let clue = Clue::at(level, pos).filter(|_| cell.hint.shows_number());
            CellDto {
                id: id as i64,
                kind: i64::from(cell.color == Color::Blue),
                neighbors: Some(ids(&neighbors)),
                members: clue.as_ref().map(|c| ids(&c.members)),
                revealed: cell.revealed,
                value: clue.as_ref().map(|c| c.count(level)),
                together: together_of(cell.hint),
                x: x_of(pos),
                y: y_of(pos),
            }
        })
        .collect();
    let columns = level
        .columns()
        .map(|(pos, column)| {
            let clue = Clue::at(level, pos);
            ColumnDto {
                members: clue.as_ref().map(|c| ids(&c.members)),
                value: clue.as_ref().map(|c| c.count(level)),
                together: together_of(column.hint),
                x: x_of(pos),
                y: y_of(pos),
                angle: f64::from(column.direction.angle()),
            }
        })
        .collect();
    let non_empty = |s: &str| Some(s.to_string()).filter(|s| !s.is_empty());
    let file = FileDto {
        version: VERSION,
        title: non_empty(&level.title),
        author: non_empty(&level.author),
        information: non_empty(&join_information(&level.custom_text)),
        cells,
        columns,
    };
    let mut json = serde_json::to_string_pretty(&file).unwrap_or_else(|_| String::from("{}"));
    json.push('\n');
    json
}

const COS_30: f64 = 0.866_025_403_784_438_6;

#[derive(Serialize, Deserialize)]
struct FileDto {
    version: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    author: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    information: Option<String>,
    #[serde(default)]
    cells: Vec<CellDto>,
    #[serde(default)]
    columns: Vec<ColumnDto>,
}

#[derive(Serialize, Deserialize)]
struct CellDto {
    id: i64,
    kind: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    neighbors: Option<Vec<usize>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    members: Option<Vec<usize>>,
    #[serde(default, skip_serializing_if = "is_false")]
    revealed: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    value: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    together: Option<bool>,
    x: f64,
    y: f64,
}

#[derive(Serialize, Deserialize)]
struct ColumnDto {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    members: Option<Vec<usize>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    value: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    together: Option<bool>,
    x: f64,
    y: f64,
    /// Read as a number of any form; written as an integer, as SixCells writes it.
    #[serde(default, serialize_with = "serialize_angle")]
    angle: f64,
}

fn serialize_angle<S: serde::Serializer>(angle: &f64, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_i64(angle.round() as i64)
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn hint_of(shows_number: bool, together: Option<bool>) -> Hint {
    match together {
        Some(true) => Hint::Together,
        Some(false) => Hint::Apart,
        None if shows_number => Hint::Plain,
        None => Hint::None,
    }
}

fn together_of(hint: Hint) -> Option<bool> {
    match hint {
        Hint::Together => Some(true),
        Hint::Apart => Some(false),
        Hint::None | Hint::Plain => None,
    }
}

/// The grid position of scene coordinates, before placing the level on the grid.
fn grid_position(what: &str, x: f64, y: f64) -> Result<(i64, i64), ImportError> {
    let (gx, gy) = ((x / COS_30).round(), (y * 2.0).round());
    let limit = 1e6;
    if !gx.is_finite() || !gy.is_finite() || gx.abs() > limit || gy.abs() > limit {
        return Err(ImportError::BadPosition {
            what: what.to_string(),
            x,
            y,
        });
    }
    Ok((gx as i64, gy as i64))
}

/// The shift that puts every position on the 33 x 33 grid: none when they already
/// fit, else the one that centres them.
fn placement(positions: impl Iterator<Item = (i64, i64)> + Clone) -> Result<(i64, i64), ImportError> {
    let Some(((x0, x1), (y0, y1))) = positions.clone().fold(None, |acc, (x, y)| {
        let ((x0, x1), (y0, y1)) = acc.unwrap_or(((x, x), (y, y)));
        Some(((x0.min(x), x1.max(x)), (y0.min(y), y1.max(y))))
    }) else {
        return Ok((0, 0));
    };
    let size = i64::from(GRID_SIZE);
    let (width, height) = (x1 - x0 + 1, y1 - y0 + 1);
    if width > size || height > size {
        return Err(ImportError::TooLarge { width, height });
    }
    let fits = x0 >= 0 && y0 >= 0 && x1 < size && y1 < size;
    if fits {
        return Ok((0, 0));
    }
    let mid = (size - 1) / 2;
    Ok((mid - (x0 + x1).div_euclid(2), mid - (y0 + y1).div_euclid(2)))
}

/// SixCells' one `information` string as the two custom text lines: a single line is
/// the second custom text line, as SixCells writes it into the text format.
fn split_information(information: &str) -> [String; 2] {
    let information = information.replace("\r\n", "\n");
    match information.split_once('\n') {
        Some((first, rest)) => [first.to_string(), rest.replace('\n', " ")],
        None => [String::new(), information],
    }
}

/// The inverse of [`split_information`].
fn join_information(custom_text: &[String; 2]) -> String {
    if custom_text[0].is_empty() {
        custom_text[1].clone()
    } else {
        format!("{}\n{}", custom_text[0], custom_text[1])
    }
}

/// serde_json's message without its " at line L column C" tail (kept apart).
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{parse, print};

    const TEXT: &str = "Hexcells level v1\nTiny\nformat\n\nSecond line only\n";

    fn level_with(items: &[(i32, i32, Item)]) -> Level {
        let mut level = Level::new();
        for (x, y, item) in items {
            level.set(Pos::new(*x, *y).expect("test position"), Some(*item));
        }
        level
    }

    fn cell(color: Color, revealed: bool, hint: Hint) -> Item {
        Item::Cell(Cell {
            color,
            revealed,
            hint,
        })
    }

    #[test]
    fn information_splits_like_sixcells_writes_it() {
        assert_eq!(split_information("one"), [String::new(), "one".to_string()]);
        assert_eq!(split_information("a\nb"), ["a".to_string(), "b".to_string()]);
        assert_eq!(split_information("a\n"), ["a".to_string(), String::new()]);
        for text in [["", ""], ["a", ""], ["", "b"], ["a", "b"]] {
            let custom = text.map(String::from);
            assert_eq!(split_information(&join_information(&custom)), custom);
        }
    }

    #[test]
    fn export_writes_sixcells_fields() {
        let mut level = level_with(&[
            (4, 6, cell(Color::Black, true, Hint::Together)),
            (4, 8, cell(Color::Blue, false, Hint::None)),
            (5, 7, cell(Color::Blue, false, Hint::Plain)),
            (
                4,
                4,
                Item::Column(Column {
                    direction: Direction::Down,
                    hint: Hint::Plain,
                }),
            ),
        ]);
        level.title = "T".into();
        let json: serde_json::Value = serde_json::from_str(&export(&level)).expect("valid JSON");
        assert_eq!(json["version"], 1);
        assert_eq!(json["title"], "T");
        let cells = json["cells"].as_array().expect("cells");
        assert_eq!(cells.len(), 3);
        // Grid order: (4,6) is #0, (5,7) is #1, (4,8) is #2.
        assert_eq!(cells[0]["kind"], 0);
        assert_eq!(cells[0]["revealed"], true);
        assert_eq!(cells[0]["value"], 2);
        assert_eq!(cells[0]["together"], true);
        assert_eq!(cells[0]["neighbors"], serde_json::json!([1, 2]));
        assert_eq!(cells[0]["members"], serde_json::json!([1, 2]));
        assert_eq!(cells[0]["y"], 3.0);
        assert!(cells[2].get("value").is_none());
        assert!(cells[2].get("revealed").is_none());
        let column = &json["columns"][0];
        assert_eq!(column["angle"], 0);
        assert_eq!(column["members"], serde_json::json!([0, 2]));
        assert_eq!(column["value"], 1);
        assert!(column.get("together").is_none());
    }

    #[test]
    fn text_to_json_to_text_gives_back_the_text() {
        let mut text = String::from(TEXT);
        for y in 0..33 {
            let row: String = (0..33)
                .map(|x| match (x, y) {
                    (10, 10) => "|c",
                    (10, 12) => "O+",
                    (11, 13) => "xn",
                    (9, 13) => "X.",
                    (10, 14) => "oc",
                    (12, 12) => "/n",
                    (8, 12) => "\\+",
                    _ => "..",
                })
                .collect();
            text.push_str(&row);
            text.push('\n');
        }
        let level = parse(&text).levels.remove(0).level;
        let back = import(&export(&level)).expect("import what we export");
        assert_eq!(back, level);
        assert_eq!(print(&back), text);
    }

    #[test]
    fn a_level_off_the_grid_is_centred() {
        let json = r#"{"version": 1, "information": "hi", "cells": [
            {"id": 0, "kind": 1, "x": -8.660254037844386, "y": -5.0},
            {"id": 1, "kind": 0, "value": 1, "together": false, "x": -7.794228634059948, "y": -4.5}
        ], "columns": []}"#;
        let level = import(json).expect("valid level");
        assert_eq!(level.custom_text, [String::new(), "hi".to_string()]);
        let cells: Vec<(Pos, Cell)> = level.cells().collect();
        assert_eq!(cells.len(), 2);
        assert_eq!((cells[0].0.x(), cells[0].0.y()), (16, 16));
        assert_eq!((cells[1].0.x(), cells[1].0.y()), (17, 17));
        assert_eq!(cells[1].1.hint, Hint::Apart);
    }

    #[test]
    fn bad_files_say_what_to_do() {
        let err = |json: &str| import(json).expect_err("must fail").to_string();
        assert!(err("Hexcells level v1\n").contains("use the text format"));
        assert!(err(r#"{"version": 2, "cells": []}"#).contains("only version 1"));
        assert!(
            err(r#"{"version": 1, "cells": [{"id": 3, "kind": -1, "x": 0, "y": 0}]}"#)
                .contains("cell #3 has kind -1")
        );
        assert!(err(r#"{"version": 1, "columns": [{"x": 0, "y": 0, "angle": 45}]}"#).contains("angle 45"));
        let same = r#"{"version": 1, "cells": [{"id": 0, "kind": 1, "x": 0, "y": 0},
            {"id": 1, "kind": 0, "x": 0.1, "y": 0.1}]}"#;
        assert!(err(same).contains("cell #0 and cell #1 are both at A1"));
        let wide = r#"{"version": 1, "cells": [{"id": 0, "kind": 1, "x": 0, "y": 0},
            {"id": 1, "kind": 0, "x": 34.641016151377545, "y": 0}]}"#;
        assert!(err(wide).contains("41 x 1"));
        let nan = r#"{"version": 1, "cells": [{"id": 0, "kind": 1, "x": 1e300, "y": 0}]}"#;
        assert!(err(nan).contains("not a point of the grid"));
    }
}
