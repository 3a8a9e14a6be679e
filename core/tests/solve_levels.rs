//! The engine on the project's own small levels (`fixtures/solve/`) and on random tiny
//! levels, against a brute-force player written here from core's clue definitions:
//! same cells per round, same verdict; every explanation forces its cell with only its
//! clues and is minimal; hints, fixes and cancellation behave; levels of equal score are
//! ordered by their order key's tie-break.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use hexcells_core::format::parse;
use hexcells_core::model::{Cell, Clue, Column, Direction, Hint, Item};
use hexcells_core::solve::{
    self, Budget, Change, ClueRef, Deduction, HintResult, PlayState, Reasoning, Report, Verdict,
};
use hexcells_core::{Color, Level, Pos};

/// What a player sees as constraints: every shown clue with its count (and
/// togetherness when it shows `{}` / `-n-`), from the solution.
struct Shown {
    clue: Clue,
    count: usize,
    together: Option<bool>,
}

fn shown(level: &Level, pos: Pos) -> Option<Shown> {
    let clue = Clue::at(level, pos)?;
    let count = clue.count(level);
    let together = match clue.hint {
        Hint::Together | Hint::Apart => clue.together(level),
        _ => None,
    };
    Some(Shown {
        clue,
        count,
        together,
    })
}

impl Shown {
    fn holds(&self, is_blue: &dyn Fn(Pos) -> bool) -> bool {
        self.clue.count_with(is_blue) == self.count
            && self
                .together
                .is_none_or(|t| self.clue.together_with(is_blue) == Some(t))
    }
}

/// The clues visible with `known` cells uncovered.
fn visible(level: &Level, known: &BTreeSet<Pos>) -> Vec<Pos> {
    level
        .items()
        .filter(|(pos, item)| match item {
            Item::Column(_) => true,
            Item::Cell(cell) => cell.hint != Hint::None && known.contains(pos),
        })
        .map(|(pos, _)| pos)
        .collect()
}

/// Every colouring of `scope` (hidden cells) meeting `clues` (and the counter when
/// `counter`), as sets of blue cells; other hidden cells only count for the counter.
fn colourings(
    level: &Level,
    known: &BTreeSet<Pos>,
    clues: &[Pos],
    counter: bool,
    scope: &[Pos],
) -> Vec<BTreeSet<Pos>> {
    let hidden: Vec<Pos> = level
        .cells()
        .map(|(p, _)| p)
        .filter(|p| !known.contains(p))
        .collect();
    let n_outside = hidden.len() - scope.len();
    let remaining = hidden.iter().filter(|p| level.is_blue(**p)).count();
    let shown: Vec<Shown> = clues.iter().filter_map(|p| shown(level, *p)).collect();
    let mut out = Vec::new();
    assert!(scope.len() <= 20, "scope too large for brute force");
    for bits in 0u32..(1 << scope.len()) {
        let blue: BTreeSet<Pos> = (0..scope.len())
            .filter(|i| bits & (1 << i) != 0)
            .map(|i| scope[i])
            .collect();
        let is_blue = |p: Pos| {
            if known.contains(&p) {
                level.is_blue(p)
            } else {
                blue.contains(&p)
            }
        };
        if !shown.iter().all(|s| s.holds(&is_blue)) {
            continue;
        }
        if counter && !(blue.len() <= remaining && remaining - blue.len() <= n_outside) {
            continue;
        }
        out.push(blue);
    }
    out
}

/// The brute-force player: cells uncovered per round, and the cells left.
fn brute_force(level: &Level) -> (Vec<BTreeSet<Pos>>, BTreeSet<Pos>) {
    let mut known: BTreeSet<Pos> = level
        .cells()
        .filter(|(_, c)| c.revealed)
        .map(|(p, _)| p)
        .collect();
    let mut rounds = Vec::new();
    loop {
        let hidden: Vec<Pos> = level
            .cells()
            .map(|(p, _)| p)
            .filter(|p| !known.contains(p))
            .collect();
        let models = colourings(level, &known, &visible(level, &known), true, &hidden);
        let forced: BTreeSet<Pos> = hidden
            .iter()
            .copied()
            .filter(|p| models.iter().all(|m| m.contains(p) == level.is_blue(*p)))
            .collect();
        if forced.is_empty() {
            return (rounds, hidden.into_iter().collect());
        }
        known.extend(forced.iter().copied());
        rounds.push(forced);
    }
}

/// Whether `clues` (with the counter when listed) force `d`'s cell to its colour.
fn forces(level: &Level, known: &BTreeSet<Pos>, clues: &[ClueRef], d: &Deduction) -> bool {
    let counter = clues.contains(&ClueRef::RemainingCounter);
    let at: Vec<Pos> = clues
        .iter()
        .filter_map(|c| match c {
            ClueRef::Clue(p) => Some(*p),
            ClueRef::RemainingCounter => None,
        })
        .collect();
    let mut scope: BTreeSet<Pos> = at
        .iter()
        .filter_map(|p| Clue::at(level, *p))
        .flat_map(|c| c.members)
        .filter(|p| !known.contains(p))
        .collect();
    scope.insert(d.pos);
    let scope: Vec<Pos> = scope.into_iter().collect();
    let models = colourings(level, known, &at, counter, &scope);
    assert!(!models.is_empty(), "the solution meets every clue");
    models
        .iter()
        .all(|m| m.contains(&d.pos) == (d.color == Color::Blue))
}

/// Every explanation forces its cell, is minimal, and names its reasoning right.
fn check_explanations(name: &str, level: &Level, report: &Report) {
    for d in &report.deductions {
        let known: BTreeSet<Pos> = level
            .cells()
            .filter(|(p, c)| c.revealed || report.deduction_at(*p).is_some_and(|e| e.round < d.round))
            .map(|(p, _)| p)
            .collect();
        let clues = &d.explanation.clues;
        assert!(!clues.is_empty(), "{name}: {d:?} has no explanation");
        assert!(d.explanation.minimal, "{name}: {d:?} is not known to be minimal");
        assert!(
            forces(level, &known, clues, d),
            "{name}: {d:?}: its clues do not force it"
        );
        for i in 0..clues.len() {
            let mut fewer = clues.clone();
            fewer.remove(i);
            if !fewer.is_empty() {
                assert!(
                    !forces(level, &known, &fewer, d),
                    "{name}: {d:?}: not minimal, {:?} can go",
                    clues[i]
                );
            }
        }
        let expected = if clues.contains(&ClueRef::RemainingCounter) {
            Reasoning::RemainingCounter
        } else if clues.len() == 1 {
            Reasoning::SingleClue
        } else {
            Reasoning::SeveralClues
        };
        assert_eq!(d.explanation.reasoning, expected, "{name}: {d:?}");
    }
}

/// The engine against the brute-force player.
fn check_level(name: &str, level: &Level) -> Report {
    let report = solve::analyze(level, &Budget::default());
    let (rounds, stuck) = brute_force(level);
    let engine_rounds: Vec<BTreeSet<Pos>> = (1..=report.rounds())
        .map(|r| {
            report
                .deductions
                .iter()
                .filter(|d| d.round == r)
                .map(|d| d.pos)
                .collect()
        })
        .collect();
    assert_eq!(engine_rounds, rounds, "{name}: cells per round");
    assert_eq!(
        report.stuck.iter().copied().collect::<BTreeSet<_>>(),
        stuck,
        "{name}: stuck cells"
    );
    let want = if stuck.is_empty() {
        Verdict::Solvable
    } else {
        Verdict::Stuck {
            after_round: rounds.len(),
        }
    };
    assert_eq!(report.verdict, want, "{name}");
    for d in &report.deductions {
        assert_eq!(level.cell(d.pos).map(|c| c.color), Some(d.color), "{name}: {d:?}");
    }
    check_explanations(name, level, &report);
    let fast = solve::verdict(level, &Budget::default());
    assert_eq!(
        (fast.verdict, &fast.stuck),
        (report.verdict, &report.stuck),
        "{name}: verdict()"
    );
    report
}

fn fixtures() -> Vec<(String, Level)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/solve");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures/solve exists")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("fixture is UTF-8");
            let parsed = parse(&text);
            let level = parsed
                .levels
                .into_iter()
                .next()
                .expect("fixture has a level")
                .level;
            (
                path.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
                level,
            )
        })
        .collect()
}

#[test]
fn fixtures_get_their_expected_verdicts() {
    let fixtures = fixtures();
    assert!(fixtures.len() >= 8);
    for (name, level) in &fixtures {
        let report = check_level(name, level);
        let got = match report.verdict {
            Verdict::Solvable => format!(
                "expect: solvable in {} round{}",
                report.rounds(),
                if report.rounds() == 1 { "" } else { "s" }
            ),
            Verdict::Stuck { after_round } => format!("expect: stuck after round {after_round}"),
            other => format!("{other:?}"),
        };
        assert_eq!(got, level.custom_text[0], "{name}");
    }
}

#[test]
fn the_counter_is_named_when_it_is_needed() {
    let (_, level) = fixtures()
        .into_iter()
        .find(|(n, _)| n.starts_with("005"))
        .expect("fixture 005");
    let report = solve::analyze(&level, &Budget::default());
    assert_eq!(report.difficulty.counter_uses, 1);
    let last = report
        .deductions
        .iter()
        .find(|d| d.color == Color::Black)
        .expect("a black cell");
    assert_eq!(last.explanation.reasoning, Reasoning::RemainingCounter);
}

/// A tiny deterministic random generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The fixtures, then 100 random levels from `seed`.
fn fixtures_and_random_levels(seed: u64) -> Vec<(String, Level)> {
    let mut rng = Rng(seed);
    let mut levels = fixtures();
    levels.extend((0..100).map(|i| (format!("random level {i}"), random_level(&mut rng))));
    levels
}

fn random_level(rng: &mut Rng) -> Level {
    let mut level = Level::new();
    let spots: Vec<(i32, i32)> = (1..7)
        .flat_map(|x| (2..10).map(move |y| (x, y)))
        .filter(|(x, y)| (x + y) % 2 == 0)
        .collect();
    let n_cells = 5 + rng.below(8) as usize;
    let mut placed = 0;
    while placed < n_cells {
        let (x, y) = spots[rng.below(spots.len() as u64) as usize];
        let Some(pos) = Pos::new(x, y) else { continue };
        if level.get(pos).is_some() {
            continue;
        }
        let color = if rng.below(5) < 2 {
            Color::Blue
        } else {
            Color::Black
        };
        let hint = match (color, rng.below(6)) {
            (_, 0 | 1) => Hint::None,
            (Color::Black, 2) => Hint::Together,
            (Color::Black, 3) => Hint::Apart,
            _ => Hint::Plain,
        };
        let revealed = rng.below(5) == 0;
        level.set(
            pos,
            Some(Item::Cell(Cell {
                color,
                revealed,
                hint,
            })),
        );
        placed += 1;
    }
    for _ in 0..rng.below(3) {
        let x = 1 + rng.below(6) as i32;
        let Some(pos) = Pos::new(x, 0) else { continue };
        let direction = [Direction::Down, Direction::DownRight, Direction::DownLeft][rng.below(3) as usize];
        let hint = [Hint::Plain, Hint::Together, Hint::Apart][rng.below(3) as usize];
        level.set(pos, Some(Item::Column(Column { direction, hint })));
    }
    level
}

#[test]
fn random_tiny_levels_agree_with_brute_force() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut verdicts = [0usize; 2];
    for i in 0..400 {
        let level = random_level(&mut rng);
        let report = check_level(&format!("random level {i}"), &level);
        verdicts[usize::from(report.verdict == Verdict::Solvable)] += 1;
    }
    println!("random levels: {} stuck, {} solvable", verdicts[0], verdicts[1]);
    assert!(
        verdicts[0] > 20 && verdicts[1] > 20,
        "both verdicts are exercised: {verdicts:?}"
    );
}

#[test]
fn hints_follow_the_player() {
    let (_, level) = fixtures()
        .into_iter()
        .find(|(n, _)| n.starts_with("008"))
        .expect("fixture 008");
    let budget = Budget::default();
    let mut state = PlayState::default();
    // From the start: a cell of round 1, with one clue.
    let HintResult::Next(first) = solve::hint(&level, &state, &budget) else {
        panic!("a first hint")
    };
    let report = solve::analyze(&level, &budget);
    assert_eq!(report.deduction_at(first.pos).map(|d| d.round), Some(1));
    assert_eq!(first.explanation.clues.len(), 1);
    // Marking every cell right leaves nothing to hint.
    for d in &report.deductions {
        state.marks.insert(d.pos, d.color);
    }
    assert_eq!(solve::hint(&level, &state, &budget), HintResult::Nothing);
    // A wrong mark is reported, with the clue it breaks.
    let mut wrong = PlayState::default();
    wrong.marks.insert(first.pos, first.color.other());
    match solve::hint(&level, &wrong, &budget) {
        HintResult::Contradiction { wrong_marks, clues } => {
            assert_eq!(wrong_marks, vec![first.pos]);
            assert!(!clues.is_empty(), "the mark breaks a clue");
        }
        other => panic!("expected a contradiction, got {other:?}"),
    }
}

fn apply(level: &Level, change: Change) -> Level {
    let mut edited = level.clone();
    match change {
        Change::Reveal(pos) => {
            let cell = level.cell(pos).expect("a cell to reveal");
            edited.set(
                pos,
                Some(Item::Cell(Cell {
                    revealed: true,
                    ..cell
                })),
            );
        }
        Change::SetHint(pos, hint) => match level.get(pos).expect("an item to change") {
            Item::Cell(cell) => {
                edited.set(pos, Some(Item::Cell(Cell { hint, ..cell })));
            }
            Item::Column(column) => {
                edited.set(pos, Some(Item::Column(Column { hint, ..column })));
            }
        },
        Change::AddColumn(pos, direction, hint) => {
            assert!(level.get(pos).is_none(), "a column goes on an empty position");
            edited.set(pos, Some(Item::Column(Column { direction, hint })));
        }
    }
    edited
}

#[test]
fn every_suggested_fix_makes_the_level_solvable() {
    let budget = Budget::default();
    let mut n_fixed = 0;
    for (name, level) in fixtures() {
        let fixes = solve::suggest_fixes(&level, &budget);
        let stuck = matches!(solve::verdict(&level, &budget).verdict, Verdict::Stuck { .. });
        assert_eq!(stuck, !fixes.is_empty(), "{name}: fixes exactly for stuck levels");
        for fix in fixes {
            let mut edited = level.clone();
            for change in &fix.changes {
                edited = apply(&edited, *change);
            }
            assert_eq!(
                solve::verdict(&edited, &budget).verdict,
                Verdict::Solvable,
                "{name}: {fix:?}"
            );
            assert!(!fix.description.is_empty());
            n_fixed += 1;
        }
    }
    assert!(n_fixed >= 4);
}

#[test]
fn a_set_cancel_flag_stops_the_engine() {
    let (_, level) = fixtures()
        .into_iter()
        .find(|(n, _)| n.starts_with("007"))
        .expect("fixture 007");
    let budget = Budget {
        cancel: Some(Arc::new(AtomicBool::new(true))),
        ..Budget::default()
    };
    assert_eq!(solve::analyze(&level, &budget).verdict, Verdict::Cancelled);
    let budget = Budget {
        time_limit: Some(std::time::Duration::ZERO),
        ..Budget::default()
    };
    assert_eq!(solve::verdict(&level, &budget).verdict, Verdict::GaveUp);
}

#[test]
fn explaining_a_verdict_gives_the_analysis() {
    let budget = Budget::default();
    let levels = fixtures_and_random_levels(0x5eed_1234_abcd_0002);
    let mut n_deductions = 0;
    for (name, level) in &levels {
        let verdict = solve::verdict(level, &budget);
        let analysis = solve::analyze(level, &budget);
        n_deductions += analysis.deductions.len();
        assert_eq!(
            solve::explain_verdict(level, &verdict, &budget),
            analysis,
            "{name}"
        );
    }
    assert!(n_deductions > 200, "the levels have deductions: {n_deductions}");
}

#[test]
fn the_analysis_without_words_is_the_analysis_with_its_words_left_out() {
    let budget = Budget::default();
    let levels = fixtures_and_random_levels(0x5eed_1234_abcd_0003);
    let mut n_worded = 0;
    for (name, level) in &levels {
        let mut analysis = solve::analyze(level, &budget);
        for d in &mut analysis.deductions {
            n_worded += usize::from(!d.explanation.text.is_empty());
            d.explanation.text.clear();
        }
        let wordless = solve::analyze_without_words(level, &budget);
        assert!(
            wordless.deductions.iter().all(|d| d.explanation.text.is_empty()),
            "{name}: no words"
        );
        assert_eq!(wordless, analysis, "{name}");
    }
    assert!(n_worded > 200, "the analyses have words to leave out: {n_worded}");
}

#[test]
fn a_cancelled_explanation_of_a_verdict_says_so() {
    let (_, level) = fixtures()
        .into_iter()
        .max_by_key(|(_, l)| l.n_cells())
        .expect("fixtures exist");
    let verdict = solve::verdict(&level, &Budget::default());
    assert_eq!(verdict.verdict, Verdict::Solvable);
    let cancel = Arc::new(AtomicBool::new(true));
    let budget = Budget {
        cancel: Some(cancel),
        ..Budget::default()
    };
    let report = solve::explain_verdict(&level, &verdict, &budget);
    assert_eq!(report.verdict, Verdict::Cancelled);
    assert!(report.deductions.is_empty(), "{:?}", report.deductions);
}

/// The project's level "Two rounds" (`tests/levels/cli/pack.hexcells`): a subset, then
/// clues finished, 3 steps.
const TWO_ROUNDS: &[&str] = &["....|+", "", "....x.", "..o...o+", "....O+", "..o...o.", "....o."];

/// The project's level "Flowers" (`tests/levels/flowers.hexcells`): flowers and
/// numbers to follow, 7 steps, none harder than a subset.
const FLOWERS: &[&str] = &[
    "....o+",
    "..o+..o+",
    "x+..o+..O+",
    "..x+..o+",
    "o+..X+..o+",
    "..x+..o+",
    "x+..o+..x+",
    "..o+..o+",
    "....x+",
];

#[test]
fn two_levels_of_equal_score_are_ordered_by_their_lesser_steps() {
    let budget = Budget::default();
    let grade = |rows: &[&str]| solve::analyze(&hexcells_core::fixture::level(rows), &budget).difficulty;
    let (short, long) = (grade(TWO_ROUNDS), grade(FLOWERS));
    // The same score and grade: no step of an overlap's effort or more.
    assert_eq!(short.score, Some(0.0));
    assert_eq!((long.score, long.grade), (short.score, short.grade));
    // The tie-break counts the steps the score leaves out, and orders them.
    let lesser = |d: &solve::Difficulty| (d.steps_by_effort[0] + d.steps_by_effort[1]) as f64;
    let (Some(a), Some(b)) = (short.order, long.order) else {
        panic!("both levels have an order key: {short:?} {long:?}");
    };
    assert_eq!((a.tie_break, b.tie_break), (lesser(&short), lesser(&long)));
    assert!(a.tie_break < b.tie_break, "{a:?} {b:?}");
    assert!(a < b, "the shorter level orders first");
    assert_eq!((a.score, b.score), (0.0, 0.0));
}
