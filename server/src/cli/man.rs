//! `hexcells man [DIR]`: the manual pages, written by clap_mangen from the same clap
//! definitions as `--help`: `hexcells.1`, which lists the subcommands, and one page
//! per subcommand (`hexcells-check.1`, ...).

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::CommandFactory;
use clap_mangen::Man;

use super::args::{Cli, ManArgs};
use super::exit::Status;

/// Runs `hexcells man`: without a folder, `hexcells.1` to `out`; with one, every page
/// into it, and the paths written to `out`.
pub fn run(args: &ManArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let Some(dir) = &args.dir else {
        page(command()).render(out)?;
        return Ok(Status::Clean);
    };
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create the folder {}", dir.display()))?;
    for page in pages() {
        let path: PathBuf = dir.join(page.get_filename());
        let mut text = Vec::new();
        page.render(&mut text)?;
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
        writeln!(out, "{}", path.display())?;
    }
    Ok(Status::Clean)
}

/// The command line as the pages show it: built (so each subcommand is named
/// `hexcells-<name>`), without clap's `help` subcommand, which needs no page.
fn command() -> clap::Command {
    let mut command = Cli::command().disable_help_subcommand(true);
    command.build();
    command
}

/// The main page, then one page per subcommand in the order `--help` lists them.
fn pages() -> Vec<Man> {
    let command = command();
    let subcommands: Vec<Man> = command
        .get_subcommands()
        .filter(|sub| !sub.is_hide_set())
        .map(|sub| page(sub.clone()))
        .collect();
    std::iter::once(page(command)).chain(subcommands).collect()
}

/// The page of `command`, its footer naming the program and version (`hexcells 0.1.0`).
fn page(command: clap::Command) -> Man {
    Man::new(command).source(format!("hexcells {}", env!("CARGO_PKG_VERSION")))
}
