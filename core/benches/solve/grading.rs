//! How the difficulty grade agrees with what authors call their levels (the labelled
//! levels of `labelled.rs`): the table of the author's label against our grade, the
//! share where the grade is the author's word and within one step of it, and
//! Kendall's tau over all pairs and over the pairs of one author's levels.
//!
//! The headline figures are fully nested: for each author, every choice the fit
//! makes (which of the score's parts, then the bands; `fit.rs`) is made on the other
//! authors' levels alone, and that author's levels are graded with it. The
//! secondary lines, each named for what it holds out and what it does not, are the
//! same with fewer candidate parts, with the parts chosen in-sample, with the parts
//! in use fixed, the grade in use, the grade before, and the best plain count.
//! Then the order key's figures (`order.rs`). Figures only: nothing is asserted.

use std::cmp::Ordering;
use std::fmt::Write as _;

use hexcells_core::solve::{Grade, GradeModel, Report};
use hexcells_core::Level;

use crate::labelled::{Graded, Label};
use crate::{fit, order};

/// Prints the figures for the labelled levels (`reports` beside `labels`).
pub fn report(levels: &[(String, Level)], labels: &[Label], reports: &[&Report]) {
    let graded: Vec<Graded> = labels
        .iter()
        .zip(reports)
        .filter(|(_, r)| r.difficulty.grade.is_some())
        .map(|(l, r)| Graded {
            label: l.label,
            author: &l.author,
            steps: &r.difficulty.steps,
            from_title: l.from_title,
        })
        .collect();
    let n_authors = {
        let mut a: Vec<&str> = graded.iter().map(|g| g.author).collect();
        a.sort_unstable();
        a.dedup();
        a.len()
    };
    println!(
        "grades against the authors' labels: {} labelled levels, {} with a grade, by {n_authors} authors",
        labels.len(),
        graded.len()
    );
    for (l, r) in labels.iter().zip(reports) {
        let d = &r.difficulty;
        println!(
            "  {} {:<12} {:>12}  {} ({})",
            l.label,
            d.grade.map_or("-", |g| g.name()),
            d.order
                .map_or("-".to_string(), |k| format!("{} / {}", k.score, k.tie_break)),
            levels[l.level_idx].0,
            l.author
        );
    }
    // The headline: every choice the fit makes, made without the held-out author.
    let (nested, picked) = fit::nested(&graded, &fit::parts(), fit::Choice::HeldOut);
    print_figures(
        "HELD OUT, NESTED (the headline): the score's parts chosen (by a leave-one-author-out \
         inside the fit) and the bands fitted, both without the held-out author",
        &graded,
        &nested,
    );
    print_picks(&picked);
    let all: Vec<&Graded> = graded.iter().collect();
    let parts = fit::parts();
    if let Some(k) = fit::choose(&all, &parts, fit::Choice::HeldOut) {
        let (name, part) = &parts[k];
        let bands = fit::bands(&all, &|g: &Graded| part(g.steps));
        println!("  the same fit on all of them chooses: {name}, bands {bands:?}");
    }
    println!("  secondary figures, not held out in every choice:");
    let (few, picked) = fit::nested(&graded, &fit::few_parts(), fit::Choice::HeldOut);
    print_figures(
        "nested as the headline, among fewer parts (plain weighted counts of the steps)",
        &graded,
        &few,
    );
    print_picks(&picked);
    let (in_sample, picked) = fit::nested(&graded, &fit::parts(), fit::Choice::InSample);
    print_figures(
        "nested, the parts chosen by how near their bands fit the other authors (the first \
         pass's nested figures)",
        &graded,
        &in_sample,
    );
    print_picks(&picked);
    let tuned = GradeModel::TUNED;
    let held_out = fit::held_out(&graded, &|g: &Graded| tuned.score(g.steps));
    print_figures(
        "NOT NESTED: the parts in use fixed (chosen on these same figures), only the bands \
         fitted without each author",
        &graded,
        &held_out,
    );
    let in_use: Vec<u8> = graded
        .iter()
        .map(|g| tuned.grade(tuned.score(g.steps)).number())
        .collect();
    print_figures(
        "NOT HELD OUT: the grade in use (fitted on all of them)",
        &graded,
        &in_use,
    );
    let (_, before) = &fit::parts()[0];
    let shipped: Vec<u8> = graded
        .iter()
        .map(|g| fit::grade(before(g.steps), &fit::BEFORE_BANDS))
        .collect();
    print_figures(
        "the grade before the calibration (as shipped, not fitted on these)",
        &graded,
        &shipped,
    );
    let count = |g: &Graded| g.steps.iter().filter(|s| s.n_clues > 1).count() as f64;
    let plain = fit::held_out(&graded, &count);
    print_figures(
        "plain count of the steps needing more than one clue, bands fitted without each author",
        &graded,
        &plain,
    );
    println!(
        "  each of the score's parts fixed, bands fitted without each author \
         (exact, within one, tau all, tau within; choosing among these by these figures is not held out):"
    );
    for (what, part) in fit::parts() {
        let grades = fit::held_out(&graded, &|g: &Graded| part(g.steps));
        let f = figures(&graded, &grades);
        println!(
            "    {what:<44} {:5.1}% {:5.1}% {:6.3} {:6.3}",
            f.exact * 100.0,
            f.within_one * 100.0,
            f.tau_all,
            f.tau_within
        );
    }
    let bands = fit::bands(&all, &|g: &Graded| tuned.score(g.steps));
    println!(
        "  bands fitted on all of them: {bands:?} (in use: {:?})",
        tuned.bands
    );
    order::report(&graded, &nested);
}

/// Prints how often the fit chose each of the score's parts, one choice per
/// held-out author.
fn print_picks(picked: &[String]) {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for p in picked {
        match counts.iter_mut().find(|(q, _)| q == p) {
            Some((_, n)) => *n += 1,
            None => counts.push((p, 1)),
        }
    }
    counts.sort_by_key(|c| std::cmp::Reverse(c.1));
    let list: Vec<String> = counts.iter().map(|(p, n)| format!("{p} ({n})")).collect();
    println!("    parts chosen, per held-out author: {}", list.join(", "));
}

/// The agreement of `grades` (beside `graded`) with the authors' labels.
struct Figures {
    exact: f64,
    within_one: f64,
    tau_all: f64,
    tau_within: f64,
}

fn figures(graded: &[Graded], grades: &[u8]) -> Figures {
    let n = graded.len().max(1) as f64;
    let pairs: Vec<(u8, u8)> = graded.iter().zip(grades).map(|(g, &k)| (g.label, k)).collect();
    let points: Vec<(f64, f64, &str)> = graded
        .iter()
        .zip(grades)
        .map(|(g, &k)| (f64::from(g.label), f64::from(k), g.author))
        .collect();
    Figures {
        exact: pairs.iter().filter(|(a, b)| a == b).count() as f64 / n,
        within_one: pairs.iter().filter(|(a, b)| a.abs_diff(*b) <= 1).count() as f64 / n,
        tau_all: tau(&points, false),
        tau_within: tau(&points, true),
    }
}

/// Prints the table of label against grade and the four figures.
fn print_figures(what: &str, graded: &[Graded], grades: &[u8]) {
    let f = figures(graded, grades);
    println!(
        "  {what}: grade = the author's word {:.1}%, within one step {:.1}%, \
         Kendall's tau {:.3} over all pairs, {:.3} within an author's levels",
        f.exact * 100.0,
        f.within_one * 100.0,
        f.tau_all,
        f.tau_within
    );
    let mut head = format!("    {:<14}", "author said");
    for g in Grade::ALL {
        let _ = write!(head, " {:>11}", g.name());
    }
    println!("{head}");
    for label in Grade::ALL {
        let mut row = format!("    {:<14}", label.name());
        for g in Grade::ALL {
            let n = graded
                .iter()
                .zip(grades)
                .filter(|(l, &k)| l.label == label.number() && k == g.number())
                .count();
            let _ = write!(row, " {n:>11}");
        }
        println!("{row}");
    }
    let mut spread = [0usize; 5];
    for &k in grades {
        spread[usize::from(k) - 1] += 1;
    }
    println!("    grades given: {spread:?} (easy to hard)");
}

/// Kendall's tau-b of (label, value) pairs: over all pairs, or over the pairs
/// whose two levels have the same author (pooled over authors).
pub fn tau(points: &[(f64, f64, &str)], within: bool) -> f64 {
    tau_by(points, within, |a, b| a.partial_cmp(b).unwrap_or(Ordering::Equal))
}

/// Kendall's tau-b of (label, key) pairs, the keys compared by `cmp`: over all pairs,
/// or over the pairs whose two levels have the same author (pooled over authors).
pub fn tau_by<K>(points: &[(f64, K, &str)], within: bool, cmp: impl Fn(&K, &K) -> Ordering) -> f64 {
    let (mut concordant, mut discordant, mut tied_a, mut tied_b, mut n) = (0.0, 0.0, 0.0, 0.0, 0.0f64);
    for (i, a) in points.iter().enumerate() {
        for b in &points[i + 1..] {
            if within && a.2 != b.2 {
                continue;
            }
            n += 1.0;
            let labels = a.0.partial_cmp(&b.0).unwrap_or(Ordering::Equal);
            let keys = cmp(&a.1, &b.1);
            if labels != Ordering::Equal && keys != Ordering::Equal {
                if labels == keys {
                    concordant += 1.0;
                } else {
                    discordant += 1.0;
                }
            }
            tied_a += f64::from(u8::from(labels == Ordering::Equal));
            tied_b += f64::from(u8::from(keys == Ordering::Equal));
        }
    }
    let denominator = ((n - tied_a) * (n - tied_b)).sqrt();
    if denominator == 0.0 {
        0.0
    } else {
        (concordant - discordant) / denominator
    }
}
