//! Data-driven diagnostics tests: every `fixtures/{parse,validate}/NNN_what.hexcells`
//! is parsed, and its diagnostics, printed as source line + carets + `severity[code]:
//! message`, are compared with `NNN_what.expected` beside it.
//!
//! Run with `HEXCELLS_BLESS=1` to write or update the expected files, then review the
//! diff. A fixture named after a code (`204_colliding.hexcells` for HC0204) must earn
//! that code, and every code of the format and model checks needs a fixture.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use hexcells_core::format::{parse, Parse};
use hexcells_core::{Code, Diagnostic};

const BLESS_VAR: &str = "HEXCELLS_BLESS";

#[test]
fn parse_fixtures() {
    check_dir("parse");
}

#[test]
fn validate_fixtures() {
    check_dir("validate");
}

#[test]
fn every_code_has_a_fixture() {
    let mut seen = BTreeSet::new();
    for dir in ["parse", "validate"] {
        for path in fixtures(dir) {
            let parsed = parse(&read(&path));
            seen.extend(parsed.all_diagnostics().iter().map(|d| d.code));
        }
    }
    let missing: Vec<String> = Code::ALL
        .iter()
        .filter(|code| !code.as_str().starts_with("HC03") && !seen.contains(code))
        .map(|code| format!("{code} {}", code.slug()))
        .collect();
    assert!(
        missing.is_empty(),
        "codes without a fixture that earns them: {missing:?}"
    );
}

fn check_dir(dir: &str) {
    let bless = std::env::var_os(BLESS_VAR).is_some();
    let paths = fixtures(dir);
    assert!(!paths.is_empty(), "no fixtures in fixtures/{dir}");
    let mut failures = Vec::new();
    for path in paths {
        let text = read(&path);
        let parsed = parse(&text);
        let actual = render(&text, &parsed);
        let file_name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if let Some(code) = named_code(&file_name) {
            if !parsed.all_diagnostics().iter().any(|d| d.code == code) {
                failures.push(format!("{file_name}: named after {code} but does not earn it"));
            }
        }
        let expected_path = path.with_extension("expected");
        if bless {
            if let Err(e) = std::fs::write(&expected_path, &actual) {
                failures.push(format!("{}: cannot write: {e}", expected_path.display()));
            }
            continue;
        }
        match std::fs::read_to_string(&expected_path) {
            Ok(expected) if expected == actual => {}
            Ok(expected) => failures.push(format!(
                "{file_name}: diagnostics changed\n--- expected\n{expected}+++ actual\n{actual}"
            )),
            Err(_) => failures.push(format!(
                "{file_name}: no {} yet\n{actual}",
                expected_path.display()
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n\n(run with {BLESS_VAR}=1 to update the expected files, then review the diff)",
        failures.join("\n\n")
    );
}

/// The code a fixture is named after: `204_colliding` is HC0204.
fn named_code(file_name: &str) -> Option<Code> {
    let number = file_name.split('_').next()?;
    Code::parse(&format!("HC0{number}"))
}

fn fixtures(dir: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(dir);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&root)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "hexcells"))
                .collect()
        })
        .unwrap_or_default();
    paths.sort();
    paths
}

fn read(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    String::from_utf8_lossy(&bytes).into_owned()
}

/// What the test compares: a line per level, then every diagnostic with its source
/// line and carets under its range.
fn render(text: &str, parsed: &Parse) -> String {
    let lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let mut out = String::new();
    for (i, parsed_level) in parsed.levels.iter().enumerate() {
        let level = &parsed_level.level;
        let _ = writeln!(
            out,
            "level {} (lines {}-{}): {:?} by {:?}, {} cells ({} blue), {} columns",
            i + 1,
            parsed_level.source.first_line + 1,
            parsed_level.source.end_line,
            level.title,
            level.author,
            level.n_cells(),
            level.n_blue(),
            level.columns().count()
        );
    }
    let diagnostics = parsed.all_diagnostics();
    if diagnostics.is_empty() {
        out.push_str("no diagnostics\n");
    }
    for d in &diagnostics {
        out.push('\n');
        render_diagnostic(&mut out, &lines, d);
    }
    out
}

fn render_diagnostic(out: &mut String, lines: &[&str], d: &Diagnostic) {
    let line_no = (d.range.line + 1).to_string();
    let gutter = " ".repeat(line_no.len());
    let source = lines.get(d.range.line as usize).copied().unwrap_or("");
    // Show tabs as one space so the carets stay aligned (columns count characters).
    let shown: String = source.chars().map(|c| if c == '\t' { ' ' } else { c }).collect();
    let _ = writeln!(out, "{line_no} | {}", shown.trim_end());
    let width = (d.range.end - d.range.start).max(1) as usize;
    let _ = writeln!(
        out,
        "{gutter} | {}{} {}[{}]: {}",
        " ".repeat(d.range.start as usize),
        "^".repeat(width),
        d.severity.as_str(),
        d.code,
        d.message
    );
    for related in &d.related {
        let _ = writeln!(
            out,
            "{gutter} = {}:{}: {}",
            related.range.line + 1,
            related.range.start + 1,
            related.message
        );
    }
}
