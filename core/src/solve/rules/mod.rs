//! Named deduction rules: the reasoning a player learns, as a catalogue of plain
//! data (an id, a name, a sentence, how much effort it takes), and the matching that
//! names each deduction with the most specific rule that proves it.
//!
//! Each family lives in its own file: `finish.rs` (one clue's count), `shape.rs`
//! (one clue's `{n}` or `-n-`), `pair.rs` (two clues that share cells), `counter.rs`
//! (the remaining-blue counter), `chain.rs` (named rules one after the other) and
//! `contradiction.rs` (the general rule: assume the other colour and show which
//! clue breaks). A round's forced cells are matched against the families in
//! [`MATCH_ORDER`] before the general search of `explain.rs` runs; only the cells
//! none of them proves go to that search, whose clues are then read as a chain of
//! named rules, or else as a contradiction. `docs/rules.md` is the catalogue for
//! authors.

mod alone;
mod chain;
mod contradiction;
mod counter;
mod finish;
mod overlap;
mod pair_memo;
mod parts;
mod propagate;
mod shape;
mod view;

pub(crate) use chain::Chain;
pub(crate) use contradiction::describe as describe_contradiction;
pub(crate) use pair_memo::PairMemo;
pub(crate) use propagate::propagate_changed;
pub(crate) use view::View;

/// A named deduction rule. The order is the catalogue's: simplest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// A clue already has all its blue: its other hidden cells are black.
    FinishBlack,
    /// A clue's hidden cells are exactly the blue it still needs.
    FinishBlue,
    /// What a `{n}` clue's "together" forces alone.
    Together,
    /// What a `-n-` clue's "not together" forces alone.
    Apart,
    /// One clue's hidden cells lie inside another's.
    Subset,
    /// Two clues that share cells bound what the shared part holds.
    Overlap,
    /// A `{n}` or `-n-` clue and a clue that shares its cells.
    ShapeOverlap,
    /// The remaining-blue counter, alone or against clues that share no cell.
    Remaining,
    /// Named rules one after the other within the round.
    Chain,
    /// The general rule: the other colour breaks one of the clues.
    Contradiction,
}

/// What the catalogue says about a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleInfo {
    /// A stable kebab-case id, as in `--json` output and `docs/rules.md`.
    pub id: &'static str,
    /// A short name for people.
    pub name: &'static str,
    /// What the rule says, in one sentence.
    pub sentence: &'static str,
    /// How much a player must take in to see it, from 1 (a glance at one clue) to
    /// 4 (a case split); [`Rule::effort`] says how the clues used add to it. The
    /// difficulty grade builds on it.
    pub effort: u8,
}

impl Rule {
    /// Every rule, in catalogue order.
    pub const ALL: [Rule; 10] = [
        Rule::FinishBlack,
        Rule::FinishBlue,
        Rule::Together,
        Rule::Apart,
        Rule::Subset,
        Rule::Overlap,
        Rule::ShapeOverlap,
        Rule::Remaining,
        Rule::Chain,
        Rule::Contradiction,
    ];

    /// The catalogue entry.
    pub fn info(self) -> &'static RuleInfo {
        match self {
            Rule::FinishBlack => &finish::FINISH_BLACK,
            Rule::FinishBlue => &finish::FINISH_BLUE,
            Rule::Together => &shape::TOGETHER,
            Rule::Apart => &shape::APART,
            Rule::Subset => &overlap::SUBSET,
            Rule::Overlap => &overlap::OVERLAP,
            Rule::ShapeOverlap => &shape::SHAPE_OVERLAP,
            Rule::Remaining => &counter::REMAINING,
            Rule::Chain => &chain::CHAIN,
            Rule::Contradiction => &contradiction::CONTRADICTION,
        }
    }

    /// The stable kebab-case id: `finish-black`, `subset`, `contradiction`, ...
    pub fn id(self) -> &'static str {
        self.info().id
    }

    /// The effort of one deduction by this rule that reads `n_clues` clues (the
    /// counter counts as one): the catalogue's, except that the counter alone is a
    /// glance (1), a subset or overlap of three or more clues takes one more, and a
    /// contradiction over four or more clues is the hardest (5).
    pub fn effort(self, n_clues: usize) -> u8 {
        match self {
            Rule::Remaining if n_clues <= 1 => 1,
            Rule::Subset | Rule::Overlap if n_clues >= 3 => self.info().effort + 1,
            Rule::Contradiction if n_clues >= 4 => 5,
            rule => rule.info().effort,
        }
    }

    /// The rule with this id.
    pub fn from_id(id: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.id() == id)
    }
}

/// A rule that proves a cell's colour, with the clues it reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    pub(crate) rule: Rule,
    /// Puzzle clue indices.
    pub(crate) clues: Vec<usize>,
    /// Whether it reads the remaining counter.
    pub(crate) counter: bool,
    /// The colour it gives the cell.
    pub(crate) blue: bool,
    /// The deduction in words: `S13 = 0 has its 0 blue`.
    pub(crate) text: String,
}

/// Clues (the counter counts as one) a chain is followed over; a search that needs
/// more is read as a contradiction.
pub(crate) const MAX_CHAIN_CLUES: usize = 8;

/// A family's matcher: the rule of the family that proves cell `i` in the round
/// `view`, if any. It may return a colour other than the solution's only through a
/// bug, which [`name`] then ignores.
type Matcher = fn(&View<'_>, usize) -> Option<Found>;

/// The families in the order they are tried: one clue before two, plain counts
/// before shapes, a pair before the counter with several clues.
const MATCH_ORDER: [Matcher; 7] = [
    finish::finish,
    counter::alone,
    shape::alone,
    overlap::pair,
    shape::pair,
    overlap::group,
    counter::against_clues,
];

/// The most specific named rule that proves hidden cell `i`'s solution colour in
/// the round `view`, or `None` when only the general search can explain it.
pub(crate) fn name(view: &View<'_>, i: usize) -> Option<Found> {
    let blue = view.puzzle.blue[i];
    MATCH_ORDER
        .iter()
        .filter_map(|matcher| matcher(view, i))
        .find(|found| found.blue == blue)
}

/// [`name`] without the counter against clues, which depends on every clue: what
/// only changes when a clue near cell `i` does (a replay keeps it between steps).
pub(crate) fn name_near(view: &View<'_>, i: usize) -> Option<Found> {
    let blue = view.puzzle.blue[i];
    MATCH_ORDER[..MATCH_ORDER.len() - 1]
        .iter()
        .filter_map(|matcher| matcher(view, i))
        .find(|found| found.blue == blue)
}

/// The hidden cells the counter against every visible clue settles at once (those
/// out of the clues it packs), with the clues it reads.
pub(crate) fn counter_settles(view: &View<'_>) -> Vec<(usize, Found)> {
    counter::settles(view)
}

/// The first named rule that settles hidden cell `i` in `view`, whatever colour it
/// gives (under an assumption, not the solution's).
fn first_match(view: &View<'_>, i: usize) -> Option<Found> {
    MATCH_ORDER.iter().find_map(|matcher| matcher(view, i))
}
