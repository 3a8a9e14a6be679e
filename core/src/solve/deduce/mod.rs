//! One round of the engine: which hidden cells are forced by what the player sees.
//!
//! May import: the engine's ground, the reasoning layers (`reason/`) and the rules'
//! quick forms (`rules/`); nothing of the explanations or the report.
//!
//! Its files, from the top: `deducer.rs` (the entry: [`Deducer`], the round and its
//! cheapest-first order) and `models.rs` (the colourings kept between rounds).

mod deducer;
mod models;

pub(crate) use deducer::{Deducer, Proof};
