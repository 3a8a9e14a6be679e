//! The help panel: every binding in force (keys, what they do), drawn over the board
//! in two columns, smaller when the window is short.

use tiny_skia::{PixmapMut, Rect, Transform};

use super::layout::Layout;
use super::palette::{self, paint};
use super::text::{self, left};

/// Draws `rows` (keys, description) on a panel in the middle of the frame.
pub fn draw(rows: &[(String, String)], layout: &Layout, pixmap: &mut PixmapMut) {
    let s = layout.scale;
    let margin = 16.0 * s;
    let max_w = (layout.width - 2.0 * margin).max(10.0);
    let max_h = (layout.height - 2.0 * margin).max(10.0);
    // One line for the title, one per row, half a line of padding above and below.
    let n_lines = rows.len() as f32 + 2.0;
    let mut size = 15.0 * s;
    let line = |size: f32| size * 1.45;
    if line(size) * n_lines > max_h {
        size = (max_h / n_lines / 1.45).max(4.0);
    }
    let keys_w = rows
        .iter()
        .map(|(keys, _)| text::measure(keys, size).0)
        .fold(0.0f32, f32::max);
    let text_w = rows
        .iter()
        .map(|(_, what)| text::measure(what, size).0)
        .fold(0.0f32, f32::max);
    let pad = size;
    let panel_w = (keys_w + text_w + 3.0 * pad).min(max_w);
    let panel_h = line(size) * n_lines;
    let x0 = (layout.width - panel_w) / 2.0;
    let y0 = (layout.height - panel_h) / 2.0;
    let border = (1.5 * s).max(1.0);
    if let Some(rect) = Rect::from_xywh(
        x0 - border,
        y0 - border,
        panel_w + 2.0 * border,
        panel_h + 2.0 * border,
    ) {
        pixmap.fill_rect(
            rect,
            &paint(palette::BLUE_RIM.color()),
            Transform::identity(),
            None,
        );
    }
    if let Some(rect) = Rect::from_xywh(x0, y0, panel_w, panel_h) {
        pixmap.fill_rect(rect, &paint(palette::PANEL.color()), Transform::identity(), None);
    }
    let mut y = y0 + line(size) * 0.5;
    text::draw(
        pixmap,
        "Keys",
        x0 + pad,
        y,
        left(size, palette::SOFT_TEXT.color()),
    );
    let what_x = x0 + 2.0 * pad + keys_w;
    let what_w = (x0 + panel_w - pad - what_x).max(1.0);
    for (keys, what) in rows {
        y += line(size);
        let keys = text::fit(keys, size, keys_w + 1.0);
        text::draw(pixmap, &keys, x0 + pad, y, left(size, palette::BLUE_RIM.color()));
        let what = text::fit(what, size, what_w);
        text::draw(pixmap, &what, what_x, y, left(size, palette::TEXT.color()));
    }
}
