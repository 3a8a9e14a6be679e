//! Times `generate` on levels of about 100 cells (the target is under 1 s for a hard
//! one) and on a few other shapes and targets. Prints figures; asserts nothing.
//!
//! Run with `cargo bench -p hexcells-core --bench generate` (a seed filter may follow).

use std::time::Instant;

use hexcells_core::generate::{generate, GenerateOptions, Grade, Limits, Shape};

fn main() {
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let cases = [
        (
            "rectangle 10x10",
            Shape::Rectangle {
                width: 10,
                height: 10,
            },
            Grade::Hard,
        ),
        (
            "hexagon 11x13 (100 cells)",
            Shape::Hexagon {
                width: 11,
                height: 13,
            },
            Grade::Hard,
        ),
        (
            "hexagon 11x13 (100 cells)",
            Shape::Hexagon {
                width: 11,
                height: 13,
            },
            Grade::Medium,
        ),
        (
            "hexagon 11x13 (100 cells)",
            Shape::Hexagon {
                width: 11,
                height: 13,
            },
            Grade::Easy,
        ),
        ("hexagon 7", Shape::Hexagon { width: 7, height: 7 }, Grade::Easy),
        ("diamond 9", Shape::Diamond { width: 9, height: 9 }, Grade::Medium),
    ];
    let seeds = [
        "gargamel",
        "azrael",
        "smurfette",
        "papa",
        "brainy",
        "clumsy",
        "hefty",
        "vanity",
    ];
    let only_case: Option<usize> = std::env::var("HEXCELLS_BENCH_CASE")
        .ok()
        .and_then(|c| c.parse().ok());
    let verbose = std::env::var_os("HEXCELLS_BENCH_VERBOSE").is_some();
    for (case_idx, (what, shape, target)) in cases.into_iter().enumerate() {
        if only_case.is_some_and(|c| c != case_idx) {
            continue;
        }
        let n_cells = shape.cells().map(|c| c.len()).unwrap_or(0);
        let mut times = Vec::new();
        let mut cpu_times = Vec::new();
        let mut failures = 0;
        let mut calls = 0;
        let mut attempts = 0;
        for seed in seeds {
            if filter.as_deref().is_some_and(|f| f != seed) {
                continue;
            }
            let options = GenerateOptions {
                shape: shape.clone(),
                blue_per_mille: 350,
                target,
                seed: seed.to_string(),
            };
            let started = Instant::now();
            let cpu_started = cpu_seconds();
            let mut progress = |p| {
                if verbose {
                    eprintln!("{:8.3} s  {p:?}", started.elapsed().as_secs_f64());
                }
            };
            match generate(&options, &Limits::default(), &mut progress) {
                Ok(generated) => {
                    calls += generated.engine_calls;
                    attempts += generated.attempts;
                }
                Err(_) => failures += 1,
            }
            times.push(started.elapsed().as_secs_f64());
            cpu_times.push(cpu_seconds() - cpu_started);
        }
        if times.is_empty() {
            continue;
        }
        times.sort_by(f64::total_cmp);
        cpu_times.sort_by(f64::total_cmp);
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        println!(
            "{what}, {} ({n_cells} cells): wall mean {:.3} s, median {:.3} s, max {:.3} s; \
             CPU median {:.2} s, max {:.2} s; over {} seeds; \
             {} attempts, {} engine calls in all; {failures} failed",
            target.name(),
            mean,
            times[times.len() / 2],
            times[times.len() - 1],
            cpu_times[cpu_times.len() / 2],
            cpu_times[cpu_times.len() - 1],
            times.len(),
            attempts,
            calls,
        );
    }
}

/// CPU time of this process (user + system) in seconds, from `/proc/self/stat` on
/// Linux (0 elsewhere): on a busy machine it says more than the wall clock.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // Fields after the command name (which is in parentheses): utime is the 12th, stime the 13th.
    let after = stat.rsplit_once(')').map(|(_, rest)| rest).unwrap_or("");
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}
