//! `hexcells`: checks Hexcells levels from the command line and serves them to editors.
//!
//! `hexcells lsp` runs the language server (`lsp/`); every other subcommand lives in
//! `cli/`. This file imports both; `cli/` and `lsp/` never import each other.

mod cli;
mod lsp;

use std::process::ExitCode;

use clap::Parser;

use cli::args::{Cli, Command};
use cli::exit::{self, Status};

fn main() -> ExitCode {
    // Usage errors exit with status 2, `--help` and `--version` with 0 (clap's own).
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Lsp(_) => lsp::run().map(|()| Status::Clean),
        command => cli::run(command),
    };
    match result {
        Ok(status) => status.into(),
        Err(e) if cli::output::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            exit::report_error(&e);
            ExitCode::from(2)
        }
    }
}
