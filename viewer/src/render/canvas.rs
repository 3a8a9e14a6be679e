//! The drawing interface the renderers paint through: filled and stroked shapes, the
//! cached hexagon tiles of cells, text runs, and groups that name what they hold (a
//! cell by its Hexix name, a part of the frame such as the counters). Two backends
//! implement it: `Pixels` in pixels.rs (tiny-skia: the window, `--png`, tests that
//! probe pixels) and `Svg` in svg.rs (SVG text: `--svg`, `--serve`, the page of
//! `--html`), so both are drawn by the same code.

use hexcells_core::Pos;
use tiny_skia::Color;

use super::palette::Rgb;
use super::text::TextStyle;

/// A hexagon shape drawn once per radius and colours and reused for every cell that
/// shows it (a cached pixel tile, or an SVG `<use>` of one definition).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// A cell: rim, fill, and the core of a guess.
    Cell { rim: Rgb, fill: Rgb, core: Option<Rgb> },
    /// The outline of a highlighted flower or beam member (stroke width as bits).
    Outline { color: Rgb, width: u32 },
}

/// What a group of drawing holds, for tools that read the picture (an SVG element's
/// `data-cell`, `data-part`, `data-level` or `data-look`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// The item (cell or column number) at this position.
    Item(Pos),
    /// A named part of the frame: `title`, `remaining`, `mistakes`, `status`, ...
    Part(&'static str),
    /// A level of the pack, by its number from 1 (a point of the pack overview).
    Level(usize),
    /// One of the looks of the item or part it sits in, of which a page shows one at a
    /// time (`hidden` and `shown` for a cell of the published page, `--html`); the only
    /// group that nests, in an item or a part.
    Look(&'static str),
}

/// A surface the renderers draw on, in frame pixels (origin top left, y down).
pub trait Canvas {
    /// The frame's width and height in pixels.
    fn size(&self) -> (u32, u32);
    /// Covers the whole frame with `color`.
    fn clear(&mut self, color: Rgb);
    /// Fills the rectangle at `(x, y)`, `w` by `h` (nothing when it is empty).
    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Color);
    /// Fills the closed polygon through `points` (anti-aliased, non-zero winding).
    fn fill_polygon(&mut self, points: &[(f32, f32)], color: Color);
    /// Strokes the line through `points`, closed back to the first when `closed`
    /// (butt caps, miter joins).
    fn stroke_polyline(&mut self, points: &[(f32, f32)], closed: bool, color: Color, width: f32);
    /// The tile `tile` of a hexagon of radius `r`, centred on `(cx, cy)` (rounded to
    /// whole pixels, as a tile is copied).
    fn tile(&mut self, tile: Tile, r: f32, cx: f32, cy: f32);
    /// `text` at `(x, y)` as `style` places it (see [`super::text::layout`]).
    fn text(&mut self, text: &str, x: f32, y: f32, style: TextStyle);
    /// Starts a group of what follows, until [`Canvas::end`]; groups do not nest, but
    /// for a [`Group::Look`] in an item or a part.
    fn begin(&mut self, _group: Group) {}
    /// Ends the group [`Canvas::begin`] started.
    fn end(&mut self) {}
}

/// Draws the hexagon tile `tile` of radius `r` into a fresh square of `size` pixels
/// with its centre at `c` — what a tile is, for both backends: the cell's rim, fill and
/// guess core as nested hexagons, or an outline just inside the edge.
pub fn tile_shapes(tile: Tile, r: f32, c: f32, canvas: &mut dyn Canvas) {
    let hexagon = |k: f32| hexagon_at(c, c, r * k);
    match tile {
        Tile::Cell { rim, fill, core } => {
            canvas.fill_polygon(&hexagon(0.94), rim.color());
            canvas.fill_polygon(&hexagon(0.78), fill.color());
            if let Some(core) = core {
                canvas.fill_polygon(&hexagon(0.5), core.color());
            }
        }
        Tile::Outline { color, width } => {
            canvas.stroke_polyline(&hexagon(0.9), true, color.color(), f32::from_bits(width));
        }
    }
}

/// A tile's square side in pixels for radius `r`, and where its top-left corner goes
/// for a tile centred on `(cx, cy)`: tiles sit on whole pixels.
pub fn tile_square(r: f32, cx: f32, cy: f32) -> (u32, (i32, i32)) {
    let size = (2.0 * r).ceil() as u32 + 2;
    let half = size as f32 / 2.0;
    (size, ((cx - half).round() as i32, (cy - half).round() as i32))
}

/// The corners of a flat-topped hexagon centred on `(cx, cy)`.
pub fn hexagon_at(cx: f32, cy: f32, r: f32) -> [(f32, f32); 6] {
    std::array::from_fn(|k| {
        let angle = std::f32::consts::PI / 3.0 * k as f32;
        (cx + r * angle.cos(), cy - r * angle.sin())
    })
}
