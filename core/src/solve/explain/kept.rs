//! A round's explanations kept by what they read, for the versions of one level: a
//! level a clue apart from one explained before often has the same first rounds,
//! and the grade's replay asks for their explanations again.
//!
//! An explanation reads only what a player sees when the round starts: the cells
//! (where each is, uncovered with its colour or hidden with its colour in the
//! solution, which the counter and the questions' "other colour" read), the visible
//! clues in the order the level lists them (each one's place, kind, hint, count and
//! members), and the cells asked about; and from the caller the purpose, the SAT
//! backend and the conflict limit. A clue that is not visible yet (the number of a
//! cell still hidden) is never read: no question encodes it, and the layers, the
//! deletion pass and the twins walk visible clues only. So a round with the same
//! content gets the same explanations, in any version of the level, and the key is
//! that content itself (no hash stands for it).
//!
//! Only what a finished call found is kept: a call that the cancel flag or the
//! deadline cut short may have settled for less, and is not kept. Past
//! [`MAX_BYTES`] of keys and explanations, the memo starts again empty.

use std::collections::HashMap;
use std::sync::Mutex;

use super::per_cell::{explain_all_with, Purpose};
use crate::solve::budget::{Clock, Stop};
use crate::solve::puzzle::{Puzzle, Values};
use crate::solve::reason::sat::SatBackend;
use crate::solve::report::{ClueRef, Explanation};

/// Keys and explanations kept at most, in bytes (roughly), before the memo empties.
const MAX_BYTES: usize = 64 << 20;

/// Round explanations kept by their content, shared by the grades of versions of a
/// level (on several threads).
#[derive(Default)]
pub(crate) struct KeptRounds {
    kept: Mutex<Kept>,
}

#[derive(Default)]
struct Kept {
    rounds: HashMap<Vec<u32>, Vec<Explanation>>,
    bytes: usize,
}

impl KeptRounds {
    /// Rounds kept so far.
    pub(crate) fn len(&self) -> usize {
        self.lock().rounds.len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        // A panic while the map was held left it whole (one insert at most).
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// [`explain_all_with`] without a round solver, answered from `kept` when a round
/// with the same content was explained before (and kept there when not).
pub(crate) fn explain_kept(
    kept: Option<&KeptRounds>,
    puzzle: &Puzzle,
    known: &Values,
    backend: SatBackend,
    clock: &Clock,
    forced: &[usize],
    purpose: Purpose,
) -> Result<Vec<Explanation>, Stop> {
    let Some(kept) = kept else {
        return explain_all_with(puzzle, known, backend, clock, forced, None, purpose);
    };
    let key = round_key(puzzle, known, backend, clock, forced, purpose);
    if let Some(found) = kept.lock().rounds.get(&key) {
        return Ok(found.clone());
    }
    let found = explain_all_with(puzzle, known, backend, clock, forced, None, purpose)?;
    // A stop during the call may have left an answer short of the full search.
    clock.check()?;
    let mut guard = kept.lock();
    let bytes = 4 * key.len() + found.iter().map(size_of).sum::<usize>();
    if guard.bytes + bytes > MAX_BYTES {
        *guard = Kept::default();
    }
    guard.bytes += bytes;
    guard.rounds.insert(key, found.clone());
    Ok(found)
}

/// Roughly the bytes `x` holds.
fn size_of(x: &Explanation) -> usize {
    std::mem::size_of::<Explanation>() + x.clues.len() * std::mem::size_of::<ClueRef>() + x.text.len()
}

/// The content a round's explanations read (see the file's header), as words.
fn round_key(
    puzzle: &Puzzle,
    known: &Values,
    backend: SatBackend,
    clock: &Clock,
    forced: &[usize],
    purpose: Purpose,
) -> Vec<u32> {
    let visible = puzzle.visible_clues(known);
    let members: usize = visible.iter().map(|&c| puzzle.clues[c].members.len()).sum();
    let mut key = Vec::with_capacity(8 + puzzle.cells.len() + 6 * visible.len() + members + forced.len());
    let conflicts = clock.max_conflicts.unwrap_or(u64::MAX);
    key.extend([
        purpose as u32,
        backend as u32,
        conflicts as u32,
        (conflicts >> 32) as u32,
        puzzle.cells.len() as u32,
    ]);
    for (i, pos) in puzzle.cells.iter().enumerate() {
        // Hidden black, hidden blue, uncovered black, uncovered blue.
        let state = match known[i] {
            None => u32::from(puzzle.blue[i]),
            Some(blue) => 2 + u32::from(blue),
        };
        key.push((pos.index() as u32) << 2 | state);
    }
    key.push(visible.len() as u32);
    for &c in &visible {
        let clue = &puzzle.clues[c];
        key.extend([
            clue.at.index() as u32,
            clue.kind as u32,
            clue.hint as u32,
            clue.count as u32,
            clue.members.len() as u32,
        ]);
        key.extend(clue.members.iter().map(|&m| m as u32));
    }
    key.push(forced.len() as u32);
    key.extend(forced.iter().map(|&i| i as u32));
    key
}
