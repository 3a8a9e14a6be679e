//! `hexcells solve`: the solution a perfect player finds, one line per round, each
//! cell with its name and colour; `--explain` adds the rule that proves each cell
//! and the deduction in words; `--json` prints one JSON object per level; `--record`
//! prints it as a play record for `hexcells replay`.

use hexcells_core::format::{parse, ParsedLevel};
use hexcells_core::model::name;
use hexcells_core::play_record;
use hexcells_core::solve::{ClueRef, Deduction, EngineCall, Report, ReportMemo, Verdict};
use hexcells_core::{Diagnostic, Severity};
use serde::Serialize;
use std::io::Write;

use super::args::SolveArgs;
use super::difficulty::{self, JsonDifficulty};
use super::engine::{blocks_analysis, engine_budget, errors_to_fix_first, report_memo, run_engine};
use super::exit::Status;
use super::input::{self, Source};
use super::pack;
use super::phrases::{describe_stuck, plural, write_diagnostic};

/// Runs `hexcells solve`.
pub fn run(args: &SolveArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let source = Source::from_arg(&args.file);
    let text = input::read_text(&source)?;
    let file = source.to_string();
    let parse = parse(&text);
    // With --json, stdout holds the JSON lines only: problems go to stderr.
    let mut stderr = std::io::stderr();
    let notes: &mut dyn Write = if args.json { &mut stderr } else { &mut *out };
    for d in &parse.diagnostics {
        write_diagnostic(notes, &file, d)?;
    }
    if parse.levels.is_empty() {
        return Ok(Status::Findings);
    }
    let chosen: Vec<(usize, &ParsedLevel)> = match args.level {
        Some(n) => vec![(n - 1, pack::pick(&parse.levels, n, &file)?)],
        None => parse.levels.iter().enumerate().collect(),
    };
    let is_pack = parse.levels.len() > 1;
    // A level a pack repeats is solved once.
    let memo = report_memo();
    let memo = memo.as_ref();
    let mut status = Status::Clean;
    for (index, parsed) in chosen {
        if args.json {
            status = status.max(json_level(out, &file, index, parsed, args, memo)?);
            continue;
        }
        if is_pack {
            // A comment in a play record, so that `replay` reads the record as printed.
            let comment = if args.record { "# " } else { "" };
            writeln!(
                out,
                "{comment}{}: {}",
                pack::label(&file, index),
                parsed.level.title
            )?;
        }
        status = status.max(solve_level(out, &file, parsed, args, memo)?);
    }
    Ok(status)
}

/// What to say when the engine returns no report at all.
const ENGINE_FAILED: &str =
    "the deduction engine failed; this is a bug in hexcells, please report it with the level";

/// The level's errors (warnings do not stop the solver).
fn errors_of(parsed: &ParsedLevel) -> Vec<&Diagnostic> {
    parsed
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect()
}

fn solve_level(
    out: &mut dyn Write,
    file: &str,
    parsed: &ParsedLevel,
    args: &SolveArgs,
    memo: Option<&ReportMemo>,
) -> anyhow::Result<Status> {
    let errors = errors_of(parsed);
    for d in &errors {
        write_diagnostic(out, file, d)?;
    }
    if errors.iter().any(|d| blocks_analysis(d)) {
        writeln!(out, "not solved: {}", errors_to_fix_first(&parsed.diagnostics))?;
        return Ok(Status::Findings);
    }
    let level = &parsed.level;
    let run = run_engine(level, &engine_budget(args.budget_ms), EngineCall::Analysis, memo);
    let millis = run.engine_millis;
    let Some(report) = run.report else {
        anyhow::bail!(ENGINE_FAILED);
    };
    if args.record {
        return write_solution_record(out, &report);
    }
    write_rounds(out, &report, args.explain)?;
    let difficulty = &report.difficulty;
    let status = match report.verdict {
        Verdict::Solvable => {
            let mut summary = format!("solvable in {}", plural(difficulty.rounds, "round", "rounds"));
            if difficulty.largest_explanation > 0 {
                let clues = plural(difficulty.largest_explanation, "clue", "clues");
                summary.push_str(&format!(" (hardest step uses {clues})"));
            }
            if difficulty.counter_uses > 0 {
                let uses = plural(difficulty.counter_uses, "time", "times");
                summary.push_str(&format!("; the remaining counter is needed {uses}"));
            }
            // Last, since its reasons run on after it.
            if let Some(grade) = difficulty::describe(difficulty) {
                summary.push_str(&format!("; {grade}"));
            }
            writeln!(out, "{summary}")?;
            Ok(Status::Clean)
        }
        Verdict::Stuck { after_round } => {
            writeln!(
                out,
                "stuck after round {after_round}: {}",
                describe_stuck(&report.stuck)
            )?;
            Ok(Status::Findings)
        }
        Verdict::GaveUp | Verdict::Cancelled => {
            writeln!(
                out,
                "the deduction engine gave up after {millis:.0} ms; solvability is unknown (try a larger --budget-ms)"
            )?;
            Ok(Status::Findings)
        }
    };
    // Model errors (reported above) are findings even when the level solves.
    status.map(|s| {
        if errors.is_empty() {
            s
        } else {
            s.max(Status::Findings)
        }
    })
}

fn write_rounds(out: &mut dyn Write, report: &Report, explain: bool) -> std::io::Result<()> {
    let mut deductions = report.deductions.iter().peekable();
    while let Some(first) = deductions.peek() {
        let round = first.round;
        let mut this_round: Vec<&Deduction> = Vec::new();
        while let Some(d) = deductions.next_if(|d| d.round == round) {
            this_round.push(d);
        }
        if explain {
            writeln!(out, "round {round}:")?;
            for d in &this_round {
                writeln!(
                    out,
                    "  {} {} · {}",
                    name(d.pos),
                    d.color.as_str(),
                    explain_deduction(d)
                )?;
            }
        } else {
            let cells: Vec<String> = this_round
                .iter()
                .map(|d| format!("{} {}", name(d.pos), d.color.as_str()))
                .collect();
            writeln!(out, "round {round}: {}", cells.join(", "))?;
        }
    }
    Ok(())
}

/// `finish-black · S13 = 0 has its 0 blue`: the rule's id and the deduction in words.
fn explain_deduction(deduction: &Deduction) -> String {
    let explanation = &deduction.explanation;
    match explanation.rule {
        Some(rule) => format!("{} · {}", rule.id(), explanation.text),
        None => "(no explanation recorded)".to_string(),
    }
}

/// One line of `solve --json`.
#[derive(Serialize)]
struct JsonLevel<'a> {
    /// The level's number in its file, from 1.
    level: usize,
    title: &'a str,
    /// `solvable`, `stuck`, `gave-up`, or `invalid` (not analysed: errors to fix first).
    verdict: &'static str,
    /// Rounds that uncovered at least one cell.
    rounds: usize,
    /// `null` for a level that was not analysed.
    difficulty: Option<JsonDifficulty>,
    /// Every cell a perfect player uncovers, in order.
    steps: Vec<JsonStep<'a>>,
}

/// One uncovered cell in `solve --json`.
#[derive(Serialize)]
struct JsonStep<'a> {
    round: usize,
    cell: String,
    colour: &'static str,
    /// The rule's id (docs/rules.md).
    rule: &'static str,
    /// The clues the rule reads: Hexix names, and `remaining` for the counter.
    clues: Vec<String>,
    /// The deduction in words.
    text: &'a str,
}

/// `solve --json` for one level: the problems go to stderr, the line to `out`.
fn json_level(
    out: &mut dyn Write,
    file: &str,
    index: usize,
    parsed: &ParsedLevel,
    args: &SolveArgs,
    memo: Option<&ReportMemo>,
) -> anyhow::Result<Status> {
    let errors = errors_of(parsed);
    let mut stderr = std::io::stderr();
    for d in &errors {
        write_diagnostic(&mut stderr, file, d)?;
    }
    let level = &parsed.level;
    let analysed = !errors.iter().any(|d| blocks_analysis(d));
    let report = if analysed {
        let run = run_engine(level, &engine_budget(args.budget_ms), EngineCall::Analysis, memo);
        Some(run.report.ok_or_else(|| anyhow::anyhow!(ENGINE_FAILED))?)
    } else {
        None
    };
    let verdict = match report.as_ref().map(|r| r.verdict) {
        None => "invalid",
        Some(Verdict::Solvable) => "solvable",
        Some(Verdict::Stuck { .. }) => "stuck",
        Some(Verdict::GaveUp | Verdict::Cancelled) => "gave-up",
    };
    let line = JsonLevel {
        level: index + 1,
        title: &level.title,
        verdict,
        rounds: report.as_ref().map_or(0, Report::rounds),
        difficulty: report.as_ref().map(|r| JsonDifficulty::new(&r.difficulty)),
        steps: report.as_ref().map_or_else(Vec::new, |r| {
            r.deductions
                .iter()
                .map(|d| JsonStep {
                    round: d.round,
                    cell: name(d.pos),
                    colour: d.color.as_str(),
                    rule: d.explanation.rule.map_or("", |r| r.id()),
                    clues: d
                        .explanation
                        .clues
                        .iter()
                        .map(|c| match c {
                            ClueRef::Clue(pos) => name(*pos),
                            ClueRef::RemainingCounter => "remaining".to_string(),
                        })
                        .collect(),
                    text: &d.explanation.text,
                })
                .collect()
        }),
    };
    writeln!(out, "{}", serde_json::to_string(&line)?)?;
    let clean = verdict == "solvable" && errors.is_empty();
    Ok(if clean { Status::Clean } else { Status::Findings })
}

/// Writes the engine's solution as a play record, with the verdict as a comment.
pub fn write_solution_record(out: &mut dyn Write, report: &Report) -> anyhow::Result<Status> {
    out.write_all(play_record::print(&play_record::from_report(report)).as_bytes())?;
    Ok(match report.verdict {
        Verdict::Solvable => {
            writeln!(
                out,
                "# solvable in {}",
                plural(report.difficulty.rounds, "round", "rounds")
            )?;
            Status::Clean
        }
        Verdict::Stuck { after_round } => {
            writeln!(
                out,
                "# stuck after round {after_round}: {}",
                describe_stuck(&report.stuck)
            )?;
            Status::Findings
        }
        Verdict::GaveUp | Verdict::Cancelled => {
            writeln!(out, "# the deduction engine gave up; try a larger --budget-ms")?;
            Status::Findings
        }
    })
}
