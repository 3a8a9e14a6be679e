//! The figures of `hexcells check` on the whole shared corpus, as a new user runs it
//! (one process for every level, the release build): corpus verdicts (`--fast`),
//! verdicts with explanations, the slowest single level's verdict, and how many
//! explanations are not shown minimal; then one pack of the corpus levels and one of
//! ten copies of them (4,410 levels, about 10 MB; built in a temporary directory, never
//! in the project), with time per level and peak memory. Each figure is printed with
//! its wall time and the CPU time it used, since other work on the machine inflates
//! wall times.
//!
//! Then a level answered once however often it comes: a pack of 2,300 copies of one
//! corpus level (the solvable one whose replay has the number of steps nearest 24, or
//! the first whose file name holds `HEXCELLS_BENCH_REPEATED`; built in a temporary
//! directory), `check --json` as built and with
//! `HEXCELLS_ENGINE=scratch` (every copy solved again); and `check --json` on the
//! whole corpus A/B in one run, the runs interleaved: as built, with
//! `HEXCELLS_ENGINE=scratch`, and the `hexcells` binary `HEXCELLS_BENCH_BASELINE`
//! names (a build of main), which also checks the repeated pack once.
//!
//! Run with `cargo bench -p hexcells-server --bench check` (`-- pack`, `-- repeated`
//! or `-- ab` for those rows alone); `--bench lsp` gives the language server's
//! figures. Asserts nothing about speed.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use hexcells_core::format::{parse, print};
use hexcells_core::solve::{self, Budget};
use hexcells_corpus::Corpus;

/// Runs of each command; the figures are the medians.
const RUNS: usize = 5;

fn main() {
    let Some(corpus) = Corpus::find() else {
        return;
    };
    let levels = corpus.levels_dir();
    println!(
        "corpus: {} ({} files)",
        levels.display(),
        corpus.level_paths().len()
    );
    println!("load average before: {}", load_average());
    let parts: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| ["pack", "repeated", "ab"].contains(&a.as_str()))
        .collect();
    if !parts.is_empty() {
        let baseline = baseline();
        for part in &parts {
            match part.as_str() {
                "pack" => packs(&corpus),
                "repeated" => repeated_pack(&corpus, baseline.as_deref()),
                _ => a_b(&levels, baseline.as_deref()),
            }
        }
        println!("load average after: {}", load_average());
        return;
    }
    for (what, args) in [
        (
            "corpus verdicts, `check --fast --json`",
            &["--fast", "--json"][..],
        ),
        ("corpus verdicts + explanations, `check --json`", &["--json"][..]),
    ] {
        for jobs in [None, Some("1")] {
            let mut walls = Vec::new();
            let mut cpus = Vec::new();
            for _ in 0..RUNS {
                let (wall, cpu) = run_check(&levels, args, jobs);
                walls.push(wall);
                cpus.push(cpu);
            }
            let label = jobs.map_or("every core".to_string(), |j| format!("--jobs {j}"));
            println!(
                "{what} ({label}): wall {:.3} s, cpu {:.3} s (median of {RUNS}; wall min {:.3} s)",
                median(&mut walls).as_secs_f64(),
                median(&mut cpus).as_secs_f64(),
                walls.iter().min().copied().unwrap_or_default().as_secs_f64(),
            );
        }
    }
    slowest_verdict_and_minimality(&corpus);
    packs(&corpus);
    let baseline = baseline();
    repeated_pack(&corpus, baseline.as_deref());
    a_b(&levels, baseline.as_deref());
    println!("load average after: {}", load_average());
}

/// Copies of one level in the repeated pack (the size of the pack of issue 55).
const COPIES: usize = 2300;

/// The `hexcells` of `HEXCELLS_BENCH_BASELINE` (a build of main), if set.
fn baseline() -> Option<PathBuf> {
    let path = PathBuf::from(std::env::var_os("HEXCELLS_BENCH_BASELINE")?);
    println!("baseline: {}", path.display());
    Some(path)
}

/// `hexcells check --json` on a pack of `COPIES` copies of one corpus level: as
/// built (each copy after the first answered from the first's report), with
/// `HEXCELLS_ENGINE=scratch` (every copy solved), and by `baseline` when given.
fn repeated_pack(corpus: &Corpus, baseline: Option<&Path>) {
    // The solvable level whose replay has the number of steps nearest 24, the
    // first in path order among equals; or the one asked for.
    let asked = std::env::var("HEXCELLS_BENCH_REPEATED").ok();
    let budget = Budget::default();
    let mut chosen: Option<(usize, String, String)> = None;
    for file in corpus.levels() {
        if asked.as_deref().is_some_and(|a| !file.name.contains(a)) {
            continue;
        }
        let Some(parsed) = parse(&file.text).levels.into_iter().next() else {
            continue;
        };
        let report = solve::analyze_without_words(&parsed.level, &budget);
        if report.verdict != solve::Verdict::Solvable {
            continue;
        }
        let off = report.difficulty.steps.len().abs_diff(24);
        if chosen.as_ref().is_none_or(|(best, _, _)| off < *best) {
            chosen = Some((off, file.name, print(&parsed.level)));
        }
    }
    let Some((_, name, text)) = chosen else {
        return;
    };
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("repeated.hexcells");
    let pack = text.repeat(COPIES);
    std::fs::write(&path, &pack).expect("write the pack");
    println!(
        "repeated pack: {COPIES} copies of {name} ({:.1} MB)",
        pack.len() as f64 / 1e6
    );
    let hexcells = hexcells_e2e::bin("hexcells");
    let mut runs: Vec<(&str, &Path, bool, usize)> = vec![
        ("as built", &hexcells, false, 3),
        ("HEXCELLS_ENGINE=scratch", &hexcells, true, 1),
    ];
    if let Some(baseline) = baseline {
        runs.push(("baseline", baseline, false, 1));
    }
    for (what, binary, scratch, n) in runs {
        let mut walls = Vec::new();
        let mut cpus = Vec::new();
        let mut peak = None;
        for _ in 0..n {
            let mut command = Command::new(binary);
            command.args(["check", "--json"]).arg(&path);
            if scratch {
                command.env("HEXCELLS_ENGINE", "scratch");
            }
            let (wall, cpu, peak_kib) = run_measured(command);
            walls.push(wall);
            cpus.push(cpu);
            peak = peak.max(peak_kib);
        }
        println!(
            "repeated pack, `check --json` ({what}): wall {:.2} s, cpu {:.2} s (median of {n}), peak memory {}",
            median(&mut walls).as_secs_f64(),
            median(&mut cpus).as_secs_f64(),
            peak.map_or("not measured".to_string(), |kib| format!("{:.1} MiB", kib as f64 / 1024.0)),
        );
    }
}

/// `hexcells check --json` on the whole corpus, A/B in one run: as built, with
/// `HEXCELLS_ENGINE=scratch`, and by `baseline` when given, the runs interleaved so
/// that the machine's load weighs on each alike.
fn a_b(levels: &Path, baseline: Option<&Path>) {
    let hexcells = hexcells_e2e::bin("hexcells");
    let mut variants: Vec<(&str, &Path, bool)> = vec![
        ("as built", &hexcells, false),
        ("HEXCELLS_ENGINE=scratch", &hexcells, true),
    ];
    if let Some(baseline) = baseline {
        variants.push(("baseline", baseline, false));
    }
    let mut walls = vec![Vec::new(); variants.len()];
    let mut cpus = vec![Vec::new(); variants.len()];
    for _ in 0..RUNS {
        for (k, (_, binary, scratch)) in variants.iter().enumerate() {
            let mut command = Command::new(binary);
            command.args(["check", "--json"]).arg(levels);
            if *scratch {
                command.env("HEXCELLS_ENGINE", "scratch");
            }
            let (wall, cpu, _) = run_measured(command);
            walls[k].push(wall);
            cpus[k].push(cpu);
        }
    }
    for (k, (what, _, _)) in variants.iter().enumerate() {
        println!(
            "corpus, `check --json` A/B ({what}): wall {:.3} s, cpu {:.3} s (median of {RUNS}, interleaved; wall min {:.3} s)",
            median(&mut walls[k]).as_secs_f64(),
            median(&mut cpus[k]).as_secs_f64(),
            walls[k].iter().min().copied().unwrap_or_default().as_secs_f64(),
        );
    }
}

/// `check --json` on a pack of the corpus levels and on one of ten copies of them:
/// wall and CPU time per level (the same for both when the time is linear in the
/// pack) and the process's peak memory.
fn packs(corpus: &Corpus) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for copies in [1, 10] {
        let pack = corpus.pack(copies);
        let path = dir.path().join(format!("pack-{copies}.hexcells"));
        std::fs::write(&path, &pack.text).expect("write the pack");
        let mut command = Command::new(hexcells_e2e::bin("hexcells"));
        command.args(["check", "--json"]).arg(&path);
        let (wall, cpu, peak_kib) = run_measured(command);
        let per_level = |t: Duration| t.as_secs_f64() * 1000.0 / pack.n_levels.max(1) as f64;
        println!(
            "pack x{copies} ({} levels, {:.1} MB), `check --json`: wall {:.2} s, cpu {:.2} s \
             ({:.2} ms wall, {:.2} ms cpu per level), peak memory {}",
            pack.n_levels,
            pack.text.len() as f64 / 1e6,
            wall.as_secs_f64(),
            cpu.as_secs_f64(),
            per_level(wall),
            per_level(cpu),
            peak_kib.map_or("not measured (no /proc)".to_string(), |kib| format!(
                "{:.1} MiB",
                kib as f64 / 1024.0
            )),
        );
    }
}

/// Runs `command` (its output discarded): wall time, CPU time, and its peak resident
/// memory (`VmHWM`, read from `/proc` until it exits).
fn run_measured(mut command: Command) -> (Duration, Duration, Option<u64>) {
    command.stdout(Stdio::null()).stderr(Stdio::null());
    let cpu_before = children_cpu();
    let started = Instant::now();
    let mut child = command.spawn().expect("run hexcells");
    let status_path = format!("/proc/{}/status", child.id());
    let mut peak = None;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for hexcells") {
            break status;
        }
        let hwm = std::fs::read_to_string(&status_path).ok().and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmHWM:"))?.to_string();
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        });
        peak = peak.max(hwm);
        std::thread::sleep(Duration::from_millis(5));
    };
    let wall = started.elapsed();
    assert!(status.code().is_some_and(|c| c <= 1), "hexcells failed: {status}");
    (wall, children_cpu().saturating_sub(cpu_before), peak)
}

/// Runs `hexcells check ARGS LEVELS` once: its wall time and CPU time (user +
/// system, from the kernel's account of waited-for children).
fn run_check(levels: &Path, args: &[&str], jobs: Option<&str>) -> (Duration, Duration) {
    let mut command = Command::new(hexcells_e2e::bin("hexcells"));
    command.arg("check").args(args);
    if let Some(jobs) = jobs {
        command.args(["--jobs", jobs]);
    }
    command.arg(levels).stdout(Stdio::null()).stderr(Stdio::null());
    let cpu_before = children_cpu();
    let started = Instant::now();
    let status = command.status().expect("run hexcells check");
    let wall = started.elapsed();
    assert!(
        status.code().is_some_and(|c| c <= 1),
        "hexcells check failed: {status}"
    );
    let cpu = children_cpu().saturating_sub(cpu_before);
    (wall, cpu)
}

/// The slowest level's verdict (each level timed in this process, the slowest one
/// then again, median of several runs) and the explanations not shown minimal.
fn slowest_verdict_and_minimality(corpus: &Corpus) {
    let budget = Budget::default();
    let mut all = Vec::new();
    for file in corpus.levels() {
        for parsed in parse(&file.text).levels {
            all.push((file.path.clone(), parsed.level));
        }
    }
    let mut slowest: Option<(Duration, usize)> = None;
    for (k, (_, level)) in all.iter().enumerate() {
        let started = Instant::now();
        solve::verdict(level, &budget);
        let took = started.elapsed();
        if slowest.is_none_or(|(t, _)| took > t) {
            slowest = Some((took, k));
        }
    }
    if let Some((_, k)) = slowest {
        let (path, level) = &all[k];
        let mut times: Vec<Duration> = (0..15)
            .map(|_| {
                let started = Instant::now();
                solve::verdict(level, &budget);
                started.elapsed()
            })
            .collect();
        println!(
            "slowest single level, verdict: {:.1} ms median, {:.1} ms min of 15 ({})",
            median(&mut times).as_secs_f64() * 1000.0,
            times.iter().min().copied().unwrap_or_default().as_secs_f64() * 1000.0,
            path.display()
        );
    }
    let mut n_explanations = 0;
    let mut not_minimal = 0;
    for (_, level) in &all {
        let report = solve::analyze(level, &budget);
        for d in &report.deductions {
            if !d.explanation.clues.is_empty() {
                n_explanations += 1;
                not_minimal += usize::from(!d.explanation.minimal);
            }
        }
    }
    println!("explanations not shown minimal: {not_minimal} of {n_explanations}");
}

fn median(samples: &mut [Duration]) -> Duration {
    samples.sort();
    samples.get(samples.len() / 2).copied().unwrap_or_default()
}

/// User + system time of this process's waited-for children, from `/proc/self/stat`
/// (clock ticks of 1/100 s); zero where there is no such file.
fn children_cpu() -> Duration {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return Duration::ZERO;
    };
    // Fields after the command name (in parentheses): cutime is field 16 and cstime
    // field 17, counted from 1.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(Vec::new(), |(_, rest)| rest.split_whitespace().collect());
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0);
    Duration::from_millis((ticks(13) + ticks(14)) * 10)
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}
