//! Rendering: draws a [`Scene`] (the player's frame) or an [`EditorScene`] (the
//! editor's) on a [`Canvas`], without a window: into a pixel buffer ([`Pixels`]: the
//! window presents it, `--png` saves it, tests probe it) or as SVG text ([`Svg`]:
//! `--svg`), by the same drawing code; and the published page's frame, a level at its
//! start with every look its page switches between ([`draw_page_frame`]). Each also
//! returns the frame's words as drawn ([`FrameText`]), for tests and tools that read
//! them instead of the pixels.
//! [`layout`] maps cells to pixels and back, and the [`Camera`] zooms and pans that
//! mapping.
//!
//! May import: `hexcells_core`, tiny-skia, fontdue and ttf-parser. No mode (player,
//! editor), no bindings, no window: a scene is plain data the modes build for each frame.
//!
//! Its files, from the top (each imports only the ones below it):
//! - `frame.rs`: the entries, a whole frame: [`render`] and [`render_editor`] on
//!   pixels, [`draw`] on any canvas; `page_frame.rs`: the published page's frame
//!   ([`draw_page_frame`]), every look of its cells and counters;
//! - `editor_frame.rs`: the editor's frame ([`EditorScene`]); `board.rs`: the player's
//!   frame ([`Scene`], and the pieces the editor's frame shares); `overview.rs`: the
//!   pack overview, its difficulty curve as a chart ([`PackOverview`]); `help.rs`: the
//!   panel of every key; `frame_text.rs`: the words of a frame; `key_line.rs`: the key
//!   line's whole parts that fit;
//! - `camera.rs`, `layout.rs`: where things go; `pixels.rs` and `svg.rs`: the two
//!   backends of `canvas.rs`, the drawing interface; `outline.rs` (the letters as
//!   outlines), `text.rs` (letters laid out and drawn as bitmaps), `palette.rs`: colours.

pub mod board;
pub mod camera;
pub mod canvas;
pub mod editor_frame;
mod frame;
pub mod frame_text;
pub mod help;
pub mod key_line;
pub mod layout;
pub mod outline;
pub mod overview;
pub mod page_frame;
pub mod palette;
pub mod pixels;
pub mod svg;
pub mod text;

pub use board::Scene;
pub use camera::Camera;
pub use canvas::Canvas;
pub use editor_frame::EditorScene;
pub use frame::{draw, render, render_editor, render_with};
pub use frame_text::FrameText;
pub use layout::FrameLayout;
pub use overview::PackOverview;
pub use page_frame::draw_page_frame;
pub use pixels::Pixels;
pub use svg::Svg;
