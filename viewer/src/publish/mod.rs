//! `hexcells-view --html OUT.html [--level N] FILE`: a level, or a whole pack with its
//! list, published as one HTML file that anyone plays in a browser, with nothing to
//! install and no server: opened from `file://` or put on any static host.
//!
//! The page plays as the window's player does (left click blue, right click black, a
//! wrong guess a mistake, numbers dimmed, flowers and beams highlighted) but it draws
//! nothing and knows no geometry: Rust draws every look of every cell and counter
//! once, through the SVG backend, from the window's own scene
//! ([`crate::render::draw_page_frame`]), and embeds what the script plays from (each
//! item's colour, each clue's members, the arrow keys' moves). The script switches
//! looks, counts, keeps the progress in the browser's storage and shows the end. Its
//! policy lets it run only its own script and style and fetch nothing.
//!
//! What the folder may import: the player (the window's scene and the progress key;
//! the player itself, for the test script), the keys (the buttons), the renderer.
//! Beside `serve/` and the window: neither imports the other.
//!
//! Its files, from the top (each imports only the ones below it):
//! - `page_file.rs`: [`write_page`], the entry: the levels checked, the page written
//!   atomically; `play_script.rs`: [`play_script`], test support: the window's player
//!   on a click sequence (debug builds' hidden `--play-script`);
//! - `html.rs`: the page as HTML, its policy by hash, escaping; `level_data.rs`: one
//!   level's frame and data; `play.js` and `play.css`: the page's script and style.

mod html;
mod level_data;
mod page_file;
mod play_script;

pub use page_file::{write_page, PublishOptions, Published};
pub use play_script::play_script;
