//! The language server's features in `docs/editors.md`, from the `// Feature: Name`
//! blocks of `server/src/lsp/handlers/*.rs` (as rust-analyzer keeps its manual beside
//! its code): each block is a plain `//` comment, its first line names the feature and
//! the lines after it are the feature's user doc in Markdown, written next to the
//! handler that implements it.

use std::path::Path;

use super::Section;

/// Where the handlers are, from the repository root.
pub const HANDLERS: &str = "server/src/lsp/handlers";

/// Handler files with no feature of their own, each with the reason.
const NO_FEATURE: &[(&str, &str)] = &[
    // The handlers' folder: its doc, no handler.
    ("mod.rs", "the folder's map"),
    // The handshake: what the user sees of it is the settings (configuration.rs).
    ("initialize.rs", "the handshake with the client"),
];

/// One `// Feature:` block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feature {
    /// Its name, the heading in the manual (`Hover`).
    pub name: String,
    /// Its user doc, Markdown, one line per comment line.
    pub doc: Vec<String>,
}

/// The `// Feature:` blocks of one source file, in file order.
pub fn features_in(source: &str) -> Vec<Feature> {
    let mut features = Vec::new();
    let mut lines = source.lines().map(str::trim_start).peekable();
    while let Some(line) = lines.next() {
        let Some(name) = line.strip_prefix("// Feature: ") else {
            continue;
        };
        let mut doc = Vec::new();
        while let Some(text) = lines.peek().and_then(|l| comment_text(l)) {
            doc.push(text.to_string());
            lines.next();
        }
        while doc.first().is_some_and(|l| l.is_empty()) {
            doc.remove(0);
        }
        while doc.last().is_some_and(|l| l.is_empty()) {
            doc.pop();
        }
        features.push(Feature {
            name: name.trim().to_string(),
            doc,
        });
    }
    features
}

/// The text of a plain `//` comment line (not `///` or `//!`), without `// `.
fn comment_text(line: &str) -> Option<&str> {
    let text = line.strip_prefix("//")?;
    if text.starts_with('/') || text.starts_with('!') {
        return None;
    }
    Some(text.strip_prefix(' ').unwrap_or(text))
}

/// Every feature of the handlers under `root` with its file name, by feature name;
/// or what is amiss: a handler without a feature (and not in the list of those that
/// have none), a feature without a doc, a name used twice.
pub fn features(root: &Path) -> Result<Vec<(String, Feature)>, Vec<String>> {
    let dir = root.join(HANDLERS);
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".rs"))
        .collect();
    files.sort();
    let mut all: Vec<(String, Feature)> = Vec::new();
    let mut problems = Vec::new();
    for file in files {
        let source = std::fs::read_to_string(dir.join(&file)).expect("read a handler");
        let found = features_in(&source);
        let exempt = NO_FEATURE.iter().any(|(name, _)| *name == file);
        if found.is_empty() && !exempt {
            problems.push(format!(
                "{HANDLERS}/{file} has no `// Feature: Name` block: write the feature's user doc \
                 next to its handler (a file with no feature of its own goes in NO_FEATURE, \
                 tests/e2e/support/docgen/lsp.rs)"
            ));
        }
        for feature in found {
            if feature.doc.iter().all(|l| l.trim().is_empty()) {
                problems.push(format!(
                    "{HANDLERS}/{file}: the feature {} has no doc",
                    feature.name
                ));
            }
            if all.iter().any(|(_, f)| f.name == feature.name) {
                problems.push(format!("{HANDLERS}/{file}: a second feature {}", feature.name));
            }
            all.push((file.clone(), feature));
        }
    }
    if problems.is_empty() {
        all.sort_by(|(_, a), (_, b)| a.name.cmp(&b.name));
        Ok(all)
    } else {
        Err(problems)
    }
}

/// The part of `docs/editors.md`: a `###` heading and the doc of each feature.
pub fn section(features: &[(String, Feature)]) -> Section {
    let mut text = String::new();
    for (_, feature) in features {
        text.push_str(&format!("\n### {}\n\n", feature.name));
        for line in &feature.doc {
            text.push_str(line);
            text.push('\n');
        }
    }
    text.push('\n');
    Section {
        source: HANDLERS.to_string(),
        text,
    }
}
