//! End-to-end tests of the `hexcells` command line (`check`, `fmt`, `convert`,
//! `solve`, `completions`, `man`), driving the built binary on levels written here and on the shared
//! corpus (skipped with a notice when it is absent).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use hexcells_corpus::Corpus;
use hexcells_e2e::{bin, docgen, shells, temp_dir};
use serde_json::Value;

/// What a run of `hexcells` printed and how it exited.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `hexcells` with `args` in `dir`, feeding `stdin`.
fn hexcells_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Run {
    hexcells_with(dir, args, stdin, &[])
}

/// [`hexcells_in`] with `env` added to the environment.
fn hexcells_with(dir: &Path, args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Run {
    let mut child = Command::new(bin("hexcells"))
        .args(args)
        .envs(env.iter().copied())
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start hexcells");
    // A process that exits before reading its stdin closes the pipe: not a failure here.
    let _ = child.stdin.take().expect("stdin").write_all(stdin);
    let output = child.wait_with_output().expect("wait for hexcells");
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

fn hexcells(dir: &Path, args: &[&str]) -> Run {
    hexcells_in(dir, args, b"")
}

/// A canonical level with the given items (`(x, y, "o+")`) on an otherwise empty
/// 33 x 33 grid.
fn level(title: &str, items: &[(usize, usize, &str)]) -> String {
    let mut grid = vec![vec![".."; 33]; 33];
    for &(x, y, item) in items {
        grid[y][x] = item;
    }
    let mut text = format!("Hexcells level v1\n{title}\ntests\n\n\n");
    for row in grid {
        text.push_str(&row.concat());
        text.push('\n');
    }
    text
}

/// Solvable in two rounds: the column and the counter clear four cells, then the
/// number uncovered on L10 settles the last two.
fn two_round_level() -> String {
    level(
        "Two rounds",
        &[
            (10, 6, "|+"),
            (10, 8, "x."),
            (11, 9, "o+"),
            (11, 11, "o."),
            (10, 10, "O+"),
            (10, 12, "o."),
            (9, 11, "o."),
            (9, 9, "o."),
        ],
    )
}

/// Stuck at once: one blue and one black cell, no clue tells them apart.
fn stuck_level() -> String {
    level("Coin toss", &[(10, 10, "x."), (11, 11, "o.")])
}

/// One hidden blue cell: the remaining counter gives it away.
fn counter_level() -> String {
    level("Counter", &[(10, 10, "x.")])
}

fn write(dir: &Path, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write level");
    path
}

fn json_lines(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}")))
        .collect()
}

#[test]
fn check_is_silent_and_exits_0_on_a_clean_level_without_the_engine() {
    let dir = temp_dir();
    write(dir.path(), "clean.hexcells", two_round_level());
    let run = hexcells(dir.path(), &["check", "--no-solve", "clean.hexcells"]);
    assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (0, "", ""));
}

#[test]
fn check_prints_errors_at_their_line_and_column_and_exits_1() {
    let dir = temp_dir();
    let text = two_round_level().replace("O+", "Q+");
    write(dir.path(), "typo.hexcells", text);
    let run = hexcells(dir.path(), &["check", "typo.hexcells"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    // Grid line y = 10 is text line 16; group x = 10 starts at column 21.
    let first = run.stdout.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("typo.hexcells:16:21: error[HC0106]: unknown item `Q`"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .ends_with("typo.hexcells: not analysed: 1 error to fix first (HC0106)\n"),
        "{}",
        run.stdout
    );
}

/// A model error does not stop the analysis, but the count of errors in the closing line
/// must still match the error lines printed above it.
#[test]
fn check_counts_every_error_it_prints() {
    let dir = temp_dir();
    // A syntax error (`Q`) and a model error (`c` on a blue cell, HC0202).
    let text = two_round_level().replace("O+", "Q+").replace("x.", "xc");
    write(dir.path(), "two-errors.hexcells", text);
    let run = hexcells(dir.path(), &["check", "two-errors.hexcells"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let error_lines = run.stdout.lines().filter(|l| l.contains(": error[")).count();
    assert_eq!(error_lines, 2, "{}", run.stdout);
    assert!(
        run.stdout.ends_with(
            "two-errors.hexcells: not analysed: 1 of its 2 errors to fix first (HC0106); \
             HC0202 does not stop the analysis\n"
        ),
        "{}",
        run.stdout
    );
}

#[test]
fn check_names_each_level_of_a_pack() {
    let dir = temp_dir();
    let pack = format!("{}{}", two_round_level(), two_round_level().replace("O+", "Q+"));
    write(dir.path(), "pack.hexcells", pack);
    let run = hexcells(dir.path(), &["check", "--no-solve", "pack.hexcells"]);
    assert_eq!(run.code, 1);
    // The second level starts on text line 39.
    assert!(
        run.stdout.contains("pack.hexcells:54:21: error[HC0106]"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("pack.hexcells[2]: not analysed"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("pack.hexcells[1]"), "{}", run.stdout);
}

#[test]
fn check_json_prints_one_object_per_level() {
    let dir = temp_dir();
    let pack = format!("{}{}", two_round_level(), two_round_level().replace("O+", "Q+"));
    write(dir.path(), "pack.hexcells", pack);
    let run = hexcells(dir.path(), &["check", "--json", "--no-solve", "pack.hexcells"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let lines = json_lines(&run.stdout);
    assert_eq!(lines.len(), 2);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["file"], "pack.hexcells");
        assert_eq!(line["level"], i + 1, "levels are numbered from 1");
        assert_eq!(line["title"], "Two rounds");
        for key in ["rounds", "stuck_cells", "diagnostics", "millis", "verdict"] {
            assert!(line.get(key).is_some(), "{key} missing in {line}");
        }
    }
    assert_eq!(lines[0]["verdict"], "skipped");
    assert_eq!(lines[0]["diagnostics"], Value::Array(Vec::new()));
    assert_eq!(lines[1]["verdict"], "invalid");
    let diagnostic = &lines[1]["diagnostics"][0];
    assert_eq!(diagnostic["code"], "HC0106");
    assert_eq!(diagnostic["severity"], "error");
    assert_eq!(diagnostic["line"], 54);
    assert_eq!(diagnostic["column"], 21);
    assert!(diagnostic["message"]
        .as_str()
        .is_some_and(|m| m.contains("unknown item `Q`")));
}

/// The project's pack `tests/levels/cli/curve.hexcells` copied to `dir`: five levels
/// whose level 3 is easier than level 2, level 4 stuck, level 5 as hard as level 3 by
/// its score but shorter.
fn curve_pack(dir: &Path) {
    let text = std::fs::read_to_string(hexcells_e2e::levels_dir().join("cli/curve.hexcells"))
        .expect("the project's curve pack");
    write(dir, "curve.hexcells", text);
}

#[test]
fn check_ends_a_pack_with_its_difficulty_curve_and_marks_where_it_falls_back() {
    let dir = temp_dir();
    curve_pack(dir.path());
    let run = hexcells(dir.path(), &["check", "curve.hexcells"]);
    assert_eq!(run.code, 1, "the stuck level is a finding: {}", run.stdout);
    let heading = "curve.hexcells: the difficulty of each level, in order";
    let (levels, curve) = run.stdout.split_once(heading).expect("the curve's heading");
    assert!(levels.contains("curve.hexcells[5]: solvable"), "{}", run.stdout);
    let rows: Vec<Vec<&str>> = curve
        .lines()
        .skip(1)
        .map(|row| row.split("  ").map(str::trim).filter(|c| !c.is_empty()).collect())
        .collect();
    assert_eq!(
        rows,
        [
            vec!["1", "Two rounds", "easy 0"],
            vec!["2", "One overlap", "easy-medium 1"],
            vec!["3", "Flowers", "easy 0", "easier than level 2"],
            vec!["4", "Coin toss", "stuck", "not compared"],
            // The stuck level is skipped: level 5 is compared with level 3, whose
            // score it ties, and is shorter.
            vec![
                "5",
                "Ring",
                "easy 0",
                "easier than level 3 (same score, fewer lesser steps)"
            ],
        ],
        "{}",
        run.stdout
    );
    // --json carries it: each level's line says which level it is easier than.
    let json = hexcells(dir.path(), &["check", "--json", "curve.hexcells"]);
    let lines = json_lines(&json.stdout);
    let easier: Vec<Value> = lines.iter().map(|l| l["easier_than"].clone()).collect();
    assert_eq!(
        easier,
        [
            Value::Null,
            Value::Null,
            Value::from(2),
            Value::Null,
            Value::from(3)
        ]
    );
    let key = |k: usize| lines[k]["difficulty"]["order_key"].clone();
    assert_eq!(key(1), serde_json::json!([1.0, 1.0]));
    assert_eq!(key(2), serde_json::json!([0.0, 7.0]));
    assert_eq!(key(3), Value::Null, "a stuck level has no order key");
    assert_eq!(key(4), serde_json::json!([0.0, 1.0]));
    assert_eq!(lines[1]["difficulty"]["score"], 1.0);
    // Without grades there is no curve to print.
    let fast = hexcells(dir.path(), &["check", "--fast", "curve.hexcells"]);
    assert!(!fast.stdout.contains(heading), "{}", fast.stdout);
}

#[test]
fn check_points_at_related_places_with_notes() {
    let dir = temp_dir();
    write(
        dir.path(),
        "overlap.hexcells",
        level("Overlap", &[(10, 10, "x."), (10, 11, "o.")]),
    );
    let run = hexcells(dir.path(), &["check", "--no-solve", "overlap.hexcells"]);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("warning[HC0204]"))
        .expect("a collision warning");
    assert!(
        lines[at].starts_with("overlap.hexcells:17:21: warning[HC0204]: "),
        "{}",
        run.stdout
    );
    assert!(
        lines
            .get(at + 1)
            .is_some_and(|l| l.starts_with("overlap.hexcells:16:21: note: ")),
        "{}",
        run.stdout
    );
    let run = hexcells(dir.path(), &["check", "--json", "--no-solve", "overlap.hexcells"]);
    let lines = json_lines(&run.stdout);
    let collision = lines[0]["diagnostics"]
        .as_array()
        .and_then(|ds| ds.iter().find(|d| d["code"] == "HC0204"))
        .expect("a collision in JSON");
    assert_eq!(collision["related"][0]["line"], 16);
    assert_eq!(collision["related"][0]["column"], 21);
}

#[test]
fn check_reads_stdin_and_empty_files() {
    let dir = temp_dir();
    let run = hexcells_in(
        dir.path(),
        &["check", "--no-solve", "-"],
        two_round_level().as_bytes(),
    );
    assert_eq!((run.code, run.stdout.as_str()), (0, ""));
    write(dir.path(), "empty.hexcells", "");
    let run = hexcells(dir.path(), &["check", "--json", "empty.hexcells"]);
    assert_eq!(run.code, 1);
    let lines = json_lines(&run.stdout);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["verdict"], "invalid");
    assert_eq!(lines[0]["diagnostics"][0]["code"], "HC0114");
}

#[test]
fn check_walks_directories_in_sorted_order() {
    let dir = temp_dir();
    let levels = dir.path().join("levels");
    std::fs::create_dir_all(levels.join("sub")).expect("mkdir");
    let broken = two_round_level().replace("O+", "Q+");
    write(&levels, "b.hexcells", &broken);
    write(&levels, "a.hexcells", &broken);
    write(&levels.join("sub"), "c.hexcells", &broken);
    write(&levels, "notes.txt", "not a level");
    let run = hexcells(dir.path(), &["check", "--json", "levels"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let files: Vec<String> = json_lines(&run.stdout)
        .iter()
        .map(|l| l["file"].as_str().unwrap_or_default().replace('\\', "/"))
        .collect();
    assert_eq!(
        files,
        ["levels/a.hexcells", "levels/b.hexcells", "levels/sub/c.hexcells"]
    );
}

#[test]
fn check_explains_inputs_it_cannot_read_and_exits_2() {
    let dir = temp_dir();
    std::fs::create_dir(dir.path().join("nothing-here")).expect("mkdir");
    write(dir.path(), "binary.hexcells", b"Hexcells level v1\n\x00\x01\x02");
    write(dir.path(), "latin1.hexcells", b"Hexcells level v1\ncaf\xe9\n");
    let big = std::fs::File::create(dir.path().join("big.hexcells")).expect("create");
    big.set_len(11 * 1024 * 1024).expect("grow file");
    write(dir.path(), "good.hexcells", two_round_level());
    let run = hexcells(
        dir.path(),
        &[
            "check",
            "--no-solve",
            "missing.hexcells",
            "nothing-here",
            "binary.hexcells",
            "latin1.hexcells",
            "big.hexcells",
            "good.hexcells",
        ],
    );
    assert_eq!(run.code, 2);
    let expected = [
        "hexcells: cannot read missing.hexcells: No such file or directory",
        "hexcells: cannot read nothing-here: the directory holds no *.hexcells files",
        "hexcells: cannot read binary.hexcells: binary data (a NUL byte at offset 18)",
        "hexcells: cannot read latin1.hexcells: not UTF-8 text (invalid byte at offset 21)",
        "hexcells: cannot read big.hexcells: the input is too large (11.0 MB",
    ];
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), expected.len(), "{}", run.stderr);
    for (line, start) in lines.iter().zip(expected) {
        assert!(line.starts_with(start), "{line:?} should start with {start:?}");
    }
    // The readable file was still checked.
    assert_eq!(run.stdout, "");
}

/// `check`'s stdout with each `"millis":N` (the engine's time, which varies from run
/// to run) replaced by `"millis":_`.
fn without_times(stdout: &str) -> String {
    let mut out = String::with_capacity(stdout.len());
    let mut rest = stdout;
    while let Some(at) = rest.find("\"millis\":") {
        let (head, tail) = rest.split_at(at + "\"millis\":".len());
        out.push_str(head);
        out.push('_');
        rest = tail.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == '-' || c == 'e');
    }
    out.push_str(rest);
    out
}

#[test]
fn check_prints_the_same_in_the_same_order_for_any_number_of_jobs() {
    let dir = temp_dir();
    let ours = hexcells_e2e::levels_dir();
    let read = |name: &str| std::fs::read_to_string(ours.join(name)).expect("read our level");
    // A pack of our levels (one of them broken), single files, a stuck level, an
    // empty file and one that cannot be read, in a directory walked in order.
    let levels = dir.path().join("levels");
    std::fs::create_dir_all(&levels).expect("mkdir");
    let pack = [
        read("flowers.hexcells"),
        two_round_level().replace("O+", "Q+"),
        read("columns.hexcells"),
        stuck_level(),
        read("together-apart.hexcells"),
        counter_level(),
        read("column-groups.hexcells"),
    ]
    .concat();
    write(&levels, "a-pack.hexcells", pack);
    write(&levels, "b-first-steps.hexcells", read("first-steps.hexcells"));
    write(&levels, "c-stuck.hexcells", stuck_level());
    write(&levels, "d-empty.hexcells", "");
    write(&levels, "e-binary.hexcells", b"Hexcells level v1\n\x00");
    write(&levels, "f-two-rounds.hexcells", two_round_level());
    let args = |extra: &[&'static str], jobs: Option<&'static str>| {
        let mut args = vec!["check"];
        args.extend_from_slice(extra);
        if let Some(n) = jobs {
            args.extend(["--jobs", n]);
        }
        args.extend(["levels", "levels/f-two-rounds.hexcells"]);
        args
    };
    for extra in [&[][..], &["--json"], &["--fast"], &["--json", "--fast"]] {
        let serial = hexcells(dir.path(), &args(extra, Some("1")));
        assert_eq!(serial.code, 2, "{extra:?}: {}", serial.stderr);
        assert!(serial.stderr.contains("e-binary.hexcells"), "{}", serial.stderr);
        assert!(serial.stdout.contains("a-pack.hexcells"), "{}", serial.stdout);
        for jobs in [None, Some("2"), Some("5")] {
            let parallel = hexcells(dir.path(), &args(extra, jobs));
            assert_eq!(parallel.code, serial.code, "{extra:?} {jobs:?}");
            assert_eq!(parallel.stderr, serial.stderr, "{extra:?} {jobs:?}");
            assert_eq!(
                without_times(&parallel.stdout),
                without_times(&serial.stdout),
                "{extra:?} {jobs:?}"
            );
        }
    }
    assert_eq!(hexcells(dir.path(), &["check", "--jobs", "0", "levels"]).code, 2);
}

#[test]
fn a_level_a_pack_repeats_gets_what_solving_it_again_gives() {
    // Our levels each several times (one under another title), a stuck level and a
    // level with an error among them; `HEXCELLS_ENGINE=scratch` solves every copy.
    let dir = temp_dir();
    let ours = hexcells_e2e::levels_dir();
    let read = |name: &str| std::fs::read_to_string(ours.join(name)).expect("read our level");
    let flowers = read("flowers.hexcells");
    // Another title (the header's second line), the same content.
    let renamed = {
        let mut lines: Vec<&str> = flowers.lines().collect();
        lines[1] = "The same flowers";
        lines.join("\n") + "\n"
    };
    let pack = [
        flowers.clone(),
        two_round_level(),
        stuck_level(),
        renamed,
        read("together-apart.hexcells"),
        two_round_level().replace("O+", "Q+"),
        flowers,
        stuck_level(),
        two_round_level(),
        read("together-apart.hexcells"),
    ]
    .concat();
    write(dir.path(), "pack.hexcells", pack);
    let runs: [&[&str]; 8] = [
        &["check", "pack.hexcells"],
        &["check", "--json", "pack.hexcells"],
        &["check", "--fast", "pack.hexcells"],
        &["check", "--json", "--fast", "--jobs", "3", "pack.hexcells"],
        &["check", "--json", "pack.hexcells", "pack.hexcells"],
        &["solve", "pack.hexcells"],
        &["solve", "--explain", "pack.hexcells"],
        &["solve", "--json", "pack.hexcells"],
    ];
    for args in runs {
        let kept = hexcells(dir.path(), args);
        let scratch = hexcells_with(dir.path(), args, b"", &[("HEXCELLS_ENGINE", "scratch")]);
        assert_eq!(kept.code, scratch.code, "{args:?}: {}", kept.stderr);
        assert_eq!(kept.stderr, scratch.stderr, "{args:?}");
        assert_eq!(
            without_times(&kept.stdout),
            without_times(&scratch.stdout),
            "{args:?}"
        );
        assert!(kept.stdout.contains("solvable"), "{args:?}: {}", kept.stdout);
    }
}

#[test]
fn check_streams_a_large_pack_in_input_order() {
    // More levels than check takes ahead of the oldest one it has not printed.
    let dir = temp_dir();
    let pack: String = (0..300)
        .map(|k| {
            if k % 3 == 0 {
                stuck_level()
            } else {
                two_round_level()
            }
        })
        .collect();
    write(dir.path(), "pack.hexcells", pack);
    let run = |jobs: &'static str| {
        hexcells(
            dir.path(),
            &["check", "--json", "--fast", "--jobs", jobs, "pack.hexcells"],
        )
    };
    let serial = run("1");
    assert_eq!(serial.code, 1, "{}", serial.stderr);
    let numbers: Vec<u64> = serial
        .stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok()?["level"].as_u64())
        .collect();
    assert_eq!(numbers, (1..=300).collect::<Vec<u64>>());
    for jobs in ["2", "3"] {
        let parallel = run(jobs);
        assert_eq!(parallel.code, serial.code);
        assert_eq!(
            without_times(&parallel.stdout),
            without_times(&serial.stdout),
            "--jobs {jobs}"
        );
    }
}

#[test]
fn check_draws_no_progress_bar_when_stderr_is_not_a_terminal() {
    let dir = temp_dir();
    write(dir.path(), "pack.hexcells", two_round_level().repeat(400));
    let run = hexcells(dir.path(), &["check", "pack.hexcells"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stderr, "");
    // A line per level, then the pack's curve: its heading and a line per level.
    assert_eq!(run.stdout.lines().count(), 400 + 1 + 400);
}

/// On a terminal a long `check --json` of a pack, its lines going to a file, shows a
/// bar that counts the pack's levels (counted before the first is checked). `script`
/// gives it the terminal.
#[test]
fn check_draws_its_progress_bar_on_a_terminal() {
    const LEVELS: usize = 4000;
    let dir = temp_dir();
    write(dir.path(), "pack.hexcells", two_round_level().repeat(LEVELS));
    let command = format!(
        "'{}' check --json pack.hexcells > lines.jsonl",
        bin("hexcells").display()
    );
    let Ok(run) = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .output()
    else {
        hexcells_e2e::skip("no `script` (util-linux) to give `check` a terminal");
        return;
    };
    let terminal = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{terminal}");
    let lines = std::fs::read_to_string(dir.path().join("lines.jsonl")).expect("the lines");
    assert_eq!(lines.lines().count(), LEVELS);
    assert!(
        terminal.contains(&format!("/{LEVELS} levels")),
        "no bar on the terminal: {terminal:?}"
    );
}

#[test]
fn check_stops_quietly_when_the_reader_goes_away() {
    let dir = temp_dir();
    // Many levels with warnings: far more output than a pipe buffer holds.
    let noisy = level("Noisy", &[(10, 10, "x."), (10, 11, "o.")]);
    write(dir.path(), "noisy.hexcells", noisy.repeat(3000));
    let mut child = Command::new(bin("hexcells"))
        .args(["check", "--no-solve", "noisy.hexcells"])
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start hexcells");
    let mut first = [0u8; 64];
    let read = child
        .stdout
        .as_mut()
        .expect("stdout")
        .read(&mut first)
        .expect("read");
    assert!(read > 0);
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("wait");
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert!(output.status.success(), "{:?}", output.status);
}

#[test]
fn fmt_rewrites_only_what_changes_and_keeps_permissions() {
    let dir = temp_dir();
    let canonical = two_round_level();
    // CRLF and an indented grid (as pasted from reddit): same level, other text.
    let messy: String = canonical
        .lines()
        .enumerate()
        .map(|(i, line)| {
            if i >= 5 {
                format!("    {line}  \r\n")
            } else {
                format!("{line}\r\n")
            }
        })
        .collect();
    let messy_path = write(dir.path(), "messy.hexcells", &messy);
    let clean_path = write(dir.path(), "clean.hexcells", &canonical);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&messy_path, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    }
    let clean_modified = std::fs::metadata(&clean_path)
        .and_then(|m| m.modified())
        .expect("mtime");

    let run = hexcells(
        dir.path(),
        &["fmt", "--check", "messy.hexcells", "clean.hexcells"],
    );
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stdout,
        "messy.hexcells: would reformat (first difference on line 1)\n"
    );
    assert_eq!(
        std::fs::read_to_string(&messy_path).expect("read"),
        messy,
        "--check writes nothing"
    );

    let run = hexcells(dir.path(), &["fmt", "messy.hexcells", "clean.hexcells"]);
    assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (0, "", ""));
    assert_eq!(std::fs::read_to_string(&messy_path).expect("read"), canonical);
    let clean_after = std::fs::metadata(&clean_path)
        .and_then(|m| m.modified())
        .expect("mtime");
    assert_eq!(clean_after, clean_modified, "a canonical file is not rewritten");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&messy_path).expect("meta").permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("ls")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "no temporary file left: {names:?}");

    let run = hexcells(dir.path(), &["fmt", "--check", "messy.hexcells"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, ""));
}

#[test]
fn fmt_refuses_files_with_syntax_errors() {
    let dir = temp_dir();
    let broken = two_round_level().replace("O+", "Q+");
    let path = write(dir.path(), "broken.hexcells", &broken);
    let run = hexcells(dir.path(), &["fmt", "broken.hexcells"]);
    assert_eq!(run.code, 1);
    assert_eq!(std::fs::read_to_string(&path).expect("read"), broken);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert!(
        lines[0].starts_with("broken.hexcells:16:21: error[HC0106]"),
        "{}",
        run.stderr
    );
    assert_eq!(
        lines.last().copied(),
        Some(
            "hexcells: cannot format broken.hexcells: it has a syntax error, and formatting would lose \
             what could not be read; fix it first"
        )
    );
}

#[test]
fn fmt_formats_stdin_to_stdout() {
    let dir = temp_dir();
    let canonical = two_round_level();
    let run = hexcells_in(
        dir.path(),
        &["fmt", "-"],
        canonical.replace('\n', "\r\n").as_bytes(),
    );
    assert_eq!((run.code, run.stdout.as_str()), (0, canonical.as_str()));
}

#[test]
fn convert_writes_canonical_text_and_picks_a_level_of_a_pack() {
    let dir = temp_dir();
    let first = two_round_level();
    let second = stuck_level();
    write(dir.path(), "pack.hexcells", format!("{first}{second}"));
    let run = hexcells(dir.path(), &["convert", "pack.hexcells", "out.hexcells"]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "hexcells: pack.hexcells is a pack of 2 levels; choose one with --level N (from 1)\n"
    );
    let run = hexcells(
        dir.path(),
        &["convert", "--level", "2", "pack.hexcells", "out.hexcells"],
    );
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("out.hexcells")).expect("read"),
        second
    );
    let run = hexcells(dir.path(), &["convert", "pack.hexcells", "out.txt"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("cannot tell the format of out.txt"),
        "{}",
        run.stderr
    );
}

#[test]
fn convert_round_trips_through_sixcells_json() {
    let dir = temp_dir();
    let text = two_round_level();
    write(dir.path(), "level.hexcells", &text);
    let run = hexcells(dir.path(), &["convert", "level.hexcells", "level.sixcells"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("level.sixcells")).expect("read"))
            .expect("SixCells JSON");
    assert_eq!(json["version"], 1);
    assert_eq!(json["title"], "Two rounds");
    assert_eq!(json["cells"].as_array().map(Vec::len), Some(7));
    assert_eq!(json["columns"].as_array().map(Vec::len), Some(1));

    let run = hexcells(dir.path(), &["convert", "level.sixcells", "back.hexcells"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("back.hexcells")).expect("read"),
        text
    );

    // Without OUT, the other format goes to stdout; stdin needs --from.
    let run = hexcells(dir.path(), &["convert", "level.sixcells"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, text.as_str()));
    let json_text = std::fs::read_to_string(dir.path().join("level.sixcells")).expect("read");
    let run = hexcells_in(
        dir.path(),
        &["convert", "--from", "sixcells", "-", "--to", "hexcells"],
        json_text.as_bytes(),
    );
    assert_eq!((run.code, run.stdout.as_str()), (0, text.as_str()));
    let run = hexcells_in(dir.path(), &["convert", "-"], json_text.as_bytes());
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "hexcells: say which format stdin holds with --from hexcells or --from sixcells\n"
    );
}

#[test]
fn convert_explains_broken_sixcells_files() {
    let dir = temp_dir();
    write(dir.path(), "broken.sixcells", "{\"version\": 1, \"cells\": [");
    let run = hexcells(dir.path(), &["convert", "broken.sixcells", "out.hexcells"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .starts_with("hexcells: cannot convert broken.sixcells: not a SixCells level: "),
        "{}",
        run.stderr
    );
    assert!(!dir.path().join("out.hexcells").exists());
}

#[test]
fn lsp_accepts_the_stdio_flag_editors_pass() {
    // vscode-languageclient starts `hexcells lsp --stdio`; stdin at EOF ends the server.
    let dir = temp_dir();
    let mut child = Command::new(bin("hexcells"))
        .args(["lsp", "--stdio"])
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start hexcells lsp");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while child.try_wait().expect("poll").is_none() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let _ = child.kill();
    let output = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("unexpected argument"), "{stderr}");
}

#[test]
fn example_levels_are_clean_and_solvable() {
    // The README's first command checks one of these; all of them must pass. (The
    // examples of docs/cli.md, in tests/levels/cli, have problems on purpose.)
    let levels = hexcells_e2e::levels_dir();
    let mut files: Vec<String> = std::fs::read_dir(&levels)
        .expect("read tests/levels")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".hexcells"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "{files:?}");
    let mut args = vec!["check"];
    args.extend(files.iter().map(String::as_str));
    let run = hexcells(&levels, &args);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{}", run.stdout);
    assert!(!run.stdout.is_empty());
    for line in run.stdout.lines() {
        assert!(line.contains(": solvable in "), "{line}");
    }
}

#[test]
fn levels_used_here_read_without_errors() {
    // The fixtures above must be what they claim: clean levels.
    let dir = temp_dir();
    for (name, text) in [
        ("two.hexcells", two_round_level()),
        ("stuck.hexcells", stuck_level()),
        ("counter.hexcells", counter_level()),
    ] {
        write(dir.path(), name, text);
        let run = hexcells(dir.path(), &["check", "--no-solve", name]);
        assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{name}");
    }
}

#[test]
fn corpus_checks_without_panics_and_community_levels_have_no_errors() {
    let Some(corpus) = Corpus::find() else { return };
    let run = hexcells(corpus.dir(), &["check", "--json", "--no-solve", "levels"]);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    assert_ne!(run.code, 2, "{}", run.stderr);
    let lines = json_lines(&run.stdout);
    let origins: std::collections::HashMap<String, String> =
        corpus.table("MANIFEST.tsv", "origin").into_iter().collect();
    let files: std::collections::BTreeSet<&str> = lines.iter().filter_map(|l| l["file"].as_str()).collect();
    assert_eq!(files.len(), origins.len(), "every corpus file is checked");
    let mut community_errors = Vec::new();
    for line in &lines {
        let file = line["file"].as_str().unwrap_or_default();
        assert!(origins.contains_key(file), "{file} is not in MANIFEST.tsv");
        if origins.get(file).map(String::as_str) != Some("community") {
            continue;
        }
        for d in line["diagnostics"].as_array().into_iter().flatten() {
            if d["severity"] == "error" {
                community_errors.push(format!("{file}: {d}"));
            }
        }
    }
    assert!(community_errors.is_empty(), "{}", community_errors.join("\n"));
}

#[test]
fn check_gives_each_level_its_verdict() {
    let dir = temp_dir();
    write(dir.path(), "two.hexcells", two_round_level());
    write(dir.path(), "counter.hexcells", counter_level());
    let run = hexcells(dir.path(), &["check", "two.hexcells", "counter.hexcells"]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert!(
        lines[0].starts_with("two.hexcells: solvable in 2 rounds (hardest step uses "),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains("; difficulty "), "{}", lines[0]);
    assert_eq!(
        lines[1],
        "counter.hexcells: solvable in 1 round (hardest step uses 1 clue); difficulty easy (1 of 5): every step finishes a clue or reads the counter alone; 1 step"
    );

    write(dir.path(), "stuck.hexcells", stuck_level());
    let run = hexcells(dir.path(), &["check", "stuck.hexcells"]);
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stdout,
        "stuck.hexcells:16:21: error[HC0301]: stuck after round 0: 2 cells can't be deduced: K11, L12\n"
    );
}

#[test]
fn check_json_carries_verdicts_rounds_and_stuck_cells() {
    let dir = temp_dir();
    write(
        dir.path(),
        "pack.hexcells",
        format!("{}{}", two_round_level(), stuck_level()),
    );
    let run = hexcells(dir.path(), &["check", "--json", "pack.hexcells"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let lines = json_lines(&run.stdout);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["verdict"], "solvable");
    assert_eq!(lines[0]["rounds"], 2);
    assert_eq!(lines[0]["stuck_cells"], Value::Array(Vec::new()));
    assert!(lines[0]["millis"].as_f64().is_some_and(|m| m >= 0.0));
    assert_eq!(lines[1]["verdict"], "stuck");
    assert_eq!(lines[1]["stuck_after_round"], 0);
    assert_eq!(lines[1]["stuck_cells"], serde_json::json!(["K11", "L12"]));
    assert_eq!(lines[1]["diagnostics"][0]["code"], "HC0301");
    assert_eq!(lines[1]["diagnostics"][0]["line"], 38 + 16);
    // The difficulty grade: a number and a name for a solvable level, null for a
    // stuck one.
    let grade = &lines[0]["difficulty"];
    assert!((1..=5).contains(&grade["grade"].as_u64().unwrap_or(0)), "{grade}");
    assert!(grade["name"].is_string(), "{grade}");
    assert_eq!(grade["steps_by_effort"].as_array().map(Vec::len), Some(5));
    assert_eq!(lines[1]["difficulty"]["grade"], Value::Null);
    assert_eq!(lines[1]["difficulty"]["name"], Value::Null);
    // Without explanations there is no grade either.
    let run = hexcells(dir.path(), &["check", "--json", "--fast", "pack.hexcells"]);
    assert_eq!(json_lines(&run.stdout)[0]["difficulty"]["grade"], Value::Null);
}

#[test]
fn solve_json_gives_each_step_its_rule_clues_and_text() {
    let dir = temp_dir();
    write(
        dir.path(),
        "pack.hexcells",
        format!("{}{}{}", two_round_level(), counter_level(), stuck_level()),
    );
    let run = hexcells(dir.path(), &["solve", "--explain", "--json", "pack.hexcells"]);
    assert_eq!(run.code, 1, "the stuck level is a finding: {}", run.stderr);
    let lines = json_lines(&run.stdout);
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    let keys = |v: &Value| -> Vec<String> {
        v.as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default()
    };
    let mut level_keys = keys(&lines[0]);
    level_keys.sort();
    assert_eq!(
        level_keys,
        ["difficulty", "level", "rounds", "steps", "title", "verdict"]
    );
    assert_eq!(lines[0]["level"], 1, "levels are numbered from 1");
    assert_eq!(lines[0]["title"], "Two rounds");
    assert_eq!(lines[0]["verdict"], "solvable");
    assert_eq!(lines[0]["rounds"], 2);
    let steps = lines[0]["steps"].as_array().cloned().unwrap_or_default();
    assert_eq!(steps.len(), 6, "every uncovered cell is a step");
    let mut step_keys = keys(&steps[0]);
    step_keys.sort();
    assert_eq!(step_keys, ["cell", "clues", "colour", "round", "rule", "text"]);
    let k9 = steps.iter().find(|s| s["cell"] == "K9").expect("K9 is a step");
    assert_eq!(k9["round"], 2);
    assert_eq!(k9["colour"], "blue");
    assert_eq!(k9["rule"], "finish-blue");
    assert_eq!(k9["clues"], serde_json::json!(["L10"]));
    assert_eq!(k9["text"], "L10 = 1 needs 1 blue and has 1 cell hidden");
    // The counter is named `remaining`.
    let counter = &lines[1]["steps"][0];
    assert_eq!(counter["rule"], "remaining");
    assert_eq!(counter["clues"], serde_json::json!(["remaining"]));
    assert_eq!(lines[1]["difficulty"]["grade"], 1);
    assert_eq!(lines[1]["difficulty"]["name"], "easy");
    // A stuck level: no grade, and its stuck cells are not steps.
    assert_eq!(lines[2]["verdict"], "stuck");
    assert_eq!(lines[2]["steps"], Value::Array(Vec::new()));
    assert_eq!(lines[2]["difficulty"]["grade"], Value::Null);
}

#[test]
fn solve_prints_one_line_per_round() {
    let dir = temp_dir();
    write(dir.path(), "counter.hexcells", counter_level());
    let run = hexcells(dir.path(), &["solve", "counter.hexcells"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert_eq!(
        run.stdout,
        "round 1: K11 blue\nsolvable in 1 round (hardest step uses 1 clue); the remaining counter is needed 1 time; difficulty easy (1 of 5): every step finishes a clue or reads the counter alone; 1 step\n"
    );
    let run = hexcells(dir.path(), &["solve", "--explain", "counter.hexcells"]);
    assert_eq!(run.code, 0);
    assert!(
        run.stdout.starts_with(
            "round 1:\n  K11 blue · remaining · remaining = 1 with 1 cell hidden: all are blue\n"
        ),
        "{}",
        run.stdout
    );

    write(dir.path(), "two.hexcells", two_round_level());
    let run = hexcells(dir.path(), &["solve", "two.hexcells"]);
    assert_eq!(run.code, 0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    assert!(lines[0].starts_with("round 1: "), "{}", run.stdout);
    for cell in ["J10 black", "L10 black", "J12 black", "L12 black"] {
        assert!(lines[0].contains(cell), "{cell} in round 1: {}", run.stdout);
    }
    assert!(lines[1].starts_with("round 2: "), "{}", run.stdout);
    for cell in ["K9 blue", "K13 black"] {
        assert!(lines[1].contains(cell), "{cell} in round 2: {}", run.stdout);
    }

    write(dir.path(), "stuck.hexcells", stuck_level());
    let run = hexcells(dir.path(), &["solve", "stuck.hexcells"]);
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (1, "stuck after round 0: 2 cells can't be deduced: K11, L12\n")
    );
}

#[test]
fn corpus_levels_get_their_expected_verdicts_through_the_cli() {
    let Some(corpus) = Corpus::find() else { return };
    let expected = corpus.table("expected-verdicts.tsv", "verdict");
    assert!(!expected.is_empty());
    // Verdicts only, and a budget large enough that a slow (debug) build does not
    // turn an answer into `gave_up`.
    let mut args = vec!["check", "--json", "--fast", "--budget-ms", "600000"];
    args.extend(expected.iter().map(|(file, _)| file.as_str()));
    let run = hexcells(corpus.dir(), &args);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    assert_ne!(run.code, 2, "{}", run.stderr);
    let lines = json_lines(&run.stdout);
    let got: std::collections::HashMap<&str, &str> = lines
        .iter()
        .filter(|l| l["level"] == 1)
        .filter_map(|l| Some((l["file"].as_str()?, l["verdict"].as_str()?)))
        .collect();
    let wrong: Vec<String> = expected
        .iter()
        .filter(|(file, verdict)| got.get(file.as_str()) != Some(&verdict.as_str()))
        .map(|(file, verdict)| format!("{file}: expected {verdict}, got {:?}", got.get(file.as_str())))
        .collect();
    assert!(
        wrong.is_empty(),
        "{} of {} wrong:\n{}",
        wrong.len(),
        expected.len(),
        wrong.join("\n")
    );
}

#[test]
fn completions_into_a_pipe_closed_early_end_quietly() {
    // `hexcells completions zsh | head -n 1` (docs/cli.md): the reader may be gone
    // before the script is written; the closed pipe ends the command, no panic.
    let mut child = Command::new(bin("hexcells"))
        .args(["completions", "zsh"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run hexcells completions");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("wait for hexcells");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn completion_scripts_load_in_their_shells_and_offer_subcommands_and_values() {
    let dir = temp_dir();
    let mut problems = Vec::new();
    for (shell, file) in shells::SHELLS {
        let run = hexcells(dir.path(), &["completions", shell]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let script = dir.path().join(file);
        std::fs::write(&script, &run.stdout).expect("write the script");
        problems.extend(shells::problems(shell, &script));
    }
    // And those of `hexcells-view`, which offer its options and their values.
    for (shell, file) in shells::VIEWER_SHELLS {
        let run = Command::new(bin("hexcells-view"))
            .args(["--completions", shell])
            .output()
            .expect("run hexcells-view");
        assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
        let script = dir.path().join(file);
        std::fs::write(&script, &run.stdout).expect("write the script");
        problems.extend(shells::viewer_problems(shell, &script));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let run = hexcells(dir.path(), &["completions", "tcsh"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("[possible values: bash, elvish, fish, powershell, zsh]"),
        "{}",
        run.stderr
    );
}

#[test]
fn man_writes_a_page_per_subcommand_and_prints_the_main_one() {
    let dir = temp_dir();
    let subcommands = docgen::cli::commands();
    assert!(
        subcommands.iter().any(|c| c == "check") && subcommands.iter().any(|c| c == "man"),
        "{subcommands:?}"
    );

    let run = hexcells(dir.path(), &["man", "pages/man1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut expected = vec!["pages/man1/hexcells.1".to_string()];
    expected.extend(subcommands.iter().map(|c| format!("pages/man1/hexcells-{c}.1")));
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), expected);

    let read =
        |name: &str| std::fs::read_to_string(dir.path().join("pages/man1").join(name)).expect("read a page");
    let main = read("hexcells.1");
    assert!(main.contains(".TH hexcells 1"), "{main}");
    for command in &subcommands {
        // The main page lists each subcommand's page; each page documents its options.
        assert!(
            main.contains(&format!("hexcells\\-{command}(1)")),
            "{command} missing from:\n{main}"
        );
        let page = read(&format!("hexcells-{command}.1"));
        assert!(page.contains(&format!(".TH hexcells-{command} 1")), "{page}");
        assert!(
            page.contains(&format!("\"hexcells {}\"", env!("CARGO_PKG_VERSION"))),
            "{page}"
        );
    }
    assert!(read("hexcells-check.1").contains("\\-\\-budget\\-ms"));
    // Each synopsis writes options with their values and arguments with their
    // repetition as `--help` does (`--budget-ms <N>`, `<FILE>...`).
    for command in &subcommands {
        let page = read(&format!("hexcells-{command}.1"));
        let synopsis = page
            .lines()
            .skip_while(|l| *l != ".SH SYNOPSIS")
            .nth(1)
            .unwrap_or_default()
            .replace("\\-", "-")
            .replace("\\fB", "")
            .replace("\\fR", "");
        let help = hexcells(dir.path(), &[command, "--help"]).stdout;
        let shown: Vec<String> = help
            .lines()
            .filter(|l| l.starts_with("  -") || l.starts_with("  <") || l.starts_with("  ["))
            .map(|l| {
                // Short help puts the text on the same line, after two spaces.
                let l = l.trim().split("  ").next().unwrap_or_default();
                // `-j, --jobs <N>` is written `-j|--jobs <N>`.
                l.split_once(", ").map_or(l, |(_, long)| long).to_string()
            })
            .collect();
        assert!(!shown.is_empty(), "{help}");
        for form in shown {
            assert!(
                synopsis.contains(&form),
                "hexcells-{command}.1: the synopsis lacks `{form}`:\n{synopsis}"
            );
        }
    }

    // Without a folder: the main page on stdout, the same text.
    let printed = hexcells(dir.path(), &["man"]);
    assert_eq!((printed.code, printed.stdout.as_str()), (0, main.as_str()));

    // Again over the pages: each is replaced whole (a reader that holds the old page
    // keeps reading it), not rewritten in place, and nothing is left beside them.
    let page = dir.path().join("pages/man1/hexcells.1");
    let held = dir.path().join("held.1");
    std::fs::hard_link(&page, &held).expect("link the page");
    std::fs::write(&held, "an old page").expect("write through the link");
    let again = hexcells(dir.path(), &["man", "pages/man1"]);
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert_eq!(read("hexcells.1"), main);
    assert_eq!(std::fs::read_to_string(&held).expect("read"), "an old page");
    let mut names: Vec<String> = std::fs::read_dir(dir.path().join("pages/man1"))
        .expect("read the folder")
        .map(|e| format!("pages/man1/{}", e.expect("entry").file_name().to_string_lossy()))
        .collect();
    names.sort();
    expected.sort();
    assert_eq!(names, expected);

    // A folder that cannot be made is an error that names it, not a panic.
    std::fs::write(dir.path().join("taken"), "a file").expect("write a file");
    let run = hexcells(dir.path(), &["man", "taken"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .starts_with("hexcells: cannot create the folder taken: "),
        "{}",
        run.stderr
    );
}

/// The mode bits of `path`.
#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .permissions()
        .mode()
        & 0o777
}

#[cfg(unix)]
#[test]
fn new_files_get_the_mode_of_the_umask_and_existing_files_keep_theirs() {
    use std::os::unix::fs::PermissionsExt;
    let hexcells = bin("hexcells");
    let view = bin("hexcells-view");
    for (umask, expected) in [("022", 0o644), ("077", 0o600)] {
        let dir = temp_dir();
        // Each command writes a new file, run by a shell under that umask.
        let script = format!(
            "umask {umask} && \
             '{hexcells}' generate --shape hexagon --size 3 --seed s -o new.hexcells && \
             '{hexcells}' convert new.hexcells new.sixcells && \
             '{view}' --export-record new.record new.hexcells",
            hexcells = hexcells.display(),
            view = view.display(),
        );
        let run = Command::new("sh")
            .arg("-c")
            .arg(&script)
            .current_dir(dir.path())
            .env("XDG_STATE_HOME", dir.path().join("state"))
            .output()
            .expect("run sh");
        assert!(
            run.status.success(),
            "umask {umask}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        for file in ["new.hexcells", "new.sixcells", "new.record"] {
            assert_eq!(
                mode(&dir.path().join(file)),
                expected,
                "{file} under umask {umask}: {:o}",
                mode(&dir.path().join(file))
            );
        }
        // No temporary file is left beside them.
        let mut names: Vec<String> = std::fs::read_dir(dir.path())
            .expect("ls")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .filter(|name| name != "state")
            .collect();
        names.sort();
        assert_eq!(names, ["new.hexcells", "new.record", "new.sixcells"]);
    }

    // Files that exist keep their mode, whatever the umask, when rewritten.
    let dir = temp_dir();
    let messy = level("Messy", &[(3, 3, "x."), (3, 5, "o+")]).replace('\n', "\r\n");
    std::fs::write(dir.path().join("old.hexcells"), messy).expect("write");
    std::fs::write(dir.path().join("old.sixcells"), "{}").expect("write");
    for (file, bits) in [("old.hexcells", 0o640), ("old.sixcells", 0o604)] {
        std::fs::set_permissions(dir.path().join(file), std::fs::Permissions::from_mode(bits))
            .expect("chmod");
    }
    let script = format!(
        "umask 077 && '{hexcells}' fmt old.hexcells && '{hexcells}' convert old.hexcells old.sixcells",
        hexcells = hexcells.display()
    );
    let run = Command::new("sh")
        .arg("-c")
        .arg(&script)
        .current_dir(dir.path())
        .output()
        .expect("run sh");
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let formatted = std::fs::read_to_string(dir.path().join("old.hexcells")).expect("read");
    assert!(!formatted.contains('\r'), "fmt rewrote the file");
    assert!(
        std::fs::read_to_string(dir.path().join("old.sixcells"))
            .expect("read")
            .contains("\"version\""),
        "convert rewrote the file"
    );
    assert_eq!(mode(&dir.path().join("old.hexcells")), 0o640);
    assert_eq!(mode(&dir.path().join("old.sixcells")), 0o604);
}
