//! The reasoning layers a round is decided and explained with, each sound. Each
//! answers "do these clues force this cell?", or finds a colouring that shows they do
//! not. From the top: the small exact checker (`exact/`), whose short repair search
//! picks its flips as the local search for colourings (`local_search.rs`) does; the SAT
//! solver with its encodings (`sat/`), which asks the LP relaxation (`lp/`) before a
//! slow query.
//!
//! May import: the engine's ground (`puzzle.rs`, `budget.rs`, `key_map.rs`) and the
//! model; nothing else of the engine (no rule, explanation or report type).

pub(crate) mod exact;
pub(crate) mod local_search;
pub(crate) mod lp;
pub(crate) mod sat;
