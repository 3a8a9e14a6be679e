//! `hexcells completions SHELL`: prints the completion script of a shell for the
//! whole command line (subcommands, options, the values of `--to`, `--difficulty`,
//! ...), written by clap_complete from the same clap definitions as `--help`.

use std::io::Write;

use clap::CommandFactory;

use super::args::{Cli, CompletionsArgs};
use super::exit::Status;

/// Runs `hexcells completions`: the script goes to `out`. It is written whole here
/// first: clap_complete panics when its writer fails, and a reader that has seen
/// enough (`| head -n 1`) closes the pipe, which is no failure (`main.rs` ends
/// quietly on a broken pipe).
pub fn run(args: &CompletionsArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let mut command = Cli::command();
    let name = command.get_name().to_string();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, name, &mut script);
    out.write_all(&script)?;
    Ok(Status::Clean)
}
