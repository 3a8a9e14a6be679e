//! Each level's diagnostics in protocol form, converted and serialised once and kept
//! while the level's lines, the line it starts on and the engine's answer stay the same:
//! a keystroke in a pack of hundreds of levels converts and serialises the
//! diagnostics of the level it changed, and copies the others' as they were.
//!
//! Used by `diagnostics.rs` (which knows documents); this file knows only a parse,
//! the answers and the position converter.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use hexcells_core::analysis::solvability;
use hexcells_core::format::{Parse, ParsedLevel};
use hexcells_core::Severity;
use tower_lsp_server::ls_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Uri,
};

use tracing::error;

use super::positions::{Converter, Encoding};
use super::results::Answer;

/// The diagnostics of a document's levels, by the line each level starts on. Holds
/// only the levels of the text it was last asked about.
#[derive(Debug, Default)]
pub struct LevelDiagnostics {
    by_first_line: HashMap<u32, Arc<Entry>>,
}

/// One level's diagnostics, with what they were worked out from.
#[derive(Debug)]
struct Entry {
    /// The level's lines, as in the text.
    text: String,
    /// The answer whose diagnostics are included (the same allocation: answers are
    /// shared, never changed in place).
    answer: Option<Arc<Answer>>,
    encoding: Encoding,
    /// The diagnostics in protocol form, in text order.
    diagnostics: Vec<Diagnostic>,
    /// The same as JSON objects separated by commas (empty for none).
    json: String,
    /// A hash of `json`.
    hash: u64,
}

/// A document's diagnostics, level by level, with a fingerprint of them.
pub struct Levels {
    entries: Vec<Arc<Entry>>,
    /// Equal fingerprints, equal diagnostics.
    pub fingerprint: u64,
}

impl Levels {
    /// The diagnostics as a JSON array, as the `diagnostics` of
    /// `textDocument/publishDiagnostics`.
    pub fn json(&self) -> String {
        let size = self.entries.iter().map(|e| e.json.len() + 1).sum::<usize>();
        let mut json = String::with_capacity(size + 2);
        json.push('[');
        for entry in self.entries.iter().filter(|e| !e.json.is_empty()) {
            if json.len() > 1 {
                json.push(',');
            }
            json.push_str(&entry.json);
        }
        json.push(']');
        json
    }

    /// The diagnostics in protocol form.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        self.entries
            .iter()
            .flat_map(|e| e.diagnostics.iter().cloned())
            .collect()
    }
}

/// What a level's diagnostics are worked out from.
pub struct LevelInput<'a> {
    /// The level as parsed.
    pub parsed: &'a ParsedLevel,
    /// Its lines, as in the text.
    pub text: &'a str,
    /// The engine's answer for it in this version, if known.
    pub answer: Option<Arc<Answer>>,
}

impl LevelDiagnostics {
    /// The diagnostics of every level of `levels` (in file order, as `parse` holds
    /// them), in text order: those of levels unchanged since the last call are kept,
    /// the others converted with `convert` and serialised. `None` when the parse has
    /// diagnostics of the file as a whole, which sort between the levels' (the caller
    /// then converts everything).
    pub fn levels<'a>(
        &mut self,
        uri: &Uri,
        parse: &Parse,
        levels: impl Iterator<Item = LevelInput<'a>>,
        convert: &mut Converter<'_>,
        encoding: Encoding,
    ) -> Option<Levels> {
        if !parse.diagnostics.is_empty() {
            return None;
        }
        let mut kept = HashMap::with_capacity(self.by_first_line.len());
        let mut hasher = DefaultHasher::new();
        let mut entries = Vec::with_capacity(parse.levels.len());
        for level in levels {
            let first_line = level.parsed.source.first_line;
            let entry = match self.by_first_line.remove(&first_line) {
                Some(entry) if entry.holds(&level, encoding) => entry,
                _ => Arc::new(Entry::new(uri, &level, convert, encoding)),
            };
            entry.hash.hash(&mut hasher);
            kept.insert(first_line, Arc::clone(&entry));
            entries.push(entry);
        }
        self.by_first_line = kept;
        Some(Levels {
            entries,
            fingerprint: hasher.finish(),
        })
    }
}

impl Entry {
    fn new(uri: &Uri, level: &LevelInput<'_>, convert: &mut Converter<'_>, encoding: Encoding) -> Entry {
        let mut all = level.parsed.diagnostics.clone();
        if let Some(answer) = &level.answer {
            all.extend(solvability::solve_diagnostics(level.parsed, &answer.report));
            if let Some(unneeded) = &answer.unneeded {
                all.extend(solvability::unneeded_diagnostics(level.parsed, unneeded));
            }
        }
        all.sort_by_key(|d| (d.range, d.code));
        let diagnostics: Vec<Diagnostic> = all.iter().map(|d| to_lsp(uri, convert, d)).collect();
        let json = json_objects(&diagnostics);
        let mut hasher = DefaultHasher::new();
        json.hash(&mut hasher);
        Entry {
            text: level.text.to_string(),
            answer: level.answer.clone(),
            encoding,
            diagnostics,
            json,
            hash: hasher.finish(),
        }
    }

    /// Whether this entry is the diagnostics of `level` (on the same first line).
    fn holds(&self, level: &LevelInput<'_>, encoding: Encoding) -> bool {
        let same_answer = match (&self.answer, &level.answer) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        };
        same_answer && self.encoding == encoding && self.text == level.text
    }
}

/// `diagnostics` as JSON objects separated by commas (empty for none). One that cannot
/// be serialised is left out, with an error on the log: the message stays whole.
pub fn json_objects(diagnostics: &[Diagnostic]) -> String {
    let mut json = String::new();
    for d in diagnostics {
        match serde_json::to_string(d) {
            Ok(object) => {
                if !json.is_empty() {
                    json.push(',');
                }
                json.push_str(&object);
            }
            Err(e) => error!(
                message = d.message,
                "a diagnostic could not be serialised, so it is left out: {e}"
            ),
        }
    }
    json
}

/// The protocol form of core's diagnostic, its places converted by `convert`.
pub fn to_lsp(uri: &Uri, convert: &mut Converter<'_>, d: &hexcells_core::Diagnostic) -> Diagnostic {
    let related = d
        .related
        .iter()
        .map(|r| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), convert.range(r.range)),
            message: r.message.clone(),
        })
        .collect::<Vec<_>>();
    Diagnostic {
        range: convert.range(d.range),
        severity: Some(severity(d.severity)),
        code: Some(NumberOrString::String(d.code.as_str().to_string())),
        source: Some("hexcells".into()),
        message: d.message.clone(),
        related_information: (!related.is_empty()).then_some(related),
        ..Diagnostic::default()
    }
}

/// The protocol's severity of core's.
pub fn severity(severity: Severity) -> DiagnosticSeverity {
    match severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Info => DiagnosticSeverity::INFORMATION,
        Severity::Hint => DiagnosticSeverity::HINT,
    }
}
