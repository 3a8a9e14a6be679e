//! The deduction engine as every subcommand runs it: the budget of a `--budget-ms`,
//! which errors keep a level from the engine (and how to say so), a level already
//! answered in this run answered once, and a panic in the engine contained to its
//! level.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::time::{Duration, Instant};

use hexcells_core::generate::Limits;
use hexcells_core::solve::{Budget, EngineCall, Report, ReportMemo};
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
    d.is_syntax_error() || (d.severity == Severity::Error && d.code == Code::NoCells)
}

/// The environment variable that sends every level to the engine, even one already
/// answered in this run (`HEXCELLS_ENGINE=scratch`): the old way, for debugging.
pub const ENGINE_VAR: &str = "HEXCELLS_ENGINE";

/// The reports of one run of a subcommand, kept by the level's content (a pack that
/// repeats a level asks the engine once); `None` with `HEXCELLS_ENGINE=scratch`.
pub fn report_memo() -> Option<ReportMemo> {
    (!from_scratch()).then(ReportMemo::default)
}

/// Whether `HEXCELLS_ENGINE=scratch` asks for the old way.
fn from_scratch() -> bool {
    std::env::var_os(ENGINE_VAR).is_some_and(|v| v == "scratch")
}

/// The generator's limits for a subcommand: none, but the old way with
/// `HEXCELLS_ENGINE=scratch` (the same levels, slower).
pub fn generator_limits() -> Limits {
    Limits {
        from_scratch: from_scratch(),
        ..Limits::default()
    }
}

/// The engine's answer on one level, and its times in milliseconds.
pub struct EngineRun {
    /// `None` when the engine panicked.
    pub report: Option<Report>,
    /// How long the level waited for its report: the engine's time, or about 0 for a
    /// level answered earlier in the run.
    pub millis: f64,
    /// How long the engine took to make the report, in this call or the earlier one.
    pub engine_millis: f64,
}

/// Runs `call` on `level`, through `memo` when there is one, timed. A panic in the
/// engine is a bug, but it must not take the other levels down: it gives no report
/// (the panic message has already gone to stderr).
pub fn run_engine(level: &Level, budget: &Budget, call: EngineCall, memo: Option<&ReportMemo>) -> EngineRun {
    let started = Instant::now();
    let run = catch_unwind(AssertUnwindSafe(|| match memo {
        Some(memo) => {
            let remembered = memo.report(level, call, budget);
            let engine_millis = remembered.engine_time.as_secs_f64() * 1000.0;
            (Arc::unwrap_or_clone(remembered.report), Some(engine_millis))
        }
        None => (call.run(level, budget), None),
    }));
    let millis = started.elapsed().as_secs_f64() * 1000.0;
    match run {
        Ok((report, engine_millis)) => EngineRun {
            report: Some(report),
            millis,
            engine_millis: engine_millis.unwrap_or(millis),
        },
        Err(_) => EngineRun {
            report: None,
            millis,
            engine_millis: millis,
        },
    }
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
