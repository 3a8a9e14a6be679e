//! What the files of `--serve` share: how it was started ([`ServeOptions`]), what the
//! request handlers, the sockets and the controller's thread hold in common
//! ([`Shared`]: the token, the names it answers to, the limits, the newest frame, the
//! way to the controller's thread), what reaches the controller's thread
//! ([`ToDriver`]), and the notices it writes on stderr at most once a minute
//! ([`Notice`]).

use std::fmt::Display;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::{oneshot, watch, Notify, OwnedSemaphorePermit, Semaphore};

use super::diff::Drawn;
use super::limits::ServeLimits;
use super::page_events::PageEvent;
use crate::controller::UserEvent;

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
    /// The secret every request must carry (`?token=`, or the cookie the page's first
    /// load set).
    pub token: String,
    /// The port listened on (the only one a `Host` or `Origin` may name).
    pub port: u16,
    /// The loopback names a `Host` or `Origin` may use: `127.0.0.1`, and `localhost`
    /// and `[::1]` when [::1] is listened on too.
    pub names: &'static [&'static str],
    /// The limits in force.
    pub limits: ServeLimits,
    /// One permit per open page socket ([`ServeLimits::sockets`]).
    pub sockets: Arc<Semaphore>,
    /// Said when a page's socket is refused for want of a permit.
    pub sockets_full: Notice,
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
    /// An event from a page, with one of its page's permits: the controller's thread
    /// drops it once the event is carried out, and the page sends no more than its
    /// permits allow meanwhile.
    Page(PageEvent, OwnedSemaphorePermit),
    /// Ctrl+C: answers whether to stop (the editor asks once about unsaved edits, on
    /// the page, as the window's close button does).
    Close(oneshot::Sender<bool>),
}

/// A line on stderr about something that may happen many times a second (a flood):
/// written the first time, then at most once a minute with how often it happened since.
pub struct Notice {
    what: String,
    last: Mutex<Option<Instant>>,
    since: AtomicU64,
}

impl Notice {
    /// How often a notice may be repeated.
    const EVERY: Duration = Duration::from_secs(60);

    /// A notice that says `what`.
    pub fn new(what: impl Into<String>) -> Notice {
        Notice {
            what: what.into(),
            last: Mutex::new(None),
            since: AtomicU64::new(0),
        }
    }

    /// It happened (`why`, if anything more is to be said): said now, unless it was
    /// said within the last minute.
    pub fn happened(&self, why: Option<&dyn Display>) {
        let now = Instant::now();
        // Only when it was last said: a panic elsewhere cannot leave it half-changed.
        let mut last = self.last.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if last.is_some_and(|at| now.duration_since(at) < Notice::EVERY) {
            self.since.fetch_add(1, Ordering::Relaxed);
            return;
        }
        let since = self.since.swap(0, Ordering::Relaxed);
        let why = why.map(|why| format!(" ({why})")).unwrap_or_default();
        let again = match since {
            0 => String::new(),
            1 => " (and once more since the last notice)".to_string(),
            n => format!(" (and {n} more times since the last notice)"),
        };
        eprintln!("hexcells-view: {}{why}{again}", self.what);
        *last = Some(now);
    }
}
