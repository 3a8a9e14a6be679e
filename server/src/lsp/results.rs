//! The engine's answers per level, for every open document, kept by what the level
//! reads: a level that an edit did not change keeps its verdict, explanations, fixes
//! and advice (also when the edit moved it), and only changed levels go to the engine
//! again.
//!
//! An answer is found by the level's fingerprint (`format::live::Fingerprint`, 128
//! bits of the level as read): the engine's answer depends on nothing but the level
//! and the solver settings, and new settings forget every answer. Answers no open
//! document needs are kept for a while (an undo finds them), then dropped.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use hexcells_core::format::Fingerprint;
use hexcells_core::generate::UnneededClues;
use hexcells_core::solve::{LevelFix, Report};

/// Changes of any document after which an answer no open document needs is dropped.
const KEEP_UNUSED_FOR: u64 = 64;

/// The engine's answer for one level.
#[derive(Debug)]
pub struct Answer {
    /// The report: the verdict and its rounds, and once explained, the explanations.
    pub report: Report,
    /// The engine's fixes (stuck levels, explained answers only; advised answers add
    /// the clues a player needs first).
    pub fixes: Vec<LevelFix>,
    /// The clues a player never needs (solvable levels, advised answers only).
    pub unneeded: Option<UnneededClues>,
}

/// Which answer an engine call gave: each kind holds the one before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerKind {
    /// The verdict alone (the fast answer).
    Verdict,
    /// With explanations and fixes.
    Explained,
    /// With the advice too: the clues a player needs or never needs.
    Advised,
}

/// Every answer known, by level.
#[derive(Debug, Default)]
pub struct Results {
    entries: HashMap<Fingerprint, Entry>,
    /// Changes seen, the clock of [`KEEP_UNUSED_FOR`].
    changes: u64,
    /// How many times every answer was forgotten (new solver settings): an answer
    /// worked out under older settings is not kept.
    epoch: u64,
}

#[derive(Debug, Default)]
struct Entry {
    /// The verdict alone (the fast answer), until the explained one is in.
    verdict: Option<Arc<Answer>>,
    /// The answer with explanations and fixes.
    explained: Option<Arc<Answer>>,
    /// The answer with the advice too.
    advised: Option<Arc<Answer>>,
    /// The change when an open document last held the level.
    seen: u64,
}

impl Results {
    /// The verdict of the level with `fingerprint`: the explained answer when it is
    /// in, else the verdict alone, if known.
    pub fn verdict(&self, fingerprint: Fingerprint) -> Option<Arc<Answer>> {
        let entry = self.entries.get(&fingerprint)?;
        (entry.advised.clone().or_else(|| entry.explained.clone())).or_else(|| entry.verdict.clone())
    }

    /// The explained answer of the level with `fingerprint` (the advised one when it
    /// is in), if known.
    pub fn explained(&self, fingerprint: Fingerprint) -> Option<Arc<Answer>> {
        let entry = self.entries.get(&fingerprint)?;
        entry.advised.clone().or_else(|| entry.explained.clone())
    }

    /// The advised answer of the level with `fingerprint`, if known.
    pub fn advised(&self, fingerprint: Fingerprint) -> Option<Arc<Answer>> {
        self.entries.get(&fingerprint)?.advised.clone()
    }

    /// The settings' epoch: take it before asking the engine, and [`Results::store`]
    /// the answer with it.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// Keeps the engine's answer of `kind` for the level with `fingerprint`, asked in
    /// `epoch`. An answer of an earlier epoch (older settings) is dropped.
    pub fn store(&mut self, fingerprint: Fingerprint, answer: Answer, kind: AnswerKind, epoch: u64) {
        if epoch != self.epoch {
            return;
        }
        let entry = self.entries.entry(fingerprint).or_default();
        entry.seen = self.changes;
        let answer = Some(Arc::new(answer));
        match kind {
            AnswerKind::Verdict => entry.verdict = answer,
            AnswerKind::Explained => entry.explained = answer,
            AnswerKind::Advised => entry.advised = answer,
        }
    }

    /// One more change: `needed` are the fingerprints of the levels open documents
    /// hold now. Answers not needed for a while are dropped.
    pub fn changed(&mut self, needed: &HashSet<Fingerprint>) {
        self.changes += 1;
        let now = self.changes;
        self.entries.retain(|fingerprint, entry| {
            if needed.contains(fingerprint) {
                entry.seen = now;
            }
            now - entry.seen <= KEEP_UNUSED_FOR
        });
    }

    /// Forgets every answer (the solver settings changed).
    pub fn clear(&mut self) {
        self.entries.clear();
        self.epoch += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexcells_core::solve::{Difficulty, Verdict};

    fn answer(verdict: Verdict) -> Answer {
        Answer {
            report: Report {
                verdict,
                deductions: Vec::new(),
                stuck: Vec::new(),
                difficulty: Difficulty::default(),
            },
            fixes: Vec::new(),
            unneeded: None,
        }
    }

    #[test]
    fn answers_are_found_by_the_fingerprint_and_dropped_when_unused() {
        let mut results = Results::default();
        let (one, two) = (Fingerprint(7), Fingerprint(8));
        results.store(one, answer(Verdict::Solvable), AnswerKind::Verdict, 0);
        assert!(results.verdict(one).is_some());
        assert!(results.explained(one).is_none());
        assert!(results.verdict(two).is_none());
        results.store(one, answer(Verdict::GaveUp), AnswerKind::Explained, 0);
        let verdict = results.verdict(one).map(|a| a.report.verdict);
        assert_eq!(verdict, Some(Verdict::GaveUp), "the explained answer first");
        assert!(results.advised(one).is_none());
        results.store(one, answer(Verdict::Solvable), AnswerKind::Advised, 0);
        let verdict = results.explained(one).map(|a| a.report.verdict);
        assert_eq!(verdict, Some(Verdict::Solvable), "the advised answer first");

        // Needed: kept however long; not needed: dropped after a while.
        let needed = HashSet::from([one]);
        for _ in 0..=KEEP_UNUSED_FOR + 1 {
            results.changed(&needed);
        }
        assert!(results.verdict(one).is_some());
        for _ in 0..KEEP_UNUSED_FOR {
            results.changed(&HashSet::new());
        }
        assert!(results.verdict(one).is_some(), "an undo still finds it");
        results.changed(&HashSet::new());
        assert!(results.verdict(one).is_none());

        // Asked under settings that changed since: not kept.
        let epoch = results.epoch();
        results.clear();
        results.store(two, answer(Verdict::Solvable), AnswerKind::Verdict, epoch);
        assert!(results.verdict(two).is_none());
    }
}
