//! `cargo bench -p hexcells-viewer --bench editor`: the level editor's figures; prints
//! them, asserts nothing.
//!
//! - Click → text edit → new frame at 1280x800 on the largest level of the shared
//!   corpus (or, when the corpus is absent, a large level of our own): the editor's
//!   press and release (operation, text changes, reparse) and the frame rendered
//!   after it, for a click that creates a cell, one that cycles a number, and the
//!   undo of each (goal: under 16 ms).
//! - The longest frame rendered while the level's check (problems and verdict) runs
//!   on its own thread, as the window does (goal: under 16 ms).
//!
//! Each figure is the median and the slowest of many runs, release build, with the
//! thread's CPU time from `/proc/thread-self/schedstat` beside it when the system has
//! it (the steadier figure when other jobs share the cores).

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use hexcells_core::edit::{blocker, lattice_parity};
use hexcells_core::format::{parse, print};
use hexcells_core::{Cell, Color, Hint, Item, Level, Pos};
use hexcells_viewer::editor::document::Link;
use hexcells_viewer::editor::{Button, Command, Editor, Mods};
use hexcells_viewer::render::{render_editor, Layout};
use tiny_skia::Pixmap;

const RUNS: usize = 200;
const SIZE: (u32, u32) = (1280, 800);

fn corpus_levels() -> Option<PathBuf> {
    let dir = match std::env::var_os("HEXCELLS_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
    };
    let levels = dir.join("levels");
    levels.is_dir().then_some(levels)
}

fn level_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            level_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "hexcells") {
            out.push(path);
        }
    }
}

/// The largest level (most items) and where it came from.
fn largest_level() -> (String, String) {
    if let Some(dir) = corpus_levels() {
        let mut files = Vec::new();
        level_files(&dir, &mut files);
        let best = files
            .iter()
            .filter_map(|f| {
                let text = std::fs::read_to_string(f).ok()?;
                let parsed = parse(&text);
                let level = parsed.levels.first()?;
                if parsed.levels.len() != 1 || hexcells_core::edit::syntax_error(level).is_some() {
                    return None;
                }
                Some((level.level.items().count(), f.clone(), text))
            })
            .max_by_key(|(n, _, _)| *n);
        if let Some((n, file, text)) = best {
            return (text, format!("{} ({n} items)", file.display()));
        }
    }
    println!("skipped: corpus not found; using a generated level");
    let mut level = Level::new();
    level.title = "A large generated level".to_string();
    for pos in Pos::all().filter(|p| p.parity() == 0 && p.y() > 0 && p.x() % 4 != 3) {
        let color = if pos.index() % 3 == 0 {
            Color::Blue
        } else {
            Color::Black
        };
        let hint = if color == Color::Black {
            Hint::Plain
        } else {
            Hint::None
        };
        level.set(
            pos,
            Some(Item::Cell(Cell {
                color,
                revealed: false,
                hint,
            })),
        );
    }
    (print(&level), "a generated level".to_string())
}

fn main() {
    let (text, what) = largest_level();
    println!("editor at {}x{} on {what}", SIZE.0, SIZE.1);
    let layout = Layout::whole_grid(SIZE.0, SIZE.1, 1.0);
    let mut editor = Editor::new(text, Link::Standalone, 0);
    let mut pixmap = Pixmap::new(SIZE.0, SIZE.1).expect("frame");
    let level = editor.level().clone();
    let parity = lattice_parity(&level).unwrap_or(0);
    let empty = Pos::all()
        .find(|p| p.parity() == parity && blocker(&level, *p, |_| false).is_none())
        .expect("a free place");
    let numbered = level
        .cells()
        .find(|(_, c)| c.color == Color::Black)
        .map(|(p, _)| p)
        .expect("a black cell");
    let frame = |editor: &Editor, pixmap: &mut Pixmap| {
        editor.with_scene(layout, None, None, "help", |scene| {
            render_editor(scene, &mut pixmap.as_mut())
        });
    };
    frame(&editor, &mut pixmap);

    println!("\nclick -> text edit -> new frame ({RUNS} runs; median / slowest / CPU per run)");
    let mut now = Instant::now();
    for (label, target) in [
        ("click that creates a cell", empty),
        ("click that cycles a number", numbered),
    ] {
        let (cx, cy) = layout.cell_centre(target);
        let mut click = Vec::with_capacity(RUNS);
        let mut undo = Vec::with_capacity(RUNS);
        let cpu_start = thread_cpu();
        for _ in 0..RUNS {
            // Far apart in time: never a double-click.
            now += Duration::from_secs(1);
            let start = Instant::now();
            editor.press(&layout, (cx, cy), Button::Left, Mods::default());
            let outcome = editor.release(&layout, (cx, cy), Button::Left, now);
            assert!(outcome.text_changed, "the click edited nothing");
            frame(&editor, &mut pixmap);
            click.push(start.elapsed());
            let start = Instant::now();
            editor.command(Command::Undo);
            frame(&editor, &mut pixmap);
            undo.push(start.elapsed());
        }
        let cpu = cpu_per(cpu_start, 2 * RUNS);
        report(label, &mut click, None);
        report("  its undo", &mut undo, None);
        println!("  CPU per edit and frame: {cpu}");
    }

    println!("\nframes while the level is checked on another thread");
    let mut longest = Duration::ZERO;
    let mut longest_cpu = Duration::ZERO;
    let mut n_frames = 0usize;
    let mut check_times = Vec::new();
    for _ in 0..20 {
        let (tx, rx) = mpsc::channel();
        let start = Instant::now();
        editor.start_check(move |checked| {
            let _ = tx.send(checked);
        });
        let checked = loop {
            let (t, cpu) = (Instant::now(), thread_cpu());
            frame(&editor, &mut pixmap);
            longest = longest.max(t.elapsed());
            if let (Some(after), Some(before)) = (thread_cpu(), cpu) {
                longest_cpu = longest_cpu.max(after - before);
            }
            n_frames += 1;
            if let Ok(checked) = rx.try_recv() {
                break checked;
            }
        };
        check_times.push(start.elapsed());
        editor.set_checked(checked);
    }
    check_times.sort();
    println!(
        "  {n_frames} frames during 20 checks (median check {:.1} ms): longest frame {:.2} ms wall, {:.2} ms CPU",
        ms(check_times[check_times.len() / 2]),
        ms(longest),
        ms(longest_cpu)
    );
    println!("  verdict: {}", editor.verdict());
}

fn report(label: &str, times: &mut [Duration], cpu: Option<Duration>) {
    times.sort();
    let n = times.len();
    println!(
        "  {label:<28} {:>7.2} ms / {:>7.2} ms{}",
        ms(times[n / 2]),
        ms(times[n - 1]),
        cpu.map_or(String::new(), |c| format!(" / {:.2} ms", ms(c)))
    );
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn cpu_per(start: Option<Duration>, n: usize) -> String {
    match (thread_cpu(), start) {
        (Some(end), Some(start)) => format!("{:.2} ms", ms((end - start) / n as u32)),
        _ => "n/a".to_string(),
    }
}

/// CPU time this thread has run, from the scheduler's statistics (Linux).
fn thread_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}
