//! The progress bar of a long `check`: on stderr, only when stderr is a terminal, and
//! only once the work has taken more than a moment. `check --json` draws it only when
//! its lines go to a file or a pipe; the language server has none.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Work that ends sooner than this shows no bar.
const SHOW_AFTER: Duration = Duration::from_millis(400);

/// A progress bar over a known number of steps; safe to advance from any thread.
pub struct ProgressMeter {
    /// `None` when no bar may be drawn.
    bar: Option<ProgressBar>,
    started: Instant,
    shown: AtomicBool,
    /// Whether stdout is the same terminal, so that printed lines must make way.
    shares_terminal: bool,
}

impl ProgressMeter {
    /// A bar with no steps yet ([`ProgressMeter::add_steps`]), drawn only if `wanted` and
    /// stderr is a terminal.
    pub fn new(wanted: bool) -> ProgressMeter {
        let bar = (wanted && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::hidden());
            if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} levels, {elapsed}") {
                bar.set_style(style);
            }
            bar
        });
        ProgressMeter {
            bar,
            started: Instant::now(),
            shown: AtomicBool::new(false),
            shares_terminal: std::io::stdout().is_terminal(),
        }
    }

    /// Whether a bar may be drawn (its steps are worth counting).
    pub fn may_draw(&self) -> bool {
        self.bar.is_some()
    }

    /// `n` more steps to do.
    pub fn add_steps(&self, n: u64) {
        if let Some(bar) = &self.bar {
            bar.inc_length(n);
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

    /// Runs `f`, which prints to stdout, with the bar wiped off the terminal
    /// meanwhile when stdout is that terminal too.
    pub fn around_stdout<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) if self.shares_stdout() => bar.suspend(f),
            _ => f(),
        }
    }

    /// Runs `f`, which prints to stderr, with the bar wiped off meanwhile.
    pub fn around_stderr<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) if self.shown.load(Ordering::Relaxed) => bar.suspend(f),
            _ => f(),
        }
    }

    /// Whether the bar is on the terminal now and stdout goes there too (then each
    /// line is flushed at once, so that lines and bar do not mix).
    pub fn shares_stdout(&self) -> bool {
        self.shares_terminal && self.bar.is_some() && self.shown.load(Ordering::Relaxed)
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
