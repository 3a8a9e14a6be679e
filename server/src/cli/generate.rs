//! `hexcells generate`: a new level from a shape and a seed word, solvable by the
//! engine and lean; the same options and seed print the same bytes everywhere. With
//! `--keep-colours`, the clues for a drawing: its colours (and clues) kept, the clues a
//! player needs added (core's `fill_clues`).

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::{anyhow, bail, Context};
use hexcells_core::format::{parse, print};
use hexcells_core::generate::{
    fill_clues, generate, FillError, FillOptions, GenerateOptions, GenerateProgress, Grade, OwnClues, Phase,
    Shape,
};
use hexcells_core::model::Level;

use super::args::{DifficultyArg, GenerateArgs};
use super::engine;
use super::exit::Status;
use super::input::{self, Source};
use super::output::write_atomic;
use super::pack;
use super::phrases::plural;

/// Runs `hexcells generate`.
pub fn run(args: &GenerateArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    if args.keep_colours {
        return run_keep_colours(args, out);
    }
    let seed_given = args.seed.is_some();
    let options = options(args)?;
    if !seed_given {
        eprintln!("hexcells: seed {}", options.seed);
    }
    let started = Instant::now();
    let mut progress = progress_line(started, "candidate");
    let generated = generate(&options, &engine::generator_limits(), &mut progress);
    end_progress(started);
    let generated = generated.context("cannot generate")?;
    let text = print(&generated.level);
    write_level(args, &text, out)?;
    let d = &generated.difficulty;
    eprintln!(
        "hexcells: {} cells, {} blue, difficulty {} ({} of 5): {}, replay steps by effort {:?} \
         ({}, {} engine calls, {:.2} s)",
        generated.level.n_cells(),
        generated.level.n_blue(),
        options.target.name(),
        options.target.number(),
        plural(d.rounds, "round", "rounds"),
        d.steps_by_effort,
        plural(generated.attempts, "candidate", "candidates"),
        generated.engine_calls,
        started.elapsed().as_secs_f64()
    );
    Ok(Status::Clean)
}

/// `hexcells generate --shape FILE --keep-colours`: the drawing's clues, filled in.
fn run_keep_colours(args: &GenerateArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    if matches!(args.shape.as_str(), "hexagon" | "rectangle" | "diamond") {
        bail!(
            "--keep-colours keeps the colours of a drawing: give its file, like `--shape drawing.hexcells`, \
             not --shape {}",
            args.shape
        );
    }
    if args.size.is_some() {
        bail!("--size applies to hexagon, rectangle and diamond; a drawing has its own size");
    }
    if args.blue.is_some() {
        bail!("--blue does not apply with --keep-colours: the drawing's colours are kept");
    }
    let (_, drawing) = read_drawing(Path::new(&args.shape), args.level.unwrap_or(1))?;
    let seed_given = args.seed.is_some();
    let options = FillOptions {
        target: grade(args.difficulty),
        seed: seed(args)?,
        own_clues: if args.replace_clues {
            OwnClues::Replaced
        } else {
            OwnClues::Kept
        },
    };
    if !seed_given {
        eprintln!("hexcells: seed {}", options.seed);
    }
    let started = Instant::now();
    let mut progress = progress_line(started, "try");
    let filled = fill_clues(&drawing, &options, &engine::generator_limits(), &mut progress);
    end_progress(started);
    let filled = match filled {
        Ok(filled) => filled,
        Err(FillError::GradeNotReached { target, filled }) => {
            eprintln!(
                "hexcells: cannot reach difficulty {} with these colours: the nearest grade reached \
                 is {} ({} of 5); nothing written (try --difficulty {})",
                target.name(),
                filled.grade.name(),
                filled.grade.number(),
                filled.grade.name()
            );
            return Ok(Status::Findings);
        }
        Err(error) => return Err(anyhow::Error::new(error).context(format!("cannot fill in {}", args.shape))),
    };
    write_level(args, &print(&filled.level), out)?;
    let d = &filled.difficulty;
    eprintln!(
        "hexcells: {} cells, colours kept; clues kept {}, added {} ({} revealed, {} numbers, {} column \
         numbers); difficulty {} ({} of 5): {} ({}, {} engine calls, {:.2} s)",
        filled.level.n_cells(),
        filled.kept.total(),
        filled.added.total(),
        filled.added.revealed,
        filled.added.numbered,
        filled.added.columns,
        filled.grade.name(),
        filled.grade.number(),
        plural(d.rounds, "round", "rounds"),
        plural(filled.attempts, "try", "tries"),
        filled.engine_calls,
        started.elapsed().as_secs_f64()
    );
    Ok(Status::Clean)
}

/// A progress reporter for stderr: quiet for short runs, then one line a second;
/// `unit` names what `attempt` counts.
fn progress_line(started: Instant, unit: &'static str) -> impl FnMut(GenerateProgress) {
    let mut last_line = started;
    let terminal = std::io::stderr().is_terminal();
    move |p: GenerateProgress| {
        if started.elapsed() < Duration::from_secs(1) || last_line.elapsed() < Duration::from_secs(1) {
            return;
        }
        last_line = Instant::now();
        let what = match p.phase {
            Phase::Revealing => "revealing cells".to_string(),
            Phase::Pruning { done, total } => format!("removing clues not needed ({done}/{total})"),
            Phase::Missed(got) => format!("came out {}, trying another", got.name()),
        };
        let end = if terminal { "\x1b[K\r" } else { "\n" };
        eprint!("hexcells: generating: {unit} {}: {what}{end}", p.attempt);
    }
}

/// Clears the progress line on a terminal.
fn end_progress(started: Instant) {
    if std::io::stderr().is_terminal() && started.elapsed() >= Duration::from_secs(1) {
        eprint!("\x1b[K");
    }
}

/// Writes the level to `--output` or stdout.
fn write_level(args: &GenerateArgs, text: &str, out: &mut dyn Write) -> anyhow::Result<()> {
    match &args.output {
        Some(path) => write_atomic(path, text.as_bytes())?,
        None => out.write_all(text.as_bytes())?,
    }
    Ok(())
}

/// The grade of `--difficulty`.
fn grade(arg: DifficultyArg) -> Grade {
    match arg {
        DifficultyArg::Easy => Grade::Easy,
        DifficultyArg::EasyMedium => Grade::EasyMedium,
        DifficultyArg::Medium => Grade::Medium,
        DifficultyArg::MediumHard => Grade::MediumHard,
        DifficultyArg::Hard => Grade::Hard,
    }
}

/// The seed word of `--seed`, or a new one.
fn seed(args: &GenerateArgs) -> anyhow::Result<String> {
    let seed = args.seed.clone().unwrap_or_else(new_seed_word);
    if seed.trim().is_empty() || seed.chars().any(char::is_control) {
        bail!("the seed must be a word of printable characters, like `--seed gargamel`");
    }
    Ok(seed)
}

/// Checks the arguments and turns them into generator options.
fn options(args: &GenerateArgs) -> anyhow::Result<GenerateOptions> {
    let size = args.size.as_deref().map(parse_size).transpose()?;
    if args.level.is_some() && matches!(args.shape.as_str(), "hexagon" | "rectangle" | "diamond") {
        bail!(
            "--level applies to a shape file (`--shape FILE`), not to --shape {}",
            args.shape
        );
    }
    let shape = match args.shape.as_str() {
        "hexagon" => {
            let (width, height) = size.unwrap_or((7, 7));
            Shape::Hexagon { width, height }
        }
        "rectangle" => {
            let (width, height) = size.unwrap_or((8, 6));
            Shape::Rectangle { width, height }
        }
        "diamond" => {
            let (width, height) = size.unwrap_or((9, 9));
            Shape::Diamond { width, height }
        }
        file => {
            if size.is_some() {
                bail!("--size applies to hexagon, rectangle and diamond; a shape file has its own size");
            }
            shape_from_file(Path::new(file), args.level.unwrap_or(1))?
        }
    };
    let blue_per_mille = parse_ratio(args.blue.as_deref().unwrap_or("0.35"))?;
    let target = grade(args.difficulty);
    let seed = seed(args)?;
    Ok(GenerateOptions {
        shape,
        blue_per_mille,
        target,
        seed,
    })
}

/// The cells of level `number` (from 1) in `path`.
fn shape_from_file(path: &Path, number: usize) -> anyhow::Result<Shape> {
    let (name, level) = read_drawing(path, number)?;
    let cells = level.cells().map(|(pos, _)| pos).collect();
    Ok(Shape::Cells { name, cells })
}

/// Level `number` (from 1) of the file at `path`, with the name a title gives it.
fn read_drawing(path: &Path, number: usize) -> anyhow::Result<(String, Level)> {
    let source = Source::from_arg(path);
    if matches!(source, Source::File(_)) && !path.exists() {
        bail!(
            "--shape {}: not hexagon, rectangle or diamond, and no such file",
            path.display()
        );
    }
    let text = input::read_text(&source)?;
    let parsed = parse(&text);
    if parsed.levels.is_empty() {
        bail!("--shape {}: no level found in the file", path.display());
    }
    let chosen = pack::pick(&parsed.levels, number, &path.display().to_string())?;
    let mut name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| source.to_string());
    if parsed.levels.len() > 1 {
        name = pack::label(&name, number - 1);
    }
    Ok((name, chosen.level.clone()))
}

/// `9x7` or `9` (for 9x9).
fn parse_size(text: &str) -> anyhow::Result<(u8, u8)> {
    let number = |t: &str| {
        t.trim()
            .parse::<u8>()
            .ok()
            .filter(|n| (1..=33).contains(n))
            .ok_or_else(|| anyhow!("--size {text}: expected WxH with numbers from 1 to 33, like 9x7"))
    };
    match text.split_once(['x', 'X']) {
        Some((w, h)) => Ok((number(w)?, number(h)?)),
        None => {
            let n = number(text)?;
            Ok((n, n))
        }
    }
}

/// A ratio like `0.35` in thousandths, without floats (so `0.35` is exactly 350).
fn parse_ratio(text: &str) -> anyhow::Result<u16> {
    let bad = || anyhow!("--blue {text}: expected a ratio between 0 and 1 with up to 3 decimals, like 0.35");
    let (whole, frac) = text.trim().split_once('.').unwrap_or((text.trim(), ""));
    if (whole.is_empty() && frac.is_empty())
        || frac.len() > 3
        || !whole.chars().chain(frac.chars()).all(|c| c.is_ascii_digit())
    {
        return Err(bad());
    }
    let whole: u16 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| bad())?
    };
    let frac: u16 = format!("{frac:0<3}").parse().map_err(|_| bad())?;
    if whole > 1 || (whole == 1 && frac > 0) {
        return Err(bad());
    }
    Ok(whole * 1000 + frac)
}

/// A pronounceable word made from the clock, for runs without `--seed`.
fn new_seed_word() -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let mut n = (nanos ^ (nanos >> 64)) as u64 ^ u64::from(std::process::id()).rotate_left(32);
    let consonants = b"bdfgklmnprstvz";
    let vowels = b"aeiou";
    let mut word = String::new();
    for _ in 0..4 {
        word.push(char::from(consonants[(n % consonants.len() as u64) as usize]));
        n /= consonants.len() as u64;
        word.push(char::from(vowels[(n % vowels.len() as u64) as usize]));
        n /= vowels.len() as u64;
    }
    word
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_read_exactly() {
        assert_eq!(parse_ratio("0.35").ok(), Some(350));
        assert_eq!(parse_ratio(".5").ok(), Some(500));
        assert_eq!(parse_ratio("1").ok(), Some(1000));
        assert_eq!(parse_ratio("0.125").ok(), Some(125));
        assert!(parse_ratio("0.1234").is_err());
        assert!(parse_ratio("1.5").is_err());
        assert!(parse_ratio("-0.3").is_err());
        assert!(parse_ratio("abc").is_err());
    }

    #[test]
    fn sizes_read_as_width_and_height() {
        assert_eq!(parse_size("9x7").ok(), Some((9, 7)));
        assert_eq!(parse_size("7").ok(), Some((7, 7)));
        assert!(parse_size("0x3").is_err());
        assert!(parse_size("40x3").is_err());
    }
}
