//! A document's diagnostics in protocol form: everything core reports, with codes,
//! exact ranges and related locations; once the background analysis of the version
//! is done, also one per stuck cell. Pushed on every change to clients that do not
//! pull ([`push`]); pulled by the others (`handlers/pull_diagnostics.rs`).

use hexcells_core::analysis::sixcells_diagnostics::{self as sixcells, SixCellsCheck};
use hexcells_core::analysis::solvability;
use hexcells_core::Code;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use tower_lsp_server::ls_types::{Diagnostic, DiagnosticSeverity, NumberOrString, Range, Uri};

use super::level_diagnostics::{json_objects, LevelInput, Levels};
use super::outgoing::Outgoing;
use super::positions::{self, Encoding};
use super::state::{Doc, ServerState, UNSYNCED};

pub use super::level_diagnostics::to_lsp;

/// Queues the diagnostics of `uri` for the client (push mode only), unless the client
/// has them already (see [`unsent`]).
pub fn push(outgoing: &Outgoing, state: &mut ServerState, uri: &Uri) {
    if let Some((version, diagnostics)) = unsent(state, uri) {
        outgoing.diagnostics(uri.clone(), version, diagnostics);
    }
}

/// The version and diagnostics (a JSON array) of `uri` that the client should get
/// (push mode only), marked as sent: the same diagnostics for the same version go out
/// once (the verdicts of a version often add nothing to what its change pushed). The
/// document is marked only once the diagnostics are worked out, so a panic on the way
/// never marks it.
pub fn unsent(state: &mut ServerState, uri: &Uri) -> Option<(i32, String)> {
    if state.client.pull_diagnostics {
        return None;
    }
    let encoding = state.encoding;
    let doc = state.docs.get_mut(uri)?;
    let version = doc.client_version();
    let current = Current::of(uri, doc, encoding);
    let pushed = Some((version, current.fingerprint));
    if doc.pushed == pushed {
        return None;
    }
    let diagnostics = current.into_json();
    doc.pushed = pushed;
    Some((version, diagnostics))
}

/// A document's diagnostics as the client gets them, with a fingerprint: equal
/// fingerprints, equal diagnostics (whatever the version), so that a client that has
/// them need not get them again.
pub struct Current {
    found: Found,
    /// Stands for the diagnostics.
    pub fingerprint: u64,
}

/// Diagnostics as found.
enum Found {
    /// Level by level, as kept for a document of level text (`level_diagnostics.rs`).
    Levels(Levels),
    /// In protocol form and as a JSON array (a document not analysed, SixCells JSON,
    /// or one with problems of the file as a whole).
    Converted(Vec<Diagnostic>, String),
}

impl Current {
    /// The diagnostics of `doc` now. Those of a level unchanged since the last time
    /// are not converted again.
    pub fn of(uri: &Uri, doc: &Doc, encoding: Encoding) -> Current {
        if doc.unsynced.is_none() && doc.skipped.is_none() && doc.sixcells.is_none() {
            let solved = doc.solved();
            let inputs = doc
                .parse()
                .levels
                .iter()
                .enumerate()
                .map(|(k, parsed)| LevelInput {
                    parsed,
                    text: doc.level_text(k).unwrap_or_default(),
                    answer: solved.and_then(|s| s.levels.get(k).cloned().flatten()),
                });
            let levels = doc.level_diagnostics().levels(
                uri,
                doc.parse(),
                inputs,
                &mut doc.converter(encoding),
                encoding,
            );
            if let Some(levels) = levels {
                return Current {
                    fingerprint: levels.fingerprint,
                    found: Found::Levels(levels),
                };
            }
        }
        let converted = of_doc(uri, doc, encoding);
        let json = format!("[{}]", json_objects(&converted));
        let mut hasher = DefaultHasher::new();
        json.hash(&mut hasher);
        Current {
            found: Found::Converted(converted, json),
            fingerprint: hasher.finish(),
        }
    }

    /// The diagnostics in protocol form.
    pub fn into_lsp(self) -> Vec<Diagnostic> {
        match self.found {
            Found::Levels(levels) => levels.diagnostics(),
            Found::Converted(converted, _) => converted,
        }
    }

    /// The diagnostics as a JSON array.
    pub fn into_json(self) -> String {
        match self.found {
            Found::Levels(levels) => levels.json(),
            Found::Converted(_, json) => json,
        }
    }
}

/// Clears the diagnostics of the closed document `uri` (push mode only).
pub fn clear(outgoing: &Outgoing, state: &ServerState, uri: &Uri, version: i32) {
    if !state.client.pull_diagnostics {
        outgoing.diagnostics(uri.clone(), version, "[]".to_string());
    }
}

/// Every diagnostic of the document, in text order.
pub fn of_doc(uri: &Uri, doc: &Doc, encoding: Encoding) -> Vec<Diagnostic> {
    if let Some(whole) = of_whole_document(doc) {
        return vec![whole];
    }
    if let Some(check) = &doc.sixcells {
        return of_sixcells(uri, doc, encoding, check);
    }
    convert_all(uri, doc, encoding, &of_levels(doc).unwrap_or_default())
}

/// The one diagnostic of a document whose text is not read level by level, at its
/// start: out of sync with the client (its text is older than the client's), or not
/// analysed.
fn of_whole_document(doc: &Doc) -> Option<Diagnostic> {
    let (severity, code, message) = match (doc.unsynced, &doc.skipped) {
        (Some(_), _) => (DiagnosticSeverity::ERROR, "out-of-sync", UNSYNCED.to_string()),
        (None, Some(why)) => (DiagnosticSeverity::WARNING, Code::GaveUp.as_str(), why.clone()),
        (None, None) => return None,
    };
    Some(Diagnostic {
        range: Range::default(),
        severity: Some(severity),
        code: Some(NumberOrString::String(code.into())),
        source: Some("hexcells".into()),
        message,
        ..Diagnostic::default()
    })
}

/// Core's diagnostics of a document of level text, in text order: what parsing found,
/// and those of the engine's answers known for the version. `None` for a document not
/// analysed or of SixCells JSON.
fn of_levels(doc: &Doc) -> Option<Vec<hexcells_core::Diagnostic>> {
    if doc.skipped.is_some() || doc.sixcells.is_some() {
        return None;
    }
    let mut all = doc.parse().all_diagnostics();
    if let Some(solved) = doc.solved() {
        for (level_idx, parsed) in doc.parse().levels.iter().enumerate() {
            if let Some(report) = solved.report(level_idx) {
                all.extend(solvability::solve_diagnostics(parsed, report));
            }
        }
        all.sort_by_key(|d| (d.range, d.code));
    }
    Some(all)
}

/// `all` in protocol form.
fn convert_all(
    uri: &Uri,
    doc: &Doc,
    encoding: Encoding,
    all: &[hexcells_core::Diagnostic],
) -> Vec<Diagnostic> {
    let mut convert = doc.converter(encoding);
    all.iter().map(|d| to_lsp(uri, &mut convert, d)).collect()
}

/// The diagnostics of a `.sixcells` document: the import error, or the level's
/// problems and verdict.
fn of_sixcells(uri: &Uri, doc: &Doc, encoding: Encoding, check: &SixCellsCheck) -> Vec<Diagnostic> {
    match check {
        SixCellsCheck::Failed(range, message) => vec![Diagnostic {
            range: positions::range(&doc.rope, encoding, *range),
            severity: Some(DiagnosticSeverity::ERROR),
            code: Some(NumberOrString::String("sixcells-import".into())),
            source: Some("hexcells".into()),
            message: message.clone(),
            ..Diagnostic::default()
        }],
        SixCellsCheck::Level(_, problems) => {
            let solved = doc.solved().and_then(|s| s.report(0));
            problems
                .iter()
                .cloned()
                .chain(solved.and_then(sixcells::solve_diagnostic))
                .map(|d| to_lsp(uri, &mut doc.converter(encoding), &d))
                .collect()
        }
    }
}
