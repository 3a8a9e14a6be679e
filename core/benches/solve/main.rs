//! Times the deduction engine on every level of the shared corpus (`../shared/corpus`
//! beside the project, or `HEXCELLS_CORPUS`): verdicts alone, then the full analysis
//! with minimal explanations. Prints totals and the slowest levels, the share of
//! deductions each named rule explains, the difficulty grades, and how the grades
//! agree with the levels' authors (`labelled.rs` finds the labelled levels, `fit.rs`
//! chooses the score's parts and fits the bands with each author held out,
//! `grading.rs` prints the nested figures first, `order.rs` the order key's, and how
//! it orders the corpus's own series); asserts nothing.
//!
//! Run with `cargo bench -p hexcells-core --bench solve`.

use std::collections::HashSet;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use hexcells_core::format::parse;
use hexcells_core::solve::{self, Budget, Grade, Report, Rule};
use hexcells_core::Level;
use hexcells_corpus::Corpus;

mod fit;
mod grading;
mod labelled;
mod order;

fn main() {
    let Some(corpus) = Corpus::find() else {
        return;
    };
    let mut levels: Vec<(String, Level)> = Vec::new();
    for file in corpus.levels() {
        for (i, parsed) in parse(&file.text).levels.into_iter().enumerate() {
            levels.push((format!("{}#{i}", file.name), parsed.level));
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
            solve::verdict_with(l, b, solve::SatBackend::Minisat)
        });
        return;
    }
    // `HEXCELLS_BENCH_ONLY=verdicts,analysis,fixes,explain_verdict,cancellation` picks parts
    // (all by default); `grading` alone analyses only the labelled levels (`labelled.rs`)
    // for the grade's figures, which `analysis` prints too.
    let only = std::env::var("HEXCELLS_BENCH_ONLY").ok();
    let wanted = |part: &str| {
        only.as_deref()
            .is_none_or(|only| only.split(',').any(|p| p == part))
    };
    let verdicts_only = std::env::var_os("HEXCELLS_BENCH_VERDICTS_ONLY").is_some();
    if wanted("verdicts") {
        measure("verdicts", &levels, solve::verdict);
    }
    if verdicts_only {
        return;
    }
    let labels = labelled::find(&corpus, &levels);
    let community: HashSet<String> = corpus.community_levels().into_iter().map(|f| f.name).collect();
    let series = order::find_series(&levels, &|name| {
        community.contains(name.rsplit_once('#').map_or(name, |(file, _)| file))
    });
    if wanted("analysis") {
        let reports = measure("analysis with minimal explanations", &levels, solve::analyze);
        rule_shares(&reports);
        grades(&reports);
        let labelled: Vec<&Report> = labels.iter().map(|l| &reports[l.level_idx]).collect();
        grading::report(&levels, &labels, &labelled);
        order::report_series(&series_keys(&series, |idx| reports[idx].clone()));
    } else if wanted("grading") {
        // The labelled levels and the series alone, for a quick look at the grade.
        let budget = Budget::default();
        let reports: Vec<Report> = labels
            .iter()
            .map(|l| solve::analyze(&levels[l.level_idx].1, &budget))
            .collect();
        let labelled: Vec<&Report> = reports.iter().collect();
        grading::report(&levels, &labels, &labelled);
        order::report_series(&series_keys(&series, |idx| {
            solve::analyze(&levels[idx].1, &budget)
        }));
    }
    if wanted("fixes") {
        measure_fixes(&levels);
    }
    if wanted("explain_verdict") {
        measure_explain_verdict(&levels);
    }
    if wanted("cancellation") {
        measure_cancellation(&levels);
    }
}

/// The series with each level's order key, from its report (`report_of` its index).
fn series_keys(
    series: &[(String, Vec<(u32, usize)>)],
    report_of: impl Fn(usize) -> Report,
) -> Vec<order::Series> {
    series
        .iter()
        .map(|(name, members)| order::Series {
            name: name.clone(),
            levels: members
                .iter()
                .map(|&(number, idx)| {
                    let key = report_of(idx).difficulty.order.map(|k| (k.score, k.tie_break));
                    (number, key)
                })
                .collect(),
        })
        .collect()
}

/// How soon a cancelled engine call returns: the full analysis of the five largest
/// levels and the fix search of the five largest stuck ones are cancelled at several
/// moments while they run, and the time from setting the flag to the return is
/// measured, as wall time and as the CPU time the engine's thread used meanwhile
/// (which a busy machine does not inflate).
fn measure_cancellation(levels: &[(String, Level)]) {
    let mut largest: Vec<&Level> = levels.iter().map(|(_, level)| level).collect();
    largest.sort_by_key(|level| std::cmp::Reverse(level.n_cells()));
    let stuck: Vec<&Level> = largest
        .iter()
        .copied()
        .filter(|level| {
            matches!(
                solve::verdict(level, &Budget::default()).verdict,
                solve::Verdict::Stuck { .. }
            )
        })
        .take(5)
        .collect();
    // The analysis on the largest levels, the fix search on the largest stuck ones.
    let work = largest
        .iter()
        .take(5)
        .map(|l| (*l, false))
        .chain(stuck.iter().map(|l| (*l, true)));
    let mut wall: Vec<Duration> = Vec::new();
    let mut cpu: Vec<Duration> = Vec::new();
    for (level, fixes) in work {
        for at_ms in [1u64, 2, 3, 5, 7, 11, 15, 22, 30, 45, 60, 90, 120] {
            let cancel = Arc::new(AtomicBool::new(false));
            let budget = Budget {
                cancel: Some(Arc::clone(&cancel)),
                ..Budget::default()
            };
            std::thread::scope(|scope| {
                let (tx, rx) = std::sync::mpsc::channel();
                let worker = scope.spawn(move || {
                    let _ = tx.send(std::fs::read_link("/proc/thread-self").ok());
                    if fixes {
                        solve::suggest_fixes(level, &budget);
                    } else {
                        solve::analyze(level, &budget);
                    }
                    (Instant::now(), thread_cpu(Path::new("/proc/thread-self")))
                });
                let me = rx.recv().ok().flatten().map(|p| Path::new("/proc").join(p));
                std::thread::sleep(Duration::from_millis(at_ms));
                let cancelled_at = Instant::now();
                cancel.store(true, Ordering::Relaxed);
                let cpu_at = me.as_deref().and_then(thread_cpu);
                if let Ok((returned_at, cpu_end)) = worker.join() {
                    // Work that ended before the flag was set does not count.
                    if let Some(latency) = returned_at.checked_duration_since(cancelled_at) {
                        wall.push(latency);
                        if let (Some(end), Some(at)) = (cpu_end, cpu_at) {
                            cpu.push(end.saturating_sub(at));
                        }
                    }
                }
            });
        }
    }
    let line = |what: &str, samples: &mut Vec<Duration>| {
        samples.sort();
        if samples.is_empty() {
            return format!("{what}: not measured");
        }
        let pick = |q: f64| samples[((samples.len() as f64 - 1.0) * q).round() as usize];
        format!(
            "{what}: n={} p50={:.2?} p99={:.2?} max={:.2?}",
            samples.len(),
            pick(0.5),
            pick(0.99),
            pick(1.0)
        )
    };
    println!("cancellation (flag set -> engine returns; analysis of the 5 largest levels, fixes of the 5 largest stuck ones)");
    println!("  {}", line("wall", &mut wall));
    println!("  {}", line("cpu of the engine's thread", &mut cpu));
}

/// CPU time a thread used so far, from `<thread>/schedstat` (`/proc/thread-self` or
/// `/proc/<pid>/task/<tid>`), where the kernel has it.
fn thread_cpu(thread: &Path) -> Option<Duration> {
    let text = std::fs::read_to_string(thread.join("schedstat")).ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
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

/// What a language server spends after publishing a verdict: `analyze` (the rounds
/// found again) against `explain_verdict` (the verdict's rounds explained), CPU time
/// over every level, the three runs of each level one after the other.
fn measure_explain_verdict(levels: &[(String, Level)]) {
    let budget = Budget::default();
    let (mut verdict, mut analyze, mut explain) = (0.0, 0.0, 0.0);
    let timed = |total: &mut f64, run: &mut dyn FnMut() -> Report| {
        let before = cpu_seconds();
        let report = run();
        if let (Some(after), Some(before)) = (cpu_seconds(), before) {
            *total += after - before;
        }
        report
    };
    for (_, level) in levels {
        let first = timed(&mut verdict, &mut || solve::verdict(level, &budget));
        timed(&mut analyze, &mut || solve::analyze(level, &budget));
        timed(&mut explain, &mut || {
            solve::explain_verdict(level, &first, &budget)
        });
    }
    println!(
        "after the verdict ({verdict:.3} s cpu for {} levels):",
        levels.len()
    );
    println!("  analyze          {analyze:.3} s cpu");
    println!("  explain_verdict  {explain:.3} s cpu");
}

/// The share of the deductions each rule explains.
fn rule_shares(reports: &[Report]) {
    let mut counts = [0usize; Rule::ALL.len()];
    for report in reports {
        for (k, n) in report.difficulty.rule_counts.iter().enumerate() {
            counts[k] += n;
        }
    }
    let total: usize = counts.iter().sum();
    println!("deductions by rule ({total} in all):");
    for (rule, n) in Rule::ALL.iter().zip(counts) {
        println!(
            "  {:<14} {n:>6}  {:5.1}%",
            rule.id(),
            100.0 * n as f64 / total.max(1) as f64
        );
    }
}

/// The grade distribution over the corpus.
fn grades(reports: &[Report]) {
    let mut counts = [0usize; 6];
    for report in reports {
        counts[report.difficulty.grade.map_or(0, |g| usize::from(g.number()))] += 1;
    }
    println!("grades:");
    for g in Grade::ALL {
        println!(
            "  {} {:<12} {:>4}",
            g.number(),
            g.name(),
            counts[usize::from(g.number())]
        );
    }
    println!("  - {:<12} {:>4}", "none", counts[0]);
}

fn measure(what: &str, levels: &[(String, Level)], run: fn(&Level, &Budget) -> Report) -> Vec<Report> {
    let budget = Budget::default();
    let mut times: Vec<(Duration, &str, String)> = Vec::new();
    let mut not_minimal: Vec<(usize, &str)> = Vec::new();
    let mut reports = Vec::with_capacity(levels.len());
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
        reports.push(report);
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
    reports
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
