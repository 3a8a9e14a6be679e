//! `textDocument/semanticTokens/full`: cells, column numbers, number marks and
//! header lines, mapped onto standard token types so any theme colours them.

use hexcells_core::analysis::{self, TokenKind, TokenModifiers};
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{
    SemanticToken, SemanticTokenModifier, SemanticTokenType, SemanticTokens, SemanticTokensLegend,
    SemanticTokensParams, SemanticTokensResult,
};

use crate::lsp::positions::Converter;
use crate::lsp::state::ServerState;

/// Token types in legend order; [`type_index`] maps core's kinds onto them.
const TYPES: [SemanticTokenType; 7] = [
    SemanticTokenType::KEYWORD,  // format line
    SemanticTokenType::STRING,   // title, author
    SemanticTokenType::COMMENT,  // custom text
    SemanticTokenType::TYPE,     // blue cell
    SemanticTokenType::VARIABLE, // black cell
    SemanticTokenType::OPERATOR, // column number
    SemanticTokenType::NUMBER,   // number mark
];

/// The legend announced at `initialize`.
pub fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TYPES.to_vec(),
        token_modifiers: TokenModifiers::NAMES
            .iter()
            .map(|name| SemanticTokenModifier::new(name))
            .collect(),
    }
}

fn type_index(kind: TokenKind) -> u32 {
    match kind {
        TokenKind::FormatLine => 0,
        TokenKind::Title | TokenKind::Author => 1,
        TokenKind::CustomText => 2,
        TokenKind::BlueCell => 3,
        TokenKind::BlackCell => 4,
        TokenKind::Column => 5,
        TokenKind::Number => 6,
    }
}

/// Every token of the document, delta-encoded.
pub fn full(state: &ServerState, params: SemanticTokensParams) -> Result<Option<SemanticTokensResult>> {
    let doc = state.doc(&params.text_document.uri)?;
    let mut data = Vec::new();
    let (mut prev_line, mut prev_start) = (0, 0);
    let mut convert = Converter::new(&doc.rope, state.encoding);
    for token in analysis::semantic_tokens(doc.parse()) {
        let range = convert.range(token.range);
        let length = range.end.character.saturating_sub(range.start.character);
        if length == 0 || range.start.line != range.end.line {
            continue;
        }
        let delta_line = range.start.line - prev_line;
        let delta_start = if delta_line == 0 {
            range.start.character - prev_start
        } else {
            range.start.character
        };
        data.push(SemanticToken {
            delta_line,
            delta_start,
            length,
            token_type: type_index(token.kind),
            token_modifiers_bitset: token.modifiers.0,
        });
        (prev_line, prev_start) = (range.start.line, range.start.character);
    }
    Ok(Some(SemanticTokensResult::Tokens(SemanticTokens {
        result_id: None,
        data,
    })))
}
