//! The last readings of the general search's clues: assume the cell has the other
//! colour and follow what the listed clues then settle by the named rules. When a
//! clue breaks on the way, that is `what-if` ("if Q19 were black, R16 = 2 could get
//! at most 1 blue"); when following them stalls first, only trying both colours of
//! another cell shows it, and that is the general rule, `contradiction`. The clues
//! come from the general search (`explain/`), which proves that they force the
//! cell; this file only says how.

use super::alone;
use super::catalogue::{Found, Rule};
use super::chain::MAX_CHAIN_CLUES;
use super::matching::first_match;
use super::round_view::{and_list, View};
use crate::solve::puzzle::Values;

/// Cells of a chain named before "and N more".
const MAX_CHAIN: usize = 4;

/// Waves of rules followed under the assumption before giving up.
const MAX_WAVES: usize = 12;

/// What broke.
enum Broken {
    Clue(usize),
    Counter,
}

/// The deduction of hidden cell `i` in the round `view` by the clues `clues` (and
/// the counter when `counter`): `what-if` or `contradiction`, and in words (when the
/// view puts its findings in words) the assumption, the cells it settles on the
/// way, and the clue that breaks.
pub(crate) fn read(view: &View<'_>, i: usize, clues: &[usize], counter: bool) -> Found {
    let found = |rule: Rule, text: String| Found {
        rule,
        clues: clues.to_vec(),
        counter,
        blue: view.puzzle.blue[i],
        text,
    };
    let (broke, text) = follow(view, i, clues, counter);
    found(if broke { Rule::WhatIf } else { Rule::Contradiction }, text)
}

/// Whether following `clues` from cell `i` at its other colour breaks one of them,
/// and the words for it.
fn follow(view: &View<'_>, i: usize, clues: &[usize], counter: bool) -> (bool, String) {
    let puzzle = view.puzzle;
    let other = if puzzle.blue[i] { "black" } else { "blue" };
    let head = format!("if {} were {other}", view.cell(i));
    let mut values: Values = view.known.clone();
    values[i] = Some(!puzzle.blue[i]);
    // The cells settled under the assumption, in order, each with the clues its
    // rule read (and whether it read the counter).
    let mut order: Vec<(usize, Vec<usize>, bool)> = vec![(i, Vec::new(), false)];
    let mut broken = None;
    for _ in 0..MAX_WAVES {
        // What single clues (and the counter) settle, to a fixpoint, is cheap;
        // the named rules over several clues are asked when that stalls.
        match settle_singly(view, &mut values, clues, counter, &mut order) {
            Err(b) => {
                broken = Some(b);
                break;
            }
            Ok(true) => continue,
            Ok(false) if clues.len() > MAX_CHAIN_CLUES => break,
            Ok(false) => {}
        }
        let assumed = View::within(puzzle, &values, clues, counter, true);
        let settled: Vec<(usize, Found)> = assumed
            .scope()
            .into_iter()
            .filter_map(|m| Some((m, first_match(&assumed, m)?)))
            .collect();
        if settled.is_empty() {
            break;
        }
        for (m, found) in settled {
            if values[m].is_none() {
                values[m] = Some(found.blue);
                order.push((m, found.clues, found.counter));
            }
        }
    }
    let Some(broken) = broken else {
        if !view.texts {
            return (false, String::new());
        }
        let mut all: Vec<String> = clues.iter().map(|&c| view.label(c)).collect();
        if counter {
            all.push(view.counter_label());
        }
        return (
            false,
            format!(
                "{head}, {} could not all hold: it takes trying both colours of another cell to see it",
                and_list(&all)
            ),
        );
    };
    if !view.texts {
        return (true, String::new());
    }
    let how = match broken {
        Broken::Clue(c) => clue_break(view, c, &values),
        Broken::Counter => {
            let (n_blue, n_open) = tally(&view.hidden, &values);
            count_break(&view.counter_label(), view.remaining, n_blue, n_open)
        }
    };
    let chain = chain(view, &order, &broken);
    if chain.is_empty() {
        return (true, format!("{head}, {how}"));
    }
    let mut steps: Vec<String> = chain
        .iter()
        .take(MAX_CHAIN)
        .enumerate()
        .map(|(k, &m)| {
            let colour = if values[m] == Some(true) { "blue" } else { "black" };
            if k == 0 {
                format!("{} would be {colour}", view.cell(m))
            } else {
                format!("{} {colour}", view.cell(m))
            }
        })
        .collect();
    if chain.len() > MAX_CHAIN {
        steps.push(format!("{} more", chain.len() - MAX_CHAIN));
    }
    (true, format!("{head}, then {}, and {how}", and_list(&steps)))
}

/// One pass of what each of `clues` (then the counter, when `counter`) settles
/// alone under `values`, recorded in `order`: whether it settled a cell, or the
/// clue that cannot hold.
fn settle_singly(
    view: &View<'_>,
    values: &mut Values,
    clues: &[usize],
    counter: bool,
    order: &mut Vec<(usize, Vec<usize>, bool)>,
) -> Result<bool, Broken> {
    let before = order.len();
    for &c in clues {
        let forced = alone::forced_or_broken(view.puzzle, c, values).ok_or(Broken::Clue(c))?;
        for (m, blue) in forced {
            if values[m].is_none() {
                values[m] = Some(blue);
                order.push((m, vec![c], false));
            }
        }
    }
    if counter {
        let (n_blue, n_open) = tally(&view.hidden, values);
        if n_blue > view.remaining || n_blue + n_open < view.remaining {
            return Err(Broken::Counter);
        }
        let need = view.remaining - n_blue;
        if n_open > 0 && (need == 0 || need == n_open) {
            for &m in &view.hidden {
                if values[m].is_none() {
                    values[m] = Some(need > 0);
                    order.push((m, Vec::new(), true));
                }
            }
        }
    }
    Ok(order.len() > before)
}

/// Blue and open cells among `cells`.
fn tally(cells: &[usize], values: &[Option<bool>]) -> (usize, usize) {
    let n_blue = cells.iter().filter(|&&m| values[m] == Some(true)).count();
    let n_open = cells.iter().filter(|&&m| values[m].is_none()).count();
    (n_blue, n_open)
}

/// How clue `c` breaks under `values`.
fn clue_break(view: &View<'_>, c: usize, values: &[Option<bool>]) -> String {
    let clue = &view.puzzle.clues[c];
    let (n_blue, n_open) = tally(&clue.members, values);
    let label = view.label(c);
    if n_blue > clue.count || n_blue + n_open < clue.count {
        return count_break(&label, clue.count, n_blue, n_open);
    }
    match view.together(c) {
        Some(false) => format!("{label} could not keep its blue apart"),
        _ => format!("{label} could not keep its blue in one group"),
    }
}

/// How a count of `count` breaks with `n_blue` blue and `n_open` open cells.
fn count_break(label: &str, count: usize, n_blue: usize, n_open: usize) -> String {
    if n_blue > count {
        format!("{label} would get {n_blue} blue")
    } else {
        format!("{label} could get at most {} blue", n_blue + n_open)
    }
}

/// The cells settled on the way that the break rests on, in the order they were
/// settled (the assumption left out).
fn chain(view: &View<'_>, order: &[(usize, Vec<usize>, bool)], broken: &Broken) -> Vec<usize> {
    let puzzle = view.puzzle;
    let n = puzzle.cells.len();
    let mut when = vec![usize::MAX; n];
    for (k, (m, _, _)) in order.iter().enumerate() {
        when[*m] = k;
    }
    let reads = |clues: &[usize], counter: bool| -> Vec<usize> {
        let mut cells: Vec<usize> = clues
            .iter()
            .flat_map(|&c| puzzle.clues[c].members.iter().copied())
            .collect();
        if counter {
            cells.extend(&view.hidden);
        }
        cells
    };
    let mut stack = match broken {
        Broken::Clue(c) => reads(&[*c], false),
        Broken::Counter => reads(&[], true),
    };
    let mut needed = vec![false; n];
    while let Some(m) = stack.pop() {
        if when[m] == usize::MAX || needed[m] {
            continue;
        }
        needed[m] = true;
        let (_, clues, counter) = &order[when[m]];
        stack.extend(reads(clues, *counter).into_iter().filter(|&r| when[r] < when[m]));
    }
    order[1..]
        .iter()
        .map(|(m, _, _)| *m)
        .filter(|&m| needed[m])
        .collect()
}
