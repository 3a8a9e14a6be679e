//! The ordered queue of notifications to the client: a document's diagnostics and
//! `hexcells/solveStatus` leave through it in the order they were queued, written as
//! JSON straight onto the [`Wire`] (a pack's diagnostics are a megabyte, which tower's
//! client would first build as a `serde_json::Value`, many small allocations).
//!
//! The engine's answer is queued in one call ([`Outgoing::answer`]): its diagnostics
//! first, then its `hexcells/solveStatus`, as `docs/lsp-extensions.md` promises.

use serde::Serialize;
use tokio::sync::mpsc;
use tower_lsp_server::ls_types::notification::{Notification as _, PublishDiagnostics};
use tower_lsp_server::ls_types::Uri;

use super::ext;

/// The bodies of messages to the client, which the transport frames and writes in
/// order (`None` ends the output).
pub type Wire = mpsc::UnboundedSender<Option<Vec<u8>>>;

/// One queued notification.
enum Message {
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

/// The sending end of the queue. Cheap to clone.
#[derive(Clone)]
pub struct Outgoing {
    queue: mpsc::UnboundedSender<Message>,
}

impl Outgoing {
    /// A queue whose messages a task writes onto `wire`, in order.
    pub fn start(wire: Wire) -> Outgoing {
        let (queue, mut rx) = mpsc::unbounded_channel::<Message>();
        tokio::spawn(async move {
            while let Some(message) = rx.recv().await {
                let body = match message {
                    Message::Diagnostics {
                        uri,
                        version,
                        diagnostics,
                    } => publish_diagnostics_body(&uri, version, &diagnostics),
                    Message::SolveStatus(params) => notification(ext::SolveStatus::METHOD, &params),
                };
                if wire.send(Some(body)).is_err() {
                    break;
                }
            }
        });
        Outgoing { queue }
    }

    /// Queues `textDocument/publishDiagnostics` for one version of `uri`, the
    /// diagnostics given as a JSON array.
    pub fn diagnostics(&self, uri: Uri, version: i32, diagnostics: String) {
        let _ = self.queue.send(Message::Diagnostics {
            uri,
            version,
            diagnostics,
        });
    }

    /// Queues the engine's answer for one version of `uri`: its diagnostics (when the
    /// client has not got them yet), then `hexcells/solveStatus` with `status`.
    pub fn answer(&self, uri: &Uri, diagnostics: Option<(i32, String)>, status: serde_json::Value) {
        if let Some((version, diagnostics)) = diagnostics {
            self.diagnostics(uri.clone(), version, diagnostics);
        }
        let _ = self.queue.send(Message::SolveStatus(status));
    }
}

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
