//! Hexix notation: short human names for grid positions, like `F7` or `AB12`.
//!
//! In the spirit of algebraic chess notation, a name is the column letter(s) of the
//! group (`A` for the first group of a grid line, `Z` for the 26th, then `AA`..`AG`)
//! followed by the grid line number from 1. An author finds `F7` as the sixth group of
//! the seventh grid line, so every message names cells the way the file shows them.

use super::coords::Pos;

/// The Hexix name of a position, e.g. `F7`.
pub fn name(pos: Pos) -> String {
    format!("{}{}", column_letters(pos.x()), u32::from(pos.y()) + 1)
}

/// The letters of a column index: `A`..`Z`, then `AA`, `AB`, ...
pub fn column_letters(x: u8) -> String {
    let mut n = u32::from(x) + 1;
    let mut letters = Vec::new();
    while n > 0 {
        let rem = (n - 1) % 26;
        letters.push(char::from(b'A' + rem as u8));
        n = (n - 1) / 26;
    }
    letters.iter().rev().collect()
}

/// Reads a Hexix name back (letters case-insensitive), e.g. `f7` or `AB12`.
pub fn parse_name(text: &str) -> Option<Pos> {
    let text = text.trim();
    let split = text.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = text.split_at(split);
    if letters.is_empty() || !letters.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    if digits.starts_with('0') || !digits.chars().all(|c| c.is_ascii_digit()) || digits.len() > 3 {
        return None;
    }
    let mut x: i32 = 0;
    for c in letters.chars() {
        x = x
            .checked_mul(26)?
            .checked_add(i32::from(c.to_ascii_uppercase() as u8 - b'A') + 1)?;
        if x > 1000 {
            return None;
        }
    }
    let y: i32 = digits.parse().ok()?;
    Pos::new(x - 1, y - 1)
}

/// Whether `text` is written like a cell name (letters, then a line number without a
/// leading zero) but names no position of the 33 x 33 grid, such as `Z99` or `AH1`; for
/// messages that tell "off the grid" from "not a name".
pub fn is_off_grid_name(text: &str) -> bool {
    let text = text.trim();
    let Some(split) = text.find(|c: char| c.is_ascii_digit()) else {
        return false;
    };
    let (letters, digits) = text.split_at(split);
    !letters.is_empty()
        && letters.chars().all(|c| c.is_ascii_alphabetic())
        && !digits.starts_with('0')
        && digits.chars().all(|c| c.is_ascii_digit())
        && parse_name(text).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_off_the_grid_are_told_from_non_names() {
        for off in ["Z99", "A34", "AH1", "zz5", "A1000"] {
            assert!(is_off_grid_name(off), "{off}");
        }
        for not_off in ["F7", "AG33", "7F", "F", "F07", "F-7", "", "é7"] {
            assert!(!is_off_grid_name(not_off), "{not_off}");
        }
    }

    #[test]
    fn names_follow_the_grid() {
        assert_eq!(name(Pos::new(0, 0).unwrap()), "A1");
        assert_eq!(name(Pos::new(5, 6).unwrap()), "F7");
        assert_eq!(name(Pos::new(25, 32).unwrap()), "Z33");
        assert_eq!(name(Pos::new(27, 11).unwrap()), "AB12");
        assert_eq!(name(Pos::new(32, 0).unwrap()), "AG1");
    }

    #[test]
    fn names_read_back() {
        for pos in Pos::all() {
            assert_eq!(parse_name(&name(pos)), Some(pos));
        }
        assert_eq!(parse_name("f7"), Pos::new(5, 6));
        assert_eq!(parse_name("F0"), None);
        assert_eq!(parse_name("F07"), None);
        assert_eq!(parse_name("7"), None);
        assert_eq!(parse_name("AH1"), None);
        assert_eq!(parse_name("F34"), None);
    }
}
