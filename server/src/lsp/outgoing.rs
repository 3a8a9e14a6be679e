//! The ordered queue of notifications to the client: a document's diagnostics and
//! `hexcells/solveStatus` leave through it in the order they were queued, written as
//! JSON straight onto the [`Wire`] (a pack's diagnostics are a megabyte, which tower's
//! client would first build as a `serde_json::Value`, many small allocations).
//!
//! The engine's answer is queued in one call ([`Outgoing::answer`]): its diagnostics
//! first, then its `hexcells/solveStatus`, as `docs/lsp-extensions.md` promises.
//!
//! The queue hands the wire one message at a time and waits until it is written, so a
//! client slower than the answers makes messages wait here, not on the wire. Waiting
//! diagnostics of a document version are replaced by newer diagnostics of the same
//! version where they wait (a pack's verdicts, complete answer and advice each bring
//! the whole pack's diagnostics, a megabyte or more): the client gets the latest ones,
//! still before that version's `hexcells/solveStatus`, and the queue holds at most one
//! such array per version.

use std::collections::VecDeque;

use serde::Serialize;
use tokio::sync::{mpsc, oneshot};
use tower_lsp_server::ls_types::notification::{Notification as _, PublishDiagnostics};
use tower_lsp_server::ls_types::Uri;
use tracing::error;

use super::ext;

/// The bodies of messages to the client, which the transport frames and writes in
/// order (`None` ends the output).
pub type Wire = mpsc::UnboundedSender<Option<Outbound>>;

/// One message body for the wire.
pub struct Outbound {
    /// The JSON-RPC message.
    pub body: Vec<u8>,
    /// Told once the body is written (the queue waits for it).
    pub written: Option<oneshot::Sender<()>>,
}

impl Outbound {
    /// A body that nobody waits for.
    pub fn body(body: Vec<u8>) -> Outbound {
        Outbound { body, written: None }
    }
}

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
            let mut waiting = VecDeque::new();
            loop {
                if waiting.is_empty() {
                    match rx.recv().await {
                        Some(message) => wait(&mut waiting, message),
                        None => break,
                    }
                }
                while let Ok(message) = rx.try_recv() {
                    wait(&mut waiting, message);
                }
                let Some(message) = waiting.pop_front() else {
                    continue;
                };
                let Some(body) = body(message) else {
                    continue;
                };
                let (written, done) = oneshot::channel();
                let outbound = Outbound {
                    body,
                    written: Some(written),
                };
                if wire.send(Some(outbound)).is_err() || done.await.is_err() {
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

/// Adds `message` to the messages `waiting` for the wire: diagnostics replace those of
/// the same document version still waiting, where they wait.
fn wait(waiting: &mut VecDeque<Message>, message: Message) {
    if let Message::Diagnostics { uri, version, .. } = &message {
        let same = |waits: &&mut Message| matches!(waits, Message::Diagnostics { uri: u, version: v, .. } if u == uri && v == version);
        if let Some(older) = waiting.iter_mut().find(same) {
            *older = message;
            return;
        }
    }
    waiting.push_back(message);
}

/// The body of `message`, or `None` (logged) when it cannot be serialised.
fn body(message: Message) -> Option<Vec<u8>> {
    let method = message.method();
    let body = match message {
        Message::Diagnostics {
            uri,
            version,
            diagnostics,
        } => publish_diagnostics_body(&uri, version, &diagnostics),
        Message::SolveStatus(params) => notification(method, &params),
    };
    body.map_err(|e| {
        error!(
            method,
            "a notification could not be serialised, so it is not sent: {e}"
        )
    })
    .ok()
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

    /// The next body on the wire, as JSON, once `written` says the transport wrote it.
    async fn next(output: &mut mpsc::UnboundedReceiver<Option<Outbound>>) -> serde_json::Value {
        let Outbound { body, written } = output.recv().await.flatten().expect("a body");
        if let Some(written) = written {
            let _ = written.send(());
        }
        serde_json::from_slice(&body).expect("the body is JSON")
    }

    #[tokio::test]
    async fn the_queue_sends_each_notification_whole_and_in_order() {
        let (wire, mut output) = mpsc::unbounded_channel();
        let outgoing = Outgoing::start(wire);
        let uri: Uri = "file:///a.hexcells".parse().expect("a URI");
        outgoing.answer(&uri, Some((3, "[]".into())), serde_json::json!({ "version": 3 }));
        let mut methods = Vec::new();
        for _ in 0..2 {
            let value = next(&mut output).await;
            methods.push(value["method"].as_str().unwrap_or_default().to_string());
        }
        assert_eq!(methods, [PublishDiagnostics::METHOD, ext::SolveStatus::METHOD]);
    }

    #[tokio::test]
    async fn newer_diagnostics_of_a_version_replace_those_still_waiting_where_they_wait() {
        let (wire, mut output) = mpsc::unbounded_channel();
        let outgoing = Outgoing::start(wire);
        let a: Uri = "file:///a.hexcells".parse().expect("a URI");
        let b: Uri = "file:///b.hexcells".parse().expect("a URI");
        let status = |version: i32| serde_json::json!({ "version": version });

        // The first message is on the wire and not written yet: the others wait.
        outgoing.diagnostics(a.clone(), 1, "[1]".into());
        let Outbound { body, written } = output.recv().await.flatten().expect("a body");
        let first: serde_json::Value = serde_json::from_slice(&body).expect("JSON");
        assert_eq!(first["params"]["diagnostics"], serde_json::json!([1]));
        outgoing.answer(&a, Some((2, "[2]".into())), status(2));
        outgoing.diagnostics(b.clone(), 2, "[\"b\"]".into());
        outgoing.answer(&a, Some((2, "[2, 2]".into())), status(2));
        outgoing.answer(&a, Some((3, "[3]".into())), status(3));
        tokio::task::yield_now().await;
        assert!(
            output.try_recv().is_err(),
            "nothing more before the first is written"
        );
        let _ = written.expect("the queue waits").send(());

        let mut sent = Vec::new();
        for _ in 0..6 {
            let value = next(&mut output).await;
            let params = &value["params"];
            sent.push(match value["method"].as_str() {
                Some(PublishDiagnostics::METHOD) => format!(
                    "{} v{} {}",
                    params["uri"]
                        .as_str()
                        .unwrap_or_default()
                        .trim_start_matches("file:///"),
                    params["version"],
                    params["diagnostics"]
                ),
                _ => format!("status v{}", params["version"]),
            });
        }
        assert_eq!(
            sent,
            [
                "a.hexcells v2 [2,2]",
                "status v2",
                "b.hexcells v2 [\"b\"]",
                "status v2",
                "a.hexcells v3 [3]",
                "status v3",
            ]
        );
        tokio::task::yield_now().await;
        assert!(
            output.try_recv().is_err(),
            "the replaced diagnostics are not sent"
        );
    }
}
