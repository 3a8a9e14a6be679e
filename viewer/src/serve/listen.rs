//! The entry of `--serve`: listen on 127.0.0.1 (a free port unless one was asked),
//! make the token, tell the page's address (the first line of stdout; linked, the
//! protocol's `serving` message), start the controller's thread and serve the routes
//! until Ctrl+C or, linked, the end of stdin.

use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::sync::mpsc;
use std::sync::Arc;

use anyhow::Context;
use axum::serve::ListenerExt;
use tokio::sync::{oneshot, watch, Notify};

use super::diff;
use super::shared::{ServeOptions, Shared, ToDriver};
use super::{driver, linked, routes};
use crate::player::Session;

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
async fn stop_asked(to_driver: mpsc::Sender<ToDriver>) {
    loop {
        if tokio::signal::ctrl_c().await.is_err() {
            // No signal handler: serve until killed.
            return std::future::pending().await;
        }
        let (answer, answered) = oneshot::channel();
        if to_driver.send(ToDriver::Close(answer)).is_err() {
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
