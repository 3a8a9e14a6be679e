//! Fixes for stuck levels: small edits, each checked by running the engine again.

use super::{Budget, Fix};
use crate::model::Level;

pub(crate) fn suggest_fixes(level: &Level, budget: &Budget) -> Vec<Fix> {
    let _ = (level, budget);
    Vec::new()
}
