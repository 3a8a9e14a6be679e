//! The engine's jobs beside the window (the player's hint and solves), for the window
//! and the page alike: at most one runs and one waits. A request while one runs waits,
//! in place of any request already waiting (the newest ask is the one answered); when
//! the running job ends, the waiting one starts, asked again about the game as it is
//! then ([`Session::renew`](crate::player::Session::renew)). So a burst of hint keys
//! starts two jobs, not one a key, and nothing else is ever dropped.
//!
//! Debug builds write each job's start on stderr when `HEXCELLS_VIEW_ENGINE_TRACE` is
//! set (its value, if a number, makes each job wait that many milliseconds first, so
//! a test can keep one running); release builds never read it.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use super::events::{Post, UserEvent};
use crate::player::EngineJob;

/// The engine's jobs: the one running, the one waiting.
pub struct EngineRuns {
    post: Post,
    running: bool,
    waiting: Option<EngineJob>,
    /// How many jobs run at this moment, counted by the jobs themselves (for the trace).
    alive: Arc<AtomicUsize>,
    /// How many jobs started.
    started: usize,
    /// Debug builds: each job's start on stderr, after this wait.
    trace: Option<Duration>,
}

impl EngineRuns {
    /// No job yet; `post` brings each answer back as a [`UserEvent::Engine`].
    pub fn new(post: Post) -> EngineRuns {
        #[cfg(debug_assertions)]
        let trace = std::env::var("HEXCELLS_VIEW_ENGINE_TRACE")
            .ok()
            .map(|ms| Duration::from_millis(ms.trim().parse().unwrap_or(0)));
        #[cfg(not(debug_assertions))]
        let trace = None;
        EngineRuns {
            post,
            running: false,
            waiting: None,
            alive: Arc::new(AtomicUsize::new(0)),
            started: 0,
            trace,
        }
    }

    /// Asks for `job`: it starts now if none runs, else it waits in place of the one
    /// waiting.
    pub fn ask(&mut self, job: EngineJob) {
        if self.running {
            self.waiting = Some(job);
        } else {
            self.start(job);
        }
    }

    /// The running job answered: the waiting one, which the caller renews and
    /// [`start`](EngineRuns::start)s.
    pub fn done(&mut self) -> Option<EngineJob> {
        self.running = false;
        self.waiting.take()
    }

    /// Runs `job` on a thread of its own (the engine may take a while: the window stays
    /// responsive).
    pub fn start(&mut self, job: EngineJob) {
        self.running = true;
        self.started += 1;
        let post = self.post.clone();
        let alive = self.alive.clone();
        let trace = self.trace.map(|wait| (wait, self.started));
        std::thread::spawn(move || {
            let running = alive.fetch_add(1, Ordering::SeqCst) + 1;
            if let Some((wait, n)) = trace {
                eprintln!(
                    "hexcells-view: engine job {n} starts ({:?}): {running} running",
                    job.action()
                );
                std::thread::sleep(wait);
            }
            let done = job.run();
            alive.fetch_sub(1, Ordering::SeqCst);
            post(UserEvent::Engine(Box::new(done)));
        });
    }
}
