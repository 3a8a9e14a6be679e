//! Makes a solvable candidate lean: every clue, `{n}`/`-n-` and revealed cell is
//! taken away in turn (in random order) and stays away when the level is still
//! solvable, and no harder than the target.
//!
//! Solvability only shrinks as information goes, so one pass leaves a level in
//! which no single clue or reveal can be dropped. Pieces go in chunks that grow
//! after a success and shrink after a failure, which saves most engine calls.

use crate::model::Hint;

use super::clues::Draft;
use super::rng::Rng;
use super::{Engine, Grade, Stop};

/// Something the level shows that might not be needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Piece {
    /// A cell revealed at the start.
    Reveal(usize),
    /// A cell's number.
    Number(usize),
    /// A cell's `{n}` / `-n-` (back to a plain number).
    Special(usize),
    /// A column number.
    Column(usize),
    /// A column's `{n}` / `-n-`.
    ColumnSpecial(usize),
}

/// Removes what the level does not need; `report(done, total)` follows the work.
pub(super) fn prune(
    draft: &mut Draft,
    target: Grade,
    rng: &mut Rng,
    engine: &mut Engine,
    report: &mut dyn FnMut(usize, usize),
) -> Result<(), Stop> {
    let pieces = pieces(draft);
    prune_pieces(draft, pieces, target, rng, engine, report)
}

/// Everything `draft` shows that could be taken away, in grid order (cells, then
/// column numbers in the order found).
pub(super) fn pieces(draft: &Draft) -> Vec<Piece> {
    let mut pieces = Vec::new();
    for i in 0..draft.cells.len() {
        if draft.revealed[i] {
            pieces.push(Piece::Reveal(i));
        }
        match draft.hints[i] {
            Hint::None => {}
            Hint::Plain => pieces.push(Piece::Number(i)),
            Hint::Together | Hint::Apart => {
                pieces.push(Piece::Special(i));
                pieces.push(Piece::Number(i));
            }
        }
    }
    for (j, column) in draft.columns.iter().enumerate() {
        if let Some((_, column)) = column {
            if column.hint != Hint::Plain {
                pieces.push(Piece::ColumnSpecial(j));
            }
            pieces.push(Piece::Column(j));
        }
    }
    pieces
}

/// Removes those of `pieces` the level does not need, in a random order.
pub(super) fn prune_pieces(
    draft: &mut Draft,
    mut pieces: Vec<Piece>,
    target: Grade,
    rng: &mut Rng,
    engine: &mut Engine,
    report: &mut dyn FnMut(usize, usize),
) -> Result<(), Stop> {
    rng.shuffle(&mut pieces);
    let total = pieces.len();
    // Pieces are taken away in chunks while that works (most early ones are not
    // needed), one by one where it does not; a piece refused alone is needed.
    let mut chunk = FIRST_CHUNK;
    let mut done = 0;
    while done < total {
        report(done, total);
        let end = (done + chunk).min(total);
        let before = draft.clone();
        let mut changed = false;
        for piece in &pieces[done..end] {
            changed |= remove(draft, *piece);
        }
        if !changed || acceptable(draft, target, engine)? {
            done = end;
            chunk = (chunk * 2).min(MAX_CHUNK);
        } else {
            *draft = before;
            if chunk == 1 {
                done += 1;
            }
            chunk = (chunk / 2).max(1);
        }
    }
    report(total, total);
    Ok(())
}

/// Pieces taken away at once at first, and at most.
const FIRST_CHUNK: usize = 8;
const MAX_CHUNK: usize = 32;

/// Takes `piece` away; `false` when it is already gone.
pub(super) fn remove(draft: &mut Draft, piece: Piece) -> bool {
    match piece {
        Piece::Reveal(i) => std::mem::replace(&mut draft.revealed[i], false),
        Piece::Number(i) => std::mem::replace(&mut draft.hints[i], Hint::None) != Hint::None,
        Piece::Special(i) => {
            let special = matches!(draft.hints[i], Hint::Together | Hint::Apart);
            if special {
                draft.hints[i] = Hint::Plain;
            }
            special
        }
        Piece::Column(j) => draft.columns[j].take().is_some(),
        Piece::ColumnSpecial(j) => match &mut draft.columns[j] {
            Some((_, column)) if column.hint != Hint::Plain => {
                column.hint = Hint::Plain;
                true
            }
            _ => false,
        },
    }
}

/// Whether the level is still solvable and no harder than `target`.
pub(super) fn acceptable(draft: &Draft, target: Grade, engine: &mut Engine) -> Result<bool, Stop> {
    let level = draft.level();
    // The fast verdict first: most refusals end here, without explanations.
    if !engine.verdict(&level)?.0 {
        return Ok(false);
    }
    if target == Grade::Hard {
        return Ok(true);
    }
    Ok(match engine.difficulty(&level)? {
        Some(difficulty) => difficulty.grade.is_some_and(|g| g <= target),
        None => false,
    })
}
