//! `generate`: fixed seeds give the fixed levels in `fixtures/generate/` (the
//! reproducibility promise), every generated level parses cleanly and is solvable
//! at the requested difficulty, generated levels are lean, every grade comes from
//! several seeds, and a sweep of 200 seeds over shapes and targets only gives such
//! levels. Clues for a drawing with its own clues preferred (the viewer's "clues
//! follow the drawing"): a lean level comes back as it is, and after a stroke the
//! level is solvable at the grade, lean in every clue, the same every time, and
//! changes no more clues than a fresh fill.
//!
//! Set `HEXCELLS_BLESS=1` to rewrite the expected files after a deliberate change
//! of the generator (which breaks the promise and must be called out).

use std::path::PathBuf;

use hexcells_core::edit::{apply_op, Op};
use hexcells_core::fixture;
use hexcells_core::format::{parse, print};
use hexcells_core::generate::{
    fill_clues, generate, ClueCount, FillError, FillOptions, Filled, GenerateError, GenerateOptions, Grade,
    Limits, OwnClues, Shape,
};
use hexcells_core::model::{Hint, Item};
use hexcells_core::solve::{analyze, verdict, Budget, Verdict};
use hexcells_core::{Cell, Color, Column, Level, Pos};

fn options(shape: Shape, target: Grade, seed: &str) -> GenerateOptions {
    GenerateOptions {
        shape,
        blue_per_mille: 350,
        target,
        seed: seed.to_string(),
    }
}

fn run(options: &GenerateOptions) -> Result<Level, GenerateError> {
    generate(options, &Limits::default(), &mut |_| {}).map(|g| g.level)
}

/// The level parses back without a single diagnostic, is solvable, and meets `target`.
#[track_caller]
fn check_sound(level: &Level, target: Grade) {
    let text = print(level);
    let parsed = parse(&text);
    let diagnostics: Vec<String> = parsed
        .all_diagnostics()
        .iter()
        .map(|d| format!("{}: {}", d.code.as_str(), d.message))
        .collect();
    assert!(diagnostics.is_empty(), "{}\n{text}", diagnostics.join("\n"));
    assert_eq!(parsed.levels.len(), 1);
    assert_eq!(
        &parsed.levels[0].level, level,
        "printing and parsing changed the level"
    );
    let report = analyze(level, &Budget::default());
    assert_eq!(report.verdict, Verdict::Solvable, "{text}");
    assert_eq!(
        report.difficulty.grade,
        Some(target),
        "{:?}\n{text}",
        report.difficulty
    );
    assert!(level.title.starts_with("Generated: "), "{}", level.title);
}

#[test]
fn fixed_seeds_give_the_expected_levels() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/generate");
    let bless = std::env::var_os("HEXCELLS_BLESS").is_some();
    let cases = [
        (
            "001_hexagon_7_easy",
            Shape::Hexagon { width: 7, height: 7 },
            Grade::Easy,
            "gargamel",
        ),
        (
            "002_hexagon_7_medium",
            Shape::Hexagon { width: 7, height: 7 },
            Grade::Medium,
            "gargamel",
        ),
        (
            "003_rectangle_8x6_hard",
            Shape::Rectangle { width: 8, height: 6 },
            Grade::Hard,
            "azrael",
        ),
        (
            "004_diamond_9_medium",
            Shape::Diamond { width: 9, height: 9 },
            Grade::Medium,
            "smurfette",
        ),
        (
            "006_hexagon_7_easy-medium",
            Shape::Hexagon { width: 7, height: 7 },
            Grade::EasyMedium,
            "gargamel",
        ),
        (
            "007_rectangle_8x6_medium-hard",
            Shape::Rectangle { width: 8, height: 6 },
            Grade::MediumHard,
            "azrael",
        ),
        (
            "005_hexagon_11x13_hard",
            Shape::Hexagon {
                width: 11,
                height: 13,
            },
            Grade::Hard,
            "gargamel",
        ),
    ];
    let mut mismatches = Vec::new();
    for (name, shape, target, seed) in cases {
        let level = run(&options(shape, target, seed)).expect("generates");
        check_sound(&level, target);
        let text = print(&level);
        let path = dir.join(format!("{name}.hexcells"));
        if bless {
            std::fs::write(&path, &text).expect("write expected file");
            continue;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_default();
        if expected != text {
            mismatches.push(format!("{}:\n{text}", path.display()));
        }
    }
    assert!(
        mismatches.is_empty(),
        "generated levels differ from the expected files (HEXCELLS_BLESS=1 rewrites them, \
         but that breaks the reproducibility promise):\n{}",
        mismatches.join("\n")
    );
}

#[test]
fn the_same_options_give_the_same_level_and_other_seeds_differ() {
    let a = options(Shape::Rectangle { width: 6, height: 4 }, Grade::Medium, "brainy");
    let first = run(&a).expect("generates");
    assert_eq!(run(&a).expect("generates"), first);
    let b = GenerateOptions {
        seed: "clumsy".to_string(),
        ..a
    };
    assert_ne!(run(&b).expect("generates"), first);
}

#[test]
fn generated_levels_are_lean() {
    let level = run(&options(
        Shape::Hexagon { width: 7, height: 7 },
        Grade::Hard,
        "hefty",
    ))
    .expect("generates");
    check_sound(&level, Grade::Hard);
    let budget = Budget::default();
    let mut removable = Vec::new();
    for (pos, item) in level.items() {
        let mut variants = Vec::new();
        match item {
            Item::Cell(cell) => {
                if cell.revealed {
                    variants.push(Item::Cell(hexcells_core::Cell {
                        revealed: false,
                        ..cell
                    }));
                }
                if cell.hint != Hint::None {
                    variants.push(Item::Cell(hexcells_core::Cell {
                        hint: Hint::None,
                        ..cell
                    }));
                }
                if matches!(cell.hint, Hint::Together | Hint::Apart) {
                    variants.push(Item::Cell(hexcells_core::Cell {
                        hint: Hint::Plain,
                        ..cell
                    }));
                }
            }
            Item::Column(column) => {
                if column.hint != Hint::Plain {
                    variants.push(Item::Column(hexcells_core::Column {
                        hint: Hint::Plain,
                        ..column
                    }));
                }
            }
        }
        let mut leaner: Vec<Level> = variants
            .into_iter()
            .map(|v| {
                let mut l = level.clone();
                l.set(pos, Some(v));
                l
            })
            .collect();
        if let Item::Column(_) = item {
            let mut l = level.clone();
            l.set(pos, None);
            leaner.push(l);
        }
        for l in leaner {
            if verdict(&l, &budget).verdict == Verdict::Solvable {
                removable.push(hexcells_core::model::name(pos));
            }
        }
    }
    assert!(
        removable.is_empty(),
        "clues not needed at {removable:?}\n{}",
        print(&level)
    );
}

#[test]
fn impossible_options_give_a_clear_error() {
    let mut o = options(Shape::Hexagon { width: 7, height: 7 }, Grade::Easy, "x");
    o.blue_per_mille = 990;
    let error = run(&o).expect_err("0.99 blue is refused");
    assert!(error.to_string().contains("0.990"), "{error}");
    let o = options(Shape::Rectangle { width: 40, height: 3 }, Grade::Easy, "x");
    let error = run(&o).expect_err("too wide");
    assert!(error.to_string().contains("does not fit"), "{error}");
}

#[test]
fn a_sweep_of_200_seeds_gives_only_sound_levels() {
    let shapes = [
        Shape::Hexagon { width: 5, height: 5 },
        Shape::Rectangle { width: 5, height: 4 },
        Shape::Diamond { width: 7, height: 7 },
        Shape::Hexagon { width: 7, height: 6 },
    ];
    let targets = Grade::ALL;
    let mut failures = Vec::new();
    let mut n_generated = 0;
    for i in 0..200usize {
        let shape = shapes[i % shapes.len()].clone();
        let target = targets[(i / shapes.len()) % targets.len()];
        let o = options(shape, target, &format!("sweep-{i}"));
        match run(&o) {
            Ok(level) => {
                check_sound(&level, target);
                n_generated += 1;
            }
            // A small shape may have no level of a given difficulty for a seed; that
            // must be the clear error, never an unsound level.
            Err(GenerateError::Unsatisfiable { .. }) => failures.push((target, format!("{o:?}"))),
            Err(e) => panic!("{o:?}: {e}"),
        }
    }
    let n_hard = failures.iter().filter(|(t, _)| *t == Grade::Hard).count();
    println!(
        "sweep: {n_generated} levels, {} seeds without a level, {n_hard} of them hard",
        failures.len()
    );
    // A hard level takes many hard steps (what authors call Hard, docs/rules.md),
    // which these small shapes (20 to 40 cells) rarely hold: hard may miss for most
    // seeds, the other grades seldom. `every_grade_comes_from_several_seeds` makes
    // hard levels on a shape with room for them.
    let below_hard: Vec<&str> = failures
        .iter()
        .filter(|(target, _)| *target != Grade::Hard)
        .map(|(_, o)| o.as_str())
        .collect();
    assert!(
        below_hard.len() <= 5,
        "too many seeds without a level below hard:\n{}",
        below_hard.join("\n")
    );
    assert!(n_hard < 40, "no hard level in the sweep");
}

#[test]
fn every_grade_comes_from_several_seeds() {
    // Room for a long solve, so that every grade up to hard fits.
    let shape = Shape::Hexagon { width: 9, height: 9 };
    for target in Grade::ALL {
        for seed in ["lutin", "farfadet", "korrigan"] {
            let o = options(shape.clone(), target, seed);
            match run(&o) {
                Ok(level) => check_sound(&level, target),
                Err(e) => panic!("{o:?}: {e}"),
            }
        }
    }
}

/// A picture of our own, 32 cells on 9 grid lines, blue and black in a fixed
/// pattern, not one clue.
fn picture() -> Level {
    let mut level = Level::new();
    for y in 1..=9 {
        for x in (1..=7).filter(|x| (x + y) % 2 == 0) {
            let color = if (3 * x + 5 * y) % 7 < 3 {
                Color::Blue
            } else {
                Color::Black
            };
            let cell = Cell {
                color,
                revealed: false,
                hint: Hint::None,
            };
            level.set(fixture::pos(x, y), Some(Item::Cell(cell)));
        }
    }
    level
}

fn fill(drawing: &Level, target: Grade, own_clues: OwnClues) -> Result<Filled, FillError> {
    let options = FillOptions {
        target,
        seed: "viewer".to_string(),
        own_clues,
    };
    fill_clues(drawing, &options, &Limits::default(), &mut |_| {})
}

/// The clues of `level` one of which can go with the level still solvable and no
/// harder than `target` (a revealed cell hidden, a number or its `{n}` / `-n-` form
/// taken away, a column number or its form taken away), by name.
fn removable_clues(level: &Level, target: Grade) -> Vec<String> {
    let mut removable = Vec::new();
    for (pos, item) in level.items() {
        let mut leaner = Vec::new();
        match item {
            Item::Cell(cell) => {
                if cell.revealed {
                    leaner.push(Some(Item::Cell(Cell {
                        revealed: false,
                        ..cell
                    })));
                }
                if cell.hint != Hint::None {
                    leaner.push(Some(Item::Cell(Cell {
                        hint: Hint::None,
                        ..cell
                    })));
                }
                if matches!(cell.hint, Hint::Together | Hint::Apart) {
                    leaner.push(Some(Item::Cell(Cell {
                        hint: Hint::Plain,
                        ..cell
                    })));
                }
            }
            Item::Column(column) => {
                if column.hint != Hint::Plain {
                    leaner.push(Some(Item::Column(Column {
                        hint: Hint::Plain,
                        ..column
                    })));
                }
                leaner.push(None);
            }
        }
        for item in leaner {
            let mut without = level.clone();
            without.set(pos, item);
            let report = analyze(&without, &Budget::default());
            if report.verdict == Verdict::Solvable && report.difficulty.grade.is_some_and(|g| g <= target) {
                removable.push(hexcells_core::model::name(pos));
            }
        }
    }
    removable
}

/// The positions whose clues differ between two versions of one picture.
fn clues_changed(a: &Level, b: &Level) -> usize {
    Pos::all().filter(|pos| a.get(*pos) != b.get(*pos)).count()
}

#[test]
fn preferred_clues_of_a_lean_level_come_back_as_they_are() {
    let lean = fill(&picture(), Grade::Easy, OwnClues::Replaced)
        .expect("the picture fills at easy")
        .level;
    let again = fill(&lean, Grade::Easy, OwnClues::Preferred).expect("still easy");
    assert_eq!(again.level, lean, "no clue changed\n{}", print(&again.level));
    assert_eq!(again.added.total(), 0);
    assert_eq!(again.kept, ClueCount::of(&lean));
}

#[test]
fn after_a_stroke_preferred_clues_give_a_lean_level_at_the_grade_that_keeps_more_of_them() {
    let target = Grade::Easy;
    let lean = fill(&picture(), target, OwnClues::Replaced)
        .expect("the picture fills at easy")
        .level;
    // A cell painted beside the picture, then one erased from it, each re-filled.
    let strokes = [
        Op::Create {
            cells: vec![fixture::pos(8, 4)],
            color: Color::Blue,
        },
        Op::Delete {
            items: vec![fixture::pos(3, 5)],
        },
    ];
    let mut level = lean;
    for op in &strokes {
        let painted = apply_op(&level, op).expect("the stroke applies");
        let followed = fill(&painted, target, OwnClues::Preferred).expect("the grade is in reach");
        let text = print(&followed.level);
        let report = analyze(&followed.level, &Budget::default());
        assert_eq!(report.verdict, Verdict::Solvable, "{op:?}\n{text}");
        assert_eq!(report.difficulty.grade, Some(target), "{op:?}\n{text}");
        assert_eq!(
            removable_clues(&followed.level, target),
            Vec::<String>::new(),
            "lean in every clue, its own too: {op:?}\n{text}"
        );
        let cells = |l: &Level| l.cells().map(|(p, c)| (p, c.color)).collect::<Vec<_>>();
        assert_eq!(cells(&followed.level), cells(&painted), "every colour kept");
        // The same drawing gives the same level.
        assert_eq!(
            fill(&painted, target, OwnClues::Preferred).map(|f| f.level),
            Ok(followed.level.clone())
        );
        // A fresh fill of the painted picture moves more of its clues.
        let fresh = fill(&painted, target, OwnClues::Replaced)
            .expect("fills afresh")
            .level;
        let (kept, moved) = (
            clues_changed(&painted, &followed.level),
            clues_changed(&painted, &fresh),
        );
        assert!(
            kept <= 3 && kept <= moved,
            "{op:?}: {kept} clues changed, {moved} afresh\n{text}"
        );
        assert!(
            followed.kept.total() + 3 >= ClueCount::of(&painted).total(),
            "{op:?}: {:?} of {:?} kept\n{text}",
            followed.kept,
            ClueCount::of(&painted)
        );
        level = followed.level;
    }
}
