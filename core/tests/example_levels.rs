//! The project's own example levels (`tests/levels/*.hexcells`, the ones the README
//! points at) stay clean: no errors and no warnings, and `hexcells fmt` leaves them
//! as they are.

use std::path::Path;

use hexcells_core::format::{format, parse};
use hexcells_core::Severity;

#[test]
fn example_levels_are_clean_and_canonical() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/levels");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    paths.retain(|p| p.extension().is_some_and(|e| e == "hexcells"));
    paths.sort();
    assert!(
        paths.len() >= 4,
        "expected at least 4 example levels in {}",
        dir.display()
    );
    let mut problems = Vec::new();
    for path in &paths {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let parsed = parse(&text);
        if parsed.levels.len() != 1 || parsed.levels[0].level.n_cells() == 0 {
            problems.push(format!("{name}: expected one level with cells"));
        }
        for d in parsed.all_diagnostics() {
            if matches!(d.severity, Severity::Error | Severity::Warning) {
                problems.push(format!(
                    "{name}:{}: {}[{}]: {}",
                    d.range.line + 1,
                    d.severity.as_str(),
                    d.code,
                    d.message
                ));
            }
        }
        if format(&text).as_deref() != Ok(text.as_str()) {
            problems.push(format!("{name}: not in canonical form (run `hexcells fmt`)"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
