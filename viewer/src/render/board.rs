//! Paints a frame: the header (title, author or the playtest's label, counters), the
//! hexagons with their numbers (dimmed ones faint), guesses, column numbers rotated
//! with their rays, highlights, the footer (custom text, status and the key line's
//! parts that fit on up to two lines, cell name under the mouse, error banner) and,
//! when asked, the panel of every key.

use hexcells_core::format::decode_entities;
use hexcells_core::model::{name, Clue};
use hexcells_core::{Color as CellColor, Item, Level, Pos};
use std::cell::RefCell;
use std::collections::HashMap;

use tiny_skia::{Color, FillRule, PathBuilder, Pixmap, PixmapMut, Rect, Stroke, Transform};

use super::layout::FrameLayout;
use super::palette::{self, paint};
use super::text::{self, left, Anchor, TextStyle};
use super::{help, key_line, FrameText, Scene};

/// Paints `scene` laid out by `layout`; returns its words as drawn.
pub fn draw(scene: &Scene, layout: &FrameLayout, pixmap: &mut PixmapMut) -> FrameText {
    let mut words = FrameText {
        size: (pixmap.width(), pixmap.height()),
        ..FrameText::default()
    };
    pixmap.fill(palette::BACKGROUND.color());
    draw_cells(scene, layout, pixmap);
    draw_highlights(scene, layout, pixmap);
    draw_header(scene, layout, pixmap, &mut words);
    draw_footer(scene, layout, pixmap, &mut words);
    if let Some(rows) = scene.help {
        help::draw("Keys", rows, layout, pixmap);
        words.panel = rows.to_vec();
    }
    words
}

fn is_uncovered(scene: &Scene, pos: Pos) -> bool {
    scene.uncovered.get(pos.index()).copied().unwrap_or(false)
}

fn draw_cells(scene: &Scene, layout: &FrameLayout, pixmap: &mut PixmapMut) {
    let r = layout.radius;
    for (pos, item) in scene.level.items() {
        let (cx, cy) = layout.cell_centre(pos);
        let dimmed = scene.dimmed.contains(&pos);
        match item {
            Item::Cell(cell) => {
                let uncovered = is_uncovered(scene, pos);
                let shown = uncovered || scene.show_solution;
                let (rim, fill) = match (shown, cell.color) {
                    (false, _) => (palette::HIDDEN_RIM, palette::HIDDEN),
                    (true, CellColor::Blue) => (palette::BLUE_RIM, palette::BLUE),
                    (true, CellColor::Black) => (palette::BLACK_RIM, palette::BLACK),
                };
                // A previewed cell that is still hidden keeps an orange rim.
                let rim = if shown && !uncovered { palette::HIDDEN } else { rim };
                let guess = match scene.guesses.get(pos.index()).copied().flatten() {
                    Some(_) if uncovered || scene.show_solution => None,
                    Some(CellColor::Blue) => Some(palette::GUESS_BLUE),
                    Some(CellColor::Black) => Some(palette::GUESS_BLACK),
                    None => None,
                };
                let tile = Tile::Cell {
                    rim,
                    fill,
                    core: guess,
                };
                with_tile(r, tile, |tile| blit(pixmap, tile, cx, cy));
                if shown && cell.hint.shows_number() {
                    let color = faded(palette::CELL_TEXT, dimmed);
                    draw_number(pixmap, scene.level, pos, (cx, cy), r, color);
                }
            }
            Item::Column(_) => {
                let color = faded(palette::TEXT, dimmed);
                draw_number(pixmap, scene.level, pos, (cx, cy), r, color);
            }
        }
    }
}

/// A number's colour: faint when the player dimmed it.
fn faded(color: Rgb, dimmed: bool) -> Color {
    let alpha = if dimmed { palette::DIMMED_ALPHA } else { 255 };
    Color::from_rgba8(color.0, color.1, color.2, alpha)
}

fn draw_highlights(scene: &Scene, layout: &FrameLayout, pixmap: &mut PixmapMut) {
    let r = layout.radius;
    let width = (2.0 * layout.scale).max(r * 0.08);
    // Each member once, however many highlighted clues share it, from a cached tile:
    // highlight-all outlines hundreds of cells on a large level.
    let mut outlined = vec![false; Pos::all().count()];
    let outline = Tile::Outline {
        color: palette::HIGHLIGHT,
        width: width.to_bits(),
    };
    for clue in scene.highlights.iter().filter_map(|p| Clue::at(scene.level, *p)) {
        for member in &clue.members {
            if std::mem::replace(&mut outlined[member.index()], true) {
                continue;
            }
            let (cx, cy) = layout.cell_centre(*member);
            with_tile(r, outline, |tile| blit(pixmap, tile, cx, cy));
        }
    }
    if let Some(pos) = scene.hover {
        outline_cell(pixmap, layout, pos, palette::SOFT_TEXT.color(), width * 0.6);
    }
    if let Some(pos) = scene.cursor {
        outline_cell(pixmap, layout, pos, palette::CURSOR.color(), width);
    }
    for &pos in scene.rule_clues {
        outline_cell(pixmap, layout, pos, palette::HINT.color(), width);
    }
    if let Some(pos) = scene.hint {
        outline_cell(pixmap, layout, pos, palette::HINT.color(), width * 1.5);
    }
}

fn draw_header(scene: &Scene, layout: &FrameLayout, pixmap: &mut PixmapMut, words: &mut FrameText) {
    let s = layout.scale;
    let counters_w = 2.0 * 96.0 * s + 8.0 * s;
    let text_w = (layout.width - counters_w - 24.0 * s).max(10.0);
    let title = decode_entities(&scene.level.title);
    let author = decode_entities(&scene.level.author);
    match scene.label {
        Some(label) => {
            // The playtest's label takes the author's place, and the author follows it.
            draw_title(pixmap, s, &title, "", text_w);
            let badge_w = draw_badge(pixmap, s, label, 12.0 * s, 36.0 * s, text_w);
            let rest = text_w - badge_w - 8.0 * s;
            if rest > 40.0 * s {
                let author = text::fit(&author, 14.0 * s, rest);
                let style = left(14.0 * s, palette::SOFT_TEXT.color());
                text::draw(pixmap, &author, 20.0 * s + badge_w, 38.0 * s, style);
            }
            words.label = label.to_string();
        }
        None => draw_title(pixmap, s, &title, &author, text_w),
    }
    words.title = title.into_owned();
    let counters = [
        ("REMAINING", scene.remaining.to_string()),
        ("MISTAKES", scene.mistakes.to_string()),
    ];
    for (k, (label, value)) in counters.iter().enumerate() {
        let x = layout.width - (2 - k) as f32 * (96.0 + 4.0) * s - 4.0 * s;
        if let Some(rect) = Rect::from_xywh(x, 8.0 * s, 96.0 * s, 48.0 * s) {
            pixmap.fill_rect(rect, &paint(palette::BLUE.color()), Transform::identity(), None);
        }
        let cx = x + 48.0 * s;
        text::draw(
            pixmap,
            label,
            cx,
            17.0 * s,
            centred(10.0 * s, palette::CELL_TEXT.color(), 0.0),
        );
        text::draw(
            pixmap,
            value,
            cx,
            39.0 * s,
            centred(20.0 * s, palette::CELL_TEXT.color(), 0.0),
        );
    }
}

fn draw_footer(scene: &Scene, layout: &FrameLayout, pixmap: &mut PixmapMut, words: &mut FrameText) {
    let s = layout.scale;
    let top = layout.height - layout.footer;
    for (k, line) in scene.level.custom_text.iter().enumerate() {
        let line = decode_entities(line);
        let line = text::fit(&line, 14.0 * s, layout.width - 24.0 * s);
        let y = top + 12.0 * s + 18.0 * s * k as f32;
        text::draw(
            pixmap,
            &line,
            layout.width / 2.0,
            y,
            centred(14.0 * s, palette::SOFT_TEXT.color(), 0.0),
        );
    }
    let status_y = top + 42.0 * s;
    let hover = scene.hover.map(name).unwrap_or_default();
    let hover_w = text::measure("AG33", 14.0 * s).0 + 16.0 * s;
    let width = layout.width - hover_w - 24.0 * s;
    let lines = if scene.keys.is_empty() {
        text::wrap(&scene.status, 13.0 * s, width, 2)
    } else {
        let (lines, shown) = key_line::fit_lines(&scene.status, scene.keys, 13.0 * s, width, 2);
        words.keys = shown;
        lines
    };
    words.status = lines.clone();
    for (k, line) in lines.iter().enumerate() {
        text::draw(
            pixmap,
            line,
            12.0 * s,
            status_y + 17.0 * s * k as f32,
            left(13.0 * s, palette::TEXT.color()),
        );
    }
    let hover_style = TextStyle {
        anchor: Anchor::TopRight,
        ..left(14.0 * s, palette::TEXT.color())
    };
    text::draw(pixmap, &hover, layout.width - 12.0 * s, status_y, hover_style);
    if let Some(banner) = &scene.banner {
        draw_banner(pixmap, layout, banner);
    }
}

/// The number of the clue at `pos` (a numbered cell or a column number), centred on
/// `centre` and turned along a column number's direction, in a cell of radius `r`.
pub(super) fn draw_number(
    pixmap: &mut PixmapMut,
    level: &Level,
    pos: Pos,
    centre: (f32, f32),
    r: f32,
    color: Color,
) {
    let Some(clue) = Clue::at(level, pos) else { return };
    let label = clue.hint.display(clue.count(level));
    let (max_width, rotation) = match level.get(pos) {
        Some(Item::Column(column)) => (1.6 * r, column.direction.angle() as f32),
        _ => (1.3 * r, 0.0),
    };
    let size = fitted_size(&label, 0.8 * r, max_width);
    text::draw(pixmap, &label, centre.0, centre.1, centred(size, color, rotation));
}

/// The level's title and author at the top left, each cut to `width` (`s`: the scale).
pub(super) fn draw_title(pixmap: &mut PixmapMut, s: f32, title: &str, author: &str, width: f32) {
    let title = text::fit(title, 22.0 * s, width);
    text::draw(
        pixmap,
        &title,
        12.0 * s,
        8.0 * s,
        left(22.0 * s, palette::TEXT.color()),
    );
    let author = text::fit(author, 14.0 * s, width);
    let style = left(14.0 * s, palette::SOFT_TEXT.color());
    text::draw(pixmap, &author, 12.0 * s, 38.0 * s, style);
}

/// `label` in white on a coloured band with its top-left at `(x, y)`, cut to `width`;
/// returns the band's width.
pub(super) fn draw_badge(pixmap: &mut PixmapMut, s: f32, label: &str, x: f32, y: f32, width: f32) -> f32 {
    let size = 13.0 * s;
    let pad = 6.0 * s;
    let label = text::fit(label, size, (width - 2.0 * pad).max(1.0));
    let (w, h) = text::measure(&label, size);
    let band_w = w + 2.0 * pad;
    if let Some(rect) = Rect::from_xywh(x, y, band_w, h + 2.0 * s + pad / 2.0) {
        pixmap.fill_rect(
            rect,
            &paint(palette::PLAYTEST.color()),
            Transform::identity(),
            None,
        );
    }
    let style = left(size, palette::CELL_TEXT.color());
    text::draw(pixmap, &label, x + pad, y + pad / 4.0, style);
    band_w
}

/// The red band at the bottom that names the text's first error.
pub(super) fn draw_banner(pixmap: &mut PixmapMut, layout: &FrameLayout, banner: &str) {
    let s = layout.scale;
    let h = 24.0 * s;
    if let Some(rect) = Rect::from_xywh(0.0, layout.height - h, layout.width, h) {
        pixmap.fill_rect(rect, &paint(palette::BANNER.color()), Transform::identity(), None);
    }
    let banner = text::fit(banner, 13.0 * s, layout.width - 24.0 * s);
    let y = layout.height - h + 4.0 * s;
    text::draw(
        pixmap,
        &banner,
        12.0 * s,
        y,
        left(13.0 * s, palette::CELL_TEXT.color()),
    );
}

use palette::Rgb;

/// What a cached tile shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Tile {
    /// A cell: rim, fill, and the core of a guess.
    Cell { rim: Rgb, fill: Rgb, core: Option<Rgb> },
    /// The outline of a highlighted flower or beam member (stroke width as bits).
    Outline { color: Rgb, width: u32 },
}

type TileKey = (u32, Tile);

thread_local! {
    /// Hexagon tiles, drawn once per radius and colours and copied for every cell:
    /// much cheaper than filling or stroking anti-aliased paths per cell each frame.
    static TILES: RefCell<HashMap<TileKey, Option<Pixmap>>> = RefCell::new(HashMap::new());
}

pub(super) fn with_tile(r: f32, kind: Tile, f: impl FnOnce(&Pixmap)) {
    TILES.with(|tiles| {
        let mut tiles = tiles.borrow_mut();
        if tiles.len() > 64 {
            tiles.clear();
        }
        let tile = tiles.entry((r.to_bits(), kind)).or_insert_with(|| {
            let size = (2.0 * r).ceil() as u32 + 2;
            let mut tile = Pixmap::new(size, size)?;
            let c = size as f32 / 2.0;
            let hexagon = |k: f32| hexagon_at(c, c, r * k);
            match kind {
                Tile::Cell { rim, fill, core } => {
                    fill_polygon(&mut tile.as_mut(), &hexagon(0.94), rim.color());
                    fill_polygon(&mut tile.as_mut(), &hexagon(0.78), fill.color());
                    if let Some(core) = core {
                        fill_polygon(&mut tile.as_mut(), &hexagon(0.5), core.color());
                    }
                }
                Tile::Outline { color, width } => {
                    let width = f32::from_bits(width);
                    stroke_polygon(&mut tile.as_mut(), &hexagon(0.9), color.color(), width);
                }
            }
            Some(tile)
        });
        if let Some(tile) = tile {
            f(tile);
        }
    });
}

/// The corners of a flat-topped hexagon centred on `(cx, cy)`.
pub(super) fn hexagon_at(cx: f32, cy: f32, r: f32) -> [(f32, f32); 6] {
    std::array::from_fn(|k| {
        let angle = std::f32::consts::PI / 3.0 * k as f32;
        (cx + r * angle.cos(), cy - r * angle.sin())
    })
}

/// Copies `tile` centred on `(cx, cy)` over the frame (premultiplied "over").
pub(super) fn blit(pixmap: &mut PixmapMut, tile: &Pixmap, cx: f32, cy: f32) {
    let (fw, fh) = (pixmap.width() as i32, pixmap.height() as i32);
    let (tw, th) = (tile.width() as i32, tile.height() as i32);
    let left = (cx - tw as f32 / 2.0).round() as i32;
    let top = (cy - th as f32 / 2.0).round() as i32;
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

/// `size`, or smaller so that `label` is at most `max_width` wide.
pub(super) fn fitted_size(label: &str, size: f32, max_width: f32) -> f32 {
    let width = text::measure(label, size).0;
    if width > max_width && width > 0.0 {
        size * max_width / width
    } else {
        size
    }
}

pub(super) fn centred(size: f32, color: Color, rotation: f32) -> TextStyle {
    TextStyle {
        size,
        color,
        rotation,
        anchor: Anchor::Centre,
    }
}

fn polygon(points: &[(f32, f32)]) -> Option<tiny_skia::Path> {
    let mut pb = PathBuilder::new();
    let (first, rest) = points.split_first()?;
    pb.move_to(first.0, first.1);
    for p in rest {
        pb.line_to(p.0, p.1);
    }
    pb.close();
    pb.finish()
}

pub(super) fn fill_polygon(pixmap: &mut PixmapMut, points: &[(f32, f32)], color: Color) {
    if let Some(path) = polygon(points) {
        pixmap.fill_path(
            &path,
            &paint(color),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

/// Outlines the hexagon at `pos`, just inside its edge: the cursor, the hover, a hint.
pub(super) fn outline_cell(pixmap: &mut PixmapMut, layout: &FrameLayout, pos: Pos, color: Color, width: f32) {
    stroke_polygon(pixmap, &layout.hexagon(pos, layout.radius * 0.98), color, width);
}

pub(super) fn stroke_polygon(pixmap: &mut PixmapMut, points: &[(f32, f32)], color: Color, width: f32) {
    if let Some(path) = polygon(points) {
        let stroke = Stroke {
            width,
            ..Stroke::default()
        };
        pixmap.stroke_path(&path, &paint(color), &stroke, Transform::identity(), None);
    }
}
