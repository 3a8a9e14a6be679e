//! Viewer benchmarks; prints figures, asserts nothing.
//!
//! - Frame render time at 1280x800 for the largest level of the shared corpus (or, when
//!   the corpus is absent, a large level of our own), target under 8 ms.
//! - Time from an atomic file save to a new frame rendered: watcher debounce, read,
//!   parse and render, target under 100 ms.
//! - Idle: the real window under Xvfb (when installed) following a file, left alone
//!   for three seconds: thread wake-ups (context switches) and CPU time, target zero.

#[allow(dead_code)] // the scheduler's figures are the editor bench's
mod support;

use std::sync::mpsc;
use std::time::{Duration, Instant};

use hexcells_core::Pos;
use hexcells_viewer::player::{Origin, Session};
use hexcells_viewer::render::render;
use hexcells_viewer::watch::watch;
use support::{largest_level, ms};
use tiny_skia::Pixmap;

fn stats(mut samples: Vec<Duration>) -> String {
    samples.sort();
    let mean = samples.iter().map(|d| ms(*d)).sum::<f64>() / samples.len().max(1) as f64;
    let median = samples.get(samples.len() / 2).copied().unwrap_or_default();
    let p95 = samples.get(samples.len() * 95 / 100).copied().unwrap_or_default();
    let max = samples.last().copied().unwrap_or_default();
    format!(
        "mean {mean:.2} ms, median {:.2} ms, p95 {:.2} ms, max {:.2} ms ({} runs)",
        ms(median),
        ms(p95),
        ms(max),
        samples.len()
    )
}

fn bench_frame() {
    let (text, source) = largest_level();
    let mut session = Session::new(Origin::Tutorial, &text, None);
    let mut pixmap = Pixmap::new(1280, 800).expect("frame");
    for _ in 0..5 {
        session.with_scene(1.0, |scene| render(scene, &mut pixmap.as_mut()));
    }
    let mut samples = Vec::new();
    for _ in 0..100 {
        let t = Instant::now();
        session.with_scene(1.0, |scene| render(scene, &mut pixmap.as_mut()));
        samples.push(t.elapsed());
    }
    println!("frame render 1280x800, {source}:\n  {}", stats(samples));
    session.show_solution = true;
    let mut samples = Vec::new();
    for _ in 0..50 {
        let t = Instant::now();
        session.with_scene(1.0, |scene| render(scene, &mut pixmap.as_mut()));
        samples.push(t.elapsed());
    }
    println!(
        "frame render 1280x800, solution preview (every number shown):\n  {}",
        stats(samples)
    );
    session.show_solution = false;
    let n_marks = annotate(&mut session);
    let mut samples = Vec::new();
    for _ in 0..100 {
        let t = Instant::now();
        session.with_scene(1.0, |scene| render(scene, &mut pixmap.as_mut()));
        samples.push(t.elapsed());
    }
    println!(
        "frame render 1280x800, annotated ({n_marks}: every hidden cell guessed, every other clue dimmed, the rest highlighted):\n  {}",
        stats(samples)
    );
}

/// Guesses on every hidden cell, every other visible clue dimmed and the rest
/// highlighted; returns a description of the marks.
fn annotate(session: &mut Session) -> String {
    use hexcells_viewer::keys::player::PlayerAction;
    use hexcells_viewer::keys::Button;
    use hexcells_viewer::player::clue_marks::markable;
    use hexcells_viewer::player::Input;
    let level = session.level().clone();
    let mut n_guesses = 0;
    for (pos, _) in level.cells() {
        if !session.game().is_uncovered(pos) {
            let button = if pos.index() % 2 == 0 {
                Button::Left
            } else {
                Button::Right
            };
            session.act(PlayerAction::Guess, Input::click(pos, button));
            n_guesses += 1;
        }
    }
    let clues: Vec<Pos> = level
        .items()
        .map(|(pos, _)| pos)
        .filter(|pos| markable(&level, *pos, |p| session.game().is_uncovered(p)).dim)
        .collect();
    for pos in clues.iter().step_by(2) {
        session.act(PlayerAction::Uncover, Input::click(*pos, Button::Right));
    }
    session.act(PlayerAction::HighlightAll, Input::default());
    format!(
        "{n_guesses} guesses, {} dimmed, {} highlighted",
        session.game().clue_marks().dimmed().len(),
        session.game().clue_marks().highlighted().len()
    )
}

fn bench_engine() {
    let (text, source) = largest_level();
    use hexcells_viewer::keys::player::PlayerAction;
    use hexcells_viewer::player::EngineJob;
    let mut session = Session::new(Origin::Tutorial, &text, None);
    let t = Instant::now();
    let _ = session.engine_job(PlayerAction::Hint).map(EngineJob::run);
    let hint = t.elapsed();
    let t = Instant::now();
    let round = session.engine_job(PlayerAction::SolveRound).map(EngineJob::run);
    let elapsed = t.elapsed();
    if let Some(done) = round {
        session.finish(done);
    }
    let n = session.game().guesses().len();
    println!(
        "engine (runs beside the UI thread), {source}:\n  H hint {:.1} ms, S one round {:.1} ms ({n} cells)",
        hint.as_secs_f64() * 1000.0,
        elapsed.as_secs_f64() * 1000.0
    );
}

fn bench_save_to_frame() {
    let dir = std::env::temp_dir().join(format!("hexcells-view-bench-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("level.hexcells");
    let (text, _) = largest_level();
    let _ = std::fs::write(&path, &text);
    let (tx, rx) = mpsc::channel::<String>();
    let Ok(_watch) = watch(&path, move |text| {
        let _ = tx.send(text);
    }) else {
        println!("save -> frame: cannot watch {}", dir.display());
        return;
    };
    let mut session = Session::new(Origin::File(path.clone()), &text, None);
    let mut pixmap = Pixmap::new(1280, 800).expect("frame");
    let mut samples = Vec::new();
    for k in 0..20 {
        std::thread::sleep(Duration::from_millis(150));
        while rx.try_recv().is_ok() {}
        let edited = text.replacen("Hexcells level v1\n", &format!("Hexcells level v1\nsave {k} "), 1);
        let tmp = dir.join("level.hexcells.tmp");
        let t = Instant::now();
        if std::fs::write(&tmp, &edited)
            .and_then(|()| std::fs::rename(&tmp, &path))
            .is_err()
        {
            continue;
        }
        let deadline = t + Duration::from_secs(2);
        while let Ok(got) = rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            if got == edited {
                session.load_text(&got);
                session.with_scene(1.0, |scene| render(scene, &mut pixmap.as_mut()));
                samples.push(t.elapsed());
                break;
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "save -> new frame (debounce {} ms, read, parse, render 1280x800):\n  {}",
        hexcells_viewer::watch::DEBOUNCE.as_millis(),
        stats(samples)
    );
}

/// Context switches of all threads of process `pid`, and its CPU time in clock ticks.
fn activity(pid: u32) -> Option<(u64, u64)> {
    let mut switches = 0;
    for task in std::fs::read_dir(format!("/proc/{pid}/task")).ok()?.flatten() {
        let status = std::fs::read_to_string(task.path().join("status")).ok()?;
        for line in status.lines() {
            if line.contains("ctxt_switches:") {
                switches += line.split_whitespace().last()?.parse::<u64>().ok()?;
            }
        }
    }
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some((switches, ticks))
}

fn bench_idle() {
    let has = |program: &str| {
        std::env::var_os("PATH")
            .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()))
    };
    if !has("Xvfb") {
        println!("idle: skipped: Xvfb not found");
        return;
    }
    let n = 150 + std::process::id() % 50;
    let display = format!(":{n}");
    let Ok(mut xvfb) = std::process::Command::new("Xvfb")
        .args([
            display.as_str(),
            "-screen",
            "0",
            "1024x768x24",
            "-nolisten",
            "tcp",
            "-noreset",
        ])
        .stderr(std::process::Stdio::null())
        .spawn()
    else {
        println!("idle: cannot start Xvfb");
        return;
    };
    std::thread::sleep(Duration::from_secs(1));
    let dir = std::env::temp_dir().join(format!("hexcells-view-idle-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("level.hexcells");
    let _ = std::fs::write(&path, hexcells_viewer::player::TUTORIAL);
    let viewer = std::process::Command::new(env!("CARGO_BIN_EXE_hexcells-view"))
        .arg(&path)
        .env("DISPLAY", &display)
        .env_remove("WAYLAND_DISPLAY")
        .env("XDG_STATE_HOME", dir.join("state"))
        .spawn();
    if let Ok(mut viewer) = viewer {
        std::thread::sleep(Duration::from_secs(2));
        let before = activity(viewer.id());
        std::thread::sleep(Duration::from_secs(3));
        let after = activity(viewer.id());
        match before.zip(after) {
            Some(((s0, t0), (s1, t1))) => println!(
                "idle window following a file, 3 s alone: {} thread wake-ups, {} ms of CPU",
                s1 - s0,
                (t1 - t0) * 10
            ),
            None => println!("idle: cannot read /proc for the viewer"),
        }
        let _ = viewer.kill();
        let _ = viewer.wait();
    }
    let _ = xvfb.kill();
    let _ = xvfb.wait();
    let _ = std::fs::remove_dir_all(&dir);
}

fn main() {
    bench_frame();
    bench_engine();
    bench_save_to_frame();
    bench_idle();
}
