//! Fitting the grade's bands to the authors' labels, and grading each author's
//! levels with bands fitted without them (leave-one-author-out).
//!
//! The bands of a score are the four cuts that, over the levels sorted by score,
//! give grades that rise with the score, use all five grades, and are off the
//! author's label by the fewest steps, each level weighed by one over the square
//! root of how many levels share its label (so the few easy labels count). An
//! exact dynamic programme over the sorted scores finds them; a cut lies halfway
//! between the two scores it separates.

use hexcells_core::solve::{GradeModel, ReplayStep};

use crate::labelled::Graded;

/// A score of a labelled level.
pub type Score<'f> = &'f dyn Fn(&Graded) -> f64;

/// Each level's grade (1 to 5) from bands fitted on the other authors' levels.
pub fn held_out(graded: &[Graded], score: Score) -> Vec<u8> {
    let mut out = vec![0; graded.len()];
    let mut authors: Vec<&str> = graded.iter().map(|g| g.author).collect();
    authors.sort_unstable();
    authors.dedup();
    for author in authors {
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

/// Each level's grade from the score and bands that fit the other authors' levels
/// best (the least weighted distance) among `parts`: the choice of the score's
/// parts held out too.
pub fn held_out_with_parts(graded: &[Graded], parts: &[(String, PartScore)]) -> Vec<u8> {
    let mut out = vec![0; graded.len()];
    let mut authors: Vec<&str> = graded.iter().map(|g| g.author).collect();
    authors.sort_unstable();
    authors.dedup();
    for author in authors {
        let rest: Vec<&Graded> = graded.iter().filter(|g| g.author != author).collect();
        let mut best: Option<(f64, &PartScore, [f64; 4])> = None;
        for (_, part) in parts {
            let (bands, distance) = fitted(&rest, &|g: &Graded| part(g.steps));
            if best.as_ref().is_none_or(|b| distance < b.0 - 1e-9) {
                best = Some((distance, part, bands));
            }
        }
        let Some((_, part, bands)) = best else {
            continue;
        };
        for (k, g) in graded.iter().enumerate() {
            if g.author == author {
                out[k] = grade(part(g.steps), &bands);
            }
        }
    }
    out
}

/// The bands fitted on `levels`, with their weighted distance from the labels.
fn fitted(levels: &[&Graded], score: Score) -> ([f64; 4], f64) {
    let mut counts = [0usize; 6];
    for l in levels {
        counts[usize::from(l.label)] += 1;
    }
    let mut scored: Vec<(f64, u8, f64)> = levels
        .iter()
        .map(|l| {
            (
                score(l),
                l.label,
                1.0 / (counts[usize::from(l.label)] as f64).sqrt(),
            )
        })
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
    for hard_from in [1, 2, 3, 4] {
        for effort_base in [1.0, 1.5, 2.0, 3.0] {
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
