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
//!   with no check running. The longest frame is split, from the scheduler's statistics
//!   of the render thread (`/proc/thread-self/schedstat`), into the time it ran (the
//!   frame's own work) and the time it waited for a core (other threads had them: the
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
use hexcells_viewer::editor::{Editor, Mods, PointerEvent};
use hexcells_viewer::keys::Button;
use hexcells_viewer::render::{render_editor, FrameLayout};
use support::{largest_level, ms, Sched};
use tiny_skia::Pixmap;

const RUNS: usize = 200;
const SIZE: (u32, u32) = (1280, 800);

fn main() {
    let (text, what) = largest_level();
    println!("editor at {}x{} on {what}", SIZE.0, SIZE.1);
    let layout = FrameLayout::whole_grid(SIZE.0, SIZE.1, 1.0);
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
        editor.with_scene(layout, None, None, |scene| {
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
            let (at, button, mods) = ((cx, cy), Button::Left, Mods::default());
            editor.pointer(&layout, PointerEvent::Press { at, button, mods });
            let outcome = editor.pointer(&layout, PointerEvent::Release { at, button, now });
            assert!(outcome.text_changed, "the click edited nothing");
            frame(&editor, &mut pixmap);
            click.push(start.elapsed());
            let start = Instant::now();
            editor.undo();
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
    println!("\nframes with no check running (200)");
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

/// The longest frame and what it was made of, and how many went over 16 ms. The
/// scheduler counts the time a thread waits for a core exactly (at each switch), but
/// its time on a core only at each scheduler tick: as the frame never sleeps, its
/// time on a core is its wall time less its wait.
fn describe(frames: &[Frame]) {
    let waiting = |f: &Frame| f.sched.map_or(Duration::ZERO, |s| s.waiting);
    let running = |f: &Frame| f.wall.saturating_sub(waiting(f));
    let split = |f: &Frame| {
        format!(
            "{:.2} ms wall = {:.2} ms running + {:.2} ms waiting for a core",
            ms(f.wall),
            ms(running(f)),
            ms(waiting(f))
        )
    };
    let mut walls: Vec<Duration> = frames.iter().map(|f| f.wall).collect();
    walls.sort();
    println!(
        "  median {:.2} ms wall; longest running {:.2} ms",
        ms(walls[walls.len() / 2]),
        ms(frames.iter().map(running).max().unwrap_or_default())
    );
    if let Some(longest) = frames.iter().max_by_key(|f| f.wall) {
        println!("  longest frame: {}", split(longest));
    }
    let over: Vec<&Frame> = frames
        .iter()
        .filter(|f| f.wall > Duration::from_millis(16))
        .collect();
    let running_over = over
        .iter()
        .filter(|f| running(f) > Duration::from_millis(16))
        .count();
    println!(
        "  over 16 ms wall: {} of {} ({running_over} of them running over 16 ms; {:.1} ms waiting for a core in all)",
        over.len(),
        frames.len(),
        ms(over.iter().map(|f| waiting(f)).sum())
    );
    if Sched::now().is_none() {
        println!("  (no scheduler statistics here: wall times only)");
    }
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
