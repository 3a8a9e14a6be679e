//! Reads every level of the shared corpus (`../shared/corpus` beside the project):
//! no file makes the parser panic, and no community level earns an error.
//!
//! Skips with a notice when the corpus is absent; `HEXCELLS_CORPUS` points elsewhere.

use std::collections::HashMap;

use hexcells_core::format::parse;
use hexcells_core::Severity;
use hexcells_corpus::Corpus;

#[test]
fn every_corpus_file_parses_and_community_levels_have_no_errors() {
    let Some(corpus) = Corpus::find() else {
        return;
    };
    let files = corpus.levels();
    let origins: HashMap<String, String> = corpus.table("MANIFEST.tsv", "origin").into_iter().collect();
    assert_eq!(files.len(), origins.len(), "MANIFEST.tsv lists every file");
    let mut n_community = 0;
    let mut failures = Vec::new();
    for file in &files {
        let parsed = parse(&file.text);
        assert!(!parsed.levels.is_empty(), "{}: no level read", file.name);
        if origins.get(&file.name).map(String::as_str) != Some("community") {
            continue;
        }
        n_community += 1;
        for d in parsed.all_diagnostics() {
            if d.severity == Severity::Error {
                failures.push(format!(
                    "{}:{}:{}: {}[{}]: {}",
                    file.name,
                    d.range.line + 1,
                    d.range.start + 1,
                    d.severity.as_str(),
                    d.code,
                    d.message
                ));
            }
        }
    }
    println!(
        "read {} corpus files, {n_community} community levels",
        files.len()
    );
    assert!(n_community > 0, "MANIFEST.tsv marks no level as community");
    assert!(
        failures.is_empty(),
        "community levels with errors:\n{}",
        failures.join("\n")
    );
}
