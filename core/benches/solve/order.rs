//! How the order key (the score, then a tie-break for levels of equal score; issue
//! 57) orders the labelled levels as their authors' words do, and the corpus's own
//! series as their authors numbered them. Figures only: nothing is asserted.
//!
//! The tie-break is chosen among candidates ([`candidates`]: what the score leaves
//! out, the lesser steps, the lone ways on, the rounds, and last the solve's length)
//! by how well it orders the levels of one author as their words do: over the pairs
//! of one author's levels whose words differ, the pairs it orders as the words minus
//! those it orders against them. Held out ([`nested`]): for each author, the choice is
//! made on the other authors' levels alone, and that author's levels are ordered with
//! it. The first of equals wins, so the candidates are listed simplest first.
//!
//! Two measures of agreement are printed for each order: Kendall's tau-b (the bench's
//! tau, as the grade's figures use it), which also counts the pairs whose words are the
//! same, so that a key which ties them (a grade) scores above a key which orders them
//! (an order key) for the same pairs right; and the share of the pairs whose words
//! differ that the key orders as the words minus those it orders against them (a tie
//! counts nothing), which is what "is level 5 harder than level 4?" asks.

use std::collections::{BTreeMap, HashSet};

use hexcells_core::format::decode_entities;
use hexcells_core::solve::{GradeModel, ReplayStep, TieBreak};
use hexcells_core::Level;

use crate::fit;
use crate::grading;
use crate::labelled::{self, Graded};

/// An order of the labelled levels: a key per level, compared as pairs of numbers.
type Keys = Vec<(f64, f64)>;

/// A level as the measures read it: its label (or number in a series), its key, and
/// its author (or series).
type Point<'a> = (f64, (f64, f64), &'a str);

/// The tie-breaks the fit chooses among, simplest first: none, the steps the score
/// leaves out (below its least counted effort), each effort of them alone, the steps
/// that were the only way on, the rounds, two sums, and last the solve's length.
pub fn candidates() -> Vec<(&'static str, TieBreak)> {
    let none = TieBreak {
        lesser: [0.0; 5],
        lone: 0.0,
        rounds: 0.0,
        length: 0.0,
    };
    let lesser = TieBreak {
        lesser: [1.0; 5],
        ..none
    };
    vec![
        ("none", none),
        ("the lesser steps (effort 1 and 2)", lesser),
        (
            "the steps of effort 2",
            TieBreak {
                lesser: [0.0, 1.0, 0.0, 0.0, 0.0],
                ..none
            },
        ),
        (
            "the steps of effort 1",
            TieBreak {
                lesser: [1.0, 0.0, 0.0, 0.0, 0.0],
                ..none
            },
        ),
        (
            "the steps that were the only way on",
            TieBreak { lone: 1.0, ..none },
        ),
        ("the replay's rounds", TieBreak { rounds: 1.0, ..none }),
        (
            "the lesser steps and the lone ways on",
            TieBreak { lone: 1.0, ..lesser },
        ),
        (
            "the lesser steps and the rounds",
            TieBreak {
                rounds: 1.0,
                ..lesser
            },
        ),
        (
            "the solve's length (every step)",
            TieBreak { length: 1.0, ..none },
        ),
    ]
}

/// The tie-break of `steps` with the parts `tie_break`.
fn tie(tie_break: TieBreak, steps: &[ReplayStep]) -> f64 {
    GradeModel {
        tie_break,
        ..GradeModel::TUNED
    }
    .tie_break(steps)
}

/// Over the pairs of one author's `levels` whose words differ: those `keys` order as
/// the words, minus those they order against them.
fn within_margin(levels: &[&Graded], keys: &[(f64, f64)]) -> i64 {
    let mut margin = 0;
    for (i, a) in levels.iter().enumerate() {
        for (j, b) in levels.iter().enumerate().skip(i + 1) {
            if a.author != b.author || a.label == b.label {
                continue;
            }
            let words = a.label.cmp(&b.label);
            let order = cmp_keys(keys[i], keys[j]);
            if order == words {
                margin += 1;
            } else if order != std::cmp::Ordering::Equal {
                margin -= 1;
            }
        }
    }
    margin
}

fn cmp_keys(a: (f64, f64), b: (f64, f64)) -> std::cmp::Ordering {
    a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1))
}

/// Which of `candidates` orders `levels` best (scored by `score`), the first of
/// equals.
fn choose(levels: &[&Graded], score: &dyn Fn(&Graded) -> f64, candidates: &[(&str, TieBreak)]) -> usize {
    let mut best = (i64::MIN, 0);
    for (k, (_, tie_break)) in candidates.iter().enumerate() {
        let keys: Keys = levels
            .iter()
            .map(|g| (score(g), tie(*tie_break, g.steps)))
            .collect();
        let margin = within_margin(levels, &keys);
        if margin > best.0 {
            best = (margin, k);
        }
    }
    best.1
}

/// Each level's key with the tie-break chosen without its author (the score the
/// grade uses), and the candidate chosen per held-out author.
pub fn nested(graded: &[Graded]) -> (Keys, Vec<usize>) {
    let tuned = GradeModel::TUNED;
    let candidates = candidates();
    let mut keys = vec![(0.0, 0.0); graded.len()];
    let mut picked = Vec::new();
    for author in authors(graded) {
        let rest: Vec<&Graded> = graded.iter().filter(|g| g.author != author).collect();
        let k = choose(&rest, &|g: &Graded| tuned.score(g.steps), &candidates);
        picked.push(k);
        for (i, g) in graded.iter().enumerate().filter(|(_, g)| g.author == author) {
            keys[i] = (tuned.score(g.steps), tie(candidates[k].1, g.steps));
        }
    }
    (keys, picked)
}

/// Each level's key with every choice made without its author: the score's parts as
/// the grade's nested fit chooses them (`fit::nested`), then the tie-break.
pub fn fully_nested(graded: &[Graded]) -> Keys {
    let parts = fit::parts();
    let candidates = candidates();
    let mut keys = vec![(0.0, 0.0); graded.len()];
    for author in authors(graded) {
        let rest: Vec<&Graded> = graded.iter().filter(|g| g.author != author).collect();
        let Some(p) = fit::choose(&rest, &parts, fit::Choice::HeldOut) else {
            continue;
        };
        let part = &parts[p].1;
        let k = choose(&rest, &|g: &Graded| part(g.steps), &candidates);
        for (i, g) in graded.iter().enumerate().filter(|(_, g)| g.author == author) {
            keys[i] = (part(g.steps), tie(candidates[k].1, g.steps));
        }
    }
    keys
}

/// The authors of `graded`, each once, sorted.
fn authors<'a>(graded: &[Graded<'a>]) -> Vec<&'a str> {
    let mut out: Vec<&str> = graded.iter().map(|g| g.author).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Prints the order key's figures for the labelled levels, beside those of
/// `nested_grades` (the grade's fully nested fit, issue 50's headline).
pub fn report(graded: &[Graded], nested_grades: &[u8]) {
    let tuned = GradeModel::TUNED;
    let candidates = candidates();
    println!(
        "the order key (the score, then a tie-break for levels of equal score) against the authors' labels:"
    );
    let (nested_keys, picked) = nested(graded);
    let mut counts = vec![0usize; candidates.len()];
    for k in &picked {
        counts[*k] += 1;
    }
    let list: Vec<String> = candidates
        .iter()
        .zip(&counts)
        .filter(|(_, n)| **n > 0)
        .map(|((name, _), n)| format!("{name} ({n})"))
        .collect();
    println!("  tie-break chosen, per held-out author: {}", list.join(", "));
    let all: Vec<&Graded> = graded.iter().collect();
    let in_use = choose(&all, &|g: &Graded| tuned.score(g.steps), &candidates);
    println!(
        "  the same choice on all of them: {} (in use: {})",
        candidates[in_use].0,
        if candidates[in_use].1 == tuned.tie_break {
            "the same"
        } else {
            "another"
        }
    );
    let keyed = |f: &dyn Fn(&Graded) -> (f64, f64)| -> Keys { graded.iter().map(f).collect() };
    let score_alone = keyed(&|g| (tuned.score(g.steps), 0.0));
    let rounded = keyed(&|g| (tuned.score(g.steps).round(), 0.0));
    let tie_in_use = keyed(&|g| {
        let k = tuned.order_key(g.steps);
        (k.score, k.tie_break)
    });
    let ceiling = keyed(&|g| (tuned.score(g.steps), f64::from(g.label)));
    let (_, before) = &fit::parts()[0];
    let before = keyed(&|g| (before(g.steps), 0.0));
    let fully = fully_nested(graded);
    let grades: Keys = nested_grades.iter().map(|&k| (f64::from(k), 0.0)).collect();
    // Whether a row's keys compare across authors: a fully nested key's score comes
    // from parts chosen per author, on other scales.
    let rows: [(&str, &Keys, bool); 8] = [
        (
            "the grade, fully nested (issue 50's headline: a grade ties many pairs)",
            &grades,
            true,
        ),
        (
            "the score alone, rounded (as check --json and hover gave it)",
            &rounded,
            true,
        ),
        ("the score alone, unrounded", &score_alone, true),
        (
            "ORDER KEY, the tie-break chosen without the held-out author (the headline)",
            &nested_keys,
            true,
        ),
        (
            "order key, fully nested (the score's parts too, as the grade's nested fit)",
            &fully,
            false,
        ),
        (
            "order key in use (the tie-break chosen on all of them: not held out)",
            &tie_in_use,
            true,
        ),
        (
            "ceiling: the score, then the author's own word (no tie-break beats it)",
            &ceiling,
            true,
        ),
        (
            "the score before the calibration (every step, as shipped)",
            &before,
            true,
        ),
    ];
    println!(
        "  {:<80} {:>17} {:>17} {:>17} {:>17}",
        "", "within, tau-b", "within, differ", "all, tau-b", "all, differ"
    );
    for (subset, keep) in [
        (
            "all labelled levels",
            &(|_: &Graded| true) as &dyn Fn(&Graded) -> bool,
        ),
        ("the title-labelled levels", &|g: &Graded| g.from_title),
    ] {
        let n = graded.iter().filter(|g| keep(g)).count();
        println!("  {subset} ({n} graded):");
        for (what, keys, across) in rows {
            let points: Vec<Point> = graded
                .iter()
                .zip(keys.iter())
                .filter(|(g, _)| keep(g))
                .map(|(g, k)| (f64::from(g.label), *k, g.author))
                .collect();
            let all = |f: fn(&[Point], bool) -> f64| match across {
                true => format!("{:.3}", f(&points, false)),
                false => "-".to_string(),
            };
            println!(
                "    {what:<78} {:>17.3} {:>17.3} {:>17} {:>17}",
                tau_b(&points, true),
                differing(&points, true),
                all(tau_b),
                all(differing)
            );
        }
    }
    println!(
        "  (tau-b: the bench's Kendall tau; differ: over the pairs whose words differ, \
         those ordered as the words minus those ordered against them, a tie counting nothing; \
         -: keys of different scales, not compared across authors)"
    );
}

/// Kendall's tau-b of (label, key) pairs, over all pairs or within an author's levels.
fn tau_b(points: &[Point], within: bool) -> f64 {
    grading::tau_by(points, within, |a, b| cmp_keys(*a, *b))
}

/// Over the pairs whose words differ (within an author's levels, or all): those the
/// keys order as the words, minus those ordered against them, as a share.
fn differing(points: &[Point], within: bool) -> f64 {
    let (mut margin, mut n) = (0.0, 0.0);
    for (i, a) in points.iter().enumerate() {
        for b in &points[i + 1..] {
            if (within && a.2 != b.2) || a.0 == b.0 {
                continue;
            }
            n += 1.0;
            let order = cmp_keys(a.1, b.1);
            if order == a.0.total_cmp(&b.0) {
                margin += 1.0;
            } else if order != std::cmp::Ordering::Equal {
                margin -= 1.0;
            }
        }
    }
    if n == 0.0 {
        0.0
    } else {
        margin / n
    }
}

/// A series of one author's levels numbered in their titles, as the corpus holds
/// them: the levels' positions in it, and their order keys.
pub struct Series {
    /// The author and what the titles share (`memory cells`, `1-`).
    pub name: String,
    /// Per level: its number in the series and its order key (`None` when it has no
    /// grade).
    pub levels: Vec<(u32, Option<(f64, f64)>)>,
}

/// The series among `levels` (those `keep` keeps, by name): one author's levels whose
/// titles place them in the same series ([`place_in_series`]), at least three
/// numbers, each level once (the same cells and colours count once). Each is named
/// and lists (number, index in `levels`), by number.
pub fn find_series(
    levels: &[(String, Level)],
    keep: &dyn Fn(&str) -> bool,
) -> Vec<(String, Vec<(u32, usize)>)> {
    let mut by_series: BTreeMap<String, Vec<(u32, usize)>> = BTreeMap::new();
    let mut seen = HashSet::new();
    for (idx, (name, level)) in levels.iter().enumerate() {
        if !keep(name) || !seen.insert(labelled::content(level)) {
            continue;
        }
        if let Some((stem, number)) = place_in_series(&decode_entities(&level.title)) {
            let author = labelled::person(&level.author);
            by_series
                .entry(format!("{author}: {stem}"))
                .or_default()
                .push((number, idx));
        }
    }
    by_series
        .into_iter()
        .filter(|(_, members)| {
            let mut numbers: Vec<u32> = members.iter().map(|m| m.0).collect();
            numbers.sort_unstable();
            numbers.dedup();
            numbers.len() >= 3
        })
        .map(|(name, mut members)| {
            members.sort_unstable();
            (name, members)
        })
        .collect()
}

/// Prints, for the series, the tau between a level's number and its order key: per
/// series, and over the pairs of one series' graded levels. Printed, not a goal:
/// authors may order a series for other reasons.
pub fn report_series(series: &[Series]) {
    println!(
        "the corpus's series (one author's levels numbered in their titles): tau-b between \
         a level's number and its order key (printed, not a goal)"
    );
    let mut pooled: Vec<Point> = Vec::new();
    for s in series {
        let points: Vec<Point> = s
            .levels
            .iter()
            .filter_map(|(number, key)| Some((f64::from(*number), (*key)?, s.name.as_str())))
            .collect();
        println!(
            "  {:<44} {:>2} levels, {:>2} graded: tau-b {:>6.3}, differ {:>6.3}",
            s.name,
            s.levels.len(),
            points.len(),
            tau_b(&points, true),
            differing(&points, true)
        );
        pooled.extend(points);
    }
    println!(
        "  within a series, pooled ({} graded levels): tau-b {:.3}, differ {:.3}",
        pooled.len(),
        tau_b(&pooled, true),
        differing(&pooled, true)
    );
}

/// Where a title puts its level in a series: the series' stem and the number. The
/// number is the title's last (a trailing `1-12` puts the level 12th of series
/// `1-`), or a Roman numeral after `part`; text in parentheses (a difficulty) is left
/// out.
pub fn place_in_series(title: &str) -> Option<(String, u32)> {
    let mut t = String::new();
    let mut depth = 0;
    for c in title.to_lowercase().chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = (depth - 1).max(0),
            c if depth == 0 => t.push(c),
            _ => {}
        }
    }
    let t = t.trim();
    let digits_end = t.trim_end_matches(|c: char| !c.is_ascii_digit()).len();
    if digits_end == t.len() && digits_end > 0 {
        let head = t.trim_end_matches(|c: char| c.is_ascii_digit());
        let number: u32 = t[head.len()..].parse().ok()?;
        // `1-12`: the series is `1-`.
        let before = head.trim_end();
        if let Some(stem) = before.strip_suffix('-') {
            let series_no = stem.trim_end();
            let series_digits =
                series_no.len() - series_no.trim_end_matches(|c: char| c.is_ascii_digit()).len();
            if series_digits > 0 {
                return Some((
                    format!("{}-", &series_no[series_no.len() - series_digits..]),
                    number,
                ));
            }
        }
        return Some((before.trim_end_matches(['#', '.', ':', ' ']).to_string(), number));
    }
    let (head, last) = t.rsplit_once(' ')?;
    let roman = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"];
    let number = roman.iter().position(|r| *r == last)? as u32 + 1;
    head.ends_with("part").then(|| (head.to_string(), number))
}
