//! The deduction engine as every subcommand runs it: the budget of a `--budget-ms`,
//! which errors keep a level from the engine (and how to say so), and a panic in the
//! engine contained to its level.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use hexcells_core::solve::{Budget, Report};
use hexcells_core::{Code, Diagnostic, Level, Severity};

use super::phrases::plural;

/// The engine budget for a time limit in milliseconds.
pub fn engine_budget(millis: u64) -> Budget {
    Budget {
        time_limit: Some(Duration::from_millis(millis)),
        ..Budget::default()
    }
}

/// Whether a diagnostic means the level was not read as written (a syntax error) or
/// has nothing to solve, so that a verdict would be about some other level. Model
/// errors (a `-n-` that contradicts the colours, ...) do not stop the engine: the
/// verdict is about the level as read, and the error is reported beside it.
pub fn blocks_analysis(d: &Diagnostic) -> bool {
    d.severity == Severity::Error && (d.code.as_str().starts_with("HC01") || d.code == Code::NoCells)
}

/// The engine's entry points `run_engine` takes: `solve::verdict`, `solve::analyze`, ...
pub type EngineEntry = fn(&Level, &Budget) -> Report;

/// Runs `engine` on `level`, timed in milliseconds. A panic in the engine is a bug,
/// but it must not take the other levels down: it gives `None` (the panic message
/// has already gone to stderr).
pub fn run_engine(level: &Level, budget: &Budget, engine: EngineEntry) -> (Option<Report>, f64) {
    let started = Instant::now();
    let report = catch_unwind(AssertUnwindSafe(|| engine(level, budget))).ok();
    (report, started.elapsed().as_secs_f64() * 1000.0)
}

/// Which errors stop the analysis, counted against every error the level has, so the
/// count matches the error lines printed above it: `2 of its 3 errors to fix first (HC0101,
/// HC0107); HC0202 does not stop the analysis`, or `1 error to fix first (HC0101)`.
pub fn errors_to_fix_first(diagnostics: &[Diagnostic]) -> String {
    let errors: Vec<&Diagnostic> = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    let (blocking, other): (Vec<&Diagnostic>, Vec<&Diagnostic>) =
        errors.iter().partition(|d| blocks_analysis(d));
    let codes = |ds: &[&Diagnostic]| {
        let mut codes: Vec<&str> = ds.iter().map(|d| d.code.as_str()).collect();
        codes.dedup();
        codes.join(", ")
    };
    if other.is_empty() {
        let count = plural(blocking.len(), "error", "errors");
        format!("{count} to fix first ({})", codes(&blocking))
    } else {
        let verb = if other.len() == 1 { "does" } else { "do" };
        format!(
            "{} of its {} errors to fix first ({}); {} {verb} not stop the analysis",
            blocking.len(),
            errors.len(),
            codes(&blocking),
            codes(&other)
        )
    }
}
