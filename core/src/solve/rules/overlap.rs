//! Clues that share hidden cells, by their counts: the blue in a shared part is
//! bounded by both clues, which can fill or empty the cells only one of them has.
//! When the inner clues' hidden cells all lie inside the outer clue's, this is
//! `subset` (LEGUP's mirror and touching rules, on hexagons); otherwise `overlap`.
//! Several inner clues that share no cell add up like one.

use super::parts::{pack, Part};
use super::view::{and_list, View};
use super::{Found, Rule, RuleInfo};

pub(super) static SUBSET: RuleInfo = RuleInfo {
    id: "subset",
    name: "Subset",
    sentence: "When one clue's hidden cells all lie inside another's, the other's remaining hidden cells hold the difference of the blue they need.",
    effort: 2,
};

pub(super) static OVERLAP: RuleInfo = RuleInfo {
    id: "overlap",
    name: "Overlap",
    sentence: "Two clues that share hidden cells bound the blue in the shared part; when that bound is all one clue needs, or leaves it exactly its own cells to fill, those cells are settled.",
    effort: 3,
};

/// The inner clues' parts of clue `a` around hidden cell `i` (which they do not
/// hold).
fn parts_of<'v, 'p>(view: &'v View<'p>, a: usize, i: usize) -> impl Iterator<Item = &'v Part> + use<'v, 'p> {
    view.parts_in(a)
        .iter()
        .filter(move |p| !view.clues_of(i).contains(&p.clue))
}

/// `subset` or `overlap` with one inner clue: every pair of clues around `i`.
pub(super) fn pair(view: &View<'_>, i: usize) -> Option<Found> {
    // Subsets first, the simpler reading.
    for want_inside in [true, false] {
        for &a in view.clues_of(i) {
            let Some(need_a) = view.need[a] else { continue };
            let n_black = view.open(a).len() - need_a;
            for p in parts_of(view, a, i) {
                if p.sticks_out == want_inside {
                    continue;
                }
                for (blue, goal) in [(false, need_a), (true, n_black)] {
                    if goal > 0 && p.gain(blue) == goal {
                        return Some(found(view, a, std::slice::from_ref(p), blue));
                    }
                }
            }
        }
    }
    None
}

/// `subset` or `overlap` with several inner clues that share no cell.
pub(super) fn group(view: &View<'_>, i: usize) -> Option<Found> {
    view.clues_of(i).iter().find_map(|&a| {
        let need_a = view.need[a]?;
        let n_black = view.open(a).len() - need_a;
        let parts: Vec<&Part> = parts_of(view, a, i).collect();
        [(false, need_a), (true, n_black)]
            .into_iter()
            .find_map(|(blue, goal)| Some(found(view, a, &pack(&parts, goal, blue)?, blue)))
    })
}

/// The finding: outer clue `a`, its inner `parts`, and the colour of the rest.
fn found(view: &View<'_>, a: usize, parts: &[Part], blue: bool) -> Found {
    let mut parts = parts.to_vec();
    parts.sort_by_key(|p| p.clue);
    let inside = parts.iter().all(|p| !p.sticks_out);
    let text = view.say(|| text(view, a, &parts, inside, blue));
    let mut clues = vec![a];
    clues.extend(parts.iter().map(|p| p.clue));
    Found {
        rule: if inside { Rule::Subset } else { Rule::Overlap },
        clues,
        counter: false,
        blue,
        text,
    }
}

/// The words for outer clue `a`, its inner `parts` (`inside` it or not), and the
/// colour of the rest.
fn text(view: &View<'_>, a: usize, parts: &[Part], inside: bool, blue: bool) -> String {
    let outer = view.label(a);
    let labels: Vec<String> = parts.iter().map(|p| view.label(p.clue)).collect();
    let inner = and_list(&labels);
    let need_a = view.need(a);
    let n_rest = view.open(a).len() - parts.iter().map(|p| p.cells.len()).sum::<usize>();
    let several = parts.len() > 1;
    let apart = if several { ", which share none," } else { "" };
    let (put, allow) = if several {
        ("put", "allow")
    } else {
        ("puts", "allows")
    };
    let still = if need_a == view.puzzle.clues[a].count {
        ""
    } else {
        " still"
    };
    match (inside, blue) {
        (true, false) => format!(
            "the hidden cells of {inner}{apart} lie in {outer} and hold all {need_a} blue it{still} needs: its other cells are black"
        ),
        (true, true) => {
            let held: usize = parts.iter().map(|p| p.hi).sum();
            format!(
                "the hidden cells of {inner}{apart} lie in {outer} and hold only {held} of the {need_a} blue it{still} needs: {}",
                others_are_blue(n_rest)
            )
        }
        (false, false) => {
            let lo: usize = parts.iter().map(|p| p.lo).sum();
            format!(
                "{inner} {put} at least {lo} blue in the cells shared with {outer}, all it{still} needs: its other cells are black"
            )
        }
        (false, true) => {
            let hi: usize = parts.iter().map(|p| p.hi).sum();
            format!(
                "{inner} {allow} at most {hi} blue in the cells shared with {outer}, which{still} needs {need_a}: {}",
                others_are_blue(n_rest)
            )
        }
    }
}

/// `its other cell is blue`, `its other 3 cells are blue`.
fn others_are_blue(n: usize) -> String {
    if n == 1 {
        "its other cell is blue".to_string()
    } else {
        format!("its other {n} cells are blue")
    }
}
