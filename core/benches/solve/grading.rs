//! How the difficulty grade agrees with what authors call their levels (the labelled
//! levels of `labelled.rs`): the table of the author's label against our grade, the
//! share where the grade is the author's word and within one step of it, and
//! Kendall's tau over all pairs and over the pairs of one author's levels. Each
//! figure is held out: the bands are fitted again without an author (`fit.rs`) to
//! grade that author's levels. The same for the best plain count, for comparison,
//! and for the score's parts the fit weighed. Figures only: nothing is asserted.

use std::fmt::Write as _;

use hexcells_core::solve::{Grade, GradeModel, Report};
use hexcells_core::Level;

use crate::fit;
use crate::labelled::{Graded, Label};

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
            "  {} {:<12} {:>4}  {} ({})",
            l.label,
            d.grade.map_or("-", |g| g.name()),
            d.score.map_or("-".to_string(), |s| s.to_string()),
            levels[l.level_idx].0,
            l.author
        );
    }
    let (_, before) = &fit::parts()[0];
    let shipped: Vec<u8> = graded
        .iter()
        .map(|g| fit::grade(before(g.steps), &fit::BEFORE_BANDS))
        .collect();
    print_figures(
        "the grade before (as shipped, not fitted on these)",
        &graded,
        &shipped,
    );
    let tuned = GradeModel::TUNED;
    let in_use: Vec<u8> = graded
        .iter()
        .map(|g| tuned.grade(tuned.score(g.steps)).number())
        .collect();
    print_figures("the grade in use (fitted on all of them)", &graded, &in_use);
    let held_out = fit::held_out(&graded, &|g: &Graded| tuned.score(g.steps));
    print_figures("the grade, each author held out", &graded, &held_out);
    let count = |g: &Graded| g.steps.iter().filter(|s| s.n_clues > 1).count() as f64;
    let plain = fit::held_out(&graded, &count);
    print_figures(
        "plain count of the steps needing more than one clue, each author held out",
        &graded,
        &plain,
    );
    println!("  the score's parts, each author held out (exact, within one, tau all, tau within):");
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
    let chosen = fit::held_out_with_parts(&graded, &fit::parts());
    print_figures(
        "the score's parts chosen and its bands fitted, each author held out",
        &graded,
        &chosen,
    );
    let all: Vec<&Graded> = graded.iter().collect();
    let bands = fit::bands(&all, &|g: &Graded| tuned.score(g.steps));
    println!(
        "  bands fitted on all of them: {bands:?} (in use: {:?})",
        tuned.bands
    );
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
    let (mut concordant, mut discordant, mut tied_a, mut tied_b, mut n) = (0.0, 0.0, 0.0, 0.0, 0.0f64);
    for (i, a) in points.iter().enumerate() {
        for b in &points[i + 1..] {
            if within && a.2 != b.2 {
                continue;
            }
            n += 1.0;
            let s = (a.0 - b.0) * (a.1 - b.1);
            if s > 0.0 {
                concordant += 1.0;
            } else if s < 0.0 {
                discordant += 1.0;
            }
            if a.0 == b.0 {
                tied_a += 1.0;
            }
            if a.1 == b.1 {
                tied_b += 1.0;
            }
        }
    }
    let denominator = ((n - tied_a) * (n - tied_b)).sqrt();
    if denominator == 0.0 {
        0.0
    } else {
        (concordant - discordant) / denominator
    }
}
