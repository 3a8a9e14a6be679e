//! The camera: zoom and pan, for the player and the editor alike, as a scale and an
//! offset applied on top of the layout that fits the board into the window. The wheel zooms around the
//! pointer (the point under it stays put), a middle-button drag pans, `+` `-` zoom
//! around the window's centre and `0` resets.

use super::layout::FrameLayout;

/// How far the board is zoomed and panned.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// Scale over the fitted layout (1 = fitted).
    pub zoom: f32,
    /// Pixel offset after scaling.
    pub pan: (f32, f32),
}

impl Default for Camera {
    fn default() -> Self {
        Camera {
            zoom: 1.0,
            pan: (0.0, 0.0),
        }
    }
}

/// The zoom range.
const MIN_ZOOM: f32 = 0.25;
const MAX_ZOOM: f32 = 8.0;
/// One wheel notch or one `+` press.
pub const STEP: f32 = 1.2;

impl Camera {
    /// `layout` as this camera shows it.
    pub fn apply(&self, layout: FrameLayout) -> FrameLayout {
        layout.transformed(self.zoom, self.pan)
    }

    /// Zooms by `factor` keeping the pixel `at` over the same place of the board.
    pub fn zoom_at(&mut self, factor: f32, at: (f32, f32)) {
        if !(factor.is_finite() && factor > 0.0 && at.0.is_finite() && at.1.is_finite()) {
            return;
        }
        let zoom = (self.zoom * factor).clamp(MIN_ZOOM, MAX_ZOOM);
        let f = zoom / self.zoom;
        self.pan = (at.0 - (at.0 - self.pan.0) * f, at.1 - (at.1 - self.pan.1) * f);
        self.zoom = zoom;
    }

    /// Moves the board by `(dx, dy)` pixels.
    pub fn pan_by(&mut self, dx: f32, dy: f32) {
        if dx.is_finite() && dy.is_finite() {
            self.pan = (self.pan.0 + dx, self.pan.1 + dy);
        }
    }

    /// Back to the fitted board.
    pub fn reset(&mut self) {
        *self = Camera::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexcells_core::Pos;

    #[test]
    fn zooming_keeps_the_point_under_the_pointer() {
        let base = FrameLayout::whole_grid(1280, 800, 1.0);
        let mut camera = Camera::default();
        let p = Pos::new(10, 12).unwrap();
        let at = base.cell_centre(p);
        camera.zoom_at(STEP * STEP, at);
        let zoomed = camera.apply(base);
        let (x, y) = zoomed.cell_centre(p);
        assert!((x - at.0).abs() < 0.01 && (y - at.1).abs() < 0.01);
        assert!((zoomed.radius - base.radius * STEP * STEP).abs() < 0.01);
        camera.pan_by(30.0, -10.0);
        let panned = camera.apply(base).cell_centre(p);
        assert!((panned.0 - at.0 - 30.0).abs() < 0.01);
        // Hit-testing follows the camera.
        let mut level = hexcells_core::Level::new();
        level.set(
            p,
            Some(hexcells_core::Item::Cell(hexcells_core::Cell {
                color: hexcells_core::Color::Blue,
                revealed: false,
                hint: hexcells_core::Hint::None,
            })),
        );
        assert_eq!(camera.apply(base).cell_at(&level, panned.0, panned.1), Some(p));
        camera.zoom_at(1000.0, at);
        assert_eq!(camera.zoom, MAX_ZOOM);
        camera.reset();
        assert_eq!(camera, Camera::default());
    }
}
