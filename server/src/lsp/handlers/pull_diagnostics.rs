//! `textDocument/diagnostic`: a document's diagnostics (see `lsp/diagnostics.rs`),
//! pulled by clients that can be asked to pull again once the solver is done. The
//! result id stands for the diagnostics themselves, so a pull after an edit that
//! changed none of them is answered "unchanged".

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{
    DocumentDiagnosticParams, DocumentDiagnosticReport, DocumentDiagnosticReportResult,
    FullDocumentDiagnosticReport, RelatedFullDocumentDiagnosticReport,
    RelatedUnchangedDocumentDiagnosticReport, UnchangedDocumentDiagnosticReport,
};

use crate::lsp::diagnostics;
use crate::lsp::state::ServerState;

// Feature: Diagnostics
//
// Every problem `hexcells check` reports, as you type: its code (listed in
// [diagnostics.md](diagnostics.md)), the exact range, a message naming the cells as in
// `Q17`, and related places (the other item of a collision). Syntax and model problems
// come at once; about 150 ms after you stop typing (the setting `debounceMs`) the
// solvability check adds one `HC0301` diagnostic per cell a player can never deduce, or
// `HC0302` when it runs out of time. A pack's levels are checked each on their own.
// Should the server fail to apply one of your edits (a bug in hexcells), it keeps the
// text from before it and shows one error, `out-of-sync`, at the top of the file, and
// refuses formatting and quick fixes, until you close and reopen the file.
//
// VS Code: squiggles and the Problems panel (`Ctrl+Shift+M`); Neovim: signs and
// underlines, `]d` / `[d` to move, `<C-w>d` to read one; Helix: `space d` lists them.
/// The diagnostics of the document, pulled: the same as the client had (its
/// `previousResultId`) are answered "unchanged".
pub fn pull(state: &ServerState, params: DocumentDiagnosticParams) -> Result<DocumentDiagnosticReportResult> {
    let uri = &params.text_document.uri;
    let doc = state.doc(uri)?;
    let current = diagnostics::Current::of(uri, doc, state.encoding);
    let result_id = format!("{:016x}", current.fingerprint);
    let report = if params.previous_result_id.as_deref() == Some(result_id.as_str()) {
        DocumentDiagnosticReport::Unchanged(RelatedUnchangedDocumentDiagnosticReport {
            related_documents: None,
            unchanged_document_diagnostic_report: UnchangedDocumentDiagnosticReport { result_id },
        })
    } else {
        DocumentDiagnosticReport::Full(RelatedFullDocumentDiagnosticReport {
            related_documents: None,
            full_document_diagnostic_report: FullDocumentDiagnosticReport {
                result_id: Some(result_id),
                items: current.into_lsp(),
            },
        })
    };
    Ok(DocumentDiagnosticReportResult::Report(report))
}
