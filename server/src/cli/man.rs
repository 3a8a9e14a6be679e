//! `hexcells man [DIR]`: the manual pages, written by clap_mangen from the same clap
//! definitions as `--help`: `hexcells.1`, which lists the subcommands, and one page
//! per subcommand (`hexcells-check.1`, ...). Each page's synopsis names the values
//! and repetitions as `--help` does (`[--budget-ms <N>]`, `<FILE>...`).

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::CommandFactory;
use clap_mangen::Man;

use super::args::{Cli, ManArgs};
use super::exit::Status;
use super::output::write_atomic;

/// Runs `hexcells man`: without a folder, `hexcells.1` to `out`; with one, every page
/// into it (each replaced atomically, so `man` never reads half a page), and the paths
/// written to `out`.
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
        write_atomic(&path, &text)?;
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
    let usage = synopsis(&command);
    Man::new(command.override_usage(usage)).source(format!("hexcells {}", env!("CARGO_PKG_VERSION")))
}

/// The synopsis of a built command, every option and argument written as `--help`
/// writes it: `hexcells check [--json] [--budget-ms <N>] [-j|--jobs <N>] <FILE>...`
/// (clap_mangen's own leaves the values and repetitions out).
pub fn synopsis(command: &clap::Command) -> String {
    let name = command.get_bin_name().unwrap_or_else(|| command.get_name());
    let mut words = vec![name.to_string()];
    for arg in command
        .get_arguments()
        .filter(|a| !a.is_hide_set() && !a.is_positional())
    {
        let flag = match (arg.get_short(), arg.get_long()) {
            (Some(short), Some(long)) => format!("-{short}|--{long}"),
            (Some(short), None) => format!("-{short}"),
            (None, Some(long)) => format!("--{long}"),
            (None, None) => continue,
        };
        let (open, close) = if arg.is_required_set() {
            ("", "")
        } else {
            ("[", "]")
        };
        words.push(format!("{open}{flag}{}{close}{}", values(arg), repeated(arg)));
    }
    for arg in command.get_positionals().filter(|a| !a.is_hide_set()) {
        let value = value_names(arg).join(" ");
        let (open, close) = if arg.is_required_set() {
            ("<", ">")
        } else {
            ("[", "]")
        };
        words.push(format!("{open}{value}{close}{}", repeated(arg)));
    }
    if command.has_subcommands() {
        let name = command.get_subcommand_value_name().unwrap_or("COMMAND");
        words.push(if command.is_subcommand_required_set() {
            format!("<{name}>")
        } else {
            format!("[{name}]")
        });
    }
    words.join(" ")
}

/// The value part of an option: ` <N>`, ` [<N>]` when the value may be left out, or
/// nothing for a flag.
fn values(arg: &clap::Arg) -> String {
    let Some(range) = arg.get_num_args().filter(|r| r.takes_values()) else {
        return String::new();
    };
    let names: Vec<String> = value_names(arg).iter().map(|v| format!("<{v}>")).collect();
    let names = names.join(" ");
    if range.min_values() == 0 {
        format!(" [{names}]")
    } else {
        format!(" {names}")
    }
}

/// The names of an argument's values (its id in capitals when none is set).
fn value_names(arg: &clap::Arg) -> Vec<String> {
    match arg.get_value_names() {
        Some(names) => names.iter().map(|n| n.to_string()).collect(),
        None => vec![arg.get_id().as_str().to_uppercase()],
    }
}

/// `...` after an argument that may be given more than once or take several values.
fn repeated(arg: &clap::Arg) -> &'static str {
    let many_values = arg.get_num_args().is_some_and(|r| r.max_values() > 1);
    let many_times = matches!(arg.get_action(), clap::ArgAction::Append | clap::ArgAction::Count);
    if many_values || many_times {
        "..."
    } else {
        ""
    }
}
