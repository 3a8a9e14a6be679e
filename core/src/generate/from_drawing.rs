//! Clues for a drawing: the author's picture keeps every colour, the tool finds the
//! clues that make it solvable at a requested grade (`hexcells generate --keep-colours`).
//!
//! One file, over 600 lines: the orders for the drawing's own clues kept and preferred
//! share the drawing's `Base`, the reveal and the lean pass; the preferred order in a
//! file of its own would import those from here and be imported by `fill_clues`, a
//! circle.
//!
//! [`fill_clues`] starts from the drawing's own clues (revealed cells, numbers, column
//! numbers; dropped first with [`OwnClues::Replaced`]) and adds every
//! clue the picture allows: a number on each cell without one (`{n}` / `-n-` where the
//! count says something), a column number before each line in all three directions
//! where its place is free. It reveals cells the engine is stuck on until the level is
//! solvable, then cells whose steps are harder than the grade asked, then takes the
//! added clues away (the generator's pruning, [`super::prune`]) while the level stays
//! solvable and no harder than the grade, and checks once more alone each added clue
//! kept because the level was too hard without it (one kept because the level was
//! stuck without it stays needed), so the result is lean: taking away any one added
//! clue makes the level stuck or harder than the grade. The drawing's own clues are
//! never taken away ([`OwnClues::Kept`]).
//!
//! With [`OwnClues::Preferred`] (the viewer's "clues follow the drawing", after each
//! stroke) the drawing's own clues are the ones to keep where a lean level can keep
//! them, so that a few painted cells change few clues: the added clues are judged
//! first, all at once (when the drawing's own clues are enough, none is added; else
//! the cells are revealed and the added clues pruned as above), then the drawing's own
//! clues are pruned the same way, last, so that one goes only when the level at the
//! grade does not need it. The result is lean in every clue, its own ones too. When
//! the drawing's own clues leave the level easier than the grade, the next orders
//! judge one of them (drawn at random), then more, before the added clues. A `{n}` /
//! `-n-` of its own that the new colours contradict is read as a plain number first.
//!
//! A pruned level can come out easier than asked; then another order is tried (more
//! of them for a small picture, [`fill_attempts`]), and when none gives the grade
//! the nearest one is handed back inside [`FillError::GradeNotReached`], never as a
//! silent other grade.
//!
//! Deterministic like the generator: the same drawing, options and seed give the same
//! level (integer randomness from [`super::rng`], the engine limited by conflicts, not
//! by time).

use crate::model::{Cell, Column, Hint, Item, Level, Pos};
use crate::solve::{Change, Difficulty, Grade, Resume};
use crate::validate;

use super::clues::{self, Draft, Pick};
use super::engine::{Engine, Limits, Stop};
use super::progress::{GenerateProgress, Phase};
use super::prune::{self, judgement, Chunks, JudgeAhead, Judgement, Piece, Trace};
use super::rng::Rng;

/// What to fill in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FillOptions {
    /// The grade the level must have.
    pub target: Grade,
    /// The seed word: the same word gives the same level.
    pub seed: String,
    /// What becomes of the drawing's own clues.
    pub own_clues: OwnClues,
}

/// What becomes of the clues a drawing already shows (revealed cells, numbers, column
/// numbers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OwnClues {
    /// Every one stays: clues are only added (`hexcells generate --keep-colours`).
    #[default]
    Kept,
    /// Dropped first: every cell hidden, no number, no column number
    /// (`--replace-clues`).
    Replaced,
    /// Kept where the lean level at the grade can keep them: the added clues are
    /// taken away first, the drawing's own last (the viewer's "clues follow the
    /// drawing": a stroke changes few clues).
    Preferred,
}

/// How many clues a level shows, by kind: what an author chooses for a picture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClueCount {
    /// Cells revealed at the start.
    pub revealed: usize,
    /// Cells showing a number once uncovered.
    pub numbered: usize,
    /// Column numbers.
    pub columns: usize,
}

impl ClueCount {
    /// The clues `level` shows.
    pub fn of(level: &Level) -> ClueCount {
        ClueCount {
            revealed: level.cells().filter(|(_, c)| c.revealed).count(),
            numbered: level.cells().filter(|(_, c)| c.hint != Hint::None).count(),
            columns: level.columns().count(),
        }
    }

    /// All of them.
    pub fn total(&self) -> usize {
        self.revealed + self.numbered + self.columns
    }

    /// The clues `a` and `b` both show: cells revealed in both, cells numbered in
    /// both, column numbers at the same place in both.
    pub fn common(a: &Level, b: &Level) -> ClueCount {
        let cell = |level: &Level, pos| level.cell(pos);
        ClueCount {
            revealed: a
                .cells()
                .filter(|(pos, c)| c.revealed && cell(b, *pos).is_some_and(|d| d.revealed))
                .count(),
            numbered: a
                .cells()
                .filter(|(pos, c)| {
                    c.hint != Hint::None && cell(b, *pos).is_some_and(|d| d.hint != Hint::None)
                })
                .count(),
            columns: a
                .columns()
                .filter(|(pos, _)| matches!(b.get(*pos), Some(Item::Column(_))))
                .count(),
        }
    }
}

/// A drawing with its clues, and what the engine says of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Filled {
    /// The level: the drawing's header, cells and colours, with the clues.
    pub level: Level,
    /// The engine's difficulty summary of it.
    pub difficulty: Difficulty,
    /// Its grade.
    pub grade: Grade,
    /// The clues the drawing had and kept.
    pub kept: ClueCount,
    /// The clues added.
    pub added: ClueCount,
    /// Orders tried (1 when the first one gave the grade).
    pub attempts: usize,
    /// Engine calls made in all.
    pub engine_calls: usize,
}

impl Filled {
    /// The clues added to `drawing` (the level it was filled from, its own clues
    /// kept), as changes an editor applies: cells revealed, numbers set, column
    /// numbers added.
    pub fn changes(&self, drawing: &Level) -> Vec<Change> {
        let mut out = Vec::new();
        for (pos, item) in self.level.items() {
            match (drawing.get(pos), item) {
                (Some(Item::Cell(was)), Item::Cell(now)) => {
                    if now.revealed && !was.revealed {
                        out.push(Change::Reveal(pos));
                    }
                    if now.hint != was.hint {
                        out.push(Change::SetHint(pos, now.hint));
                    }
                }
                (None, Item::Column(column)) => {
                    out.push(Change::AddColumn(pos, column.direction, column.hint))
                }
                _ => {}
            }
        }
        out
    }
}

/// Why no level with the grade asked came out.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum FillError {
    /// The drawing has model problems (e.g. a number that contradicts its colours).
    #[error("the drawing has a problem{}: {}", if .0.len() > 1 { "s" } else { "" }, .0.join("; "))]
    Drawing(Vec<String>),
    /// The engine could not solve any candidate within its budget.
    #[error("the engine could not solve the drawing within its budget, even with every clue")]
    Unsolvable,
    /// No order gave the grade; the nearest level reached is inside.
    #[error(
        "no {} level found with these colours after {} tries; the nearest grade reached is {}",
        .target.name(), .filled.attempts, .filled.grade.name()
    )]
    GradeNotReached {
        /// The grade asked.
        target: Grade,
        /// The level of the nearest grade reached.
        filled: Box<Filled>,
    },
    /// The caller's cancel flag was set.
    #[error("cancelled")]
    Cancelled,
}

/// Orders tried before giving the nearest grade, for a drawing of `n_cells` cells
/// and the grade `target`: many for a small picture, where an order is quick and
/// few orders give a hard step (a 20-cell picture tries 50), 3 from 333 cells on;
/// four times as many for hard up to 250 cells, whose pruning asks only the fast
/// verdict (no grade), and whose grade is only as high as the order makes the lean
/// level. A count, not a time, so the same drawing gets the same level on every
/// machine.
pub fn fill_attempts(n_cells: usize, target: Grade) -> usize {
    let attempts = (1000 / n_cells.max(1)).clamp(3, 200);
    match target {
        Grade::Hard if n_cells <= 250 => 4 * attempts,
        _ => attempts,
    }
}

/// Finds a lean set of clues that makes `drawing` solvable at `options.target`,
/// calling `progress` as the work goes on.
pub fn fill_clues(
    drawing: &Level,
    options: &FillOptions,
    limits: &Limits,
    progress: &mut dyn FnMut(GenerateProgress),
) -> Result<Filled, FillError> {
    let mut start = drawing.clone();
    match options.own_clues {
        OwnClues::Kept => {}
        OwnClues::Replaced => strip_clues(&mut start),
        OwnClues::Preferred => plain_where_contradicted(&mut start),
    }
    let problems: Vec<String> = validate::problems(&start)
        .into_iter()
        .filter(|p| p.code.severity() == crate::diagnostic::Severity::Error)
        .map(|p| match p.at {
            Some(pos) => format!("{}: {}", crate::model::name(pos), p.message),
            None => p.message,
        })
        .collect();
    if !problems.is_empty() {
        return Err(FillError::Drawing(problems));
    }
    let base = Base::new(&start);
    let mut rng = Rng::from_seed_word(&options.seed);
    let mut engine = Engine::new(limits);
    let target = options.target;
    let mut nearest: Option<(Draft, Difficulty, Grade)> = None;
    let mut attempts = 0;
    for attempt in 1..=fill_attempts(start.n_cells(), target) {
        attempts = attempt;
        let outcome = match options.own_clues {
            OwnClues::Preferred => {
                one_attempt_preferring(&base, target, attempt, &mut rng, &mut engine, progress)
            }
            OwnClues::Kept | OwnClues::Replaced => {
                one_attempt(&base, target, attempt, &mut rng, &mut engine, progress)
            }
        };
        let (draft, difficulty) = match outcome {
            Err(Stop) => return Err(FillError::Cancelled),
            Ok(None) => continue,
            Ok(Some(found)) => found,
        };
        // A solvable level with explanations always has a grade.
        let grade = difficulty.grade.unwrap_or(Grade::Easy);
        let distance = |g: Grade| g.number().abs_diff(target.number());
        if nearest
            .as_ref()
            .is_none_or(|(_, _, best)| distance(grade) < distance(*best))
        {
            nearest = Some((draft, difficulty, grade));
        }
        if grade == target {
            break;
        }
        progress(GenerateProgress {
            attempt,
            phase: Phase::Missed(grade),
        });
    }
    let Some((draft, difficulty, grade)) = nearest else {
        return Err(FillError::Unsolvable);
    };
    let mut level = draft.level();
    level.title = start.title.clone();
    level.author = start.author.clone();
    level.custom_text = start.custom_text.clone();
    let all = ClueCount::of(&level);
    let kept = ClueCount::common(&start, &level);
    let filled = Filled {
        added: ClueCount {
            revealed: all.revealed - kept.revealed,
            numbered: all.numbered - kept.numbered,
            columns: all.columns - kept.columns,
        },
        kept,
        level,
        difficulty,
        grade,
        attempts,
        engine_calls: engine.calls,
    };
    if grade == target {
        Ok(filled)
    } else {
        Err(FillError::GradeNotReached {
            target,
            filled: Box::new(filled),
        })
    }
}

/// Reads as a plain number each `{n}` / `-n-` of `level` that its colours contradict
/// (a painted cell joined two groups, or a cell turned blue).
fn plain_where_contradicted(level: &mut Level) {
    let errors = validate::problems(level)
        .into_iter()
        .filter(|p| p.code.severity() == crate::diagnostic::Severity::Error);
    for pos in errors.filter_map(|p| p.at) {
        let plain = match level.get(pos) {
            Some(Item::Cell(cell)) if matches!(cell.hint, Hint::Together | Hint::Apart) => Item::Cell(Cell {
                hint: Hint::Plain,
                ..cell
            }),
            Some(Item::Column(column)) if matches!(column.hint, Hint::Together | Hint::Apart) => {
                Item::Column(Column {
                    hint: Hint::Plain,
                    ..column
                })
            }
            _ => continue,
        };
        level.set(pos, Some(plain));
    }
}

/// Takes every clue off `level`: cells hidden, no numbers, no column numbers.
pub fn strip_clues(level: &mut Level) {
    let items: Vec<(Pos, Item)> = level.items().collect();
    for (pos, item) in items {
        match item {
            Item::Cell(mut cell) => {
                cell.revealed = false;
                cell.hint = Hint::None;
                level.set(pos, Some(Item::Cell(cell)));
            }
            Item::Column(_) => {
                level.set(pos, None);
            }
        }
    }
}

/// The drawing as a draft with every clue it allows, and which of them are its own.
struct Base {
    draft: Draft,
    /// Cells the drawing reveals.
    kept_reveal: Vec<bool>,
    /// Cells whose number is the drawing's own.
    kept_hint: Vec<bool>,
    /// The drawing's column numbers: the first ones of `draft.columns`.
    kept_columns: usize,
}

impl Base {
    fn new(drawing: &Level) -> Base {
        let mut draft = Draft::of(drawing);
        let revealed = draft.revealed.clone();
        let hints = draft.hints.clone();
        let kept_columns = draft.columns.len();
        draft.add_columns(&mut Pick::Every);
        draft.add_numbers(&mut Pick::Every);
        Base {
            draft,
            kept_reveal: revealed,
            kept_hint: hints.iter().map(|h| *h != Hint::None).collect(),
            kept_columns,
        }
    }

    /// Whether `piece` is one the drawing chose (never taken away, or taken away
    /// last).
    fn is_own(&self, piece: Piece) -> bool {
        match piece {
            Piece::Reveal(i) => self.kept_reveal[i],
            Piece::Number(i) | Piece::Special(i) => self.kept_hint[i],
            Piece::Column(j) | Piece::ColumnSpecial(j) => j < self.kept_columns,
        }
    }

    /// The pieces of `draft` (a version of the drawing) that the drawing chose.
    fn own_pieces(&self, draft: &Draft) -> Vec<Piece> {
        prune::pieces(draft)
            .into_iter()
            .filter(|p| self.is_own(*p))
            .collect()
    }

    /// The pieces of `draft` that were added to the drawing.
    fn added_pieces(&self, draft: &Draft) -> Vec<Piece> {
        prune::pieces(draft)
            .into_iter()
            .filter(|p| !self.is_own(*p))
            .collect()
    }
}

/// The drawing with cells revealed (drawn by `rng`) until it is solvable and no
/// harder than `target`; `None` when the engine gives up.
fn revealed_enough(
    base: &Base,
    target: Grade,
    rng: &mut Rng,
    engine: &mut Engine,
) -> Result<Option<Draft>, Stop> {
    let mut draft = base.draft.clone();
    let enough = clues::reveal_until_solvable(&mut draft, rng, engine)?
        && clues::reveal_until_easy_enough(&mut draft, target, rng, engine)?;
    Ok(enough.then_some(draft))
}

/// One order: reveal until solvable and easy enough, prune the added clues, check
/// each one left alone. `Ok(None)` when the engine gives up.
fn one_attempt(
    base: &Base,
    target: Grade,
    attempt: usize,
    rng: &mut Rng,
    engine: &mut Engine,
    progress: &mut dyn FnMut(GenerateProgress),
) -> Result<Option<(Draft, Difficulty)>, Stop> {
    progress(GenerateProgress {
        attempt,
        phase: Phase::Revealing,
    });
    let Some(mut draft) = revealed_enough(base, target, rng, engine)? else {
        return Ok(None);
    };
    let added = base.added_pieces(&draft);
    let mut report = |done, total| {
        progress(GenerateProgress {
            attempt,
            phase: Phase::Pruning { done, total },
        })
    };
    let (too_hard, trace) = prune::prune_pieces(
        &mut draft,
        added,
        Chunks::DRAWING,
        target,
        rng,
        engine,
        &mut report,
    )?;
    make_lean(&mut draft, trace, too_hard, target, engine)?;
    Ok(engine.difficulty(&draft.level())?.map(|d| (draft, d)))
}

/// The pruning of the drawing's own clues, with [`OwnClues::Preferred`]: one at a
/// time at first (most of them are needed: a lean level went before the stroke).
const OWN_CHUNKS: Chunks = Chunks { first: 1, most: 8 };

/// How many of the drawing's own clues the order `attempt` judges before the added
/// ones, with [`OwnClues::Preferred`]: none at first; when the drawing's own clues
/// make the level easier than the grade, one, then more every four orders, so that
/// the level reached changes as few of them as it can.
fn own_clues_ahead(attempt: usize) -> usize {
    match attempt {
        0 | 1 => 0,
        _ => 1 + (attempt - 2) / 4,
    }
}

/// One order with the drawing's own clues preferred: the added clues are judged
/// first (with [`own_clues_ahead`] of the drawing's own, drawn at random), all at
/// once: when the drawing's other clues are enough, none is added; else the cells
/// are revealed and the added clues pruned as [`one_attempt`] does. Then the
/// drawing's own clues are pruned, and each clue left because the level was too hard
/// without it is checked alone again. `Ok(None)` when the engine gives up.
fn one_attempt_preferring(
    base: &Base,
    target: Grade,
    attempt: usize,
    rng: &mut Rng,
    engine: &mut Engine,
    progress: &mut dyn FnMut(GenerateProgress),
) -> Result<Option<(Draft, Difficulty)>, Stop> {
    progress(GenerateProgress {
        attempt,
        phase: Phase::Revealing,
    });
    let (mut own, added): (Vec<Piece>, Vec<Piece>) = prune::pieces(&base.draft)
        .into_iter()
        .partition(|p| base.is_own(*p));
    rng.shuffle(&mut own);
    let ahead: Vec<Piece> = own.drain(..own_clues_ahead(attempt).min(own.len())).collect();
    let mut fewer = base.draft.clone();
    for piece in ahead.iter().chain(&added) {
        prune::remove(&mut fewer, *piece);
    }
    let graded = target != Grade::Hard;
    let at_most = Resume {
        at_most: Some(target),
        ..Resume::default()
    };
    let fewer_report = engine.check(&fewer.level(), at_most, graded)?;
    let mut too_hard = Vec::new();
    let mut report = |done, total| {
        progress(GenerateProgress {
            attempt,
            phase: Phase::Pruning { done, total },
        })
    };
    let mut draft = match fewer_report {
        Some(found) if judgement(Some(&found), target) == Judgement::Accepted => fewer,
        _ => {
            let Some(mut draft) = revealed_enough(base, target, rng, engine)? else {
                return Ok(None);
            };
            let (hard, _) =
                prune::prune_pieces(&mut draft, ahead, OWN_CHUNKS, target, rng, engine, &mut report)?;
            too_hard.extend(hard);
            let added = base.added_pieces(&draft);
            let (hard, _) = prune::prune_pieces(
                &mut draft,
                added,
                Chunks::DRAWING,
                target,
                rng,
                engine,
                &mut report,
            )?;
            too_hard.extend(hard);
            draft
        }
    };
    let own = base.own_pieces(&draft);
    let (hard, trace) = prune::prune_pieces(&mut draft, own, OWN_CHUNKS, target, rng, engine, &mut report)?;
    too_hard.extend(hard);
    make_lean(&mut draft, trace, too_hard, target, engine)?;
    Ok(engine.difficulty(&draft.level())?.map(|d| (draft, d)))
}

/// Tries again, until none goes, each added clue the pruning kept because the level
/// was too hard without it: the grade is not monotone in the clues, so one of them
/// may go once others went. A clue kept because the level was stuck without it
/// stays needed (a level with fewer clues is stuck without it too), so it is not
/// tried again. `trace` holds the rounds of `draft`.
fn make_lean(
    draft: &mut Draft,
    mut trace: Trace,
    mut too_hard: Vec<Piece>,
    target: Grade,
    engine: &mut Engine,
) -> Result<(), Stop> {
    if too_hard.is_empty() {
        return Ok(());
    }
    let mut judge = JudgeAhead::default();
    loop {
        let mut removed_any = false;
        let mut still_too_hard = Vec::new();
        for (k, &piece) in too_hard.iter().enumerate() {
            let next = &too_hard[(k + 1).min(too_hard.len())..(k + 2).min(too_hard.len())];
            let judged = judge.judge(draft, &trace, &[piece], next, target, engine)?;
            match judged.judgement {
                Judgement::Accepted => {
                    prune::remove(draft, piece);
                    trace.follow(draft, judged);
                    judge.forget();
                    removed_any = true;
                }
                Judgement::TooHard => still_too_hard.push(piece),
                Judgement::Stuck => {}
            }
        }
        too_hard = still_too_hard;
        if !removed_any {
            return Ok(());
        }
    }
}
