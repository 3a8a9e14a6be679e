//! `cli::run`: the one arm per subcommand that sends a parsed command line to its
//! module (`check::run`, `fmt::run`, ...), writing to stdout through one buffer.
//!
//! The top of `cli/`: it imports every subcommand, and nothing in `cli/` imports it.

use std::io::{self, Write};

use super::args::Command;
use super::exit::Status;
use super::{check, completions, convert, fmt, generate, man, replay, setup, solve};

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
