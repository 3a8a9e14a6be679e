//! What the viewer's benchmarks share: the level they measure (the shared corpus's
//! largest, or a large one of our own), and the time the measuring thread ran on a core
//! and waited for one, from the scheduler (`/proc/thread-self/schedstat`, Linux).

use std::time::Duration;

use hexcells_core::format::{parse, print};
use hexcells_core::{Cell, Color, Hint, Item, Level, Pos};
use hexcells_corpus::Corpus;

/// The text of the largest level (most items) of the shared corpus that is a file of
/// its own and reads without a syntax error, and where it came from; without the
/// corpus, a large level of our own (with free places between its cells).
pub fn largest_level() -> (String, String) {
    if let Some(corpus) = Corpus::find() {
        let best = corpus
            .levels()
            .into_iter()
            .filter_map(|file| {
                let parsed = parse(&file.text);
                let level = parsed.levels.first()?;
                if parsed.levels.len() != 1 || level.syntax_error().is_some() {
                    return None;
                }
                Some((level.level.items().count(), file.path, file.text))
            })
            .max_by_key(|(n, _, _)| *n);
        if let Some((n, file, text)) = best {
            return (text, format!("{} ({n} items)", file.display()));
        }
    }
    println!("using a generated level instead of the corpus's largest");
    let mut level = Level::new();
    level.title = "A large generated level".to_string();
    for pos in Pos::all().filter(|p| p.parity() == 0 && p.y() > 0 && p.x() % 4 != 3) {
        let k = pos.index();
        let color = if k % 3 == 0 { Color::Blue } else { Color::Black };
        let hint = match color {
            Color::Black if k % 5 == 0 => Hint::Together,
            _ => Hint::Plain,
        };
        let cell = Cell {
            color,
            revealed: k % 2 == 0,
            hint,
        };
        level.set(pos, Some(Item::Cell(cell)));
    }
    (print(&level), "a generated level".to_string())
}

/// How long this thread has run on a core and waited for one since it started.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sched {
    /// On a core.
    pub cpu: Duration,
    /// Runnable, waiting in the run queue for a core.
    pub waiting: Duration,
}

impl Sched {
    /// Now, from the scheduler's statistics (`None` where the system has none).
    pub fn now() -> Option<Sched> {
        let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
        let mut fields = stat.split_whitespace().map(|f| f.parse::<u64>().ok());
        let cpu = fields.next()??;
        let waiting = fields.next()??;
        Some(Sched {
            cpu: Duration::from_nanos(cpu),
            waiting: Duration::from_nanos(waiting),
        })
    }

    /// What ran and waited between `self` and `later`.
    pub fn until(self, later: Sched) -> Sched {
        Sched {
            cpu: later.cpu.saturating_sub(self.cpu),
            waiting: later.waiting.saturating_sub(self.waiting),
        }
    }
}

/// A duration in milliseconds.
pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}
