//! Named deduction rules: the reasoning a player learns, as a catalogue of plain data
//! (an id, a name, a sentence, how much effort it takes: `catalogue.rs`), the matching
//! that names each deduction with the most specific rule that proves it
//! (`matching.rs`), and the quick forms of the same rules that the engine applies
//! first in every round (`fixpoint.rs`).
//!
//! May import: the engine's ground, the exact checker (`reason/exact`, which
//! `round_view.rs` asks about pairs of clues) and the LP (`reason/lp`, whose certificate
//! `sum.rs` reads). Its files import each other, never this one.
//!
//! Each family lives in its own file, its matchers beside its quick form:
//! `finish.rs` (one clue's count) and `clue_shape.rs` (one clue's `{n}` or `-n-`), which
//! both read what one clue forces alone (`alone.rs`); `overlap.rs` (clues that share
//! hidden cells: `subset`, `overlap`); `counter.rs` (the remaining-blue counter);
//! `chain.rs` (named rules one after the other), `sum.rs` (counts added up and
//! taken away over several clues) and `contradiction.rs` (assume the other colour
//! and show which clue breaks: `what-if`, or the general rule). `round_view.rs` is the round
//! as the matchers see it, `region_parts.rs` adds up the inner clues of an overlap or of the
//! counter, and `pair_memo.rs` keeps the shape-overlap rule's answers.
//!
//! A round's forced cells are matched against the families before the general search
//! of `explain/` runs; only the cells none of them proves go to that search, whose
//! clues are then read as a chain of named rules, a sum, a what-if, or else as a
//! contradiction.
//! `docs/rules.md` is the catalogue for authors.
//!
//! Its files, from the top: `fixpoint.rs` (the round's first layer); the readers of
//! the general search's clues, `sum.rs`, `contradiction.rs` and `chain.rs`, which asks
//! `matching.rs`; the families `finish.rs`, `clue_shape.rs`, `overlap.rs` and
//! `counter.rs`; then what they share: `catalogue.rs`, `round_view.rs`, `alone.rs`,
//! `region_parts.rs` and `pair_memo.rs`.
//!
//! A new rule: its entry in `catalogue.rs` (and `docs/rules.md`), a matcher in its
//! family's file (a new file for a new family), and its place in `matching.rs`.

mod alone;
mod catalogue;
mod chain;
mod clue_shape;
mod contradiction;
mod counter;
mod finish;
mod fixpoint;
mod matching;
mod overlap;
mod pair_memo;
mod region_parts;
mod round_view;
mod sum;

pub(crate) use catalogue::Found;
pub use catalogue::{Rule, RuleInfo};
pub(crate) use chain::{Chain, MAX_CHAIN_CLUES};
pub(crate) use contradiction::read as read_contradiction;
pub(crate) use fixpoint::{propagate_changed, Reason};
pub(crate) use matching::{counter_settles, name, name_near};
pub(crate) use pair_memo::PairAnswers;
pub(crate) use pair_memo::PairMemo;
pub(crate) use round_view::View;
pub(crate) use sum::read as read_sum;
