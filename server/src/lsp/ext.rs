//! The protocol extensions of `hexcells lsp`: custom notifications and the commands
//! of `workspace/executeCommand`. Each is documented in `docs/lsp-extensions.md`;
//! change both together.

use serde_json::Value;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::notification::Notification;
use tower_lsp_server::ls_types::Uri;

/// `hexcells.solve`: arguments `[uri, level_index?]`; returns
/// `{ "summary": string, "steps": [{ "cell", "color", "round", "clues", "reasoning" }] }`.
pub const SOLVE_COMMAND: &str = "hexcells.solve";

/// `hexcells.openViewer`: arguments `[uri]` (an open document); starts a live
/// `hexcells-view --stdin` on it (see `handlers/viewer.rs`); returns `null`.
pub const OPEN_VIEWER_COMMAND: &str = "hexcells.openViewer";

/// `hexcells.openPreview`: arguments `[uri]` (an open document); starts a live
/// `hexcells-view --serve --stdin` on it (or keeps the running one) and returns
/// `{ "url": string }`, the page's address on 127.0.0.1 with its token, for the editor
/// to open in a browser.
pub const OPEN_PREVIEW_COMMAND: &str = "hexcells.openPreview";

/// The document a command is about: its first argument, a URI.
pub fn document_argument(args: &[Value]) -> Result<Uri> {
    args.first()
        .cloned()
        .and_then(|v| serde_json::from_value(v).ok())
        .ok_or_else(|| Error::invalid_params("the first argument must be a document URI"))
}

/// `hexcells/solveStatus` (server to client): the solvability verdict of a document
/// version, sent after its solver diagnostics. Params:
/// `{ "uri": string, "version": number, "complete": bool, "levels": [{ "summary": string, "verdict": string }] }`
/// where `verdict` is `solvable`, `stuck`, `gaveUp`, `cancelled` or `skipped` (the
/// level has syntax errors), and `complete` is false for the fast verdict-only answer
/// that precedes the one with explanations and fixes.
pub enum SolveStatus {}

impl Notification for SolveStatus {
    type Params = Value;
    const METHOD: &'static str = "hexcells/solveStatus";
}
