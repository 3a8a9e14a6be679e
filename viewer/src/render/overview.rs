//! The pack overview: the pack's difficulty curve as a small chart over the board.
//! Levels go left to right, the score goes up; the five grades' bands lie behind (each
//! band as tall as the others, the score linear within it); a line joins the graded
//! levels, red into a level easier than the graded one before it; the level shown is
//! ringed; a stuck level, one with errors, one the engine gave up on or one still
//! being graded sits below the bands, marked as such. Each level's point and number is
//! a group of its own (`data-level` in the SVG).

use hexcells_core::analysis::{CurvePoint, Standing};
use hexcells_core::format::decode_entities;
use hexcells_core::solve::{Grade, GradeModel};
use std::ops::Add;

use tiny_skia::Color;

use super::canvas::{hexagon_at, Canvas, Group};
use super::frame_text::FrameText;
use super::help;
use super::layout::FrameLayout;
use super::palette::{self, Rgb};
use super::text::{self, left, Anchor, TextStyle};

/// The pack overview as a frame shows it: plain data the player builds.
#[derive(Clone, Copy, Debug)]
pub struct PackOverview<'a> {
    /// The pack's levels on their curve, in order (empty before the first grading).
    pub points: &'a [CurvePoint],
    /// The index of the level shown.
    pub current: usize,
    /// The panel's heading: what it is and how to hide it, or that it is grading.
    pub heading: &'a str,
}

/// What the marks mean, under the chart.
const LEGEND: &str = "red: easier than the graded level before · crossed out: stuck · ringed: shown";

/// The band behind the graded points: light, then lighter, from easy up.
const BAND_TINTS: [Rgb; 5] = [
    Rgb(236, 246, 252),
    Rgb(226, 240, 250),
    Rgb(214, 233, 247),
    Rgb(200, 225, 243),
    Rgb(186, 216, 239),
];

/// Where a score sits from the bottom of the bands, in bands (0 to 5): its grade's
/// band, and linearly within it (the hard band ends at `top`).
fn height_of(grade: Grade, score: f64, top: f64) -> f32 {
    let bands = GradeModel::TUNED.bands;
    let k = usize::from(grade.number()) - 1;
    let from = if k == 0 { 0.0 } else { bands[k - 1] };
    let to = bands.get(k).copied().unwrap_or(top);
    let within = if to > from {
        ((score - from) / (to - from)).clamp(0.0, 1.0)
    } else {
        0.0
    };
    k as f32 + 0.1 + 0.8 * within as f32
}

/// Draws `overview` on a panel over the frame; its words go to `words.overview`.
pub fn draw(overview: &PackOverview, layout: &FrameLayout, canvas: &mut dyn Canvas, words: &mut FrameText) {
    let s = layout.scale;
    let points = overview.points;
    let n = points.len().max(1);
    let margin = 16.0 * s;
    let pad = 14.0 * s;
    let size = 12.0 * s;
    let label_w = Grade::ALL
        .iter()
        .map(|g| text::measure(g.name(), size).0)
        .fold(0.0f32, f32::max)
        + 12.0 * s;
    let max_w = (layout.width - 2.0 * margin).max(40.0 * s);
    // Columns of up to 48 pixels, wider when the words need a wider panel.
    let words_w = text::measure(overview.heading, 14.0 * s)
        .0
        .max(text::measure(LEGEND, 11.0 * s).0);
    let panel_w = (label_w + 48.0 * s * n as f32)
        .max(words_w)
        .add(2.0 * pad)
        .min(max_w);
    let col_w = ((panel_w - label_w - 2.0 * pad) / n as f32).max(2.0 * s);
    let panel_h = (layout.height - 2.0 * margin).clamp(40.0 * s, 320.0 * s);
    let x0 = (layout.width - panel_w) / 2.0;
    let y0 = ((layout.height - panel_h) / 2.0).max(0.0);
    // From the top: the heading, the bands, the strip of levels without a grade, the
    // levels' numbers, the legend.
    let heading_h = 28.0 * s;
    let strip_h = 22.0 * s;
    let numbers_h = 18.0 * s;
    let legend_h = 18.0 * s;
    let plot_top = y0 + heading_h;
    let plot_h = (panel_h - heading_h - strip_h - numbers_h - legend_h - pad).max(10.0 * s);
    let band_h = plot_h / 5.0;
    let bands_bottom = plot_top + plot_h;
    let strip_y = bands_bottom + strip_h / 2.0;
    let numbers_y = bands_bottom + strip_h + 2.0 * s;
    let legend_y = numbers_y + numbers_h;
    let plot_x = x0 + pad + label_w;
    let x_of = |k: usize| plot_x + (k as f32 + 0.5) * col_w;
    let top_score = points
        .iter()
        .filter_map(|p| p.standing.order())
        .map(|o| o.score)
        .fold(2.0 * GradeModel::TUNED.bands[3], f64::max);
    let y_of = |grade: Grade, score: f64| bands_bottom - height_of(grade, score, top_score) * band_h;

    canvas.begin(Group::Part("overview"));
    help::panel(canvas, x0, y0, panel_w, panel_h, s);
    let heading = text::fit(overview.heading, 14.0 * s, panel_w - 2.0 * pad);
    canvas.text(
        &heading,
        x0 + pad,
        y0 + 6.0 * s,
        left(14.0 * s, palette::TEXT.color()),
    );
    words.overview.push(heading);
    for (k, grade) in Grade::ALL.iter().enumerate() {
        let top = bands_bottom - (k + 1) as f32 * band_h;
        canvas.fill_rect(plot_x, top, col_w * n as f32, band_h, BAND_TINTS[k].color());
        let style = TextStyle {
            anchor: Anchor::TopRight,
            ..left(size, palette::SOFT_TEXT.color())
        };
        let (_, h) = text::measure(grade.name(), size);
        canvas.text(grade.name(), plot_x - 6.0 * s, top + (band_h - h) / 2.0, style);
    }
    let legend = text::fit(LEGEND, 11.0 * s, panel_w - 2.0 * pad);
    canvas.text(
        &legend,
        x0 + pad,
        legend_y,
        left(11.0 * s, palette::SOFT_TEXT.color()),
    );
    // The line through the graded levels, red into a level easier than the one before.
    let mut last: Option<(f32, f32)> = None;
    for (k, p) in points.iter().enumerate() {
        let Standing::Graded { grade, order } = p.standing else {
            continue;
        };
        let at = (x_of(k), y_of(grade, order.score));
        if let Some(from) = last {
            let (color, width) = match p.easier_than {
                Some(_) => (palette::BANNER.color(), 2.5 * s),
                None => (palette::BLUE_RIM.color(), 1.5 * s),
            };
            canvas.stroke_polyline(&[from, at], false, color, width);
        }
        last = Some(at);
    }
    canvas.end();

    let r = (col_w * 0.3).clamp(1.5 * s, 7.0 * s);
    let number_w = text::measure(&n.to_string(), 11.0 * s).0 + 4.0 * s;
    let every = (number_w / col_w).ceil().max(1.0) as usize;
    for (k, p) in points.iter().enumerate() {
        let x = x_of(k);
        canvas.begin(Group::Level(p.number));
        match p.standing {
            Standing::Graded { grade, order } => {
                let y = y_of(grade, order.score);
                let fill = match p.easier_than {
                    Some(_) => palette::BANNER,
                    None => palette::BLUE,
                };
                canvas.fill_polygon(&hexagon_at(x, y, r), fill.color());
                if k == overview.current {
                    ring(canvas, x, y, r, s);
                }
            }
            other => {
                draw_ungraded(canvas, other, x, strip_y, r, s);
                if k == overview.current {
                    ring(canvas, x, strip_y, r, s);
                }
            }
        }
        if k % every == 0 || k == overview.current || k + 1 == points.len() {
            let color = if k == overview.current {
                palette::CURSOR.color()
            } else {
                palette::SOFT_TEXT.color()
            };
            let style = TextStyle {
                anchor: Anchor::Centre,
                ..left(11.0 * s, color)
            };
            canvas.text(&p.number.to_string(), x, numbers_y + 6.0 * s, style);
        }
        canvas.end();
        words.overview.push(row(p));
    }
}

/// The ring around the level shown.
fn ring(canvas: &mut dyn Canvas, x: f32, y: f32, r: f32, s: f32) {
    let ring = hexagon_at(x, y, r + 3.0 * s);
    canvas.stroke_polyline(&ring, true, palette::CURSOR.color(), 2.0 * s);
}

/// A level without a grade, on the strip below the bands: a stuck level an orange cell
/// crossed out, one with errors a red outline, one the engine gave up on a grey
/// outline, one still being graded a small grey dot.
fn draw_ungraded(canvas: &mut dyn Canvas, standing: Standing, x: f32, y: f32, r: f32, s: f32) {
    let outline = |canvas: &mut dyn Canvas, color: Color| {
        canvas.stroke_polyline(&hexagon_at(x, y, r), true, color, 1.5 * s);
    };
    match standing {
        Standing::Stuck => {
            canvas.fill_polygon(&hexagon_at(x, y, r), palette::HIDDEN.color());
            let d = r * 0.55;
            let black = palette::BLACK.color();
            canvas.stroke_polyline(&[(x - d, y - d), (x + d, y + d)], false, black, 1.5 * s);
            canvas.stroke_polyline(&[(x - d, y + d), (x + d, y - d)], false, black, 1.5 * s);
        }
        Standing::Invalid => outline(canvas, palette::BANNER.color()),
        Standing::GaveUp => outline(canvas, palette::SOFT_TEXT.color()),
        Standing::Pending | Standing::Graded { .. } => {
            canvas.fill_polygon(&hexagon_at(x, y, r * 0.5), palette::SOFT_TEXT.color());
        }
    }
}

/// A level's line of the overview's words: number, title, grade and score, mark.
fn row(p: &CurvePoint) -> String {
    let mut line = format!(
        "{}\t{}\t{}",
        p.number,
        decode_entities(&p.title),
        p.standing.words()
    );
    if let Some(mark) = p.mark() {
        line.push('\t');
        line.push_str(&mark);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_sits_in_its_grades_band_and_rises_within_it() {
        let (em, m) = (GradeModel::TUNED.bands[0], GradeModel::TUNED.bands[1]);
        assert_eq!(height_of(Grade::Easy, 0.0, 33.0), 0.1);
        assert!(height_of(Grade::EasyMedium, em, 33.0) >= 1.0);
        assert!(height_of(Grade::EasyMedium, 1.0, 33.0) > height_of(Grade::EasyMedium, em, 33.0));
        assert!(height_of(Grade::Medium, m, 33.0) > height_of(Grade::EasyMedium, 1.0, 33.0));
        assert!(height_of(Grade::Hard, 1000.0, 33.0) <= 5.0);
    }
}
