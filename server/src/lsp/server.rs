//! The server's handle, [`LspServer`]: the client, the one lock around
//! [`ServerState`], the ordered queue of notifications to the client, and the permits
//! of the background analyses. Cheap to clone into background jobs. Every handler
//! gets to the state through it; it knows no handler.
//!
//! The queued notifications (diagnostics, `hexcells/solveStatus`) are written as JSON
//! straight onto the [`Wire`], in order: a pack's diagnostics are a megabyte, which
//! tower's client would first build as a `serde_json::Value` (many small allocations).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use serde::Serialize;
use tokio::sync::{mpsc, Semaphore};
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::notification::{Notification as _, PublishDiagnostics};
use tower_lsp_server::ls_types::Uri;
use tower_lsp_server::Client;
use tracing::{error, warn};

use super::ext;
use super::state::ServerState;

/// Verdicts worked out at once; the others wait (and may be cancelled while waiting).
pub const MAX_PARALLEL_VERDICTS: usize = 2;

/// Explanation and fix searches at once: one, so that the other core is free for the
/// verdicts of the next change.
pub const MAX_PARALLEL_EXPLANATIONS: usize = 1;

/// Notifications on their way to the client, in the order they were queued.
enum Outgoing {
    /// The diagnostics of one document version.
    Diagnostics {
        uri: Uri,
        version: i32,
        /// The diagnostics as a JSON array (serialised level by level, see
        /// `level_diagnostics.rs`).
        diagnostics: String,
    },
    /// `hexcells/solveStatus`.
    SolveStatus(serde_json::Value),
}

/// The bodies of messages to the client, which the transport frames and writes in
/// order (`None` ends the output).
pub type Wire = mpsc::UnboundedSender<Option<Vec<u8>>>;

/// A JSON-RPC notification, serialised as it is.
#[derive(Serialize)]
struct Notification<'a, P> {
    jsonrpc: &'static str,
    method: &'a str,
    params: &'a P,
}

/// The body of notification `method` with `params`.
fn notification<P: Serialize>(method: &str, params: &P) -> Vec<u8> {
    let message = Notification {
        jsonrpc: "2.0",
        method,
        params,
    };
    // Protocol types serialise without failing.
    serde_json::to_vec(&message).unwrap_or_default()
}

/// The body of `textDocument/publishDiagnostics` for `uri`'s `version`, with
/// `diagnostics` already a JSON array.
fn publish_diagnostics_body(uri: &Uri, version: i32, diagnostics: &str) -> Vec<u8> {
    // A `Uri` serialises without failing.
    let uri = serde_json::to_string(uri).unwrap_or_default();
    format!(
        r#"{{"jsonrpc":"2.0","method":"{}","params":{{"uri":{uri},"diagnostics":{diagnostics},"version":{version}}}}}"#,
        PublishDiagnostics::METHOD
    )
    .into_bytes()
}

/// The server: the client handle, the state and the outgoing queue. Cheap to clone
/// into background jobs.
#[derive(Clone)]
pub struct LspServer {
    /// The connection to the client, for requests and notifications that need no order.
    pub client: Client,
    state: Arc<Mutex<ServerState>>,
    publish: mpsc::UnboundedSender<Outgoing>,
    /// Permits for verdicts worked out at once.
    pub verdicts: Arc<Semaphore>,
    /// Permits for explanation and fix searches running at once.
    pub explanations: Arc<Semaphore>,
}

impl LspServer {
    /// A server talking to `client`, with an empty state; starts the task that writes
    /// queued notifications onto `wire` in order.
    pub fn new(client: Client, wire: Wire) -> LspServer {
        let (publish, mut rx) = mpsc::unbounded_channel::<Outgoing>();
        tokio::spawn(async move {
            while let Some(message) = rx.recv().await {
                let body = match message {
                    Outgoing::Diagnostics {
                        uri,
                        version,
                        diagnostics,
                    } => publish_diagnostics_body(&uri, version, &diagnostics),
                    Outgoing::SolveStatus(params) => notification(ext::SolveStatus::METHOD, &params),
                };
                if wire.send(Some(body)).is_err() {
                    break;
                }
            }
        });
        LspServer {
            client,
            state: Arc::default(),
            publish,
            verdicts: Arc::new(Semaphore::new(MAX_PARALLEL_VERDICTS)),
            explanations: Arc::new(Semaphore::new(MAX_PARALLEL_EXPLANATIONS)),
        }
    }

    /// The state, locked; a handler that panicked while holding it does not poison it.
    pub fn lock(&self) -> MutexGuard<'_, ServerState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs a request handler on the locked state; a panic becomes an error reply.
    pub fn read<T>(
        &self,
        method: &'static str,
        handler: impl FnOnce(&ServerState) -> Result<T>,
    ) -> Result<T> {
        let state = self.lock();
        let _span = tracing::debug_span!("request", method).entered();
        match catch_unwind(AssertUnwindSafe(|| handler(&state))) {
            Ok(reply) => reply,
            Err(_) => {
                error!(method, "request handler panicked");
                let mut e = Error::internal_error();
                e.message = format!("{method}: request handler panicked").into();
                Err(e)
            }
        }
    }

    /// Runs a request handler that changes the state (keeps what it sent) on the
    /// locked state; a panic becomes an error reply.
    pub fn update<T>(
        &self,
        method: &'static str,
        handler: impl FnOnce(&mut ServerState) -> Result<T>,
    ) -> Result<T> {
        let mut state = self.lock();
        let _span = tracing::debug_span!("request", method).entered();
        match catch_unwind(AssertUnwindSafe(|| handler(&mut state))) {
            Ok(reply) => reply,
            Err(_) => {
                error!(method, "request handler panicked");
                let mut e = Error::internal_error();
                e.message = format!("{method}: request handler panicked").into();
                Err(e)
            }
        }
    }

    /// Runs a notification handler on the locked state; errors and panics are logged.
    pub fn write(&self, method: &'static str, handler: impl FnOnce(&mut ServerState) -> Result<()>) {
        let mut state = self.lock();
        match catch_unwind(AssertUnwindSafe(|| handler(&mut state))) {
            Ok(Ok(())) => {}
            Ok(Err(e)) => warn!(method, "{}", e.message),
            Err(_) => error!(method, "notification handler panicked"),
        }
    }

    /// Queues `textDocument/publishDiagnostics` for one version of `uri`, the
    /// diagnostics given as a JSON array.
    pub fn publish_diagnostics(&self, uri: Uri, version: i32, diagnostics: String) {
        let _ = self.publish.send(Outgoing::Diagnostics {
            uri,
            version,
            diagnostics,
        });
    }

    /// Queues `hexcells/solveStatus` with `params`.
    pub fn send_solve_status(&self, params: serde_json::Value) {
        let _ = self.publish.send(Outgoing::SolveStatus(params));
    }
}
