//! The shared corpus of real levels, as the tests and benchmarks read it: where it is
//! (`../shared/corpus` beside the project, or where `HEXCELLS_CORPUS` points), its
//! level files in one walk, and its tables (`MANIFEST.tsv`, `expected-verdicts.tsv`,
//! the authors' labels of `post-labels.tsv`: [`labels`]).
//! The corpus is never copied into the project: without it, a test reports itself
//! skipped with a visible notice ([`skip`]) and checks what it can without it. A pack
//! of its levels, for the figures of packs at scale, is built in memory ([`pack`]).
//!
//! It uses nothing but std, and only tests and benchmarks depend on it, so core's
//! tests read the corpus while core itself does no I/O.

pub mod labels;
pub mod pack;
pub mod skip;

pub use labels::PostLabel;
pub use pack::Pack;
pub use skip::skip;

use std::path::{Path, PathBuf};

/// The environment variable that names the corpus directory.
pub const CORPUS_VAR: &str = "HEXCELLS_CORPUS";

/// The shared corpus: a directory holding `levels/` (the level files, one folder per
/// source), `MANIFEST.tsv` (a row per file) and `expected-verdicts.tsv`.
#[derive(Clone, Debug)]
pub struct Corpus {
    dir: PathBuf,
}

/// One level file of the corpus.
#[derive(Clone, Debug)]
pub struct LevelFile {
    /// Its path below the corpus directory with `/` between folders, as the corpus's
    /// tables name it: `levels/owner__repo/name.hexcells`.
    pub name: String,
    /// Where it is on disk.
    pub path: PathBuf,
    /// Its text (lossy UTF-8, as an editor would show it).
    pub text: String,
}

impl Corpus {
    /// The corpus, or `None` after reporting the running test as skipped (see
    /// [`skip`]) when it is absent.
    pub fn find() -> Option<Corpus> {
        let corpus = Corpus::locate();
        if corpus.is_none() {
            report_absent();
        }
        corpus
    }

    /// The corpus, or `None` when it is absent, without a notice.
    pub fn locate() -> Option<Corpus> {
        let dir = expected_dir();
        dir.join("levels").is_dir().then_some(Corpus { dir })
    }

    /// The corpus directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The folder of the level files.
    pub fn levels_dir(&self) -> PathBuf {
        self.dir.join("levels")
    }

    /// Every file below `levels/`, sorted by path: the one walk of the corpus.
    pub fn level_paths(&self) -> Vec<PathBuf> {
        let mut out = Vec::new();
        walk(&self.levels_dir(), &mut out);
        out.sort();
        out
    }

    /// Every level file with its name and text, in the order of [`Corpus::level_paths`]
    /// (a file that cannot be read is left out).
    pub fn levels(&self) -> Vec<LevelFile> {
        self.level_paths()
            .into_iter()
            .filter_map(|path| {
                let bytes = std::fs::read(&path).ok()?;
                let name = path
                    .strip_prefix(&self.dir)
                    .unwrap_or(&path)
                    .to_string_lossy()
                    .replace('\\', "/");
                let text = String::from_utf8_lossy(&bytes).into_owned();
                Some(LevelFile { name, path, text })
            })
            .collect()
    }

    /// The level files people made (`origin` `community` in `MANIFEST.tsv`), as
    /// [`Corpus::levels`] gives them.
    pub fn community_levels(&self) -> Vec<LevelFile> {
        let community: std::collections::BTreeSet<String> = self
            .table("MANIFEST.tsv", "origin")
            .into_iter()
            .filter(|(_, origin)| origin == "community")
            .map(|(file, _)| file)
            .collect();
        self.levels()
            .into_iter()
            .filter(|f| community.contains(&f.name))
            .collect()
    }

    /// One column of a table of the corpus (`MANIFEST.tsv`, `expected-verdicts.tsv`):
    /// each row's `file` (a [`LevelFile::name`]) with its value in `column`, in the
    /// table's order. Empty when the table or the column is missing.
    pub fn table(&self, table: &str, column: &str) -> Vec<(String, String)> {
        let text = std::fs::read_to_string(self.dir.join(table)).unwrap_or_default();
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
        let (Some(file_col), Some(value_col)) = (
            header.iter().position(|h| *h == "file"),
            header.iter().position(|h| *h == column),
        ) else {
            return Vec::new();
        };
        lines
            .filter_map(|line| {
                let fields: Vec<&str> = line.split('\t').collect();
                Some((
                    fields.get(file_col)?.to_string(),
                    fields.get(value_col)?.to_string(),
                ))
            })
            .collect()
    }
}

/// Where the corpus is expected: where `HEXCELLS_CORPUS` points, else
/// `../shared/corpus` beside the project.
pub fn expected_dir() -> PathBuf {
    match std::env::var_os(CORPUS_VAR) {
        Some(dir) => PathBuf::from(dir),
        None => {
            // This crate is `tests/corpus` in the workspace.
            let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2);
            workspace.unwrap_or(Path::new(".")).join("../shared/corpus")
        }
    }
}

/// The environment variable that has the corpus tests read every level, not a sample.
pub const FULL_VAR: &str = "HEXCELLS_CORPUS_FULL";

/// How much of the corpus a test reads, as `(step, max_cells)`: every `step`th level
/// of up to `max_cells` cells by default, every level with [`FULL_VAR`] set.
pub fn sample(step: usize, max_cells: usize) -> (usize, usize) {
    if std::env::var_os(FULL_VAR).is_some() {
        (1, usize::MAX)
    } else {
        (step, max_cells)
    }
}

/// Reports the running test as skipped for want of the corpus.
pub fn report_absent() {
    skip(&format!("corpus not found at {}", expected_dir().display()));
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A corpus of our own in a temporary directory: two levels, one in a subfolder,
    /// and a manifest.
    fn tiny_corpus() -> (PathBuf, Corpus) {
        let dir = std::env::temp_dir().join(format!("hexcells-corpus-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("levels/b__repo")).expect("make the corpus folders");
        std::fs::write(dir.join("levels/b__repo/two.hexcells"), "second").expect("write a level");
        std::fs::write(dir.join("levels/a.hexcells"), "first").expect("write a level");
        std::fs::write(
            dir.join("MANIFEST.tsv"),
            "file\torigin\nlevels/a.hexcells\tcommunity\nlevels/b__repo/two.hexcells\tgenerated\n",
        )
        .expect("write the manifest");
        (dir.clone(), Corpus { dir })
    }

    #[test]
    fn the_walk_finds_every_level_in_path_order_with_the_tables_names() {
        let (dir, corpus) = tiny_corpus();
        let levels = corpus.levels();
        let names: Vec<&str> = levels.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, ["levels/a.hexcells", "levels/b__repo/two.hexcells"]);
        assert_eq!(levels[1].text, "second");
        let community: Vec<String> = corpus.community_levels().into_iter().map(|l| l.name).collect();
        assert_eq!(community, ["levels/a.hexcells"]);
        assert_eq!(
            corpus.table("MANIFEST.tsv", "origin"),
            [
                ("levels/a.hexcells".to_string(), "community".to_string()),
                ("levels/b__repo/two.hexcells".to_string(), "generated".to_string()),
            ]
        );
        assert!(corpus.table("MANIFEST.tsv", "no such column").is_empty());
        assert!(corpus.table("missing.tsv", "origin").is_empty());
        std::fs::remove_dir_all(dir).expect("remove the corpus");
    }
}
