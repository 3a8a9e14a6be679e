//! The remaining-blue counter: alone (no blue left, or as many blue as hidden
//! cells), or against clues that share no hidden cell, whose needs leave the cells
//! outside them no blue at all or nothing but blue.
//!
//! [`alone`] and [`against_clues`] name a cell with the clues that prove it;
//! [`forced_alone`] and [`forced_against_clues`] are the engine's quick forms (for the
//! first layer of a round, `fixpoint.rs`).

use super::alone::push_open;
use super::catalogue::{Found, Rule};
use super::region_parts::{pack_in, CounterPacks, Orders, Part};
use super::round_view::{and_list, cells, View};
use crate::solve::puzzle::{Puzzle, Values};

/// `remaining` alone: no blue left, or as many as hidden cells.
pub(super) fn alone(view: &View<'_>, _i: usize) -> Option<Found> {
    if !view.counter {
        return None;
    }
    let (remaining, n_hidden) = (view.remaining, view.hidden.len());
    let (blue, text) = if remaining == 0 {
        (
            false,
            view.say(|| format!("{}: every hidden cell is black", view.counter_label())),
        )
    } else if remaining == n_hidden {
        let text = view.say(|| {
            format!(
                "{} with {} hidden: all are blue",
                view.counter_label(),
                cells(n_hidden)
            )
        });
        (true, text)
    } else {
        return None;
    };
    Some(Found {
        rule: Rule::Remaining,
        clues: Vec::new(),
        counter: true,
        blue,
        text,
    })
}

/// `remaining` against clues: visible clues that share no hidden cell and do not
/// hold cell `i`, whose needs settle every hidden cell outside them. Only clues that
/// count are kept (each is then needed): for black, clues that need blue; for blue,
/// clues with black cells left.
pub(super) fn against_clues(view: &View<'_>, i: usize) -> Option<Found> {
    if !view.counter {
        return None;
    }
    let goals = goals(view);
    // A packing of every clue serves all the cells it leaves out.
    let packs = packs(view);
    for (k, (blue, goal)) in goals.into_iter().enumerate() {
        let packed = match &packs.whole[k] {
            Some(packed) if !packed.iter().any(|p| p.cells.contains(&i)) => Some(packed.clone()),
            _ => view.counter_pack_without(i, blue, || {
                pack_in(&everywhere(view), &packs.orders[k], view.clues_of(i), goal, blue)
            }),
        };
        if let Some(packed) = packed {
            return Some(found(view, packed, blue));
        }
    }
    None
}

/// The hidden cells out of the counter's packings of every visible clue, each with
/// the finding that settles it.
pub(super) fn settles(view: &View<'_>) -> Vec<(usize, Found)> {
    if !view.counter {
        return Vec::new();
    }
    let whole = &packs(view).whole;
    let mut out = Vec::new();
    for (k, (blue, _)) in goals(view).into_iter().enumerate() {
        let Some(packed) = &whole[k] else { continue };
        let finding = found(view, packed.clone(), blue);
        out.extend(
            view.hidden
                .iter()
                .filter(|&&i| !packed.iter().any(|p| p.cells.contains(&i)))
                .map(|&i| (i, finding.clone())),
        );
    }
    out
}

/// What the counter's packings must gain: for black, the blue left; for blue, the
/// black left.
fn goals(view: &View<'_>) -> [(bool, usize); 2] {
    let n_black = view.hidden.len().saturating_sub(view.remaining);
    [(false, view.remaining), (true, n_black)]
}

/// The visible clues' parts of all hidden cells, as the packings read them.
fn everywhere<'v>(view: &'v View<'_>) -> Vec<&'v Part> {
    view.parts_everywhere().iter().collect()
}

/// The counter's packings of every visible clue, for black and for blue.
fn packs<'v>(view: &'v View<'_>) -> &'v CounterPacks {
    view.counter_packs(|| {
        let everywhere = everywhere(view);
        let orders = [false, true].map(|blue| Orders::new(&everywhere, blue));
        let goals = goals(view);
        let whole = [0, 1].map(|k| pack_in(&everywhere, &orders[k], &[], goals[k].1, goals[k].0));
        CounterPacks { orders, whole }
    })
}

fn found(view: &View<'_>, packed: Vec<Part>, blue: bool) -> Found {
    let mut packed: Vec<usize> = packed.into_iter().map(|p| p.clue).collect();
    packed.sort_unstable();
    Found {
        rule: Rule::Remaining,
        text: view.say(|| text(view, &packed, blue)),
        clues: packed,
        counter: true,
        blue,
    }
}

/// The words for the counter against the clues `packed`, and the colour of the rest.
fn text(view: &View<'_>, packed: &[usize], blue: bool) -> String {
    let labels: Vec<String> = packed.iter().map(|&c| view.label(c)).collect();
    let needs: usize = packed.iter().map(|&c| view.need(c)).sum();
    let counter = view.counter_label();
    let (verb, apart) = if packed.len() == 1 {
        ("needs", String::new())
    } else {
        ("need", ", sharing no cell,".to_string())
    };
    let clues = and_list(&labels);
    if blue {
        format!(
            "{counter}, and {clues}{apart} {verb} only {needs} of them: the other {}, all outside, are blue",
            view.remaining.saturating_sub(needs)
        )
    } else {
        format!("{counter}, and {clues}{apart} {verb} all of them: every other hidden cell is black")
    }
}

/// The quick form of [`against_clues`]: the counter against clues that share no
/// hidden cell. The cells none of them covers hold the remaining blue cells minus
/// what the clues need, which can be none of them or all. Clues are picked greedily,
/// largest first, then smallest first.
pub(super) fn forced_against_clues(
    puzzle: &Puzzle,
    visible: &[usize],
    values: &Values,
) -> Vec<(usize, bool)> {
    let remaining = puzzle.remaining(values);
    // Each clue with hidden members: what it needs, and where its hidden members
    // are in `open` (one vector for all of them).
    let mut open: Vec<usize> = Vec::new();
    let mut clues: Vec<(usize, usize, usize)> = Vec::new();
    for &c in visible {
        let start = open.len();
        match push_open(puzzle, c, values, &mut open) {
            Some(need) if open.len() > start => clues.push((need, start, open.len())),
            _ => open.truncate(start),
        }
    }
    if clues.is_empty() {
        return Vec::new();
    }
    let mut covered = vec![false; values.len()];
    for largest_first in [true, false] {
        clues.sort_by_key(|&(_, start, end)| {
            if largest_first {
                usize::MAX - (end - start)
            } else {
                end - start
            }
        });
        covered.iter_mut().for_each(|c| *c = false);
        let mut needed = 0;
        for &(need, start, end) in &clues {
            let cells = &open[start..end];
            if cells.iter().all(|m| !covered[*m]) {
                for &m in cells {
                    covered[m] = true;
                }
                needed += need;
            }
        }
        // The rest, counted first: it is listed only when it is settled.
        let in_rest = |i: &usize| values[*i].is_none() && !covered[*i];
        let n_rest = (0..values.len()).filter(in_rest).count();
        let Some(blue_in_rest) = remaining.checked_sub(needed) else {
            continue;
        };
        if n_rest == 0 || blue_in_rest > n_rest {
            continue;
        }
        if blue_in_rest == 0 || blue_in_rest == n_rest {
            return (0..values.len())
                .filter(in_rest)
                .map(|i| (i, blue_in_rest > 0))
                .collect();
        }
    }
    Vec::new()
}

/// The quick form of [`alone`]: the counter at 0 (all hidden black) or at the
/// number of hidden cells (all blue).
pub(super) fn forced_alone(puzzle: &Puzzle, values: &Values) -> Vec<(usize, bool)> {
    let n_open = values.iter().filter(|v| v.is_none()).count();
    let remaining = puzzle.remaining(values);
    if n_open > 0 && (remaining == 0 || remaining == n_open) {
        (0..values.len())
            .filter(|i| values[*i].is_none())
            .map(|m| (m, remaining > 0))
            .collect()
    } else {
        Vec::new()
    }
}
