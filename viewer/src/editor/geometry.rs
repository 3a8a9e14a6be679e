//! Where the pointer is, in the editor's terms: the free lattice place nearest to it,
//! the direction a drag out of a cell picks for a column number, whole lattice steps
//! for a move, and the cells a freehand loop touches. Pure functions of a [`FrameLayout`].

use hexcells_core::edit::{blocker, lattice_parity};
use hexcells_core::{Direction, Level, Pos};

use crate::render::FrameLayout;

/// The free place of the level's lattice nearest to the pixel `(px, py)`, within one
/// hexagon of it: no item there or overlapping it, and none of `taken` either.
pub fn nearest_free(level: &Level, layout: &FrameLayout, px: f32, py: f32, taken: &[Pos]) -> Option<Pos> {
    let parity = lattice_parity(level).or_else(|| taken.first().map(|p| p.parity()));
    let (gx, gy) = layout.grid_point(px, py);
    if !(gx.is_finite() && gy.is_finite()) {
        return None;
    }
    let (x0, y0) = (gx.round() as i32, gy.round() as i32);
    let mut candidates: Vec<(f32, Pos)> = (x0 - 1..=x0 + 1)
        .flat_map(|x| (y0 - 2..=y0 + 2).map(move |y| (x, y)))
        .filter_map(|(x, y)| Pos::new(x, y))
        .filter(|p| parity.is_none_or(|parity| p.parity() == parity))
        .map(|p| {
            let (cx, cy) = layout.cell_centre(p);
            ((cx - px).powi(2) + (cy - py).powi(2), p)
        })
        .filter(|(d2, _)| *d2 <= layout.radius * layout.radius)
        .collect();
    candidates.sort_by(|a, b| a.0.total_cmp(&b.0));
    let overlaps_taken = |p: Pos| {
        taken.iter().any(|t| {
            *t == p
                || (t.x() == p.x() && t.y().abs_diff(p.y()) == 1)
                || (t.y() == p.y() && t.x().abs_diff(p.x()) == 1)
        })
    };
    candidates
        .into_iter()
        .map(|(_, p)| p)
        .find(|p| blocker(level, *p, |_| false).is_none() && !overlaps_taken(*p))
}

/// The direction of the column number a drag from the cell at `cell` to the pixel
/// `(px, py)` creates, as in SixCells: within 30° of straight up `|`, further up-left
/// `\`, further up-right `/`; nothing while the pointer is still on the cell or below
/// its centre.
pub fn column_direction(layout: &FrameLayout, cell: Pos, px: f32, py: f32) -> Option<Direction> {
    let (cx, cy) = layout.cell_centre(cell);
    let (dx, up) = (px - cx, cy - py);
    if up <= 0.0 || dx.hypot(up) < 0.9 * layout.radius {
        return None;
    }
    let angle = dx.atan2(up).to_degrees();
    Some(if angle.abs() <= 30.0 {
        Direction::Down
    } else if angle < 0.0 {
        Direction::DownRight
    } else {
        Direction::DownLeft
    })
}

/// The whole lattice step `(dx, dy)` nearest to a drag from pixel `from` to pixel
/// `to`: `dx + dy` is even, so items stay on their lattice.
pub fn lattice_step(layout: &FrameLayout, from: (f32, f32), to: (f32, f32)) -> (i32, i32) {
    let (ax, ay) = layout.grid_point(from.0, from.1);
    let (bx, by) = layout.grid_point(to.0, to.1);
    let (fx, fy) = (bx - ax, by - ay);
    if !(fx.is_finite() && fy.is_finite()) {
        return (0, 0);
    }
    let dx = fx.round() as i32;
    let dy = fy.round() as i32;
    if (dx + dy) % 2 == 0 {
        return (dx, dy);
    }
    // The nearer of the two neighbouring lines with the right parity.
    let down = if fy >= dy as f32 { dy + 1 } else { dy - 1 };
    (dx, down)
}

/// The items a freehand loop through `points` touches: those whose hexagon the path
/// passes over, and those inside the closed loop.
pub fn lasso(level: &Level, layout: &FrameLayout, points: &[(f32, f32)]) -> Vec<Pos> {
    let reach = 0.8 * layout.radius;
    level
        .items()
        .map(|(p, _)| p)
        .filter(|p| {
            let (cx, cy) = layout.cell_centre(*p);
            points.iter().any(|(x, y)| (x - cx).hypot(y - cy) <= reach) || inside(points, cx, cy)
        })
        .collect()
}

/// Whether `(x, y)` lies inside the polygon `points` (even-odd rule).
fn inside(points: &[(f32, f32)], x: f32, y: f32) -> bool {
    if points.len() < 3 {
        return false;
    }
    let mut inside = false;
    let mut j = points.len() - 1;
    for i in 0..points.len() {
        let (xi, yi) = points[i];
        let (xj, yj) = points[j];
        if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
            inside = !inside;
        }
        j = i;
    }
    inside
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexcells_core::fixture::{level, pos};

    fn layout(level: &Level) -> FrameLayout {
        FrameLayout::new(level, 1280, 800, 1.0)
    }

    #[test]
    fn a_press_snaps_to_the_nearest_free_place_of_the_lattice() {
        let lvl = level(&["", "", "", "", "....x.", "", "........o."]);
        let layout = layout(&lvl);
        let (cx, cy) = layout.cell_centre(pos(2, 4));
        // On the cell itself: taken; next to it, the free place of the same lattice.
        let (nx, ny) = layout.cell_centre(pos(3, 5));
        let got = nearest_free(&lvl, &layout, nx + 2.0, ny - 1.0, &[]);
        assert_eq!(got, Some(pos(3, 5)));
        assert_ne!(nearest_free(&lvl, &layout, cx, cy, &[]), Some(pos(2, 4)));
        // A place taken by this very stroke is not offered twice.
        assert_ne!(nearest_free(&lvl, &layout, nx, ny, &[pos(3, 5)]), Some(pos(3, 5)));
        // Far outside the grid: nothing.
        assert_eq!(nearest_free(&lvl, &layout, -5000.0, -5000.0, &[]), None);
    }

    #[test]
    fn the_drag_direction_picks_the_column() {
        let lvl = level(&["", "", "", "", "....x."]);
        let layout = layout(&lvl);
        let cell = pos(2, 4);
        let (cx, cy) = layout.cell_centre(cell);
        let r = layout.radius;
        assert_eq!(
            column_direction(&layout, cell, cx, cy - 2.0 * r),
            Some(Direction::Down)
        );
        assert_eq!(
            column_direction(&layout, cell, cx - 2.0 * r, cy - r),
            Some(Direction::DownRight)
        );
        assert_eq!(
            column_direction(&layout, cell, cx + 2.0 * r, cy - r),
            Some(Direction::DownLeft)
        );
        assert_eq!(column_direction(&layout, cell, cx, cy + 2.0 * r), None, "below");
        assert_eq!(
            column_direction(&layout, cell, cx, cy - 0.5 * r),
            None,
            "still on the cell"
        );
    }

    #[test]
    fn moves_go_in_whole_lattice_steps() {
        let lvl = level(&["", "", "", "", "....x."]);
        let layout = layout(&lvl);
        let a = layout.cell_centre(pos(2, 4));
        for target in [pos(2, 6), pos(3, 5), pos(4, 4), pos(1, 3)] {
            let b = layout.cell_centre(target);
            let step = lattice_step(&layout, a, (b.0 + 3.0, b.1 - 2.0));
            assert_eq!(step, (i32::from(target.x()) - 2, i32::from(target.y()) - 4));
        }
        // Half way between lines: still a lattice step.
        let b = layout.cell_centre(pos(2, 5));
        let (dx, dy) = lattice_step(&layout, a, b);
        assert_eq!((dx + dy) % 2, 0);
    }

    #[test]
    fn a_loop_selects_what_it_crosses_and_surrounds() {
        let lvl = level(&["", "", "", "", "..x.x.x.", "", "..x.x.x.", "", "..........o."]);
        let layout = layout(&lvl);
        let c = |x, y| layout.cell_centre(pos(x, y));
        let r = layout.radius;
        // A loop around the four cells on the left, passing over none of them.
        let (a, b) = (c(1, 4), c(2, 6));
        let points = [
            (a.0 - 1.2 * r, a.1 - 1.2 * r),
            (b.0 + 1.2 * r, a.1 - 1.2 * r),
            (b.0 + 1.2 * r, b.1 + 1.2 * r),
            (a.0 - 1.2 * r, b.1 + 1.2 * r),
        ];
        let mut got = lasso(&lvl, &layout, &points);
        got.sort();
        assert_eq!(got, [pos(1, 4), pos(2, 4), pos(1, 6), pos(2, 6)]);
        // A stroke over one cell selects it.
        assert_eq!(lasso(&lvl, &layout, &[c(5, 8)]), [pos(5, 8)]);
    }
}
