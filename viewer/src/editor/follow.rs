//! "Clues follow the drawing": a toggle (off at first) under which each stroke that
//! paints or erases cells waits, shown as painted, for its re-fill:
//! `hexcells_core::generate::fill_clues` with the drawing's own clues preferred
//! (`OwnClues::Preferred`: every clue it has that a lean level at the grade can keep
//! stays), off the UI thread. The stroke and the clues found then land as one edit
//! (one undo step; linked, one `workspace/applyEdit`); out of reach, or stopped (Esc,
//! another edit, a key that reads the text), the stroke lands as painted. [`Follow`]
//! holds the toggle, the stroke waiting and its run; the editor (`state.rs`) lands it.

use hexcells_core::edit::Op;
use hexcells_core::generate::{Grade, OwnClues};
use hexcells_core::{Color, Level, Pos};

use super::document::Kind;
use super::fill::{BackgroundFill, FillNews};

/// A stroke waiting for its re-fill.
#[derive(Clone, Debug)]
pub struct Stroke {
    /// The edit as the pointer made it.
    pub op: Op,
    /// What it is for the history (a double-click's flip replaces the click before).
    pub kind: Kind,
    /// The level it was made on: the re-filled level lands only on it.
    pub base: Level,
    /// The level as painted, shown while the re-fill runs.
    pub painted: Level,
    /// The grade the re-fill reaches.
    pub grade: Grade,
    /// Its run, once started.
    run: Option<u64>,
}

/// The toggle, the stroke waiting and its run.
#[derive(Debug, Default)]
pub struct Follow {
    on: bool,
    runs: BackgroundFill,
    stroke: Option<Stroke>,
}

impl Follow {
    /// Whether clues follow the drawing.
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// Turns following on or off; returns the stroke that was waiting (its run
    /// stopped), to land as painted.
    pub fn toggle(&mut self) -> Option<Stroke> {
        self.on = !self.on;
        self.stop()
    }

    /// Whether `op`, which made `painted` of `base`, is a stroke: cells painted,
    /// erased or flipped (not moved).
    pub fn is_stroke(op: &Op, base: &Level, painted: &Level) -> bool {
        let colours = |level: &Level| {
            level
                .cells()
                .map(|(pos, c)| (pos, c.color))
                .collect::<Vec<(Pos, Color)>>()
        };
        !matches!(op, Op::Move { .. }) && colours(base) != colours(painted)
    }

    /// A stroke now waits for its re-fill at `grade` (the one waiting before must
    /// have been stopped).
    pub fn wait(&mut self, op: Op, kind: Kind, base: Level, painted: Level, grade: Grade) {
        self.stroke = Some(Stroke {
            op,
            kind,
            base,
            painted,
            grade,
            run: None,
        });
    }

    /// The stroke waiting, if any.
    pub fn stroke(&self) -> Option<&Stroke> {
        self.stroke.as_ref()
    }

    /// Whether a stroke waits for a re-fill not started yet.
    pub fn needs_run(&self) -> bool {
        self.stroke.as_ref().is_some_and(|s| s.run.is_none())
    }

    /// Starts the waiting stroke's re-fill on a thread of its own; `done` gets its
    /// news there.
    pub fn start(&mut self, done: impl Fn(FillNews) + Send + 'static) {
        let Some(stroke) = &mut self.stroke else { return };
        let painted = stroke.painted.clone();
        stroke.run = Some(self.runs.start(painted, stroke.grade, OwnClues::Preferred, done));
    }

    /// The stroke whose re-fill `news` ends (`None`: news of an older run, or
    /// progress).
    pub fn done(&mut self, news: &FillNews) -> Option<Stroke> {
        let current = self.runs.is_current(news)
            && self
                .stroke
                .as_ref()
                .is_some_and(|s| s.run == Some(news.generation));
        if !current || !news.is_done() {
            return None;
        }
        self.runs.finished();
        self.stroke.take()
    }

    /// Stops the waiting stroke's re-fill; returns the stroke, to land as painted.
    pub fn stop(&mut self) -> Option<Stroke> {
        self.runs.cancel_running();
        self.stroke.take()
    }
}
