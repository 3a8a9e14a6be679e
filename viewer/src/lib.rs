//! `hexcells-view`: a live preview of a Hexcells level that is also a player.
//!
//! The renderer ([`render`]) draws a [`render::Scene`] into a pixel buffer without a
//! window; [`player`] holds the player mode and its game as plain state;
//! [`keys`] holds the bindings of every mode (and reads `keys.toml`); [`clipboard`] copies and reads pasted levels;
//! [`watch`] follows the level file; [`app`] is the only module that touches winit and
//! softbuffer.
//!
//! [`editor`] is the level editor as plain state (every visual edit a text edit),
//! [`editor::mode`] its window mode, [`editor::save`] the standalone editor's file; the camera
//! (zoom and pan) is [`render::Camera`].
//!
//! Architecture invariant: the viewer writes the level file only when its standalone
//! editor saves (Ctrl+S), atomically and never over a change made elsewhere.

pub mod app;
pub mod clipboard;
pub mod editor;
pub mod keys;
pub mod modes;
pub mod player;
pub mod render;
pub mod watch;
