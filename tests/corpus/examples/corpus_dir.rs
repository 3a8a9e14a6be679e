//! Prints the shared corpus's folder, found as every test finds it (`HEXCELLS_CORPUS`,
//! else `../shared/corpus` beside the project), for the tests that are not Rust
//! (`tests/web/run.sh` hands it to the browser tests); prints nothing and exits 1 when
//! the corpus is absent. `cargo run -q -p hexcells-corpus --example corpus_dir`.

use std::process::ExitCode;

use hexcells_corpus::Corpus;

fn main() -> ExitCode {
    match Corpus::locate() {
        Some(corpus) => {
            println!("{}", corpus.dir().display());
            ExitCode::SUCCESS
        }
        None => ExitCode::FAILURE,
    }
}
