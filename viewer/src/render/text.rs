//! Text with the embedded DejaVu Sans Bold font (Bitstream Vera licence, which allows
//! embedding): measured and laid out once ([`layout`]: glyphs on whole pixels, as
//! fontdue places them) for both backends; the pixel backend draws fontdue's cached
//! bitmaps (through a small premultiplied pixmap when rotated, like Hexcells' column
//! numbers), the SVG backend the same font's outlines ([`super::outline`]) at the same
//! places.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;

use fontdue::{Font, FontSettings, Metrics};
use tiny_skia::{Color, ColorU8, FilterQuality, Pixmap, PixmapMut, PixmapPaint, Transform};

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

/// One glyph of a laid-out text: where its fontdue bitmap's top-left pixel goes, in
/// the run's own pixels (see [`Run::transform`]).
#[derive(Clone, Copy, Debug)]
pub struct PlacedGlyph {
    /// The character.
    pub c: char,
    /// Left pixel column of the glyph's bitmap.
    pub left: i32,
    /// Top pixel row of the glyph's bitmap.
    pub top: i32,
    /// fontdue's metrics of the glyph at the run's size.
    pub metrics: Metrics,
}

impl PlacedGlyph {
    /// The glyph's origin (pen position on the baseline) in the run's pixels: where
    /// its outline goes so that it covers the same pixels as its bitmap.
    pub fn origin(&self) -> (f32, f32) {
        let m = &self.metrics;
        (
            (self.left - m.xmin) as f32,
            (self.top + m.ymin + m.height as i32) as f32,
        )
    }
}

/// A text laid out once for every backend: glyphs on whole pixels of the run's own
/// box, and the transform that puts that box on the frame (a translation on whole
/// pixels, or that and a rotation for a column number).
#[derive(Clone, Debug)]
pub struct Run {
    /// The glyphs, in order.
    pub glyphs: Vec<PlacedGlyph>,
    /// Font size in pixels (clamped).
    pub size: f32,
    /// The box's size in pixels.
    pub box_size: (u32, u32),
    /// From the run's pixels to the frame's.
    pub transform: Transform,
}

/// Lays out `text` at `(x, y)` (see [`TextStyle::anchor`]); `None` when the font
/// cannot be read or the text is empty.
pub fn layout(text: &str, x: f32, y: f32, style: TextStyle) -> Option<Run> {
    let font = font()?;
    if text.is_empty() {
        return None;
    }
    let size = style.size.clamp(1.0, 400.0);
    let (width, height) = measure(text, size);
    let (w, h) = (width.ceil() as u32 + 2, height.ceil() as u32 + 2);
    let (ox, oy) = match style.anchor {
        Anchor::Centre => (w as f32 / 2.0, h as f32 / 2.0),
        Anchor::TopLeft => (0.0, 0.0),
        Anchor::TopRight => (w as f32, 0.0),
    };
    let transform = if style.rotation == 0.0 {
        Transform::from_translate((x - ox).round(), (y - oy).round())
    } else {
        Transform::from_translate(x.round(), y.round())
            .pre_concat(Transform::from_rotate(style.rotation))
            .pre_concat(Transform::from_translate(-ox.round(), -oy.round()))
    };
    let ascent = font.horizontal_line_metrics(size).map_or(size, |m| m.ascent);
    let mut pen = 1.0f32;
    let glyphs = text
        .chars()
        .map(|c| {
            with_glyph(font, c, size, |m, _| {
                let glyph = PlacedGlyph {
                    c,
                    left: (pen + m.xmin as f32).round() as i32,
                    top: (1.0 + ascent - m.ymin as f32 - m.height as f32).round() as i32,
                    metrics: *m,
                };
                pen += m.advance_width;
                glyph
            })
        })
        .collect();
    Some(Run {
        glyphs,
        size,
        box_size: (w, h),
        transform,
    })
}

/// Draws `text` at `(x, y)` (see [`TextStyle::anchor`]) with fontdue's bitmaps. Draws
/// nothing when the font cannot be read or the text is empty.
pub fn draw(pixmap: &mut PixmapMut, text: &str, x: f32, y: f32, style: TextStyle) {
    let Some(run) = layout(text, x, y, style) else {
        return;
    };
    let Some(font) = font() else { return };
    let color = style.color.to_color_u8();
    let t = run.transform;
    if style.rotation == 0.0 {
        // Straight onto the frame: the common case, and the fast one.
        let origin = (t.tx as i32, t.ty as i32);
        let (fw, fh) = (pixmap.width(), pixmap.height());
        glyphs_into(pixmap.data_mut(), (fw, fh), origin, font, &run, color);
        return;
    }
    let (w, h) = run.box_size;
    let Some(mut tmp) = Pixmap::new(w, h) else { return };
    glyphs_into(tmp.data_mut(), (w, h), (0, 0), font, &run, color);
    let paint = PixmapPaint {
        quality: FilterQuality::Bilinear,
        ..PixmapPaint::default()
    };
    pixmap.draw_pixmap(0, 0, tmp.as_ref(), &paint, t, None);
}

/// Blends the glyphs of `run` into premultiplied RGBA `data` of `size` pixels, with
/// the top-left of the text box at `origin`; clipped to the buffer.
fn glyphs_into(
    data: &mut [u8],
    (w, h): (u32, u32),
    origin: (i32, i32),
    font: &Font,
    run: &Run,
    color: ColorU8,
) {
    let [r, g, b, a] = [color.red(), color.green(), color.blue(), color.alpha()].map(u32::from);
    for glyph in &run.glyphs {
        with_glyph(font, glyph.c, run.size, |m, coverage| {
            let gx = origin.0 + glyph.left;
            let gy = origin.1 + glyph.top;
            for row in 0..m.height {
                let py = gy + row as i32;
                if py < 0 || py >= h as i32 {
                    continue;
                }
                for col in 0..m.width {
                    let px = gx + col as i32;
                    let cov = u32::from(coverage[row * m.width + col]) * a / 255;
                    if px < 0 || px >= w as i32 || cov == 0 {
                        continue;
                    }
                    let i = (py as usize * w as usize + px as usize) * 4;
                    let Some(dst) = data.get_mut(i..i + 4) else {
                        continue;
                    };
                    // Premultiplied "over" with the glyph's coverage as alpha.
                    let keep = 255 - cov;
                    for (d, src) in dst.iter_mut().zip([r, g, b, 255]) {
                        *d = ((src * cov + u32::from(*d) * keep + 127) / 255) as u8;
                    }
                }
            }
        });
    }
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

/// Splits `text` into at most `max_lines` lines of at most `max_width` pixels: at
/// ` · ` between parts where it can, else at spaces; the last line is shortened with
/// an ellipsis when the rest does not fit.
pub fn wrap(text: &str, size: f32, max_width: f32, max_lines: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() && lines.len() + 1 < max_lines {
        if measure(rest, size).0 <= max_width {
            break;
        }
        let cut = [" · ", " "].iter().find_map(|sep| {
            let fitting = rest
                .match_indices(sep)
                .map(|(idx, _)| idx)
                .take_while(|idx| measure(&rest[..*idx], size).0 <= max_width)
                .last()?;
            Some((fitting, sep.len()))
        });
        let Some((idx, sep_len)) = cut else { break };
        lines.push(rest[..idx].to_string());
        rest = rest[idx + sep_len..].trim_start();
    }
    if !rest.is_empty() || lines.is_empty() {
        lines.push(fit(rest, size, max_width));
    }
    lines
}

/// A style for text anchored at its top-left corner, not rotated.
pub fn left(size: f32, color: Color) -> TextStyle {
    TextStyle {
        size,
        color,
        rotation: 0.0,
        anchor: Anchor::TopLeft,
    }
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
    fn wrap_breaks_between_parts_first() {
        let text = "level 1 of 5 · click: blue / black · Z undo";
        let width = measure("click: blue / black · Z undo", 13.0).0 + 1.0;
        let lines = wrap(text, 13.0, width, 2);
        assert_eq!(lines, ["level 1 of 5", "click: blue / black · Z undo"]);
        assert_eq!(wrap("short", 13.0, 500.0, 2), ["short"]);
        let words = wrap(
            "one two three four five six seven",
            13.0,
            measure("one two", 13.0).0,
            2,
        );
        assert_eq!(words[0], "one two");
        assert!(words[1].ends_with('…'), "{words:?}");
        assert_eq!(wrap("", 13.0, 100.0, 2), [""]);
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
