//! Levels of a pack are numbered from 1 everywhere, as the editor's hover and the viewer
//! show them ("level 2 of 3"): `pack.hexcells[2]` is the second level, `--level 2` picks
//! it, and `check --json` says `"level": 2`. `check` ends a pack with its difficulty
//! curve, level by level ([`write_curve`]).

use std::io::Write;

use anyhow::bail;
use hexcells_core::analysis::CurvePoint;
use hexcells_core::format::decode_entities;

/// Reads a `--level` value (clap's value parser): a level number, from 1.
pub fn parse_level_number(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err("levels are numbered from 1 (the first level is --level 1)".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err("expected a level number, from 1".to_string()),
    }
}

/// The level numbered `number` (from 1) of the `levels` read from `file`; an error
/// that says how many there are when there is no such level.
pub fn pick<'a, T>(levels: &'a [T], number: usize, file: &str) -> anyhow::Result<&'a T> {
    match number.checked_sub(1).and_then(|index| levels.get(index)) {
        Some(level) => Ok(level),
        None => match levels.len() {
            1 => bail!("--level {number}: {file} has 1 level (--level 1)"),
            n => bail!("--level {number}: {file} has {n} levels (--level 1 to {n})"),
        },
    }
}

/// `pack.hexcells[2]`: the name of the level at `index` (from 0) of a pack in messages.
pub fn label(file: &str, index: usize) -> String {
    format!("{file}[{}]", index + 1)
}

/// Titles longer than this are not padded to: the table's title column is at most
/// this wide.
const TITLE_WIDTH: usize = 32;

/// The difficulty curve of the pack `file`, one line per level: its number, title,
/// grade and score, and a mark on a level easier than the graded level before it
/// (`not compared` on one without a grade):
///
/// ```text
/// pack.hexcells: the difficulty of each level, in order
///   1  Two rounds   easy 0
///   2  Coin toss    stuck   not compared
/// ```
pub fn write_curve(out: &mut dyn Write, file: &str, points: &[CurvePoint]) -> std::io::Result<()> {
    writeln!(out, "{file}: the difficulty of each level, in order")?;
    let title = |p: &CurvePoint| match decode_entities(p.title.trim()) {
        t if t.is_empty() => "(untitled)".to_string(),
        t => t.into_owned(),
    };
    let width = |text: &str| text.chars().count();
    let number_w = points.len().to_string().len();
    let title_w = points
        .iter()
        .map(|p| width(&title(p)))
        .max()
        .unwrap_or(0)
        .min(TITLE_WIDTH);
    let words_w = points
        .iter()
        .map(|p| width(&p.standing.words()))
        .max()
        .unwrap_or(0);
    for p in points {
        let mut line = format!(
            "  {:>number_w$}  {:<title_w$}  {:<words_w$}",
            p.number,
            title(p),
            p.standing.words()
        );
        if let Some(mark) = p.mark() {
            line.push_str("  ");
            line.push_str(&mark);
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_count_from_one() {
        assert_eq!(parse_level_number("1"), Ok(1));
        assert_eq!(parse_level_number(" 12 "), Ok(12));
        assert!(parse_level_number("0").is_err_and(|e| e.contains("numbered from 1")));
        assert!(parse_level_number("-1").is_err());
        assert!(parse_level_number("two").is_err());
        let levels = ["a", "b"];
        assert_eq!(pick(&levels, 1, "p").ok(), Some(&"a"));
        assert_eq!(pick(&levels, 2, "p").ok(), Some(&"b"));
        let past = pick(&levels, 3, "p.hexcells").map_err(|e| e.to_string());
        assert_eq!(
            past,
            Err("--level 3: p.hexcells has 2 levels (--level 1 to 2)".to_string())
        );
        assert!(pick(&levels, 0, "p").is_err());
        assert!(pick(&["only"], 2, "one").is_err_and(|e| e.to_string().ends_with("has 1 level (--level 1)")));
        assert_eq!(label("pack.hexcells", 0), "pack.hexcells[1]");
    }
}
