//! A private X display for end-to-end tests that open windows: Xvfb on a display
//! number no other X server holds, xdotool to find windows and click. Tests call
//! [`tools_present`] first and return (printing `skipped: Xvfb not found`) without it.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// Stops the child when dropped, so a failing test leaves no Xvfb or window behind:
/// SIGTERM first (Xvfb then removes its lock file and socket), SIGKILL after a second.
pub struct Guard(pub Child);

impl Drop for Guard {
    fn drop(&mut self) {
        let asked = Command::new("kill")
            .args(["-TERM", &self.0.id().to_string()])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        let deadline = Instant::now() + Duration::from_secs(1);
        while asked && Instant::now() < deadline {
            if self.0.try_wait().ok().flatten().is_some() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Whether `program` is an executable on `PATH`.
pub fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()))
}

/// Whether Xvfb is installed (reports the test as skipped when not); xdotool must be too.
pub fn tools_present() -> bool {
    if !on_path("Xvfb") {
        crate::skip("Xvfb not found (Debian: xvfb xdotool)");
        return false;
    }
    assert!(on_path("xdotool"), "xdotool is needed beside Xvfb");
    true
}

/// Runs xdotool on `display`; returns its stdout.
pub fn xdotool(display: &str, args: &[&str]) -> String {
    let out = Command::new("xdotool")
        .args(args)
        .env("DISPLAY", display)
        .output()
        .expect("run xdotool");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Starts Xvfb (`width` x `height`) on a display no other X server uses (no lock
/// file, no socket) and waits until a client can connect; tries the next number if
/// that one fails. Numbers from 200 up, by process id; the tests of one process
/// take turns through them, so two never start Xvfb on the same one. With
/// `-noreset`, so that the server does not reset when the readiness probe leaves
/// (a client connecting during the reset is refused).
pub fn start_xvfb(width: u32, height: u32) -> (Guard, String) {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let first = 200 + std::process::id() % 700;
    for _ in 0..40 {
        let number = first + NEXT.fetch_add(1, Ordering::Relaxed);
        let taken = Path::new(&format!("/tmp/.X{number}-lock")).exists()
            || Path::new(&format!("/tmp/.X11-unix/X{number}")).exists();
        if taken {
            continue;
        }
        let display = format!(":{number}");
        let screen = format!("{width}x{height}x24");
        let mut xvfb = Guard(
            Command::new("Xvfb")
                .args([
                    display.as_str(),
                    "-screen",
                    "0",
                    &screen,
                    "-nolisten",
                    "tcp",
                    "-noreset",
                ])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("start Xvfb"),
        );
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            if xvfb.0.try_wait().ok().flatten().is_some() {
                break; // lost a race for this number: try the next one
            }
            let ready = Command::new("xdotool")
                .arg("getdisplaygeometry")
                .env("DISPLAY", &display)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            if ready {
                return (xvfb, display);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
    panic!("no display for Xvfb from :{first}");
}

/// The id of a visible window whose name matches `name` (a regex), once one shows
/// within `timeout`.
pub fn wait_for_window(display: &str, name: &str, timeout: Duration) -> Option<String> {
    let deadline = Instant::now() + timeout;
    loop {
        let found = xdotool(display, &["search", "--onlyvisible", "--name", name]);
        if let Some(id) = found.lines().next() {
            return Some(id.trim().to_string());
        }
        if Instant::now() > deadline {
            return None;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Presses `key` in `window` until its name contains `wanted`, within `timeout`:
/// a key sent while a new window is still settling (mapped, not yet taking input)
/// can be lost, so the key is sent again after a pause that doubles each time (2,
/// 4, 8 s), and never while the name already shows it. `false` if it never does.
pub fn press_until_named(display: &str, window: &str, key: &str, wanted: &str, timeout: Duration) -> bool {
    let deadline = Instant::now() + timeout;
    let mut pause = Duration::from_secs(2);
    loop {
        xdotool(display, &["windowfocus", "--sync", window]);
        xdotool(display, &["key", "--window", window, key]);
        let again = Instant::now() + pause;
        while Instant::now() < again.min(deadline) {
            if xdotool(display, &["getwindowname", window]).contains(wanted) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        if Instant::now() >= deadline {
            return false;
        }
        pause *= 2;
    }
}

/// Position and size of a window: (x, y, width, height).
pub fn geometry(display: &str, window: &str) -> (u32, u32, u32, u32) {
    let geometry = xdotool(display, &["getwindowgeometry", "--shell", window]);
    let field = |name: &str| -> u32 {
        geometry
            .lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix('='))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or_else(|| panic!("{name} in {geometry}"))
    };
    (field("X"), field("Y"), field("WIDTH"), field("HEIGHT"))
}
