//! The reasoning layers a round is decided and explained with, each sound: the local
//! search for colourings (`local_search.rs`), the small exact checker (`exact/`), the LP
//! relaxation (`lp/`) and the SAT solver with its encodings (`sat/`). Each answers
//! "do these clues force this cell?", or finds a colouring that shows they do not.
//!
//! May import: the engine's ground (`puzzle.rs`, `budget.rs`, `key_map.rs`) and the
//! model; nothing else of the engine (no rule, explanation or report type).

pub(crate) mod exact;
pub(crate) mod local_search;
pub(crate) mod lp;
pub(crate) mod sat;
