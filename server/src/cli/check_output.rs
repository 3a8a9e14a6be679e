//! How `hexcells check` writes one level: what it found ([`LevelCheck`]), as
//! `file:line:col: severity[code]: message` lines ending in the verdict, or as one
//! JSON Lines record. `check.rs` finds it and orders the output.

use std::io::Write;

use hexcells_core::model::name;
use hexcells_core::solve::{Report, Verdict};
use hexcells_core::Diagnostic;
use serde::Serialize;

use super::difficulty::{self, JsonDifficulty};
use super::engine::errors_to_fix_first;
use super::phrases::{plural, write_diagnostic};

/// One level's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LevelVerdict {
    /// The level has errors; the engine was not run.
    Invalid,
    /// The engine was not asked (`--no-solve`).
    Skipped,
    Solvable,
    Stuck,
    GaveUp,
}

impl LevelVerdict {
    pub(super) fn as_str(self) -> &'static str {
        match self {
            LevelVerdict::Invalid => "invalid",
            LevelVerdict::Skipped => "skipped",
            LevelVerdict::Solvable => "solvable",
            LevelVerdict::Stuck => "stuck",
            LevelVerdict::GaveUp => "gave_up",
        }
    }
}

/// Everything `check` says about one level.
pub(super) struct LevelCheck<'a> {
    pub(super) index: usize,
    pub(super) title: &'a str,
    pub(super) cells: usize,
    /// Syntax and model diagnostics, then the engine's (stuck, gave up).
    pub(super) diagnostics: Vec<Diagnostic>,
    pub(super) verdict: LevelVerdict,
    pub(super) report: Option<Report>,
    pub(super) millis: f64,
}

pub(super) fn write_text(
    out: &mut dyn Write,
    file: &str,
    is_pack: bool,
    check: &LevelCheck<'_>,
) -> std::io::Result<()> {
    for d in &check.diagnostics {
        write_diagnostic(out, file, d)?;
    }
    let label = if is_pack {
        super::pack::label(file, check.index)
    } else {
        file.to_string()
    };
    match (check.verdict, &check.report) {
        (LevelVerdict::Solvable, Some(report)) => {
            let rounds = plural(report.difficulty.rounds, "round", "rounds");
            let hardest = report.difficulty.largest_explanation;
            let grade = difficulty::describe(&report.difficulty).map_or(String::new(), |g| format!("; {g}"));
            if hardest > 0 {
                let clues = plural(hardest, "clue", "clues");
                writeln!(
                    out,
                    "{label}: solvable in {rounds} (hardest step uses {clues}){grade}"
                )
            } else {
                writeln!(out, "{label}: solvable in {rounds}{grade}")
            }
        }
        (LevelVerdict::Invalid, _) => {
            writeln!(
                out,
                "{label}: not analysed: {}",
                errors_to_fix_first(&check.diagnostics)
            )
        }
        _ => Ok(()),
    }
}

/// One line of `check --json`.
#[derive(Serialize)]
pub(super) struct JsonLevel {
    file: String,
    /// The level's number in its file, from 1.
    level: usize,
    title: String,
    /// `solvable`, `stuck`, `invalid`, `gave_up`, or `skipped` with `--no-solve`.
    verdict: &'static str,
    /// Rounds that uncovered at least one cell.
    rounds: usize,
    /// The round after which a stuck level makes no progress.
    stuck_after_round: Option<usize>,
    /// Hexix names of the cells that stay hidden.
    stuck_cells: Vec<String>,
    /// Clues in the largest explanation.
    largest_explanation: usize,
    /// Deductions that needed the remaining-blue counter.
    counter_uses: usize,
    /// The difficulty grade and its figures; `null` when the engine did not run.
    difficulty: Option<JsonDifficulty>,
    /// In a pack: the number of the graded level before this one when this one is
    /// easier (a lesser order key); `null` otherwise (stuck, invalid, ungraded levels
    /// are skipped in the comparison).
    pub(super) easier_than: Option<usize>,
    cells: usize,
    diagnostics: Vec<JsonDiagnostic>,
    /// Time the level waited for the deduction engine, in milliseconds (about 0 for
    /// a level answered earlier in the run).
    millis: f64,
}

/// A diagnostic in `check --json`: 1-based line and columns, the end exclusive.
#[derive(Serialize)]
struct JsonDiagnostic {
    code: &'static str,
    name: &'static str,
    severity: &'static str,
    line: u32,
    column: u32,
    end_column: u32,
    message: String,
    /// Other places involved, e.g. the other colliding item.
    related: Vec<JsonRelated>,
}

/// A related place of a diagnostic in `check --json`.
#[derive(Serialize)]
struct JsonRelated {
    line: u32,
    column: u32,
    end_column: u32,
    message: String,
}

/// The JSON line of `check`, its `easier_than` left to the printer, which sees the
/// pack's levels in order.
pub(super) fn json_level(file: &str, check: &LevelCheck<'_>) -> JsonLevel {
    let report = check.report.as_ref();
    JsonLevel {
        file: file.to_string(),
        level: check.index + 1,
        title: check.title.to_string(),
        verdict: check.verdict.as_str(),
        rounds: report.map_or(0, |r| r.difficulty.rounds),
        stuck_after_round: report.and_then(|r| match r.verdict {
            Verdict::Stuck { after_round } => Some(after_round),
            _ => None,
        }),
        stuck_cells: report.map_or_else(Vec::new, |r| r.stuck.iter().map(|&p| name(p)).collect()),
        largest_explanation: report.map_or(0, |r| r.difficulty.largest_explanation),
        counter_uses: report.map_or(0, |r| r.difficulty.counter_uses),
        difficulty: report.map(|r| JsonDifficulty::new(&r.difficulty)),
        easier_than: None,
        cells: check.cells,
        diagnostics: check
            .diagnostics
            .iter()
            .map(|d| JsonDiagnostic {
                code: d.code.as_str(),
                name: d.code.slug(),
                severity: d.severity.as_str(),
                line: d.range.line + 1,
                column: d.range.start + 1,
                end_column: d.range.end + 1,
                message: d.message.clone(),
                related: d
                    .related
                    .iter()
                    .map(|r| JsonRelated {
                        line: r.range.line + 1,
                        column: r.range.start + 1,
                        end_column: r.range.end + 1,
                        message: r.message.clone(),
                    })
                    .collect(),
            })
            .collect(),
        millis: (check.millis * 1000.0).round() / 1000.0,
    }
}
