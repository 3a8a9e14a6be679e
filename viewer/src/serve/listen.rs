//! The entry of `--serve`: listen on 127.0.0.1 and [::1] on one port (a free one
//! unless one was asked), make the token, tell the page's address (the first line of
//! stdout; linked, the protocol's `serving` message), start the controller's thread and
//! the accept loops, and serve until Ctrl+C or, linked, the end of stdin.

use std::io::{ErrorKind, Write};
use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::mpsc;
use std::sync::Arc;

use anyhow::Context;
use tokio::net::{TcpListener, TcpSocket};
use tokio::sync::{oneshot, watch, Notify, Semaphore};

use super::diff;
use super::limits::ServeLimits;
use super::shared::{Notice, ServeOptions, Shared, ToDriver};
use super::{accept, driver, linked, routes};
use crate::player::Session;

/// The names a `Host` or `Origin` may use when [::1] is listened on too: `localhost`
/// reaches this server whichever address a client tries first.
const BOTH: &[&str] = &["127.0.0.1", "localhost", "[::1]"];

/// The names when only 127.0.0.1 is listened on: `localhost` might reach whoever
/// listens on [::1] at this port, so it is not this server's name.
const V4_ONLY: &[&str] = &["127.0.0.1"];

/// How many free ports of 127.0.0.1 are tried for one that is free on [::1] too.
const PORT_TRIES: usize = 16;

/// The backlog of connections the kernel keeps until they are accepted.
const BACKLOG: u32 = 1024;

/// Serves the page on 127.0.0.1 and [::1] until Ctrl+C (asked twice with unsaved
/// edits): prints its URL (with the token) as the first line of stdout. Linked, it
/// tells the URL in the protocol's `serving` message and serves until its stdin closes.
pub fn run(session: Session, options: ServeOptions) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()
        .context("cannot start the server's runtime")?;
    let (listeners, names) = runtime.block_on(listen(options.port))?;
    let port = listeners[0].local_addr()?.port();
    let token = new_token()?;
    let limits = ServeLimits::for_this_process();
    let (frames, _) = watch::channel(Arc::new(diff::Drawn::default()));
    let (to_driver, inputs) = mpsc::channel();
    let shared = Arc::new(Shared {
        token,
        port,
        names,
        limits,
        sockets: Arc::new(Semaphore::new(limits.sockets)),
        sockets_full: Notice::new(format!(
            "{} pages are open: another page's socket gets 503 until one closes",
            limits.sockets
        )),
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
    runtime.block_on(async move {
        let router = routes::router(shared.clone());
        let gate = accept::Gate::new(&limits);
        for listener in listeners {
            tokio::spawn(accept::accept(listener, router.clone(), gate.clone()));
        }
        tokio::select! {
            () = stop_asked(shared.to_driver.clone()) => {}
            () = shared.stop.notified() => {}
        }
    });
    Ok(())
}

/// Listens on 127.0.0.1 and [::1] on `port` (0: one free on both), or on 127.0.0.1
/// alone when [::1] cannot be had (no IPv6; the port asked for taken there), which
/// stderr says; returns the listeners and the names a `Host` may use.
async fn listen(port: u16) -> anyhow::Result<(Vec<TcpListener>, &'static [&'static str])> {
    let v4 = |port| bind(SocketAddr::from((Ipv4Addr::LOCALHOST, port)));
    let cannot = |port| format!("cannot listen on 127.0.0.1:{port}");
    let mut tries = 0;
    loop {
        let first = v4(port).with_context(|| cannot(port))?;
        let found = first.local_addr()?.port();
        let why = match bind(SocketAddr::from((Ipv6Addr::LOCALHOST, found))) {
            Ok(second) => return Ok((vec![first, second], BOTH)),
            Err(e) => e,
        };
        tries += 1;
        // Another process holds this free port of 127.0.0.1 on [::1]: try another.
        if port == 0 && why.kind() == ErrorKind::AddrInUse && tries < PORT_TRIES {
            continue;
        }
        eprintln!(
            "hexcells-view: cannot listen on [::1]:{found} too ({why}): only the name 127.0.0.1 reaches the page, not localhost"
        );
        return Ok((vec![first], V4_ONLY));
    }
}

/// A listener on `address`.
fn bind(address: SocketAddr) -> std::io::Result<TcpListener> {
    let socket = match address {
        SocketAddr::V4(_) => TcpSocket::new_v4()?,
        SocketAddr::V6(_) => TcpSocket::new_v6()?,
    };
    // As std's listeners: a port whose last connections still linger may be taken again.
    #[cfg(unix)]
    socket.set_reuseaddr(true)?;
    socket.bind(address)?;
    socket.listen(BACKLOG)
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
