//! `hexcells-view --serve`: the window's equal as a page on loopback, for machines
//! without a display and editors that show web pages. The controller
//! ([`crate::controller`]) runs on a thread of its own (`driver.rs`), exactly as the
//! window drives it; the page only forwards pointer and key events and shows the SVG
//! frames that come back (`socket.rs`; after the first, as patches: `diff.rs`), so window and page cannot drift apart.
//! Linked to the language server (`--serve --stdin`, `linked.rs`), it follows the
//! editor's buffer and cursor and sends its edits back, as the window's `--stdin` does.
//!
//! What the folder may import: the controller, the player, the editor, the keys and
//! the renderer's SVG backend, and axum/hyper/tokio. Never the window (`app`) or winit;
//! the window never imports this folder. The guard on every request (loopback `Host`,
//! the token or its cookie, the page's own `Origin`) is in `routes.rs`, the limits a
//! neighbour on the same machine meets (connections, sockets, timeouts, pings, events
//! in flight) in `limits.rs`; docs/viewer.md ("Security") says why each is there.
//!
//! Its files, from the top (each imports only the ones below it):
//! - `listen.rs`: [`run`], the entry: listens on 127.0.0.1 and [::1], makes the token,
//!   tells the address and starts the rest; `linked.rs`: the language server's stdin
//!   and the `serving` message; `accept.rs`: the accept loop and each connection;
//! - `routes.rs`: the page and its socket behind the guard; `socket.rs`: one page's
//!   WebSocket; `driver.rs`: the controller's thread;
//! - `shared.rs`: what they share ([`ServeOptions`], `Shared`, `ToDriver`, `Notice`);
//!   `limits.rs`: the limits ([`MAX_MESSAGE`] among them); `page.rs`: the page and its
//!   policy; `diff.rs`: the patches; `page_events.rs`: what a page sends.

mod accept;
pub mod diff;
mod driver;
mod limits;
mod linked;
mod listen;
mod page;
mod page_events;
mod routes;
mod shared;
mod socket;

pub use limits::MAX_MESSAGE;
pub use listen::run;
pub use shared::ServeOptions;
