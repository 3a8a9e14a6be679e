//! `cargo bench -p tree-sitter-hexcells`: how long the grammar takes to parse the
//! largest level of the shared corpus, and a pack of about 1 MB made at run time by
//! joining the corpus's files (goals: under 1 ms and under 50 ms, as an editor
//! parses a buffer when it opens it). Prints wall-clock figures and, for the pack
//! on Linux, the CPU time the thread got (the steadier figure when other jobs share
//! the cores); asserts nothing. Skips with a notice when the corpus is absent.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// Size of the pack.
const PACK_BYTES: usize = 1 << 20;

fn main() {
    let Some(corpus) = hexcells_corpus::Corpus::find() else {
        return;
    };
    let files = corpus.levels();
    let Some(largest) = files.iter().max_by_key(|f| f.text.len()) else {
        return;
    };
    let (pack, n_levels) = pack(&files);

    println!("tree-sitter-hexcells: parse from scratch, release build");
    report(
        &format!("largest level, {}", largest.name),
        &largest.text,
        200,
        1.0,
    );
    report(&format!("pack of {n_levels} corpus levels"), &pack, 20, 50.0);
}

/// The corpus's files one after the other until there are [`PACK_BYTES`].
fn pack(files: &[hexcells_corpus::LevelFile]) -> (String, usize) {
    let mut pack = String::with_capacity(PACK_BYTES + 4096);
    let mut n_levels = 0;
    for file in files.iter().cycle() {
        if pack.len() >= PACK_BYTES {
            break;
        }
        pack.push_str(file.text.trim_end());
        pack.push('\n');
        n_levels += hexcells_core::format::count_levels(&file.text);
    }
    (pack, n_levels)
}

/// Parses `text` `rounds` times and prints the figures.
fn report(what: &str, text: &str, rounds: usize, goal_ms: f64) {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_hexcells::LANGUAGE.into())
        .expect("the grammar's ABI suits the tree-sitter crate");
    let mut wall = Vec::with_capacity(rounds);
    let mut cpu = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let cpu_start = thread_cpu_time();
        let start = Instant::now();
        let tree = parser.parse(black_box(text), None).expect("a tree");
        wall.push(start.elapsed());
        if let (Some(before), Some(after)) = (cpu_start, thread_cpu_time()) {
            cpu.push(after.saturating_sub(before));
        }
        assert!(
            !tree.root_node().has_error(),
            "corpus levels parse without errors"
        );
    }
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let figures = |times: &mut Vec<Duration>| {
        times.sort();
        format!(
            "best {:.3} ms, median {:.3} ms",
            ms(times[0]),
            ms(times[times.len() / 2])
        )
    };
    let mb_per_s = text.len() as f64 / 1e6 / {
        wall.sort();
        wall[wall.len() / 2].as_secs_f64()
    };
    println!(
        "  {what} ({:.1} KiB, {rounds} parses; goal < {goal_ms} ms):",
        text.len() as f64 / 1024.0
    );
    println!(
        "    wall: {} ({mb_per_s:.1} MB/s at the median)",
        figures(&mut wall)
    );
    // The kernel adds up CPU time at scheduler ticks: too coarse for one level.
    if !cpu.is_empty() && wall[0] > Duration::from_millis(10) {
        println!("    cpu:  {}", figures(&mut cpu));
    }
}

/// CPU time this thread has run, from Linux's `/proc/thread-self/schedstat`.
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}
