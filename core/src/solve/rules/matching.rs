//! Which rule names a deduction: the families' matchers, tried in [`MATCH_ORDER`]
//! from the most specific, and the counter's rule for every cell it settles at once.

use super::catalogue::Found;
use super::round_view::View;
use super::{clue_shape, counter, finish, overlap};

/// A family's matcher: the rule of the family that proves cell `i` in the round
/// `view`, if any. It may return a colour other than the solution's only through a
/// bug, which [`name`] then ignores.
type Matcher = fn(&View<'_>, usize) -> Option<Found>;

/// The families in the order they are tried: one clue before two, plain counts
/// before shapes, a pair before the counter with several clues.
const MATCH_ORDER: [Matcher; 7] = [
    finish::finish,
    counter::alone,
    clue_shape::alone,
    overlap::pair,
    clue_shape::pair,
    overlap::group,
    counter::against_clues,
];

/// The most specific named rule that proves hidden cell `i`'s solution colour in
/// the round `view`, or `None` when only the general search can explain it.
pub(crate) fn name(view: &View<'_>, i: usize) -> Option<Found> {
    let blue = view.puzzle.blue[i];
    MATCH_ORDER
        .iter()
        .filter_map(|matcher| matcher(view, i))
        .find(|found| found.blue == blue)
}

/// [`name`] without the counter against clues, which depends on every clue: what
/// only changes when a clue near cell `i` does (a replay keeps it between steps).
pub(crate) fn name_near(view: &View<'_>, i: usize) -> Option<Found> {
    let blue = view.puzzle.blue[i];
    MATCH_ORDER[..MATCH_ORDER.len() - 1]
        .iter()
        .filter_map(|matcher| matcher(view, i))
        .find(|found| found.blue == blue)
}

/// The hidden cells the counter against every visible clue settles at once (those
/// out of the clues it packs), with the clues it reads.
pub(crate) fn counter_settles(view: &View<'_>) -> Vec<(usize, Found)> {
    counter::settles(view)
}

/// The first named rule that settles hidden cell `i` in `view`, whatever colour it
/// gives (under an assumption, not the solution's).
pub(super) fn first_match(view: &View<'_>, i: usize) -> Option<Found> {
    MATCH_ORDER.iter().find_map(|matcher| matcher(view, i))
}
