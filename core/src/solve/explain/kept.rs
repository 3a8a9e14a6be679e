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
//! content gets the same explanations, in any version of the level. The key is a
//! 128-bit digest of that content (two SipHash digests of it, told apart by a first
//! word): a few thousand words of content would make the memo of a large level tens
//! of megabytes, and two contents share a digest with a chance of about 2^-128 per
//! pair.
//!
//! Only what a finished call found is kept: a call that the cancel flag or the
//! deadline cut short may have settled for less, and is not kept. Past
//! [`MAX_BYTES`] of keys and explanations, the memo starts again empty.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hasher};
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
    rounds: HashMap<u128, Vec<Explanation>>,
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
    let bytes = std::mem::size_of::<u128>() + found.iter().map(size_of).sum::<usize>();
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

/// The digest of the content a round's explanations read (see the file's header).
fn round_key(
    puzzle: &Puzzle,
    known: &Values,
    backend: SatBackend,
    clock: &Clock,
    forced: &[usize],
    purpose: Purpose,
) -> u128 {
    let mut digest = Digest::new();
    let conflicts = clock.max_conflicts.unwrap_or(u64::MAX);
    digest.words([
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
        digest.word((pos.index() as u32) << 2 | state);
    }
    let visible = puzzle.visible_clues(known);
    digest.word(visible.len() as u32);
    for &c in &visible {
        digest.words(puzzle.clue_words(c));
    }
    digest.word(forced.len() as u32);
    digest.words(forced.iter().map(|&i| i as u32));
    digest.finish()
}

/// Two SipHash digests of the same words, the second told apart by a first word.
struct Digest(DefaultHasher, DefaultHasher);

impl Digest {
    fn new() -> Digest {
        let mut second = DefaultHasher::new();
        second.write_u32(0x9e37_79b9);
        Digest(DefaultHasher::new(), second)
    }

    fn word(&mut self, w: u32) {
        self.0.write_u32(w);
        self.1.write_u32(w);
    }

    fn words(&mut self, words: impl IntoIterator<Item = u32>) {
        for w in words {
            self.word(w);
        }
    }

    fn finish(&self) -> u128 {
        u128::from(self.0.finish()) << 64 | u128::from(self.1.finish())
    }
}
