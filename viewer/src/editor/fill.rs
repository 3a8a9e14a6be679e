//! "Fill clues" off the UI thread: `hexcells_core::generate::fill_clues` on the level
//! being edited, at the grade chosen before it starts, with its progress and its answer
//! handed back as [`FillNews`]. A newer run or Esc cancels the running one; the level
//! changes only when a run's answer is taken
//! ([`Editor::fill_news`](crate::editor::Editor::fill_news)), as one edit. The same
//! runs re-fill a stroke's clues when clues follow the drawing (`follow.rs`), with the
//! drawing's own clues preferred.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use hexcells_core::generate::{self, FillError, FillOptions, Filled, Grade, Limits, OwnClues, Phase};
use hexcells_core::Level;

/// What a run says: how far it is, or what it found.
#[derive(Clone, Debug)]
pub struct FillNews {
    /// Which run says it (only the latest one counts).
    pub generation: u64,
    /// What the run does with the drawing's clues: `Kept` for the fill key's,
    /// `Preferred` for a stroke's re-fill.
    pub own_clues: OwnClues,
    /// Progress, or the answer.
    pub what: FillWhat,
}

impl FillNews {
    /// Whether the run is over (its answer is in).
    pub fn is_done(&self) -> bool {
        matches!(self.what, FillWhat::Done(_))
    }
}

/// A run's progress or answer.
#[derive(Clone, Debug)]
pub enum FillWhat {
    /// Still working: the line to show.
    Progress(String),
    /// Done.
    Done(Result<Box<Filled>, FillError>),
}

/// Starts runs and remembers which one is current.
#[derive(Debug, Default)]
pub struct BackgroundFill {
    generation: u64,
    cancel: Option<Arc<AtomicBool>>,
}

/// The seed word of the editor's runs: the same drawing gives the same clues.
pub const SEED: &str = "viewer";

impl BackgroundFill {
    /// Fills `drawing` at `target` on a thread of its own; `done` gets its news there.
    /// The run before is cancelled.
    pub fn start(
        &mut self,
        drawing: Level,
        target: Grade,
        own_clues: OwnClues,
        done: impl Fn(FillNews) + Send + 'static,
    ) -> u64 {
        self.cancel_running();
        self.generation += 1;
        let cancel = Arc::new(AtomicBool::new(false));
        self.cancel = Some(Arc::clone(&cancel));
        let generation = self.generation;
        std::thread::spawn(move || {
            let options = FillOptions {
                target,
                seed: SEED.to_string(),
                own_clues,
            };
            let limits = Limits {
                cancel: Some(cancel),
                ..Limits::default()
            };
            let mut progress = |p: generate::GenerateProgress| {
                done(FillNews {
                    generation,
                    own_clues,
                    what: FillWhat::Progress(progress_line(p)),
                })
            };
            let result = generate::fill_clues(&drawing, &options, &limits, &mut progress).map(Box::new);
            done(FillNews {
                generation,
                own_clues,
                what: FillWhat::Done(result),
            });
        });
        generation
    }

    /// Whether a run is going on.
    pub fn is_running(&self) -> bool {
        self.cancel.is_some()
    }

    /// Whether `news` comes from the latest run, still going on.
    pub fn is_current(&self, news: &FillNews) -> bool {
        self.is_running() && news.generation == self.generation
    }

    /// The run is over (its answer was taken).
    pub fn finished(&mut self) {
        self.cancel = None;
    }

    /// Stops the running run, if any; returns whether one was running.
    pub fn cancel_running(&mut self) -> bool {
        match self.cancel.take() {
            Some(cancel) => {
                cancel.store(true, Ordering::Relaxed);
                true
            }
            None => false,
        }
    }
}

/// The next grade for the grade key: easy, …, hard, then easy again.
pub fn next_grade(grade: Grade) -> Grade {
    let i = Grade::ALL.iter().position(|g| *g == grade).unwrap_or(0);
    Grade::ALL[(i + 1) % Grade::ALL.len()]
}

/// A grade as the status line says it: `medium (3 of 5)`.
pub fn grade_text(grade: Grade) -> String {
    format!("{} ({} of 5)", grade.name(), grade.number())
}

fn progress_line(p: generate::GenerateProgress) -> String {
    let what = match p.phase {
        Phase::Revealing => "revealing cells".to_string(),
        Phase::Pruning { done, total } => format!("dropping clues not needed {done}/{total}"),
        Phase::Missed(grade) => format!("came out {}, trying another order", grade.name()),
    };
    format!("try {}: {what}", p.attempt)
}
