//! A whole frame drawn, the renderer's entries: the player's [`Scene`] or the editor's
//! [`EditorScene`] on pixels (the window, `--png`, tests), or the player's on any
//! [`Canvas`] (the SVG of `--svg` and `--serve`); each returns the frame's words as drawn.

use tiny_skia::PixmapMut;

use super::board::{self, Scene};
use super::canvas::Canvas;
use super::editor_frame::{self, EditorScene};
use super::frame_text::FrameText;
use super::layout::FrameLayout;
use super::pixels::Pixels;

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
