//! `hexcells convert`: between "Hexcells level v1" text (`.hexcells`) and SixCells
//! JSON (`.sixcells`), each format chosen by extension or by `--from` / `--to`.

use std::io::Write;
use std::path::Path;

use anyhow::{anyhow, bail, Context};
use hexcells_core::format::{parse, print, sixcells};
use hexcells_core::{Diagnostic, Level};

use super::args::{ConvertArgs, Format};
use super::exit::Status;
use super::input::{self, Source};
use super::output::write_atomic;
use super::pack;
use super::phrases::{plural, write_diagnostic};

/// Runs `hexcells convert`.
pub fn run(args: &ConvertArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let source = Source::from_arg(&args.input);
    let from = match (args.from, source.path()) {
        (Some(format), _) => format,
        (None, Some(path)) => format_of(path)?,
        (None, None) => bail!("say which format stdin holds with --from hexcells or --from sixcells"),
    };
    let destination = args.output.as_deref().filter(|p| p.as_os_str() != "-");
    let to = match (args.to, destination) {
        (Some(format), _) => format,
        (None, Some(path)) => format_of(path)?,
        // Printing to stdout: the other format.
        (None, None) => match from {
            Format::Hexcells => Format::Sixcells,
            Format::Sixcells => Format::Hexcells,
        },
    };
    let text = input::read_text(&source)?;
    let level = match from {
        Format::Hexcells => match read_hexcells(&source, &text, args.level, out)? {
            Some(level) => level,
            None => return Ok(Status::Findings),
        },
        Format::Sixcells => {
            // A SixCells file holds one level: --level 1 picks it, another number is an
            // error rather than silently ignored.
            let level = read_sixcells(&source, &text)?;
            if let Some(number) = args.level {
                pack::pick(std::slice::from_ref(&level), number, &source.to_string())?;
            }
            level
        }
    };
    let converted = match to {
        Format::Hexcells => print(&level),
        Format::Sixcells => sixcells::export(&level),
    };
    match destination {
        Some(path) => write_atomic(path, converted.as_bytes())?,
        None => out.write_all(converted.as_bytes())?,
    }
    Ok(Status::Clean)
}

/// The format a file's extension names.
fn format_of(path: &Path) -> anyhow::Result<Format> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("hexcells") => Ok(Format::Hexcells),
        Some("sixcells") => Ok(Format::Sixcells),
        _ => Err(anyhow!(
            "cannot tell the format of {} from its extension (.hexcells or .sixcells); say it with --from or --to",
            path.display()
        )),
    }
}

/// The chosen level (`--level`, from 1) of a text, or `None` (after printing them) when it has syntax
/// errors that a conversion would silently drop.
fn read_hexcells(
    source: &Source,
    text: &str,
    number: Option<usize>,
    out: &mut dyn Write,
) -> anyhow::Result<Option<Level>> {
    let parse = parse(text);
    let file = source.to_string();
    let syntax_errors: Vec<_> = parse
        .all_diagnostics()
        .into_iter()
        .filter(Diagnostic::is_syntax_error)
        .collect();
    if !syntax_errors.is_empty() {
        for d in &syntax_errors {
            write_diagnostic(out, &file, d)?;
        }
        out.flush()?;
        super::exit::report_error(&anyhow!(
            "cannot convert {file}: it has {} that would be lost; fix them first",
            plural(syntax_errors.len(), "syntax error", "syntax errors")
        ));
        return Ok(None);
    }
    let count = parse.levels.len();
    let number = match number {
        Some(number) => number,
        None if count == 1 => 1,
        None => bail!("{file} is a pack of {count} levels; choose one with --level N (from 1)"),
    };
    Ok(Some(pack::pick(&parse.levels, number, &file)?.level.clone()))
}

fn read_sixcells(source: &Source, text: &str) -> anyhow::Result<Level> {
    sixcells::import(text).with_context(|| format!("cannot convert {source}"))
}
