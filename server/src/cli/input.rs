//! Reading level files: expanding directories, stdin, and refusing what is not a
//! level (too large, binary, not UTF-8) with a message that says why.

use std::fmt;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use anyhow::{anyhow, Context};

/// The largest input read, in bytes. A level is about 2.3 kB; a pack of a hundred
/// levels stays far below this.
pub const MAX_INPUT_BYTES: u64 = 10 * 1024 * 1024;

/// The extension of level text files.
pub const LEVEL_EXTENSION: &str = "hexcells";

/// Where a level text comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Standard input (`-`).
    Stdin,
    /// A file on disk.
    File(PathBuf),
}

impl Source {
    /// `-` means stdin, anything else a file.
    pub fn from_arg(arg: &Path) -> Source {
        if arg.as_os_str() == "-" {
            Source::Stdin
        } else {
            Source::File(arg.to_path_buf())
        }
    }

    /// The path, if this is a file.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Source::Stdin => None,
            Source::File(path) => Some(path),
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Stdin => f.write_str("<stdin>"),
            Source::File(path) => write!(f, "{}", path.display()),
        }
    }
}

/// Turns command-line arguments into sources: files as given, directories replaced
/// by every `*.hexcells` file inside them (recursively, sorted by path). An argument
/// that cannot be expanded (missing, or a directory without levels) gives an error
/// in its place, so the caller can report it and go on with the others.
pub fn expand(args: &[PathBuf]) -> Vec<anyhow::Result<Source>> {
    let mut sources = Vec::new();
    for arg in args {
        let source = Source::from_arg(arg);
        let Source::File(path) = &source else {
            sources.push(Ok(source));
            continue;
        };
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => {
                let mut found = Vec::new();
                match collect_levels(path, &mut found) {
                    Ok(()) if found.is_empty() => sources.push(Err(anyhow!(
                        "cannot read {}: the directory holds no *.{LEVEL_EXTENSION} files",
                        path.display()
                    ))),
                    Ok(()) => {
                        found.sort();
                        sources.extend(found.into_iter().map(|p| Ok(Source::File(p))));
                    }
                    Err(e) => {
                        sources.push(Err(anyhow!("cannot read {}: {}", path.display(), io_message(&e))))
                    }
                }
            }
            Ok(_) => sources.push(Ok(source)),
            Err(e) => sources.push(Err(anyhow!("cannot read {}: {}", path.display(), io_message(&e)))),
        }
    }
    sources
}

/// Every `*.hexcells` file under `dir`. Symbolic links to directories are not
/// followed (no loops); links to files are.
fn collect_levels(dir: &Path, found: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        let kind = entry.file_type()?;
        if kind.is_dir() {
            collect_levels(&path, found)?;
        } else if path.extension().is_some_and(|e| e == LEVEL_EXTENSION)
            && (kind.is_file() || (kind.is_symlink() && path.is_file()))
        {
            found.push(path);
        }
    }
    Ok(())
}

/// Reads a source as text, refusing large, binary and non-UTF-8 inputs. The error
/// reads `cannot read X: why`.
pub fn read_text(source: &Source) -> anyhow::Result<String> {
    let bytes = read_bytes(source).with_context(|| format!("cannot read {source}"))?;
    text_of(bytes).with_context(|| format!("cannot read {source}"))
}

fn read_bytes(source: &Source) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    match source {
        Source::Stdin => {
            io::stdin()
                .lock()
                .take(MAX_INPUT_BYTES + 1)
                .read_to_end(&mut bytes)
                .map_err(|e| anyhow!(io_message(&e)))?;
        }
        Source::File(path) => {
            let file = std::fs::File::open(path).map_err(|e| anyhow!(io_message(&e)))?;
            let meta = file.metadata().map_err(|e| anyhow!(io_message(&e)))?;
            if meta.is_dir() {
                return Err(anyhow!("it is a directory"));
            }
            if meta.len() > MAX_INPUT_BYTES {
                return Err(too_large(meta.len()));
            }
            file.take(MAX_INPUT_BYTES + 1)
                .read_to_end(&mut bytes)
                .map_err(|e| anyhow!(io_message(&e)))?;
        }
    }
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

fn too_large(len: u64) -> anyhow::Error {
    anyhow!(
        "the input is too large ({:.1} MB; levels are a few kB, the limit is {} MB)",
        len as f64 / (1024.0 * 1024.0),
        MAX_INPUT_BYTES / (1024 * 1024)
    )
}

/// The bytes as text, or why they are not a level text.
fn text_of(bytes: Vec<u8>) -> anyhow::Result<String> {
    if let Some(at) = bytes.iter().position(|&b| b == 0) {
        return Err(anyhow!(
            "binary data (a NUL byte at offset {at}); a level is a text file starting with `Hexcells level v1`"
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        anyhow!(
            "not UTF-8 text (invalid byte at offset {}); save the level as UTF-8",
            e.utf8_error().valid_up_to()
        )
    })
}

/// An I/O error's message without the `(os error N)` suffix, the way users read it:
/// `No such file or directory`.
pub fn io_message(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_and_non_utf8_inputs_are_refused_with_a_reason() {
        let nul = text_of(b"Hexcells level v1\n\0".to_vec()).map_err(|e| e.to_string());
        assert_eq!(
            nul,
            Err("binary data (a NUL byte at offset 18); a level is a text file starting with `Hexcells level v1`"
                .to_string())
        );
        let latin1 = text_of(b"Hexcells level v1\ncaf\xe9\n".to_vec()).map_err(|e| e.to_string());
        assert_eq!(
            latin1,
            Err("not UTF-8 text (invalid byte at offset 21); save the level as UTF-8".to_string())
        );
        assert_eq!(text_of(b"ok".to_vec()).ok().as_deref(), Some("ok"));
    }

    #[test]
    fn io_messages_drop_the_os_error_number() {
        let e = io::Error::from_raw_os_error(2);
        assert_eq!(io_message(&e), "No such file or directory");
    }
}
