//! Adding up clues: the blue that some clues need, less what others allow in the
//! cells they share, must fit in the cells left ("with N14 black, K11 = 2 and flower
//! M13 = 4 could get at most 5 of the 6 blue they need, as L12 = 3 allows at most 3
//! blue in its cells"). The general form of `subset` and `overlap` for three
//! clues or more, and of `remaining` against clues that overlap: the counting
//! people do over a few clues at once. Read off the clues the general search found,
//! from the linear relaxation's certificate (`lp/`), and checked again here in whole
//! numbers.

use super::catalogue::{Found, Rule};
use super::round_view::{and_list, View};
use crate::solve::reason::lp::{CertificateSide, Relaxation};

/// The most times one clue is counted in a sum that is put in words.
const MAX_TIMES: u32 = 16;

/// The sum over `clues` (and the counter when `counter`) that settles hidden cell
/// `i` of the round `view`, if their counts alone settle it. `lp_refutes` is what
/// the general search already knows of the clues' linear relaxation (a sum exists
/// exactly when it refutes the cell's other colour): when it says, no certificate is
/// needed for the rule, only for its words.
pub(crate) fn read(
    view: &View<'_>,
    i: usize,
    clues: &[usize],
    counter: bool,
    lp_refutes: Option<bool>,
) -> Option<Found> {
    if clues.len() + usize::from(counter) < 2 || view.known[i].is_some() || lp_refutes == Some(false) {
        return None;
    }
    let puzzle = view.puzzle;
    let wrong = !puzzle.blue[i];
    let found = |clues: Vec<usize>, counter: bool, text: String| Found {
        rule: Rule::Sum,
        clues,
        counter,
        blue: !wrong,
        text,
    };
    if lp_refutes == Some(true) && !view.texts {
        return Some(found(clues.to_vec(), counter, String::new()));
    }
    let in_rows = puzzle.held_by(clues);
    let others: Vec<usize> = view.hidden.iter().copied().filter(|&m| !in_rows[m]).collect();
    let certificate = Relaxation::new(puzzle, view.known, clues, &others, counter)
        .whole_certificate(i, MAX_TIMES)
        .and_then(|sides| Some((check(&sides, puzzle.cells.len(), i, wrong)?, sides)))
        .map(|(room, sides)| (sides, room));
    let Some((sides, room)) = certificate.filter(|(sides, _)| sides.iter().any(|s| s.lower)) else {
        // The relaxation refutes the cell, but its multipliers did not come out in
        // small whole numbers: the sum in general words.
        return (lp_refutes == Some(true)).then(|| {
            let text = view.say(|| {
                let colour = if wrong { "blue" } else { "black" };
                format!(
                    "with {} {colour}, the counts of these clues, added up and taken away, leave no room for it",
                    view.cell(i)
                )
            });
            found(clues.to_vec(), counter, text)
        });
    };
    let mut used: Vec<usize> = sides.iter().filter_map(|s| s.clue).map(|k| clues[k]).collect();
    used.sort_unstable();
    used.dedup();
    let reads_counter = sides.iter().any(|s| s.clue.is_none());
    let text = view.say(|| words(view, clues, &sides, i, wrong, room, others.len()));
    Some(found(used, reads_counter, text))
}

/// The certificate checked in whole numbers, with cell `i` at colour `wrong`: the
/// most the cells counted more often than taken away can hold (`room`), which is
/// less than the blue the sides leave them, or `None` when it does not hold.
fn check(sides: &[CertificateSide], n_cells: usize, i: usize, wrong: bool) -> Option<i64> {
    let mut weight = vec![0i64; n_cells];
    let mut need = 0i64;
    for side in sides {
        let (sign, times) = (if side.lower { 1 } else { -1 }, i64::from(side.times));
        need += sign * times * side.bound;
        for &m in &side.cells {
            weight[m] += sign * times;
        }
    }
    let room: i64 = weight
        .iter()
        .enumerate()
        .map(|(m, &w)| if m == i { w * i64::from(wrong) } else { w.max(0) })
        .sum();
    (room < need).then_some(room)
}

/// The sum in words: `with N14 black, K11 = 2 and flower M13 = 4 could get at most
/// 5 of the 6 blue they need, as L12 = 3 allows at most 3 blue in its cells`.
fn words(
    view: &View<'_>,
    clues: &[usize],
    sides: &[CertificateSide],
    i: usize,
    wrong: bool,
    room: i64,
    n_outside: usize,
) -> String {
    let label = |side: &CertificateSide| -> String {
        let what = match side.clue {
            None if side.lower && n_outside > 0 => format!(
                "{} (less the {n_outside} hidden cells outside these clues)",
                view.counter_label()
            ),
            None => view.counter_label(),
            Some(k) if side.count => view.label(clues[k]),
            Some(k) => {
                let cells: Vec<String> = side.cells.iter().map(|&m| view.cell(m)).collect();
                format!(
                    "{} (at most {} of {})",
                    view.label(clues[k]),
                    side.bound,
                    and_list(&cells)
                )
            }
        };
        match side.times {
            1 => what,
            2 => format!("twice {what}"),
            n => format!("{n} times {what}"),
        }
    };
    let total = |lower: bool| -> i64 {
        sides
            .iter()
            .filter(|s| s.lower == lower)
            .map(|s| i64::from(s.times) * s.bound)
            .sum()
    };
    let plus: Vec<String> = sides.iter().filter(|s| s.lower).map(label).collect();
    let minus: Vec<String> = sides.iter().filter(|s| !s.lower).map(label).collect();
    let (needed, allowed) = (total(true), total(false));
    let colour = if wrong { "blue" } else { "black" };
    let (they, need) = if plus.len() == 1 && sides.iter().all(|s| !s.lower || s.times == 1) {
        ("it", "needs")
    } else {
        ("they", "need")
    };
    // The sides say: blue in the first clues' cells - blue in the others' <= the
    // most the cells they do not share can hold (`room`), so the first get at most
    // `room + allowed`, fewer than they need.
    let got = room + allowed;
    let shared = if minus.is_empty() {
        String::new()
    } else {
        let (allow, theirs) = if minus.len() == 1 {
            ("allows", "its cells")
        } else {
            ("allow", "theirs")
        };
        format!(
            ", as {} {allow} at most {allowed} blue in {theirs}",
            and_list(&minus)
        )
    };
    format!(
        "with {} {colour}, {} could get at most {} of the {needed} blue {they} {need}{shared}",
        view.cell(i),
        and_list(&plus),
        got.max(0),
    )
}
