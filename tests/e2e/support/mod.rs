//! Shared helpers for the end-to-end tests: where the built binaries, the project's
//! own levels and the shared corpus (`hexcells_corpus`) are.
//!
//! The binaries are built by `cargo test --workspace` itself: the server and viewer
//! packages each have an integration test, which makes cargo build their binaries
//! into the target directory before any test runs. The portable build, the kind the
//! release files carry, is built before by `scripts/test` ([`portable_bin_dir`]).

pub mod docgen;
pub mod elf;
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

/// The environment variable naming the folder of the portable build: both binaries as
/// `scripts/dist` builds them for the release files (on Linux for glibc 2.28, with the
/// C++ runtime linked in), which `scripts/test` builds with `scripts/dist --debug
/// --build-only` before `cargo test`.
pub const PORTABLE_BIN_DIR: &str = "HEXCELLS_PORTABLE_BIN_DIR";

/// The folder of the portable build, or `None` after reporting that `what` is skipped
/// when [`PORTABLE_BIN_DIR`] is unset. Panics when it names a folder without both
/// binaries.
pub fn portable_bin_dir(what: &str) -> Option<PathBuf> {
    let Some(dir) = std::env::var_os(PORTABLE_BIN_DIR) else {
        skip(&format!(
            "{PORTABLE_BIN_DIR} is unset (scripts/test builds the portable binaries with \
             `scripts/dist --debug --build-only`, which needs `pip install ziglang cargo-zigbuild`): {what}"
        ));
        return None;
    };
    let dir = PathBuf::from(dir);
    for name in ["hexcells", "hexcells-view"] {
        assert!(
            dir.join(name).is_file(),
            "{PORTABLE_BIN_DIR} is {}, which has no {name}",
            dir.display()
        );
    }
    Some(dir)
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
