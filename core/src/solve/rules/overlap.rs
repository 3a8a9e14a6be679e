//! Clues that share hidden cells, by their counts: the blue in a shared part is
//! bounded by both clues, which can fill or empty the cells only one of them has.
//! When the inner clues' hidden cells all lie inside the outer clue's, this is
//! `subset` (LEGUP's mirror and touching rules, on hexagons); otherwise `overlap`.
//! Several inner clues that share no cell add up like one.
//!
//! [`pair`] and [`group`] name a cell with the clues that prove it; [`forced_by_pairs`]
//! is the engine's quick form (every pair of overlapping clues at once, for the first
//! layer of a round, `fixpoint.rs`).

use super::alone::push_open;
use super::catalogue::{Found, Rule};
use super::region_parts::{pack, Part};
use super::round_view::{and_list, View};
use crate::solve::puzzle::{Puzzle, Values};

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

/// The quick form: cells that two overlapping clues force by their counts alone: the blue cells in
/// their overlap are bounded by both, which can fill or empty the overlap or the
/// cells only one of them has. Only pairs with a clue marked in `changed`. Each
/// cell comes with its colour and the pair that forces it.
pub(super) fn forced_by_pairs(
    puzzle: &Puzzle,
    visible: &[usize],
    is_visible: &[bool],
    values: &Values,
    changed: &[bool],
) -> Vec<(usize, bool, [usize; 2])> {
    // The pairs worth reading: a changed clue and the visible clues it shares a
    // hidden cell with.
    let mut in_pair = vec![false; puzzle.clues.len()];
    for &c in visible.iter().filter(|&&c| changed[c]) {
        in_pair[c] = true;
        for &m in puzzle.clues[c].members.iter().filter(|&&m| values[m].is_none()) {
            for &d in puzzle.clues_of_cell(m) {
                in_pair[d] |= is_visible[d];
            }
        }
    }
    // Those clues' hidden members and need, computed once: the members in one
    // list, each clue's at its range (the rules run every round, and a vector per
    // clue would cost more than reading the pairs).
    let mut open_cells: Vec<usize> = Vec::new();
    let mut open_at: Vec<(usize, usize)> = vec![(0, 0); puzzle.clues.len()];
    let mut need: Vec<Option<usize>> = vec![None; puzzle.clues.len()];
    for &c in visible.iter().filter(|&&c| in_pair[c]) {
        let start = open_cells.len();
        need[c] = push_open(puzzle, c, values, &mut open_cells);
        open_at[c] = (start, open_cells.len());
    }
    let open = |c: usize| &open_cells[open_at[c].0..open_at[c].1];
    let mut out = Vec::new();
    let mut in_a = vec![false; values.len()];
    // The clue `a` a clue `b` was last paired with, plus one (0: never).
    let mut paired = vec![0usize; puzzle.clues.len()];
    for &a in visible.iter().filter(|&&a| in_pair[a]) {
        let (open_a, Some(need_a)) = (open(a), need[a]) else {
            continue;
        };
        for &m in open_a {
            in_a[m] = true;
        }
        for &m in open_a {
            for &b in puzzle.clues_of_cell(m) {
                // Each pair once, from the clue with the smaller index.
                if b <= a || !is_visible[b] || paired[b] == a + 1 {
                    continue;
                }
                paired[b] = a + 1;
                if !changed[a] && !changed[b] {
                    continue;
                }
                let (open_b, Some(need_b)) = (open(b), need[b]) else {
                    continue;
                };
                let n_both = open_b.iter().filter(|c| in_a[**c]).count();
                let (n_only_a, n_only_b) = (open_a.len() - n_both, open_b.len() - n_both);
                // Blue cells in the overlap: from lo to hi.
                let lo = need_a
                    .saturating_sub(n_only_a)
                    .max(need_b.saturating_sub(n_only_b));
                let hi = n_both.min(need_a).min(need_b);
                if lo > hi {
                    continue;
                }
                let settles_both = lo == n_both || hi == 0;
                let settles = |only: usize, need: usize| only > 0 && (need == lo || need - hi == only);
                if !settles_both && !settles(n_only_a, need_a) && !settles(n_only_b, need_b) {
                    continue;
                }
                if settles_both {
                    let blue = lo == n_both;
                    out.extend(open_b.iter().filter(|c| in_a[**c]).map(|&c| (c, blue, [a, b])));
                }
                // Blue cells only one clue has: from need - hi to need - lo.
                if settles(n_only_a, need_a) {
                    let blue = need_a != lo;
                    out.extend(
                        open_a
                            .iter()
                            .filter(|c| !open_b.contains(c))
                            .map(|&c| (c, blue, [a, b])),
                    );
                }
                if settles(n_only_b, need_b) {
                    let blue = need_b != lo;
                    out.extend(open_b.iter().filter(|c| !in_a[**c]).map(|&c| (c, blue, [a, b])));
                }
            }
        }
        for &m in open_a {
            in_a[m] = false;
        }
    }
    out
}
