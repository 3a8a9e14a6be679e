//! The help panel: every binding in force (keys, what they do), drawn over the board
//! in two columns; a description too wide for the window takes more lines (broken
//! between words), and the letters get smaller when the window is short.

use super::canvas::Canvas;
use super::layout::FrameLayout;
use super::palette;
use super::text::{self, left};

/// The panel's letters: this size, smaller when the window is short.
const SIZE: f32 = 15.0;
/// The smallest size the letters shrink to.
const SMALLEST: f32 = 7.0;
/// A description takes at most this many lines.
const MAX_LINES: usize = 3;

/// The panel laid out at one letter size.
struct Fitted {
    size: f32,
    keys_w: f32,
    what_w: f32,
    /// Each row's description, on its lines.
    lines: Vec<Vec<String>>,
}

impl Fitted {
    fn n_lines(&self) -> usize {
        self.lines.iter().map(Vec::len).sum()
    }
}

fn line_height(size: f32) -> f32 {
    size * 1.45
}

/// The rows at letter size `size` in a panel at most `max_w` wide.
fn fit_at(rows: &[(String, String)], size: f32, max_w: f32) -> Fitted {
    let pad = size;
    let widest = |texts: &mut dyn Iterator<Item = &String>| {
        texts.map(|t| text::measure(t, size).0).fold(0.0f32, f32::max)
    };
    // The keys get at most half the panel; the descriptions the rest.
    let keys_w = widest(&mut rows.iter().map(|(keys, _)| keys)).min(max_w / 2.0);
    let room = (max_w - keys_w - 3.0 * pad).max(1.0);
    let what_w = widest(&mut rows.iter().map(|(_, what)| what)).min(room);
    let lines = rows
        .iter()
        .map(|(_, what)| text::wrap(what, size, what_w + 0.5, MAX_LINES))
        .collect();
    Fitted {
        size,
        keys_w,
        what_w,
        lines,
    }
}

/// Draws `rows` (keys, description) on a panel headed `title` in the middle of the
/// frame.
pub fn draw(title: &str, rows: &[(String, String)], layout: &FrameLayout, canvas: &mut dyn Canvas) {
    let s = layout.scale;
    let margin = 16.0 * s;
    let max_w = (layout.width - 2.0 * margin).max(10.0);
    let max_h = (layout.height - 2.0 * margin).max(10.0);
    // One line for the title, one or more per row, half a line of padding above and below.
    let height = |fitted: &Fitted| line_height(fitted.size) * (fitted.n_lines() as f32 + 2.0);
    let mut fitted = fit_at(rows, SIZE * s, max_w);
    while height(&fitted) > max_h && fitted.size > SMALLEST * s {
        fitted = fit_at(rows, (fitted.size * 0.92).max(SMALLEST * s), max_w);
    }
    let size = fitted.size;
    let pad = size;
    let panel_w = (fitted.keys_w + fitted.what_w + 3.0 * pad).min(max_w);
    let panel_h = height(&fitted);
    let x0 = (layout.width - panel_w) / 2.0;
    let y0 = ((layout.height - panel_h) / 2.0).max(0.0);
    panel(canvas, x0, y0, panel_w, panel_h, s);
    let line = line_height(size);
    let mut y = y0 + line * 0.5;
    canvas.text(title, x0 + pad, y, left(size, palette::SOFT_TEXT.color()));
    let what_x = x0 + 2.0 * pad + fitted.keys_w;
    for ((keys, _), what) in rows.iter().zip(&fitted.lines) {
        y += line;
        let keys = text::fit(keys, size, fitted.keys_w + 1.0);
        canvas.text(&keys, x0 + pad, y, left(size, palette::BLUE_RIM.color()));
        for (k, part) in what.iter().enumerate() {
            if k > 0 {
                y += line;
            }
            canvas.text(part, what_x, y, left(size, palette::TEXT.color()));
        }
    }
}

/// A panel over the board at (`x0`, `y0`), `w` by `h`, with a blue rim as thick as the
/// window's `scale` makes it: the help panel's, and the editor's first steps'.
pub(super) fn panel(canvas: &mut dyn Canvas, x0: f32, y0: f32, w: f32, h: f32, scale: f32) {
    let border = (1.5 * scale).max(1.0);
    let rim = palette::BLUE_RIM.color();
    canvas.fill_rect(x0 - border, y0 - border, w + 2.0 * border, h + 2.0 * border, rim);
    canvas.fill_rect(x0, y0, w, h, palette::PANEL.color());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_narrow_panel_breaks_a_description_between_words() {
        let rows = vec![
            ("Ctrl+Z".to_string(), "undo an edit".to_string()),
            (
                "Shift+Click".to_string(),
                "select an item; on empty space, drag a freehand selection".to_string(),
            ),
        ];
        let wide = fit_at(&rows, 15.0, 2000.0);
        assert_eq!(wide.n_lines(), 2, "one line each");
        let narrow = fit_at(&rows, 15.0, 420.0);
        assert!(narrow.lines[1].len() >= 2, "{:?}", narrow.lines);
        let joined = narrow.lines[1].join(" ");
        assert_eq!(joined, rows[1].1, "nothing lost, nothing cut");
        for part in &narrow.lines[1] {
            assert!(text::measure(part, 15.0).0 <= narrow.what_w + 0.5, "{part}");
        }
    }
}
