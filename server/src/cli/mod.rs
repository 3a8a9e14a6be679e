//! The command-line subcommands (`check`, `fmt`, `convert`, `solve`): thin shells
//! that read files, call `hexcells_core` and print what it says.
//!
//! Exit status, for every subcommand: 0 all is well, 1 findings (errors in a level, a
//! stuck level, files `fmt --check` would change), 2 cannot run (unreadable input,
//! bad arguments). Errors are printed as `hexcells: what: why` with the cause chain;
//! a broken pipe on stdout ends the program quietly with the status so far.

pub mod args;
mod check;
mod convert;
mod difficulty;
mod fmt;
mod generate;
mod input;
pub mod output;
mod pack;
mod parallel;
mod phrases;
mod progress;
mod replay;
mod solve;

use std::io::{self, Write};
use std::process::ExitCode;

use args::Command;

/// How a run ended, worst last (so statuses combine with `max`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Exit 0: nothing to report.
    Clean,
    /// Exit 1: findings.
    Findings,
    /// Exit 2: some input could not be read or written.
    CannotRun,
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> ExitCode {
        match status {
            Status::Clean => ExitCode::SUCCESS,
            Status::Findings => ExitCode::from(1),
            Status::CannotRun => ExitCode::from(2),
        }
    }
}

/// Runs one command-line subcommand (everything but `lsp`), writing its results to
/// stdout through a buffer.
pub fn run(command: &Command) -> anyhow::Result<Status> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let status = match command {
        Command::Lsp(_) => anyhow::bail!("`hexcells lsp` is not a command-line subcommand"),
        Command::Check(args) => check::run(args, &mut out)?,
        Command::Fmt(args) => fmt::run(args, &mut out)?,
        Command::Convert(args) => convert::run(args, &mut out)?,
        Command::Solve(args) => solve::run(args, &mut out)?,
        Command::Generate(args) => generate::run(args, &mut out)?,
        Command::Replay(args) => replay::run(args, &mut out)?,
    };
    out.flush()?;
    Ok(status)
}

/// Prints an error the way every subcommand does: `hexcells: ` and the cause chain.
pub fn report_error(error: &anyhow::Error) {
    eprintln!("hexcells: {error:#}");
}
