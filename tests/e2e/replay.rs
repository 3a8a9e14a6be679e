//! `hexcells replay` says what went wrong, where: a name off the grid is called that,
//! and the last line ties each cell left covered to the move that tried it.

use std::path::Path;
use std::process::{Command, Output};

use hexcells_e2e::{bin, levels_dir, temp_dir};

fn hexcells(dir: &Path, args: &[&str]) -> (i32, String) {
    let Output { status, stdout, .. } = Command::new(bin("hexcells"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run hexcells");
    (
        status.code().unwrap_or(-1),
        String::from_utf8_lossy(&stdout).into_owned(),
    )
}

/// The engine's record of `first-steps.hexcells`, copied into `dir` as `level.hexcells`.
fn solution(dir: &Path) -> Vec<String> {
    std::fs::copy(
        levels_dir().join("first-steps.hexcells"),
        dir.join("level.hexcells"),
    )
    .expect("copy level");
    let (code, record) = hexcells(dir, &["solve", "--record", "level.hexcells"]);
    assert_eq!(code, 0, "{record}");
    record.lines().map(str::to_string).collect()
}

/// `6. S15b` -> (`S15`, 'b').
fn cell_and_colour(line: &str) -> (&str, char) {
    let mv = line.rsplit(' ').next().unwrap_or(line);
    let (cell, colour) = mv.split_at(mv.len() - 1);
    (cell, colour.chars().next().unwrap_or('?'))
}

#[test]
fn a_wrong_last_move_is_named_in_the_summary() {
    let dir = temp_dir();
    let mut lines = solution(dir.path());
    let last = lines.iter().rposition(|l| !l.starts_with('#')).expect("a move");
    let n_moves = lines.iter().filter(|l| !l.starts_with('#')).count();
    let (cell, colour) = cell_and_colour(&lines[last]);
    let (cell, right) = (cell.to_string(), colour);
    let (wrong, said, is) = if right == 'b' {
        ('k', "black", "blue")
    } else {
        ('b', "blue", "black")
    };
    lines[last] = format!("{cell}{wrong}");
    std::fs::write(dir.path().join("game.record"), lines.join("\n")).expect("write record");
    let (code, out) = hexcells(dir.path(), &["replay", "level.hexcells", "game.record"]);
    assert_eq!(code, 1, "{out}");
    let expected = format!(
        "game.record:{}: move {n_moves}: {cell} is {is}, not {said} (write `{cell}{wrong}?` if the player made this mistake)\n\
         {n_moves} moves, 1 mistake: 1 cell still covered: {cell} (move {n_moves} chose {said}, but it is {is})\n",
        last + 1
    );
    assert_eq!(out, expected);
}

#[test]
fn a_missing_move_leaves_its_cell_covered_without_blame() {
    let dir = temp_dir();
    let mut lines = solution(dir.path());
    let removed = lines.remove(1);
    let (cell, _) = cell_and_colour(&removed);
    std::fs::write(dir.path().join("game.record"), lines.join("\n")).expect("write record");
    let (code, out) = hexcells(dir.path(), &["replay", "level.hexcells", "game.record"]);
    assert_eq!(code, 0, "every move agrees; the game is just not over: {out}");
    assert!(
        out.ends_with(&format!(": 1 cell still covered: {cell}\n")),
        "{out}"
    );
    assert!(
        !out.contains("deduced"),
        "a replay is not about deductions: {out}"
    );
}

#[test]
fn a_cell_off_the_grid_is_called_off_the_grid() {
    let dir = temp_dir();
    solution(dir.path());
    std::fs::write(dir.path().join("game.record"), "Z99b\nAH1k\nF-7b\n").expect("write record");
    let (code, out) = hexcells(dir.path(), &["replay", "level.hexcells", "game.record"]);
    assert_eq!(code, 1, "{out}");
    let problems: Vec<&str> = out.lines().take(3).collect();
    assert_eq!(
        problems,
        [
            "game.record:1:1: error: `Z99` is off the grid: cells are named with columns A to AG and lines 1 to 33",
            "game.record:2:1: error: `AH1` is off the grid: cells are named with columns A to AG and lines 1 to 33",
            "game.record:3:1: error: `F-7` is not a cell name (letters then a line number, like `F7`)",
        ]
    );
}
