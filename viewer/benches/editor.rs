//! `cargo bench -p hexcells-viewer --bench editor`: the level editor's figures; prints
//! them, asserts nothing.
//!
//! - Click → text edit → new frame at 1280x800 on the largest level of the shared
//!   corpus (or, when the corpus is absent, a large level of our own): the editor's
//!   press and release (operation, text changes, reparse) and the frame rendered
//!   after it, for a click that creates a cell, one that cycles a number, and the
//!   undo of each (goal: under 16 ms).
//! - The longest frame rendered while the level's check (problems and verdict) runs
//!   on its own thread, as the window does (goal: under 16 ms), beside the same frames
//!   with no check running. Each long frame is split, from the scheduler's statistics
//!   of the render thread (`/proc/thread-self/schedstat`), into its time on a core (the
//!   frame's own work) and its time waiting for a core (other threads had them: the
//!   check, or other jobs on the machine).
//!
//! Each figure is the median and the slowest of many runs, release build, with the
//! thread's CPU time beside it when the system has it (the steadier figure when other
//! jobs share the cores).

mod support;

use std::sync::mpsc;
use std::time::{Duration, Instant};

use hexcells_core::edit::{blocker, lattice_parity};
use hexcells_core::{Color, Pos};
use hexcells_viewer::editor::document::Link;
use hexcells_viewer::editor::{Button, Command, Editor, Mods};
use hexcells_viewer::render::{render_editor, Layout};
use support::{largest_level, ms, Sched};
use tiny_skia::Pixmap;

const RUNS: usize = 200;
const SIZE: (u32, u32) = (1280, 800);

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
        let cpu_start = Sched::now();
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

    // The same frames with no check running: what the frame itself costs here, now.
    let alone: Vec<Frame> = (0..200).map(|_| timed(|| frame(&editor, &mut pixmap))).collect();
    println!("\nframes with no check running (200; each: wall / on a core / waiting for one)");
    describe(&alone);

    println!("\nframes while the level is checked on another thread");
    let mut during = Vec::new();
    let mut check_times = Vec::new();
    for _ in 0..20 {
        let (tx, rx) = mpsc::channel();
        let start = Instant::now();
        editor.start_check(move |checked| {
            let _ = tx.send(checked);
        });
        let checked = loop {
            during.push(timed(|| frame(&editor, &mut pixmap)));
            if let Ok(checked) = rx.try_recv() {
                break checked;
            }
        };
        check_times.push(start.elapsed());
        editor.set_checked(checked);
    }
    check_times.sort();
    println!(
        "  {} frames during 20 checks (median check {:.1} ms)",
        during.len(),
        ms(check_times[check_times.len() / 2])
    );
    describe(&during);
    println!("  verdict: {}", editor.verdict());
}

/// One frame: wall-clock time, and the render thread's time on a core and waiting
/// for one meanwhile.
#[derive(Clone, Copy, Debug, Default)]
struct Frame {
    wall: Duration,
    sched: Option<Sched>,
}

fn timed(f: impl FnOnce()) -> Frame {
    let (start, before) = (Instant::now(), Sched::now());
    f();
    let wall = start.elapsed();
    let sched = before.zip(Sched::now()).map(|(b, a)| b.until(a));
    Frame { wall, sched }
}

/// The longest frame and what it was made of; the frame that ran longest on a core;
/// how many went over 16 ms, and whether they ran or waited.
fn describe(frames: &[Frame]) {
    let split = |f: &Frame| match f.sched {
        Some(s) => format!(
            "{:.2} ms wall = {:.2} ms on a core + {:.2} ms waiting for a core + {:.2} ms other",
            ms(f.wall),
            ms(s.cpu),
            ms(s.waiting),
            ms(f.wall.saturating_sub(s.cpu + s.waiting))
        ),
        None => format!("{:.2} ms wall", ms(f.wall)),
    };
    let mut walls: Vec<Duration> = frames.iter().map(|f| f.wall).collect();
    walls.sort();
    println!("  median {:.2} ms wall", ms(walls[walls.len() / 2]));
    if let Some(longest) = frames.iter().max_by_key(|f| f.wall) {
        println!("  longest:          {}", split(longest));
    }
    if let Some(busiest) = frames.iter().max_by_key(|f| f.sched.map(|s| s.cpu)) {
        println!("  most time on a core: {}", split(busiest));
    }
    let over: Vec<&Frame> = frames.iter().filter(|f| f.wall > Duration::from_millis(16)).collect();
    let cpu_over = frames
        .iter()
        .filter(|f| f.sched.is_some_and(|s| s.cpu > Duration::from_millis(16)))
        .count();
    let waited: Duration = over.iter().filter_map(|f| f.sched.map(|s| s.waiting)).sum();
    println!(
        "  over 16 ms wall: {} of {} ({} of them over 16 ms on a core; {:.1} ms waiting for a core in all)",
        over.len(),
        frames.len(),
        cpu_over,
        ms(waited)
    );
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

fn cpu_per(start: Option<Sched>, n: usize) -> String {
    match (Sched::now(), start) {
        (Some(end), Some(start)) => format!("{:.2} ms", ms(start.until(end).cpu / n as u32)),
        _ => "n/a".to_string(),
    }
}
