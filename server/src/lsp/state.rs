//! The server's one state: open documents, the negotiated position encoding, the
//! settings (as given in `initialize` and in force), what the client can do, and the running viewers. Everything is behind
//! one lock (`backend.rs`), taken only for synchronous work.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use hexcells_core::solve::{self, Budget, Report};

use hexcells_core::analysis::sixcells::{self, SixCellsCheck};
use hexcells_core::format::{parse, Parse};
use ropey::Rope;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::{
    ClientCapabilities, Position, TextDocumentContentChangeEvent, TextDocumentItem, Uri,
};

use super::positions::{self, Encoding};

/// Documents larger than this are kept but not analysed (a stray binary or log).
pub const MAX_ANALYSED_BYTES: usize = 1 << 20;

/// Settings the client can change: given in `initialize` (`initializationOptions`)
/// and answered to `workspace/configuration` (section `hexcells`), the answer winning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Show a blue count after each grid line (`inlayHints`, off by default).
    pub inlay_hints: bool,
    /// Quiet time after a change before the solvability analysis starts (`debounceMs`).
    pub debounce: Duration,
    /// Wall-clock limit of one analysis (`budgetMs`, or `solver.timeLimitMs`).
    pub time_limit: Duration,
    /// Conflicts allowed to one SAT call (`solver.maxConflicts`).
    pub max_conflicts: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            inlay_hints: false,
            debounce: Duration::from_millis(150),
            time_limit: Duration::from_secs(10),
            max_conflicts: 1_000_000,
        }
    }
}

impl Config {
    /// These settings with those of the client's JSON (`{"inlayHints": true}`) laid
    /// over them: a key that is missing or of the wrong type keeps its value here.
    pub fn with_json(&self, value: &serde_json::Value) -> Config {
        let millis = |v: Option<&serde_json::Value>| {
            v.and_then(serde_json::Value::as_u64)
                .map(|ms| Duration::from_millis(ms.min(600_000)))
        };
        let solver = value.get("solver");
        let time_limit =
            millis(solver.and_then(|s| s.get("timeLimitMs"))).or_else(|| millis(value.get("budgetMs")));
        Config {
            inlay_hints: value
                .get("inlayHints")
                .and_then(serde_json::Value::as_bool)
                .unwrap_or(self.inlay_hints),
            debounce: millis(value.get("debounceMs")).unwrap_or(self.debounce),
            time_limit: time_limit.unwrap_or(self.time_limit),
            max_conflicts: solver
                .and_then(|s| s.get("maxConflicts"))
                .and_then(serde_json::Value::as_u64)
                .unwrap_or(self.max_conflicts),
        }
    }

    /// The `hexcells` settings in what a client sent: the object under a `hexcells`
    /// key (Helix sends its whole `config`, `{"hexcells": {...}}`, as
    /// `initializationOptions`), else the object itself (VS Code sends the section).
    /// `None` for anything but an object: a client with no settings to give answers
    /// `workspace/configuration` with `null` (Neovim without `settings`).
    pub fn section(value: &serde_json::Value) -> Option<&serde_json::Value> {
        match value.get("hexcells") {
            Some(section) if section.is_object() => Some(section),
            _ => value.is_object().then_some(value),
        }
    }

    /// The engine budget these settings give, stopped by `cancel`.
    pub fn budget(&self, cancel: Arc<AtomicBool>) -> Budget {
        Budget {
            cancel: Some(cancel),
            max_conflicts: Some(self.max_conflicts),
            time_limit: Some(self.time_limit),
        }
    }
}

/// What the client said it can do, as far as the server cares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClientSupport {
    /// The client pulls diagnostics (`textDocument/diagnostic`) and can be asked to pull
    /// again (`workspace/diagnostic/refresh`), so none are pushed.
    pub pull_diagnostics: bool,
    /// The client answers `workspace/configuration`.
    pub configuration: bool,
    /// The client shows `$/progress`.
    pub progress: bool,
    /// The client re-pulls diagnostics on `workspace/diagnostic/refresh`.
    pub diagnostic_refresh: bool,
    /// The client re-asks for code lenses on `workspace/codeLens/refresh`.
    pub code_lens_refresh: bool,
    /// The client applies versioned `TextDocumentEdit`s (`documentChanges`).
    pub document_changes: bool,
}

impl ClientSupport {
    /// What the client's `initialize` capabilities say it can do.
    pub fn from_capabilities(caps: &ClientCapabilities) -> ClientSupport {
        let diagnostic_refresh = caps
            .workspace
            .as_ref()
            .and_then(|w| w.diagnostics.as_ref())
            .and_then(|d| d.refresh_support)
            == Some(true);
        ClientSupport {
            // The solver's diagnostics arrive after the client pulled; a pulling client
            // sees them only if it can be asked to pull again (`refreshSupport`; Neovim
            // 0.11 cannot). Any other client gets no `diagnosticProvider` and is pushed
            // to, which every client handles; pushing to a pulling client as well would
            // show each diagnostic twice in editors that keep both sets (Neovim).
            pull_diagnostics: diagnostic_refresh
                && caps
                    .text_document
                    .as_ref()
                    .is_some_and(|t| t.diagnostic.is_some()),
            configuration: caps.workspace.as_ref().and_then(|w| w.configuration) == Some(true),
            progress: caps.window.as_ref().and_then(|w| w.work_done_progress) == Some(true),
            diagnostic_refresh,
            code_lens_refresh: caps
                .workspace
                .as_ref()
                .and_then(|w| w.code_lens.as_ref())
                .and_then(|c| c.refresh_support)
                == Some(true),
            document_changes: caps
                .workspace
                .as_ref()
                .and_then(|w| w.workspace_edit.as_ref())
                .and_then(|e| e.document_changes)
                == Some(true),
        }
    }
}

/// The solvability analysis of one document version.
#[derive(Debug)]
pub struct Solved {
    /// The version analysed.
    pub version: i32,
    /// Per level: its report, or `None` when it has syntax errors and was skipped.
    pub reports: Vec<Option<Report>>,
    /// Per level: the engine's fixes (stuck levels only).
    pub fixes: Vec<Vec<solve::Fix>>,
    /// Whether explanations and fixes are in: the first answer for a version has
    /// only the verdicts (fast), the second everything.
    pub complete: bool,
}

/// One open document.
#[derive(Debug)]
pub struct Doc {
    /// Its text.
    pub rope: Rope,
    /// The client's version number.
    pub version: i32,
    /// The text parsed (empty when the text is too large or not text).
    pub parse: Parse,
    /// Why the document was not analysed, if it was not.
    pub skipped: Option<String>,
    /// The latest solvability analysis of this version, once it is done.
    pub solved: Option<Solved>,
    /// Set when this version is replaced, to stop its analysis.
    pub cancel: Arc<AtomicBool>,
    /// For a `.sixcells` JSON document (read-only): what reading it gave. The text
    /// format's `parse` stays empty then.
    pub sixcells: Option<SixCellsCheck>,
    is_sixcells: bool,
}

impl Drop for Doc {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl Doc {
    /// The solvability analysis, if it is done for the current version.
    pub fn solved(&self) -> Option<&Solved> {
        self.solved.as_ref().filter(|s| s.version == self.version)
    }

    /// A document with `text`, parsed (`is_sixcells`: as SixCells JSON).
    pub fn new(text: &str, version: i32, is_sixcells: bool) -> Doc {
        let mut doc = Doc {
            rope: Rope::from_str(text),
            version,
            parse: Parse::default(),
            skipped: None,
            solved: None,
            cancel: Arc::default(),
            sixcells: None,
            is_sixcells,
        };
        doc.reparse();
        doc
    }

    /// The whole text.
    pub fn text(&self) -> String {
        self.rope.to_string()
    }

    /// Parses the text again, unless it is too large or binary.
    fn reparse(&mut self) {
        let n_bytes = self.rope.len_bytes();
        if n_bytes > MAX_ANALYSED_BYTES {
            self.parse = Parse::default();
            self.sixcells = None;
            self.skipped = Some(format!(
                "the document has {n_bytes} bytes; levels are under 3 kB, so it is not analysed"
            ));
            return;
        }
        let text = self.text();
        if text.contains('\0') {
            self.parse = Parse::default();
            self.skipped =
                Some("the document holds NUL bytes (a binary file?), so it is not analysed".into());
            return;
        }
        self.skipped = None;
        if self.is_sixcells {
            self.sixcells = Some(sixcells::check(&text));
            return;
        }
        self.parse = parse(&text);
    }
}

/// Everything the server knows.
#[derive(Debug, Default)]
pub struct ServerState {
    /// Open documents by URI.
    pub docs: HashMap<Uri, Doc>,
    /// The position encoding agreed at `initialize`.
    pub encoding: Encoding,
    /// The settings the client gave in `initialize` (`initializationOptions`), over the
    /// defaults: what its answers to `workspace/configuration` are laid over.
    pub initial_config: Config,
    /// The client's settings in force.
    pub config: Config,
    /// The client's abilities.
    pub client: ClientSupport,
    /// Live viewers, by the document they show.
    pub viewers: HashMap<Uri, crate::lsp::viewer_process::ViewerProcess>,
}

impl ServerState {
    /// The open document `uri`, or an error naming it.
    pub fn doc(&self, uri: &Uri) -> Result<&Doc> {
        self.docs.get(uri).ok_or_else(|| unknown_document(uri))
    }

    /// The open document `uri` and core's (line, character column) of `position` in it.
    pub fn locate(&self, uri: &Uri, position: Position) -> Result<(&Doc, u32, u32)> {
        let doc = self.doc(uri)?;
        let (line, column) = positions::from_position(&doc.rope, self.encoding, position);
        Ok((doc, line, column))
    }

    /// Opens the document the client sent (`textDocument/didOpen`), replacing any
    /// document of the same URI.
    pub fn open(&mut self, item: TextDocumentItem) {
        let doc = Doc::new(&item.text, item.version, is_sixcells(&item));
        self.docs.insert(item.uri, doc);
    }

    /// Closes the document `uri` and its viewer (which stops it); returns the document.
    pub fn close(&mut self, uri: &Uri) -> Option<Doc> {
        let doc = self.docs.remove(uri);
        self.viewers.remove(uri);
        doc
    }

    /// Applies `changes` of `version` to the open document `uri`, in order.
    /// Returns an error (and changes nothing) for an unknown document or an old version.
    pub fn change(
        &mut self,
        uri: &Uri,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
    ) -> Result<()> {
        let encoding = self.encoding;
        let doc = self.docs.get_mut(uri).ok_or_else(|| unknown_document(uri))?;
        if version <= doc.version {
            return Err(Error::invalid_params(format!(
                "version {version} of {} is not newer than {}",
                uri.as_str(),
                doc.version
            )));
        }
        for change in changes {
            match change.range {
                Some(range) => {
                    let (start, end) = positions::char_span(&doc.rope, encoding, range);
                    doc.rope.remove(start..end);
                    doc.rope.insert(start, &change.text);
                }
                None => doc.rope = Rope::from_str(&change.text),
            }
        }
        doc.version = version;
        doc.reparse();
        doc.cancel.store(true, Ordering::Relaxed);
        doc.cancel = Arc::default();
        doc.solved = None;
        Ok(())
    }
}

/// Whether a document is SixCells JSON rather than level text.
fn is_sixcells(doc: &TextDocumentItem) -> bool {
    doc.language_id == "sixcells" || doc.uri.as_str().ends_with(".sixcells")
}

fn unknown_document(uri: &Uri) -> Error {
    Error::invalid_params(format!("document not open: {}", uri.as_str()))
}
