//! A small LSP client for the end-to-end tests: starts `hexcells lsp`, speaks
//! JSON-RPC over its stdin/stdout, answers the server's own requests, and compares
//! replies with reviewable JSON snapshots (`tests/fixtures/lsp/snapshots`, rewritten
//! with `HEXCELLS_BLESS=1`).

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// How long to wait for any one reply before failing the test.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// A running `hexcells lsp` and the messages it sent.
pub struct LspClient {
    child: Child,
    stdin: Arc<Mutex<ChildStdin>>,
    incoming: Receiver<Value>,
    /// Messages received but not yet asked for, oldest first.
    backlog: VecDeque<Value>,
    next_id: i64,
    stderr: Arc<Mutex<String>>,
    /// What the client answers to `workspace/configuration` (one value per item).
    pub settings: Arc<Mutex<Value>>,
    /// What the client answers to `workspace/applyEdit` (`{"applied": true}` at
    /// first); `None` leaves the request to the test, which answers with
    /// [`LspClient::reply`].
    pub apply_edits: Arc<Mutex<Option<Value>>>,
}

impl LspClient {
    /// Starts the server (not yet initialized).
    pub fn start() -> LspClient {
        LspClient::start_with_env(&[])
    }

    /// [`LspClient::start`] with extra environment variables (e.g. `DISPLAY` for the
    /// viewers it starts).
    pub fn start_with_env(env: &[(&str, &str)]) -> LspClient {
        let mut child = Command::new(crate::bin("hexcells"))
            .arg("lsp")
            .env("HEXCELLS_LOG", "warn")
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start hexcells lsp");
        let stdin = Arc::new(Mutex::new(child.stdin.take().expect("stdin")));
        let stdout = child.stdout.take().expect("stdout");
        let stderr_pipe = child.stderr.take().expect("stderr");
        let stderr = Arc::new(Mutex::new(String::new()));
        let settings = Arc::new(Mutex::new(json!({})));
        let apply_edits = Arc::new(Mutex::new(Some(json!({ "applied": true }))));
        let (tx, incoming) = mpsc::channel();
        {
            let stdin = Arc::clone(&stdin);
            let settings = Arc::clone(&settings);
            let apply = Arc::clone(&apply_edits);
            thread::spawn(move || read_messages(stdout, stdin, settings, apply, tx));
        }
        {
            // Line by line, so that a test sees the log while the server runs.
            let stderr = Arc::clone(&stderr);
            thread::spawn(move || {
                for line in BufReader::new(stderr_pipe).lines() {
                    let Ok(line) = line else { break };
                    let mut log = stderr.lock().expect("stderr lock");
                    log.push_str(&line);
                    log.push('\n');
                }
            });
        }
        LspClient {
            child,
            stdin,
            incoming,
            backlog: VecDeque::new(),
            next_id: 1,
            stderr,
            settings,
            apply_edits,
        }
    }

    /// Starts the server and initializes it with `params` (the editor's `initialize`
    /// params); returns the `initialize` result.
    pub fn initialized_with(params: Value) -> (LspClient, Value) {
        let mut client = LspClient::start();
        let reply = client.request("initialize", params);
        let result = reply
            .get("result")
            .cloned()
            .unwrap_or_else(|| panic!("initialize failed: {reply}"));
        client.notify("initialized", json!({}));
        (client, result)
    }

    /// Starts a server for a minimal client: push diagnostics, UTF-16 positions
    /// unless `utf8`.
    pub fn minimal(utf8: bool) -> LspClient {
        LspClient::minimal_with(utf8, json!({}))
    }

    /// [`LspClient::minimal`] whose `workspace/configuration` answer is `settings`
    /// from the start.
    pub fn minimal_with(utf8: bool, settings: Value) -> LspClient {
        LspClient::minimal_in(utf8, settings, &[])
    }

    /// [`LspClient::minimal_with`] with extra environment variables for the server.
    pub fn minimal_in(utf8: bool, settings: Value, env: &[(&str, &str)]) -> LspClient {
        let encodings = if utf8 {
            json!(["utf-8", "utf-16"])
        } else {
            json!(["utf-16"])
        };
        let params = json!({
            "processId": null,
            "rootUri": null,
            "capabilities": {
                "general": { "positionEncodings": encodings },
                "workspace": { "configuration": true, "applyEdit": true },
                "window": { "workDoneProgress": true, "showDocument": { "support": true } }
            }
        });
        let mut client = LspClient::start_with_env(env);
        *client.settings.lock().expect("settings lock") = settings;
        let reply = client.request("initialize", params);
        assert!(reply.get("result").is_some(), "initialize failed: {reply}");
        client.notify("initialized", json!({}));
        client
    }

    /// [`LspClient::minimal`] (UTF-16) whose viewers open on X display `display` and
    /// keep their state (recent files, window places) under `state_home`.
    pub fn minimal_for_viewers(display: &str, state_home: &str) -> LspClient {
        LspClient::minimal_in(
            false,
            json!({}),
            &[("DISPLAY", display), ("XDG_STATE_HOME", state_home)],
        )
    }

    /// Starts a server for a client that pulls diagnostics and can be asked to pull
    /// again (as VS Code does), UTF-16 positions, its `workspace/configuration`
    /// answer `settings`: the server pushes no diagnostics to it.
    pub fn pulling_with(settings: Value) -> LspClient {
        let params = json!({
            "processId": null,
            "rootUri": null,
            "capabilities": {
                "general": { "positionEncodings": ["utf-16"] },
                "workspace": { "configuration": true, "diagnostics": { "refreshSupport": true } },
                "textDocument": { "diagnostic": { "dynamicRegistration": false } }
            }
        });
        let mut client = LspClient::start();
        *client.settings.lock().expect("settings lock") = settings;
        let reply = client.request("initialize", params);
        assert!(reply.get("result").is_some(), "initialize failed: {reply}");
        client.notify("initialized", json!({}));
        client
    }

    /// Waits for the complete `hexcells/solveStatus` of `uri` at `version` (the one
    /// with explanations and fixes); returns its params.
    pub fn solve_status(&mut self, uri: &str, version: i64) -> Value {
        self.solve_status_within(uri, version, TIMEOUT)
    }

    /// [`LspClient::solve_status`], waiting up to `timeout`.
    pub fn solve_status_within(&mut self, uri: &str, version: i64, timeout: Duration) -> Value {
        self.status_within(uri, version, timeout, true)
    }

    /// The first `hexcells/solveStatus` of `uri` at `version`, complete or not (the
    /// verdicts come before explanations and fixes).
    pub fn first_solve_status_within(&mut self, uri: &str, version: i64, timeout: Duration) -> Value {
        self.status_within(uri, version, timeout, false)
    }

    /// The `hexcells/solveStatus` of `uri` at `version` that says the advice is in
    /// (the last answer of a version: clues never needed, clues a stuck level needs).
    pub fn advised_status_within(&mut self, uri: &str, version: i64, timeout: Duration) -> Value {
        self.status_matching(uri, version, timeout, "advised")
    }

    fn status_within(&mut self, uri: &str, version: i64, timeout: Duration, complete: bool) -> Value {
        self.status_matching(uri, version, timeout, if complete { "complete" } else { "" })
    }

    /// The first `hexcells/solveStatus` of `uri` at `version` whose field `flag` is
    /// true (any, when `flag` is empty).
    fn status_matching(&mut self, uri: &str, version: i64, timeout: Duration, flag: &str) -> Value {
        let pred = |m: &Value| {
            m["method"] == "hexcells/solveStatus"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
                && (flag.is_empty() || m["params"][flag] == true)
        };
        match self.try_wait_for(timeout, &pred) {
            Some(m) => m["params"].clone(),
            None => panic!(
                "no solve status for {uri} v{version} within {timeout:?}; server log:\n{}",
                self.stderr()
            ),
        }
    }

    /// Sends raw bytes as one framed message (or, with `frame == false`, as is).
    pub fn send_raw(&mut self, body: &[u8], frame: bool) {
        let mut stdin = self.stdin.lock().expect("stdin lock");
        if frame {
            let _ = write!(stdin, "Content-Length: {}\r\n\r\n", body.len());
        }
        let _ = stdin.write_all(body);
        let _ = stdin.flush();
    }

    fn send(&mut self, message: &Value) {
        let body = serde_json::to_vec(message).expect("serialise");
        self.send_raw(&body, true);
    }

    /// Answers the server's request `id` with `result`.
    pub fn reply(&mut self, id: &Value, result: Value) {
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "result": result }));
    }

    /// Sends a notification.
    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request without waiting; returns its id.
    pub fn request_async(&mut self, method: &str, params: Value) -> i64 {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        id
    }

    /// Sends a request and waits for its whole response message.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.request_async(method, params);
        self.response(id)
    }

    /// Waits for the response to request `id`.
    pub fn response(&mut self, id: i64) -> Value {
        self.wait_for(&format!("response to request {id}"), |m| {
            m.get("id") == Some(&json!(id)) && m.get("method").is_none()
        })
    }

    /// The `result` of a request, failing the test on an error reply.
    pub fn result(&mut self, method: &str, params: Value) -> Value {
        let reply = self.request(method, params);
        match reply.get("result") {
            Some(result) => result.clone(),
            None => panic!("{method} failed: {reply}"),
        }
    }

    /// Waits for a message matching `pred`, keeping the others for later.
    pub fn wait_for(&mut self, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
        self.try_wait_for(TIMEOUT, &pred)
            .unwrap_or_else(|| panic!("no {what} within {TIMEOUT:?}; server log:\n{}", self.stderr()))
    }

    /// Waits up to `timeout` for a message matching `pred`.
    pub fn try_wait_for(&mut self, timeout: Duration, pred: &dyn Fn(&Value) -> bool) -> Option<Value> {
        if let Some(i) = self.backlog.iter().position(pred) {
            return self.backlog.remove(i);
        }
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.incoming.recv_timeout(left) {
                Ok(m) if pred(&m) => return Some(m),
                Ok(m) => self.backlog.push_back(m),
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return None,
            }
        }
    }

    /// Waits for the `publishDiagnostics` of `uri` at `version`; returns its params.
    pub fn diagnostics(&mut self, uri: &str, version: i64) -> Value {
        let m = self.wait_for(&format!("diagnostics for {uri} v{version}"), |m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
        });
        m["params"].clone()
    }

    /// Opens a document.
    pub fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "hexcells", "version": 1, "text": text } }),
        );
    }

    /// Sends one incremental change replacing `range` with `text`.
    pub fn change(&mut self, uri: &str, version: i64, range: Value, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri, "version": version },
                "contentChanges": [ { "range": range, "text": text } ]
            }),
        );
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Everything the server wrote to stderr so far.
    pub fn stderr(&self) -> String {
        self.stderr.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// Everything the server wrote to stderr, once it holds `needle` (or after
    /// [`TIMEOUT`]).
    pub fn stderr_with(&self, needle: &str) -> String {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let log = self.stderr();
            if log.contains(needle) || Instant::now() > deadline {
                return log;
            }
            thread::sleep(Duration::from_millis(10));
        }
    }

    /// Sends `shutdown` and `exit`; returns how the process ended and how long it
    /// took after `exit` (killing it after 5 s).
    pub fn shutdown_and_exit(mut self) -> (Option<ExitStatus>, Duration) {
        let reply = self.request("shutdown", Value::Null);
        assert_eq!(reply["result"], Value::Null, "shutdown failed: {reply}");
        self.notify("exit", Value::Null);
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(5) {
            if let Ok(Some(status)) = self.child.try_wait() {
                return (Some(status), start.elapsed());
            }
            thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        (None, start.elapsed())
    }
}

impl Drop for LspClient {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// A range on one line, in the client's units.
pub fn range(line: u32, start: u32, end: u32) -> Value {
    json!({ "start": { "line": line, "character": start }, "end": { "line": line, "character": end } })
}

/// A text document position.
pub fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } })
}

/// Reads framed messages; answers the server's requests and passes every message on.
fn read_messages(
    stdout: impl Read,
    stdin: Arc<Mutex<ChildStdin>>,
    settings: Arc<Mutex<Value>>,
    apply_edits: Arc<Mutex<Option<Value>>>,
    tx: mpsc::Sender<Value>,
) {
    let mut reader = BufReader::new(stdout);
    loop {
        let mut length = None;
        loop {
            let mut line = String::new();
            match reader.read_line(&mut line) {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(v) = line.strip_prefix("Content-Length:") {
                length = v.trim().parse::<usize>().ok();
            }
        }
        let Some(length) = length else { return };
        let mut body = vec![0; length];
        if reader.read_exact(&mut body).is_err() {
            return;
        }
        let Ok(message) = serde_json::from_slice::<Value>(&body) else {
            return;
        };
        if let (Some(id), Some(method)) = (message.get("id"), message.get("method").and_then(Value::as_str)) {
            let result = match method {
                "workspace/configuration" => {
                    let n = message["params"]["items"].as_array().map_or(0, Vec::len);
                    let value = settings.lock().map(|s| s.clone()).unwrap_or(Value::Null);
                    Value::Array(vec![value; n])
                }
                "workspace/applyEdit" => match apply_edits.lock().map(|a| a.clone()) {
                    Ok(Some(answer)) => answer,
                    // Left to the test, which answers with `reply`.
                    _ => {
                        let _ = tx.send(message.clone());
                        continue;
                    }
                },
                "window/showDocument" => json!({ "success": true }),
                _ => Value::Null,
            };
            let reply = serde_json::to_vec(&json!({ "jsonrpc": "2.0", "id": id, "result": result }))
                .unwrap_or_default();
            if let Ok(mut stdin) = stdin.lock() {
                let _ = write!(stdin, "Content-Length: {}\r\n\r\n", reply.len());
                let _ = stdin.write_all(&reply);
                let _ = stdin.flush();
            }
        }
        if tx.send(message).is_err() {
            return;
        }
    }
}

/// Compares `actual` with the snapshot `tests/fixtures/lsp/snapshots/<name>.json`;
/// with `HEXCELLS_BLESS=1`, writes it instead.
#[track_caller]
pub fn check_snapshot(name: &str, actual: &Value) {
    let path = crate::repo_root()
        .join("tests/fixtures/lsp/snapshots")
        .join(format!("{name}.json"));
    let text = serde_json::to_string_pretty(actual).expect("serialise") + "\n";
    if std::env::var_os("HEXCELLS_BLESS").is_some() {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("create snapshot dir");
        }
        std::fs::write(&path, &text).expect("write snapshot");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!(
            "snapshot {} is missing; run with HEXCELLS_BLESS=1 and review it\nactual:\n{text}",
            path.display()
        )
    });
    assert!(
        expected == text,
        "snapshot {name} differs (HEXCELLS_BLESS=1 rewrites it)\n--- expected\n{expected}\n--- actual\n{text}"
    );
}
