//! End-to-end tests of the level editor (`hexcells-view --edit FILE`) in a real window
//! under Xvfb, driven with xdotool: create, flip, delete, cycle, revealed, a column
//! number dragged out of a cell, select and move, undo and redo, zoom, and Ctrl+S. The
//! file does not change before Ctrl+S; the saved file parses and holds exactly the
//! items expected; a file changed on disk meanwhile is not overwritten; a key added in
//! the author's `keys.toml` works. Prints
//! `skipped: ...` and returns when Xvfb (or xdotool / import) is not installed.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use hexcells_core::fixture::pos;
use hexcells_core::format::parse;
use hexcells_core::{Cell, Color, Column, Direction, Hint, Item, Pos};
use hexcells_e2e::xvfb::{geometry, on_path, start_xvfb, wait_for_window, xdotool, Guard};
use hexcells_e2e::{bin, temp_dir};
use hexcells_viewer::editing::EditMode;
use hexcells_viewer::editor::document::Link;
use hexcells_viewer::render::board::palette::{self, Rgb};
use hexcells_viewer::render::Layout;
use hexcells_viewer::view::{View, STEP};

const SCREEN: (u32, u32) = (1024, 768);

fn tools_present() -> bool {
    if !on_path("Xvfb") {
        hexcells_e2e::skip("Xvfb not found (Debian: xvfb xdotool imagemagick)");
        return false;
    }
    assert!(
        on_path("xdotool") && on_path("import"),
        "xdotool and ImageMagick's import are needed beside Xvfb"
    );
    true
}

/// The screen as raw RGB bytes.
fn screenshot(display: &str, dir: &Path) -> Vec<u8> {
    let out = dir.join("screen.rgb");
    let status = Command::new("import")
        .args(["-window", "root", "-depth", "8"])
        .arg(format!("rgb:{}", out.display()))
        .env("DISPLAY", display)
        .status()
        .expect("run import");
    assert!(status.success(), "import failed");
    std::fs::read(out).expect("read screenshot")
}

fn pixel(screen: &[u8], (x, y): (i32, i32)) -> Rgb {
    let i = (y as usize * SCREEN.0 as usize + x as usize) * 3;
    match screen.get(i..i + 3) {
        Some(p) => Rgb(p[0], p[1], p[2]),
        None => Rgb(0, 0, 0),
    }
}

/// A running editor window and how to reach its places.
struct Window {
    display: String,
    dir: std::path::PathBuf,
    id: String,
    origin: (i32, i32),
    layout: Layout,
}

impl Window {
    /// Starts `hexcells-view --edit path` and waits for its window.
    fn open(display: &str, dir: &Path, path: &Path) -> (Guard, Window) {
        // The editor frames the level as it reads when opened (an empty level: the grid).
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let viewer = Guard(
            Command::new(bin("hexcells-view"))
                .arg("--edit")
                .arg(path)
                .env("DISPLAY", display)
                .env_remove("WAYLAND_DISPLAY")
                .env("XDG_STATE_HOME", dir.join("state"))
                .env("XDG_CONFIG_HOME", dir.join("config"))
                .stdout(Stdio::null())
                .spawn()
                .expect("start hexcells-view --edit"),
        );
        let id = wait_for_window(display, "hexcells-view", Duration::from_secs(60))
            .expect("the editor's window did not appear");
        let (x, y, w, h) = geometry(display, &id);
        // Keys go to the focused window; without a window manager activate may complain.
        xdotool(display, &["windowfocus", "--sync", &id]);
        let window = Window {
            display: display.to_string(),
            dir: dir.to_path_buf(),
            id,
            origin: (x as i32, y as i32),
            layout: EditMode::new(text.to_string(), Link::Standalone, 0, None).layout(w, h, 1.0),
        };
        (viewer, window)
    }

    /// Screen coordinates of a pixel of the window's frame.
    fn screen(&self, (x, y): (f32, f32)) -> (i32, i32) {
        (self.origin.0 + x.round() as i32, self.origin.1 + y.round() as i32)
    }

    /// The centre of `p` on screen, moved by `(dx, dy)` hexagon radii.
    fn at(&self, p: Pos, dx: f32, dy: f32) -> (i32, i32) {
        let (cx, cy) = self.layout.cell_centre(p);
        let r = self.layout.radius;
        self.screen((cx + dx * r, cy + dy * r))
    }

    fn run(&self, args: &[&str]) {
        xdotool(&self.display, args);
    }

    fn click(&self, p: Pos, button: &str, modifier: Option<&str>) {
        let (x, y) = self.at(p, 0.0, 0.0);
        let (x, y) = (x.to_string(), y.to_string());
        let mut args = vec!["mousemove", "--sync", &x, &y];
        if let Some(m) = modifier {
            args.extend(["keydown", m]);
        }
        args.extend(["click", button]);
        if let Some(m) = modifier {
            args.extend(["keyup", m]);
        }
        self.run(&args);
    }

    /// A left drag from `from` to `to` (screen pixels) in a few steps.
    fn drag(&self, from: (i32, i32), to: (i32, i32)) {
        let s = |v: i32| v.to_string();
        self.run(&[
            "mousemove",
            "--sync",
            &s(from.0),
            &s(from.1),
            "mousedown",
            "1",
            "sleep",
            "0.05",
        ]);
        for k in 1..=6 {
            let x = from.0 + (to.0 - from.0) * k / 6;
            let y = from.1 + (to.1 - from.1) * k / 6;
            self.run(&["mousemove", "--sync", &s(x), &s(y), "sleep", "0.03"]);
        }
        self.run(&["mouseup", "1"]);
    }

    fn key(&self, key: &str) {
        self.run(&["key", "--window", &self.id, key]);
    }

    /// Waits until every probe shows its colour.
    fn wait_for(&self, what: &str, probes: &[((i32, i32), Rgb)]) {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let screen = screenshot(&self.display, &self.dir);
            let seen: Vec<Rgb> = probes.iter().map(|(at, _)| pixel(&screen, *at)).collect();
            if probes.iter().zip(&seen).all(|((_, want), got)| want == got) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "{what}: expected {probes:?}, saw {seen:?}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn title(&self) -> String {
        xdotool(&self.display, &["getwindowname", &self.id])
            .trim()
            .to_string()
    }
}

/// Waits for `path` to hold text that satisfies `done`.
fn wait_for_file(path: &Path, what: &str, done: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        if let Ok(text) = std::fs::read_to_string(path) {
            if done(&text) {
                return text;
            }
        }
        assert!(Instant::now() < deadline, "{what}: {} never came", path.display());
        std::thread::sleep(Duration::from_millis(100));
    }
}

const BG: Rgb = palette::BACKGROUND;

#[test]
fn the_editor_builds_a_level_that_is_written_only_on_ctrl_s() {
    if !tools_present() {
        return;
    }
    let dir = temp_dir();
    let (_xvfb, display) = start_xvfb(SCREEN.0, SCREEN.1);
    let path = dir.path().join("new.hexcells");
    // The author's keys.toml adds F4 to redo.
    let config = dir.path().join("config").join("hexcells");
    std::fs::create_dir_all(&config).expect("config directory");
    std::fs::write(
        config.join("keys.toml"),
        "[editor]\nredo = [\"Ctrl+Y\", \"F4\"]\n",
    )
    .expect("write keys.toml");
    let (_viewer, w) = Window::open(&display, dir.path(), &path);
    let (a, b, c) = (pos(10, 10), pos(12, 10), pos(10, 12));
    // The probe half a radius below a centre is inside the fill, clear of any number.
    let fill = |p: Pos| w.at(p, 0.0, 0.5);
    let rim = |p: Pos| w.at(p, 0.86, 0.0);
    w.wait_for("the empty grid", &[(fill(a), BG)]);

    // Create: left blue, right black.
    w.click(a, "1", None);
    w.click(b, "3", None);
    w.wait_for(
        "a blue and a black cell",
        &[(fill(a), palette::BLUE), (fill(b), palette::BLACK)],
    );
    assert!(w.title().starts_with("new.hexcells*"), "{}", w.title());
    // Double-click flips, right-click deletes.
    let (bx, by) = w.at(b, 0.0, 0.0);
    w.run(&[
        "mousemove",
        "--sync",
        &bx.to_string(),
        &by.to_string(),
        "click",
        "--repeat",
        "2",
        "--delay",
        "60",
        "1",
    ]);
    w.wait_for("the black cell flipped", &[(fill(b), palette::BLUE)]);
    w.click(b, "3", None);
    w.wait_for("the cell deleted", &[(fill(b), BG)]);
    // Revealed at start: the orange rim goes.
    w.wait_for("hidden: orange rim", &[(rim(a), palette::HIDDEN)]);
    w.click(a, "1", Some("alt"));
    w.wait_for("revealed: no orange rim", &[(rim(a), palette::BLUE_RIM)]);
    // A black cell below, cycled from "number" to "number with togetherness".
    w.click(c, "3", None);
    w.wait_for("a black cell", &[(fill(c), palette::BLACK)]);
    w.click(c, "1", None);
    // A column number dragged up-left out of it: `\` one column left, a line up.
    let from = w.at(c, 0.0, 0.0);
    w.drag(from, w.at(c, -2.0, -1.2));
    // Select both cells and move them one step down-right.
    w.click(a, "1", Some("shift"));
    w.click(c, "1", Some("shift"));
    w.drag(w.at(a, 0.0, 0.0), w.at(pos(11, 11), 0.0, 0.0));
    let (a2, c2) = (pos(11, 11), pos(11, 13));
    // Selected items are veiled: Esc clears the selection to see their colours.
    w.key("Escape");
    w.wait_for(
        "the selection moved",
        &[
            (fill(a), BG),
            (fill(a2), palette::BLUE),
            (fill(c2), palette::BLACK),
        ],
    );
    // Undo puts it back, redo (F4, from keys.toml) moves it again.
    w.key("ctrl+z");
    w.wait_for("the move undone", &[(fill(a), palette::BLUE), (fill(a2), BG)]);
    w.key("F4");
    w.wait_for("the move redone", &[(fill(a2), palette::BLUE), (fill(a), BG)]);
    // Zoom around the window's centre, then back.
    let mut view = View::default();
    let (ww, wh) = (w.layout.width, w.layout.height);
    view.zoom_at(STEP, (ww / 2.0, wh / 2.0));
    let zoomed = view.apply(w.layout);
    let zoomed_fill = {
        let (cx, cy) = zoomed.cell_centre(a2);
        w.screen((cx, cy + 0.5 * zoomed.radius))
    };
    w.key("plus");
    w.wait_for("zoomed in", &[(zoomed_fill, palette::BLUE)]);
    w.key("0");
    w.wait_for("zoom reset", &[(fill(a2), palette::BLUE)]);

    assert!(!path.exists(), "nothing is written before Ctrl+S");
    w.key("ctrl+s");
    let text = wait_for_file(&path, "the saved level", |t| !t.is_empty());
    let parsed = parse(&text);
    assert_eq!(parsed.levels.len(), 1);
    let items: Vec<(Pos, Item)> = parsed.levels[0].level.items().collect();
    let expected = vec![
        (
            a2,
            Item::Cell(Cell {
                color: Color::Blue,
                revealed: true,
                hint: Hint::None,
            }),
        ),
        (
            pos(10, 12),
            Item::Column(Column {
                direction: Direction::DownRight,
                hint: Hint::Plain,
            }),
        ),
        (
            c2,
            Item::Cell(Cell {
                color: Color::Black,
                revealed: false,
                hint: Hint::Together,
            }),
        ),
    ];
    assert_eq!(items, expected, "saved:\n{text}");
    w.wait_for("still showing", &[(fill(a2), palette::BLUE)]);
    let deadline = Instant::now() + Duration::from_secs(10);
    while w.title().contains('*') {
        assert!(
            Instant::now() < deadline,
            "the title keeps its `*`: {}",
            w.title()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_file_changed_on_disk_is_never_overwritten() {
    if !tools_present() {
        return;
    }
    let dir = temp_dir();
    let (_xvfb, display) = start_xvfb(SCREEN.0, SCREEN.1);
    let path = dir.path().join("level.hexcells");
    let original = std::fs::read_to_string(hexcells_e2e::levels_dir().join("flowers.hexcells"))
        .expect("read a project level");
    std::fs::write(&path, &original).expect("write level");
    let (_viewer, w) = Window::open(&display, dir.path(), &path);
    let free = pos(4, 20);
    let fill = |p: Pos| w.at(p, 0.0, 0.5);
    w.wait_for("the level", &[(fill(free), BG)]);
    w.click(free, "1", None);
    w.wait_for("a new cell", &[(fill(free), palette::BLUE)]);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        original,
        "untouched before Ctrl+S"
    );
    // Someone else changes the file: the edits are kept, and saving goes beside it.
    let theirs = original.replace("Flowers", "Their flowers");
    std::fs::write(&path, &theirs).expect("change the level elsewhere");
    std::thread::sleep(Duration::from_millis(300));
    w.key("ctrl+s");
    let conflict = dir.path().join("level.hexcells.conflict");
    let mine = wait_for_file(&conflict, "the conflict file", |t| !t.is_empty());
    assert!(parse(&mine).levels[0].level.cell(free).is_some());
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        theirs,
        "never overwritten"
    );
}
