//! Phrases every subcommand prints the same way: counts with their plural, the list
//! of cells a player cannot deduce, and a diagnostic as a
//! `file:line:col: severity[code]: message` line.

use std::io::Write;

use hexcells_core::model::name;
use hexcells_core::{Diagnostic, Pos};

/// Cells named in a stuck message before it says "and N more".
const MAX_NAMED_CELLS: usize = 12;

/// `9 cells can't be deduced: F7, G8, ...`.
pub fn describe_stuck(stuck: &[Pos]) -> String {
    let mut names: Vec<String> = stuck.iter().take(MAX_NAMED_CELLS).map(|&p| name(p)).collect();
    if stuck.len() > MAX_NAMED_CELLS {
        names.push(format!("and {} more", stuck.len() - MAX_NAMED_CELLS));
    }
    let count = match stuck.len() {
        1 => "1 cell can't be deduced".to_string(),
        n => format!("{n} cells can't be deduced"),
    };
    format!("{count}: {}", names.join(", "))
}

/// `1 round`, `3 rounds`.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// `file:line:col: severity[code]: message`, with 1-based line and column, then a
/// `file:line:col: note: ...` line for each related place.
pub fn write_diagnostic(out: &mut dyn Write, file: &str, d: &Diagnostic) -> std::io::Result<()> {
    writeln!(
        out,
        "{file}:{}:{}: {}[{}]: {}",
        d.range.line + 1,
        d.range.start + 1,
        d.severity.as_str(),
        d.code,
        d.message
    )?;
    for related in &d.related {
        let at = related.range;
        writeln!(
            out,
            "{file}:{}:{}: note: {}",
            at.line + 1,
            at.start + 1,
            related.message
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stuck_cells_are_named_and_long_lists_cut() {
        let cells: Vec<Pos> = (0..14).filter_map(|x| Pos::new(x, 2)).collect();
        assert_eq!(describe_stuck(&cells[..1]), "1 cell can't be deduced: A3");
        assert_eq!(
            describe_stuck(&cells),
            "14 cells can't be deduced: A3, B3, C3, D3, E3, F3, G3, H3, I3, J3, K3, L3, and 2 more"
        );
    }
}
