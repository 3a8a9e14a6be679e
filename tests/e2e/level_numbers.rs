//! Levels of a pack are numbered from 1 by every command that names or picks one
//! (`check`, `solve`, `replay`, `convert`, `generate --shape`, `hexcells-view`), and a
//! `--level` outside the pack is a clear error with exit status 2.

use std::path::Path;
use std::process::{Command, Output};

use hexcells_e2e::{bin, levels_dir, temp_dir};
use serde_json::Value;

/// A pack of two of the project's levels, written to `dir/pack.hexcells`; returns
/// the two levels' texts.
fn write_pack(dir: &Path) -> (String, String) {
    let read = |name: &str| std::fs::read_to_string(levels_dir().join(name)).expect("example level");
    let (first, second) = (read("first-steps.hexcells"), read("flowers.hexcells"));
    std::fs::write(dir.join("pack.hexcells"), format!("{first}{second}")).expect("write pack");
    (first, second)
}

fn run(program: &str, dir: &Path, args: &[&str]) -> Output {
    Command::new(bin(program))
        .args(args)
        .current_dir(dir)
        .env("XDG_STATE_HOME", dir.join("state"))
        .output()
        .expect("run the binary")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn title(level: &str) -> &str {
    level.lines().nth(1).unwrap_or_default()
}

#[test]
fn check_and_solve_name_the_levels_of_a_pack_from_1() {
    let dir = temp_dir();
    let (_, second) = write_pack(dir.path());
    let out = run("hexcells", dir.path(), &["check", "pack.hexcells"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    let (verdicts, curve) = stdout
        .split_once("pack.hexcells: the difficulty of each level, in order\n")
        .unwrap_or((&stdout, ""));
    let labels: Vec<&str> = verdicts.lines().filter_map(|l| l.split(": ").next()).collect();
    assert_eq!(labels, ["pack.hexcells[1]", "pack.hexcells[2]"], "{stdout}");
    // The pack's curve numbers its levels from 1 too.
    let numbers: Vec<&str> = curve
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(numbers, ["1", "2"], "{stdout}");

    let out = run(
        "hexcells",
        dir.path(),
        &["check", "--json", "--no-solve", "pack.hexcells"],
    );
    let numbers: Vec<Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("a JSON line")["level"].clone())
        .collect();
    assert_eq!(numbers, [1, 2]);

    let out = run(
        "hexcells",
        dir.path(),
        &["solve", "--level", "2", "pack.hexcells"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(
        stdout.lines().next(),
        Some(format!("pack.hexcells[2]: {}", title(&second)).as_str())
    );
}

#[test]
fn replay_and_convert_pick_a_level_from_1() {
    let dir = temp_dir();
    let (_, second) = write_pack(dir.path());
    let out = run(
        "hexcells",
        dir.path(),
        &["solve", "--record", "--level", "2", "pack.hexcells"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    std::fs::write(dir.path().join("second.record"), &out.stdout).expect("write record");
    let out = run(
        "hexcells",
        dir.path(),
        &["replay", "--level", "2", "pack.hexcells", "second.record"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(
        text(&out.stdout).ends_with("level finished\n"),
        "{}",
        text(&out.stdout)
    );

    let out = run(
        "hexcells",
        dir.path(),
        &["convert", "--level", "2", "pack.hexcells", "second.hexcells"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let converted = std::fs::read_to_string(dir.path().join("second.hexcells")).expect("converted");
    assert_eq!(converted, second);

    // A SixCells file holds one level: --level 1 is it, --level 2 is an error, not ignored.
    let out = run(
        "hexcells",
        dir.path(),
        &["convert", "second.hexcells", "second.sixcells"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = run(
        "hexcells",
        dir.path(),
        &["convert", "--level", "1", "second.sixcells", "back.hexcells"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = run(
        "hexcells",
        dir.path(),
        &["convert", "--level", "2", "second.sixcells", "other.hexcells"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("--level 2: second.sixcells has 1 level (--level 1)"),
        "{}",
        text(&out.stderr)
    );
    assert!(!dir.path().join("other.hexcells").exists());
}

#[test]
fn a_level_outside_the_pack_is_an_error_in_every_command() {
    let dir = temp_dir();
    write_pack(dir.path());
    std::fs::write(dir.path().join("empty.record"), "").expect("write record");
    let commands: [(&str, &[&str]); 6] = [
        ("hexcells", &["solve", "pack.hexcells"]),
        ("hexcells", &["replay", "pack.hexcells", "empty.record"]),
        ("hexcells", &["convert", "pack.hexcells", "out.sixcells"]),
        (
            "hexcells",
            &["generate", "--shape", "pack.hexcells", "--seed", "x"],
        ),
        ("hexcells-view", &["--png", "out.png", "pack.hexcells"]),
        ("hexcells-view", &["--export-record", "-", "pack.hexcells"]),
    ];
    for (program, args) in commands {
        for (level, expected) in [
            ("0", "levels are numbered from 1"),
            ("3", "--level 3: pack.hexcells has 2 levels (--level 1 to 2)"),
        ] {
            let mut with_level = args.to_vec();
            with_level.extend(["--level", level]);
            let out = run(program, dir.path(), &with_level);
            let stderr = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{program} {with_level:?}: {stderr}");
            assert!(
                stderr.contains(expected),
                "{program} {with_level:?} should say {expected:?}: {stderr}"
            );
            assert!(!dir.path().join("out.png").exists() && !dir.path().join("out.sixcells").exists());
        }
    }
    // The viewer starts at level 2 of 2 when asked.
    let out = run(
        "hexcells-view",
        dir.path(),
        &["--png", "out.png", "--level", "2", "pack.hexcells"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(dir.path().join("out.png").exists());
}
