//! Shared helpers for the end-to-end tests: where the built binaries, the project's
//! own levels and the shared corpus (`hexcells_corpus`) are.
//!
//! The binaries are built by `cargo test --workspace` itself: the server and viewer
//! packages each have an integration test, which makes cargo build their binaries
//! into the target directory before any test runs.

pub mod docgen;
pub mod examples;
pub mod lsp_client;
pub mod preview;
pub mod screen;
pub mod shells;
pub mod xvfb;

pub use hexcells_corpus::skip;

use std::path::{Path, PathBuf};

/// Path of a workspace binary (`hexcells`, `hexcells-view`) next to this test's
/// target directory. Panics with build instructions when it is missing.
pub fn bin(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    // target/<profile>/deps/<test>-<hash> -> target/<profile>/<name>
    let dir = exe.parent().and_then(Path::parent).expect("target directory");
    let path = dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is missing: build it first with `cargo build --workspace` (cargo test --workspace does)",
        path.display()
    );
    path
}

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .to_path_buf()
}

/// The project's own levels (`tests/levels`).
pub fn levels_dir() -> PathBuf {
    repo_root().join("tests").join("levels")
}

/// The shared corpus's directory (see `hexcells_corpus`), or `None` after reporting
/// the test as skipped when it is absent.
pub fn corpus_dir() -> Option<PathBuf> {
    hexcells_corpus::Corpus::find().map(|corpus| corpus.dir().to_path_buf())
}

/// A fresh temporary directory, removed when dropped.
pub fn temp_dir() -> tempfile::TempDir {
    tempfile::tempdir().expect("temporary directory")
}
