//! Diagnostics for a `.sixcells` JSON file, which editors open read-only: the import
//! error where the JSON says it is, or the model problems and solvability of the
//! level it holds. The JSON has no grid text, so problems name cells in Hexix
//! notation (their place once the level is written as text) and sit on line 1.

use crate::diagnostic::{Code, Diagnostic, Severity, TextRange};
use crate::format::sixcells::{import, ImportError};
use crate::model::{name, Level};
use crate::solve::{Report, Verdict};
use crate::validate;

/// Where a `.sixcells` problem is reported when the JSON gives no place.
const TOP: TextRange = TextRange {
    line: 0,
    start: 0,
    end: 0,
};

/// The outcome of reading a `.sixcells` text.
#[derive(Clone, Debug, PartialEq)]
pub enum SixCellsCheck {
    /// The level was read; its model problems (on line 1).
    Level(Level, Vec<Diagnostic>),
    /// It could not be read: where and why.
    Failed(TextRange, String),
}

/// Reads `json` and checks the level it holds.
pub fn check(json: &str) -> SixCellsCheck {
    match import(json) {
        Ok(level) => {
            let diagnostics = validate::problems(&level)
                .into_iter()
                .map(|p| Diagnostic::new(p.code, TOP, p.message))
                .collect();
            SixCellsCheck::Level(level, diagnostics)
        }
        Err(error) => {
            let range = match &error {
                ImportError::Json { line, column, .. } => {
                    let line = line.saturating_sub(1) as u32;
                    let column = column.saturating_sub(1) as u32;
                    TextRange::new(line, column, column + 1)
                }
                _ => TOP,
            };
            SixCellsCheck::Failed(range, error.to_string())
        }
    }
}

/// The stuck cells or the engine giving up, as one diagnostic on line 1.
pub fn solve_diagnostic(report: &Report) -> Option<Diagnostic> {
    match report.verdict {
        Verdict::Stuck { after_round } => {
            let names: Vec<String> = report.stuck.iter().take(12).map(|p| name(*p)).collect();
            let more = report.stuck.len().saturating_sub(names.len());
            let tail = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            Some(Diagnostic::new(
                Code::Stuck,
                TOP,
                format!(
                    "{} cell(s) can't be deduced after round {after_round}: {}{tail}; reveal one or add a number that counts it",
                    report.stuck.len(),
                    names.join(", ")
                ),
            ))
        }
        Verdict::GaveUp => Some(Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::new(
                Code::GaveUp,
                TOP,
                "the solvability analysis gave up within its budget",
            )
        }),
        Verdict::Solvable | Verdict::Cancelled => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broken_json_is_placed_where_it_breaks() {
        match check("{\n  \"version\": 1,\n  oops\n}") {
            SixCellsCheck::Failed(range, message) => {
                assert_eq!(range.line, 2);
                assert!(message.starts_with("not a SixCells level"), "{message}");
            }
            other => panic!("expected a failure, got {other:?}"),
        }
    }

    #[test]
    fn an_exported_level_reads_back() {
        let (text, _) = crate::analysis::test_support::level(&["x.....", "......", "....o."]);
        let parsed = crate::format::parse(&text);
        let json = crate::format::sixcells::export(&parsed.levels[0].level);
        match check(&json) {
            SixCellsCheck::Level(level, _) => assert_eq!(level.n_cells(), 2),
            other => panic!("expected a level, got {other:?}"),
        }
    }
}
