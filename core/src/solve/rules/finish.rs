//! One clue's count finishes it: all its blue are shown (the rest is black), or
//! its hidden cells are just the blue it still needs (they are all blue).

use super::catalogue::{Found, Rule};
use super::round_view::{cells, View};

/// `finish-black` or `finish-blue` by one of the cell's clues.
pub(super) fn finish(view: &View<'_>, i: usize) -> Option<Found> {
    view.clues_of(i).iter().find_map(|&c| {
        let need = view.need[c]?;
        let n_open = view.open(c).len();
        let count = view.puzzle.clues[c].count;
        let (rule, blue, text) = if need == 0 {
            let text = view.say(|| format!("{} has its {count} blue", view.label(c)));
            (Rule::FinishBlack, false, text)
        } else if need == n_open {
            let more = if need == count { "" } else { " more" };
            let text = view.say(|| {
                format!(
                    "{} needs {need}{more} blue and has {} hidden",
                    view.label(c),
                    cells(n_open)
                )
            });
            (Rule::FinishBlue, true, text)
        } else {
            return None;
        };
        Some(Found {
            rule,
            clues: vec![c],
            counter: false,
            blue,
            text,
        })
    })
}
