//! The embedded tutorial pack: every level parses cleanly and a perfect player solves
//! it without guessing. Checked by brute force (the levels are tiny), independently
//! of the deduction engine.

use hexcells_core::format::parse;
use hexcells_core::model::Clue;
use hexcells_core::{Hint, Level, Pos};
use hexcells_viewer::player::TUTORIAL;

/// Whether the colouring of `hidden` given by `bits` agrees with what the player sees.
fn fits(level: &Level, hidden: &[Pos], clues: &[Clue], bits: u32) -> bool {
    let is_blue = |p: Pos| match hidden.iter().position(|h| *h == p) {
        Some(i) => bits & (1 << i) != 0,
        None => level.is_blue(p),
    };
    let n_blue = level.cells().filter(|(p, _)| is_blue(*p)).count();
    n_blue == level.n_blue()
        && clues.iter().all(|c| {
            c.count_with(is_blue) == c.count(level)
                && match c.hint {
                    Hint::Together => c.together_with(is_blue) != Some(false),
                    Hint::Apart => c.together_with(is_blue) != Some(true),
                    _ => true,
                }
        })
}

/// Uncovers, round by round, every hidden cell that has the same colour in every
/// colouring that agrees with what the player sees. Returns the cells left hidden.
fn stuck_cells(level: &Level) -> Vec<Pos> {
    let mut uncovered: Vec<Pos> = level
        .cells()
        .filter(|(_, c)| c.revealed)
        .map(|(p, _)| p)
        .collect();
    loop {
        let hidden: Vec<Pos> = level
            .cells()
            .map(|(p, _)| p)
            .filter(|p| !uncovered.contains(p))
            .collect();
        assert!(hidden.len() <= 20, "too big for brute force");
        let clues: Vec<Clue> = Clue::all_shown(level)
            .filter(|c| level.column(c.at).is_some() || uncovered.contains(&c.at))
            .collect();
        let fitting: Vec<u32> = (0u32..(1 << hidden.len()))
            .filter(|bits| fits(level, &hidden, &clues, *bits))
            .collect();
        assert!(!fitting.is_empty(), "the solution itself must fit");
        let deduced: Vec<Pos> = hidden
            .iter()
            .enumerate()
            .filter(|(i, p)| {
                let blue = level.is_blue(**p);
                fitting.iter().all(|bits| (bits & (1 << i) != 0) == blue)
            })
            .map(|(_, p)| *p)
            .collect();
        if deduced.is_empty() {
            return hidden;
        }
        uncovered.extend(deduced);
    }
}

#[test]
fn the_tutorial_pack_is_clean_and_solvable() {
    let parse = parse(TUTORIAL);
    assert!(
        parse.all_diagnostics().is_empty(),
        "{:?}",
        parse.all_diagnostics()
    );
    assert!(parse.levels.len() >= 5);
    for parsed in &parse.levels {
        let level = &parsed.level;
        assert!(level.n_cells() > 0, "{}", level.title);
        assert_eq!(stuck_cells(level), Vec::<Pos>::new(), "{} is stuck", level.title);
    }
    // The last level needs its {n}: read as a plain number it gets stuck.
    let mut last = parse.levels.last().unwrap().level.clone();
    let together: Vec<Pos> = last
        .cells()
        .filter(|(_, c)| c.hint == Hint::Together)
        .map(|(p, _)| p)
        .collect();
    assert!(!together.is_empty());
    for p in together {
        let mut cell = last.cell(p).unwrap();
        cell.hint = Hint::Plain;
        last.set(p, Some(hexcells_core::Item::Cell(cell)));
    }
    assert!(
        !stuck_cells(&last).is_empty(),
        "the {{n}} level must need its {{n}}"
    );
}
