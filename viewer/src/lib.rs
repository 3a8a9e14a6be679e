//! `hexcells-view`: a live preview of a Hexcells level that is also a player and an
//! editor. The layers, from the top (each imports only the ones below it):
//!
//! - [`app`]: the window, the only module that imports winit and softbuffer: it turns
//!   events into chords, pointer positions and a frame size, and presents frames;
//! - [`serve`]: the same controller behind a page on loopback (`--serve`), beside the
//!   window: neither imports the other, and it never imports winit;
//! - [`publish`]: a level or a pack as one page that plays in any browser (`--html`),
//!   drawn from the player's scene; beside the window and `serve`;
//! - [`controller`]: the player and the editor without the window: which mode has
//!   it, switching between them, and what input means in each;
//! - [`player`] and [`editor`]: the two modes as plain state, each with one handler for
//!   the actions of its table; neither imports the other;
//! - [`keys`] (the bindings of both modes and `keys.toml`), [`render`] (scenes drawn
//!   on a canvas: pixels or SVG; layout and camera), [`clipboard`] and [`watch`] (the level file on disk),
//!   and [`page_policy`] (the web pages' script and style allowed by hash);
//! - [`cli`]: the command line's usage text and its clap description (manual page,
//!   completion scripts), apart from all of the above.
//!
//! Architecture invariant: the viewer writes the level file only when its standalone
//! editor saves, atomically and never over a change made elsewhere
//! ([`editor::save`]).

pub mod app;
pub mod cli;
pub mod clipboard;
pub mod controller;
pub mod editor;
pub mod keys;
pub mod page_policy;
pub mod player;
pub mod publish;
pub mod render;
pub mod serve;
pub mod watch;
