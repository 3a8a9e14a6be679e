//! The figures of `hexcells check` on the whole shared corpus, as a new user runs it
//! (one process for every level, the release build): corpus verdicts (`--fast`),
//! verdicts with explanations, the slowest single level's verdict, and how many
//! explanations are not shown minimal. Each figure is printed with its wall time and
//! the CPU time it used, since other work on the machine inflates wall times.
//! Run with `cargo bench -p hexcells-server --bench check`; `--bench lsp` gives the
//! language server's figures. Asserts nothing about speed.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use hexcells_core::format::parse;
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
    println!("load average after: {}", load_average());
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
