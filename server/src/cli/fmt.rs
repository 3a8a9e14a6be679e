//! `hexcells fmt`: rewrites level files in canonical form, or with `--check` lists
//! those that would change.

use std::io::Write;

use hexcells_core::format::{format, FormatError};

use super::args::FmtArgs;
use super::exit::{report_error, Status};
use super::input::{self, Source};
use super::output::{is_broken_pipe, write_atomic};

/// Runs `hexcells fmt`.
pub fn run(args: &FmtArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let mut status = Status::Clean;
    for source in input::expand(&args.files) {
        let result = source.and_then(|source| format_one(&source, args.check, out));
        match result {
            Ok(file_status) => status = status.max(file_status),
            Err(e) if is_broken_pipe(&e) => return Err(e),
            Err(e) => {
                out.flush()?;
                report_error(&e);
                status = Status::CannotRun;
            }
        }
    }
    Ok(status)
}

fn format_one(source: &Source, check: bool, out: &mut dyn Write) -> anyhow::Result<Status> {
    let text = input::read_text(source)?;
    let canonical = match format(&text) {
        Ok(canonical) => canonical,
        Err(error) => {
            out.flush()?;
            report_syntax_errors(source, &error);
            return Ok(Status::Findings);
        }
    };
    match source {
        Source::Stdin if !check => {
            out.write_all(canonical.as_bytes())?;
            Ok(Status::Clean)
        }
        _ if canonical == text => Ok(Status::Clean),
        _ if check => {
            writeln!(
                out,
                "{source}: would reformat (first difference on line {})",
                first_difference(&text, &canonical)
            )?;
            Ok(Status::Findings)
        }
        Source::File(path) => {
            write_atomic(path, canonical.as_bytes())?;
            Ok(Status::Clean)
        }
        Source::Stdin => Ok(Status::Clean),
    }
}

/// Prints why a file was left alone: its syntax errors, then one `hexcells:` line.
fn report_syntax_errors(source: &Source, error: &FormatError) {
    let mut stderr = std::io::stderr().lock();
    for d in &error.errors {
        // Nothing sensible is left to do if stderr itself fails.
        let _ = super::phrases::write_diagnostic(&mut stderr, &source.to_string(), d);
    }
    drop(stderr);
    let count = match error.errors.len() {
        1 => "a syntax error".to_string(),
        n => format!("{n} syntax errors"),
    };
    report_error(&anyhow::anyhow!(
        "cannot format {source}: it has {count}, and formatting would lose what could not be read; fix it first"
    ));
}

/// The 1-based number of the first line where two texts differ, line endings
/// included.
fn first_difference(a: &str, b: &str) -> usize {
    let mut a_lines = a.split_inclusive('\n');
    let mut b_lines = b.split_inclusive('\n');
    let mut line = 1;
    loop {
        match (a_lines.next(), b_lines.next()) {
            (Some(x), Some(y)) if x == y => line += 1,
            _ => return line,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_difference_counts_lines_from_one() {
        assert_eq!(first_difference("a\nb\nc", "a\nb\nc\n"), 3);
        assert_eq!(first_difference("a\r\nb", "a\nb"), 1);
        assert_eq!(first_difference("a\nb\n", "a\nc\n"), 2);
    }
}
