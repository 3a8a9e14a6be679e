//! `hexcells-view --serve`: the window's equal as a page on loopback, for machines
//! without a display and editors that show web pages. The controller
//! ([`crate::controller`]) runs on a thread of its own (`driver.rs`), exactly as the
//! window drives it; the page only forwards pointer and key events and shows the SVG
//! frames that come back (`socket.rs`; after the first, as patches: `diff.rs`), so window and page cannot drift apart.
//! Linked to the language server (`--serve --stdin`, `linked.rs`), it follows the
//! editor's buffer and cursor and sends its edits back, as the window's `--stdin` does.
//!
//! What the folder may import: the controller, the player, the editor, the keys and
//! the renderer's SVG backend, and axum/tokio. Never the window (`app`) or winit; the
//! window never imports this folder. The guard on every request (loopback `Host`,
//! the token, the page's own `Origin`) is in `routes.rs`; docs/viewer.md ("Security")
//! says why each is there.

pub mod diff;
mod driver;
mod linked;
mod page_events;
mod routes;
mod socket;

use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::mpsc;
use std::sync::Arc;

use anyhow::Context;
use axum::serve::ListenerExt;
use tokio::sync::{oneshot, watch, Notify};

use crate::player::Session;

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
    pub frames: watch::Sender<Arc<diff::Drawn>>,
    /// Events for the controller's thread.
    pub to_driver: mpsc::Sender<driver::ToDriver>,
    /// Told when the controller's thread ends the viewer (the language server's
    /// stdin closed).
    pub stop: Notify,
}

/// Serves the page on 127.0.0.1 until Ctrl+C (asked twice with unsaved edits): prints
/// its URL (with the token) as the first line of stdout. Linked, it tells the URL in
/// the protocol's `serving` message and serves until its stdin closes.
pub fn run(session: Session, options: ServeOptions) -> anyhow::Result<()> {
    let listener = TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, options.port)))
        .with_context(|| format!("cannot listen on 127.0.0.1:{}", options.port))?;
    let port = listener.local_addr()?.port();
    let token = new_token()?;
    let (frames, _) = watch::channel(Arc::new(diff::Drawn::default()));
    let (to_driver, inputs) = mpsc::channel();
    let shared = Arc::new(Shared {
        token,
        port,
        frames,
        to_driver,
        stop: Notify::new(),
    });
    let url = format!("http://127.0.0.1:{port}/?token={}", shared.token);
    if options.linked {
        linked::tell_url(url)?;
        linked::spawn_reader(shared.to_driver.clone());
    } else {
        let mut stdout = std::io::stdout().lock();
        writeln!(stdout, "{url}")?;
        stdout.flush()?;
    }
    driver::spawn(session, options, shared.clone(), inputs);
    listener.set_nonblocking(true)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(async move {
        // A frame goes out whole at once, not held back for an acknowledgement.
        let listener = tokio::net::TcpListener::from_std(listener)?.tap_io(|tcp| {
            let _ = tcp.set_nodelay(true);
        });
        let to_driver = shared.to_driver.clone();
        let ended = shared.clone();
        tokio::select! {
            served = axum::serve(listener, routes::router(shared)) => served,
            () = stop_asked(to_driver) => Ok(()),
            () = ended.stop.notified() => Ok(()),
        }
    })?;
    Ok(())
}

/// Returns on Ctrl+C once the controller agrees: with unsaved edits, the editor says
/// so on the page (and here on stderr) and the next Ctrl+C stops.
async fn stop_asked(to_driver: mpsc::Sender<driver::ToDriver>) {
    loop {
        if tokio::signal::ctrl_c().await.is_err() {
            // No signal handler: serve until killed.
            return std::future::pending().await;
        }
        let (answer, answered) = oneshot::channel();
        if to_driver.send(driver::ToDriver::Close(answer)).is_err() {
            return;
        }
        match answered.await {
            Ok(false) => eprintln!(
                "hexcells-view: unsaved edits: Ctrl+S on the page saves them; Ctrl+C again discards them"
            ),
            _ => return,
        }
    }
}

/// 128 random bits from the system, as hex.
fn new_token() -> anyhow::Result<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| anyhow::anyhow!("no random numbers for the token: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}
