//! The engine that keeps its work from one version of a level to the next (the grade
//! memo, the rounds bounded by the richer version's) makes the levels the old path
//! makes, byte for byte: clues for the corpus's community pictures stripped of every
//! clue (colours kept) at the two easiest grades (the hard ones take seconds on
//! a small picture, out of reach), and random levels of a few shapes, both ways
//! with the same seed ([`Limits::from_scratch`] is the old path).
//!
//! A sample of the pictures by default (every `SAMPLE`th of up to `SAMPLE_CELLS`
//! cells); all of them with `HEXCELLS_CORPUS_FULL=1`. The pictures skip with a notice
//! when the corpus is absent; the random levels always run.

use hexcells_core::format::{parse, print};
use hexcells_core::generate::{
    fill_clues, generate, FillError, FillOptions, GenerateOptions, Grade, Limits, OwnClues, Shape,
};
use hexcells_core::Level;
use hexcells_corpus::Corpus;

/// Pictures compared by default: every `SAMPLE`th community level of up to
/// `SAMPLE_CELLS` cells.
const SAMPLE: usize = 8;
const SAMPLE_CELLS: usize = 60;

/// The old path's limits.
fn old_path() -> Limits {
    Limits {
        from_scratch: true,
        ..Limits::default()
    }
}

/// The level `fill_clues` makes of `drawing` at `target` (the level it reached when
/// the grade is out of reach), as text, or why it made none.
fn filled(drawing: &Level, target: Grade, limits: &Limits) -> String {
    let options = FillOptions {
        target,
        seed: "engine paths".to_string(),
        own_clues: OwnClues::Replaced,
    };
    match fill_clues(drawing, &options, limits, &mut |_| {}) {
        Ok(filled) => print(&filled.level),
        Err(FillError::GradeNotReached { filled, .. }) => format!("not reached:\n{}", print(&filled.level)),
        Err(other) => format!("{other:?}"),
    }
}

#[test]
fn clues_for_the_corpus_pictures_are_the_same_both_ways() {
    let Some(corpus) = Corpus::find() else {
        return;
    };
    let (step, max_cells) = hexcells_corpus::sample(SAMPLE, SAMPLE_CELLS);
    let mut differ = Vec::new();
    let mut n = 0;
    for file in corpus.community_levels().iter().step_by(step) {
        let Some(parsed) = parse(&file.text).levels.into_iter().next() else {
            continue;
        };
        if parsed.level.n_cells() > max_cells {
            continue;
        }
        for target in [Grade::Easy, Grade::Medium] {
            let kept = filled(&parsed.level, target, &Limits::default());
            let old = filled(&parsed.level, target, &old_path());
            n += 1;
            if kept != old {
                differ.push(format!(
                    "{} at {}:\n{kept}\nold path:\n{old}",
                    file.name,
                    target.name()
                ));
            }
        }
    }
    eprintln!("{n} pictures and grades: the same clues both ways");
    assert!(n > 0, "no picture filled");
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

#[test]
fn random_levels_are_the_same_both_ways() {
    let shapes = [
        Shape::Hexagon { width: 7, height: 7 },
        Shape::Rectangle { width: 8, height: 6 },
        Shape::Diamond { width: 9, height: 9 },
    ];
    for (k, shape) in shapes.into_iter().enumerate() {
        for target in [Grade::Easy, Grade::Medium, Grade::Hard] {
            let options = GenerateOptions {
                shape: shape.clone(),
                blue_per_mille: 350,
                target,
                seed: format!("paths {k}"),
            };
            let made = |limits: &Limits| match generate(&options, limits, &mut |_| {}) {
                Ok(made) => format!("{} attempts:\n{}", made.attempts, print(&made.level)),
                Err(error) => format!("{error:?}"),
            };
            let (kept, old) = (made(&Limits::default()), made(&old_path()));
            assert_eq!(kept, old, "{shape:?} at {}", target.name());
        }
    }
}
