//! The progress bar of a long `check`: on stderr, only when stderr is a terminal, and
//! only once the work has taken more than a moment. Never drawn in `--json` mode, and
//! the language server has none.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Work that ends sooner than this shows no bar.
const SHOW_AFTER: Duration = Duration::from_millis(400);

/// A progress bar over a known number of steps; safe to advance from any thread.
pub struct Progress {
    /// `None` when no bar may be drawn.
    bar: Option<ProgressBar>,
    started: Instant,
    shown: AtomicBool,
}

impl Progress {
    /// A bar over `total` steps, drawn only if `wanted` and stderr is a terminal.
    pub fn new(total: usize, wanted: bool) -> Progress {
        let bar = (wanted && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::hidden());
            if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} levels, {elapsed}") {
                bar.set_style(style);
            }
            bar
        });
        Progress {
            bar,
            started: Instant::now(),
            shown: AtomicBool::new(false),
        }
    }

    /// One more step done.
    pub fn inc(&self) {
        let Some(bar) = &self.bar else { return };
        if self.started.elapsed() >= SHOW_AFTER && !self.shown.swap(true, Ordering::Relaxed) {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            bar.enable_steady_tick(Duration::from_millis(200));
        }
        bar.inc(1);
    }

    /// Runs `f` (which prints) with the bar wiped off the terminal meanwhile.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) if self.shown.load(Ordering::Relaxed) => bar.suspend(f),
            _ => f(),
        }
    }

    /// Whether the bar is on the terminal now.
    pub fn is_drawn(&self) -> bool {
        self.bar.is_some() && self.shown.load(Ordering::Relaxed)
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
