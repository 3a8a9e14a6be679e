//! The server's handle, [`LspServer`]: the client, the one lock around
//! [`ServerState`], the ordered queue of notifications to the client
//! (`outgoing.rs`), and the permits of the background analyses. Cheap to clone into
//! background jobs. Every handler gets to the state through it; it knows no handler.
//!
//! A panic is caught only where nothing it half-changed outlives it: a handler runs
//! about one document ([`LspServer::guarded`]), and after a panic in it that document's
//! derived state is dropped and rebuilt from its text; a lock that a panic poisoned
//! elsewhere has every document rebuilt before it is used again. A change of the text
//! is applied to a copy and swapped in when done (`state.rs`), so a panic while
//! applying it leaves the text as it was.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::Semaphore;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::Uri;
use tower_lsp_server::Client;
use tracing::{error, warn};

use super::outgoing::{Outgoing, Wire};
use super::positions::Encoding;
use super::state::{Doc, ServerState};

/// Verdicts worked out at once; the others wait (and may be cancelled while waiting).
pub const MAX_PARALLEL_VERDICTS: usize = 2;

/// Explanation and fix searches at once: one, so that the other core is free for the
/// verdicts of the next change.
pub const MAX_PARALLEL_EXPLANATIONS: usize = 1;

/// Advice searches at once (each on one core): one, beside the explanations, so that
/// a long advice never holds back another level's explanations.
pub const MAX_PARALLEL_ADVICE: usize = 1;

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
    /// Permits for advice searches running at once.
    pub advice: Arc<Semaphore>,
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
            advice: Arc::new(Semaphore::new(MAX_PARALLEL_ADVICE)),
        }
    }

    /// The state, locked. A panic elsewhere while it was locked may have left it
    /// half-changed: then every document's derived state is rebuilt from its text
    /// first, once (see [`locked`]).
    pub fn lock(&self) -> MutexGuard<'_, ServerState> {
        locked(&self.state)
    }

    /// Runs `work` about the document `uri` on the locked state; `None` when it
    /// panicked. A panic is logged once, and what the server worked out from the
    /// document's text is dropped and rebuilt from the text (`ServerState::rebuild`), so
    /// nothing it left half-changed in the document stays. Handlers change the rest of
    /// the state (documents opened or closed, viewers, the engine's answers, settings)
    /// only by inserting, removing or replacing whole values.
    pub fn guarded<T>(
        &self,
        method: &'static str,
        uri: &Uri,
        work: impl FnOnce(&mut ServerState) -> T,
    ) -> Option<T> {
        let mut state = self.lock();
        let _span = tracing::debug_span!("request", method).entered();
        match catch_unwind(AssertUnwindSafe(|| work(&mut state))) {
            Ok(done) => Some(done),
            Err(_) => {
                error!(
                    method,
                    uri = uri.as_str(),
                    "the handler panicked; the document's state is rebuilt from its text"
                );
                state.rebuild(uri);
                None
            }
        }
    }

    /// Runs a request handler about the document `uri` on the locked state; a panic
    /// becomes an error reply (see [`LspServer::guarded`]).
    pub fn read<T>(
        &self,
        method: &'static str,
        uri: &Uri,
        handler: impl FnOnce(&ServerState) -> Result<T>,
    ) -> Result<T> {
        self.guarded(method, uri, |state| handler(state))
            .unwrap_or_else(|| Err(panicked(method)))
    }

    /// Runs a request handler that changes the document `uri` (keeps what it sent),
    /// and nothing else; a document that is not open is an error and changes nothing,
    /// and a panic becomes an error reply (see [`LspServer::guarded`]).
    pub fn update<T>(
        &self,
        method: &'static str,
        uri: &Uri,
        handler: impl FnOnce(&mut Doc, Encoding) -> Result<T>,
    ) -> Result<T> {
        self.guarded(method, uri, |state| {
            let encoding = state.encoding;
            handler(state.doc_mut(uri)?, encoding)
        })
        .unwrap_or_else(|| Err(panicked(method)))
    }

    /// Runs a notification handler about the document `uri` on the locked state;
    /// errors are logged, and panics as [`LspServer::guarded`] says.
    pub fn write(
        &self,
        method: &'static str,
        uri: &Uri,
        handler: impl FnOnce(&mut ServerState) -> Result<()>,
    ) {
        if let Some(Err(e)) = self.guarded(method, uri, handler) {
            warn!(method, "{}", e.message);
        }
    }
}

/// The state in `mutex`, locked. When a panic left the lock poisoned (in work that
/// held it outside [`LspServer::guarded`]), the state may be half-changed: every
/// document's derived state is rebuilt from its text and the lock is made whole, once.
fn locked(mutex: &Mutex<ServerState>) -> MutexGuard<'_, ServerState> {
    mutex.lock().unwrap_or_else(|poisoned| {
        error!("a panic left the server's state half-changed; every document is rebuilt from its text");
        let mut state = poisoned.into_inner();
        state.rebuild_all();
        mutex.clear_poison();
        state
    })
}

/// The error reply of a request whose handler panicked.
fn panicked(method: &str) -> Error {
    let mut e = Error::internal_error();
    e.message = format!("{method}: request handler panicked").into();
    e
}

#[cfg(test)]
mod tests {
    use super::*;
    use tower_lsp_server::ls_types::TextDocumentItem;

    #[test]
    fn a_poisoned_lock_has_every_document_rebuilt_from_its_text() {
        let mutex = Mutex::new(ServerState::default());
        let uri: Uri = "file:///level.hexcells".parse().expect("a URI");
        let text = hexcells_core::fixture::text("T", &["..x.", "", "..o+"]);
        locked(&mutex).open(TextDocumentItem::new(
            uri.clone(),
            "hexcells".into(),
            3,
            text.clone(),
        ));

        // Work that holds the lock outside `guarded` panics after changing what was
        // worked out from the text.
        let panicked = std::thread::scope(|scope| {
            scope
                .spawn(|| {
                    let mut state = mutex.lock().expect("not poisoned yet");
                    let doc = state.docs.get_mut(&uri).expect("open");
                    doc.pushed = Some((3, 42));
                    doc.sent_tokens = Some(("1".into(), Vec::new()));
                    panic!("a panic on purpose, with the lock held");
                })
                .join()
        });
        assert!(panicked.is_err());
        assert!(mutex.is_poisoned());

        let state = locked(&mutex);
        let doc = &state.docs[&uri];
        assert_eq!(doc.pushed, None, "the client is sent the rebuilt diagnostics");
        assert_eq!(doc.sent_tokens, None);
        assert_eq!((doc.version, doc.text().into_owned()), (3, text));
        assert_eq!(doc.parse().levels.len(), 1);
        drop(state);
        assert!(!mutex.is_poisoned(), "rebuilt once, not at every lock");
    }
}
