//! The outline of a generated level: which grid positions hold cells.
//!
//! Built-in shapes are laid out on a local lattice of columns `c` (left to right)
//! and grid lines `y` (two lines per cell), cells where `c + y` is even, then
//! centred on the 33 x 33 grid. A margin of one column on each side and two grid
//! lines on top leaves room for column numbers.

use crate::model::{Pos, GRID_SIZE};

/// The outline of the level to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A hexagon `width` columns wide whose middle column has `height` cells; each
    /// column further out has one cell fewer.
    Hexagon {
        /// Columns.
        width: u8,
        /// Cells in the middle column.
        height: u8,
    },
    /// `width` columns of `height` cells each, staggered.
    Rectangle {
        /// Columns.
        width: u8,
        /// Cells per column.
        height: u8,
    },
    /// A rhombus with pointed ends: `width` columns, `height` cells in the middle one.
    Diamond {
        /// Columns.
        width: u8,
        /// Cells in the middle column.
        height: u8,
    },
    /// The cells of an existing level (e.g. a drawing), kept where they are.
    Cells {
        /// How the shape is named in the title (e.g. the file name).
        name: String,
        /// The cell positions.
        cells: Vec<Pos>,
    },
}

/// Why a shape cannot be laid out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// The shape has fewer than four cells.
    #[error("the shape has {0} cells; a level needs at least 4")]
    TooSmall(usize),
    /// The shape is larger than the grid allows.
    #[error("a {what} does not fit the 33 x 33 grid with room for column numbers (at most {max})")]
    TooLarge {
        /// The shape, e.g. `rectangle 40x5`.
        what: String,
        /// The largest size of that kind, e.g. `31x15`.
        max: &'static str,
    },
}

impl Shape {
    /// How the shape reads in a title: `hexagon 7`, `rectangle 8x5`, `drawing.hexcells`.
    pub fn describe(&self) -> String {
        match self {
            Shape::Hexagon { width, height } if width == height => format!("hexagon {width}"),
            Shape::Hexagon { width, height } => format!("hexagon {width}x{height}"),
            Shape::Rectangle { width, height } => format!("rectangle {width}x{height}"),
            Shape::Diamond { width, height } if width == height => format!("diamond {width}"),
            Shape::Diamond { width, height } => format!("diamond {width}x{height}"),
            Shape::Cells { name, .. } => name.clone(),
        }
    }

    /// The cell positions on the grid, row by row.
    pub fn cells(&self) -> Result<Vec<Pos>, ShapeError> {
        let mut cells = match self {
            Shape::Cells { cells, .. } => cells.clone(),
            Shape::Hexagon { width, height } => self.place(local(*width, *height, hexagon))?,
            Shape::Rectangle { width, height } => self.place(local(*width, *height, rectangle))?,
            Shape::Diamond { width, height } => self.place(local(*width, *height, diamond))?,
        };
        cells.sort();
        cells.dedup();
        if cells.len() < 4 {
            return Err(ShapeError::TooSmall(cells.len()));
        }
        Ok(cells)
    }

    /// Centres local `(c, y)` cells on the grid, keeping the margins.
    fn place(&self, local: Vec<(i32, i32)>) -> Result<Vec<Pos>, ShapeError> {
        let too_large = || ShapeError::TooLarge {
            what: self.describe(),
            max: match self {
                Shape::Rectangle { .. } => "31x15",
                _ => "31x15 (height at most 15)",
            },
        };
        let Some(max_c) = local.iter().map(|p| p.0).max() else {
            return Ok(Vec::new());
        };
        let max_y = local.iter().map(|p| p.1).max().unwrap_or(0);
        let size = i32::from(GRID_SIZE);
        // Usable area: columns 1..=31, grid lines 2..=32.
        if max_c + 1 > size - 2 || max_y + 1 > size - 2 {
            return Err(too_large());
        }
        let dx = 1 + (size - 2 - (max_c + 1)) / 2;
        // Keep an even vertical shift so the lattice parity stays that of the columns.
        let dy = 2 + ((size - 2 - (max_y + 1)) / 2) / 2 * 2;
        local
            .into_iter()
            .map(|(c, y)| Pos::new(c + dx, y + dy).ok_or_else(too_large))
            .collect()
    }
}

/// Every local position of a `width` x `height` box that `inside` accepts.
fn local(width: u8, height: u8, inside: fn(i32, i32, i32, i32) -> bool) -> Vec<(i32, i32)> {
    let (w, h) = (i32::from(width), i32::from(height));
    let mut out = Vec::new();
    for y in 0..2 * h + 1 {
        for c in 0..w {
            if (c + y) % 2 == 0 && inside(c, y, w, h) {
                out.push((c, y));
            }
        }
    }
    // Drop empty lines above so the shape starts at line 0 or 1.
    let top = out.iter().map(|p| p.1).min().unwrap_or(0) / 2 * 2;
    out.iter().map(|&(c, y)| (c, y - top)).collect()
}

fn rectangle(c: i32, y: i32, _w: i32, h: i32) -> bool {
    y >= c % 2 && (y - c % 2) / 2 < h
}

/// Centre column `m`; the centre line is chosen so the middle column has `h` cells.
fn centre(w: i32, h: i32) -> (i32, i32) {
    let m = (w - 1) / 2;
    // Middle column cells at yc - (h-1) ..= yc + (h-1), with y of the parity of m.
    let yc = (h - 1) + (m + h - 1).rem_euclid(2);
    (m, yc)
}

fn hexagon(c: i32, y: i32, w: i32, h: i32) -> bool {
    let (m, yc) = centre(w, h);
    let d = (c - m).abs();
    (y - yc).abs() <= (h - 1) - d
}

fn diamond(c: i32, y: i32, w: i32, h: i32) -> bool {
    let (m, yc) = centre(w, h);
    let d = (c - m).abs();
    if m == 0 {
        return (y - yc).abs() < h;
    }
    let half_w = m.max(w - 1 - m);
    (y - yc).abs() * half_w <= (h - 1) * (half_w - d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n_cells(shape: Shape) -> usize {
        shape.cells().map(|c| c.len()).unwrap_or(0)
    }

    #[test]
    fn built_in_shapes_have_the_expected_cell_counts() {
        assert_eq!(n_cells(Shape::Rectangle { width: 8, height: 5 }), 40);
        // A regular hexagon of side 4: 4+5+6+7+6+5+4.
        assert_eq!(n_cells(Shape::Hexagon { width: 7, height: 7 }), 37);
        assert!(n_cells(Shape::Diamond { width: 9, height: 9 }) > 20);
    }

    #[test]
    fn cells_share_one_parity_and_leave_room_for_column_numbers() {
        for shape in [
            Shape::Rectangle {
                width: 31,
                height: 15,
            },
            Shape::Hexagon {
                width: 15,
                height: 15,
            },
            Shape::Diamond {
                width: 11,
                height: 13,
            },
        ] {
            let cells = shape.cells().expect("fits");
            let parity = cells[0].parity();
            assert!(cells.iter().all(|p| p.parity() == parity), "{shape:?}");
            assert!(
                cells.iter().all(|p| p.x() >= 1 && p.x() <= 31 && p.y() >= 2),
                "{shape:?}"
            );
        }
    }

    #[test]
    fn shapes_too_large_for_the_grid_are_refused() {
        assert!(matches!(
            Shape::Rectangle { width: 40, height: 5 }.cells(),
            Err(ShapeError::TooLarge { .. })
        ));
        assert!(matches!(
            Shape::Rectangle { width: 1, height: 2 }.cells(),
            Err(ShapeError::TooSmall(2))
        ));
    }
}
