//! A clue's shape: a `{n}` clue keeps its blue in one group, a `-n-` clue does
//! not, and either can force cells that its count alone leaves open (a cell too far
//! from the blue shown, a gap between two blue cells, a cell that would join them);
//! alone, or with one more clue that shares its cells (`shape-overlap`).

use super::catalogue::{Found, Rule};
use super::round_view::View;

/// `together` or `apart`: a cell one `{n}` or `-n-` clue forces alone (its count
/// alone does not, or `finish` would have named it).
pub(super) fn alone(view: &View<'_>, i: usize) -> Option<Found> {
    view.clues_of(i).iter().find_map(|&c| {
        let together = view.together(c)?;
        let &(_, blue) = view.alone(c).iter().find(|(m, _)| *m == i)?;
        let count = view.puzzle.clues[c].count;
        let rule = if together { Rule::Together } else { Rule::Apart };
        let text = view.say(|| {
            let (label, cell) = (view.label(c), view.cell(i));
            let (way, fits) = if together {
                ("in one group", "every group that fits")
            } else {
                ("apart", "every way that fits")
            };
            let (none, verb) = if together {
                ("no group that fits", "reaches")
            } else {
                ("no way that fits", "uses")
            };
            if blue {
                format!("{label} keeps its {count} blue {way}, and {fits} covers {cell}")
            } else {
                format!("{label} keeps its {count} blue {way}, and {none} {verb} {cell}")
            }
        });
        Some(Found {
            rule,
            clues: vec![c],
            counter: false,
            blue,
            text,
        })
    })
}

/// `shape-overlap`: a `{n}` or `-n-` clue and another clue that shares hidden cells
/// with it force cell `i` together (asked to the exact checker; neither does alone,
/// or an earlier rule would have named it).
pub(super) fn pair(view: &View<'_>, i: usize) -> Option<Found> {
    for &a in view.clues_of(i) {
        for &b in view.neighbours(a) {
            if view.together(a).is_none() && view.together(b).is_none() {
                continue;
            }
            // Pairs of two clues that both hold the cell, once.
            if view.clues_of(i).contains(&b) && b < a {
                continue;
            }
            if !view.pair_forces(a, b, i) {
                continue;
            }
            let (shaped, other) = if view.together(a).is_some() {
                (a, b)
            } else {
                (b, a)
            };
            let blue = view.puzzle.blue[i];
            let text = view.say(|| {
                let together = view.together(shaped) == Some(true);
                let (count, other_count) = (view.puzzle.clues[shaped].count, view.puzzle.clues[other].count);
                let way = if together { "in one group" } else { "apart" };
                let cell = view.cell(i);
                let verdict = if blue { format!("cover {cell}") } else { format!("leave {cell} black") };
                format!(
                    "{} keeps its {count} blue {way}, and the ways that also give {} its {other_count} blue all {verdict}",
                    view.label(shaped),
                    view.label(other)
                )
            });
            return Some(Found {
                rule: Rule::ShapeOverlap,
                clues: vec![a, b],
                counter: false,
                blue,
                text,
            });
        }
    }
    None
}
