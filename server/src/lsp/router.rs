//! The routing table: `impl LanguageServer for LspServer` sends each method to its
//! handler in `handlers/` (one call; the three text-sync notifications list, in order,
//! what follows a change), and [`capabilities`] beside it announces the same features.
//!
//! The only file of `lsp/` that calls handlers; nothing imports it.

use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::*;
use tower_lsp_server::LanguageServer;

use super::server::LspServer;
use super::state::ServerState;
use super::{diagnostics, ext, handlers, publish, solver};

/// What the server offers: one entry per routed feature below.
fn capabilities(state: &ServerState) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(state.encoding.kind()),
        text_document_sync: Some(TextDocumentSyncCapability::Options(TextDocumentSyncOptions {
            open_close: Some(true),
            change: Some(TextDocumentSyncKind::INCREMENTAL),
            ..TextDocumentSyncOptions::default()
        })),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        document_highlight_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        definition_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        inlay_hint_provider: Some(OneOf::Left(true)),
        code_lens_provider: Some(CodeLensOptions {
            resolve_provider: Some(false),
        }),
        execute_command_provider: Some(ExecuteCommandOptions {
            commands: vec![
                ext::SOLVE_COMMAND.into(),
                ext::OPEN_VIEWER_COMMAND.into(),
                ext::OPEN_PREVIEW_COMMAND.into(),
            ],
            ..ExecuteCommandOptions::default()
        }),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(handlers::code_action::kinds()),
            ..CodeActionOptions::default()
        })),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: handlers::semantic_tokens::legend(),
                full: Some(SemanticTokensFullOptions::Delta { delta: Some(true) }),
                range: Some(true),
                ..SemanticTokensOptions::default()
            },
        )),
        diagnostic_provider: state.client.pull_diagnostics.then(|| {
            DiagnosticServerCapabilities::Options(DiagnosticOptions {
                identifier: Some("hexcells".into()),
                inter_file_dependencies: false,
                workspace_diagnostics: false,
                ..DiagnosticOptions::default()
            })
        }),
        ..ServerCapabilities::default()
    }
}

impl LanguageServer for LspServer {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        Ok(handlers::initialize::initialize(
            &mut self.lock(),
            &params,
            capabilities,
        ))
    }

    async fn initialized(&self, _: InitializedParams) {
        handlers::configuration::refresh(self).await;
    }

    async fn did_change_configuration(&self, _: DidChangeConfigurationParams) {
        handlers::configuration::refresh(self).await;
    }

    async fn shutdown(&self) -> Result<()> {
        handlers::viewer::close_all(self);
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let uri = params.text_document.uri.clone();
        self.write("textDocument/didOpen", &uri, |state| {
            state.open(params.text_document);
            diagnostics::push(&self.outgoing, state, &uri);
            solver::schedule(self, state, &uri);
            Ok(())
        });
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let uri = params.text_document.uri;
        self.write("textDocument/didChange", &uri, |state| {
            let applied = state.change(&uri, params.text_document.version, params.content_changes)?;
            publish::changed(self, state, &uri);
            handlers::viewer::changed(state, &uri, applied);
            solver::schedule(self, state, &uri);
            Ok(())
        });
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        self.write("textDocument/didClose", &uri, |state| {
            if let Some(doc) = state.close(&uri) {
                diagnostics::clear(&self.outgoing, state, &uri, doc.client_version());
            }
            Ok(())
        });
    }

    async fn diagnostic(&self, params: DocumentDiagnosticParams) -> Result<DocumentDiagnosticReportResult> {
        let uri = params.text_document.uri.clone();
        self.read("textDocument/diagnostic", &uri, |s| {
            handlers::pull_diagnostics::pull(s, params)
        })
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let uri = params.text_document_position_params.text_document.uri.clone();
        handlers::viewer::follow_cursor(&mut self.lock(), &params.text_document_position_params);
        self.read("textDocument/hover", &uri, |s| handlers::hover::hover(s, params))
    }

    async fn document_highlight(
        &self,
        params: DocumentHighlightParams,
    ) -> Result<Option<Vec<DocumentHighlight>>> {
        let uri = params.text_document_position_params.text_document.uri.clone();
        handlers::viewer::follow_cursor(&mut self.lock(), &params.text_document_position_params);
        self.read("textDocument/documentHighlight", &uri, |s| {
            handlers::highlight::highlight(s, params)
        })
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        let uri = params.text_document_position.text_document.uri.clone();
        self.read("textDocument/references", &uri, |s| {
            handlers::references::references(s, params)
        })
    }

    async fn goto_definition(&self, params: GotoDefinitionParams) -> Result<Option<GotoDefinitionResponse>> {
        let uri = params.text_document_position_params.text_document.uri.clone();
        self.read("textDocument/definition", &uri, |s| {
            handlers::references::definition(s, params)
        })
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        let uri = &params.text_document.uri;
        self.update(
            "textDocument/semanticTokens/full",
            uri,
            handlers::semantic_tokens::full,
        )
    }

    async fn semantic_tokens_full_delta(
        &self,
        params: SemanticTokensDeltaParams,
    ) -> Result<Option<SemanticTokensFullDeltaResult>> {
        let uri = params.text_document.uri.clone();
        self.update("textDocument/semanticTokens/full/delta", &uri, |doc, encoding| {
            handlers::semantic_tokens::full_delta(doc, encoding, params)
        })
    }

    async fn semantic_tokens_range(
        &self,
        params: SemanticTokensRangeParams,
    ) -> Result<Option<SemanticTokensRangeResult>> {
        let uri = params.text_document.uri.clone();
        self.read("textDocument/semanticTokens/range", &uri, |s| {
            handlers::semantic_tokens::range(s, params)
        })
    }

    async fn formatting(&self, params: DocumentFormattingParams) -> Result<Option<Vec<TextEdit>>> {
        let uri = params.text_document.uri.clone();
        self.read("textDocument/formatting", &uri, |s| {
            handlers::formatting::formatting(s, params)
        })
    }

    async fn document_symbol(&self, params: DocumentSymbolParams) -> Result<Option<DocumentSymbolResponse>> {
        let uri = params.text_document.uri.clone();
        self.read("textDocument/documentSymbol", &uri, |s| {
            handlers::symbols::document_symbols(s, params)
        })
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        let uri = params.text_document.uri.clone();
        self.read("textDocument/foldingRange", &uri, |s| {
            handlers::symbols::folding_ranges(s, params)
        })
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let uri = params.text_document.uri.clone();
        self.read("textDocument/codeAction", &uri, |s| {
            handlers::code_action::code_actions(s, params)
        })
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        let uri = params.text_document.uri.clone();
        self.read("textDocument/inlayHint", &uri, |s| {
            handlers::inlay_hints::inlay_hints(s, params)
        })
    }

    async fn code_lens(&self, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
        let uri = params.text_document.uri.clone();
        self.read("textDocument/codeLens", &uri, |s| {
            handlers::code_lens::code_lens(s, params)
        })
    }

    async fn execute_command(&self, params: ExecuteCommandParams) -> Result<Option<LSPAny>> {
        match params.command.as_str() {
            ext::SOLVE_COMMAND => handlers::solve_command::solve(self, &params.arguments).await,
            ext::OPEN_VIEWER_COMMAND => handlers::viewer::open(self, &params.arguments).await,
            ext::OPEN_PREVIEW_COMMAND => handlers::viewer::open_preview(self, &params.arguments).await,
            other => Err(Error::invalid_params(format!("unknown command `{other}`"))),
        }
    }
}
