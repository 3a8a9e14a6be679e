//! What the files of `--serve` share: how it was started ([`ServeOptions`]), what the
//! request handlers, the sockets and the controller's thread hold in common
//! ([`Shared`]), what reaches the controller's thread ([`ToDriver`]), and the largest
//! message a page may send.

use std::path::PathBuf;
use std::sync::mpsc;
use std::sync::Arc;

use tokio::sync::{oneshot, watch, Notify};

use super::diff::Drawn;
use super::page_events::PageEvent;
use crate::controller::UserEvent;

/// The largest message a page may send: a pointer or key event is under 200 bytes.
pub const MAX_MESSAGE: usize = 64 * 1024;

/// How `--serve` was started.
pub struct ServeOptions {
    /// The port to listen on (0: a free one).
    pub port: u16,
    /// The file to follow, if any.
    pub watch: Option<PathBuf>,
    /// Start in the level editor (`--edit FILE`) on this file, read as this text
    /// (`None`: a new file).
    pub edit: Option<(Option<PathBuf>, Option<String>)>,
    /// Linked to the language server (`--stdin`): the viewer protocol on stdin and
    /// stdout, the URL told in its `serving` message rather than printed.
    pub linked: bool,
}

/// What the request handlers and the sockets share.
pub(crate) struct Shared {
    /// The secret every request must carry (`?token=`).
    pub token: String,
    /// The port listened on (the only one a `Host` or `Origin` may name).
    pub port: u16,
    /// The newest frame; each page's socket sends it whole or as a patch.
    pub frames: watch::Sender<Arc<Drawn>>,
    /// Events for the controller's thread.
    pub to_driver: mpsc::Sender<ToDriver>,
    /// Told when the controller's thread ends the viewer (the language server's
    /// stdin closed).
    pub stop: Notify,
}

/// What reaches the controller's thread.
#[derive(Debug)]
pub enum ToDriver {
    /// Work done beside the controller (as the window's user events).
    Event(UserEvent),
    /// An event from a page.
    Page(PageEvent),
    /// Ctrl+C: answers whether to stop (the editor asks once about unsaved edits, on
    /// the page, as the window's close button does).
    Close(oneshot::Sender<bool>),
}
