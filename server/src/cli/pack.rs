//! Levels of a pack are numbered from 1 everywhere, as the editor's hover and the viewer
//! show them ("level 2 of 3"): `pack.hexcells[2]` is the second level, `--level 2` picks
//! it, and `check --json` says `"level": 2`.

use anyhow::bail;

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
