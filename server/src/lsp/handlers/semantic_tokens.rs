//! `textDocument/semanticTokens/full`, `/full/delta` and `/range`: cells, column
//! numbers, number marks and header lines, mapped onto standard token types so any
//! theme colours them. The tokens last sent are kept per document, so that after an
//! edit the client gets the few that changed instead of a whole pack's.

use std::ops::RangeInclusive;

use hexcells_core::analysis::{self, TokenKind, TokenModifiers};
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{
    SemanticToken, SemanticTokenModifier, SemanticTokenType, SemanticTokens, SemanticTokensDelta,
    SemanticTokensDeltaParams, SemanticTokensEdit, SemanticTokensFullDeltaResult, SemanticTokensLegend,
    SemanticTokensRangeParams, SemanticTokensRangeResult, SemanticTokensResult,
};

use crate::lsp::positions::{self, Encoding};
use crate::lsp::state::{Doc, ServerState};

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

// Feature: Grid colours
//
// The server names each part of a level, so that the editor's theme colours the grid
// as the game does: blue cells as `type`, black cells as `variable`, column numbers as
// `operator`, number marks as `number`, the format line as `keyword`, title and author
// as `string`, custom text as `comment`; revealed cells carry the modifier `revealed`,
// `{n}` and `-n-` the modifiers `together` and `apart`. After an edit only the tokens
// that changed are sent again.
//
// VS Code and Neovim use them over the grammar's colours (Neovim links them to the
// groups `hexcellsBlue`, `hexcellsBlack`, ...); Helix uses the tree-sitter grammar
// instead.
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

/// Every token of the document, delta-encoded; kept (with a result id) for the next
/// `full/delta` request.
pub fn full(doc: &mut Doc, encoding: Encoding) -> Result<Option<SemanticTokensResult>> {
    let data = encode(doc, encoding, 0..=u32::MAX);
    let result_id = remember(doc, &data);
    Ok(Some(SemanticTokensResult::Tokens(SemanticTokens {
        result_id: Some(result_id),
        data,
    })))
}

/// What changed in the tokens since those of `previousResultId`: one edit of the
/// flat array (an edit of a pack changes a few tokens of a few lines), or every token
/// when the previous ones are not those the server kept.
pub fn full_delta(
    doc: &mut Doc,
    encoding: Encoding,
    params: SemanticTokensDeltaParams,
) -> Result<Option<SemanticTokensFullDeltaResult>> {
    let data = encode(doc, encoding, 0..=u32::MAX);
    let edit = match &doc.sent_tokens {
        Some((id, before)) if *id == params.previous_result_id => Some(delta(before, &data)),
        _ => None,
    };
    let result_id = remember(doc, &data);
    Ok(Some(match edit {
        Some(edit) => SemanticTokensFullDeltaResult::TokensDelta(SemanticTokensDelta {
            result_id: Some(result_id),
            edits: edit.into_iter().collect(),
        }),
        None => SemanticTokensFullDeltaResult::Tokens(SemanticTokens {
            result_id: Some(result_id),
            data,
        }),
    }))
}

/// The tokens on the requested lines (the editor's visible ones), delta-encoded from
/// the start of the document.
pub fn range(
    state: &ServerState,
    params: SemanticTokensRangeParams,
) -> Result<Option<SemanticTokensRangeResult>> {
    let doc = state.doc(&params.text_document.uri)?;
    let (first, _) = positions::from_position(&doc.rope, state.encoding, params.range.start);
    let (last, _) = positions::from_position(&doc.rope, state.encoding, params.range.end);
    Ok(Some(SemanticTokensRangeResult::Tokens(SemanticTokens {
        result_id: None,
        data: encode(doc, state.encoding, first..=last),
    })))
}

/// The tokens of `doc` on `lines`, in the protocol's relative form.
fn encode(doc: &Doc, encoding: Encoding, lines: RangeInclusive<u32>) -> Vec<SemanticToken> {
    let mut data = Vec::new();
    let (mut prev_line, mut prev_start) = (0, 0);
    let mut convert = doc.converter(encoding);
    for token in analysis::semantic_tokens_in(doc.parse(), lines) {
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
    data
}

/// Keeps `data` as the tokens the client has; returns their result id.
fn remember(doc: &mut Doc, data: &[SemanticToken]) -> String {
    let n = doc.sent_tokens.as_ref().map_or(0, |(id, _)| {
        id.rsplit('.')
            .next()
            .and_then(|n| n.parse::<u64>().ok())
            .unwrap_or(0)
            + 1
    });
    let id = format!("{}.{n}", doc.version);
    doc.sent_tokens = Some((id.clone(), data.to_vec()));
    id
}

/// The edit that turns `before` into `after`: what lies between their common start
/// and common end (none when they are equal). Places count numbers of the flat array,
/// five per token.
fn delta(before: &[SemanticToken], after: &[SemanticToken]) -> Option<SemanticTokensEdit> {
    let start = before.iter().zip(after).take_while(|(a, b)| a == b).count();
    let most = before.len().min(after.len()) - start;
    let end = before
        .iter()
        .rev()
        .zip(after.iter().rev())
        .take(most)
        .take_while(|(a, b)| a == b)
        .count();
    if start == before.len() && start == after.len() {
        return None;
    }
    Some(SemanticTokensEdit {
        start: (5 * start) as u32,
        delete_count: (5 * (before.len() - start - end)) as u32,
        data: Some(after[start..after.len() - end].to_vec()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token(delta_line: u32) -> SemanticToken {
        SemanticToken {
            delta_line,
            delta_start: 1,
            length: 1,
            token_type: 3,
            token_modifiers_bitset: 0,
        }
    }

    /// Tokens as the flat array of numbers the client keeps.
    fn flat<'t>(tokens: impl IntoIterator<Item = &'t SemanticToken>) -> Vec<u32> {
        tokens
            .into_iter()
            .flat_map(|t| {
                [
                    t.delta_line,
                    t.delta_start,
                    t.length,
                    t.token_type,
                    t.token_modifiers_bitset,
                ]
            })
            .collect()
    }

    /// Applies an edit as a client does, on the flat array.
    fn apply(before: &[SemanticToken], edit: &SemanticTokensEdit) -> Vec<u32> {
        let mut flat_before = flat(before);
        let start = edit.start as usize;
        flat_before.splice(
            start..start + edit.delete_count as usize,
            flat(edit.data.iter().flatten()),
        );
        flat_before
    }

    #[test]
    fn a_delta_edits_only_what_changed() {
        let before: Vec<_> = (0..6).map(token).collect();
        for after in [
            vec![token(0), token(1), token(9), token(3), token(4), token(5)],
            vec![token(0), token(1), token(4), token(5)],
            vec![
                token(7),
                token(0),
                token(1),
                token(2),
                token(3),
                token(4),
                token(5),
                token(8),
            ],
            Vec::new(),
        ] {
            let edit = delta(&before, &after).expect("an edit");
            assert_eq!(apply(&before, &edit), flat(&after));
        }
        assert_eq!(delta(&before, &before), None);
        let one = delta(
            &before,
            &[token(0), token(1), token(9), token(3), token(4), token(5)],
        );
        assert_eq!(one.map(|e| (e.start, e.delete_count)), Some((10, 5)));
    }
}
