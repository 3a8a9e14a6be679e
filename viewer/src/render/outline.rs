//! The outlines of the embedded DejaVu Sans Bold glyphs (read with ttf-parser) as SVG
//! path data, in font units with y up: the SVG backend draws text with them, so an SVG
//! looks the same on a machine without the font.

use std::fmt::Write;
use std::sync::OnceLock;

use ttf_parser::{Face, OutlineBuilder};

fn face() -> Option<&'static Face<'static>> {
    static FACE: OnceLock<Option<Face<'static>>> = OnceLock::new();
    FACE.get_or_init(|| Face::parse(dejavu::sans::bold(), 0).ok())
        .as_ref()
}

/// The font's units per em (what a glyph's coordinates are in).
pub fn units_per_em() -> f32 {
    face().map_or(2048.0, |f| f32::from(f.units_per_em()))
}

/// The outline of `c` as compact SVG path data (relative commands, whole font units),
/// or `None` for a character with no outline (a space) or none in the font.
pub fn glyph_path(c: char) -> Option<String> {
    let face = face()?;
    let id = face.glyph_index(c)?;
    let mut path = PathData::default();
    face.outline_glyph(id, &mut path)?;
    (!path.d.is_empty()).then_some(path.d)
}

/// Writes the outline as relative path commands; ttf-parser gives absolute points.
#[derive(Default)]
struct PathData {
    d: String,
    /// The pen, in whole units.
    at: (i32, i32),
    /// Where the open contour started (a close returns there).
    start: (i32, i32),
}

impl PathData {
    /// `command` and its points (one for a move or a line, the control points then
    /// the end for a curve), all relative to the pen before the command; the pen
    /// moves to the last.
    fn push(&mut self, command: char, points: &[(f32, f32)]) {
        let base = self.at;
        self.d.push(command);
        let mut first = true;
        for &(x, y) in points {
            let p = (x.round() as i32, y.round() as i32);
            for v in [p.0 - base.0, p.1 - base.1] {
                // A minus sign separates numbers on its own.
                if !first && v >= 0 {
                    self.d.push(' ');
                }
                first = false;
                let _ = write!(self.d, "{v}");
            }
            self.at = p;
        }
    }
}

impl OutlineBuilder for PathData {
    fn move_to(&mut self, x: f32, y: f32) {
        self.push('m', &[(x, y)]);
        self.start = self.at;
    }

    fn line_to(&mut self, x: f32, y: f32) {
        self.push('l', &[(x, y)]);
    }

    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.push('q', &[(x1, y1), (x, y)]);
    }

    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.push('c', &[(x1, y1), (x2, y2), (x, y)]);
    }

    fn close(&mut self) {
        self.d.push('z');
        self.at = self.start;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_have_outlines_and_a_space_has_none() {
        for c in "0123456789{}-?".chars() {
            let d = glyph_path(c).unwrap_or_default();
            assert!(d.starts_with('m') && d.ends_with('z'), "{c}: {d}");
        }
        assert_eq!(glyph_path(' '), None);
        assert_eq!(units_per_em(), 2048.0);
    }
}
