//! Shared helpers of core's integration tests: the shared level corpus, read from
//! `../shared/corpus` beside the project (or `HEXCELLS_CORPUS`), never copied into it,
//! and the proptest strategies for levels ([`strategies`]).

#![allow(dead_code)]

#[path = "../../../tests/e2e/support/skip.rs"]
mod skip;
pub mod strategies;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// One corpus file.
pub struct CorpusFile {
    /// Its path below `levels/`, e.g. `owner__repo/name.hexcells`.
    pub name: String,
    /// Its text (lossy UTF-8, as an editor would show it).
    pub text: String,
}

/// The corpus: every level file and the MANIFEST rows.
pub struct Corpus {
    /// Every file below `levels/`, sorted by name.
    pub files: Vec<CorpusFile>,
    /// MANIFEST.tsv rows by file name (below `levels/`): column name -> value.
    pub manifest: HashMap<String, HashMap<String, String>>,
}

impl Corpus {
    /// The `origin` column of a file (`community`, `generated`, `tool-fixture`, ...).
    pub fn origin(&self, name: &str) -> Option<&str> {
        self.manifest.get(name)?.get("origin").map(String::as_str)
    }
}

/// Where the corpus is expected.
pub fn corpus_dir() -> PathBuf {
    match std::env::var_os("HEXCELLS_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
    }
}

pub use skip::skip;

/// The corpus, or `None` (after reporting the test as skipped) when it is absent.
pub fn corpus() -> Option<Corpus> {
    let corpus = read_corpus();
    if corpus.is_none() {
        skip_without_corpus();
    }
    corpus
}

/// Reports the running test as skipped for want of the corpus.
pub fn skip_without_corpus() {
    skip(&format!("corpus not found at {}", corpus_dir().display()));
}

/// The corpus, or `None` when it is absent (without a notice).
pub fn read_corpus() -> Option<Corpus> {
    let dir = corpus_dir();
    let levels = dir.join("levels");
    if !levels.is_dir() {
        return None;
    }
    let mut files = Vec::new();
    collect(&levels, &levels, &mut files);
    files.sort_by(|a, b| a.name.cmp(&b.name));
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv"))
        .map(|text| read_manifest(&text))
        .unwrap_or_default();
    Some(Corpus { files, manifest })
}

fn collect(root: &Path, dir: &Path, out: &mut Vec<CorpusFile>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(root, &path, out);
        } else if let Ok(bytes) = std::fs::read(&path) {
            let name = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .to_string_lossy()
                .replace('\\', "/");
            out.push(CorpusFile {
                name,
                text: String::from_utf8_lossy(&bytes).into_owned(),
            });
        }
    }
}

fn read_manifest(text: &str) -> HashMap<String, HashMap<String, String>> {
    let mut lines = text.lines();
    let Some(header) = lines.next() else {
        return HashMap::new();
    };
    let columns: Vec<&str> = header.split('\t').collect();
    lines
        .filter_map(|line| {
            let row: HashMap<String, String> = columns
                .iter()
                .zip(line.split('\t'))
                .map(|(c, v)| (c.to_string(), v.to_string()))
                .collect();
            let file = row.get("file")?.strip_prefix("levels/")?.to_string();
            Some((file, row))
        })
        .collect()
}
