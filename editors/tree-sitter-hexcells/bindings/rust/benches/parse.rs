//! `cargo bench -p tree-sitter-hexcells`: how long the grammar takes to parse the
//! largest level of the shared corpus, and a pack of about 1 MB made at run time
//! by joining the corpus's files (goals: under 1 ms and under 50 ms, as an editor
//! parses a buffer on open). Prints the figures; asserts nothing. Skips with a
//! notice when the corpus is absent.

#[path = "../tests/support.rs"]
mod support;

use std::hint::black_box;
use std::time::{Duration, Instant};

/// Size of the pack.
const PACK_BYTES: usize = 1 << 20;

fn main() {
    let Some(files) = support::corpus_files() else {
        return;
    };
    let Some(largest) = files.iter().max_by_key(|f| f.text.len()) else {
        return;
    };
    let mut pack = String::with_capacity(PACK_BYTES + 4096);
    let mut n_levels = 0;
    'fill: loop {
        for file in &files {
            if pack.len() >= PACK_BYTES {
                break 'fill;
            }
            pack.push_str(file.text.trim_end());
            pack.push('\n');
            n_levels += hexcells_core::format::count_levels(&file.text);
        }
    }

    let mut parser = support::parser();
    let mut time = |text: &str, rounds: usize| -> Vec<Duration> {
        let mut times: Vec<Duration> = (0..rounds)
            .map(|_| {
                let start = Instant::now();
                let tree = parser.parse(black_box(text), None).expect("a tree");
                let elapsed = start.elapsed();
                assert!(!tree.root_node().has_error(), "corpus text parses without errors");
                elapsed
            })
            .collect();
        times.sort();
        times
    };
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let report = |what: &str, bytes: usize, times: &[Duration], goal_ms: f64| {
        println!(
            "{what} ({:.1} KiB): best {:.3} ms, median {:.3} ms, worst {:.3} ms over {} parses ({:.1} MB/s at the median; goal < {goal_ms} ms)",
            bytes as f64 / 1024.0,
            ms(times[0]),
            ms(times[times.len() / 2]),
            ms(times[times.len() - 1]),
            times.len(),
            bytes as f64 / times[times.len() / 2].as_secs_f64() / 1e6,
        );
    };

    println!("tree-sitter-hexcells: parse from scratch, release build");
    let level_times = time(&largest.text, 200);
    report(
        &format!("largest level, {}", largest.name),
        largest.text.len(),
        &level_times,
        1.0,
    );
    let pack_times = time(&pack, 15);
    report(
        &format!("pack of {n_levels} corpus levels"),
        pack.len(),
        &pack_times,
        50.0,
    );
}
