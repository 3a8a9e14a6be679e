//! End-to-end tests of the level editor (`hexcells-view --edit FILE`) in a real window
//! under Xvfb, driven with xdotool: create, flip, delete, cycle, revealed, a column
//! number dragged out of a cell, select and move, undo and redo, zoom, and Ctrl+S. The
//! file does not change before Ctrl+S; the saved file parses and holds exactly the
//! items expected; a file changed on disk meanwhile is not overwritten; a key added in
//! the author's `keys.toml` works, and one that rebinds the buttons, keys and clicks of
//! the editor and the player (a bad entry named on stderr) is followed in both. The
//! editor explains itself: `?` / `F1` open a panel of every key and click in force, the
//! key line keeps whole parts and the help key at 640 px and at the default width, a
//! playtest is labelled and keeps the unsaved mark, and an empty level shows its first
//! steps until the first edit (read from the words of the frame the window drew, not
//! from its pixels). "Fill clues" (`G` picks the grade, `F` runs it) makes a drawing of
//! our own solvable, and one Ctrl+Z brings the drawing back. With "clues follow the
//! drawing" on (`Shift+F`), three strokes on a picture of our own each leave a level
//! solvable at the grade, and three Ctrl+Z bring the picture back byte for byte. Prints `skipped: ...` and returns when Xvfb (or xdotool / import)
//! is not installed.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use hexcells_core::fixture::{self, pos};
use hexcells_core::format::parse;
use hexcells_core::{Cell, Color, Column, Direction, Hint, Item, Pos};
use hexcells_e2e::screen::{tools_present, wait_for, wait_for_words, Board};
use hexcells_e2e::xvfb::{start_xvfb, xdotool, Guard};
use hexcells_e2e::{bin, temp_dir};
use hexcells_viewer::editor::document::Link;
use hexcells_viewer::editor::mode::EditMode;
use hexcells_viewer::keys::{self, editor as edit_keys, Bindable};
use hexcells_viewer::render::camera::{Camera, STEP};
use hexcells_viewer::render::palette::{self, Rgb};
use hexcells_viewer::render::{FrameLayout, FrameText};

const SCREEN: (u32, u32) = (1024, 768);

/// A running editor window and how to reach its places.
struct Window {
    display: String,
    dir: PathBuf,
    board: Board,
}

/// The project's level `flowers` written to `dir/level.hexcells`: its path and text.
fn flowers_in(dir: &Path) -> (PathBuf, String) {
    let path = dir.join("level.hexcells");
    let original = std::fs::read_to_string(hexcells_e2e::levels_dir().join("flowers.hexcells"))
        .expect("read a project level");
    std::fs::write(&path, &original).expect("write level");
    (path, original)
}

impl Window {
    /// Starts `hexcells-view --edit path` (its config directory in `dir`, its stderr
    /// in `dir/stderr.txt`, the words of each frame in `dir/frame.txt`) and waits for
    /// its window.
    fn open(display: &str, dir: &Path, path: &Path) -> (Guard, Window) {
        // The editor frames the level as it reads when opened (an empty level: the grid).
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let stderr = std::fs::File::create(dir.join("stderr.txt")).expect("stderr file");
        let viewer = Guard(
            Command::new(bin("hexcells-view"))
                .arg("--edit")
                .arg(path)
                .env("DISPLAY", display)
                .env_remove("WAYLAND_DISPLAY")
                .env("XDG_STATE_HOME", dir.join("state"))
                .env("XDG_CONFIG_HOME", dir.join("config"))
                .env("HEXCELLS_VIEW_FRAME_TEXT", dir.join("frame.txt"))
                .stdout(Stdio::null())
                .stderr(stderr)
                .spawn()
                .expect("start hexcells-view --edit"),
        );
        let board = Board::find_with(display, |w, h| {
            EditMode::new(text.to_string(), Link::Standalone, 0, None).layout(w, h, 1.0)
        });
        // Keys go to the focused window; Xvfb has no window manager to do it.
        board.focus(display);
        let window = Window {
            display: display.to_string(),
            dir: dir.to_path_buf(),
            board,
        };
        (viewer, window)
    }

    /// The centre of `p` on screen, moved by `(dx, dy)` hexagon radii.
    fn at(&self, p: Pos, dx: f32, dy: f32) -> (i32, i32) {
        self.board.near(p, dx, dy)
    }

    fn run(&self, args: &[&str]) {
        xdotool(&self.display, args);
    }

    fn click(&self, p: Pos, button: &str, modifier: Option<&str>) {
        self.click_at(self.at(p, 0.0, 0.0), button, modifier);
    }

    fn click_at(&self, (x, y): (i32, i32), button: &str, modifier: Option<&str>) {
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
        self.run(&["key", "--window", &self.board.window, key]);
    }

    /// Waits until every probe shows its colour.
    fn wait_for(&self, what: &str, probes: &[((i32, i32), Rgb)]) {
        wait_for(&self.display, &self.dir, what, probes);
    }

    /// Waits until the words of the frame the window drew last satisfy `done`.
    fn wait_for_words(&self, what: &str, done: impl Fn(&FrameText) -> bool) -> FrameText {
        wait_for_words(&self.dir.join("frame.txt"), what, done)
    }

    /// Resizes the window's inside to `width` x `height` and waits for a frame of that
    /// size.
    fn resize(&self, width: u32, height: u32) -> FrameText {
        let (w, h) = (width.to_string(), height.to_string());
        self.run(&["windowsize", &self.board.window, &w, &h]);
        self.wait_for_words(&format!("a frame of {width} x {height}"), |f| {
            f.size == (width, height)
        })
    }

    fn title(&self) -> String {
        xdotool(&self.display, &["getwindowname", &self.board.window])
            .trim()
            .to_string()
    }

    /// Waits until the title satisfies `done`.
    fn wait_for_title(&self, what: &str, done: impl Fn(&str) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(15);
        while !done(&self.title()) {
            assert!(
                Instant::now() < deadline,
                "{what}: the title is {:?}",
                self.title()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
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
    if !tools_present(&[]) {
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
    let mut camera = Camera::default();
    let (ww, wh) = (w.board.layout.width, w.board.layout.height);
    camera.zoom_at(STEP, (ww / 2.0, wh / 2.0));
    let zoomed = camera.apply(w.board.layout);
    let zoomed_fill = {
        let (cx, cy) = zoomed.cell_centre(a2);
        w.board.screen((cx, cy + 0.5 * zoomed.radius))
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
    w.wait_for_title("the title loses its `*`", |t| !t.contains('*'));
}

/// A save killed half way (`kill -9`) leaves its temporary file `.NAME.PID.N.tmp`; the
/// next editor on the file removes those of processes that are gone, and leaves a
/// running process's alone.
#[test]
fn the_editor_removes_what_killed_saves_left_and_nothing_else() {
    if !tools_present(&[]) {
        return;
    }
    let dir = temp_dir();
    let (_xvfb, display) = start_xvfb(SCREEN.0, SCREEN.1);
    let path = dir.path().join("level.hexcells");
    std::fs::write(&path, fixture::text("Saved", &["", "x.o+"])).expect("write level");
    let mut gone = Command::new("true").spawn().expect("run true");
    gone.wait().expect("true ends");
    let running = Guard(Command::new("sleep").arg("60").spawn().expect("run sleep"));
    let leftover = |pid: u32| dir.path().join(format!(".level.hexcells.{pid}.0.tmp"));
    let (stale, live) = (leftover(gone.id()), leftover(running.0.id()));
    std::fs::write(&stale, "Hexcells level v1\nhalf").expect("a killed save's leftover");
    std::fs::write(&live, "Hexcells level v1\nbeing written").expect("a running save's file");
    let (_viewer, _w) = Window::open(&display, dir.path(), &path);
    let deadline = Instant::now() + Duration::from_secs(10);
    while stale.exists() {
        assert!(Instant::now() < deadline, "the leftover of a gone process stayed");
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(live.exists(), "a running process's temporary file was removed");
    assert!(std::fs::read_to_string(&path)
        .expect("the level")
        .contains("Saved"));
}

#[test]
fn a_file_changed_on_disk_is_never_overwritten() {
    if !tools_present(&[]) {
        return;
    }
    let dir = temp_dir();
    let (_xvfb, display) = start_xvfb(SCREEN.0, SCREEN.1);
    let (path, original) = flowers_in(dir.path());
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

#[test]
fn keys_toml_rebinds_the_buttons_keys_and_clicks_of_the_editor_and_the_player() {
    if !tools_present(&[]) {
        return;
    }
    let dir = temp_dir();
    let (_xvfb, display) = start_xvfb(SCREEN.0, SCREEN.1);
    let config = dir.path().join("config").join("hexcells");
    std::fs::create_dir_all(&config).expect("config directory");
    let keys = "[mouse]\nblue = \"right\"\n\n\
                [editor]\ntoggle-revealed = \"Ctrl+Click\"\nplaytest = \"F6\"\n\n\
                [player]\neditor = \"F7\"\nzoom-in = \"Up\"\nfly = \"F8\"\n";
    std::fs::write(config.join("keys.toml"), keys).expect("write keys.toml");
    let path = dir.path().join("keys.hexcells");
    let (_viewer, w) = Window::open(&display, dir.path(), &path);
    let (a, b) = (pos(10, 10), pos(12, 10));
    let fill = |p: Pos| w.at(p, 0.0, 0.5);
    let rim = |p: Pos| w.at(p, 0.86, 0.0);
    w.wait_for("the empty grid", &[(fill(a), BG)]);
    // The bad entry is named at start, and the good ones are in force.
    let stderr = wait_for_file(&dir.path().join("stderr.txt"), "the keys.toml message", |t| {
        t.contains("no action `fly`")
    });
    assert!(stderr.contains("keys.toml: [player]"), "{stderr}");

    // The right button makes blue and the left black; Ctrl+click marks revealed.
    w.click(a, "3", None);
    w.click(b, "1", None);
    w.wait_for(
        "right blue, left black",
        &[(fill(a), palette::BLUE), (fill(b), palette::BLACK)],
    );
    w.click(a, "1", Some("ctrl"));
    w.wait_for("revealed: no orange rim", &[(rim(a), palette::BLUE_RIM)]);

    // F6 playtests; in the player too the left button uncovers black.
    w.key("F6");
    w.wait_for_title("the playtest", |t| !t.contains("(editor)"));
    // Grid line 11 (y = 10) holds a at group 10 and b at group 12.
    let mut rows = vec![""; 10];
    rows.push("....................X...o+");
    let level = fixture::level(&rows);
    let (width, height) = (w.board.layout.width, w.board.layout.height);
    let play = Board {
        window: w.board.window.clone(),
        origin: w.board.origin,
        layout: FrameLayout::new(&level, width as u32, height as u32, 1.0),
    };
    let play_fill = |p: Pos| play.near(p, 0.0, 0.5);
    w.wait_for(
        "the level in the player",
        &[(play_fill(a), palette::BLUE), (play_fill(b), palette::HIDDEN)],
    );
    w.click_at(play.at(b), "1", None);
    w.wait_for("uncovered black", &[(play_fill(b), palette::BLACK)]);
    // Up zooms the player in around the window's centre.
    let mut camera = Camera::default();
    camera.zoom_at(STEP, (width / 2.0, height / 2.0));
    let zoomed = camera.apply(play.layout);
    let (cx, cy) = zoomed.cell_centre(b);
    w.key("Up");
    w.wait_for(
        "the player zoomed in",
        &[(play.screen((cx, cy + 0.5 * zoomed.radius)), palette::BLACK)],
    );

    // F7 goes back to the editor, which still shows the level as it was.
    w.key("F7");
    w.wait_for_title("back in the editor", |t| t.contains("(editor)"));
    w.wait_for(
        "the editor's frame",
        &[(fill(b), palette::BLACK), (rim(a), palette::BLUE_RIM)],
    );
    assert!(!path.exists(), "nothing is written before Ctrl+S");
}

/// The key line's parts with the default bindings, most needed first.
fn default_key_line() -> Vec<String> {
    edit_keys::key_line(&keys::defaults(), false)
}

/// Checks that the key line `shown` is whole parts of the full line, in its order
/// from its start, led by the help key and the most needed keys.
fn assert_whole_parts_first(shown: &[String], width: u32) {
    let all = default_key_line();
    assert_eq!(shown, &all[..shown.len()], "whole parts, in order, at {width} px");
    assert!(
        shown.len() >= 4,
        "help, save, playtest and undo at {width} px: {shown:?}"
    );
    assert_eq!(shown[0], "? / F1 all keys", "at {width} px");
}

#[test]
fn the_key_line_keeps_whole_parts_and_the_help_key_at_640_px_and_the_default_width() {
    if !tools_present(&[]) {
        return;
    }
    let dir = temp_dir();
    let (_xvfb, display) = start_xvfb(SCREEN.0, SCREEN.1);
    let (path, _) = flowers_in(dir.path());
    let (_viewer, w) = Window::open(&display, dir.path(), &path);
    let wide = w.wait_for_words("the first frame", |f| !f.keys.is_empty());
    assert_eq!(wide.size.0, 900, "the window opens 900 px wide");
    assert_whole_parts_first(&wide.keys, wide.size.0);
    assert!(
        wide.keys.contains(&"Ctrl+D title, author".to_string()) || wide.keys.len() > 6,
        "more at the default width: {:?}",
        wide.keys
    );
    let narrow = w.resize(640, 480);
    assert_whole_parts_first(&narrow.keys, 640);
    assert!(
        narrow.keys.len() < wide.keys.len() && wide.keys.len() < default_key_line().len(),
        "fewer parts in a narrower window, the rest left for the panel: {} < {} < {}",
        narrow.keys.len(),
        wide.keys.len(),
        default_key_line().len()
    );
    assert!(
        narrow.key_line().chars().all(|c| c != '…'),
        "{}",
        narrow.key_line()
    );
}

#[test]
fn question_mark_and_f1_open_a_panel_of_every_editor_key_and_click_in_force() {
    if !tools_present(&[]) {
        return;
    }
    let dir = temp_dir();
    let (_xvfb, display) = start_xvfb(SCREEN.0, SCREEN.1);
    // The author's keys.toml moves save to F5: the panel and the key line say so.
    let config = dir.path().join("config").join("hexcells");
    std::fs::create_dir_all(&config).expect("config directory");
    std::fs::write(config.join("keys.toml"), "[editor]\nsave = \"F5\"\n").expect("write keys.toml");
    let (path, _) = flowers_in(dir.path());
    let (_viewer, w) = Window::open(&display, dir.path(), &path);
    let first = w.wait_for_words("the first frame", |f| !f.keys.is_empty());
    assert!(first.panel.is_empty(), "no panel at first");
    assert_eq!(first.keys[1], "F5 save", "{:?}", first.keys);
    // The panel covers the middle of the board in white.
    let middle = w
        .board
        .screen((w.board.layout.width / 2.0, w.board.layout.height / 2.0));
    w.key("question");
    let open = w.wait_for_words("the panel after ?", |f| !f.panel.is_empty());
    let (bound, _) = keys::file::read(Some("[editor]\nsave = \"F5\"\n"));
    assert_eq!(open.panel, edit_keys::panel_rows(&bound.editor, false));
    for action in edit_keys::EditorAction::ALL {
        let keys = keys::keys_for(&bound.editor, *action);
        assert!(
            open.panel
                .contains(&(keys.clone(), action.describe().to_string())),
            "{action:?} with {keys} in the panel: {:#?}",
            open.panel
        );
    }
    assert!(open
        .panel
        .contains(&("F5".to_string(), "save (standalone)".to_string())));
    for gesture in ["left click", "right click", "double-click", "drag out of a cell"] {
        assert!(open.panel.iter().any(|(keys, _)| keys == gesture), "{gesture}");
    }
    // Most of the middle is the panel's white (its letters may cross the very middle).
    hexcells_e2e::screen::wait_until(&w.display, &w.dir, "the panel over the board", |screen| {
        let white = screen.count_near(middle, 10, |c| c == palette::PANEL);
        let all = screen.count_near(middle, 10, |_| true);
        match 2 * white > all {
            true => Ok(()),
            false => Err(format!(
                "{white} of {all} pixels around {middle:?} are the panel's white"
            )),
        }
    });
    // F1 hides it and shows it again; Esc hides it too.
    w.key("F1");
    w.wait_for_words("the panel hidden by F1", |f| f.panel.is_empty());
    w.key("F1");
    w.wait_for_words("the panel after F1", |f| !f.panel.is_empty());
    w.key("Escape");
    w.wait_for_words("the panel hidden by Esc", |f| f.panel.is_empty());
}

#[test]
fn a_playtest_is_labelled_and_the_title_keeps_its_unsaved_mark() {
    if !tools_present(&[]) {
        return;
    }
    let dir = temp_dir();
    let (_xvfb, display) = start_xvfb(SCREEN.0, SCREEN.1);
    let (path, _) = flowers_in(dir.path());
    let (_viewer, w) = Window::open(&display, dir.path(), &path);
    let free = pos(4, 20);
    w.wait_for_words("the editor", |f| f.label == "EDITOR");
    w.click(free, "1", None);
    w.wait_for_title("an unsaved edit", |t| {
        t.starts_with("level.hexcells*") && t.ends_with("(editor)")
    });
    w.key("Tab");
    let play = w.wait_for_words("the playtest", |f| f.label != "EDITOR");
    assert_eq!(play.label, "playtest: Tab returns to the editor");
    assert_eq!(
        &play.keys[..2],
        ["? / F1 all keys", "Tab back to the editor"],
        "{:?}",
        play.status
    );
    w.wait_for_title("the playtest keeps the mark", |t| {
        t == "level.hexcells* - hexcells-view (playtest)"
    });
    w.key("Tab");
    w.wait_for_words("back in the editor", |f| f.label == "EDITOR");
    w.wait_for_title("back in the editor", |t| t.ends_with("(editor)"));
}

#[test]
fn an_empty_level_shows_its_first_steps_until_the_first_edit() {
    if !tools_present(&[]) {
        return;
    }
    let dir = temp_dir();
    let (_xvfb, display) = start_xvfb(SCREEN.0, SCREEN.1);
    let path = dir.path().join("new.hexcells");
    let (_viewer, w) = Window::open(&display, dir.path(), &path);
    let empty = w.wait_for_words("the empty level", |f| !f.first_steps.is_empty());
    assert_eq!(
        empty.first_steps,
        [
            "Left-click an empty place: a blue cell",
            "Right-click: a black cell",
            "? / F1: every key and click"
        ]
    );
    assert_eq!(
        empty.first_steps,
        edit_keys::first_steps(&keys::defaults(), false)
    );
    // A cell away from the steps' panel, which sits in the middle of the board.
    let a = pos(2, 4);
    w.click(a, "3", None);
    w.wait_for("a black cell", &[(w.at(a, 0.0, 0.5), palette::BLACK)]);
    w.wait_for_words("no first steps after the first edit", |f| {
        f.first_steps.is_empty()
    });
}

#[test]
fn fill_clues_makes_a_drawing_solvable_and_one_undo_brings_it_back() {
    if !tools_present(&[]) {
        return;
    }
    let dir = temp_dir();
    let (_xvfb, display) = start_xvfb(SCREEN.0, SCREEN.1);
    // A drawing of our own: blue and black cells, not one clue.
    let path = dir.path().join("level.hexcells");
    let drawing = fixture::text(
        "Drawing",
        &[
            "", "..x...x.", "....o...", "..o...x.", "....x...", "..x...o.", "....o...",
        ],
    );
    std::fs::write(&path, &drawing).expect("write the drawing");
    let (_viewer, w) = Window::open(&display, dir.path(), &path);
    w.wait_for_words("the drawing, stuck", |f| f.verdict.starts_with("stuck"));
    // Medium by default; three presses of G: medium-hard, hard, easy.
    for _ in 0..3 {
        w.key("g");
    }
    w.wait_for_words("the grade chosen", |f| {
        f.status
            .iter()
            .any(|s| s.contains("fill clues (F): easy (1 of 5)"))
    });
    w.key("f");
    let filled = w.wait_for_words("the level filled and checked", |f| {
        f.verdict.starts_with("solvable") && f.verdict.contains("easy (1 of 5)")
    });
    assert!(
        filled.status.iter().any(|s| s.starts_with("filled clues")),
        "{:?}",
        filled.status
    );
    w.wait_for_title("an unsaved edit", |t| t.starts_with("level.hexcells*"));
    w.key("ctrl+z");
    w.wait_for_words("the drawing back", |f| f.verdict.starts_with("stuck"));
    w.wait_for_title("the text as in the file", |t| t.starts_with("level.hexcells -"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), drawing, "never written");
}

#[test]
fn clues_follow_three_strokes_each_solvable_at_the_grade_and_three_undos_give_the_bytes_back() {
    if !tools_present(&[]) {
        return;
    }
    let dir = temp_dir();
    let (_xvfb, display) = start_xvfb(SCREEN.0, SCREEN.1);
    // A picture of our own with its clues, easy (`tests/fixtures/follow/`).
    let path = dir.path().join("level.hexcells");
    let fixture = hexcells_e2e::repo_root().join("tests/fixtures/follow/picture.hexcells");
    let picture = std::fs::read_to_string(fixture).expect("read the picture");
    std::fs::write(&path, &picture).expect("write the picture");
    let (_viewer, w) = Window::open(&display, dir.path(), &path);
    w.wait_for_words("the picture, easy", |f| {
        f.verdict.starts_with("solvable") && f.verdict.contains("easy (1 of 5)")
    });
    // Easy: medium by default, then medium-hard, hard, easy.
    for _ in 0..3 {
        w.key("g");
    }
    w.wait_for_words("easy chosen", |f| {
        f.status.iter().any(|s| s.contains("easy (1 of 5)"))
    });
    w.key("shift+f");
    w.wait_for_words("clues follow the drawing", |f| {
        f.status
            .iter()
            .any(|s| s.starts_with("clues follow the drawing, easy (1 of 5): each stroke"))
    });
    let fill = |p: Pos| w.at(p, 0.0, 0.5);
    // A blue cell painted below the picture, a blue cell erased, a black cell painted.
    let strokes = [
        (pos(15, 21), "1", palette::BLUE),
        (pos(18, 18), "3", BG),
        (pos(17, 21), "3", palette::BLACK),
    ];
    let mut texts = Vec::new();
    for (p, button, colour) in strokes {
        w.click(p, button, None);
        w.wait_for("the stroke shown", &[(fill(p), colour)]);
        let frame = w.wait_for_words("its clues re-filled and the level checked", |f| {
            f.status
                .iter()
                .any(|s| s.contains("changed (Ctrl+Z takes the stroke back)"))
                && f.verdict.starts_with("solvable")
                && !f.verdict.contains("grading…")
        });
        assert!(
            frame.verdict.contains("easy (1 of 5)"),
            "{p:?}: solvable at the grade: {}",
            frame.verdict
        );
        // Saved, the level reads as solvable at the grade from the file too.
        w.key("ctrl+s");
        let saved = wait_for_file(&path, "the stroke saved", |t| {
            !texts.contains(&t.to_string()) && t != picture
        });
        let level = parse(&saved).levels.remove(0).level;
        let report = hexcells_core::solve::analyze(&level, &hexcells_core::solve::Budget::default());
        assert_eq!(
            report.verdict,
            hexcells_core::solve::Verdict::Solvable,
            "{p:?}\n{saved}"
        );
        assert_eq!(
            report.difficulty.grade,
            Some(hexcells_core::generate::Grade::Easy),
            "{p:?}\n{saved}"
        );
        texts.push(saved);
    }
    // Three Ctrl+Z: the picture as it was, byte for byte.
    for _ in 0..3 {
        w.key("ctrl+z");
    }
    w.wait_for("the first stroke undone", &[(fill(pos(15, 21)), BG)]);
    w.key("ctrl+s");
    let back = wait_for_file(&path, "the picture saved again", |t| t == picture);
    assert_eq!(back, picture);
}
