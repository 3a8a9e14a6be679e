//! Clues for drawings (`fill_clues`, `hexcells generate --keep-colours`) over the
//! corpus's community levels stripped of every clue (colours kept): per grade asked,
//! how many come out solvable with every colour kept, how many get the grade asked
//! (and the nearest grade of the rest), the clues used against the author's own on the
//! same picture, and the time per level. Prints figures; asserts nothing.
//!
//! Run with `cargo bench -p hexcells-core --bench fill_clues`; `HEXCELLS_BENCH_GRADES`
//! picks grades (`easy,medium`), `HEXCELLS_BENCH_LIMIT=N` the N largest pictures only,
//! `HEXCELLS_BENCH_CAP_S` the seconds a level may take before it is cancelled (through
//! the caller's cancel flag; default 10, the goal's maximum) and counted as over.
//!
//! Then the language server's "never needed" hints (`unneeded_clues`) on the largest
//! community levels as their authors made them (`HEXCELLS_BENCH_UNNEEDED=N` levels, 3
//! by default): the time, the clues tried and the time per clue (one re-solve, and a
//! re-grade when still solvable), on one core (as the language server runs it) and
//! on two.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use hexcells_core::format::parse;
use hexcells_core::generate::{
    fill_clues, unneeded_clues, ClueCount, FillError, FillOptions, Filled, Grade, Limits,
};
use hexcells_core::model::Level;
use hexcells_corpus::Corpus;

fn main() {
    let Some(corpus) = Corpus::find() else {
        return;
    };
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
        Ok(list) => Grade::ALL
            .into_iter()
            .filter(|g| list.split(',').any(|w| w.trim() == g.name()))
            .collect(),
        Err(_) => Grade::ALL.to_vec(),
    };
    let verbose = std::env::var_os("HEXCELLS_BENCH_VERBOSE").is_some();
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
    println!(
        "grade asked  | solvable, colours kept | grade as asked | nearest of the rest (1..5) | \
         clues / author's: median, <= 1.0 | time per level: median, p95, max"
    );
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
                replace_clues: true,
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
    time_unneeded(&drawings, unneeded_levels);
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
