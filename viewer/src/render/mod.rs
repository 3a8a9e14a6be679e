//! Rendering: draws a [`Scene`] (the player's frame) or an [`EditorScene`] (the
//! editor's) on a [`Canvas`], without a window: into a pixel buffer ([`Pixels`]: the
//! window presents it, `--png` saves it, tests probe it) or as SVG text ([`Svg`]:
//! `--svg`), by the same drawing code. Each also returns the frame's words as drawn
//! ([`FrameText`]), for tests and tools that read them instead of the pixels.
//! [`layout`] maps cells to pixels and back, and the [`Camera`] zooms and pans that
//! mapping.
//!
//! May import: `hexcells_core`, tiny-skia, fontdue and ttf-parser. No mode (player,
//! editor), no bindings, no window: a scene is plain data the modes build for each frame.
//!
//! - `board.rs`: the player's frame (and the pieces the editor's frame shares);
//!   `editor_frame.rs`: the editor's frame; `help.rs`: the panel of every key;
//!   `key_line.rs`: the key line's whole parts that fit; `frame_text.rs`: the words
//!   of a frame;
//! - `canvas.rs`: the drawing interface; `pixels.rs` and `svg.rs`: its two backends;
//! - `layout.rs`, `camera.rs`: where things go; `text.rs` (letters laid out and drawn
//!   as bitmaps), `outline.rs` (the same letters as outlines), `palette.rs`: colours.

pub mod board;
pub mod camera;
pub mod canvas;
pub mod editor_frame;
pub mod frame_text;
pub mod help;
pub mod key_line;
pub mod layout;
pub mod outline;
pub mod palette;
pub mod pixels;
pub mod svg;
pub mod text;

use hexcells_core::{Color, Level, Pos};
use tiny_skia::PixmapMut;

pub use camera::Camera;
pub use canvas::Canvas;
pub use editor_frame::EditorScene;
pub use frame_text::FrameText;
pub use layout::FrameLayout;
pub use pixels::Pixels;
pub use svg::Svg;

/// Everything one frame shows. Plain data, built by the session for each frame.
#[derive(Clone, Debug)]
pub struct Scene<'a> {
    /// The level on screen.
    pub level: &'a Level,
    /// Which cells are uncovered, indexed by [`Pos::index`] (revealed-at-start cells
    /// count as uncovered).
    pub uncovered: &'a [bool],
    /// The player's guesses on hidden cells, indexed by [`Pos::index`] (may be empty).
    pub guesses: &'a [Option<Color>],
    /// Show every cell's solution colour ("show solution" preview).
    pub show_solution: bool,
    /// The cell under the mouse, named in the footer.
    pub hover: Option<Pos>,
    /// The cell a hint points at.
    pub hint: Option<Pos>,
    /// The cell under the editor's cursor.
    pub cursor: Option<Pos>,
    /// Clues whose members are highlighted (a blue cell's flower, a column's beam).
    pub highlights: &'a [Pos],
    /// The clues the rule of a hint (or of a solve's hardest step) reads, outlined.
    pub rule_clues: &'a [Pos],
    /// Clues whose numbers are dimmed ("done with this one").
    pub dimmed: &'a [Pos],
    /// The panel of every binding (keys, what they do), when it shows.
    pub help: Option<&'a [(String, String)]>,
    /// Blue cells still hidden.
    pub remaining: usize,
    /// Wrong guesses so far.
    pub mistakes: u32,
    /// The first error of the text, shown on a red band while the text has errors.
    pub banner: Option<String>,
    /// One line of status: a hint's reason, "solved", the level's place in a pack.
    pub status: String,
    /// The parts of the key line, most needed first, that follow the status (empty
    /// while a message takes the status lines): as many as fit show, whole.
    pub keys: &'a [String],
    /// The label of the editor's playtest, in the header.
    pub label: Option<&'a str>,
    /// Interface scale (HiDPI).
    pub scale: f32,
}

/// Draws `scene` over the whole of `pixmap`; returns its words as drawn.
pub fn render(scene: &Scene, pixmap: &mut PixmapMut) -> FrameText {
    draw(scene, &mut Pixels(pixmap))
}

/// Draws `scene` laid out by `layout` (a zoomed or panned view of the board); returns
/// its words as drawn.
pub fn render_with(scene: &Scene, layout: &FrameLayout, pixmap: &mut PixmapMut) -> FrameText {
    board::draw(scene, layout, &mut Pixels(pixmap))
}

/// Draws the editor's `scene` over the whole of `pixmap`; returns its words as drawn.
pub fn render_editor(scene: &EditorScene, pixmap: &mut PixmapMut) -> FrameText {
    editor_frame::draw(scene, &mut Pixels(pixmap))
}

/// Draws `scene` over the whole of `canvas`, fitted to its size; returns its words as
/// drawn.
pub fn draw(scene: &Scene, canvas: &mut dyn Canvas) -> FrameText {
    let (width, height) = canvas.size();
    let layout = FrameLayout::new(scene.level, width, height, scene.scale);
    board::draw(scene, &layout, canvas)
}
