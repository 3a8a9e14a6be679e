//! `textDocument/documentSymbol` and `textDocument/foldingRange`: each level of a
//! pack, with its header and grid.

use hexcells_core::analysis::{self, Symbol, SymbolKind};
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{
    DocumentSymbol, DocumentSymbolParams, DocumentSymbolResponse, FoldingRange, FoldingRangeKind,
    FoldingRangeParams, Range,
};

use crate::lsp::positions::Converter;
use crate::lsp::state::ServerState;

// Feature: Outline
//
// Each level of the document (every level of a pack, by its title), with its header and
// its grid inside, to see a pack at a glance and jump to a level.
//
// VS Code: the Outline view, or `Ctrl+Shift+O`; Neovim: `gO`; Helix: `space s`.
/// The outline.
pub fn document_symbols(
    state: &ServerState,
    params: DocumentSymbolParams,
) -> Result<Option<DocumentSymbolResponse>> {
    let doc = state.doc(&params.text_document.uri)?;
    let mut convert = doc.converter(state.encoding);
    let symbols = analysis::symbols(doc.parse())
        .iter()
        .map(|s| to_lsp(&mut convert, s))
        .collect();
    Ok(Some(DocumentSymbolResponse::Nested(symbols)))
}

// Feature: Folding
//
// Each level, its header and its grid fold.
//
// VS Code: the arrows in the gutter; Neovim 0.11: with
// `vim.wo.foldmethod = 'expr'` and `vim.wo.foldexpr = 'v:lua.vim.lsp.foldexpr()'`.
/// The folds.
pub fn folding_ranges(state: &ServerState, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
    let doc = state.doc(&params.text_document.uri)?;
    Ok(Some(
        analysis::folds(doc.parse())
            .into_iter()
            .map(|span| FoldingRange {
                start_line: span.first,
                end_line: span.last,
                kind: Some(FoldingRangeKind::Region),
                ..FoldingRange::default()
            })
            .collect(),
    ))
}

#[allow(deprecated)] // `DocumentSymbol::deprecated` must still be written.
fn to_lsp(convert: &mut Converter<'_>, symbol: &Symbol) -> DocumentSymbol {
    let range = Range::new(
        convert.position(symbol.lines.first, 0),
        convert.position(symbol.lines.last, u32::MAX),
    );
    let mut selection = convert.range(symbol.selection);
    if selection.start < range.start || selection.end > range.end {
        selection = Range::new(range.start, range.start);
    }
    DocumentSymbol {
        name: symbol.name.clone(),
        detail: (!symbol.detail.is_empty()).then(|| symbol.detail.clone()),
        kind: match symbol.kind {
            SymbolKind::Level => tower_lsp_server::ls_types::SymbolKind::MODULE,
            SymbolKind::Header => tower_lsp_server::ls_types::SymbolKind::STRING,
            SymbolKind::Grid => tower_lsp_server::ls_types::SymbolKind::ARRAY,
        },
        tags: None,
        deprecated: None,
        range,
        selection_range: selection,
        children: Some(symbol.children.iter().map(|c| to_lsp(convert, c)).collect()),
    }
}
