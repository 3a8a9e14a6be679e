//! A document's diagnostics in protocol form: everything core reports, with codes,
//! exact ranges and related locations; once the background analysis of the version
//! is done, also one per stuck cell. Pushed on every change to clients that do not
//! pull ([`push`]); pulled by the others (`handlers/pull_diagnostics.rs`).

use hexcells_core::analysis::sixcells::{self, SixCellsCheck};
use hexcells_core::analysis::solvability;
use hexcells_core::{Code, Severity};
use std::panic::{catch_unwind, AssertUnwindSafe};

use tower_lsp_server::ls_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Range, Uri,
};

use super::backend::Backend;
use super::positions::{self, Encoding};
use super::state::{Doc, ServerState};

/// Queues the diagnostics of `uri` for the client (push mode only).
pub fn push(backend: &Backend, state: &ServerState, uri: &Uri) {
    if state.client.pull_diagnostics {
        return;
    }
    let Some(doc) = state.docs.get(uri) else {
        return;
    };
    let diagnostics = catch_unwind(AssertUnwindSafe(|| of_doc(uri, doc, state.encoding))).unwrap_or_default();
    backend.publish_diagnostics(uri.clone(), doc.version, diagnostics);
}

/// Clears the diagnostics of the closed document `uri` (push mode only).
pub fn clear(backend: &Backend, state: &ServerState, uri: &Uri, version: i32) {
    if !state.client.pull_diagnostics {
        backend.publish_diagnostics(uri.clone(), version, Vec::new());
    }
}

/// The protocol form of core's diagnostic.
pub fn to_lsp(uri: &Uri, doc: &Doc, encoding: Encoding, d: &hexcells_core::Diagnostic) -> Diagnostic {
    let related = d
        .related
        .iter()
        .map(|r| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), positions::range(&doc.rope, encoding, r.range)),
            message: r.message.clone(),
        })
        .collect::<Vec<_>>();
    Diagnostic {
        range: positions::range(&doc.rope, encoding, d.range),
        severity: Some(severity(d.severity)),
        code: Some(NumberOrString::String(d.code.as_str().to_string())),
        source: Some("hexcells".into()),
        message: d.message.clone(),
        related_information: (!related.is_empty()).then_some(related),
        ..Diagnostic::default()
    }
}

/// Every diagnostic of the document, in text order.
pub fn of_doc(uri: &Uri, doc: &Doc, encoding: Encoding) -> Vec<Diagnostic> {
    if let Some(why) = &doc.skipped {
        return vec![Diagnostic {
            range: Range::default(),
            severity: Some(DiagnosticSeverity::WARNING),
            code: Some(NumberOrString::String(Code::GaveUp.as_str().into())),
            source: Some("hexcells".into()),
            message: why.clone(),
            ..Diagnostic::default()
        }];
    }
    if let Some(check) = &doc.sixcells {
        return of_sixcells(uri, doc, encoding, check);
    }
    let mut all = doc.parse.all_diagnostics();
    if let Some(solved) = doc.solved() {
        for (parsed, report) in doc.parse.levels.iter().zip(&solved.reports) {
            if let Some(report) = report {
                all.extend(solvability::solve_diagnostics(parsed, report));
            }
        }
        all.sort_by_key(|d| (d.range, d.code));
    }
    all.iter().map(|d| to_lsp(uri, doc, encoding, d)).collect()
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
            let solved = doc
                .solved()
                .and_then(|s| s.reports.first())
                .and_then(Option::as_ref);
            problems
                .iter()
                .cloned()
                .chain(solved.and_then(sixcells::solve_diagnostic))
                .map(|d| to_lsp(uri, doc, encoding, &d))
                .collect()
        }
    }
}

fn severity(severity: Severity) -> DiagnosticSeverity {
    match severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Info => DiagnosticSeverity::INFORMATION,
        Severity::Hint => DiagnosticSeverity::HINT,
    }
}
