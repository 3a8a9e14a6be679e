//! A guard around tower-lsp-server's stdio transport. Tower's reader stops for good
//! at the first body that is not a JSON-RPC message (its framed stream ends after a
//! decode error), so one malformed message would end the server. This layer frames
//! messages itself: valid ones go on to tower, malformed ones get a JSON-RPC error
//! reply (-32700 parse error, -32600 invalid request) and the server keeps serving.
//! All output, tower's and ours, leaves through one writer, one whole message at a
//! time.
//!
//! tidy: transport. This is the only module that writes to stdout.

use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;
use tower_lsp_server::{ClientSocket, LspService, Server};
use tracing::{error, warn};

use super::outgoing::{Outbound, Wire};
use super::server::LspServer;

/// Longest header line read; longer ones are garbage and skipped.
const MAX_HEADER_LINE: u64 = 4096;

/// Serves `service` on stdin/stdout until the client says `exit` or closes stdin;
/// message bodies sent on `wire` (and tower's) leave through `output`, in order.
pub async fn serve(
    service: LspService<LspServer>,
    socket: ClientSocket,
    wire: Wire,
    output: mpsc::UnboundedReceiver<Option<Outbound>>,
) {
    let (to_tower, tower_in) = tokio::io::duplex(1 << 16);
    let (tower_out, from_tower) = tokio::io::duplex(1 << 16);
    tokio::spawn(forward_input(tokio::io::stdin(), to_tower, wire.clone()));
    let forwarded = tokio::spawn(forward_output(from_tower, wire));
    let writer = tokio::spawn(write_all(output, tokio::io::stdout()));
    Server::new(tower_in, tower_out, socket).serve(service).await;
    let _ = forwarded.await;
    let _ = writer.await;
}

/// One framed message body, or `None` at the end of the input.
async fn read_frame<R: AsyncRead + Unpin>(reader: &mut BufReader<R>) -> Option<Vec<u8>> {
    loop {
        let mut length = None;
        let mut saw_header = false;
        loop {
            let mut line = Vec::new();
            let n = (&mut *reader)
                .take(MAX_HEADER_LINE)
                .read_until(b'\n', &mut line)
                .await
                .ok()?;
            if n == 0 {
                return None;
            }
            let text = String::from_utf8_lossy(&line);
            let text = text.trim();
            if text.is_empty() {
                if saw_header {
                    break;
                }
                continue;
            }
            saw_header = true;
            if let Some((name, value)) = text.split_once(':') {
                if name.trim().eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse::<usize>().ok();
                }
            }
        }
        let Some(length) = length else {
            warn!("skipped a message without Content-Length");
            continue;
        };
        let mut body = vec![0; length];
        reader.read_exact(&mut body).await.ok()?;
        return Some(body);
    }
}

/// The header that frames `body`.
fn header(body: &[u8]) -> Vec<u8> {
    format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes()
}

fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = header(body);
    out.extend_from_slice(body);
    out
}

/// Why a body is not a JSON-RPC message tower can take, as an error reply.
fn reject(body: &[u8]) -> Option<Value> {
    let error = |id: &Value, code: i64, message: &str| {
        Some(json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } }))
    };
    let Ok(value) = serde_json::from_slice::<Value>(body) else {
        return error(&Value::Null, -32700, "Parse error: the message is not JSON");
    };
    let id = value.get("id").cloned().unwrap_or(Value::Null);
    let valid_id = matches!(id, Value::Null | Value::Number(_) | Value::String(_));
    let is_request = value.get("method").is_some_and(Value::is_string)
        && value
            .get("params")
            .is_none_or(|p| p.is_object() || p.is_array() || p.is_null());
    let is_response =
        value.get("method").is_none() && (value.get("result").is_some() || value.get("error").is_some());
    if value.get("jsonrpc") != Some(&json!("2.0")) || !valid_id || !(is_request || is_response) {
        let id = if valid_id { id } else { Value::Null };
        return error(&id, -32600, "Invalid request: not a JSON-RPC 2.0 message");
    }
    None
}

async fn forward_input(stdin: impl AsyncRead + Unpin, mut to_tower: impl AsyncWrite + Unpin, out: Wire) {
    let mut reader = BufReader::new(stdin);
    while let Some(body) = read_frame(&mut reader).await {
        match reject(&body) {
            Some(reply) => {
                warn!("rejected a malformed message of {} bytes", body.len());
                let reply = match serde_json::to_vec(&reply) {
                    Ok(reply) => reply,
                    Err(e) => {
                        error!("the error reply could not be serialised, so it is not sent: {e}");
                        continue;
                    }
                };
                if out.send(Some(Outbound::body(reply))).is_err() {
                    return;
                }
            }
            None => {
                if to_tower.write_all(&frame(&body)).await.is_err() {
                    return;
                }
            }
        }
    }
    let _ = to_tower.shutdown().await;
}

async fn forward_output(from_tower: impl AsyncRead + Unpin, out: Wire) {
    let mut reader = BufReader::new(from_tower);
    while let Some(body) = read_frame(&mut reader).await {
        if out.send(Some(Outbound::body(body))).is_err() {
            return;
        }
    }
    let _ = out.send(None);
}

async fn write_all(
    mut messages: mpsc::UnboundedReceiver<Option<Outbound>>,
    mut stdout: impl AsyncWrite + Unpin,
) {
    while let Some(Some(Outbound { body, written })) = messages.recv().await {
        let write = async {
            stdout.write_all(&header(&body)).await?;
            stdout.write_all(&body).await?;
            stdout.flush().await
        };
        if write.await.is_err() {
            return;
        }
        if let Some(written) = written {
            let _ = written.send(());
        }
    }
}
