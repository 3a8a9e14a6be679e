//! One clue's count finishes it: all its blue are shown (the rest is black), or
//! its hidden cells are just the blue it still needs (they are all blue).

use super::view::{cells, View};
use super::{Found, Rule, RuleInfo};

pub(super) static FINISH_BLACK: RuleInfo = RuleInfo {
    id: "finish-black",
    name: "Finish with black",
    sentence: "A clue that already shows all its blue has only black hidden cells left.",
    effort: 1,
};

pub(super) static FINISH_BLUE: RuleInfo = RuleInfo {
    id: "finish-blue",
    name: "Finish with blue",
    sentence: "A clue whose hidden cells are exactly as many as the blue it still needs has only blue hidden cells left.",
    effort: 1,
};

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
