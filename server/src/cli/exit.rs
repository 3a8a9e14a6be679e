//! How a subcommand ends. Exit status, for every subcommand: 0 all is well, 1
//! findings (errors in a level, a stuck level, files `fmt --check` would change), 2
//! cannot run (unreadable input, bad arguments). Errors are printed as
//! `hexcells: what: why` with the cause chain; a broken pipe on stdout ends the
//! program quietly with the status so far.

use std::process::ExitCode;

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

/// Prints an error the way every subcommand does: `hexcells: ` and the cause chain.
pub fn report_error(error: &anyhow::Error) {
    eprintln!("hexcells: {error:#}");
}
