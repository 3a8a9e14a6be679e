//! The SVG backend of [`Canvas`]: the frame as SVG text, drawn by the same code as the
//! pixels. Kept compact: each cell tile and each glyph is defined once in `<defs>` and
//! placed with `<use>`; text is the embedded font's outlines ([`super::outline`]) at
//! the places fontdue puts its bitmaps, so the picture needs no font installed, and
//! each text run also carries its words as an unpainted `<text>` element (selectable,
//! readable by scripts and screen readers). Groups carry `data-cell="F7"` (an item's
//! Hexix name), `data-part="remaining"` (a part of the frame), `data-level="3"` (a
//! level's point on the pack overview) or `data-look="hidden"` (one look of the item or
//! part around it, for a page that switches them).

use std::collections::{HashMap, HashSet};
use std::fmt::Write;

use hexcells_core::model::name;
use tiny_skia::{Color, Transform};

use super::canvas::{tile_shapes, tile_square, Canvas, Group, Tile};
use super::outline;
use super::palette::Rgb;
use super::text::{self, TextStyle};

/// A frame being written as SVG; [`Svg::finish`] returns the document.
pub struct Svg {
    size: (u32, u32),
    defs: String,
    body: String,
    tiles: HashMap<(u32, Tile), usize>,
    glyphs: HashSet<char>,
}

impl Svg {
    /// An empty frame of `width` x `height` pixels.
    pub fn new(width: u32, height: u32) -> Svg {
        Svg {
            size: (width, height),
            defs: String::new(),
            body: String::new(),
            tiles: HashMap::new(),
            glyphs: HashSet::new(),
        }
    }

    /// The SVG document.
    pub fn finish(self) -> String {
        let (w, h) = self.size;
        let mut out = String::with_capacity(self.defs.len() + self.body.len() + 200);
        let _ = write!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
        );
        if !self.defs.is_empty() {
            let _ = write!(out, "<defs>{}</defs>", self.defs);
        }
        out.push_str(&self.body);
        out.push_str("</svg>\n");
        out
    }

    /// The id of the definition of `tile` at radius `r` (centred on the origin),
    /// written on first use.
    fn tile_id(&mut self, tile: Tile, r: f32) -> usize {
        if let Some(&id) = self.tiles.get(&(r.to_bits(), tile)) {
            return id;
        }
        let id = self.tiles.len();
        let mut shapes = Svg::new(0, 0);
        tile_shapes(tile, r, 0.0, &mut shapes);
        let _ = write!(self.defs, r#"<g id="t{id}">{}</g>"#, shapes.body);
        self.tiles.insert((r.to_bits(), tile), id);
        id
    }

    /// Whether `c` has an outline, defining it on first use.
    fn glyph(&mut self, c: char) -> bool {
        if self.glyphs.contains(&c) {
            return true;
        }
        let Some(d) = outline::glyph_path(c) else {
            return false;
        };
        let _ = write!(self.defs, r#"<path id="g{:x}" d="{d}"/>"#, u32::from(c));
        self.glyphs.insert(c);
        true
    }
}

/// A coordinate: at most two decimals, no trailing zeros.
fn num(v: f32) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    match s {
        "-0" | "" => "0".to_string(),
        s => s.to_string(),
    }
}

/// A scale factor of a transform: enough digits for a glyph's font units.
fn factor(v: f32) -> String {
    let s = format!("{v:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    match s {
        "-0" | "" => "0".to_string(),
        s => s.to_string(),
    }
}

/// `name="#rrggbb"` and, when translucent, `name-opacity`.
fn paint_attr(name: &str, color: Color) -> String {
    let c = color.to_color_u8();
    let mut out = format!(r##"{name}="#{:02x}{:02x}{:02x}""##, c.red(), c.green(), c.blue());
    if c.alpha() < 255 {
        let _ = write!(out, r#" {name}-opacity="{}""#, factor(color.alpha()));
    }
    out
}

/// Path data through `points` (after the move, pairs are lines).
fn path_data(points: &[(f32, f32)], closed: bool) -> String {
    let mut d = String::new();
    for (k, (x, y)) in points.iter().enumerate() {
        d.push_str(if k == 0 { "M" } else { " " });
        let _ = write!(d, "{} {}", num(*x), num(*y));
    }
    if closed {
        d.push('Z');
    }
    d
}

/// `t` as an SVG transform: a translation alone when it is one.
fn matrix(t: Transform) -> String {
    if (t.sx, t.ky, t.kx, t.sy) == (1.0, 0.0, 0.0, 1.0) {
        return format!("translate({} {})", num(t.tx), num(t.ty));
    }
    format!(
        "matrix({} {} {} {} {} {})",
        factor(t.sx),
        factor(t.ky),
        factor(t.kx),
        factor(t.sy),
        num(t.tx),
        num(t.ty)
    )
}

/// `text` with the XML specials escaped (`'` is left as it is: every attribute here
/// is in double quotes).
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

impl Canvas for Svg {
    fn size(&self) -> (u32, u32) {
        self.size
    }

    fn clear(&mut self, color: Rgb) {
        let (w, h) = self.size;
        let fill = paint_attr("fill", color.color());
        let _ = write!(self.body, r#"<rect width="{w}" height="{h}" {fill}/>"#);
    }

    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Color) {
        if !(w > 0.0 && h > 0.0 && x.is_finite() && y.is_finite()) {
            return;
        }
        let _ = write!(
            self.body,
            r#"<rect x="{}" y="{}" width="{}" height="{}" {}/>"#,
            num(x),
            num(y),
            num(w),
            num(h),
            paint_attr("fill", color)
        );
    }

    fn fill_polygon(&mut self, points: &[(f32, f32)], color: Color) {
        if points.is_empty() {
            return;
        }
        let d = path_data(points, true);
        let fill = paint_attr("fill", color);
        let _ = write!(self.body, r#"<path d="{d}" {fill}/>"#);
    }

    fn stroke_polyline(&mut self, points: &[(f32, f32)], closed: bool, color: Color, width: f32) {
        if points.len() < 2 {
            return;
        }
        let d = path_data(points, closed);
        let stroke = paint_attr("stroke", color);
        let _ = write!(
            self.body,
            r#"<path d="{d}" fill="none" {stroke} stroke-width="{}"/>"#,
            num(width)
        );
    }

    fn tile(&mut self, tile: Tile, r: f32, cx: f32, cy: f32) {
        let id = self.tile_id(tile, r);
        let (size, (left, top)) = tile_square(r, cx, cy);
        let half = size as f32 / 2.0;
        let (x, y) = (num(left as f32 + half), num(top as f32 + half));
        let _ = write!(self.body, r##"<use href="#t{id}" x="{x}" y="{y}"/>"##);
    }

    fn text(&mut self, words: &str, x: f32, y: f32, style: TextStyle) {
        let Some(run) = text::layout(words, x, y, style) else {
            return;
        };
        let k = run.size / outline::units_per_em();
        let fill = paint_attr("fill", style.color);
        let _ = write!(
            self.body,
            r#"<g {fill}><text transform="{}" x="1" y="{}" font-size="{}" fill="none">{}</text>"#,
            matrix(run.transform),
            num(run.size * 0.93),
            num(run.size),
            escape(words)
        );
        let glyphs = run.transform.pre_scale(k, -k);
        let _ = write!(self.body, r#"<g transform="{}">"#, matrix(glyphs));
        for glyph in &run.glyphs {
            if !self.glyph(glyph.c) {
                continue;
            }
            let (ox, oy) = glyph.origin();
            let _ = write!(
                self.body,
                r##"<use href="#g{:x}" x="{}" y="{}"/>"##,
                u32::from(glyph.c),
                factor_units(ox / k),
                factor_units(-oy / k)
            );
        }
        self.body.push_str("</g></g>");
    }

    fn begin(&mut self, group: Group) {
        match group {
            Group::Item(pos) => {
                let _ = write!(self.body, r#"<g data-cell="{}">"#, name(pos));
            }
            Group::Part(part) => {
                let _ = write!(self.body, r#"<g data-part="{part}">"#);
            }
            Group::Level(number) => {
                let _ = write!(self.body, r#"<g data-level="{number}">"#);
            }
            Group::Look(look) => {
                let _ = write!(self.body, r#"<g data-look="{look}">"#);
            }
        }
    }

    fn end(&mut self) {
        self.body.push_str("</g>");
    }
}

/// A position in font units: one decimal is far below a pixel.
fn factor_units(v: f32) -> String {
    let s = format!("{v:.1}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    match s {
        "-0" | "" => "0".to_string(),
        s => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::palette;
    use crate::render::text::left;

    #[test]
    fn numbers_are_short_and_text_is_escaped() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(12.345), "12.35");
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }

    #[test]
    fn a_tile_and_a_glyph_are_defined_once() {
        let mut svg = Svg::new(100, 50);
        let tile = Tile::Cell {
            rim: palette::BLUE_RIM,
            fill: palette::BLUE,
            core: None,
        };
        svg.tile(tile, 10.0, 20.0, 20.0);
        svg.tile(tile, 10.0, 50.0, 20.0);
        svg.text("11", 5.0, 5.0, left(12.0, palette::TEXT.color()));
        let doc = svg.finish();
        assert_eq!(doc.matches(r#"<g id="t0">"#).count(), 1, "{doc}");
        assert_eq!(doc.matches(r##"href="#t0""##).count(), 2);
        assert_eq!(doc.matches(r#"id="g31""#).count(), 1);
        assert_eq!(doc.matches(r##"href="#g31""##).count(), 2);
        assert!(doc.contains(">11</text>"), "{doc}");
    }
}
