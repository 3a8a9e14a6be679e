//! The linear relaxation of one round: every visible count as an equality over the
//! hidden cells in [0, 1], and the remaining-blue counter as a range. When it is
//! infeasible with a cell at its wrong colour, the cell is forced. This refutes the
//! counting arguments (overlapping exact counts) that a CDCL solver finds hard.
//!
//! May import: the engine's ground.
//!
//! Its files, from the top: `relaxation.rs` (the entry: [`Relaxation`], its questions
//! and its whole-number certificates) and `farkas.rs` (the Farkas certificate that
//! names the clues a refutation used, by a small dense simplex).

mod farkas;
mod relaxation;

pub(crate) use relaxation::{CertificateSide, Relaxation};
