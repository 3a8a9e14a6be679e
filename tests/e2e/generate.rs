//! End-to-end tests of `hexcells generate`, `hexcells solve --record` and
//! `hexcells replay`, driving the built binary.

use std::path::Path;
use std::process::Command;

use hexcells_e2e::{bin, levels_dir, temp_dir};

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn hexcells(dir: &Path, args: &[&str]) -> Run {
    let output = Command::new(bin("hexcells"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run hexcells");
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

#[test]
fn generate_twice_with_one_seed_prints_the_same_solvable_level() {
    let dir = temp_dir();
    let args = [
        "generate",
        "--shape",
        "hexagon",
        "--size",
        "5",
        "--difficulty",
        "easy",
        "--seed",
        "gargamel",
    ];
    let first = hexcells(dir.path(), &args);
    assert_eq!(first.code, 0, "{}", first.stderr);
    assert!(
        first
            .stdout
            .starts_with("Hexcells level v1\nGenerated: hexagon 5, seed gargamel\n"),
        "{}",
        first.stdout
    );
    let second = hexcells(dir.path(), &args);
    assert_eq!(first.stdout, second.stdout);
    std::fs::write(dir.path().join("g.hexcells"), &first.stdout).expect("write level");
    let check = hexcells(dir.path(), &["check", "g.hexcells"]);
    assert_eq!(check.code, 0, "{}{}", check.stdout, check.stderr);
    assert!(check.stdout.contains("solvable"), "{}", check.stdout);
}

#[test]
fn generate_writes_the_output_file_and_fills_a_drawn_shape() {
    let dir = temp_dir();
    let run = hexcells(
        dir.path(),
        &[
            "generate",
            "--shape",
            "rectangle",
            "--size",
            "5x4",
            "--seed",
            "azrael",
            "-o",
            "r.hexcells",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.is_empty());
    let drawn = std::fs::read_to_string(dir.path().join("r.hexcells")).expect("level written");
    let shaped = hexcells(
        dir.path(),
        &["generate", "--shape", "r.hexcells", "--seed", "papa"],
    );
    assert_eq!(shaped.code, 0, "{}", shaped.stderr);
    assert!(
        shaped.stdout.contains("Generated: r.hexcells, seed papa"),
        "{}",
        shaped.stdout
    );
    // The same cells, coloured and clued anew.
    let cells = |text: &str| -> Vec<(usize, usize)> {
        text.lines()
            .skip(5)
            .enumerate()
            .flat_map(|(y, line)| {
                let groups: Vec<char> = line.chars().step_by(2).collect();
                groups
                    .into_iter()
                    .enumerate()
                    .filter(|(_, c)| "oOxX".contains(*c))
                    .map(move |(x, _)| (x, y))
            })
            .collect()
    };
    assert_eq!(cells(&drawn), cells(&shaped.stdout));
}

#[test]
fn impossible_options_are_refused_with_a_reason() {
    let dir = temp_dir();
    let run = hexcells(dir.path(), &["generate", "--blue", "0.99", "--seed", "x"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("hexcells: cannot generate: a blue ratio of 0.990"),
        "{}",
        run.stderr
    );
    let run = hexcells(dir.path(), &["generate", "--shape", "nosuch.hexcells"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("no such file"), "{}", run.stderr);
}

/// The project's drawing without clues (the letter H, blue on black).
fn drawing() -> String {
    std::fs::read_to_string(levels_dir().join("cli").join("drawing.hexcells")).expect("read the drawing")
}

/// Every two-character group of a level's grid with its (group, line), for the cells
/// and column numbers: the grid starts after the five header lines.
fn groups(text: &str) -> Vec<((usize, usize), String)> {
    text.lines()
        .skip(5)
        .enumerate()
        .flat_map(|(y, line)| {
            let chars: Vec<char> = line.chars().collect();
            chars
                .chunks(2)
                .enumerate()
                .filter(|(_, g)| g[0] != '.')
                .map(|(x, g)| ((x, y), g.iter().collect::<String>()))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Each cell's colour: `x` blue, `o` black.
fn colours(text: &str) -> Vec<((usize, usize), char)> {
    groups(text)
        .into_iter()
        .filter_map(|(at, g)| {
            let c = g.chars().next()?;
            "oOxX".contains(c).then(|| (at, c.to_ascii_lowercase()))
        })
        .collect()
}

/// `text` with the group at `at` replaced by `group`.
fn with_group(text: &str, at: (usize, usize), group: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let line = &mut lines[5 + at.1];
    line.replace_range(2 * at.0..2 * at.0 + 2, group);
    lines.join("\n") + "\n"
}

/// The level `text` with one clue taken away at each place it shows one: a revealed
/// cell hidden, a number removed, `{n}` / `-n-` made plain, a column number removed.
fn each_without_one_clue(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (at, g) in groups(text) {
        let (kind, hint) = (g.chars().next().unwrap_or('.'), g.chars().nth(1).unwrap_or('.'));
        let mut smaller =
            |what: &str, group: String| out.push((format!("{what} at {at:?}"), with_group(text, at, &group)));
        match kind {
            'O' | 'X' => smaller("reveal", format!("{}{hint}", kind.to_ascii_lowercase())),
            'o' | 'x' | '|' | '/' | '\\' => {}
            _ => continue,
        }
        if "cn".contains(hint) {
            smaller("{n} / -n-", format!("{kind}+"));
        }
        if "|/\\".contains(kind) {
            smaller("column number", "..".to_string());
        } else if hint != '.' {
            smaller("number", format!("{kind}."));
        }
    }
    out
}

/// `hexcells check --json` of one level: its verdict and grade name.
fn verdict_and_grade(dir: &Path, text: &str) -> (String, String) {
    std::fs::write(dir.join("probe.hexcells"), text).expect("write the level");
    let run = hexcells(dir, &["check", "--json", "probe.hexcells"]);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("check --json prints JSON");
    let verdict = json["verdict"].as_str().unwrap_or("?").to_string();
    let grade = json["difficulty"]["name"].as_str().unwrap_or("none").to_string();
    (verdict, grade)
}

#[test]
fn keep_colours_clues_a_drawing_at_each_grade_keeping_every_colour_and_no_clue_too_many() {
    let dir = temp_dir();
    std::fs::write(dir.path().join("drawing.hexcells"), drawing()).expect("write the drawing");
    // Hard needs hard steps all through the solve (the calibrated grade), more than a
    // 35-cell letter has room for: the highest grade it reaches is medium-hard.
    for grade in ["easy", "medium", "medium-hard"] {
        let args = [
            "generate",
            "--shape",
            "drawing.hexcells",
            "--keep-colours",
            "--difficulty",
            grade,
            "--seed",
            "gargamel",
        ];
        let run = hexcells(dir.path(), &args);
        assert_eq!(run.code, 0, "{grade}: {}", run.stderr);
        assert!(
            run.stderr.contains(&format!("difficulty {grade} (")),
            "{}",
            run.stderr
        );
        assert_eq!(
            colours(&run.stdout),
            colours(&drawing()),
            "{grade}: the colours changed"
        );
        assert!(
            run.stdout.starts_with("Hexcells level v1\nLetter H\n"),
            "{}",
            run.stdout
        );
        assert_eq!(
            verdict_and_grade(dir.path(), &run.stdout),
            ("solvable".to_string(), grade.to_string()),
            "{grade}:\n{}",
            run.stdout
        );
        // Lean: without any one added clue, the level is stuck or has another grade.
        let smaller = each_without_one_clue(&run.stdout);
        assert!(!smaller.is_empty());
        for (what, text) in smaller {
            let got = verdict_and_grade(dir.path(), &text);
            assert_ne!(
                got,
                ("solvable".to_string(), grade.to_string()),
                "{grade}: the {what} is not needed:\n{}",
                run.stdout
            );
        }
        let again = hexcells(dir.path(), &args);
        assert_eq!(
            run.stdout, again.stdout,
            "{grade}: the same seed gave another level"
        );
    }
}

#[test]
fn keep_colours_keeps_the_drawings_own_clues_unless_asked_to_replace_them() {
    let dir = temp_dir();
    let plain = drawing();
    // The author's clues: a revealed numbered black cell, a hidden number, a column number.
    let cells = colours(&plain);
    let black: Vec<(usize, usize)> = cells
        .iter()
        .filter(|(_, c)| *c == 'o')
        .map(|(at, _)| *at)
        .collect();
    let (top_x, top_y) = cells
        .iter()
        .map(|(at, _)| *at)
        .min_by_key(|at| at.1)
        .expect("a cell");
    let own = with_group(&with_group(&plain, black[0], "O+"), black[3], "o+");
    let own = with_group(&own, (top_x, top_y - 2), "|+");
    std::fs::write(dir.path().join("own.hexcells"), &own).expect("write the drawing");
    let run = hexcells(
        dir.path(),
        &[
            "generate",
            "--shape",
            "own.hexcells",
            "--keep-colours",
            "--difficulty",
            "easy",
            "--seed",
            "papa",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(colours(&run.stdout), cells);
    let given = groups(&run.stdout);
    for (at, group) in groups(&own).into_iter().filter(|(_, g)| g != "o." && g != "x.") {
        assert!(
            given.contains(&(at, group.clone())),
            "the drawing's {group} at {at:?} was not kept:\n{}",
            run.stdout
        );
    }
    // The revealed cell counts as revealed and as numbered.
    assert!(run.stderr.contains("clues kept 4,"), "{}", run.stderr);
    let replaced = hexcells(
        dir.path(),
        &[
            "generate",
            "--shape",
            "own.hexcells",
            "--keep-colours",
            "--replace-clues",
            "--difficulty",
            "easy",
            "--seed",
            "papa",
        ],
    );
    assert_eq!(replaced.code, 0, "{}", replaced.stderr);
    assert!(replaced.stderr.contains("clues kept 0,"), "{}", replaced.stderr);
    assert_eq!(colours(&replaced.stdout), cells);
    assert_eq!(verdict_and_grade(dir.path(), &replaced.stdout).0, "solvable");
}

#[test]
fn keep_colours_says_when_the_grade_cannot_be_reached_and_writes_nothing() {
    let dir = temp_dir();
    // Five cells: no hard step fits in them.
    let mut tiny = drawing();
    for (at, _) in colours(&tiny).into_iter().skip(5) {
        tiny = with_group(&tiny, at, "..");
    }
    std::fs::write(dir.path().join("tiny.hexcells"), &tiny).expect("write the drawing");
    let run = hexcells(
        dir.path(),
        &[
            "generate",
            "--shape",
            "tiny.hexcells",
            "--keep-colours",
            "--difficulty",
            "hard",
            "--seed",
            "a",
            "-o",
            "out.hexcells",
        ],
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "hexcells: cannot reach difficulty hard with these colours: the nearest grade reached is"
        ),
        "{}",
        run.stderr
    );
    assert!(!dir.path().join("out.hexcells").exists());
    let run = hexcells(dir.path(), &["generate", "--shape", "hexagon", "--keep-colours"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("give its file"), "{}", run.stderr);
    let run = hexcells(
        dir.path(),
        &["generate", "--shape", "tiny.hexcells", "--replace-clues"],
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
}

#[test]
fn the_solution_record_replays_and_a_wrong_move_is_pointed_at() {
    let dir = temp_dir();
    let args = [
        "generate",
        "--size",
        "5",
        "--seed",
        "smurfette",
        "-o",
        "l.hexcells",
    ];
    assert_eq!(hexcells(dir.path(), &args).code, 0);
    let solve = hexcells(dir.path(), &["solve", "--record", "l.hexcells"]);
    assert_eq!(solve.code, 0, "{}", solve.stderr);
    assert!(
        solve.stdout.starts_with("# hexcells record\n1. "),
        "{}",
        solve.stdout
    );
    std::fs::write(dir.path().join("good.rec"), &solve.stdout).expect("write record");
    let replay = hexcells(dir.path(), &["replay", "l.hexcells", "good.rec"]);
    assert_eq!(replay.code, 0, "{}", replay.stdout);
    assert!(
        replay.stdout.contains("0 mistakes: level finished"),
        "{}",
        replay.stdout
    );

    // Flip the colour of the first move: the replay names that line and cell.
    let mut lines: Vec<String> = solve.stdout.lines().map(str::to_string).collect();
    let first = lines[1].clone();
    let flipped = if let Some(rest) = first.strip_suffix('b') {
        format!("{rest}k")
    } else {
        format!("{}b", first.trim_end_matches('k'))
    };
    lines[1] = flipped;
    std::fs::write(dir.path().join("bad.rec"), lines.join("\n")).expect("write record");
    let replay = hexcells(dir.path(), &["replay", "l.hexcells", "bad.rec"]);
    assert_eq!(replay.code, 1, "{}", replay.stdout);
    let cell = first.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ' ');
    let cell = &cell[..cell.len() - 1];
    assert!(
        replay.stdout.contains(&format!("bad.rec:2: move 1: {cell} is ")),
        "{}",
        replay.stdout
    );
    assert!(replay.stdout.contains("still covered"), "{}", replay.stdout);
}
