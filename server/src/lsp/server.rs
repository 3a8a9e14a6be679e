//! The server's handle, [`LspServer`]: the client, the one lock around
//! [`ServerState`], the ordered queue of notifications to the client
//! (`outgoing.rs`), and the permits of the background analyses. Cheap to clone into
//! background jobs. Every handler gets to the state through it; it knows no handler.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::Semaphore;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::Client;
use tracing::{error, warn};

use super::outgoing::{Outgoing, Wire};
use super::state::ServerState;

/// Verdicts worked out at once; the others wait (and may be cancelled while waiting).
pub const MAX_PARALLEL_VERDICTS: usize = 2;

/// Explanation and fix searches at once: one, so that the other core is free for the
/// verdicts of the next change.
pub const MAX_PARALLEL_EXPLANATIONS: usize = 1;

/// The server: the client handle, the state and the outgoing queue. Cheap to clone
/// into background jobs.
#[derive(Clone)]
pub struct LspServer {
    /// The connection to the client, for requests and notifications that need no order.
    pub client: Client,
    state: Arc<Mutex<ServerState>>,
    /// The ordered queue of notifications to the client.
    pub outgoing: Outgoing,
    /// Permits for verdicts worked out at once.
    pub verdicts: Arc<Semaphore>,
    /// Permits for explanation and fix searches running at once.
    pub explanations: Arc<Semaphore>,
}

impl LspServer {
    /// A server talking to `client`, with an empty state; starts the task that writes
    /// queued notifications onto `wire` in order.
    pub fn new(client: Client, wire: Wire) -> LspServer {
        LspServer {
            client,
            state: Arc::default(),
            outgoing: Outgoing::start(wire),
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
}
