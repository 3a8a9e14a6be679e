//! The parser's checks beyond syntax, as diagnostics: the model problems of
//! [`crate::validate`] placed in the text with the level's [`SourceMap`], and HTML
//! entities left in header text.

use super::entities;
use super::source::{HeaderField, SourceMap};
use crate::diagnostic::{Code, Diagnostic, TextRange};
use crate::model::{Level, Pos};
use crate::validate::problems;

/// Adds the model problems of `level` to `diagnostics`, placed with `source`.
pub(crate) fn check_level(level: &Level, source: &SourceMap, diagnostics: &mut Vec<Diagnostic>) {
    let range = |pos: Option<Pos>| {
        pos.and_then(|p| source.range_of(p))
            .unwrap_or_else(|| source.level_range())
    };
    for problem in problems(level) {
        let mut d = Diagnostic::new(problem.code, range(problem.at), problem.message);
        for (pos, why) in problem.related {
            d = d.with_related(range(Some(pos)), why);
        }
        diagnostics.push(d);
    }
}

/// Adds a hint for HTML entities left in header text.
pub(crate) fn check_text_fields(level: &Level, source: &SourceMap, diagnostics: &mut Vec<Diagnostic>) {
    let fields = [
        (HeaderField::Title, &level.title),
        (HeaderField::Author, &level.author),
        (HeaderField::CustomText1, &level.custom_text[0]),
        (HeaderField::CustomText2, &level.custom_text[1]),
    ];
    for (field, text) in fields {
        let Some(range) = source.header_range(field) else {
            continue;
        };
        if let Some((start, end)) = entities::first_entity(text) {
            let decoded = entities::decode_entities(text);
            diagnostics.push(Diagnostic::new(
                Code::HtmlEntity,
                TextRange::new(range.line, range.start + start, range.start + end),
                format!("the {} holds an HTML entity, which the game shows as written; did you mean \"{decoded}\"?", field.describe()),
            ));
        }
    }
}
