//! End-to-end tests of SixCells' player habits in `hexcells-view`, in a real window
//! under Xvfb driven by xdotool: guesses (Shift+click), confirm (right and wrong),
//! deny, clear, undo of a confirm, dimming and restoring clues, all of it still there
//! after a restart of the viewer; and Ctrl+C / Ctrl+V through the X clipboard (xclip
//! on the other side). Prints `skipped: ... not found` and returns when Xvfb (or, for
//! the clipboard, xclip) is not installed.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use hexcells_core::fixture::{self, pos};
use hexcells_core::format::parse;
use hexcells_core::{Color, Level, Pos};
use hexcells_e2e::screen::{tools_present, wait_for, wait_until, Board, Screen};
use hexcells_e2e::xvfb::{start_xvfb, xdotool, Guard};
use hexcells_e2e::{bin, temp_dir};
use hexcells_viewer::player::progress::level_key;
use hexcells_viewer::render::palette::{self, Rgb};

/// A column number at E1 (over E3 blue, E5 black, E7 blue), a revealed black 1 at F4,
/// and hidden cells C3 blue, G3 black, C5 blue, G5 black.
fn e2e_level() -> String {
    fixture::text(
        "player e2e",
        &[
            "........|+",
            "",
            "....x...x...o.",
            "..........O+",
            "....x...o...o.",
            "",
            "........x.",
        ],
    )
}

const A: (i32, i32) = (2, 2); // C3, blue
const B: (i32, i32) = (6, 2); // G3, black
const C: (i32, i32) = (4, 4); // E5, black
const COLUMN: (i32, i32) = (4, 0); // E1
const NUMBER: (i32, i32) = (5, 3); // F4, revealed black 1

fn p(c: (i32, i32)) -> Pos {
    pos(c.0, c.1)
}

fn dark(c: Rgb) -> bool {
    c.0 < 90 && c.1 < 90 && c.2 < 90
}

fn light(c: Rgb) -> bool {
    c.0 > 200 && c.1 > 200 && c.2 > 200
}

/// Everything a test needs about one running viewer.
struct Viewer {
    display: String,
    board: Board,
    _process: Guard,
}

impl Viewer {
    fn start(display: &str, file: &Path, state: &Path, level: &Level) -> Viewer {
        let process = Guard(
            Command::new(bin("hexcells-view"))
                .arg(file)
                .env("DISPLAY", display)
                .env_remove("WAYLAND_DISPLAY")
                .env("XDG_STATE_HOME", state)
                .stdout(Stdio::null())
                .spawn()
                .expect("start hexcells-view"),
        );
        let board = Board::find(display, level);
        board.focus(display);
        Viewer {
            display: display.to_string(),
            board,
            _process: process,
        }
    }

    fn at(&self, c: (i32, i32)) -> (i32, i32) {
        self.board.at(p(c))
    }

    /// A click on cell `c` with `button` (1 left, 3 right), Shift held with `shift`.
    fn click(&self, c: (i32, i32), button: &str, shift: bool) {
        let (x, y) = self.at(c);
        let (x, y) = (x.to_string(), y.to_string());
        let mut args = vec!["mousemove", &x, &y];
        if shift {
            args.extend(["keydown", "shift", "click", button, "keyup", "shift"]);
        } else {
            args.extend(["click", button]);
        }
        xdotool(&self.display, &args);
    }

    fn key(&self, key: &str) {
        xdotool(&self.display, &["key", key]);
    }

    /// Dark pixels of a column number, light ones of a number on a black cell: the
    /// number's own pixels, fewer than 10 when it is dimmed.
    fn number_pixels(&self, screen: &Screen, c: (i32, i32)) -> usize {
        let radius = (self.board.layout.radius * 0.5) as i32;
        let is_number = if c == COLUMN { dark } else { light };
        screen.count_near(self.at(c), radius, is_number)
    }

    /// Whether the column number and the revealed number both show plain, or both
    /// dimmed.
    fn numbers(&self, screen: &Screen, dimmed: bool) -> Result<(), String> {
        let column = self.number_pixels(screen, COLUMN);
        let number = self.number_pixels(screen, NUMBER);
        let ok = if dimmed {
            column < 10 && number < 10
        } else {
            column > 20 && number > 20
        };
        let what = if dimmed { "dimmed" } else { "plain" };
        ok.then_some(())
            .ok_or_else(|| format!("numbers not {what}: {column} and {number} pixels"))
    }
}

/// Waits until `path` holds text for which `check` is true.
fn wait_for_file(path: &Path, what: &str, check: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        if check(&text) {
            return text;
        }
        assert!(
            Instant::now() < deadline,
            "{what}: {} holds {text:?}",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn guesses_confirm_deny_clear_dim_and_survive_a_restart() {
    if !tools_present(&[]) {
        return;
    }
    let dir = temp_dir();
    let (_xvfb, display) = start_xvfb(1024, 768);
    let file = dir.path().join("level.hexcells");
    std::fs::write(&file, e2e_level()).expect("write level");
    let state = dir.path().join("state");
    let level: Level = parse(&e2e_level()).levels.remove(0).level;
    let record = state
        .join("hexcells")
        .join(format!("level-{}.record", level_key(&level)));
    let viewer = Viewer::start(&display, &file, &state, &level);
    let shot = dir.path();
    wait_for(&display, shot, "first frame", &[(viewer.at(A), palette::HIDDEN)]);

    // Guesses: drawn unlike hidden and uncovered cells; X clears them.
    viewer.click(A, "1", true);
    viewer.click(B, "3", true);
    viewer.click(C, "1", true);
    let guessed = [
        (viewer.at(A), palette::GUESS_BLUE),
        (viewer.at(B), palette::GUESS_BLACK),
        (viewer.at(C), palette::GUESS_BLUE),
    ];
    wait_for(&display, shot, "three guesses", &guessed);
    viewer.key("x");
    let hidden = [A, B, C].map(|c| (viewer.at(c), palette::HIDDEN));
    wait_for(&display, shot, "X clears the guesses", &hidden);

    // C confirms: the right guess uncovers, the wrong one is a mistake.
    viewer.click(A, "1", true);
    viewer.click(C, "1", true);
    wait_for(&display, shot, "two guesses", &[guessed[0], guessed[2]]);
    viewer.key("c");
    wait_for(
        &display,
        shot,
        "C confirms",
        &[(viewer.at(A), palette::BLUE), (viewer.at(C), palette::HIDDEN)],
    );
    wait_for_file(&record, "the confirm is recorded", |t| {
        t == "# hexcells record\nC3b\nE5b?\n"
    });

    // Z takes the confirm back as one step, guesses and all.
    viewer.key("z");
    wait_for(&display, shot, "Z undoes the confirm", &[guessed[0], guessed[2]]);
    wait_for_file(&record, "undo keeps the mistake", |t| {
        t == "# hexcells record\nE5b?\n(C3b)\n(E5b)\n"
    });

    // D confirms the opposite: a black guess on a blue cell uncovers it blue.
    viewer.key("x");
    viewer.click(A, "3", true);
    wait_for(
        &display,
        shot,
        "a black guess",
        &[(viewer.at(A), palette::GUESS_BLACK)],
    );
    viewer.key("d");
    wait_for(&display, shot, "D denies", &[(viewer.at(A), palette::BLUE)]);

    // Right-click dims a column number and a revealed number; again restores.
    wait_until(&display, shot, "plain numbers", |s| viewer.numbers(s, false));
    viewer.click(COLUMN, "3", false);
    viewer.click(NUMBER, "3", false);
    wait_until(&display, shot, "right-click dims", |s| viewer.numbers(s, true));
    viewer.click(COLUMN, "3", false);
    viewer.click(NUMBER, "3", false);
    wait_until(&display, shot, "right-click again restores", |s| {
        viewer.numbers(s, false)
    });
    viewer.click(COLUMN, "3", false);
    viewer.click(NUMBER, "3", false);
    viewer.click(B, "3", true);
    wait_until(&display, shot, "dimmed again, B guessed", |screen| {
        viewer.numbers(screen, true)?;
        match screen.pixel(viewer.at(B)) {
            c if c == palette::GUESS_BLACK => Ok(()),
            c => Err(format!("B shows {c:?}")),
        }
    });
    wait_for_file(&record, "the guess on B is saved", |t| t.ends_with("(G3k)\n"));

    // A restart of the viewer restores uncovered cells, guesses and dimmed clues.
    drop(viewer);
    let viewer = Viewer::start(&display, &file, &state, &level);
    wait_until(&display, shot, "after a restart", |screen| {
        let want = [
            (A, palette::BLUE),
            (B, palette::GUESS_BLACK),
            (C, palette::HIDDEN),
        ];
        for (c, color) in want {
            let got = screen.pixel(viewer.at(c));
            if got != color {
                return Err(format!("{c:?} shows {got:?}, not {color:?}"));
            }
        }
        viewer.numbers(screen, true)
    });
    assert_eq!(
        std::fs::read_to_string(&file).ok(),
        Some(e2e_level()),
        "the level file is never written"
    );
}

/// `xclip` holding `text` on the clipboard (in the foreground, so the guard stops it).
fn clipboard_holds(display: &str, text: &str) -> Guard {
    use std::io::Write;
    let mut child: Child = Command::new("xclip")
        .args(["-selection", "clipboard", "-quiet", "-i"])
        .env("DISPLAY", display)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start xclip");
    let mut stdin = child.stdin.take().expect("xclip's stdin");
    stdin.write_all(text.as_bytes()).expect("write to xclip");
    drop(stdin);
    let guard = Guard(child);
    let deadline = Instant::now() + Duration::from_secs(15);
    while read_clipboard(display) != text {
        assert!(Instant::now() < deadline, "xclip did not take the clipboard");
        std::thread::sleep(Duration::from_millis(50));
    }
    guard
}

fn read_clipboard(display: &str) -> String {
    let out = Command::new("xclip")
        .args(["-selection", "clipboard", "-o"])
        .env("DISPLAY", display)
        .stderr(Stdio::null())
        .output()
        .expect("run xclip -o");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn ctrl_c_copies_the_position_and_ctrl_v_plays_a_pasted_level() {
    if !tools_present(&["xclip"]) {
        return;
    }
    let dir = temp_dir();
    let (_xvfb, display) = start_xvfb(1024, 768);
    let file = dir.path().join("level.hexcells");
    std::fs::write(&file, e2e_level()).expect("write level");
    let state = dir.path().join("state");
    let level: Level = parse(&e2e_level()).levels.remove(0).level;
    let viewer = Viewer::start(&display, &file, &state, &level);
    let shot = dir.path();
    viewer.click(A, "1", false);
    wait_for(&display, shot, "A uncovered", &[(viewer.at(A), palette::BLUE)]);

    // Ctrl+C: the level with A written as revealed.
    viewer.key("ctrl+c");
    let deadline = Instant::now() + Duration::from_secs(15);
    let copied = loop {
        let text = read_clipboard(&display);
        if text.starts_with("Hexcells level v1") {
            break parse(&text).levels.remove(0).level;
        }
        assert!(Instant::now() < deadline, "nothing copied: {text:?}");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(copied
        .cell(p(A))
        .is_some_and(|c| c.revealed && c.color == Color::Blue));
    assert!(copied.cell(p(B)).is_some_and(|c| !c.revealed));
    assert_eq!(copied.title, "player e2e");

    // Ctrl+V plays another level: a revealed blue A1 and a hidden blue C1.
    let other = fixture::text("pasted", &["X...x.", "", "o...o."]);
    let other_level: Level = parse(&other).levels.remove(0).level;
    let xclip = clipboard_holds(&display, &other);
    viewer.key("ctrl+v");
    let pasted = Board::find(&display, &other_level);
    wait_for(
        &display,
        shot,
        "the pasted level",
        &[
            (pasted.at(pos(0, 0)), palette::BLUE),
            (pasted.at(pos(2, 0)), palette::HIDDEN),
        ],
    );
    drop(xclip);

    // What is not a level changes nothing (the next click still plays the pasted one).
    let _junk = clipboard_holds(&display, "not a level at all");
    viewer.key("ctrl+v");
    let (x, y) = pasted.at(pos(2, 0));
    xdotool(
        &display,
        &["mousemove", &x.to_string(), &y.to_string(), "click", "1"],
    );
    wait_for(
        &display,
        shot,
        "still the pasted level",
        &[
            (pasted.at(pos(0, 0)), palette::BLUE),
            (pasted.at(pos(2, 0)), palette::BLUE),
            (pasted.at(pos(2, 2)), palette::HIDDEN),
        ],
    );
    assert_eq!(std::fs::read_to_string(&file).ok(), Some(e2e_level()));
}
