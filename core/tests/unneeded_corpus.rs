//! No false "never needed" hints: over the corpus's community levels, every clue
//! `unneeded_clues` names is taken away and the engine, asked again here without the
//! generator's budget, finds the level solvable at the same grade; the clues that go
//! together keep it so too.
//!
//! The levels up to `HEXCELLS_UNNEEDED_MAX_CELLS` cells (60 by default: one re-solve
//! and re-grade per clue makes the largest take minutes in a debug build; set it
//! higher to check more). Skips with a notice when the corpus is absent.
//!
//! And the shortcut changes no answer: `unneeded_clues` (no question for a number or
//! column number the grade's replay does not cite, one grade memo lent to a level and
//! its versions) gives what the from-scratch path, a question for every clue and
//! nothing kept across versions, gives: on a sample of the corpus and versions of its
//! levels a number apart, all of them with `HEXCELLS_CORPUS_FULL=1`.

use std::sync::Arc;

use hexcells_core::fixture::without_number;
use hexcells_core::format::parse;
use hexcells_core::generate::{unneeded_clues, unneeded_clues_from_scratch, Limits};
use hexcells_core::model::{Item, Pos};
use hexcells_core::solve::{analyze, Budget, GradeMemo, Verdict};
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

/// Levels compared by default: every `SAMPLE`th corpus file of up to `SAMPLE_CELLS`
/// cells (both paths ask the engine many times per level, which a debug build makes
/// slow); `HEXCELLS_CORPUS_FULL=1` takes every level.
const SAMPLE: usize = 5;
const SAMPLE_CELLS: usize = 80;

#[test]
fn the_clues_the_replay_does_not_cite_get_the_answer_a_re_solve_gives() {
    let Some(corpus) = Corpus::find() else {
        return;
    };
    let (step, max_cells) = hexcells_corpus::sample(SAMPLE, SAMPLE_CELLS);
    let (mut n_levels, mut n_graded) = (0, 0);
    let mut differ = Vec::new();
    for file in corpus.levels().iter().step_by(step) {
        let Some(parsed) = parse(&file.text).levels.into_iter().next() else {
            continue;
        };
        let level = parsed.level;
        if level.n_cells() > max_cells {
            continue;
        }
        // One memo for the level and its versions, as the language server lends one
        // to every version of a document.
        let limits = Limits {
            memo: Some(Arc::new(GradeMemo::default())),
            ..Limits::default()
        };
        // The level, and versions without the number of its first numbered cells
        // (issue 48's versions a number apart).
        let mut versions = vec![(String::new(), level.clone())];
        versions.extend(
            level
                .cells()
                .filter_map(|(pos, _)| {
                    Some((
                        format!(" without the number at {pos:?}"),
                        without_number(&level, pos)?,
                    ))
                })
                .take(2),
        );
        for (what, version) in versions {
            let shortcut = unneeded_clues(&version, &limits).expect("not cancelled");
            let scratch = unneeded_clues_from_scratch(&version, &limits).expect("not cancelled");
            n_levels += 1;
            n_graded += usize::from(scratch.grade.is_some());
            if shortcut != scratch {
                differ.push(format!(
                    "{}{what}:\n  shortcut {shortcut:?}\n  scratch  {scratch:?}",
                    file.name
                ));
            }
        }
    }
    eprintln!("{n_levels} levels and versions ({n_graded} solvable): the same never-needed clues both ways");
    assert!(n_graded > 0, "no level compared");
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}
