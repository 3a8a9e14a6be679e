//! What the viewer's benchmarks share: the level they measure (the shared corpus's
//! largest, or a large one of our own), and the time the measuring thread ran on a core
//! and waited for one, from the scheduler (`/proc/thread-self/schedstat`, Linux).

use std::path::{Path, PathBuf};
use std::time::Duration;

use hexcells_core::format::{parse, print};
use hexcells_core::{Cell, Color, Hint, Item, Level, Pos};

fn corpus_levels() -> Option<PathBuf> {
    let dir = match std::env::var_os("HEXCELLS_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
    };
    let levels = dir.join("levels");
    levels.is_dir().then_some(levels)
}

fn level_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            level_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "hexcells") {
            out.push(path);
        }
    }
}

/// The text of the largest level (most items) of the shared corpus that is a file of
/// its own and reads without a syntax error, and where it came from; without the
/// corpus, a large level of our own (with free places between its cells).
pub fn largest_level() -> (String, String) {
    if let Some(dir) = corpus_levels() {
        let mut files = Vec::new();
        level_files(&dir, &mut files);
        let best = files
            .iter()
            .filter_map(|f| {
                let text = std::fs::read_to_string(f).ok()?;
                let parsed = parse(&text);
                let level = parsed.levels.first()?;
                if parsed.levels.len() != 1 || hexcells_core::edit::syntax_error(level).is_some() {
                    return None;
                }
                Some((level.level.items().count(), f.clone(), text))
            })
            .max_by_key(|(n, _, _)| *n);
        if let Some((n, file, text)) = best {
            return (text, format!("{} ({n} items)", file.display()));
        }
    }
    println!("skipped: corpus not found; using a generated level");
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
