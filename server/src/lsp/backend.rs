//! The server's handle, [`Backend`]: the client, the one lock around
//! [`ServerState`], the ordered queue of notifications to the client, and the permits
//! of the background analyses. Cheap to clone into background jobs. Every handler
//! gets to the state through it; it knows no handler.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::{mpsc, Semaphore};
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::{Diagnostic, Uri};
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
        diagnostics: Vec<Diagnostic>,
    },
    /// `hexcells/solveStatus`.
    SolveStatus(serde_json::Value),
}

/// The server: the client handle, the state and the outgoing queue. Cheap to clone
/// into background jobs.
#[derive(Clone)]
pub struct Backend {
    /// The connection to the client, for requests and notifications that need no order.
    pub client: Client,
    state: Arc<Mutex<ServerState>>,
    publish: mpsc::UnboundedSender<Outgoing>,
    /// Permits for verdicts worked out at once.
    pub verdicts: Arc<Semaphore>,
    /// Permits for explanation and fix searches running at once.
    pub explanations: Arc<Semaphore>,
}

impl Backend {
    /// A server talking to `client`, with an empty state; starts the task that sends
    /// queued notifications in order.
    pub fn new(client: Client) -> Backend {
        let (publish, mut rx) = mpsc::unbounded_channel::<Outgoing>();
        let publisher = client.clone();
        tokio::spawn(async move {
            while let Some(message) = rx.recv().await {
                match message {
                    Outgoing::Diagnostics {
                        uri,
                        version,
                        diagnostics,
                    } => {
                        publisher
                            .publish_diagnostics(uri, diagnostics, Some(version))
                            .await
                    }
                    Outgoing::SolveStatus(params) => {
                        publisher.send_notification::<ext::SolveStatus>(params).await
                    }
                }
            }
        });
        Backend {
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

    /// Runs a notification handler on the locked state; errors and panics are logged.
    pub fn write(&self, method: &'static str, handler: impl FnOnce(&mut ServerState) -> Result<()>) {
        let mut state = self.lock();
        match catch_unwind(AssertUnwindSafe(|| handler(&mut state))) {
            Ok(Ok(())) => {}
            Ok(Err(e)) => warn!(method, "{}", e.message),
            Err(_) => error!(method, "notification handler panicked"),
        }
    }

    /// Queues `textDocument/publishDiagnostics` for one version of `uri`.
    pub fn publish_diagnostics(&self, uri: Uri, version: i32, diagnostics: Vec<Diagnostic>) {
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
