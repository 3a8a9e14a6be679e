//! Where things go on screen: maps grid positions to pixel centres and back
//! (`cell_centre`, `cell_at`), and splits the frame into header, board and footer.
//!
//! Hexagons are flat-topped. With circumradius `r`, the grid position `(x, y)` sits at
//! `(1.5 r x, (√3 / 2) r y)`: grid lines are half a hexagon apart, as in the format.

use hexcells_core::{Level, Pos};

const SQRT3: f32 = 1.732_050_8;

/// The geometry of one frame: the board fitted into the space between header and footer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameLayout {
    /// Frame width in pixels.
    pub width: f32,
    /// Frame height in pixels.
    pub height: f32,
    /// Interface scale (1.0 on a normal screen, 2.0 on a HiDPI one).
    pub scale: f32,
    /// Hexagon circumradius in pixels.
    pub radius: f32,
    /// Pixel position of grid position (0, 0).
    origin: (f32, f32),
    /// Height of the header band (title, author, counters).
    pub header: f32,
    /// Height of the footer band (custom text, status, banner).
    pub footer: f32,
}

impl FrameLayout {
    /// Fits `level` into a `width` x `height` frame with interface scale `scale`.
    pub fn new(level: &Level, width: u32, height: u32, scale: f32) -> FrameLayout {
        FrameLayout::fit(level.bounds(), width, height, scale)
    }

    /// Fits the whole 33 x 33 grid into the frame: the editor's view, which does not
    /// jump as items come and go.
    pub fn whole_grid(width: u32, height: u32, scale: f32) -> FrameLayout {
        let corners = Pos::new(0, 0).zip(Pos::new(32, 32));
        FrameLayout::fit(corners, width, height, scale)
    }

    /// Fits the rectangle `bounds` (the whole grid for `None`) into the frame.
    pub fn framing(bounds: Option<(Pos, Pos)>, width: u32, height: u32, scale: f32) -> FrameLayout {
        match bounds {
            Some(bounds) => FrameLayout::fit(Some(bounds), width, height, scale),
            None => FrameLayout::whole_grid(width, height, scale),
        }
    }

    /// Fits the rectangle `bounds` (or one position) into the frame.
    fn fit(bounds: Option<(Pos, Pos)>, width: u32, height: u32, scale: f32) -> FrameLayout {
        let scale = if scale.is_finite() && scale > 0.0 {
            scale
        } else {
            1.0
        };
        let (width, height) = (width as f32, height as f32);
        let (header, footer, margin) = bands(scale);
        let ((x0, y0), (units_w, units_h)) = board_units(bounds);
        let avail_w = (width - 2.0 * margin).max(1.0);
        let avail_h = (height - header - footer - 2.0 * margin).max(1.0);
        let radius = (avail_w / units_w)
            .min(avail_h / units_h)
            .clamp(1.0, 80.0 * scale);
        let board_w = units_w * radius;
        let board_h = units_h * radius;
        let left = (width - board_w) / 2.0;
        let top = header + margin + (avail_h - board_h).max(0.0) / 2.0;
        let origin = (
            left + radius - 1.5 * radius * x0,
            top + SQRT3 / 2.0 * radius - SQRT3 / 2.0 * radius * y0,
        );
        FrameLayout {
            width,
            height,
            scale,
            radius,
            origin,
            header,
            footer,
        }
    }

    /// The smallest frame, at least `min_width` wide, that shows `level`'s board with
    /// hexagons of circumradius `radius` at interface scale `scale` (the frame
    /// [`FrameLayout::new`] fits back to that radius): the published page's frame.
    pub fn frame_for(level: &Level, radius: f32, scale: f32, min_width: u32) -> (u32, u32) {
        let (header, footer, margin) = bands(scale);
        let (_, (units_w, units_h)) = board_units(level.bounds());
        let width = (units_w * radius + 2.0 * margin).ceil() as u32;
        let height = (units_h * radius + header + footer + 2.0 * margin).ceil() as u32;
        (width.max(min_width), height)
    }

    /// The pixel centre of grid position `pos`.
    pub fn cell_centre(&self, pos: Pos) -> (f32, f32) {
        (
            self.origin.0 + 1.5 * self.radius * f32::from(pos.x()),
            self.origin.1 + SQRT3 / 2.0 * self.radius * f32::from(pos.y()),
        )
    }

    /// The item of `level` whose hexagon holds the pixel `(px, py)`, if any.
    pub fn cell_at(&self, level: &Level, px: f32, py: f32) -> Option<Pos> {
        if !(px.is_finite() && py.is_finite()) {
            return None;
        }
        let gx = ((px - self.origin.0) / (1.5 * self.radius)).round() as i32;
        let gy = ((py - self.origin.1) / (SQRT3 / 2.0 * self.radius)).round() as i32;
        let mut best: Option<(f32, Pos)> = None;
        for dx in -1..=1 {
            for dy in -2..=2 {
                let Some(pos) = Pos::new(gx + dx, gy + dy) else {
                    continue;
                };
                if level.get(pos).is_none() {
                    continue;
                }
                let (cx, cy) = self.cell_centre(pos);
                let (ax, ay) = ((px - cx).abs(), (py - cy).abs());
                let inside = ay <= SQRT3 / 2.0 * self.radius && SQRT3 * ax + ay <= SQRT3 * self.radius;
                let d = ax * ax + ay * ay;
                if inside && best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, pos));
                }
            }
        }
        best.map(|(_, pos)| pos)
    }

    /// The fractional grid coordinates of the pixel `(px, py)`: the inverse of
    /// [`FrameLayout::cell_centre`].
    pub fn grid_point(&self, px: f32, py: f32) -> (f32, f32) {
        (
            (px - self.origin.0) / (1.5 * self.radius),
            (py - self.origin.1) / (SQRT3 / 2.0 * self.radius),
        )
    }

    /// The layout scaled by `zoom` (hexagons and their distances) and then moved by
    /// `pan` pixels: what a zoomed and panned view shows.
    pub fn transformed(mut self, zoom: f32, pan: (f32, f32)) -> FrameLayout {
        if zoom.is_finite() && zoom > 0.0 && pan.0.is_finite() && pan.1.is_finite() {
            self.radius *= zoom;
            self.origin = (self.origin.0 * zoom + pan.0, self.origin.1 * zoom + pan.1);
        }
        self
    }

    /// The six corners of the hexagon at `pos` with circumradius `r`, from the right,
    /// anticlockwise on screen.
    pub fn hexagon(&self, pos: Pos, r: f32) -> [(f32, f32); 6] {
        let (cx, cy) = self.cell_centre(pos);
        std::array::from_fn(|k| {
            let angle = std::f32::consts::PI / 3.0 * k as f32;
            (cx + r * angle.cos(), cy - r * angle.sin())
        })
    }
}

/// The header's and the footer's heights and the board's margin at interface scale
/// `scale`.
fn bands(scale: f32) -> (f32, f32, f32) {
    (64.0 * scale, 80.0 * scale, 12.0 * scale)
}

/// The top-left grid corner of `bounds` (or one position), and the board's extent in
/// units of the circumradius: 1.5 per x step plus one hexagon width (2), √3/2 per y
/// step plus one hexagon height (√3).
fn board_units(bounds: Option<(Pos, Pos)>) -> ((f32, f32), (f32, f32)) {
    let (x0, y0, x1, y1) = match bounds {
        Some((min, max)) => (
            f32::from(min.x()),
            f32::from(min.y()),
            f32::from(max.x()),
            f32::from(max.y()),
        ),
        None => (0.0, 0.0, 0.0, 0.0),
    };
    ((x0, y0), (1.5 * (x1 - x0) + 2.0, SQRT3 / 2.0 * (y1 - y0) + SQRT3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexcells_core::format::parse;

    fn level(grid: &[&str]) -> Level {
        let mut text = String::from("Hexcells level v1\nT\nA\n\n\n");
        for y in 0..33 {
            let row = grid.get(y).copied().unwrap_or("");
            text.push_str(&format!("{row:.<66}\n"));
        }
        parse(&text).levels.remove(0).level
    }

    #[test]
    fn every_centre_maps_back_to_its_cell() {
        let level = level(&["", "..x...o+", "x+..o...x.", "..o+..x."]);
        for (w, h, s) in [(1280, 800, 1.0), (300, 900, 2.0), (50, 40, 1.0)] {
            let layout = FrameLayout::new(&level, w, h, s);
            for (pos, _) in level.items() {
                let (cx, cy) = layout.cell_centre(pos);
                assert_eq!(layout.cell_at(&level, cx, cy), Some(pos), "{w}x{h}");
                assert_eq!(layout.cell_at(&level, cx + 0.8 * layout.radius, cy), Some(pos));
            }
        }
    }

    #[test]
    fn a_frame_for_a_radius_fits_the_board_back_to_it() {
        let small = level(&["", "..x...o+", "x+..o...x.", "..o+..x."]);
        let (w, h) = FrameLayout::frame_for(&small, 26.0, 1.0, 480);
        assert_eq!(w, 480, "narrow boards get the least width");
        let layout = FrameLayout::new(&small, w, h, 1.0);
        // At least the radius asked; more by what rounding the frame up to whole
        // pixels gives a board a few hexagons high.
        assert!((26.0..26.5).contains(&layout.radius), "{}", layout.radius);
        let wide = level(&["x...............................................................x."]);
        let (w, h) = FrameLayout::frame_for(&wide, 20.0, 1.0, 480);
        assert!(w > 480);
        assert!((20.0..20.1).contains(&FrameLayout::new(&wide, w, h, 1.0).radius));
    }

    #[test]
    fn the_board_fits_the_frame_and_gaps_hit_nothing() {
        let level = level(&[
            "x...............................................................x.",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "x.",
        ]);
        let layout = FrameLayout::new(&level, 800, 600, 1.0);
        for (pos, _) in level.items() {
            let (cx, cy) = layout.cell_centre(pos);
            assert!(cx - layout.radius >= 0.0 && cx + layout.radius <= 800.0, "{cx}");
            assert!(cy >= layout.header && cy <= 600.0 - layout.footer, "{cy}");
        }
        assert_eq!(layout.cell_at(&level, 400.0, 300.0), None);
        assert_eq!(layout.cell_at(&level, f32::NAN, 3.0), None);
    }
}
