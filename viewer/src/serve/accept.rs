//! The accept loop of `--serve`: every connection, from any local process, is taken
//! here and held to the limits (`limits.rs`). At most [`ServeLimits::connections`] are open
//! at once: the next one is accepted and closed at once, without a byte, and stderr
//! says so (once a minute at most). Each has [`HEADER_READ`] from its accept to send
//! a request's headers, then it is closed; it carries one request (the page, or its
//! socket's upgrade, after which the socket is counted among the sockets instead:
//! `routes.rs` closes every other answer's connection), and hyper's header-read timer
//! runs again on one that waits for a second request, so no connection waits idle. An
//! error of `accept` itself (out of open files) never ends the server: it is said on
//! stderr, and the loop waits [`ACCEPT_BACKOFF`] and goes on.

use std::io::ErrorKind;
use std::sync::Arc;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use super::limits::{ServeLimits, ACCEPT_BACKOFF, HEADER_READ, MAX_REQUEST_HEAD};
use super::shared::Notice;

/// What the accept loops of one server share: a permit per open connection, and what
/// they say on stderr.
pub struct Gate {
    connections: Arc<Semaphore>,
    full: Notice,
    failing: Notice,
}

impl Gate {
    /// The gate for `limits`.
    pub fn new(limits: &ServeLimits) -> Arc<Gate> {
        Arc::new(Gate {
            connections: Arc::new(Semaphore::new(limits.connections)),
            full: Notice::new(format!(
                "{} connections are open: the next ones are closed at once until some end",
                limits.connections
            )),
            failing: Notice::new(format!(
                "cannot accept a connection: trying again every {} ms",
                ACCEPT_BACKOFF.as_millis()
            )),
        })
    }
}

/// Accepts connections on `listener` and serves `router` on each, for as long as the
/// runtime runs.
pub async fn accept(listener: TcpListener, router: Router, gate: Arc<Gate>) {
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // The client gave up before it was accepted: nothing to wait for.
            Err(e) if is_connection_error(&e) => continue,
            Err(e) => {
                gate.failing.happened(Some(&e));
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        let Ok(permit) = gate.connections.clone().try_acquire_owned() else {
            gate.full.happened(None);
            drop(stream);
            continue;
        };
        // A frame goes out whole at once, not held back for an acknowledgement.
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_READ)
                .max_buf_size(MAX_REQUEST_HEAD)
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades();
            // A client gone, a timeout or garbage ends this connection only.
            let _ = connection.await;
            drop(permit);
        });
    }
}

/// An error about one connection that went away while it waited, not about the server.
fn is_connection_error(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        ErrorKind::ConnectionRefused | ErrorKind::ConnectionAborted | ErrorKind::ConnectionReset
    )
}
