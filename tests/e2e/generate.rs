//! End-to-end tests of `hexcells generate`, `hexcells solve --record` and
//! `hexcells replay`, driving the built binary.

use std::path::Path;
use std::process::Command;

use hexcells_e2e::{bin, temp_dir};

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
