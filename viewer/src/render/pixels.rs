//! The pixel backend of [`Canvas`]: tiny-skia paths, anti-aliased, onto a premultiplied
//! RGBA frame (the window's, `--png`'s); cell tiles drawn once per radius and colours
//! and copied for every cell; text as fontdue's bitmaps ([`text::draw`]).

use std::cell::RefCell;
use std::collections::HashMap;

use tiny_skia::{Color, FillRule, PathBuilder, Pixmap, PixmapMut, Rect, Stroke, Transform};

use super::canvas::{tile_shapes, tile_square, Canvas, Tile};
use super::palette::{paint, Rgb};
use super::text::{self, TextStyle};

/// A frame of pixels to draw on.
pub struct Pixels<'p, 'a>(pub &'p mut PixmapMut<'a>);

impl Canvas for Pixels<'_, '_> {
    fn size(&self) -> (u32, u32) {
        (self.0.width(), self.0.height())
    }

    fn clear(&mut self, color: Rgb) {
        self.0.fill(color.color());
    }

    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Color) {
        if let Some(rect) = Rect::from_xywh(x, y, w, h) {
            self.0.fill_rect(rect, &paint(color), Transform::identity(), None);
        }
    }

    fn fill_polygon(&mut self, points: &[(f32, f32)], color: Color) {
        if let Some(path) = polyline(points, true) {
            self.0.fill_path(
                &path,
                &paint(color),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
    }

    fn stroke_polyline(&mut self, points: &[(f32, f32)], closed: bool, color: Color, width: f32) {
        if let Some(path) = polyline(points, closed) {
            let stroke = Stroke {
                width,
                ..Stroke::default()
            };
            self.0
                .stroke_path(&path, &paint(color), &stroke, Transform::identity(), None);
        }
    }

    fn tile(&mut self, tile: Tile, r: f32, cx: f32, cy: f32) {
        let (size, corner) = tile_square(r, cx, cy);
        TILES.with(|tiles| {
            let mut tiles = tiles.borrow_mut();
            if tiles.len() > 64 {
                tiles.clear();
            }
            let made = tiles.entry((r.to_bits(), tile)).or_insert_with(|| {
                let mut pixmap = Pixmap::new(size, size)?;
                tile_shapes(tile, r, size as f32 / 2.0, &mut Pixels(&mut pixmap.as_mut()));
                Some(pixmap)
            });
            if let Some(made) = made {
                blit(self.0, made, corner);
            }
        });
    }

    fn text(&mut self, text: &str, x: f32, y: f32, style: TextStyle) {
        text::draw(self.0, text, x, y, style);
    }
}

fn polyline(points: &[(f32, f32)], closed: bool) -> Option<tiny_skia::Path> {
    let mut pb = PathBuilder::new();
    let (first, rest) = points.split_first()?;
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    if closed {
        pb.close();
    }
    pb.finish()
}

type TileKey = (u32, Tile);

thread_local! {
    /// Hexagon tiles, drawn once per radius and colours and copied for every cell:
    /// much cheaper than filling or stroking anti-aliased paths per cell each frame.
    static TILES: RefCell<HashMap<TileKey, Option<Pixmap>>> = RefCell::new(HashMap::new());
}

/// Copies `tile` with its top-left corner at `corner` over the frame (premultiplied
/// "over").
fn blit(pixmap: &mut PixmapMut, tile: &Pixmap, (left, top): (i32, i32)) {
    let (fw, fh) = (pixmap.width() as i32, pixmap.height() as i32);
    let (tw, th) = (tile.width() as i32, tile.height() as i32);
    let src = tile.data();
    let dst = pixmap.data_mut();
    for ty in 0..th {
        let y = top + ty;
        if !(0..fh).contains(&y) {
            continue;
        }
        let x0 = left.max(0);
        let x1 = (left + tw).min(fw);
        for x in x0..x1 {
            let s = ((ty * tw + (x - left)) * 4) as usize;
            let d = ((y * fw + x) * 4) as usize;
            let (Some(s), Some(d)) = (src.get(s..s + 4), dst.get_mut(d..d + 4)) else {
                continue;
            };
            match s[3] {
                0 => {}
                255 => d.copy_from_slice(s),
                a => {
                    let keep = 255 - u32::from(a);
                    for (dc, sc) in d.iter_mut().zip(s) {
                        *dc = (u32::from(*sc) + (u32::from(*dc) * keep + 127) / 255) as u8;
                    }
                }
            }
        }
    }
}
