//! End-to-end tests of `hexcells-view` under Xvfb: start the viewer on a temporary
//! level, click a cell with xdotool, take screenshots with ImageMagick's `import`, and
//! check the pixels changed as expected; then rewrite the file atomically twice and
//! check the window follows both times. The same again with the portable build that the
//! release carries (`HEXCELLS_PORTABLE_BIN_DIR`), which finds X11 at run time as the
//! development build does. The pack overview's key shows a pack's difficulty curve in
//! the window. Prints `skipped: Xvfb not found` and returns when Xvfb (or xdotool /
//! import) is not installed.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use hexcells_core::fixture::{self, pos};
use hexcells_core::format::parse;
use hexcells_core::{Level, Pos};
use hexcells_e2e::screen::{tools_present, wait_for, wait_for_words, Board};
use hexcells_e2e::xvfb::{start_xvfb, xdotool, Guard};
use hexcells_e2e::{bin, portable_bin_dir, temp_dir};
use hexcells_viewer::render::palette;

const SCREEN: (u32, u32) = (1024, 768);

/// Version `v` of the level. The corner cells stay put, so the layout does not move:
/// v1: all hidden; v2: (6, 2) revealed black; v3: (4, 4) revealed blue too.
fn version(v: u32) -> String {
    let b = if v >= 2 { "O." } else { "o." };
    let c = if v >= 3 { "X." } else { "x." };
    fixture::text(
        "e2e level",
        &[
            "x.......o.",
            "",
            &format!("o...x...{b}"),
            "",
            &format!("x...{c}......x."),
        ],
    )
}

fn atomic_write(path: &Path, text: &str) {
    let tmp = path.with_extension("hexcells.tmp");
    std::fs::write(&tmp, text).expect("write temp file");
    std::fs::rename(&tmp, path).expect("rename over the level");
}

#[test]
fn the_window_plays_a_click_and_follows_two_atomic_saves() {
    if tools_present(&[]) {
        plays_a_click_and_follows_two_atomic_saves(&bin("hexcells-view"));
    }
}

#[test]
fn the_portable_build_s_window_plays_a_click_and_follows_two_atomic_saves() {
    let Some(dir) = portable_bin_dir("the portable hexcells-view's window is not opened") else {
        return;
    };
    if tools_present(&[]) {
        plays_a_click_and_follows_two_atomic_saves(&dir.join("hexcells-view"));
    }
}

/// Opens `viewer`'s window on a level, clicks a cell and saves the level twice.
fn plays_a_click_and_follows_two_atomic_saves(viewer: &Path) {
    let dir = temp_dir();
    let (_xvfb, display) = start_xvfb(SCREEN.0, SCREEN.1);
    let path = dir.path().join("level.hexcells");
    std::fs::write(&path, version(1)).expect("write level");
    let _viewer = Guard(
        Command::new(viewer)
            .arg(&path)
            .env("DISPLAY", &display)
            .env_remove("WAYLAND_DISPLAY")
            .env("XDG_STATE_HOME", dir.path().join("state"))
            .stdout(Stdio::null())
            .spawn()
            .expect("start hexcells-view"),
    );
    let level: Level = parse(&version(1)).levels.remove(0).level;
    let board = Board::find(&display, &level);
    let at = |p: Pos| board.at(p);
    let (a, b, c) = (pos(0, 0), pos(4, 2), pos(2, 4));
    wait_for(
        &display,
        dir.path(),
        "first frame",
        &[(at(a), palette::HIDDEN), (at(b), palette::HIDDEN)],
    );

    // A left click uncovers the blue cell at (0, 0).
    let (x, y) = at(a);
    xdotool(
        &display,
        &["mousemove", &x.to_string(), &y.to_string(), "click", "1"],
    );
    wait_for(&display, dir.path(), "after the click", &[(at(a), palette::BLUE)]);

    // Two atomic saves: each shows up, and the uncovered cell stays uncovered.
    atomic_write(&path, &version(2));
    wait_for(
        &display,
        dir.path(),
        "first save",
        &[
            (at(b), palette::BLACK),
            (at(a), palette::BLUE),
            (at(c), palette::HIDDEN),
        ],
    );
    atomic_write(&path, &version(3));
    wait_for(
        &display,
        dir.path(),
        "second save",
        &[
            (at(c), palette::BLUE),
            (at(b), palette::BLACK),
            (at(a), palette::BLUE),
        ],
    );
    assert_eq!(
        std::fs::read_to_string(&path).ok(),
        Some(version(3)),
        "the level file is never written"
    );
}

#[test]
fn png_renders_one_frame_without_a_window_and_errors_exit_2() {
    let dir = temp_dir();
    let level = dir.path().join("level.hexcells");
    std::fs::write(&level, version(2)).expect("write level");
    let png = dir.path().join("frame.png");
    let out = Command::new(bin("hexcells-view"))
        .args(["--size", "320x240", "--png"])
        .arg(&png)
        .arg(&level)
        .env_remove("DISPLAY")
        .output()
        .expect("run hexcells-view --png");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let bytes = std::fs::read(&png).expect("the PNG");
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    // IHDR: width and height as big-endian u32 at offsets 16 and 20.
    assert_eq!(&bytes[16..24], &[0, 0, 1, 64, 0, 0, 0, 240]);

    let out = Command::new(bin("hexcells-view"))
        .args(["--png"])
        .arg(&png)
        .arg(dir.path().join("missing.hexcells"))
        .output()
        .expect("run hexcells-view");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with("hexcells-view: cannot read"), "{stderr}");
}

#[test]
fn the_editor_protocol_shows_snapshots_and_reports_clicks() {
    use hexcells_core::viewer_protocol::{FromViewer, ToViewer};
    use std::io::{BufRead, BufReader, Write};

    if !tools_present(&[]) {
        return;
    }
    let dir = temp_dir();
    let (_xvfb, display) = start_xvfb(SCREEN.0, SCREEN.1);
    let mut viewer = Guard(
        Command::new(bin("hexcells-view"))
            .arg("--stdin")
            .env("DISPLAY", &display)
            .env_remove("WAYLAND_DISPLAY")
            .env("XDG_STATE_HOME", dir.path().join("state"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start hexcells-view --stdin"),
    );
    let mut stdin = viewer.0.stdin.take().expect("stdin");
    let stdout = viewer.0.stdout.take().expect("stdout");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let mut send = |message: ToViewer| {
        writeln!(stdin, "{}", message.encode()).expect("write to the viewer");
        stdin.flush().expect("flush");
    };
    send(ToViewer::Snapshot {
        version: 1,
        text: version(1),
    });
    let level: Level = parse(&version(1)).levels.remove(0).level;
    let board = Board::find(&display, &level);
    let at = |p: Pos| board.at(p);
    let (a, b) = (pos(0, 0), pos(4, 2));
    wait_for(
        &display,
        dir.path(),
        "first snapshot",
        &[(at(a), palette::HIDDEN), (at(b), palette::HIDDEN)],
    );

    let (x, y) = at(b);
    xdotool(
        &display,
        &["mousemove", &x.to_string(), &y.to_string(), "click", "1"],
    );
    let line = rx
        .recv_timeout(Duration::from_secs(10))
        .expect("a click reported on stdout");
    assert_eq!(
        FromViewer::decode(&line),
        Ok(FromViewer::Clicked { level: 0, cell: b })
    );

    // An unsaved edit shows at once.
    send(ToViewer::Snapshot {
        version: 2,
        text: version(2),
    });
    wait_for(
        &display,
        dir.path(),
        "second snapshot",
        &[(at(b), palette::BLACK)],
    );

    // The end of stdin closes the viewer.
    drop(stdin);
    let deadline = Instant::now() + Duration::from_secs(10);
    while viewer.0.try_wait().expect("viewer status").is_none() {
        assert!(Instant::now() < deadline, "the viewer outlived its editor");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn the_viewer_s_help_man_page_and_completions_into_a_pipe_closed_early_end_quietly() {
    // `hexcells-view --completions zsh | head -n 1`: the reader may be gone before the
    // text is written; the closed pipe ends the command, no panic, no error.
    for args in [
        &["--completions", "zsh"][..],
        &["--man"],
        &["--help"],
        &["--version"],
    ] {
        let mut child = std::process::Command::new(bin("hexcells-view"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run hexcells-view");
        drop(child.stdout.take());
        let output = child.wait_with_output().expect("wait for hexcells-view");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
    }
}

#[test]
fn the_overview_key_shows_the_packs_difficulty_curve_in_the_window() {
    if !tools_present(&[]) {
        return;
    }
    let dir = temp_dir();
    let (_xvfb, display) = start_xvfb(SCREEN.0, SCREEN.1);
    // The project's pack whose level 3 is easier than level 2, with level 4 stuck.
    let text = std::fs::read_to_string(hexcells_e2e::levels_dir().join("cli/curve.hexcells"))
        .expect("the project's curve pack");
    let path = dir.path().join("curve.hexcells");
    std::fs::write(&path, &text).expect("write the pack");
    let frame = dir.path().join("frame.txt");
    let _viewer = Guard(
        Command::new(bin("hexcells-view"))
            .args(["--level", "3"])
            .arg(&path)
            .env("DISPLAY", &display)
            .env_remove("WAYLAND_DISPLAY")
            .env("XDG_STATE_HOME", dir.path().join("state"))
            .env("XDG_CONFIG_HOME", dir.path().join("config"))
            .env("HEXCELLS_VIEW_FRAME_TEXT", &frame)
            .stdout(Stdio::null())
            .spawn()
            .expect("start hexcells-view"),
    );
    let level: Level = parse(&text).levels.remove(2).level;
    let board = Board::find(&display, &level);
    board.focus(&display);
    wait_for_words(&frame, "the third level", |w| w.title == "Flowers");
    let press = |key: &str| xdotool(&display, &["key", "--window", &board.window, key]);
    press("o");
    let words = wait_for_words(&frame, "the overview", |w| w.overview.len() == 6);
    assert_eq!(words.overview[0], "The pack's difficulty curve · O hides it");
    assert_eq!(
        words.overview[1..],
        [
            "1\tTwo rounds\teasy 0",
            "2\tOne overlap\teasy-medium 1",
            "3\tFlowers\teasy 0\teasier than level 2",
            "4\tCoin toss\tstuck\tnot compared",
            "5\tRing\teasy 0\teasier than level 3 (same score, fewer lesser steps)",
        ]
    );
    // The level shown stays the third; the key hides the overview again.
    assert_eq!(words.title, "Flowers");
    press("o");
    wait_for_words(&frame, "the overview hidden", |w| w.overview.is_empty());
}
