//! The server's one state: open documents, the negotiated position encoding, the
//! settings (as given in `initialize` and in force), what the client can do, the
//! running viewers, and the engine's answers by level (`results.rs`). Everything is
//! behind one lock (`server.rs`), taken only for synchronous work.
//!
//! All a document's derived state (its parse, lines, kept diagnostics and tokens, what
//! the client was sent) is worked out from its text in one place, `Doc::read`, so that
//! after a panic it can be dropped and rebuilt ([`Doc::rebuild`]). A change is applied
//! to a copy of the text and swapped in when done ([`ServerState::change`]).
//!
//! One file, over 600 lines: what sits behind the one lock, with `Doc::read`, the one
//! place a document's derived state is worked out; split, the rebuild after a panic
//! would have to know every file that adds to that state.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use hexcells_core::solve::{self, Budget, GradeMemo, Report};

use hexcells_core::analysis::sixcells_diagnostics::{self as sixcells, SixCellsCheck};
use hexcells_core::edit::{TextChange, TextPos};
use hexcells_core::format::live::fingerprint;
use hexcells_core::format::{Fingerprint, LiveParse, Parse};
use hexcells_core::Level;
use ropey::Rope;
use tower_lsp_server::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp_server::ls_types::{
    ClientCapabilities, Position, SemanticToken, TextDocumentContentChangeEvent, TextDocumentItem, Uri,
};
use tracing::error;

use super::level_diagnostics::LevelDiagnostics;
use super::positions::{self, AsciiLines, Converter, Encoding};
use super::results::{Answer, Results};
use super::test_hooks;

/// Documents larger than this are kept but not analysed (a stray binary or log).
pub const MAX_ANALYSED_BYTES: usize = 1 << 20;

/// Why a document is not analysed when reading its text panicked.
const READING_PANICKED: &str =
    "reading the document panicked (a bug in hexcells), so it is not analysed; please report it";

/// What a document says while a change of the client's could not be applied.
pub const UNSYNCED: &str = "the server could not apply an edit (a bug in hexcells) and still reads the \
     text from before it: close and reopen the file to resync it";

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
    /// Per level: the engine's answer, or `None` when it has syntax errors and was
    /// skipped.
    pub levels: Vec<Option<Arc<Answer>>>,
    /// Whether explanations and fixes are in: the first answer for a version has
    /// only the verdicts (fast), the second everything.
    pub complete: bool,
    /// Whether the advice is in too (the third answer: clues never needed, clues a
    /// stuck level needs).
    pub advised: bool,
}

impl Solved {
    /// The engine's report of level `level_idx`, if it was analysed.
    pub fn report(&self, level_idx: usize) -> Option<&Report> {
        Some(&self.levels.get(level_idx)?.as_deref()?.report)
    }

    /// The clues level `level_idx` never needs (solvable levels, advised answers only).
    pub fn unneeded(&self, level_idx: usize) -> Option<&hexcells_core::generate::UnneededClues> {
        self.levels.get(level_idx)?.as_deref()?.unneeded.as_ref()
    }

    /// The engine's fixes of level `level_idx` (stuck levels, complete answers only).
    pub fn fixes(&self, level_idx: usize) -> &[solve::LevelFix] {
        self.levels
            .get(level_idx)
            .and_then(Option::as_deref)
            .map_or(&[], |answer| answer.fixes.as_slice())
    }
}

/// The background analyses of one document, one at a time in each of three lanes:
/// the verdicts, the explanations and fixes, and the advice. A newer version's
/// analysis waits until the older one stops in the same lane (after the level it
/// works on, or at once when that level changed), and never works a level out twice;
/// the lanes never wait for each other, so a long advice on one level never holds
/// back another level's verdict or explanations.
#[derive(Debug, Default)]
pub struct Lanes {
    /// Held while verdicts are worked out.
    pub verdicts: tokio::sync::Mutex<()>,
    /// Held while explanations and fixes are worked out.
    pub explanations: tokio::sync::Mutex<()>,
    /// Held while the advice (the clues a player never needs, or needs) is worked out.
    pub advice: tokio::sync::Mutex<()>,
    /// What the advice's many re-solves keep from one version of the document to the
    /// next (and from one of its levels to another): each answer is kept by what it
    /// reads, so an edit costs the rounds it changed. Dropped with the document.
    pub advice_memo: Arc<GradeMemo>,
    /// Per level (by its place in the document): the proofs of the last verdict
    /// worked out for it, which the next version's verdict takes (a cell proved by
    /// clues the version shows unchanged is not asked again). Only a verdict the
    /// engine finished keeps its own; dropped with the document.
    verdict_proofs: Mutex<HashMap<usize, Arc<solve::Proofs>>>,
}

impl Lanes {
    /// The proofs of the last verdict worked out for level `level_idx`.
    pub fn verdict_proofs(&self, level_idx: usize) -> Option<Arc<solve::Proofs>> {
        self.proofs_lock().get(&level_idx).cloned()
    }

    /// Keeps `proofs` for the next verdict of level `level_idx`.
    pub fn keep_verdict_proofs(&self, level_idx: usize, proofs: solve::Proofs) {
        self.proofs_lock().insert(level_idx, Arc::new(proofs));
    }

    fn proofs_lock(&self) -> MutexGuard<'_, HashMap<usize, Arc<solve::Proofs>>> {
        // A map is whole between two calls: a panic while it was held left no half.
        self.verdict_proofs.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A level of a document the engine works on now, and the flag that stops it.
#[derive(Debug)]
pub struct Running {
    /// The level's fingerprint.
    pub fingerprint: Fingerprint,
    /// Set when no version of the document holds the level any more.
    pub cancel: Arc<AtomicBool>,
}

/// What a change did to a document's text, for its viewer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Applied {
    /// Version `from` with these changes, in core's places (line, character column),
    /// each applied to the text the one before gave.
    Changes {
        /// The version the changes apply to.
        from: i32,
        /// The changes.
        changes: Vec<TextChange>,
    },
    /// The whole text was replaced.
    Replaced,
    /// Nothing: the document is out of sync with the client (see [`Doc::unsynced`]),
    /// and its text stays as it was.
    Unsynced,
}

/// One open document: its text and version, what the server works out from the text
/// (all of it rebuilt by [`Doc::rebuild`]), and the background work on it.
#[derive(Debug)]
pub struct Doc {
    /// Its text.
    pub rope: Rope,
    /// The client's version number of the text.
    pub version: i32,
    /// The client's version whose change could not be applied (a panic while applying
    /// it), or a later one: the client's text is then not `rope`, and no change is
    /// applied until the document is opened again.
    pub unsynced: Option<i32>,
    /// The text and its parse, read again level by level as it changes (empty when
    /// the text is too large or not text, and for SixCells JSON).
    live: LiveParse,
    /// Its ASCII lines, for converting places quickly.
    ascii: AsciiLines,
    /// Why the document was not analysed, if it was not.
    pub skipped: Option<String>,
    /// The latest solvability analysis of this version, once it is done.
    pub solved: Option<Solved>,
    /// The levels the engine works on for this document now.
    pub running: Vec<Running>,
    /// The version and a fingerprint of the diagnostics last pushed.
    pub pushed: Option<(i32, u64)>,
    /// Each level's diagnostics as last serialised (push and pull).
    level_diagnostics: Mutex<LevelDiagnostics>,
    /// The semantic tokens last sent, with their result id (for `full/delta`).
    pub sent_tokens: Option<(String, Vec<SemanticToken>)>,
    /// The lanes of its background analyses.
    pub lanes: Arc<Lanes>,
    /// For a `.sixcells` JSON document (read-only): what reading it gave. The text
    /// format's `parse` stays empty then.
    pub sixcells: Option<SixCellsCheck>,
    is_sixcells: bool,
}

impl Drop for Doc {
    fn drop(&mut self) {
        for running in &self.running {
            running.cancel.store(true, Ordering::Relaxed);
        }
    }
}

impl Doc {
    /// The solvability analysis, if it is done for the current version.
    pub fn solved(&self) -> Option<&Solved> {
        self.solved.as_ref().filter(|s| s.version == self.version)
    }

    /// A document of `rope` at `version` (`is_sixcells`: as SixCells JSON), with
    /// everything the server works out from its text: the one place that does. A panic
    /// while reading the text leaves the document not analysed, saying why.
    fn read(rope: Rope, version: i32, is_sixcells: bool, results: &Results) -> Doc {
        let unread = || Doc {
            rope: rope.clone(),
            version,
            unsynced: None,
            live: LiveParse::default(),
            ascii: AsciiLines::default(),
            skipped: None,
            solved: None,
            running: Vec::new(),
            pushed: None,
            level_diagnostics: Mutex::default(),
            sent_tokens: None,
            lanes: Arc::default(),
            sixcells: None,
            is_sixcells,
        };
        let mut doc = unread();
        let read = catch_unwind(AssertUnwindSafe(|| {
            doc.reparse(&rope);
            doc.solved = Some(doc.known(results));
        }));
        if read.is_err() {
            error!("{READING_PANICKED}");
            doc = unread();
            doc.skipped = Some(READING_PANICKED.into());
        }
        doc
    }

    /// Drops everything worked out from the text (its parse, the diagnostics and tokens
    /// kept, what the client was sent) and works it out again, as opening the text
    /// does; the engine's answers are found again by level (`results.rs`). The text,
    /// its version, whether it is in sync and the background work on it stay.
    pub fn rebuild(&mut self, results: &Results) {
        let mut rebuilt = Doc::read(self.rope.clone(), self.version, self.is_sixcells, results);
        rebuilt.unsynced = self.unsynced;
        rebuilt.running = std::mem::take(&mut self.running);
        rebuilt.lanes = Arc::clone(&self.lanes);
        *self = rebuilt;
    }

    /// The client's version of the document: that of the text, unless a change could
    /// not be applied since.
    pub fn client_version(&self) -> i32 {
        self.unsynced.unwrap_or(self.version)
    }

    /// The text parsed: the levels of a pack in order (none when the text was not
    /// analysed, and for SixCells JSON).
    pub fn parse(&self) -> &Parse {
        self.live.parse()
    }

    /// The lines of level `level_idx`, as in the text.
    pub fn level_text(&self, level_idx: usize) -> Option<&str> {
        self.live.level_text(level_idx)
    }

    /// Each level's diagnostics as last serialised, to be serialised again. A panic
    /// while they were worked out leaves them empty, to be worked out anew.
    pub fn level_diagnostics(&self) -> MutexGuard<'_, LevelDiagnostics> {
        self.level_diagnostics.lock().unwrap_or_else(|poisoned| {
            let mut kept = poisoned.into_inner();
            *kept = LevelDiagnostics::default();
            self.level_diagnostics.clear_poison();
            kept
        })
    }

    /// What stands for level `level_idx` as read (see [`LiveParse::fingerprint`]).
    pub fn fingerprint(&self, level_idx: usize) -> Option<Fingerprint> {
        self.live.fingerprint(level_idx)
    }

    /// The fingerprints of its levels (none for SixCells JSON: its level is read
    /// anew for each analysis).
    pub fn fingerprints(&self) -> impl Iterator<Item = Fingerprint> + '_ {
        (0..self.parse().levels.len()).filter_map(|k| self.live.fingerprint(k))
    }

    /// How many levels the document has for the engine.
    pub fn n_levels(&self) -> usize {
        match &self.sixcells {
            Some(SixCellsCheck::Level(..)) => 1,
            Some(SixCellsCheck::Failed(..)) => 0,
            None => self.parse().levels.len(),
        }
    }

    /// Level `level_idx` for the engine, with its fingerprint; `None` when it has
    /// syntax errors and is not analysed.
    pub fn analysed_level(&self, level_idx: usize) -> Option<(Fingerprint, &Level)> {
        if let Some(check) = &self.sixcells {
            return match check {
                SixCellsCheck::Level(level, _) if level_idx == 0 => Some((fingerprint(level), level)),
                _ => None,
            };
        }
        let parsed = self.parse().levels.get(level_idx)?;
        if parsed.syntax_error().is_some() {
            return None;
        }
        Some((self.fingerprint(level_idx)?, &parsed.level))
    }

    /// The answers known for this version's levels: those of levels an earlier
    /// version held too. Complete when every level has its explained answer.
    fn known(&self, results: &Results) -> Solved {
        let mut complete = true;
        let levels = (0..self.n_levels())
            .map(|level_idx| {
                let (fingerprint, _) = self.analysed_level(level_idx)?;
                let explained = results.explained(fingerprint);
                complete &= explained.is_some();
                explained.or_else(|| results.verdict(fingerprint))
            })
            .collect();
        Solved {
            version: self.version,
            levels,
            complete,
            advised: false,
        }
    }

    /// A converter of core's places in this text to the client's `encoding`.
    pub fn converter(&self, encoding: Encoding) -> Converter<'_> {
        Converter::with_ascii(&self.rope, &self.ascii, encoding)
    }

    /// The whole text.
    pub fn text(&self) -> Cow<'_, str> {
        if self.is_parsed() {
            Cow::Borrowed(self.live.text())
        } else {
            Cow::Owned(self.rope.to_string())
        }
    }

    /// Whether the text is parsed as level text.
    fn is_parsed(&self) -> bool {
        self.skipped.is_none() && !self.is_sixcells
    }

    /// Parses `rope`, the text or the text it is about to be, again (the levels that
    /// changed), unless it is too large or binary.
    fn reparse(&mut self, rope: &Rope) {
        let n_bytes = rope.len_bytes();
        if n_bytes > MAX_ANALYSED_BYTES {
            self.live = LiveParse::default();
            self.ascii = AsciiLines::default();
            self.sixcells = None;
            self.skipped = Some(format!(
                "the document has {n_bytes} bytes; levels are under 3 kB, so it is not analysed"
            ));
            return;
        }
        let text = rope.to_string();
        self.ascii = AsciiLines::of(&text);
        if text.contains('\0') {
            self.live = LiveParse::default();
            self.skipped =
                Some("the document holds NUL bytes (a binary file?), so it is not analysed".into());
            return;
        }
        self.skipped = None;
        if self.is_sixcells {
            self.sixcells = Some(sixcells::check(&text));
            return;
        }
        self.live.update(text);
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
    /// Live viewers, by the document they show and where (a window, a page).
    pub viewers: HashMap<(Uri, crate::lsp::viewer_process::Shown), crate::lsp::viewer_process::ViewerProcess>,
    /// The engine's answers by level, for every document.
    pub results: Results,
}

impl ServerState {
    /// The open document `uri`, or an error naming it.
    pub fn doc(&self, uri: &Uri) -> Result<&Doc> {
        self.docs.get(uri).ok_or_else(|| unknown_document(uri))
    }

    /// The open document `uri` to change, or an error naming it.
    pub fn doc_mut(&mut self, uri: &Uri) -> Result<&mut Doc> {
        self.docs.get_mut(uri).ok_or_else(|| unknown_document(uri))
    }

    /// The open document `uri`, to work out edits of its text: an error when it is not
    /// open, or out of sync with the client (edits of the text the server has would land
    /// in the wrong places of the client's).
    pub fn doc_to_edit(&self, uri: &Uri) -> Result<&Doc> {
        let doc = self.doc(uri)?;
        match doc.unsynced {
            Some(_) => Err(Error {
                code: ErrorCode::ContentModified,
                message: UNSYNCED.into(),
                data: None,
            }),
            None => Ok(doc),
        }
    }

    /// The open document `uri` and core's (line, character column) of `position` in it.
    pub fn locate(&self, uri: &Uri, position: Position) -> Result<(&Doc, u32, u32)> {
        let doc = self.doc(uri)?;
        let (line, column) = positions::from_position(&doc.rope, self.encoding, position);
        Ok((doc, line, column))
    }

    /// Takes the client's settings; the engine's answers are forgotten when the
    /// solver's limits changed.
    pub fn set_config(&mut self, config: Config) {
        if (config.time_limit, config.max_conflicts) != (self.config.time_limit, self.config.max_conflicts) {
            self.results.clear();
        }
        self.config = config;
    }

    /// Opens the document the client sent (`textDocument/didOpen`), replacing any
    /// document of the same URI.
    pub fn open(&mut self, item: TextDocumentItem) {
        let is_sixcells = is_sixcells(&item);
        let doc = Doc::read(
            Rope::from_str(&item.text),
            item.version,
            is_sixcells,
            &self.results,
        );
        self.docs.insert(item.uri, doc);
        self.forget_unused();
    }

    /// Closes the document `uri` and its viewers (which stops them); returns the document.
    pub fn close(&mut self, uri: &Uri) -> Option<Doc> {
        let doc = self.docs.remove(uri);
        self.viewers.retain(|(shown_uri, _), _| shown_uri != uri);
        self.forget_unused();
        doc
    }

    /// Applies `changes` of `version` to the open document `uri`, in order, and stops
    /// the engine's work on the levels the new text no longer holds. Returns what
    /// changed, or an error (and changes nothing) for an unknown document or an old
    /// version.
    ///
    /// The changes are applied to a copy of the text, and the parse follows the copy;
    /// the copy becomes the document's text once both are done. A panic before that
    /// leaves the text as it was, with all that was worked out from it rebuilt
    /// ([`Doc::rebuild`]), and the document out of sync ([`Doc::unsynced`]): the
    /// client's next changes would apply to a text the server does not have, so none
    /// is applied until the document is opened again.
    pub fn change(
        &mut self,
        uri: &Uri,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
    ) -> Result<Applied> {
        let encoding = self.encoding;
        let doc = self.docs.get_mut(uri).ok_or_else(|| unknown_document(uri))?;
        if version <= doc.client_version() {
            return Err(Error::invalid_params(format!(
                "version {version} of {} is not newer than {}",
                uri.as_str(),
                doc.client_version()
            )));
        }
        if doc.unsynced.is_some() {
            doc.unsynced = Some(version);
            return Ok(Applied::Unsynced);
        }
        let swapped = catch_unwind(AssertUnwindSafe(|| {
            let (rope, applied) = edited(&doc.rope, encoding, doc.version, changes);
            doc.reparse(&rope);
            test_hooks::panic_here("change");
            doc.rope = rope;
            doc.version = version;
            applied
        }));
        let Ok(applied) = swapped else {
            error!(
                uri = uri.as_str(),
                version,
                "applying a change panicked; the document keeps the text before it until it is opened again"
            );
            doc.rebuild(&self.results);
            doc.unsynced = Some(version);
            return Ok(Applied::Unsynced);
        };
        // The levels the change left alone keep their answers at once.
        doc.solved = Some(doc.known(&self.results));
        let now: HashSet<Fingerprint> = doc.fingerprints().collect();
        for running in &doc.running {
            if !now.contains(&running.fingerprint) {
                running.cancel.store(true, Ordering::Relaxed);
            }
        }
        self.forget_unused();
        Ok(applied)
    }

    /// Rebuilds all the server worked out from the text of the open document `uri`
    /// (see [`Doc::rebuild`]); nothing when it is not open.
    pub fn rebuild(&mut self, uri: &Uri) {
        if let Some(doc) = self.docs.get_mut(uri) {
            doc.rebuild(&self.results);
        }
    }

    /// Rebuilds all the server worked out from the text of every open document (see
    /// [`Doc::rebuild`]).
    pub fn rebuild_all(&mut self) {
        for doc in self.docs.values_mut() {
            doc.rebuild(&self.results);
        }
    }

    /// Drops the engine's answers that no open document has needed for a while.
    fn forget_unused(&mut self) {
        let needed: HashSet<Fingerprint> = self.docs.values().flat_map(Doc::fingerprints).collect();
        self.results.changed(&needed);
    }
}

/// `rope` with `changes` applied in order, as a copy (`rope` stays as it is), and what
/// they did to the text of version `from`.
fn edited(
    rope: &Rope,
    encoding: Encoding,
    from: i32,
    changes: Vec<TextDocumentContentChangeEvent>,
) -> (Rope, Applied) {
    let mut rope = rope.clone();
    let mut applied = Applied::Changes {
        from,
        changes: Vec::new(),
    };
    for change in changes {
        match change.range {
            Some(range) => {
                let (start, end) = positions::char_span(&rope, encoding, range);
                if let Applied::Changes { changes: done, .. } = &mut applied {
                    let place = |at: usize| {
                        let line = rope.char_to_line(at);
                        TextPos::new(line as u32, (at - rope.line_to_char(line)) as u32)
                    };
                    done.push(TextChange::new(place(start), place(end), change.text.clone()));
                }
                rope.remove(start..end);
                rope.insert(start, &change.text);
            }
            None => {
                rope = Rope::from_str(&change.text);
                applied = Applied::Replaced;
            }
        }
    }
    (rope, applied)
}

/// Whether a document is SixCells JSON rather than level text.
fn is_sixcells(doc: &TextDocumentItem) -> bool {
    doc.language_id == "sixcells" || doc.uri.as_str().ends_with(".sixcells")
}

fn unknown_document(uri: &Uri) -> Error {
    Error::invalid_params(format!("document not open: {}", uri.as_str()))
}
