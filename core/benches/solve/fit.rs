//! Fitting the grade's bands to the authors' labels, and grading each author's
//! levels with bands fitted without them (leave-one-author-out).
//!
//! The bands of a score are the four cuts that, over the levels sorted by score,
//! give grades that rise with the score, use all five grades, and are off the
//! author's label by the fewest steps, each level weighed by one over the square
//! root of how many levels share its label (so the few easy labels count). An
//! exact dynamic programme over the sorted scores finds them; a cut lies halfway
//! between the two scores it separates.
//!
//! The score's parts are chosen among candidates too ([`nested`]): for the
//! figures to be held out, that choice, like the bands, is made without the
//! held-out author, and it is judged by a leave-one-author-out inside the fit
//! ([`Choice::HeldOut`]).

use hexcells_core::solve::{GradeModel, ReplayStep};

use crate::labelled::Graded;

/// A score of a labelled level.
pub type Score<'f> = &'f dyn Fn(&Graded) -> f64;

/// Each level's grade (1 to 5) from bands fitted on the other authors' levels.
pub fn held_out(graded: &[Graded], score: Score) -> Vec<u8> {
    let mut out = vec![0; graded.len()];
    for author in authors(graded) {
        let rest: Vec<&Graded> = graded.iter().filter(|g| g.author != author).collect();
        let bands = bands(&rest, score);
        for (k, g) in graded.iter().enumerate() {
            if g.author == author {
                out[k] = grade(score(g), &bands);
            }
        }
    }
    out
}

/// The grade (1 to 5) of `score` under `bands`.
pub fn grade(score: f64, bands: &[f64; 4]) -> u8 {
    1 + bands.iter().filter(|from| score >= **from).count() as u8
}

/// The bands fitted on `levels` (at least five distinct scores are needed; fewer
/// give bands that leave some grades empty).
pub fn bands(levels: &[&Graded], score: Score) -> [f64; 4] {
    fitted(levels, score).0
}

/// How a fit chooses the score's parts among candidates, on the levels it fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// The parts whose bands, fitted on all the levels, lie nearest their labels:
    /// the same levels fit the bands and judge them, so parts with more freedom win.
    InSample,
    /// The parts whose bands, fitted again without each author, lie nearest that
    /// author's labels (leave-one-author-out inside the fit): the choice is judged
    /// on authors it did not see, as the grade is.
    HeldOut,
}

/// Each level's grade with every choice the fit makes (the score's parts among
/// `parts`, then the bands) made on the other authors' levels alone: the fully
/// nested leave-one-author-out figures. Also returns, per held-out author, the
/// name of the parts the fit chose.
pub fn nested(graded: &[Graded], parts: &[(String, PartScore)], choice: Choice) -> (Vec<u8>, Vec<String>) {
    let mut out = vec![0; graded.len()];
    let mut picked = Vec::new();
    for author in authors(graded) {
        let rest: Vec<&Graded> = graded.iter().filter(|g| g.author != author).collect();
        let Some(k) = choose(&rest, parts, choice) else {
            continue;
        };
        let (name, part) = &parts[k];
        picked.push(name.clone());
        let bands = bands(&rest, &|g: &Graded| part(g.steps));
        for (i, g) in graded.iter().enumerate() {
            if g.author == author {
                out[i] = grade(part(g.steps), &bands);
            }
        }
    }
    (out, picked)
}

/// Which of `parts` the fit on `levels` chooses (the first of equals, so list the
/// simpler parts first); `None` when there are no parts.
pub fn choose(levels: &[&Graded], parts: &[(String, PartScore)], choice: Choice) -> Option<usize> {
    let mut best: Option<(f64, usize)> = None;
    for (k, (_, part)) in parts.iter().enumerate() {
        let score = |g: &Graded| part(g.steps);
        let distance = match choice {
            Choice::InSample => fitted(levels, &score).1,
            Choice::HeldOut => held_out_distance(levels, &score),
        };
        if best.is_none_or(|b| distance < b.0 - 1e-9) {
            best = Some((distance, k));
        }
    }
    best.map(|b| b.1)
}

/// The weighted distance from their labels of `levels` each graded by bands fitted
/// without its author (the weights as the bands' fit gives them).
fn held_out_distance(levels: &[&Graded], score: Score) -> f64 {
    let weights = label_weights(levels);
    let mut distance = 0.0;
    for author in authors_of(levels.iter().copied()) {
        let rest: Vec<&Graded> = levels.iter().copied().filter(|g| g.author != author).collect();
        let bands = bands(&rest, score);
        for g in levels.iter().filter(|g| g.author == author) {
            let off = g.label.abs_diff(grade(score(g), &bands));
            distance += weights[usize::from(g.label)] * f64::from(off);
        }
    }
    distance
}

/// One over the square root of how many of `levels` share each label (index 1..=5).
fn label_weights(levels: &[&Graded]) -> [f64; 6] {
    let mut counts = [0usize; 6];
    for l in levels {
        counts[usize::from(l.label)] += 1;
    }
    counts.map(|n| 1.0 / (n.max(1) as f64).sqrt())
}

/// The authors of `graded`, each once, sorted.
fn authors<'a>(graded: &'a [Graded<'a>]) -> Vec<&'a str> {
    authors_of(graded.iter())
}

fn authors_of<'a, 'b: 'a>(graded: impl Iterator<Item = &'a Graded<'b>>) -> Vec<&'b str> {
    let mut out: Vec<&str> = graded.map(|g| g.author).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The bands fitted on `levels`, with their weighted distance from the labels.
fn fitted(levels: &[&Graded], score: Score) -> ([f64; 4], f64) {
    let weights = label_weights(levels);
    let mut scored: Vec<(f64, u8, f64)> = levels
        .iter()
        .map(|l| (score(l), l.label, weights[usize::from(l.label)]))
        .collect();
    scored.sort_by(|a, b| a.0.total_cmp(&b.0));
    // Levels of equal score form one group and get one grade.
    let mut groups: Vec<(f64, Vec<(u8, f64)>)> = Vec::new();
    for (s, label, weight) in scored {
        match groups.last_mut() {
            Some((last, members)) if *last == s => members.push((label, weight)),
            _ => groups.push((s, vec![(label, weight)])),
        }
    }
    // best[k][g]: the least weighted distance of groups 0..=k with group k at grade
    // g + 1, each grade from the first one used (a grade is never skipped).
    let n = groups.len();
    let mut best = vec![[f64::INFINITY; 5]; n];
    let mut from = vec![[0usize; 5]; n];
    for (k, (_, members)) in groups.iter().enumerate() {
        for g in 0..5 {
            let cost: f64 = members
                .iter()
                .map(|(label, w)| w * f64::from(label.abs_diff(g as u8 + 1)))
                .sum();
            if k == 0 {
                if g == 0 {
                    best[0][0] = cost;
                }
                continue;
            }
            let stay = best[k - 1][g];
            let rise = if g > 0 { best[k - 1][g - 1] } else { f64::INFINITY };
            let (prev, g_prev) = if rise < stay { (rise, g - 1) } else { (stay, g) };
            best[k][g] = prev + cost;
            from[k][g] = g_prev;
        }
    }
    let mut at = vec![0usize; n];
    let mut g = 4;
    for k in (0..n).rev() {
        at[k] = g;
        g = from[k][g];
    }
    let mut out = [f64::INFINITY; 4];
    for (cut, band) in out.iter_mut().enumerate() {
        if let Some(k) = (1..n).find(|&k| at[k] > cut && at[k - 1] <= cut) {
            *band = (groups[k - 1].0 + groups[k].0) / 2.0;
        }
    }
    (out, best.last().map_or(0.0, |b| b[4]))
}

/// The bands of the score before the calibration (from 6, each three times higher).
pub const BEFORE_BANDS: [f64; 4] = [6.0, 18.0, 54.0, 162.0];

/// A score of a replay, as the fit compares them.
pub type PartScore = Box<dyn Fn(&[ReplayStep]) -> f64>;

/// The scores the fit weighed: the model in use with other numbers, and the model
/// before the calibration (every step, by its effort and how hard it is to find).
pub fn parts() -> Vec<(String, PartScore)> {
    let mut out: Vec<(String, PartScore)> = vec![(
        "before: every step, 2^(effort-1) x search^(1/4)".to_string(),
        Box::new(|steps: &[ReplayStep]| {
            steps
                .iter()
                .map(|s| {
                    let search = (s.hidden as f64 / s.open.max(1) as f64).max(1.0);
                    2f64.powi(i32::from(s.effort) - 1) * search.powf(0.25)
                })
                .sum()
        }),
    )];
    out.extend(weighted_counts(&[1, 2, 3, 4], &[1.0, 1.5, 2.0, 3.0]));
    out
}

/// The model's score with each of `hard_froms` and `effort_bases`: the steps of
/// effort `hard_from` or more, each of one more effort `effort_base` times heavier.
fn weighted_counts(hard_froms: &[u8], effort_bases: &[f64]) -> Vec<(String, PartScore)> {
    let mut out: Vec<(String, PartScore)> = Vec::new();
    for &hard_from in hard_froms {
        for &effort_base in effort_bases {
            let model = GradeModel {
                hard_from,
                effort_base,
                ..GradeModel::TUNED
            };
            out.push((
                format!("steps of effort >= {hard_from}, {effort_base}^(effort-{hard_from})"),
                Box::new(move |steps: &[ReplayStep]| model.score(steps)),
            ));
        }
    }
    out
}

/// A smaller set of candidate parts, each a plain weighted count of the replay's
/// steps: the steps of effort 2, 3 or 4 and more, each of one more effort 1, 1.5 or 2
/// times heavier, and the count of the steps that need more than one clue.
pub fn few_parts() -> Vec<(String, PartScore)> {
    let mut out: Vec<(String, PartScore)> = Vec::new();
    out.extend(weighted_counts(&[2, 3, 4], &[1.0, 1.5, 2.0]));
    out.push((
        "steps needing more than one clue".to_string(),
        Box::new(|steps: &[ReplayStep]| steps.iter().filter(|s| s.n_clues > 1).count() as f64),
    ));
    out
}
