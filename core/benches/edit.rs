//! `cargo bench -p hexcells-core --bench edit`: time to compute the text changes of
//! each visual-editor operation (goal: under 1 ms) on the shared corpus's largest
//! level (the most items), alone and as the last level of a pack of ten copies.
//!
//! Each figure is the median and the slowest of many runs of `edit::changes` (parse,
//! apply the operation to the model, diff, parse again to check), release build. It
//! also prints the thread's CPU time per operation from `/proc/self/schedstat` when
//! the system has it, the steadier figure when other jobs share the cores. Skips with
//! a notice when the corpus is absent. No timing is asserted anywhere.

use std::hint::black_box;
use std::time::{Duration, Instant};

use hexcells_core::edit::{self, lattice_parity, Op};
use hexcells_core::format::{parse, HeaderField};
use hexcells_core::{Color, Level, Pos};
use hexcells_corpus::Corpus;

const RUNS: usize = 300;

fn main() {
    let Some(corpus) = Corpus::find() else {
        return;
    };
    let files = corpus.levels();
    // The largest level, alone and as the last of a pack of ten copies.
    let mut largest: Option<(&str, &str, usize)> = None;
    for file in &files {
        let parsed = parse(&file.text);
        if parsed.levels.len() != 1 || parsed.levels[0].syntax_error().is_some() {
            continue;
        }
        let n_items = parsed.levels[0].level.items().count();
        if largest.is_none_or(|(_, _, n)| n_items > n) {
            largest = Some((&file.name, &file.text, n_items));
        }
    }
    let Some((name, text, n_items)) = largest else {
        println!("skipped: no level without syntax errors in the corpus");
        return;
    };
    println!("edit computation, {RUNS} runs each (median / slowest / CPU per run)");
    println!("\nlargest level: {name} ({n_items} items, {} bytes)", text.len());
    bench_level(text, 0);
    let mut pack = String::new();
    for _ in 0..10 {
        pack.push_str(text);
        if !pack.ends_with('\n') {
            pack.push('\n');
        }
    }
    println!(
        "\nthe same level, the last of a pack of 10 ({} bytes)",
        pack.len()
    );
    bench_level(&pack, 9);
}

fn bench_level(text: &str, idx: usize) {
    let level = parse(text).levels[idx].level.clone();
    for (what, op) in ops(&level) {
        let result = edit::changes(text, idx, &op);
        let n_changes = match &result {
            Ok(changes) => changes.len(),
            Err(e) => {
                println!("  {what:<28} refused: {e}");
                continue;
            }
        };
        let cpu_before = thread_cpu();
        let mut times: Vec<Duration> = (0..RUNS)
            .map(|_| {
                let start = Instant::now();
                let _ = black_box(edit::changes(black_box(text), idx, black_box(&op)));
                start.elapsed()
            })
            .collect();
        let cpu = thread_cpu()
            .zip(cpu_before)
            .map(|(after, before)| (after - before) / RUNS as u32);
        times.sort();
        println!(
            "  {what:<28} {:>8.1} µs / {:>8.1} µs / {:>8} ({n_changes} changes)",
            micros(times[RUNS / 2]),
            micros(times[RUNS - 1]),
            cpu.map_or("n/a".to_string(), |d| format!("{:.1} µs", micros(d))),
        );
    }
}

/// One operation of each kind, on the level's first cells and places.
fn ops(level: &Level) -> Vec<(&'static str, Op)> {
    let cells: Vec<Pos> = level.cells().map(|(p, _)| p).collect();
    let first = cells
        .first()
        .copied()
        .unwrap_or(Pos::new(10, 10).expect("inside"));
    let parity = lattice_parity(level).unwrap_or(0);
    let empty = Pos::all()
        .find(|p| p.parity() == parity && edit::blocker(level, *p, |_| false).is_none())
        .unwrap_or(first);
    let mut replaced = level.clone();
    replaced.title.push_str(" (edited)");
    for &p in cells.iter().step_by(3) {
        if let Some(mut cell) = replaced.cell(p) {
            cell.revealed = !cell.revealed;
            replaced.set(p, Some(hexcells_core::Item::Cell(cell)));
        }
    }
    vec![
        (
            "create a cell",
            Op::Create {
                cells: vec![empty],
                color: Color::Blue,
            },
        ),
        ("cycle a number", Op::Cycle { pos: first }),
        ("flip a colour", Op::Flip { pos: first }),
        ("toggle revealed", Op::ToggleRevealed { pos: first }),
        ("delete a cell", Op::Delete { items: vec![first] }),
        move_some(level),
        (
            "set the title",
            Op::SetHeader {
                field: HeaderField::Title,
                text: "A new title".into(),
            },
        ),
        ("replace the level (paste)", Op::ReplaceLevel(Box::new(replaced))),
    ]
}

/// A move of many items by one lattice step the level has room for: all of them, or
/// a band along one side of the level.
fn move_some(level: &Level) -> (&'static str, Op) {
    let items: Vec<Pos> = level.items().map(|(p, _)| p).collect();
    let (x0, x1) = (
        items.iter().map(|p| p.x()).min().unwrap_or(0),
        items.iter().map(|p| p.x()).max().unwrap_or(0),
    );
    let (y0, y1) = (
        items.iter().map(|p| p.y()).min().unwrap_or(0),
        items.iter().map(|p| p.y()).max().unwrap_or(0),
    );
    let band =
        |keep: &dyn Fn(Pos) -> bool| -> Vec<Pos> { items.iter().copied().filter(|p| keep(*p)).collect() };
    let selections: [(&str, Vec<Pos>); 5] = [
        ("move every item one step", items.clone()),
        ("move the right band", band(&|p| p.x() + 3 >= x1)),
        ("move the left band", band(&|p| p.x() <= x0 + 3)),
        ("move the bottom band", band(&|p| p.y() + 6 >= y1)),
        ("move the top band", band(&|p| p.y() <= y0 + 6)),
    ];
    let steps = [(0, 2), (0, -2), (1, 1), (-1, 1), (1, -1), (-1, -1)];
    for (what, items) in selections {
        for (dx, dy) in steps {
            let op = Op::Move {
                items: items.clone(),
                dx,
                dy,
            };
            if edit::apply_op(level, &op).is_ok() {
                return (what, op);
            }
        }
    }
    ("move every item one step", Op::Move { items, dx: 0, dy: 2 })
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// CPU time this thread has run, from the scheduler's statistics (Linux).
fn thread_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}
