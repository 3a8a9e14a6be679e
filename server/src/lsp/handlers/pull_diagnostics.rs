//! `textDocument/diagnostic`: a document's diagnostics (see `lsp/diagnostics.rs`),
//! pulled by clients that can be asked to pull again once the solver is done.

use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{
    DocumentDiagnosticParams, DocumentDiagnosticReport, DocumentDiagnosticReportResult,
    FullDocumentDiagnosticReport, RelatedFullDocumentDiagnosticReport,
};

use crate::lsp::diagnostics;
use crate::lsp::state::ServerState;

/// The diagnostics of the document, pulled.
pub fn pull(state: &ServerState, params: DocumentDiagnosticParams) -> Result<DocumentDiagnosticReportResult> {
    let uri = &params.text_document.uri;
    let doc = state.doc(uri)?;
    let report = RelatedFullDocumentDiagnosticReport {
        related_documents: None,
        full_document_diagnostic_report: FullDocumentDiagnosticReport {
            result_id: Some(doc.version.to_string()),
            items: diagnostics::of_doc(uri, doc, state.encoding),
        },
    };
    Ok(DocumentDiagnosticReportResult::Report(
        DocumentDiagnosticReport::Full(report),
    ))
}
