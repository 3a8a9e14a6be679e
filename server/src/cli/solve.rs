//! `hexcells solve`: the solution a perfect player finds, one line per round, each
//! cell with its name and colour; `--explain` adds the clues that force each cell.

use hexcells_core::format::{parse, ParsedLevel};
use hexcells_core::model::{name, ClueKind};
use hexcells_core::solve::{ClueRef, Deduction, Reasoning, Report, Verdict};
use hexcells_core::{Clue, Color, Level, Severity};
use std::io::Write;

use super::args::SolveArgs;
use super::check::{blocks_analysis, engine_budget, errors_to_fix_first, run_engine, write_diagnostic};
use super::input::{self, Source};
use super::phrases::{describe_stuck, plural};
use super::{pack, Status};

/// Runs `hexcells solve`.
pub fn run(args: &SolveArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let source = Source::from_arg(&args.file);
    let text = input::read_text(&source)?;
    let file = source.to_string();
    let parse = parse(&text);
    for d in &parse.diagnostics {
        write_diagnostic(out, &file, d)?;
    }
    if parse.levels.is_empty() {
        return Ok(Status::Findings);
    }
    let chosen: Vec<(usize, &ParsedLevel)> = match args.level {
        Some(n) => vec![(n - 1, pack::pick(&parse.levels, n, &file)?)],
        None => parse.levels.iter().enumerate().collect(),
    };
    let is_pack = parse.levels.len() > 1;
    let mut status = Status::Clean;
    for (index, parsed) in chosen {
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
        status = status.max(solve_level(out, &file, parsed, args)?);
    }
    Ok(status)
}

fn solve_level(
    out: &mut dyn Write,
    file: &str,
    parsed: &ParsedLevel,
    args: &SolveArgs,
) -> anyhow::Result<Status> {
    let errors: Vec<_> = parsed
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    for d in &errors {
        write_diagnostic(out, file, d)?;
    }
    if errors.iter().any(|d| blocks_analysis(d)) {
        writeln!(out, "not solved: {}", errors_to_fix_first(&parsed.diagnostics))?;
        return Ok(Status::Findings);
    }
    let level = &parsed.level;
    let (report, millis) = run_engine(level, &engine_budget(args.budget_ms), true);
    let Some(report) = report else {
        anyhow::bail!(
            "the deduction engine failed; this is a bug in hexcells, please report it with the level"
        );
    };
    if args.record {
        return super::replay::write_solution_record(out, &report);
    }
    write_rounds(out, level, &report, args.explain)?;
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

fn write_rounds(out: &mut dyn Write, level: &Level, report: &Report, explain: bool) -> std::io::Result<()> {
    let mut remaining = level.n_blue_remaining_at_start();
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
                    "  {} {}: {}",
                    name(d.pos),
                    d.color.as_str(),
                    explain_deduction(level, d, remaining)
                )?;
            }
        } else {
            let cells: Vec<String> = this_round
                .iter()
                .map(|d| format!("{} {}", name(d.pos), d.color.as_str()))
                .collect();
            writeln!(out, "round {round}: {}", cells.join(", "))?;
        }
        remaining -= this_round
            .iter()
            .filter(|d| d.color == Color::Blue)
            .count()
            .min(remaining);
    }
    Ok(())
}

/// `E6 = 2, column C1 = {3} (several clues together)`.
fn explain_deduction(level: &Level, deduction: &Deduction, remaining: usize) -> String {
    let explanation = &deduction.explanation;
    if explanation.clues.is_empty() {
        return "(no explanation recorded)".to_string();
    }
    let clues: Vec<String> = explanation
        .clues
        .iter()
        .map(|clue| describe_clue(level, *clue, remaining))
        .collect();
    let kind = match explanation.reasoning {
        Reasoning::SingleClue => "one clue",
        Reasoning::SeveralClues => "several clues together",
        Reasoning::RemainingCounter => "with the remaining counter",
    };
    format!("{} ({kind})", clues.join(", "))
}

/// How a clue reads on screen: `E6 = 2`, `flower D4 = 5`, `column B1 = {3}`,
/// `remaining = 4`.
fn describe_clue(level: &Level, clue: ClueRef, remaining: usize) -> String {
    match clue {
        ClueRef::RemainingCounter => format!("remaining = {remaining}"),
        ClueRef::Clue(pos) => match Clue::at(level, pos) {
            Some(clue) => {
                let shown = clue.hint.display(clue.count(level));
                match clue.kind {
                    ClueKind::Neighbours => format!("{} = {shown}", name(pos)),
                    ClueKind::Flower => format!("flower {} = {shown}", name(pos)),
                    ClueKind::Column => format!("column {} = {shown}", name(pos)),
                }
            }
            None => name(pos),
        },
    }
}
