//! No false "never needed" hints: over the corpus's community levels, every clue
//! `unneeded_clues` names is taken away and the engine, asked again here without the
//! generator's budget, finds the level solvable at the same grade; the clues that go
//! together keep it so too.
//!
//! The levels up to `HEXCELLS_UNNEEDED_MAX_CELLS` cells (60 by default: one re-solve
//! and re-grade per clue makes the largest take minutes in a debug build; set it
//! higher to check more). Skips with a notice when the corpus is absent.

use hexcells_core::format::parse;
use hexcells_core::generate::{unneeded_clues, Limits};
use hexcells_core::model::{Item, Pos};
use hexcells_core::solve::{analyze, Budget, Verdict};
use hexcells_core::Level;
use hexcells_corpus::Corpus;

/// `level` with the items of `changes` put in place.
fn with(level: &Level, changes: &[(Pos, Option<Item>)]) -> Level {
    let mut out = level.clone();
    for (pos, item) in changes {
        out.set(*pos, *item);
    }
    out
}

#[test]
fn every_clue_called_never_needed_can_go_and_the_grade_stays() {
    let Some(corpus) = Corpus::find() else {
        return;
    };
    let max_cells: usize = std::env::var("HEXCELLS_UNNEEDED_MAX_CELLS")
        .ok()
        .and_then(|m| m.parse().ok())
        .unwrap_or(60);
    let (mut levels, mut hints) = (0, 0);
    let mut failures = Vec::new();
    for file in corpus.community_levels() {
        for parsed in parse(&file.text).levels {
            let level = parsed.level;
            if level.n_cells() > max_cells {
                continue;
            }
            let found = unneeded_clues(&level, &Limits::default()).expect("not cancelled");
            let Some(grade) = found.grade else {
                continue;
            };
            levels += 1;
            hints += found.each.len();
            let mut check = |what: String, changes: &[(Pos, Option<Item>)]| {
                let report = analyze(&with(&level, changes), &Budget::default());
                if report.verdict != Verdict::Solvable || report.difficulty.grade != Some(grade) {
                    failures.push(format!(
                        "{}: without {what}: {:?}, grade {:?} (was {})",
                        file.name,
                        report.verdict,
                        report.difficulty.grade,
                        grade.name()
                    ));
                }
            };
            for clue in &found.each {
                check(format!("{} at {:?}", clue.what, clue.at), &clue.without);
            }
            if found.together > 0 {
                check(
                    format!("the {} together", found.together),
                    &found.together_without,
                );
            }
        }
    }
    eprintln!("{levels} solvable community levels of up to {max_cells} cells, {hints} clues never needed");
    assert!(levels > 0, "no level checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
