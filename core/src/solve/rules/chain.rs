//! Named rules one after the other: within a round, a cell one rule settles can be
//! the missing piece for the next, so the player uncovers the cell in a few easy
//! steps ("L18 blue (finish-blue), then L20 black (finish-black), so K21 = 2 needs 1
//! more blue and has 1 cell hidden"). Read off the clues the general search found.

use super::catalogue::{Found, Rule};
use super::matching::name;
use super::pair_memo::PairMemo;
use super::round_view::View;
use crate::solve::puzzle::{Puzzle, Values};

/// Clues (the counter counts as one) a chain is followed over; a search that needs
/// more is read as a contradiction.
pub(crate) const MAX_CHAIN_CLUES: usize = 8;

/// Waves of named rules tried before giving up on a chain.
const MAX_WAVES: usize = 6;

/// Steps named in full before the rest are counted.
const MAX_NAMED: usize = 4;

/// The cells named rules settle one after the other from a few clues, followed
/// wave by wave only as far as a cell asked about needs: the waves after the one
/// that settles it change nothing of its reading.
pub(crate) struct Chain {
    /// The clues followed, and whether the counter is read too.
    clues: Vec<usize>,
    counter: bool,
    /// Whether the steps and the chain are put in words.
    texts: bool,
    /// The round's values with the cells settled so far.
    values: Values,
    /// Each settled cell and its rule, in the order settled.
    steps: Vec<(usize, Found)>,
    /// Waves followed so far.
    waves: usize,
    /// Whether the rules stalled (a wave settled nothing) or the waves ran out.
    stalled: bool,
}

impl Chain {
    /// The chain of named rules over `clues` (and the counter when `counter`) from
    /// the round that starts with `known`, in words when `texts`; its waves are
    /// followed when [`Chain::explain`] asks.
    pub(crate) fn new(known: &Values, clues: &[usize], counter: bool, texts: bool) -> Chain {
        Chain {
            clues: clues.to_vec(),
            counter,
            texts,
            values: known.clone(),
            steps: Vec::new(),
            waves: 0,
            stalled: false,
        }
    }

    /// The chain that settles hidden cell `i`: the clues it reads (a part of the
    /// clues followed) and the steps in words; `None` when the rules stall before.
    /// The first wave, which sees `known` itself, asks its pairs of clues through
    /// `pairs`, which the round's other views share.
    pub(crate) fn explain(
        &mut self,
        puzzle: &Puzzle,
        known: &Values,
        pairs: &PairMemo,
        i: usize,
    ) -> Option<Found> {
        while !self.settles(i) && !self.stalled {
            self.wave(puzzle, pairs);
        }
        self.settles(i)
            .then(|| read(puzzle, known, i, &self.steps, self.texts))
    }

    /// Whether a step so far settles cell `i`.
    fn settles(&self, i: usize) -> bool {
        self.steps.iter().any(|(m, _)| *m == i)
    }

    /// One wave: every cell the named rules settle from the values so far.
    fn wave(&mut self, puzzle: &Puzzle, pairs: &PairMemo) {
        if self.waves == MAX_WAVES {
            self.stalled = true;
            return;
        }
        let mut view = View::within(puzzle, &self.values, &self.clues, self.counter, false);
        view.texts = self.texts;
        if self.waves == 0 {
            view.pair_memo = Some(pairs);
        }
        self.waves += 1;
        let settled: Vec<(usize, Found)> = view
            .scope()
            .into_iter()
            .filter_map(|m| Some((m, name(&view, m)?)))
            .collect();
        drop(view);
        if settled.is_empty() {
            self.stalled = true;
        }
        for (m, found) in settled {
            self.values[m] = Some(found.blue);
            self.steps.push((m, found));
        }
    }
}

/// The finding for cell `i` (settled by one of `steps`): the steps it rests on, in
/// order, and their clues; in words when `texts`.
fn read(puzzle: &Puzzle, known: &Values, i: usize, steps: &[(usize, Found)], texts: bool) -> Found {
    let at = |cell: usize| steps.iter().position(|(m, _)| *m == cell);
    let mut needed = vec![false; steps.len()];
    let mut stack: Vec<usize> = at(i).into_iter().collect();
    while let Some(k) = stack.pop() {
        if needed[k] {
            continue;
        }
        needed[k] = true;
        let found = &steps[k].1;
        let mut members: Vec<usize> = found
            .clues
            .iter()
            .flat_map(|&c| puzzle.clues[c].members.iter().copied())
            .collect();
        if found.counter {
            members.extend((0..known.len()).filter(|&m| known[m].is_none()));
        }
        // Cells settled before this step that its clues read.
        stack.extend(
            members
                .into_iter()
                .filter(|&m| known[m].is_none())
                .filter_map(at)
                .filter(|&j| j < k && !needed[j]),
        );
    }
    let used: Vec<&(usize, Found)> = steps
        .iter()
        .zip(&needed)
        .filter(|(_, n)| **n)
        .map(|(s, _)| s)
        .collect();
    let mut clues: Vec<usize> = used.iter().flat_map(|(_, f)| f.clues.iter().copied()).collect();
    clues.sort_unstable();
    clues.dedup();
    let counter = used.iter().any(|(_, f)| f.counter);
    let Some(((_, last), before)) = used.split_last() else {
        return steps[steps.len() - 1].1.clone();
    };
    if before.is_empty() {
        // One rule from these clues alone.
        return last.clone();
    }
    let found = |text: String| Found {
        rule: Rule::Chain,
        clues: clues.clone(),
        counter,
        blue: puzzle.blue[i],
        text,
    };
    if !texts {
        return found(String::new());
    }
    let mut named: Vec<String> = before
        .iter()
        .take(MAX_NAMED)
        .map(|(m, f)| {
            let colour = if f.blue { "blue" } else { "black" };
            format!(
                "{} {colour} ({})",
                crate::model::name(puzzle.cells[*m]),
                f.rule.id()
            )
        })
        .collect();
    if before.len() > MAX_NAMED {
        named.push(format!("{} more", before.len() - MAX_NAMED));
    }
    found(format!("{}, so {}", named.join(", then "), last.text))
}
