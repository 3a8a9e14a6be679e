//! `cargo bench -p hexcells-core --bench parse`: time to parse and validate the whole
//! shared corpus (target: under 20 ms for all 443 files on one core, release build).
//!
//! Prints whole-corpus passes, the sum of each file's best time (the steadier figure
//! when other jobs share the cores), the per-file mean and median, the slowest files,
//! and how many diagnostics of each code the corpus earns. Skips with a notice when
//! the corpus is absent. No timing is asserted anywhere: the figures are for people.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use hexcells_core::format::parse;
use hexcells_corpus::Corpus;

const ROUNDS: usize = 20;

fn main() {
    let Some(corpus) = Corpus::find() else {
        return;
    };
    let files = corpus.levels();
    let n_files = files.len();
    let n_bytes: usize = files.iter().map(|f| f.text.len()).sum();

    // Warm up, and count diagnostics by code.
    let mut by_code: BTreeMap<String, usize> = BTreeMap::new();
    for file in &files {
        for d in parse(&file.text).all_diagnostics() {
            *by_code
                .entry(format!("{} {}", d.code, d.code.slug()))
                .or_default() += 1;
        }
    }

    // Whole-corpus passes: the figure to compare with the 20 ms target.
    let mut totals = Vec::with_capacity(ROUNDS);
    for _ in 0..ROUNDS {
        let start = Instant::now();
        for file in &files {
            black_box(parse(black_box(&file.text)));
        }
        totals.push(start.elapsed());
    }
    totals.sort();

    // Per-file figures: the best of several runs of each file.
    let mut per_file: Vec<(Duration, &str)> = files
        .iter()
        .map(|file| {
            let best = (0..10)
                .map(|_| {
                    let start = Instant::now();
                    black_box(parse(black_box(&file.text)));
                    start.elapsed()
                })
                .min()
                .unwrap_or_default();
            (best, file.name.as_str())
        })
        .collect();
    per_file.sort();

    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    println!(
        "parse + validate: {n_files} files, {:.1} KiB",
        n_bytes as f64 / 1024.0
    );
    println!(
        "  whole corpus: best {:.2} ms, median {:.2} ms, worst {:.2} ms ({ROUNDS} rounds; target < 20 ms)",
        ms(totals[0]),
        ms(totals[ROUNDS / 2]),
        ms(totals[ROUNDS - 1])
    );
    if let (Some(fastest), Some(median), Some(slowest)) = (
        per_file.first(),
        per_file.get(per_file.len() / 2),
        per_file.last(),
    ) {
        let sum: Duration = per_file.iter().map(|(d, _)| *d).sum();
        println!(
            "  sum of per-file best times: {:.2} ms (steadier than whole passes on a busy machine)",
            ms(sum)
        );
        println!(
            "  per file: mean {:.1} us, median {:.1} us, fastest {:.1} us, slowest {:.1} us ({})",
            us(sum) / n_files.max(1) as f64,
            us(median.0),
            us(fastest.0),
            us(slowest.0),
            slowest.1
        );
    }
    println!("  slowest files:");
    for (d, name) in per_file.iter().rev().take(5) {
        println!("    {:8.1} us  {name}", us(*d));
    }
    println!("  diagnostics over the corpus:");
    for (code, n) in &by_code {
        println!("    {n:6}  {code}");
    }
}
