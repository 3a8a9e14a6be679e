//! The answers kept of the part-by-part searches (`by_parts.rs`): the numbers of
//! blues each part of a question can hold, by its clues, within a fixed room.

use crate::solve::key_map::KeyMap;

/// Per number of blues a part can hold (an index): a colouring of its cells with
/// that many blues, if one exists.
pub(super) type Counts = Vec<Option<Vec<(usize, bool)>>>;

/// Room for kept answers, in items (a clue of a part, a colour of one of its
/// colourings, of which it keeps one per number of blues): past it the answers
/// kept are dropped all at once. About 256 KB: on the corpus, as many searches
/// are saved as with four times the room.
const KEPT_ITEMS: usize = 1 << 14;

/// The numbers of blues of the parts searched in one round, by their clues (in
/// the order searched), the cell wrong in them and the search's limit: the
/// questions of a deletion pass drop one clue at a time, so the parts without it
/// come back. A part's search depends on nothing else (the round is the
/// checker's), so the answer kept is the one a search would give again.
#[derive(Default)]
pub(super) struct PartCounts {
    pub(super) found: KeyMap<(Vec<usize>, Option<usize>, usize), Option<Counts>>,
    /// Items in `found` (see [`KEPT_ITEMS`]).
    items: usize,
}

impl PartCounts {
    /// Keeps `counts` for `key`, unless alone they take more room than allowed.
    pub(super) fn keep(&mut self, key: (Vec<usize>, Option<usize>, usize), counts: &Option<Counts>) {
        let colours: usize = counts.iter().flatten().flatten().map(Vec::len).sum();
        let items = key.0.len() + colours;
        if items > KEPT_ITEMS {
            return;
        }
        if self.items + items > KEPT_ITEMS {
            self.found.clear();
            self.items = 0;
        }
        self.items += items;
        self.found.insert(key, counts.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The answers kept never take more room than allowed: past it they are
    /// dropped, and an answer too big alone is not kept.
    #[test]
    fn kept_answers_stay_within_their_room() {
        let mut kept = PartCounts::default();
        let colouring: Vec<(usize, bool)> = (0..100).map(|m| (m, m % 2 == 0)).collect();
        for k in 0..2_000 {
            let counts: Counts = vec![Some(colouring.clone()), None, Some(colouring.clone())];
            kept.keep((vec![k, k + 1], Some(k), 1_000), &Some(counts));
            assert!(kept.items <= KEPT_ITEMS, "{} items after {k} answers", kept.items);
        }
        assert!(kept.found.len() < 2_000, "no answer was dropped");
        let last = (vec![1_999, 2_000], Some(1_999), 1_000);
        assert!(kept.found.contains_key(&last), "the last answer was dropped");
        let huge: Counts = vec![Some(vec![(0, true); KEPT_ITEMS])];
        let before = kept.items;
        kept.keep((vec![7], None, 1_000), &Some(huge));
        assert!(!kept.found.contains_key(&(vec![7], None, 1_000)));
        assert_eq!(kept.items, before);
    }
}
