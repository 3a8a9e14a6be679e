//! The live viewers of a document, the window (`hexcells.openViewer`) and the page
//! (`hexcells.openPreview`): what the server tells them and what their messages do.
//! The process link itself is `lsp/viewer_process.rs`. Both get the same messages and
//! their messages do the same; the page also tells its URL, which the command returns.
//!
//! - The viewer gets a snapshot of the text on open, then each change as the editor
//!   sent it (a keystroke in a pack of a megabyte costs a few bytes; a snapshot again
//!   when the whole text was replaced or the viewer asks for one), and the cell under
//!   the editor's cursor. LSP has no cursor notification, so the cursor is taken
//!   from the requests editors send when it moves: `textDocument/documentHighlight`
//!   (VS Code on every move, Neovim when highlighting is on) and `textDocument/hover`.
//! - A click moves the editor's cursor there with `window/showDocument`.
//! - An edit made in the viewer's editor is applied to the editor's buffer with
//!   `workspace/applyEdit` (a `TextDocumentEdit` for the version the viewer saw), so
//!   the editor's own undo takes it back and the file on disk does not change. An edit
//!   made against an older version is refused: the viewer is told and gets the text.

use std::collections::HashMap;
use std::time::Duration;

use hexcells_core::analysis::{self, Target};
use hexcells_core::edit::TextChange;
use hexcells_core::viewer_protocol::FromViewer;
use hexcells_core::Pos;
use serde_json::{json, Value};
use tower_lsp_server::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp_server::ls_types::{
    DocumentChanges, LSPAny, MessageType, OneOf, OptionalVersionedTextDocumentIdentifier, Range,
    ShowDocumentParams, TextDocumentEdit, TextDocumentPositionParams, TextEdit, Uri, WorkspaceEdit,
};
use tracing::{debug, warn};

use crate::lsp::server::LspServer;
use crate::lsp::state::{Applied, ServerState};
use crate::lsp::viewer_process::{Shown, ViewerProcess};
use crate::lsp::{ext, positions, viewer_process};

/// How long a starting page may take to say its URL.
const PAGE_START: Duration = Duration::from_secs(20);

// Feature: Live viewer
//
// The command `hexcells.openViewer` opens `hexcells-view` on the document: it shows the
// editor's unsaved text as you type, moves to the level and cell under the cursor, and
// a click on a cell moves the cursor there. Edits made in the viewer's level editor
// land in the buffer (not on disk), where the editor's undo takes them back; see
// [viewer.md](viewer.md). A viewer that cannot start says why.
//
// VS Code: **Hexcells: Open viewer**, the button in the editor's title bar, or the
// code lens; Neovim: `:HexcellsView`.
/// `hexcells.openViewer` (arguments `[uri]`): starts the document's viewer (or leaves
/// a running one) and sends it the text; a viewer that cannot start is reported with
/// `window/showMessage`.
pub async fn open(backend: &LspServer, args: &[Value]) -> Result<Option<LSPAny>> {
    let uri = ext::document_argument(args)?;
    let started = {
        let mut state = backend.lock();
        state.doc(&uri)?;
        ensure_running(backend, &mut state, &uri, Shown::Window, None)
    };
    if let Err(message) = started {
        report_failure(backend, message).await;
    }
    Ok(None)
}

// Feature: Live preview in a browser
//
// The command `hexcells.openPreview` serves the document's live viewer as a page on
// 127.0.0.1 (`hexcells-view --serve --stdin`, no display needed) and returns its
// address: the page follows the unsaved text and the cursor, a click on a cell moves
// the cursor, and edits made in the page's level editor land in the buffer, exactly
// as the window's; see [viewer.md](viewer.md).
//
// VS Code: **Hexcells: Open Preview to the Side** (`Ctrl+K V`) shows the page in a panel
// beside the text; Neovim: `:HexcellsPreview` (opens the address with `vim.ui.open`, or
// prints it).
/// `hexcells.openPreview` (arguments `[uri]`): starts the document's page (or keeps a
/// running one) and returns `{ "url": ... }` once the page said where it is.
pub async fn open_preview(backend: &LspServer, args: &[Value]) -> Result<Option<LSPAny>> {
    let uri = ext::document_argument(args)?;
    let (told, url) = tokio::sync::oneshot::channel();
    let started = {
        let mut state = backend.lock();
        state.doc(&uri)?;
        let key = (uri.clone(), Shown::Page);
        if let Some(page) = state.viewers.get_mut(&key) {
            if let (true, Some(url)) = (page.is_running(), page.url.clone()) {
                return Ok(Some(json!({ "url": url })));
            }
            // Gone, or never said where it is: start it again.
            state.viewers.remove(&key);
        }
        ensure_running(backend, &mut state, &uri, Shown::Page, Some(told))
    };
    let failure = match started {
        Err(message) => message,
        Ok(()) => match tokio::time::timeout(PAGE_START, url).await {
            Ok(Ok(url)) => return Ok(Some(json!({ "url": url }))),
            _ => {
                backend.lock().viewers.remove(&(uri, Shown::Page));
                format!(
                    "{}: hexcells-view --serve did not say where its page is",
                    ext::OPEN_PREVIEW_COMMAND
                )
            }
        },
    };
    report_failure(backend, failure.clone()).await;
    Err(Error {
        code: ErrorCode::InternalError,
        message: failure.into(),
        data: None,
    })
}

/// Starts the viewer of `uri` shown as `shown` (unless one runs) and sends it the
/// text; a page's URL goes to `told_url` when the page says it. Returns why it could
/// not start, for `window/showMessage`.
fn ensure_running(
    backend: &LspServer,
    state: &mut ServerState,
    uri: &Uri,
    shown: Shown,
    mut told_url: Option<tokio::sync::oneshot::Sender<String>>,
) -> std::result::Result<(), String> {
    let key = (uri.clone(), shown);
    if state.viewers.get_mut(&key).is_some_and(ViewerProcess::is_running) {
        return Ok(());
    }
    let runtime = tokio::runtime::Handle::current();
    let (link, doc_uri) = (backend.clone(), uri.clone());
    let started = viewer_process::start(shown, move |message| match message {
        FromViewer::Clicked { level, cell } => {
            runtime.spawn(clicked(link.clone(), doc_uri.clone(), level, cell));
        }
        FromViewer::Edit { version, changes } => {
            runtime.spawn(edit(link.clone(), doc_uri.clone(), shown, version, changes));
        }
        FromViewer::Resync => resync(&link.lock(), &doc_uri, shown),
        FromViewer::Serving { url } => {
            if let Some(viewer) = link.lock().viewers.get_mut(&(doc_uri.clone(), shown)) {
                viewer.url = Some(url.clone());
            }
            if let Some(told) = told_url.take() {
                let _ = told.send(url);
            }
        }
    })?;
    state.viewers.insert(key, started);
    resync(state, uri, shown);
    Ok(())
}

/// Stops every viewer (on `shutdown`).
pub fn close_all(backend: &LspServer) {
    // Dropping a viewer kills it.
    let viewers = std::mem::take(&mut backend.lock().viewers);
    drop(viewers);
}

/// The document's viewers (a window, a page), those it has.
fn viewers_of<'a>(state: &'a ServerState, uri: &'a Uri) -> impl Iterator<Item = &'a ViewerProcess> {
    [Shown::Window, Shown::Page]
        .into_iter()
        .filter_map(move |shown| state.viewers.get(&(uri.clone(), shown)))
}

/// Tells the document's viewers, if it has any, what a change did to the text.
pub fn changed(state: &ServerState, uri: &Uri, applied: Applied) {
    let Some(doc) = state.docs.get(uri) else {
        return;
    };
    for viewer in viewers_of(state, uri) {
        match &applied {
            Applied::Changes { from, changes } => viewer.change(*from, doc.version, changes.clone()),
            Applied::Replaced => viewer.snapshot(doc.version, doc.text().into_owned()),
            Applied::Unsynced => {}
        }
    }
}

/// Sends the document's text to its viewer shown as `shown`, if it has one.
fn resync(state: &ServerState, uri: &Uri, shown: Shown) {
    if let (Some(viewer), Some(doc)) = (state.viewers.get(&(uri.clone(), shown)), state.docs.get(uri)) {
        viewer.snapshot(doc.version, doc.text().into_owned());
    }
}

/// Tells the document's viewers, if any, which cell the editor's cursor is on.
pub fn follow_cursor(state: &mut ServerState, at: &TextDocumentPositionParams) {
    let uri = &at.text_document.uri;
    let Some(doc) = state.docs.get(uri) else {
        return;
    };
    let (line, column) = positions::from_position(&doc.rope, state.encoding, at.position);
    let (level, cell) = match analysis::target_at(doc.parse(), line, column) {
        Some(Target::Item { level_idx, pos, .. }) => (level_idx, Some(pos)),
        Some(Target::Header { level_idx, .. }) => (level_idx, None),
        None => (doc.parse().level_at_line(line).map_or(0, |(idx, _)| idx), None),
    };
    for shown in [Shown::Window, Shown::Page] {
        if let Some(viewer) = state.viewers.get_mut(&(uri.clone(), shown)) {
            viewer.cursor(level, cell);
        }
    }
}

/// Tells the user why the viewer did not start.
async fn report_failure(backend: &LspServer, message: String) {
    warn!("{message}");
    backend.client.show_message(MessageType::ERROR, message).await;
}

/// Moves the editor's cursor to the clicked cell.
async fn clicked(backend: LspServer, uri: Uri, level: usize, cell: Pos) {
    let range = {
        let state = backend.lock();
        let Some(doc) = state.docs.get(&uri) else {
            return;
        };
        let Some(range) = doc
            .parse()
            .levels
            .get(level)
            .and_then(|parsed| parsed.source.range_of(cell))
        else {
            return;
        };
        positions::range(&doc.rope, state.encoding, range)
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

/// Applies the viewer's changes to the editor's buffer, if they were made against the
/// document's current version; otherwise tells the viewer and sends it the text.
async fn edit(backend: LspServer, uri: Uri, shown: Shown, version: i64, changes: Vec<TextChange>) {
    let workspace_edit = {
        let state = backend.lock();
        let Some(doc) = state.docs.get(&uri) else {
            return;
        };
        // The client's version: a document out of sync with the client has an older text.
        if i64::from(doc.client_version()) != version {
            debug!(
                uri = uri.as_str(),
                version,
                current = doc.client_version(),
                "stale viewer edit"
            );
            refuse(
                &state,
                &uri,
                shown,
                format!(
                    "the text changed in the editor (version {version} is now {}): edit not applied",
                    doc.client_version()
                ),
            );
            return;
        }
        let edits = changes
            .iter()
            .map(|c| {
                let start = positions::position(&doc.rope, state.encoding, c.start.line, c.start.column);
                let end = positions::position(&doc.rope, state.encoding, c.end.line, c.end.column);
                TextEdit::new(Range::new(start, end), c.new_text.clone())
            })
            .collect();
        workspace_edit(&uri, doc.version, edits, state.client.document_changes)
    };
    let reason = match backend.client.apply_edit(workspace_edit).await {
        Ok(response) if response.applied => return,
        Ok(response) => response
            .failure_reason
            .unwrap_or_else(|| "the editor did not apply the edit".into()),
        Err(e) => format!("the editor did not apply the edit: {}", e.message),
    };
    warn!(uri = uri.as_str(), "viewer edit refused: {reason}");
    refuse(&backend.lock(), &uri, shown, reason);
}

/// A versioned `TextDocumentEdit` where the client supports them, else plain changes
/// (the server has checked the version itself).
fn workspace_edit(uri: &Uri, version: i32, edits: Vec<TextEdit>, document_changes: bool) -> WorkspaceEdit {
    if document_changes {
        WorkspaceEdit {
            document_changes: Some(DocumentChanges::Edits(vec![TextDocumentEdit {
                text_document: OptionalVersionedTextDocumentIdentifier {
                    uri: uri.clone(),
                    version: Some(version),
                },
                edits: edits.into_iter().map(OneOf::Left).collect(),
            }])),
            ..WorkspaceEdit::default()
        }
    } else {
        WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), edits)])),
            ..WorkspaceEdit::default()
        }
    }
}

/// Tells the viewer that sent an edit it was not applied, and sends it the text it
/// should show.
fn refuse(state: &ServerState, uri: &Uri, shown: Shown, reason: String) {
    if let (Some(viewer), Some(doc)) = (state.viewers.get(&(uri.clone(), shown)), state.docs.get(uri)) {
        viewer.refused(doc.version, reason);
        viewer.snapshot(doc.version, doc.text().into_owned());
    }
}
