//! A level pack made of the corpus, for the benchmarks and tests of packs at scale:
//! every corpus level file that starts with a header, one after another, built in
//! memory (or in a temporary file) when a bench runs and never written into the
//! project.

use crate::Corpus;

/// The first line of a level.
const MAGIC: &str = "Hexcells level v1";

/// A pack of corpus levels.
#[derive(Clone, Debug)]
pub struct Pack {
    /// The pack's text: each level's file, ending with a line break.
    pub text: String,
    /// How many levels it holds.
    pub n_levels: usize,
}

impl Corpus {
    /// The corpus levels that start with a header (`Hexcells level v1`), in the order
    /// of [`Corpus::level_paths`], concatenated `copies` times: 441 levels and about
    /// 1 MB for one copy.
    pub fn pack(&self, copies: usize) -> Pack {
        let mut one = String::new();
        let mut n_levels = 0;
        for file in self.levels() {
            let text = file.text.strip_prefix('\u{feff}').unwrap_or(&file.text);
            if !text.starts_with(MAGIC) {
                continue;
            }
            one.push_str(text);
            if !text.ends_with('\n') {
                one.push('\n');
            }
            n_levels += 1;
        }
        Pack {
            text: one.repeat(copies),
            n_levels: n_levels * copies,
        }
    }
}
