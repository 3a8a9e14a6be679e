//! How the difficulty grade ranks the corpus levels whose titles carry their
//! author's label ("Bugs (Easy) 1-1", "NO.4(hard)", "Extreme Challenge #1"): Kendall's
//! tau between label and grade over all pairs, and over the pairs within one
//! author's series (authors label a level against their own others), for the grade
//! and for the score behind it; then the same with the model's four numbers refitted
//! on all labelled levels but one, to grade that one (leave-one-out), which says how
//! much of the agreement is fitted. Figures only: nothing is asserted.

use hexcells_core::solve::{Grade, GradeModel, ReplayStep, Report};
use hexcells_core::Level;

/// A labelled level: its author's label (1 easy to 6 extreme), its author, its
/// name, and its replay.
struct Labelled<'a> {
    label: u8,
    author: &'a str,
    name: &'a str,
    grade: Grade,
    score: u32,
    steps: &'a [ReplayStep],
}

/// Prints the figures for the graded `levels` (names beside levels and reports).
pub fn report(levels: &[(String, Level)], reports: &[Report]) {
    let labelled: Vec<Labelled> = levels
        .iter()
        .zip(reports)
        .filter_map(|((name, level), report)| {
            let d = &report.difficulty;
            Some(Labelled {
                label: label(&level.title)?,
                author: &level.author,
                name,
                grade: d.grade?,
                score: d.score?,
                steps: &d.steps,
            })
        })
        .collect();
    println!(
        "grades against the {} labelled titles (label, grade, score, name):",
        labelled.len()
    );
    for l in &labelled {
        println!(
            "  {} {:<12} {:>6}  {} ({})",
            l.label,
            l.grade.name(),
            l.score,
            l.name,
            l.author
        );
    }
    let pairs = |f: &dyn Fn(&Labelled) -> f64| -> Vec<(f64, f64, &str)> {
        labelled
            .iter()
            .map(|l| (f64::from(l.label), f(l), l.author))
            .collect()
    };
    let line = |what: &str, p: &[(f64, f64, &str)]| {
        println!(
            "  Kendall's tau, {what}: {:.3} over all pairs, {:.3} within an author's series",
            tau(p, false),
            tau(p, true)
        );
    };
    line("grade", &pairs(&|l| f64::from(l.grade.number())));
    line("score", &pairs(&|l| f64::from(l.score)));
    let left_out: Vec<(f64, f64, &str)> = (0..labelled.len())
        .map(|k| {
            let rest: Vec<&Labelled> = labelled
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != k)
                .map(|(_, l)| l)
                .collect();
            let model = fit(&rest);
            let l = &labelled[k];
            let grade = model.grade(model.score(l.steps));
            (f64::from(l.label), f64::from(grade.number()), l.author)
        })
        .collect();
    line("grade, leave-one-out", &left_out);
    let all: Vec<&Labelled> = labelled.iter().collect();
    let refit = fit(&all);
    println!(
        "  refitted on all labelled levels: {refit:?} (in use: {:?})",
        GradeModel::TUNED
    );
}

/// The model on a grid around the tuned numbers whose grades agree best with
/// `levels` (the sum of both taus), the tuned one on a tie.
fn fit(levels: &[&Labelled]) -> GradeModel {
    let mut best = (f64::MIN, GradeModel::TUNED);
    for effort_base in [1.5, 2.0, 2.5, 3.0] {
        for search_quarters in [0, 1, 2] {
            for first_grade_at in [4.0, 6.0, 8.0, 10.0, 15.0, 20.0, 30.0] {
                for grade_ratio in [1.5, 2.0, 2.5, 3.0, 4.0] {
                    let model = GradeModel {
                        effort_base,
                        search_quarters,
                        first_grade_at,
                        grade_ratio,
                    };
                    let p: Vec<(f64, f64, &str)> = levels
                        .iter()
                        .map(|l| {
                            let g = model.grade(model.score(l.steps));
                            (f64::from(l.label), f64::from(g.number()), l.author)
                        })
                        .collect();
                    let agreement = tau(&p, false) + tau(&p, true);
                    if agreement > best.0 + 1e-12 {
                        best = (agreement, model);
                    }
                }
            }
        }
    }
    best.1
}

/// The difficulty a title gives as its author's label: a difficulty in parentheses
/// (`Bugs (Easy) 1-1`, `NO.4(hard)`, `Modulo (Medium/Hard)`), or a title that
/// starts with `Extreme`. 1 easy, 2 easy-medium, 3 medium, 4 medium-hard, 5 hard,
/// 6 extreme; a title that only uses the word ("Looks easy enough") has none.
fn label(title: &str) -> Option<u8> {
    let t = title.to_lowercase();
    if t.starts_with("extreme") {
        return Some(6);
    }
    let open = t.find('(')?;
    let inside = &t[open + 1..open + 1 + t[open + 1..].find(')')?];
    let inside = inside.trim().replace(['/', ' '], "-");
    match inside.as_str() {
        "easy" => Some(1),
        "easy-medium" => Some(2),
        "medium" => Some(3),
        "medium-hard" => Some(4),
        "hard" => Some(5),
        _ => None,
    }
}

/// Kendall's tau-b of (label, value) pairs: over all pairs, or over the pairs
/// whose two levels have the same author (pooled over authors).
fn tau(points: &[(f64, f64, &str)], within: bool) -> f64 {
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
