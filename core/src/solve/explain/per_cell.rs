//! A round's explanations, cell by cell: the most specific named rule of `rules/` that
//! proves a forced cell, else the general search (`minimal.rs`) for a minimal set of
//! clues, read as a chain of named rules, a sum, a what-if or a contradiction; cells
//! that lie in the same plain-count clues share an explanation with the counter
//! (`twin.rs`).

use super::minimal::Explainer;
use super::twin;
use crate::model::Pos;
use crate::solve::budget::{Clock, Stop};
use crate::solve::key_map;
use crate::solve::puzzle::{Cand, Puzzle, Values};
use crate::solve::reason::sat::round;
use crate::solve::reason::sat::SatBackend;
use crate::solve::report::{ClueRef, Explanation, Reasoning};
use crate::solve::rules;

/// An explanation for each of the `forced` cells of the round that starts with `known`.
pub(crate) fn explain_all<'p>(
    puzzle: &'p Puzzle,
    known: &Values,
    backend: SatBackend,
    clock: &Clock,
    forced: &[usize],
    solver: Option<round::RoundSolver<'p>>,
) -> Result<Vec<Explanation>, Stop> {
    explain_all_with(puzzle, known, backend, clock, forced, solver, Purpose::Words)
}

/// What a round's explanations are for, which says how much of them to work out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// To be read: minimal clue sets, rules and words.
    Words,
    /// To be counted (a report without words): minimal clue sets and rules.
    Clues,
    /// To grade a step of the replay, which reads only each explanation's effort:
    /// an explanation shown to need more clues than a chain reads is a
    /// contradiction over four or more clues whatever its minimal set, so it is not
    /// minimised further (nor marked minimal).
    Effort,
}

/// [`explain_all`], for `purpose`.
pub(crate) fn explain_all_with<'p>(
    puzzle: &'p Puzzle,
    known: &Values,
    backend: SatBackend,
    clock: &Clock,
    forced: &[usize],
    solver: Option<round::RoundSolver<'p>>,
    purpose: Purpose,
) -> Result<Vec<Explanation>, Stop> {
    let texts = purpose == Purpose::Words;
    let visible = puzzle.visible_clues(known);
    // The round's view and its chains' first views see the same cells: they ask
    // the same pairs of clues.
    let pairs = rules::PairMemo::default();
    let mut view = rules::View::new(puzzle, known, &visible);
    view.texts = texts;
    view.pair_memo = Some(&pairs);
    let visible_at: key_map::KeyMap<Pos, usize> = visible.iter().map(|&c| (puzzle.clues[c].at, c)).collect();
    let mut twins = twin::Twins::default();
    let mut explainer = Explainer::new(puzzle, known, backend, visible, solver);
    if purpose == Purpose::Effort {
        explainer.wide_enough = Some(rules::MAX_CHAIN_CLUES);
    }
    let mut untouched_explanation: Option<Explanation> = None;
    let mut chains: key_map::KeyMap<(Vec<usize>, bool), rules::Chain> = Default::default();
    let mut out = Vec::with_capacity(forced.len());
    for &i in forced {
        clock.check()?;
        // A named rule first: it needs no solver.
        if let Some(found) = rules::name(&view, i) {
            out.push(named(puzzle, found));
            continue;
        }
        // Whether the explainer's questions were about this cell (not a twin's).
        let mut explained_here = false;
        let mut explanation = if !explainer.touches(i) {
            if untouched_explanation.is_none() {
                untouched_explanation = Some(explainer.explain(Cand::Untouched, clock)?);
            }
            untouched_explanation.clone().unwrap_or_default()
        } else if let Some(e) = twins.find(puzzle, i) {
            e.clone()
        } else {
            let explanation = explainer.explain(Cand::Cell(i), clock)?;
            twins.add(puzzle, &visible_at, &explanation, i);
            explained_here = true;
            explanation
        };
        let clues: Vec<usize> = explanation
            .clues
            .iter()
            .filter_map(|clue| match clue {
                ClueRef::Clue(at) => visible_at.get(at).copied(),
                ClueRef::RemainingCounter => None,
            })
            .collect();
        let counter = explanation.clues.contains(&ClueRef::RemainingCounter);
        // The search's clues, read as named rules one after the other, as a sum,
        // or else by assuming the other colour (a what-if or a contradiction).
        // Cells of a round often share their clues: the chain is followed once, as
        // far as its cells asked about need.
        let key = (clues.clone(), counter);
        let chain = if clues.len() + usize::from(counter) > rules::MAX_CHAIN_CLUES {
            None
        } else {
            chains
                .entry(key)
                .or_insert_with(|| rules::Chain::new(known, &clues, counter, texts))
                .explain(puzzle, known, &pairs, i)
        };
        let found = chain
            .or_else(|| {
                let lp_refutes = explained_here
                    .then(|| explainer.lp_knows(&clues, counter))
                    .flatten();
                rules::read_sum(&view, i, &clues, counter, lp_refutes)
            })
            .unwrap_or_else(|| rules::read_contradiction(&view, i, &clues, counter));
        let minimal = explanation.minimal;
        explanation = named(puzzle, found);
        explanation.minimal &= minimal;
        out.push(explanation);
    }
    Ok(out)
}

/// The explanation a named rule gives.
fn named(puzzle: &Puzzle, found: rules::Found) -> Explanation {
    let mut clues: Vec<ClueRef> = found
        .clues
        .iter()
        .map(|&c| ClueRef::Clue(puzzle.clues[c].at))
        .collect();
    if found.counter {
        clues.push(ClueRef::RemainingCounter);
    }
    clues.sort();
    Explanation {
        reasoning: Reasoning::of(&clues),
        clues,
        // Each rule keeps only clues it needs, and is tried after every rule with
        // fewer clues: none can be dropped.
        minimal: true,
        rule: Some(found.rule),
        text: found.text,
    }
}
