//! `hexcells check`: each level's problems and the engine's verdict, as
//! `file:line:col: severity[code]: message` lines or as JSON Lines.

use std::io::Write;
use std::num::NonZeroUsize;

use std::io::IsTerminal;
use std::ops::Range;
use std::sync::Arc;

use hexcells_core::analysis::{Curve, Standing};
use hexcells_core::format::{
    count_levels as count_levels_in, file_diagnostics, level_pieces, LevelPiece, ParsedLevel,
};
use hexcells_core::solve::{Budget, EngineCall, ReportMemo, Verdict};
use hexcells_core::{Code, Diagnostic, Severity};

use super::args::CheckArgs;
use super::check_output::{json_level, write_text, JsonLevel, LevelCheck, LevelVerdict};
use super::engine::{blocks_analysis, engine_budget, report_memo, run_engine};
use super::exit::{report_error, Status};
use super::input::{self, Source};
use super::pack;
use super::parallel;
use super::phrases::describe_stuck;
use super::progress::ProgressMeter;

/// Checked options of `hexcells check`.
struct Options {
    json: bool,
    /// Verdicts without explanations.
    fast: bool,
    /// `None`: do not run the engine.
    budget: Option<Budget>,
    /// The reports of this run by the level's content: a level repeated in a pack,
    /// or in several files, is solved once.
    memo: Option<ReportMemo>,
}

impl Options {
    fn from_args(args: &CheckArgs) -> Options {
        let budget = (!args.no_solve).then(|| engine_budget(args.budget_ms));
        Options {
            json: args.json,
            fast: args.fast,
            budget,
            memo: report_memo(),
        }
    }
}

/// Levels taken ahead of the oldest one not yet printed: enough for every thread to
/// find the slowest-looking ones first, few enough that a pack of thousands of levels
/// is checked with flat memory.
const WINDOW: usize = 256;

/// Runs `hexcells check`: files are read as their levels are needed, and their levels
/// checked on `--jobs` threads; each level's lines are printed as soon as it and every
/// level before it are done, in input order, the same for any number of threads.
pub fn run(args: &CheckArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let options = Options::from_args(args);
    let jobs = args.jobs.map_or_else(parallel::default_jobs, NonZeroUsize::get);
    let sources = input::expand(&args.files);
    // With --json the bar shows only when the lines go to a file or a pipe.
    let progress = ProgressMeter::new(!options.json || !std::io::stdout().is_terminal());
    if progress.may_draw() {
        progress.add_steps(count_levels(&sources));
    }
    let mut status = Status::Clean;
    // The curve of the pack being printed: its levels so far.
    let mut curve = Curve::default();
    let result = parallel::stream_ordered(
        units(sources, &progress),
        jobs,
        WINDOW,
        Unit::cost,
        |unit| {
            let done = unit.run(&options);
            progress.inc();
            done
        },
        |done| {
            let written = match done {
                Done::Unreadable(e) => {
                    out.flush()?;
                    progress.around_stderr(|| report_error(&e));
                    status = Status::CannotRun;
                    return Ok(());
                }
                Done::Checked(Ok(checked)) => {
                    status = status.max(checked.status);
                    let text = checked.print(&mut curve, &options);
                    progress.around_stdout(|| {
                        text.and_then(|text| out.write_all(&text))
                            .and_then(|()| progress_flush(&progress, out))
                    })
                }
                Done::Checked(Err(e)) => Err(std::io::Error::other(format!("{e:#}"))),
            };
            match written.map_err(anyhow::Error::from) {
                Ok(()) => Ok(()),
                Err(e) if super::output::is_broken_pipe(&e) => Err(e),
                Err(e) => {
                    progress.around_stderr(|| report_error(&e));
                    status = Status::CannotRun;
                    Ok(())
                }
            }
        },
    );
    progress.finish();
    result?;
    Ok(status)
}

/// Flushes `out` while a bar is drawn on the same terminal, so that lines and bar
/// do not mix.
fn progress_flush(progress: &ProgressMeter, out: &mut dyn Write) -> std::io::Result<()> {
    if progress.shares_stdout() {
        out.flush()
    } else {
        Ok(())
    }
}

/// How many levels the files hold, for the progress bar (stdin's are added when it is
/// read; a file that cannot be read counts as one step).
fn count_levels(sources: &[anyhow::Result<Source>]) -> u64 {
    sources
        .iter()
        .map(|source| match source {
            Ok(Source::Stdin) => 0,
            Ok(source) => input::read_text(source).map_or(1, |text| count_levels_in(&text).max(1) as u64),
            Err(_) => 1,
        })
        .sum()
}

/// A file read, and where its levels are.
struct File {
    /// As printed: the path, or `<stdin>`.
    name: String,
    text: String,
    /// Each level's piece: its first line, its bytes in `text`, whether it starts the file.
    pieces: Vec<(u32, Range<usize>, bool)>,
    /// Problems of the file as a whole (an empty file).
    diagnostics: Vec<Diagnostic>,
}

impl File {
    fn read(source: &Source) -> anyhow::Result<File> {
        let text = input::read_text(source)?;
        let found = level_pieces(&text);
        let diagnostics = file_diagnostics(&found);
        let pieces = found
            .iter()
            .map(|p| {
                let start = p.text.as_ptr() as usize - text.as_ptr() as usize;
                (p.first_line, start..start + p.text.len(), p.at_start)
            })
            .collect();
        Ok(File {
            name: source.to_string(),
            text,
            pieces,
            diagnostics,
        })
    }

    /// Level `index`'s piece.
    fn piece(&self, index: usize) -> Option<LevelPiece<'_>> {
        let (first_line, bytes, at_start) = self.pieces.get(index)?.clone();
        Some(LevelPiece {
            first_line,
            text: &self.text[bytes],
            at_start,
        })
    }
}

/// One piece of `check`'s work, printed in this order.
enum Unit {
    /// A file that could not be read.
    Unreadable(anyhow::Error),
    /// Level `index` of a file; index 0 of a file without levels stands for the
    /// file's own problems.
    Level { file: Arc<File>, index: usize },
}

/// What a [`Unit`] gives: the error to report, or the level checked.
enum Done {
    Unreadable(anyhow::Error),
    Checked(anyhow::Result<Checked>),
}

/// A level checked, ready to print once every level before it is printed.
struct Checked {
    /// The level's index in its file, and how many levels the file holds.
    index: usize,
    n_levels: usize,
    /// The file's name as printed.
    file: String,
    title: String,
    /// Where the level stands on its pack's curve.
    standing: Standing,
    /// What to print: the text lines, or the JSON line to finish (its `easier_than`).
    output: Output,
    status: Status,
}

/// A level's output as `check_one` renders it.
enum Output {
    Text(Vec<u8>),
    Json(Box<JsonLevel>),
}

impl Checked {
    /// The bytes to print for this level, its place on the pack's `curve` added (the
    /// JSON's `easier_than`), and after a pack's last level its curve (text, when the
    /// engine graded the levels).
    fn print(self, curve: &mut Curve, options: &Options) -> std::io::Result<Vec<u8>> {
        if self.index == 0 {
            *curve = Curve::default();
        }
        let point = curve.push(&self.title, self.standing);
        let easier_than = point.easier_than.map(|e| e.than);
        let mut text = match self.output {
            Output::Text(text) => text,
            Output::Json(mut line) => {
                line.easier_than = easier_than;
                let mut text = serde_json::to_vec(&line)?;
                text.push(b'\n');
                text
            }
        };
        let graded = options.budget.is_some() && !options.fast;
        let last = self.index + 1 == self.n_levels;
        if !options.json && graded && last && self.n_levels > 1 {
            pack::write_curve(&mut text, &self.file, curve.points())?;
        }
        Ok(text)
    }
}

/// Every unit of `sources`, in output order; each file is read when its first level
/// is needed (stdin's levels are added to `progress` then).
fn units<'a>(
    sources: Vec<anyhow::Result<Source>>,
    progress: &'a ProgressMeter,
) -> impl Iterator<Item = Unit> + 'a {
    sources.into_iter().flat_map(move |source| {
        let file = source.map_err(|e| anyhow::anyhow!("{e:#}")).and_then(|source| {
            let file = File::read(&source)?;
            if source == Source::Stdin {
                progress.add_steps(file.pieces.len().max(1) as u64);
            }
            Ok(file)
        });
        let units: Vec<Unit> = match file {
            Err(e) => vec![Unit::Unreadable(e)],
            Ok(file) => {
                let n = file.pieces.len();
                if n == 0 && file.diagnostics.is_empty() {
                    Vec::new()
                } else {
                    let file = Arc::new(file);
                    (0..n.max(1))
                        .map(|index| Unit::Level {
                            file: Arc::clone(&file),
                            index,
                        })
                        .collect()
                }
            }
        };
        units
    })
}

impl Unit {
    /// A rough guess of the engine's time: the cells to uncover (from the text, without
    /// reading the level), squared.
    fn cost(&self) -> u64 {
        let Unit::Level { file, index } = self else {
            return 0;
        };
        let hidden = file.piece(*index).map_or(0, |piece| {
            piece
                .text
                .lines()
                .skip(5)
                .flat_map(|line| line.as_bytes().chunks(2))
                .filter(|group| matches!(group.first(), Some(b'o' | b'x')))
                .count() as u64
        });
        hidden * hidden
    }

    fn run(self, options: &Options) -> Done {
        match self {
            Unit::Unreadable(e) => Done::Unreadable(e),
            Unit::Level { file, index } => Done::Checked(check_one(&file, index, options)),
        }
    }
}

/// Checks level `index` of `file` (read now) and renders what `check` prints about it.
fn check_one(file: &File, index: usize, options: &Options) -> anyhow::Result<Checked> {
    let is_pack = file.pieces.len() > 1;
    let parsed = file.piece(index).map(|piece| piece.parse());
    let mut check = match &parsed {
        Some(level) => check_level(index, level, is_pack, options),
        None => LevelCheck {
            index: 0,
            title: "",
            cells: 0,
            diagnostics: Vec::new(),
            verdict: LevelVerdict::Invalid,
            report: None,
            millis: 0.0,
        },
    };
    // Problems of the file as a whole (an empty file) belong to its first level, or
    // to a stand-in when it has none.
    if index == 0 && !file.diagnostics.is_empty() {
        check.diagnostics.splice(0..0, file.diagnostics.iter().cloned());
        if file.diagnostics.iter().any(|d| d.severity == Severity::Error) {
            check.verdict = LevelVerdict::Invalid;
        }
    }
    let output = if options.json {
        Output::Json(Box::new(json_level(&file.name, &check)))
    } else {
        let mut text = Vec::new();
        write_text(&mut text, &file.name, is_pack, &check)?;
        Output::Text(text)
    };
    let finding = check.diagnostics.iter().any(|d| d.severity == Severity::Error)
        || matches!(
            check.verdict,
            LevelVerdict::Invalid | LevelVerdict::Stuck | LevelVerdict::GaveUp
        );
    let standing = match (check.verdict, &check.report) {
        (LevelVerdict::Invalid, _) => Standing::Invalid,
        (_, Some(report)) => Standing::of_report(report),
        (_, None) => Standing::Pending,
    };
    Ok(Checked {
        index,
        n_levels: file.pieces.len().max(1),
        file: file.name.clone(),
        title: check.title.to_string(),
        standing,
        output,
        status: if finding { Status::Findings } else { Status::Clean },
    })
}

fn check_level<'a>(
    index: usize,
    parsed: &'a ParsedLevel,
    is_pack: bool,
    options: &Options,
) -> LevelCheck<'a> {
    let level = &parsed.level;
    let mut diagnostics = parsed.diagnostics.clone();
    diagnostics.sort_by_key(|d| (d.range, d.code));
    let mut check = LevelCheck {
        index,
        title: &level.title,
        cells: level.n_cells(),
        diagnostics,
        verdict: LevelVerdict::Skipped,
        report: None,
        millis: 0.0,
    };
    if check.diagnostics.iter().any(blocks_analysis) {
        check.verdict = LevelVerdict::Invalid;
        return check;
    }
    let Some(budget) = &options.budget else {
        return check;
    };
    // check prints no explanation: their words are not worked out.
    let call = if options.fast {
        EngineCall::Verdict
    } else {
        EngineCall::AnalysisWithoutWords
    };
    let run = run_engine(level, budget, call, options.memo.as_ref());
    check.millis = run.millis;
    let report = run.report;
    let where_ = parsed.source.level_range();
    let in_level = if is_pack {
        format!(" (level {})", index + 1)
    } else {
        String::new()
    };
    let Some(report) = report else {
        check.verdict = LevelVerdict::GaveUp;
        check.diagnostics.push(Diagnostic::new(
            Code::GaveUp,
            where_,
            format!("the deduction engine failed{in_level}; this is a bug in hexcells, please report it with the level"),
        ));
        return check;
    };
    match report.verdict {
        Verdict::Solvable => check.verdict = LevelVerdict::Solvable,
        Verdict::Stuck { after_round } => {
            check.verdict = LevelVerdict::Stuck;
            let range = report
                .stuck
                .first()
                .and_then(|&pos| parsed.source.range_of(pos))
                .unwrap_or(where_);
            check.diagnostics.push(Diagnostic::new(
                Code::Stuck,
                range,
                format!(
                    "stuck after round {after_round}{in_level}: {}",
                    describe_stuck(&report.stuck)
                ),
            ));
        }
        Verdict::GaveUp | Verdict::Cancelled => {
            check.verdict = LevelVerdict::GaveUp;
            check.diagnostics.push(Diagnostic::new(
                Code::GaveUp,
                where_,
                format!(
                    "the deduction engine gave up after {:.0} ms{in_level}; solvability is unknown (try a larger --budget-ms)",
                    run.engine_millis
                ),
            ));
        }
    }
    check.report = Some(report);
    check
}
