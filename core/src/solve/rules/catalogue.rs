//! The catalogue of named rules as plain data: every [`Rule`] with its id, name,
//! sentence and effort ([`RuleInfo`]), in the order `docs/rules.md` lists them, and
//! what a matcher finds ([`Found`]).

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
    /// Several clues' counts added up and taken away over the cells they share.
    Sum,
    /// Named rules one after the other within the round.
    Chain,
    /// The other colour, followed clue by clue, breaks one of the clues.
    WhatIf,
    /// The general rule: the other colour cannot meet all the clues, which only
    /// trying both colours of another cell shows.
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
    /// 5 (a case split); [`Rule::effort`] says how the clues used add to it. The
    /// difficulty grade builds on it.
    pub effort: u8,
}

impl Rule {
    /// Every rule, in catalogue order.
    pub const ALL: [Rule; 12] = [
        Rule::FinishBlack,
        Rule::FinishBlue,
        Rule::Together,
        Rule::Apart,
        Rule::Subset,
        Rule::Overlap,
        Rule::ShapeOverlap,
        Rule::Remaining,
        Rule::Sum,
        Rule::Chain,
        Rule::WhatIf,
        Rule::Contradiction,
    ];

    /// The catalogue entry.
    pub fn info(self) -> &'static RuleInfo {
        match self {
            Rule::FinishBlack => &FINISH_BLACK,
            Rule::FinishBlue => &FINISH_BLUE,
            Rule::Together => &TOGETHER,
            Rule::Apart => &APART,
            Rule::Subset => &SUBSET,
            Rule::Overlap => &OVERLAP,
            Rule::ShapeOverlap => &SHAPE_OVERLAP,
            Rule::Remaining => &REMAINING,
            Rule::Sum => &SUM,
            Rule::Chain => &CHAIN,
            Rule::WhatIf => &WHAT_IF,
            Rule::Contradiction => &CONTRADICTION,
        }
    }

    /// The stable kebab-case id: `finish-black`, `subset`, `contradiction`, ...
    pub fn id(self) -> &'static str {
        self.info().id
    }

    /// The effort of one deduction by this rule that reads `n_clues` clues (the
    /// counter counts as one): the catalogue's, except that the counter alone is a
    /// glance (1), a subset or overlap of three or more clues takes one more, a sum
    /// of three clues is an overlap's (3) and one of five or more the hardest (5),
    /// as is a what-if over five or more clues.
    pub fn effort(self, n_clues: usize) -> u8 {
        match self {
            Rule::Remaining if n_clues <= 1 => 1,
            Rule::Subset | Rule::Overlap if n_clues >= 3 => self.info().effort + 1,
            Rule::Sum if n_clues <= 3 => 3,
            Rule::Sum | Rule::WhatIf if n_clues >= 5 => 5,
            rule => rule.info().effort,
        }
    }

    /// The rule with this id.
    pub fn from_id(id: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.id() == id)
    }
}

static FINISH_BLACK: RuleInfo = RuleInfo {
    id: "finish-black",
    name: "Finish with black",
    sentence: "A clue that already shows all its blue has only black hidden cells left.",
    effort: 1,
};

static FINISH_BLUE: RuleInfo = RuleInfo {
    id: "finish-blue",
    name: "Finish with blue",
    sentence: "A clue whose hidden cells are exactly as many as the blue it still needs has only blue hidden cells left.",
    effort: 1,
};

static TOGETHER: RuleInfo = RuleInfo {
    id: "together",
    name: "Together",
    sentence: "A {n} clue's blue cells form one group: a cell no such group can reach is black, and a cell every such group covers is blue.",
    effort: 2,
};

static APART: RuleInfo = RuleInfo {
    id: "apart",
    name: "Apart",
    sentence: "A -n- clue's blue cells are not all in one group: a cell that would close the group is black, and a cell every split needs is blue.",
    effort: 2,
};

static SUBSET: RuleInfo = RuleInfo {
    id: "subset",
    name: "Subset",
    sentence: "When one clue's hidden cells all lie inside another's, the other's remaining hidden cells hold the difference of the blue they need.",
    effort: 2,
};

static OVERLAP: RuleInfo = RuleInfo {
    id: "overlap",
    name: "Overlap",
    sentence: "Two clues that share hidden cells bound the blue in the shared part; when that bound is all one clue needs, or leaves it exactly its own cells to fill, those cells are settled.",
    effort: 3,
};

static SHAPE_OVERLAP: RuleInfo = RuleInfo {
    id: "shape-overlap",
    name: "Shape and overlap",
    sentence: "A {n} or -n- clue and a clue that shares its cells: of the ways the first can place its blue, only those that leave the second its count remain, and they all agree on the cell.",
    effort: 3,
};

static REMAINING: RuleInfo = RuleInfo {
    id: "remaining",
    name: "Remaining",
    sentence: "The counter shows the blue still hidden: when clues that share no cell need all of it, every other hidden cell is black; when they leave exactly the cells outside them, those are blue (with no clue: 0 left means all black, as many as hidden cells means all blue).",
    effort: 3,
};

static CHAIN: RuleInfo = RuleInfo {
    id: "chain",
    name: "Chain",
    sentence: "Cells that other rules settle from the same clues complete what the last clue needs: follow the steps in order.",
    effort: 3,
};

static SUM: RuleInfo = RuleInfo {
    id: "sum",
    name: "Sum",
    sentence: "Add up the blue that some clues need and take away what others allow in the cells they share: what is left must fit in the cells that remain, which settles them.",
    effort: 4,
};

static WHAT_IF: RuleInfo = RuleInfo {
    id: "what-if",
    name: "What if",
    sentence: "Give the cell the other colour and follow what the listed clues then settle, one step at a time: one of them breaks, so the cell has this colour.",
    effort: 4,
};

static CONTRADICTION: RuleInfo = RuleInfo {
    id: "contradiction",
    name: "Contradiction",
    sentence: "Give the cell the other colour: the listed clues cannot all hold, but following them one at a time does not show it; it takes trying both colours of another cell.",
    effort: 5,
};

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
