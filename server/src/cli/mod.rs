//! The command-line subcommands (`check`, `fmt`, `convert`, `solve`, `generate`,
//! `replay`): thin shells that read files, call `hexcells_core` and print what it
//! says; `completions` and `man`, which describe the command line itself for
//! shells and `man`; and `setup`, which sets an editor up (Helix). One file per
//! subcommand, named after it; its clap arguments are in `args.rs` and its arm in
//! [`run`]. How every subcommand ends (exit status, error
//! line) is `exit.rs`.
//!
//! May import: core and every module of `cli/`. A subcommand imports only the shared
//! modules (`args`, `input`, `output`, `exit`, `engine`, `phrases`, `pack`,
//! `parallel`, `progress`, `difficulty`), never another subcommand, and nothing in
//! `cli/` imports this file.

pub mod args;
mod check;
mod completions;
mod convert;
mod difficulty;
mod engine;
pub mod exit;
mod fmt;
mod generate;
mod input;
mod man;
pub mod output;
mod pack;
mod parallel;
mod phrases;
mod progress;
mod replay;
mod setup;
mod solve;

use std::io::{self, Write};

use args::Command;
use exit::Status;

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
        Command::Completions(args) => completions::run(args, &mut out)?,
        Command::Man(args) => man::run(args, &mut out)?,
        Command::Setup(args) => setup::run(args, &mut out)?,
    };
    out.flush()?;
    Ok(status)
}
