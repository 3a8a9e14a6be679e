//! "Clues follow the drawing" (the viewer editor's toggle) as a seeded script: 10
//! community pictures of at most 150 cells, stripped of their clues and filled at the
//! grade (not timed: the picture as an author has it before the toggle), then 20
//! one-cell strokes on each (a cell painted blue or black beside the picture, or a
//! cell erased, through the editor's own operations), each followed by the re-fill
//! the viewer runs (`fill_clues` with `OwnClues::Preferred`, on two cores as the
//! viewer's background thread). Prints, per grade: the re-fill's time (p50, p95,
//! max), the clues each stroke's re-fill changed (positions whose revealed mark,
//! number or column number differ between the level as painted and as re-filled:
//! median, p95, max), and the strokes whose grade was out of reach (the level then
//! stays as painted). Prints figures; asserts nothing.
//!
//! Run with `cargo bench -p hexcells-core --bench follow`; `HEXCELLS_BENCH_GRADES`
//! picks grades (`medium` by default, the editor's; `easy,hard`, ...),
//! `HEXCELLS_BENCH_PICTURES=N` and `HEXCELLS_BENCH_STROKES=N` the script's size, and
//! `HEXCELLS_BENCH_VERBOSE=1` prints each stroke.

use std::time::Instant;

use hexcells_core::edit::{apply_op, Op};
use hexcells_core::format::parse;
use hexcells_core::generate::rng::Rng;
use hexcells_core::generate::{fill_clues, FillError, FillOptions, Grade, Limits, OwnClues};
use hexcells_core::model::{Color, Item, Level, Pos};
use hexcells_corpus::Corpus;

/// The script's seed word: the same pictures and strokes every run.
const SEED: &str = "follow";
/// The largest picture the script draws.
const MOST_CELLS: usize = 150;

fn main() {
    let Some(corpus) = Corpus::find() else {
        return;
    };
    let number = |name: &str, default: usize| {
        std::env::var(name)
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(default)
    };
    let n_pictures = number("HEXCELLS_BENCH_PICTURES", 10);
    let n_strokes = number("HEXCELLS_BENCH_STROKES", 20);
    let verbose = std::env::var_os("HEXCELLS_BENCH_VERBOSE").is_some();
    let grades: Vec<Grade> = match std::env::var("HEXCELLS_BENCH_GRADES") {
        Ok(list) => Grade::ALL
            .into_iter()
            .filter(|g| list.split(',').any(|w| w.trim() == g.name()))
            .collect(),
        Err(_) => vec![Grade::Medium],
    };
    let mut pool: Vec<(String, Level)> = corpus
        .community_levels()
        .into_iter()
        .filter_map(|f| Some((f.name, parse(&f.text).levels.into_iter().next()?.level)))
        .filter(|(_, level)| level.n_cells() <= MOST_CELLS)
        .collect();
    pool.sort_by(|a, b| a.0.cmp(&b.0));
    println!(
        "load average before: {}; {} community pictures of at most {MOST_CELLS} cells",
        load_average(),
        pool.len()
    );
    for target in grades {
        let mut rng = Rng::from_seed_word(SEED);
        let mut candidates = pool.clone();
        let (mut times, mut changed) = (Vec::new(), Vec::new());
        let (mut pictures, mut out_of_reach, mut failed) = (Vec::new(), 0, 0);
        while pictures.len() < n_pictures && !candidates.is_empty() {
            let (name, mut picture) = candidates.swap_remove(rng.below(candidates.len()));
            // The picture filled at the grade, as the author has it before the toggle;
            // a picture whose grade is out of reach is passed over.
            let options = FillOptions {
                target,
                seed: SEED.to_string(),
                own_clues: OwnClues::Replaced,
            };
            match fill_clues(&picture, &options, &Limits::default(), &mut |_| {}) {
                Ok(filled) => picture = filled.level,
                Err(_) => continue,
            }
            pictures.push(format!("{name} ({} cells)", picture.n_cells()));
            for stroke in 0..n_strokes {
                let Some((what, painted)) = one_stroke(&picture, &mut rng) else {
                    break;
                };
                let options = FillOptions {
                    target,
                    seed: "viewer".to_string(),
                    own_clues: OwnClues::Preferred,
                };
                let started = Instant::now();
                let result = fill_clues(&painted, &options, &Limits::default(), &mut |_| {});
                let seconds = started.elapsed().as_secs_f64();
                times.push(seconds);
                let said = match result {
                    Ok(filled) => {
                        let n = clues_changed(&painted, &filled.level);
                        changed.push(n);
                        picture = filled.level;
                        format!("{n} clues changed")
                    }
                    Err(FillError::GradeNotReached { filled, .. }) => {
                        out_of_reach += 1;
                        picture = painted;
                        format!("out of reach (nearest {})", filled.grade.name())
                    }
                    Err(e) => {
                        failed += 1;
                        picture = painted;
                        format!("{e}")
                    }
                };
                if verbose {
                    eprintln!(
                        "{name} stroke {:2}: {what:24} {:7.1} ms  {said}",
                        stroke + 1,
                        1000.0 * seconds
                    );
                }
            }
        }
        times.sort_by(f64::total_cmp);
        changed.sort_unstable();
        let at = |n: usize, q: f64| ((n as f64 - 1.0).max(0.0) * q).round() as usize;
        let time = |q: f64| 1000.0 * times.get(at(times.len(), q)).copied().unwrap_or(0.0);
        let clues = |q: f64| changed.get(at(changed.len(), q)).copied().unwrap_or(0);
        println!("{} pictures: {}", pictures.len(), pictures.join(", "));
        println!(
            "clues follow the drawing, {}: {} strokes | re-fill p50 {:.0} ms, p95 {:.0} ms, max {:.0} ms \
             | clues changed per stroke: median {}, p95 {}, max {} | out of reach {out_of_reach}, failed {failed}",
            target.name(),
            times.len(),
            time(0.5),
            time(0.95),
            time(1.0),
            clues(0.5),
            clues(0.95),
            clues(1.0),
        );
    }
    println!("load average after: {}", load_average());
}

/// One stroke on `level`, drawn with `rng`: one cell in three is erased, the others
/// painted (blue or black) on a free place beside the picture, through the editor's
/// own operations. What it was, and the level as painted.
fn one_stroke(level: &Level, rng: &mut Rng) -> Option<(String, Level)> {
    let cells: Vec<Pos> = level.cells().map(|(pos, _)| pos).collect();
    for _ in 0..100 {
        let op = if rng.chance(1, 3) && cells.len() > 2 {
            Op::Delete {
                items: vec![cells[rng.below(cells.len())]],
            }
        } else {
            let beside = cells[rng.below(cells.len())];
            let Some(place) = beside.neighbours()[rng.below(6)] else {
                continue;
            };
            if level.get(place).is_some() {
                continue;
            }
            let color = if rng.chance(1, 2) {
                Color::Blue
            } else {
                Color::Black
            };
            Op::Create {
                cells: vec![place],
                color,
            }
        };
        let Ok(painted) = apply_op(level, &op) else {
            continue;
        };
        let what = match &op {
            Op::Delete { items } => format!("erase {}", hexcells_core::model::name(items[0])),
            Op::Create { cells, color } => {
                format!(
                    "paint {} {}",
                    hexcells_core::model::name(cells[0]),
                    color.as_str()
                )
            }
            _ => String::new(),
        };
        return Some((what, painted));
    }
    None
}

/// The positions whose clues differ between `a` and `b`: a cell revealed or hidden,
/// a number added, taken away or shown another way, a column number added, taken
/// away or changed.
fn clues_changed(a: &Level, b: &Level) -> usize {
    let clue = |level: &Level, pos: Pos| match level.get(pos) {
        Some(Item::Cell(cell)) => Some((cell.revealed, cell.hint, None)),
        Some(Item::Column(column)) => Some((false, column.hint, Some(column.direction))),
        None => None,
    };
    let mut places: Vec<Pos> = a.items().chain(b.items()).map(|(pos, _)| pos).collect();
    places.sort();
    places.dedup();
    places
        .into_iter()
        .filter(|pos| {
            let (x, y) = (clue(a, *pos), clue(b, *pos));
            // A cell painted or erased is the stroke, not the re-fill.
            let both_cells = matches!(
                (a.get(*pos), b.get(*pos)),
                (Some(Item::Cell(_)), Some(Item::Cell(_)))
            );
            let columns =
                matches!(a.get(*pos), Some(Item::Column(_))) || matches!(b.get(*pos), Some(Item::Column(_)));
            (both_cells || columns) && x != y
        })
        .count()
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}
