//! What the grades of many versions of one level keep for each other: the replay's
//! pair answers and its rounds' explanations, each kept by what it reads
//! (`rules/pair_memo.rs`, `explain/kept.rs`), so that any version asking the same
//! gets the same answer. The generator, the drawing's clues and the never-needed
//! clues grade version after version of one level, a clue apart.

use crate::solve::explain::KeptRounds;
use crate::solve::rules::PairAnswers;

/// The answers the grades of versions of one level share; one may serve grades on
/// several threads. The same reports as without it, faster.
#[derive(Default)]
pub struct GradeMemo {
    pub(crate) pairs: PairAnswers,
    pub(crate) rounds: KeptRounds,
}

impl GradeMemo {
    /// Pair questions and rounds answered so far.
    pub fn len(&self) -> usize {
        self.pairs.len() + self.rounds.len()
    }

    /// Whether none was answered yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl std::fmt::Debug for GradeMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "GradeMemo({} pair answers, {} rounds explained)",
            self.pairs.len(),
            self.rounds.len()
        )
    }
}
