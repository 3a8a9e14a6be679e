//! The published page's frame (`hexcells-view --html`): the player's frame of a level
//! at its start, drawn by the same code as the window's, with every look the page
//! switches between drawn once, each a [`Group::Look`] of its item or part:
//!
//! - each cell hidden at the start: `hidden` (as it starts) and `shown` (uncovered, with
//!   its number);
//! - each cell: `lit`, its outline as the member of a highlighted flower or beam;
//! - each column number: an unpainted hexagon under its number, so that a click or a
//!   tap anywhere on its place reaches it, as in the window, not only on the glyphs;
//! - each counter: `digits-1` to `digits-4`, the value's runs for each count of digits,
//!   a run of every digit (`000`, `111`, ...) each: the page shows the glyph of the
//!   value's digit at each place. The digits of the embedded font are all one width,
//!   so the glyph at a place of `333` is where that place of `123` puts it.
//!
//! The cells sit in one part, `board`, which the page zooms and pans; its last part,
//! `focus`, is the keyboard's focus ring, drawn around the origin for the page to move
//! onto an item's centre. The script only shows and hides these looks, places the
//! ring and dims numbers (a dimmed number is the same number with
//! [`super::palette::DIMMED_ALPHA`]); it draws nothing and works out no geometry.

use hexcells_core::{Item, Pos};

use super::board::{self, Scene};
use super::canvas::{Canvas, Group, Tile};
use super::frame_text::FrameText;
use super::layout::FrameLayout;
use super::palette;

/// A cell as it starts, hidden.
pub const HIDDEN: &str = "hidden";
/// A cell uncovered, with its number.
pub const SHOWN: &str = "shown";
/// A cell outlined as a member of a highlighted clue.
pub const LIT: &str = "lit";
/// A counter's value with one to four digits.
pub const DIGITS: [&str; 4] = ["digits-1", "digits-2", "digits-3", "digits-4"];

/// Draws `scene` (a level at its start) over the whole of `canvas`, fitted to its
/// size, with every look of its cells and counters; the counters get runs for values
/// of up to `digits[0]` (remaining) and `digits[1]` (mistakes) digits, each at most 4.
/// Returns the frame's words as drawn.
pub fn draw_page_frame(scene: &Scene, digits: [usize; 2], canvas: &mut dyn Canvas) -> FrameText {
    let (width, height) = canvas.size();
    let layout = FrameLayout::new(scene.level, width, height, scene.scale);
    let mut words = FrameText {
        size: (width, height),
        ..FrameText::default()
    };
    let open = vec![true; Pos::all().count()];
    let shown = Scene {
        uncovered: &open,
        ..scene.clone()
    };
    let lit = board::highlight_tile(&layout);
    canvas.clear(palette::BACKGROUND);
    canvas.begin(Group::Part("board"));
    for (pos, item) in scene.level.items() {
        canvas.begin(Group::Item(pos));
        let hidden =
            matches!(item, Item::Cell(_)) && !scene.uncovered.get(pos.index()).copied().unwrap_or(false);
        if hidden {
            canvas.begin(Group::Look(HIDDEN));
            board::draw_item(scene, &layout, canvas, pos, item);
            canvas.end();
            canvas.begin(Group::Look(SHOWN));
            board::draw_item(&shown, &layout, canvas, pos, item);
            canvas.end();
        } else {
            if matches!(item, Item::Column(_)) {
                let place = layout.hexagon(pos, 0.94 * layout.radius);
                canvas.fill_polygon(&place, tiny_skia::Color::TRANSPARENT);
            }
            board::draw_item(scene, &layout, canvas, pos, item);
        }
        if matches!(item, Item::Cell(_)) {
            let (cx, cy) = layout.cell_centre(pos);
            canvas.begin(Group::Look(LIT));
            canvas.tile(lit, layout.radius, cx, cy);
            canvas.end();
        }
        canvas.end();
    }
    canvas.begin(Group::Part("focus"));
    let width = (3.0 * layout.scale).max(layout.radius * 0.12);
    let ring = Tile::Outline {
        color: palette::CURSOR,
        width: width.to_bits(),
    };
    canvas.tile(ring, layout.radius, 0.0, 0.0);
    canvas.end();
    canvas.end();
    board::draw_header_with(
        scene,
        &layout,
        canvas,
        &mut words,
        &mut |canvas, k, cx, y, style| {
            let n = digits.get(k).copied().unwrap_or(1).clamp(1, DIGITS.len());
            for (places, look) in DIGITS.iter().take(n).enumerate() {
                canvas.begin(Group::Look(look));
                for digit in '0'..='9' {
                    let run: String = std::iter::repeat_n(digit, places + 1).collect();
                    canvas.text(&run, cx, y, style);
                }
                canvas.end();
            }
        },
    );
    board::draw_footer(scene, &layout, canvas, &mut words);
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::svg::Svg;
    use crate::render::text;
    use hexcells_core::fixture::level;

    #[test]
    fn every_digit_is_one_width_so_runs_place_each_digit_where_a_value_does() {
        let width = text::measure("0", 20.0).0;
        for digit in '1'..='9' {
            assert_eq!(text::measure(&digit.to_string(), 20.0).0, width, "{digit}");
        }
    }

    #[test]
    fn a_hidden_cell_has_both_looks_and_a_revealed_one_only_its_own() {
        // A revealed black number at A1, a hidden blue one at B2, a column number at A4.
        let level = level(&["O+", "..x+", "", "|+"]);
        let uncovered: Vec<bool> = Pos::all()
            .map(|p| level.cell(p).is_some_and(|c| c.revealed))
            .collect();
        let scene = Scene::at_start(&level, &uncovered);
        let mut svg = Svg::new(480, 400);
        draw_page_frame(&scene, [2, 3], &mut svg);
        let svg = svg.finish();
        assert_eq!(svg.matches(r#"data-look="hidden""#).count(), 1, "{svg}");
        assert_eq!(svg.matches(r#"data-look="shown""#).count(), 1);
        assert_eq!(svg.matches(r#"data-look="lit""#).count(), 2, "each cell");
        assert!(
            svg.contains(r#"<g data-part="board"><g data-cell="A1">"#),
            "{svg}"
        );
        assert!(
            svg.contains(r#"<g data-part="focus"><use "#),
            "the focus ring, last on the board"
        );
        // Remaining: runs of 1 and 2 digits; mistakes: of 1, 2 and 3.
        for (look, n) in [("digits-1", 2), ("digits-2", 2), ("digits-3", 1), ("digits-4", 0)] {
            assert_eq!(
                svg.matches(&format!(r#"data-look="{look}""#)).count(),
                n,
                "{look}"
            );
        }
        assert!(svg.contains(">999</text>") && !svg.contains(">9999</text>"));
    }
}
