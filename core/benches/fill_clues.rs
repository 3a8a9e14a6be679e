//! Clues for drawings (`fill_clues`, `hexcells generate --keep-colours`) over the
//! corpus's community levels stripped of every clue (colours kept): per grade asked,
//! how many come out solvable with every colour kept, how many get the grade asked
//! (and the nearest grade of the rest), the clues used against the author's own on the
//! same picture, and the time per level. Prints figures; asserts nothing.
//!
//! Run with `cargo bench -p hexcells-core --bench fill_clues`; `HEXCELLS_BENCH_GRADES`
//! picks grades (`easy,medium`), `HEXCELLS_BENCH_LIMIT=N` the N largest pictures only,
//! `HEXCELLS_BENCH_CAP_S` the seconds a level may take before it is cancelled (through
//! the caller's cancel flag; default 10, the goal's maximum) and counted as over;
//! `HEXCELLS_BENCH_OLD_PATH=1` fills them on the old path ([`Limits::from_scratch`]:
//! nothing kept across the versions of a level), for an A/B.
//!
//! Then the language server's "never needed" hints (`unneeded_clues`) on the largest
//! community levels as their authors made them (`HEXCELLS_BENCH_UNNEEDED=N` levels, 3
//! by default): the time, the clues tried and the time per clue (one re-solve, and a
//! re-grade when still solvable), on one core (as the language server runs it) and
//! on two.
//!
//! Then the advice as the language server asks it (`unneeded_clues`, on one core) on
//! the corpus's largest level and on 80 corpus levels drawn with a fixed seed: p50,
//! p95 and max, before (`unneeded_clues_from_scratch`: a question for every clue, and
//! nothing kept from one re-solve to the next but the rounds they share) and after (no
//! question for a number or column number the grade's replay does not cite, the
//! grade memo, each round bounded by the level's), and whether both give the same
//! answer.
//!
//! `HEXCELLS_BENCH_ONLY=fill,unneeded,advice` picks parts (all by default).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use hexcells_core::format::parse;
use hexcells_core::generate::{
    fill_clues, unneeded_clues, unneeded_clues_from_scratch, ClueCount, FillError, FillOptions, Filled,
    Grade, Limits, OwnClues, UnneededClues,
};
use hexcells_core::model::Level;
use hexcells_corpus::Corpus;

fn main() {
    let Some(corpus) = Corpus::find() else {
        return;
    };
    let only = std::env::var("HEXCELLS_BENCH_ONLY").ok();
    let wanted = |part: &str| {
        only.as_deref()
            .is_none_or(|only| only.split(',').any(|p| p.trim() == part))
    };
    println!("load average before: {}", load_average());
    if wanted("fill") || wanted("unneeded") {
        drawings_and_unneeded(&corpus, wanted("fill"), wanted("unneeded"));
    }
    if wanted("advice") {
        advice(&corpus);
    }
    println!("load average after: {}", load_average());
}

/// The clues for the community drawings at each grade (when `fill`), then the
/// never-needed clues on the largest of them as their authors made them (when
/// `unneeded`).
fn drawings_and_unneeded(corpus: &Corpus, fill: bool, unneeded: bool) {
    let mut drawings: Vec<(String, Level)> = corpus
        .community_levels()
        .into_iter()
        .filter_map(|f| {
            let level = parse(&f.text).levels.into_iter().next()?.level;
            Some((f.name, level))
        })
        .collect();
    // Largest first, so a limit keeps the largest pictures.
    drawings.sort_by_key(|(name, level)| (std::cmp::Reverse(level.n_cells()), name.clone()));
    if let Some(limit) = std::env::var("HEXCELLS_BENCH_LIMIT")
        .ok()
        .and_then(|l| l.parse().ok())
    {
        drawings.truncate(limit);
    }
    let unneeded_levels = std::env::var("HEXCELLS_BENCH_UNNEEDED")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3);
    let grades: Vec<Grade> = match std::env::var("HEXCELLS_BENCH_GRADES") {
        _ if !fill => Vec::new(),
        Ok(list) => Grade::ALL
            .into_iter()
            .filter(|g| list.split(',').any(|w| w.trim() == g.name()))
            .collect(),
        Err(_) => Grade::ALL.to_vec(),
    };
    let verbose = std::env::var_os("HEXCELLS_BENCH_VERBOSE").is_some();
    let old_path = std::env::var_os("HEXCELLS_BENCH_OLD_PATH").is_some();
    let cap = Duration::from_secs(
        std::env::var("HEXCELLS_BENCH_CAP_S")
            .ok()
            .and_then(|c| c.parse().ok())
            .unwrap_or(10),
    );
    println!(
        "{} community drawings (every clue stripped, colours kept), {} to {} cells",
        drawings.len(),
        drawings.iter().map(|d| d.1.n_cells()).min().unwrap_or(0),
        drawings.iter().map(|d| d.1.n_cells()).max().unwrap_or(0)
    );
    if fill {
        println!(
            "grade asked  | solvable, colours kept | grade as asked | nearest of the rest (1..5) | \
             clues / author's: median, <= 1.0 | time per level: median, p95, max"
        );
    }
    for target in grades {
        let mut solvable = 0;
        let mut as_asked = 0;
        let mut nearest = [0usize; 5];
        let mut ratios = Vec::new();
        let mut times = Vec::new();
        let mut failed = 0;
        let mut over = 0;
        for (name, drawing) in &drawings {
            let options = FillOptions {
                target,
                seed: "drawing".to_string(),
                own_clues: OwnClues::Replaced,
            };
            let started = Instant::now();
            let mut progress = |p| {
                if verbose {
                    eprintln!("{:8.3} s  {p:?}", started.elapsed().as_secs_f64());
                }
            };
            let cancel = Arc::new(AtomicBool::new(false));
            let (done, wait) = mpsc::channel::<()>();
            let timer = {
                let cancel = Arc::clone(&cancel);
                std::thread::spawn(move || {
                    if wait.recv_timeout(cap).is_err() {
                        cancel.store(true, Ordering::Relaxed);
                    }
                })
            };
            let limits = Limits {
                cancel: Some(cancel),
                from_scratch: old_path,
                ..Limits::default()
            };
            let result = fill_clues(drawing, &options, &limits, &mut progress);
            let _ = done.send(());
            let _ = timer.join();
            let seconds = started.elapsed().as_secs_f64();
            times.push(seconds);
            let filled: Option<&Filled> = match &result {
                Ok(filled) => {
                    as_asked += 1;
                    Some(filled)
                }
                Err(FillError::GradeNotReached { filled, .. }) => {
                    nearest[usize::from(filled.grade.number()) - 1] += 1;
                    Some(filled)
                }
                Err(FillError::Cancelled) => {
                    over += 1;
                    None
                }
                Err(_) => {
                    failed += 1;
                    None
                }
            };
            if verbose {
                eprintln!(
                    "{seconds:7.2} s {:4} cells {name}: {}",
                    drawing.n_cells(),
                    match filled {
                        Some(f) => format!("{} with {} clues", f.grade.name(), f.added.total()),
                        None => format!("{:?}", result.as_ref().err()),
                    }
                );
            }
            let Some(filled) = filled else {
                continue;
            };
            if same_colours(drawing, &filled.level) {
                solvable += 1;
            }
            let author = ClueCount::of(drawing).total().max(1);
            ratios.push(filled.added.total() as f64 / author as f64);
        }
        let n = drawings.len();
        ratios.sort_by(f64::total_cmp);
        times.sort_by(f64::total_cmp);
        let at = |v: &[f64], q: f64| {
            v.get(((v.len() as f64 - 1.0) * q).round() as usize)
                .copied()
                .unwrap_or(0.0)
        };
        println!(
            "{:12} | {solvable}/{n} | {as_asked}/{n} | {nearest:?}, {failed} failed, {over} over {} s | {:.2}x, {}/{} | {:.2} s, {:.2} s, {:.2} s",
            target.name(),
            cap.as_secs(),
            at(&ratios, 0.5),
            ratios.iter().filter(|r| **r <= 1.0).count(),
            ratios.len(),
            at(&times, 0.5),
            at(&times, 0.95),
            at(&times, 1.0),
        );
    }
    if unneeded {
        time_unneeded(&drawings, unneeded_levels);
    }
}

/// Levels drawn for the advice's figures.
const ADVICE_SAMPLE: usize = 80;

/// The advice (`unneeded_clues` on one core, as the language server asks it) on the
/// corpus's largest level and on `ADVICE_SAMPLE` corpus levels drawn with a fixed
/// seed: before (a question for every clue) and after, and whether they agree.
fn advice(corpus: &Corpus) {
    let mut levels: Vec<(String, Level)> = corpus
        .levels()
        .into_iter()
        .filter_map(|f| Some((f.name, parse(&f.text).levels.into_iter().next()?.level)))
        .collect();
    levels.sort_by_key(|(name, level)| (std::cmp::Reverse(level.items().count()), name.clone()));
    let Some(largest) = levels.first().cloned() else {
        return;
    };
    // A fixed draw (SplitMix64 from a constant), the same levels every run.
    let mut state: u64 = 55;
    let mut pool: Vec<(String, Level)> = levels;
    let mut sample = Vec::new();
    while sample.len() < ADVICE_SAMPLE && !pool.is_empty() {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        sample.push(pool.swap_remove((z % pool.len() as u64) as usize));
    }
    let limits = Limits {
        one_core: true,
        ..Limits::default()
    };
    // Wall and CPU seconds (the calling thread's: one core keeps the work on it)
    // of `f`, and what it gave.
    let timed = |f: &dyn Fn() -> Result<UnneededClues, FillError>| {
        let (started, cpu) = (Instant::now(), thread_cpu());
        let found = f();
        let times = [started.elapsed().as_secs_f64(), thread_cpu() - cpu];
        (times, found)
    };
    // Before and after, and whether the answers agree.
    let time = |level: &Level| {
        let (before, old) = timed(&|| unneeded_clues_from_scratch(level, &limits));
        let (after, new) = timed(&|| unneeded_clues(level, &limits));
        let same = matches!((&old, &new), (Ok(b), Ok(a)) if a == b);
        let never_needed = new.map_or(0, |a| a.each.len());
        (before, after, same, never_needed)
    };
    let (before, after, same, n) = time(&largest.1);
    println!(
        "advice, the largest corpus level ({} items, {} cells, {n} clues never needed; one core): \
         before {:.2} s ({:.2} s cpu), after {:.2} s ({:.2} s cpu), same answer: {same} ({})",
        largest.1.items().count(),
        largest.1.n_cells(),
        before[0],
        before[1],
        after[0],
        after[1],
        largest.0
    );
    let (mut befores, mut afters, mut n_same) = (Vec::new(), Vec::new(), 0);
    for (_, level) in &sample {
        let (before, after, same, _) = time(level);
        befores.push(before);
        afters.push(after);
        n_same += usize::from(same);
    }
    let at = |v: &[f64], q: f64| {
        v.get(((v.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    for (what, times) in [("before", &befores), ("after", &afters)] {
        for (k, clock) in ["wall", "cpu"].into_iter().enumerate() {
            let mut v: Vec<f64> = times.iter().map(|t| t[k]).collect();
            v.sort_by(f64::total_cmp);
            println!(
                "advice, {} corpus levels drawn with seed 55 (one core), {what}, {clock}: \
                 p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms, sum {:.2} s",
                sample.len(),
                1000.0 * at(&v, 0.5),
                1000.0 * at(&v, 0.95),
                1000.0 * at(&v, 1.0),
                v.iter().sum::<f64>(),
            );
        }
    }
    println!(
        "advice, same answer before and after: {n_same} of {}",
        sample.len()
    );
}

/// The CPU seconds the calling thread has used (Linux's `schedstat`, in ns); 0
/// elsewhere.
fn thread_cpu() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0.0, |ns| ns as f64 / 1e9)
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// Times `unneeded_clues` on the `n` largest of `levels` (largest first): on one
/// core, as the language server runs it beside the next edit's verdicts, and on two.
fn time_unneeded(levels: &[(String, Level)], n: usize) {
    for (name, level) in levels.iter().take(n) {
        let clues = ClueCount::of(level).total();
        for one_core in [true, false] {
            let limits = Limits {
                one_core,
                ..Limits::default()
            };
            let started = Instant::now();
            let found = unneeded_clues(level, &limits);
            let seconds = started.elapsed().as_secs_f64();
            println!(
                "never needed ({}), {} cells, {clues} clues: {:.2} s ({:.1} ms per clue), {} never needed: {name}",
                if one_core { "one core" } else { "two cores" },
                level.n_cells(),
                seconds,
                1000.0 * seconds / clues.max(1) as f64,
                found.map(|f| f.each.len()).unwrap_or(0),
            );
        }
    }
}

/// Whether every cell of `drawing` is in `level` with its colour, and no other cell.
fn same_colours(drawing: &Level, level: &Level) -> bool {
    drawing.n_cells() == level.n_cells()
        && drawing
            .cells()
            .all(|(pos, cell)| level.cell(pos).is_some_and(|c| c.color == cell.color))
}
