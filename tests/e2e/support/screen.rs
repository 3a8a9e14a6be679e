//! Looking at a viewer window under Xvfb: check the tools are there, find the window,
//! map grid positions to screen pixels with the viewer's own layout (the player's or the
//! editor's), take screenshots with ImageMagick's `import`, and wait (with a deadline,
//! never a fixed sleep) until pixels, or the words of the frame the window last drew
//! (`HEXCELLS_VIEW_FRAME_TEXT`), show what a test expects.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use hexcells_core::{Level, Pos};
use hexcells_viewer::render::palette::Rgb;
use hexcells_viewer::render::{FrameLayout, FrameText};

use crate::xvfb::{geometry, on_path, wait_for_window, xdotool};

/// Whether Xvfb and the programs in `also` are installed (a test that needs them
/// reports itself skipped when not); xdotool and ImageMagick's `import` must be too.
pub fn tools_present(also: &[&str]) -> bool {
    for tool in ["Xvfb"].iter().chain(also) {
        if !on_path(tool) {
            crate::skip(&format!(
                "{tool} not found (Debian: xvfb xdotool imagemagick xclip)"
            ));
            return false;
        }
    }
    assert!(
        on_path("xdotool") && on_path("import"),
        "xdotool and ImageMagick's import are needed beside Xvfb"
    );
    true
}

/// The viewer's window on the screen, with the layout the viewer uses for `level`.
pub struct Board {
    /// The window's id.
    pub window: String,
    /// Left and top of the window's inside on the screen.
    pub origin: (i32, i32),
    /// The layout of the level in the window.
    pub layout: FrameLayout,
}

impl Board {
    /// Waits for the viewer's window on `display` and lays `level` out in it, as the
    /// player does.
    pub fn find(display: &str, level: &Level) -> Board {
        Board::find_with(display, |w, h| FrameLayout::new(level, w, h, 1.0))
    }

    /// Waits for the viewer's window on `display`, with the layout `layout` gives for
    /// its inner size (the editor's frame, say).
    pub fn find_with(display: &str, layout: impl FnOnce(u32, u32) -> FrameLayout) -> Board {
        let window = wait_for_window(display, "hexcells-view", Duration::from_secs(60))
            .expect("the viewer's window did not appear");
        let (x, y, w, h) = geometry(display, &window);
        Board {
            window,
            origin: (x as i32, y as i32),
            layout: layout(w, h),
        }
    }

    /// The screen pixel at the centre of `pos`.
    pub fn at(&self, pos: Pos) -> (i32, i32) {
        self.near(pos, 0.0, 0.0)
    }

    /// The screen pixel `(dx, dy)` hexagon radii from the centre of `pos`.
    pub fn near(&self, pos: Pos, dx: f32, dy: f32) -> (i32, i32) {
        let (cx, cy) = self.layout.cell_centre(pos);
        let r = self.layout.radius;
        self.screen((cx + dx * r, cy + dy * r))
    }

    /// The screen pixel of a pixel of the window's frame.
    pub fn screen(&self, (x, y): (f32, f32)) -> (i32, i32) {
        (self.origin.0 + x.round() as i32, self.origin.1 + y.round() as i32)
    }

    /// Gives the window the keyboard focus, so that keys and modifiers reach it (Xvfb
    /// has no window manager to do it).
    pub fn focus(&self, display: &str) {
        xdotool(display, &["windowfocus", "--sync", &self.window]);
    }
}

/// One screenshot of the whole screen.
pub struct Screen {
    rgb: Vec<u8>,
    width: usize,
}

impl Screen {
    /// The colour at a screen pixel (black outside the screen).
    pub fn pixel(&self, (x, y): (i32, i32)) -> Rgb {
        if x < 0 || y < 0 || x as usize >= self.width {
            return Rgb(0, 0, 0);
        }
        let i = (y as usize * self.width + x as usize) * 3;
        match self.rgb.get(i..i + 3) {
            Some(p) => Rgb(p[0], p[1], p[2]),
            None => Rgb(0, 0, 0),
        }
    }

    /// How many pixels within `radius` of `centre` satisfy `f`.
    pub fn count_near(&self, centre: (i32, i32), radius: i32, f: impl Fn(Rgb) -> bool) -> usize {
        let mut n = 0;
        for dy in -radius..=radius {
            for dx in -radius..=radius {
                if dx * dx + dy * dy <= radius * radius && f(self.pixel((centre.0 + dx, centre.1 + dy))) {
                    n += 1;
                }
            }
        }
        n
    }
}

/// Takes a screenshot of `display` (the file goes to `dir`).
pub fn screenshot(display: &str, dir: &Path) -> Screen {
    let size = xdotool(display, &["getdisplaygeometry"]);
    let width = size
        .split_whitespace()
        .next()
        .and_then(|w| w.parse().ok())
        .expect("the display's width");
    let out = dir.join("screen.rgb");
    let status = Command::new("import")
        .args(["-window", "root", "-depth", "8"])
        .arg(format!("rgb:{}", out.display()))
        .env("DISPLAY", display)
        .status()
        .expect("run import");
    assert!(status.success(), "import failed");
    Screen {
        rgb: std::fs::read(out).expect("read screenshot"),
        width,
    }
}

/// Takes screenshots until `check` passes, or fails with its last complaint after
/// 15 seconds.
pub fn wait_until(display: &str, dir: &Path, what: &str, check: impl Fn(&Screen) -> Result<(), String>) {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let screen = screenshot(display, dir);
        match check(&screen) {
            Ok(()) => return,
            Err(why) => assert!(Instant::now() < deadline, "{what}: {why}"),
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Takes screenshots until every probe shows its colour, or fails after a while.
pub fn wait_for(display: &str, dir: &Path, what: &str, probes: &[((i32, i32), Rgb)]) {
    wait_until(display, dir, what, |screen| {
        let seen: Vec<Rgb> = probes.iter().map(|(at, _)| screen.pixel(*at)).collect();
        if probes.iter().zip(&seen).all(|((_, want), got)| want == got) {
            Ok(())
        } else {
            Err(format!("expected {probes:?}, saw {seen:?}"))
        }
    });
}

/// Waits until the words of the frame the window drew last, which it writes to `path`
/// (`HEXCELLS_VIEW_FRAME_TEXT`), satisfy `done`; returns them. Fails with the last
/// words seen after 15 seconds.
pub fn wait_for_words(path: &Path, what: &str, done: impl Fn(&FrameText) -> bool) -> FrameText {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let words = std::fs::read_to_string(path).map(|text| FrameText::read(&text));
        if let Ok(words) = &words {
            if done(words) {
                return words.clone();
            }
        }
        assert!(
            Instant::now() < deadline,
            "{what}: the window's last frame said {words:#?}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}
