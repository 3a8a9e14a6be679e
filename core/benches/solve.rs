//! Times the deduction engine on every level of the shared corpus (`../shared/corpus`
//! beside the project, or `HEXCELLS_CORPUS`): verdicts alone, then the full analysis
//! with minimal explanations. Prints totals and the slowest levels; asserts nothing.
//!
//! Run with `cargo bench -p hexcells-core --bench solve`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use hexcells_core::format::parse;
use hexcells_core::solve::{self, Budget, Report};
use hexcells_core::Level;

fn main() {
    let dir = match std::env::var_os("HEXCELLS_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
    };
    let mut files = Vec::new();
    collect(&dir.join("levels"), &mut files);
    files.sort();
    if files.is_empty() {
        println!("skipped: corpus not found at {}", dir.display());
        return;
    }
    let mut levels: Vec<(String, Level)> = Vec::new();
    for path in &files {
        let Ok(bytes) = std::fs::read(path) else { continue };
        let text = String::from_utf8_lossy(&bytes);
        let name = path.strip_prefix(&dir).unwrap_or(path).display().to_string();
        for (i, parsed) in parse(&text).levels.into_iter().enumerate() {
            levels.push((format!("{name}#{i}"), parsed.level));
        }
    }
    let filter = std::env::args().nth(1).filter(|a| !a.starts_with('-'));
    if let Some(f) = &filter {
        levels.retain(|(name, _)| name.contains(f.as_str()));
    }
    println!("{} levels", levels.len());
    #[cfg(feature = "minisat")]
    if std::env::var("HEXCELLS_BENCH_BACKEND").as_deref() == Ok("minisat") {
        println!("backend: minisat");
        measure("verdicts", &levels, |l, b| {
            solve::verdict_with(l, b, solve::Backend::Minisat)
        });
        return;
    }
    measure("verdicts", &levels, solve::verdict);
    if std::env::var_os("HEXCELLS_BENCH_VERDICTS_ONLY").is_none() {
        measure("analysis with minimal explanations", &levels, solve::analyze);
        measure_fixes(&levels);
    }
}

/// Times `suggest_fixes` on the stuck levels.
fn measure_fixes(levels: &[(String, Level)]) {
    let budget = Budget::default();
    let mut times: Vec<(Duration, &str, usize)> = Vec::new();
    for (name, level) in levels {
        if !matches!(
            solve::verdict(level, &budget).verdict,
            solve::Verdict::Stuck { .. }
        ) {
            continue;
        }
        let t = Instant::now();
        let fixes = solve::suggest_fixes(level, &budget);
        times.push((t.elapsed(), name, fixes.len()));
    }
    let total: Duration = times.iter().map(|t| t.0).sum();
    times.sort_by_key(|t| std::cmp::Reverse(t.0));
    println!(
        "suggested fixes: total {:.3} s for {} stuck levels",
        total.as_secs_f64(),
        times.len()
    );
    for (t, name, n) in times.iter().take(3) {
        println!("  {:>9.2} ms  {name}  ({n} fixes)", t.as_secs_f64() * 1000.0);
    }
}

fn measure(what: &str, levels: &[(String, Level)], run: fn(&Level, &Budget) -> Report) {
    let budget = Budget::default();
    let mut times: Vec<(Duration, &str, String)> = Vec::new();
    let mut not_minimal: Vec<(usize, &str)> = Vec::new();
    let cpu_before = cpu_seconds();
    let started = Instant::now();
    for (name, level) in levels {
        let t = Instant::now();
        let report = run(level, &budget);
        let n = report
            .deductions
            .iter()
            .filter(|d| !d.explanation.clues.is_empty() && !d.explanation.minimal)
            .count();
        if n > 0 {
            not_minimal.push((n, name));
        }
        times.push((
            t.elapsed(),
            name,
            format!("{:?}, {} rounds", report.verdict, report.rounds()),
        ));
    }
    let total = started.elapsed();
    let cpu = cpu_seconds()
        .zip(cpu_before)
        .map(|(after, before)| after - before);
    times.sort_by_key(|t| std::cmp::Reverse(t.0));
    println!(
        "{what}: total {:.3} s for {} levels",
        total.as_secs_f64(),
        levels.len()
    );
    if let Some(cpu) = cpu {
        // On a busy machine wall time overstates; CPU time is what the engine used.
        println!("  cpu time {cpu:.3} s");
    }
    for (t, name, verdict) in times.iter().take(8) {
        println!("  {:>9.2} ms  {name}  ({verdict})", t.as_secs_f64() * 1000.0);
    }
    let over = times.iter().filter(|t| t.0 > Duration::from_millis(40)).count();
    println!("  levels over 40 ms: {over}");
    not_minimal.sort_by_key(|n| std::cmp::Reverse(n.0));
    let total: usize = not_minimal.iter().map(|n| n.0).sum();
    println!("  explanations not shown minimal: {total}");
    for (n, name) in not_minimal.iter().take(5) {
        println!("  {n:>9}     {name}");
    }
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// CPU time of this process so far: from `/proc/self/schedstat` (nanoseconds) where
/// the kernel has it, else user + system time from `/proc/self/stat` (1/100 s).
fn cpu_seconds() -> Option<f64> {
    if let Some(ns) = std::fs::read_to_string("/proc/self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
    {
        return Some(ns / 1e9);
    }
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses): utime is field 14,
    // stime field 15, counted from 1, in clock ticks of 1/100 s.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}
