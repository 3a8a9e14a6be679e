//! Live viewers: `hexcells.openViewer` starts one `hexcells-view --stdin` per document
//! and speaks `hexcells_core::viewer_protocol` with it. The viewer gets a snapshot of
//! the text on open and on every change, and the cell under the editor's cursor; a
//! click in the viewer moves the editor's cursor there with `window/showDocument`.
//!
//! LSP has no cursor notification, so the cursor is taken from the requests editors
//! send when it moves: `textDocument/documentHighlight` (VS Code on every move,
//! Neovim when highlighting is on) and `textDocument/hover`.
//!
//! Writes go through a thread per viewer, so a viewer that stops reading never blocks
//! the server; a thread per viewer reads its clicks. Dropping a [`Viewer`] (document
//! closed, server shut down) kills the process.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;

use hexcells_core::analysis::{self, Target};
use hexcells_core::viewer_protocol::{FromViewer, ToViewer};
use hexcells_core::Pos;
use tower_lsp_server::ls_types::{MessageType, ShowDocumentParams, TextDocumentPositionParams, Uri};
use tracing::{debug, warn};

use crate::lsp::state::{Doc, ServerState};
use crate::lsp::{convert, Backend};

/// A running viewer of one document.
#[derive(Debug)]
pub struct Viewer {
    child: Child,
    to_viewer: mpsc::Sender<String>,
    /// The last cursor sent, to send only changes.
    cursor: Option<(usize, Option<Pos>)>,
}

impl Drop for Viewer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Viewer {
    /// Whether the process still runs (the user may have closed its window).
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Sends the document's current text.
    pub fn snapshot(&self, doc: &Doc) {
        self.send(&ToViewer::Snapshot {
            version: i64::from(doc.version),
            text: doc.text(),
        });
    }

    /// Sends where the cursor is, if it moved to another cell.
    pub fn cursor(&mut self, level: usize, cell: Option<Pos>) {
        if self.cursor == Some((level, cell)) {
            return;
        }
        self.cursor = Some((level, cell));
        self.send(&ToViewer::Cursor { level, cell });
    }

    fn send(&self, message: &ToViewer) {
        let _ = self.to_viewer.send(message.encode());
    }
}

/// The `hexcells-view` to run: beside the running executable, else on PATH.
pub fn program() -> Option<PathBuf> {
    let name = format!("hexcells-view{}", std::env::consts::EXE_SUFFIX);
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join(&name)))
        .filter(|p| p.is_file());
    beside.or_else(|| {
        std::env::split_paths(&std::env::var_os("PATH")?)
            .map(|dir| dir.join(&name))
            .find(|p| p.is_file())
    })
}

/// Starts a viewer for `uri`; its clicks go to `backend`. The caller sends the first
/// snapshot.
pub fn start(backend: &Backend, uri: &Uri) -> Result<Viewer, String> {
    let program = program().ok_or_else(|| {
        "hexcells.openViewer: hexcells-view was found neither beside hexcells nor on PATH \
         (build it with `cargo build --release -p hexcells-viewer`)"
            .to_string()
    })?;
    let mut child = Command::new(&program)
        .arg("--stdin")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("hexcells.openViewer: cannot start {}: {e}", program.display()))?;
    let (Some(mut stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        let _ = child.kill();
        let _ = child.wait();
        return Err("hexcells.openViewer: the viewer has no stdin or stdout".into());
    };
    let (to_viewer, rx) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in rx {
            if writeln!(stdin, "{line}").and_then(|()| stdin.flush()).is_err() {
                break;
            }
        }
    });
    let runtime = tokio::runtime::Handle::current();
    let (backend, uri) = (backend.clone(), uri.clone());
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(std::result::Result::ok) {
            match FromViewer::decode(&line) {
                Ok(FromViewer::Clicked { level, cell }) => {
                    runtime.spawn(clicked(backend.clone(), uri.clone(), level, cell));
                }
                Err(e) => warn!("hexcells-view: {e}"),
            }
        }
        debug!(uri = uri.as_str(), "viewer closed");
    });
    Ok(Viewer {
        child,
        to_viewer,
        cursor: None,
    })
}

/// Tells the document's viewer, if any, which cell the editor's cursor is on.
pub fn follow_cursor(state: &mut ServerState, at: &TextDocumentPositionParams) {
    let uri = &at.text_document.uri;
    let (Some(viewer), Some(doc)) = (state.viewers.get_mut(uri), state.docs.get(uri)) else {
        return;
    };
    let (line, column) = convert::from_position(&doc.rope, state.encoding, at.position);
    let (level, cell) = match analysis::target_at(&doc.parse, line, column) {
        Some(Target::Item { level_idx, pos, .. }) => (level_idx, Some(pos)),
        Some(Target::Header { level_idx, .. }) => (level_idx, None),
        None => (doc.parse.level_at_line(line).map_or(0, |(idx, _)| idx), None),
    };
    viewer.cursor(level, cell);
}

/// Tells the user why the viewer did not start.
pub async fn report_failure(backend: &Backend, message: String) {
    warn!("{message}");
    backend.client.show_message(MessageType::ERROR, message).await;
}

/// Moves the editor's cursor to the clicked cell.
async fn clicked(backend: Backend, uri: Uri, level: usize, cell: Pos) {
    let range = {
        let state = backend.lock();
        let Some(doc) = state.docs.get(&uri) else {
            return;
        };
        let Some(range) = doc
            .parse
            .levels
            .get(level)
            .and_then(|parsed| parsed.source.range_of(cell))
        else {
            return;
        };
        convert::range(&doc.rope, state.encoding, range)
    };
    let params = ShowDocumentParams {
        uri,
        external: None,
        take_focus: Some(true),
        selection: Some(range),
    };
    if let Err(e) = backend.client.show_document(params).await {
        warn!("window/showDocument failed: {}", e.message);
    }
}
