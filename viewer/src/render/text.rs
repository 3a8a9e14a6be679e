//! Text with the embedded DejaVu Sans Bold font (Bitstream Vera licence, which allows
//! embedding): glyphs rasterised by fontdue, cached, and drawn through a small
//! premultiplied pixmap so text can be rotated like Hexcells' column numbers.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;

use fontdue::{Font, FontSettings, Metrics};
use tiny_skia::{Color, FilterQuality, Pixmap, PixmapMut, PixmapPaint, Transform};

/// Where a text's anchor point is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The anchor is the centre of the text box.
    Centre,
    /// The anchor is the top-left corner.
    TopLeft,
    /// The anchor is the top-right corner.
    TopRight,
}

/// How to draw one piece of text.
#[derive(Clone, Copy, Debug)]
pub struct TextStyle {
    /// Font size in pixels.
    pub size: f32,
    /// Text colour.
    pub color: Color,
    /// Rotation about the anchor in degrees, clockwise on screen.
    pub rotation: f32,
    /// Which point of the text box sits at the given position.
    pub anchor: Anchor,
}

fn font() -> Option<&'static Font> {
    static FONT: OnceLock<Option<Font>> = OnceLock::new();
    FONT.get_or_init(|| Font::from_bytes(dejavu::sans::bold(), FontSettings::default()).ok())
        .as_ref()
}

type GlyphKey = (char, u32);

thread_local! {
    static GLYPHS: RefCell<HashMap<GlyphKey, (Metrics, Vec<u8>)>> = RefCell::new(HashMap::new());
}

fn with_glyph<R>(font: &Font, c: char, size: f32, f: impl FnOnce(&Metrics, &[u8]) -> R) -> R {
    GLYPHS.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.len() > 4096 {
            cache.clear();
        }
        let entry = cache
            .entry((c, size.to_bits()))
            .or_insert_with(|| font.rasterize(c, size));
        f(&entry.0, &entry.1)
    })
}

/// Width and height of `text` at `size` pixels.
pub fn measure(text: &str, size: f32) -> (f32, f32) {
    let Some(font) = font() else { return (0.0, 0.0) };
    let width: f32 = text
        .chars()
        .map(|c| with_glyph(font, c, size, |m, _| m.advance_width))
        .sum();
    let height = font
        .horizontal_line_metrics(size)
        .map_or(size, |m| m.ascent - m.descent);
    (width, height)
}

/// Draws `text` at `(x, y)` (see [`TextStyle::anchor`]). Draws nothing when the font
/// cannot be read or the text is empty.
pub fn draw(pixmap: &mut PixmapMut, text: &str, x: f32, y: f32, style: TextStyle) {
    let Some(font) = font() else { return };
    let size = style.size.clamp(1.0, 400.0);
    let (width, height) = measure(text, size);
    let (w, h) = (width.ceil() as u32 + 2, height.ceil() as u32 + 2);
    let Some(mut tmp) = Pixmap::new(w, h) else { return };
    let ascent = font.horizontal_line_metrics(size).map_or(size, |m| m.ascent);
    let [r, g, b, a] = [
        style.color.red(),
        style.color.green(),
        style.color.blue(),
        style.color.alpha(),
    ];
    let data = tmp.data_mut();
    let mut pen = 1.0f32;
    for c in text.chars() {
        with_glyph(font, c, size, |m, coverage| {
            let gx = (pen + m.xmin as f32).round() as i32;
            let gy = (1.0 + ascent - m.ymin as f32 - m.height as f32).round() as i32;
            for row in 0..m.height {
                for col in 0..m.width {
                    let (px, py) = (gx + col as i32, gy + row as i32);
                    if px < 0 || py < 0 || px >= w as i32 || py >= h as i32 {
                        continue;
                    }
                    let cov = f32::from(coverage[row * m.width + col]) / 255.0 * a;
                    let i = (py as usize * w as usize + px as usize) * 4;
                    let old = f32::from(data[i + 3]) / 255.0;
                    let alpha = cov + old * (1.0 - cov);
                    // Premultiplied "over": new = src * cov + old * (1 - cov).
                    for (k, channel) in [r, g, b].into_iter().enumerate() {
                        let src = channel * cov * 255.0;
                        data[i + k] = (src + f32::from(data[i + k]) * (1.0 - cov)).round() as u8;
                    }
                    data[i + 3] = (alpha * 255.0).round() as u8;
                }
            }
            pen += m.advance_width;
        });
    }
    let (ox, oy) = match style.anchor {
        Anchor::Centre => (w as f32 / 2.0, h as f32 / 2.0),
        Anchor::TopLeft => (0.0, 0.0),
        Anchor::TopRight => (w as f32, 0.0),
    };
    let paint = PixmapPaint {
        quality: if style.rotation == 0.0 {
            FilterQuality::Nearest
        } else {
            FilterQuality::Bilinear
        },
        ..PixmapPaint::default()
    };
    let transform = Transform::from_translate(x.round(), y.round())
        .pre_concat(Transform::from_rotate(style.rotation))
        .pre_concat(Transform::from_translate(-ox.round(), -oy.round()));
    pixmap.draw_pixmap(0, 0, tmp.as_ref(), &paint, transform, None);
}

/// Shortens `text` with an ellipsis until it fits in `max_width` pixels.
pub fn fit(text: &str, size: f32, max_width: f32) -> String {
    if measure(text, size).0 <= max_width {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let candidate: String = chars.iter().collect::<String>() + "…";
        if measure(&candidate, size).0 <= max_width {
            return candidate;
        }
    }
    String::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_font_loads_and_measures() {
        assert!(font().is_some());
        let (w1, h) = measure("1", 20.0);
        let (w3, _) = measure("{13}", 20.0);
        assert!(w1 > 5.0 && h > 15.0, "{w1} {h}");
        assert!(w3 > 3.0 * w1);
        assert!(measure(&fit("a long title that will not fit", 20.0, 80.0), 20.0).0 <= 80.0);
    }

    #[test]
    fn text_puts_its_colour_where_the_glyph_is() {
        let mut pixmap = Pixmap::new(60, 40).unwrap();
        pixmap.fill(Color::WHITE);
        let style = TextStyle {
            size: 30.0,
            color: Color::BLACK,
            rotation: 0.0,
            anchor: Anchor::Centre,
        };
        draw(&mut pixmap.as_mut(), "8", 30.0, 20.0, style);
        let dark = pixmap.pixels().iter().filter(|p| p.red() < 60).count();
        assert!(dark > 30, "{dark} dark pixels");
        // Nothing spills far from the anchor.
        assert!(pixmap.pixel(2, 2).is_some_and(|p| p.red() == 255));
    }
}
