//! The palette, close to the game's, and the one way the renderers make a paint of a
//! colour.

use tiny_skia::{Color, Paint};

/// A straight (not premultiplied) opaque colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// As a tiny-skia colour.
    pub fn color(self) -> tiny_skia::Color {
        tiny_skia::Color::from_rgba8(self.0, self.1, self.2, 255)
    }
}

/// Frame background.
pub const BACKGROUND: Rgb = Rgb(246, 246, 246);
/// A hidden cell.
pub const HIDDEN: Rgb = Rgb(255, 175, 41);
/// A hidden cell's rim.
pub const HIDDEN_RIM: Rgb = Rgb(236, 146, 20);
/// An uncovered blue cell.
pub const BLUE: Rgb = Rgb(5, 164, 235);
/// An uncovered blue cell's rim.
pub const BLUE_RIM: Rgb = Rgb(20, 140, 205);
/// An uncovered black cell.
pub const BLACK: Rgb = Rgb(62, 62, 62);
/// An uncovered black cell's rim.
pub const BLACK_RIM: Rgb = Rgb(44, 47, 49);
/// Numbers on cells.
pub const CELL_TEXT: Rgb = Rgb(255, 255, 255);
/// Column numbers, title and other text on the background.
pub const TEXT: Rgb = Rgb(50, 50, 50);
/// Secondary text.
pub const SOFT_TEXT: Rgb = Rgb(120, 120, 120);
/// The error banner.
pub const BANNER: Rgb = Rgb(200, 40, 40);
/// The outline of the hinted cell, and (thinner) of the clues its rule reads.
pub const HINT: Rgb = Rgb(40, 200, 90);
/// The outline of the cell under the editor's cursor.
pub const CURSOR: Rgb = Rgb(230, 40, 160);
/// Members of a highlighted flower or beam.
pub const HIGHLIGHT: Rgb = Rgb(150, 215, 255);
/// The core of a hidden cell guessed blue (its rim and ring stay orange).
pub const GUESS_BLUE: Rgb = Rgb(40, 120, 200);
/// The core of a hidden cell guessed black.
pub const GUESS_BLACK: Rgb = Rgb(95, 85, 80);
/// Opacity of a dimmed number (of 255).
pub const DIMMED_ALPHA: u8 = 70;
/// The band of the editor's playtest label.
pub const PLAYTEST: Rgb = Rgb(120, 70, 190);
/// The help panel's background.
pub const PANEL: Rgb = Rgb(255, 255, 255);

/// An anti-aliased solid paint of `color`.
pub fn paint(color: Color) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(color);
    paint.anti_alias = true;
    paint
}
