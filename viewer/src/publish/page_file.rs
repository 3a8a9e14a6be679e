//! `hexcells-view --html OUT.html [--level N] FILE`: a level, or every level of a pack,
//! published as one page that plays in any browser (see [`super`]). The levels are
//! checked first, as `hexcells check` reads them: a level with a syntax error refuses
//! the page (its diagnostics go to stderr, and nothing is written); a level a perfect
//! player gets stuck on, or with another error of the model, is published, with the
//! verdict or the error on stderr as a warning. The page is written atomically
//! (`hexcells_files`), replacing OUT when it exists.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use hexcells_core::format::{parse, ParsedLevel};
use hexcells_core::model::name;
use hexcells_core::solve::{self, Budget, Verdict};
use hexcells_core::{Code, Diagnostic, Pos, Severity};

use super::html::{self, PageOptions};
use super::level_data::{level_page, LevelPage};
use crate::player::{Origin, Session};
use crate::render::Scene;

/// What to publish, and where.
#[derive(Clone, Debug)]
pub struct PublishOptions {
    /// The level file, as named on the command line (for messages and the pack's
    /// title).
    pub file: PathBuf,
    /// Its text.
    pub text: String,
    /// Only this level of the pack (from 1); every level when `None`.
    pub level: Option<usize>,
    /// The right button uncovers blue and the left black.
    pub swap_buttons: bool,
    /// The page to write.
    pub out: PathBuf,
}

/// What was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Published {
    /// Levels on the page.
    pub levels: usize,
    /// The page's size in bytes.
    pub bytes: usize,
    /// Warnings printed (stuck levels, errors of the model).
    pub warnings: usize,
}

/// Checks the levels `options` names, writes their page, and returns what it holds;
/// diagnostics and warnings go to `err`. An error (nothing written) for a file without
/// levels, a `--level` past the pack's end, a level with a syntax error, or a page that
/// cannot be written.
pub fn write_page(options: &PublishOptions, err: &mut dyn Write) -> anyhow::Result<Published> {
    let file = options.file.display().to_string();
    let parsed = parse(&options.text);
    let n = parsed.levels.len();
    let picked: Vec<usize> = match options.level {
        _ if n == 0 => bail!("{file} holds no level: nothing to publish"),
        None => (0..n).collect(),
        Some(k) if (1..=n).contains(&k) => vec![k - 1],
        Some(k) if n == 1 => bail!("--level {k}: {file} has 1 level (--level 1)"),
        Some(k) => bail!("--level {k}: {file} has {n} levels (--level 1 to {n})"),
    };
    let label = |idx: usize| {
        if n > 1 {
            format!("{file}[{}]", idx + 1)
        } else {
            file.clone()
        }
    };
    let mut refused = Vec::new();
    for &idx in &picked {
        let level = &parsed.levels[idx];
        if level.diagnostics.iter().any(blocks_playing) {
            for d in level.diagnostics.iter().filter(|d| d.severity == Severity::Error) {
                write_diagnostic(err, &file, d, "error")?;
            }
            refused.push(label(idx));
        }
    }
    match refused.as_slice() {
        [] => {}
        [one] => bail!("{one} has errors to fix first (above): nothing written"),
        many => bail!(
            "{} levels have errors to fix first (above): {}: nothing written",
            many.len(),
            many.join(", ")
        ),
    }
    let mut warnings = 0;
    for &idx in &picked {
        for d in check(&parsed.levels[idx], idx, n > 1) {
            write_diagnostic(err, &file, &d, "warning")?;
            warnings += 1;
        }
    }
    let pages = pages(options, &picked);
    let page = html::page(
        &pages,
        &PageOptions {
            pack_title: pack_title(&options.file, picked.len()),
            swap_buttons: options.swap_buttons,
        },
    );
    hexcells_files::write_atomically(&options.out, page.as_bytes())
        .with_context(|| format!("cannot write {}", options.out.display()))?;
    Ok(Published {
        levels: picked.len(),
        bytes: page.len(),
        warnings,
    })
}

/// Whether a diagnostic leaves nothing to play, as `hexcells check` reads it: a syntax
/// error, or a level without cells.
fn blocks_playing(d: &Diagnostic) -> bool {
    d.severity == Severity::Error && (d.code.as_str().starts_with("HC01") || d.code == Code::NoCells)
}

/// What a player should know before playing level `idx`: the errors of its model,
/// and the engine's verdict when it is not "solvable".
fn check(parsed: &ParsedLevel, idx: usize, in_pack: bool) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = parsed
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .cloned()
        .collect();
    let report = solve::verdict(&parsed.level, &Budget::default());
    let in_level = if in_pack {
        format!(" (level {})", idx + 1)
    } else {
        String::new()
    };
    let whole = parsed.source.level_range();
    match report.verdict {
        Verdict::Solvable => {}
        Verdict::Stuck { after_round } => {
            let at = report.stuck.first().and_then(|&p| parsed.source.range_of(p));
            out.push(Diagnostic::new(
                Code::Stuck,
                at.unwrap_or(whole),
                format!(
                    "stuck after round {after_round}{in_level}: {}; published all the same: players will have to guess",
                    describe_stuck(&report.stuck)
                ),
            ));
        }
        Verdict::GaveUp | Verdict::Cancelled => out.push(Diagnostic::new(
            Code::GaveUp,
            whole,
            format!("the deduction engine gave up{in_level}; solvability is unknown"),
        )),
    }
    out
}

/// `9 cells can't be deduced: F7, G8, ...` (as `hexcells check` says it).
fn describe_stuck(stuck: &[Pos]) -> String {
    const NAMED: usize = 12;
    let mut names: Vec<String> = stuck.iter().take(NAMED).map(|&p| name(p)).collect();
    if stuck.len() > NAMED {
        names.push(format!("and {} more", stuck.len() - NAMED));
    }
    let count = match stuck.len() {
        1 => "1 cell can't be deduced".to_string(),
        n => format!("{n} cells can't be deduced"),
    };
    format!("{count}: {}", names.join(", "))
}

/// `file:line:col: severity[code]: message`, as `hexcells check` prints a diagnostic.
fn write_diagnostic(err: &mut dyn Write, file: &str, d: &Diagnostic, severity: &str) -> std::io::Result<()> {
    writeln!(
        err,
        "{file}:{}:{}: {severity}[{}]: {}",
        d.range.line + 1,
        d.range.start + 1,
        d.code,
        d.message
    )
}

/// The pages of levels `picked` (indices): each drawn from the window's scene of the
/// level at its start, without what only the window shows (status, key line, hover,
/// error band, pack overview: the page has its own controls and publishes no broken
/// level).
fn pages(options: &PublishOptions, picked: &[usize]) -> Vec<LevelPage> {
    let mut session = Session::new(Origin::File(options.file.clone()), &options.text, None);
    picked
        .iter()
        .map(|&idx| {
            session.go_to(idx);
            session.with_scene(1.0, |scene| {
                level_page(&Scene {
                    status: String::new(),
                    keys: &[],
                    hover: None,
                    banner: None,
                    help: None,
                    overview: None,
                    label: None,
                    ..scene.clone()
                })
            })
        })
        .collect()
}

/// A pack's page title: its file's name without the extension, and how many levels.
fn pack_title(file: &Path, n: usize) -> String {
    let stem = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    format!("{stem} ({n} levels)")
}
