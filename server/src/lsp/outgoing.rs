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
use tracing::error;

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

impl Message {
    /// The notification's method.
    fn method(&self) -> &'static str {
        match self {
            Message::Diagnostics { .. } => PublishDiagnostics::METHOD,
            Message::SolveStatus(_) => ext::SolveStatus::METHOD,
        }
    }
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
                let method = message.method();
                let body = match message {
                    Message::Diagnostics {
                        uri,
                        version,
                        diagnostics,
                    } => publish_diagnostics_body(&uri, version, &diagnostics),
                    Message::SolveStatus(params) => notification(method, &params),
                };
                let body = match body {
                    Ok(body) => body,
                    Err(e) => {
                        error!(
                            method,
                            "a notification could not be serialised, so it is not sent: {e}"
                        );
                        continue;
                    }
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

/// The body of notification `method` with `params`, or why it cannot be serialised.
fn notification<P: Serialize>(method: &str, params: &P) -> serde_json::Result<Vec<u8>> {
    let message = Notification {
        jsonrpc: "2.0",
        method,
        params,
    };
    serde_json::to_vec(&message)
}

/// The body of `textDocument/publishDiagnostics` for `uri`'s `version`, with
/// `diagnostics` already a JSON array; or why `uri` cannot be serialised.
fn publish_diagnostics_body(uri: &Uri, version: i32, diagnostics: &str) -> serde_json::Result<Vec<u8>> {
    let uri = serde_json::to_string(uri)?;
    Ok(format!(
        r#"{{"jsonrpc":"2.0","method":"{}","params":{{"uri":{uri},"diagnostics":{diagnostics},"version":{version}}}}}"#,
        PublishDiagnostics::METHOD
    )
    .into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::ser::Error as _;

    /// Params whose serialisation fails, as a `Serialize` impl may.
    struct Unserialisable;

    impl Serialize for Unserialisable {
        fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
            Err(S::Error::custom("refused on purpose"))
        }
    }

    #[test]
    fn a_notification_that_cannot_be_serialised_is_an_error_never_an_empty_body() {
        let failed = notification("hexcells/test", &Unserialisable);
        let e = failed.expect_err("serialising Unserialisable fails");
        assert!(e.to_string().contains("refused on purpose"), "{e}");

        let body = notification("hexcells/test", &serde_json::json!({ "n": 1 })).expect("serialises");
        let value: serde_json::Value = serde_json::from_slice(&body).expect("the body is JSON");
        assert_eq!(value["method"], "hexcells/test");
        assert_eq!(value["params"]["n"], 1);
    }

    #[tokio::test]
    async fn the_queue_sends_each_notification_whole_and_in_order() {
        let (wire, mut output) = mpsc::unbounded_channel();
        let outgoing = Outgoing::start(wire);
        let uri: Uri = "file:///a.hexcells".parse().expect("a URI");
        outgoing.answer(&uri, Some((3, "[]".into())), serde_json::json!({ "version": 3 }));
        let mut methods = Vec::new();
        for _ in 0..2 {
            let body = output.recv().await.flatten().expect("a body");
            let value: serde_json::Value = serde_json::from_slice(&body).expect("the body is JSON");
            methods.push(value["method"].as_str().unwrap_or_default().to_string());
        }
        assert_eq!(methods, [PublishDiagnostics::METHOD, ext::SolveStatus::METHOD]);
    }
}
