//! Writing results: files replaced atomically, and a buffered stdout whose broken
//! pipe (`hexcells check dir | head`) ends the program quietly.

use std::io;
use std::path::Path;

use anyhow::{anyhow, Context};

use super::input::io_message;

/// Replaces (or creates) `path` with `contents` atomically, through
/// `hexcells_files::write_atomically`: a reader never sees half a file, a new file gets
/// the mode the user's umask gives, an existing one keeps its own, and a symbolic link
/// keeps pointing at the file it names, which is the one rewritten.
pub fn write_atomic(path: &Path, contents: &[u8]) -> anyhow::Result<()> {
    hexcells_files::write_atomically(path, contents)
        .map_err(|e| anyhow!(io_message(&e)))
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Whether an error comes from writing to a closed pipe, which is how a reader such
/// as `head` says it has seen enough: not a failure.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_content_and_keeps_permissions() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a.hexcells");
        std::fs::write(&path, "old").expect("write");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).expect("chmod");
        }
        write_atomic(&path, b"new").expect("atomic write");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "new");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).expect("meta").permissions().mode() & 0o777;
            assert_eq!(mode, 0o640);
        }
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .expect("ls")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(
            names,
            vec![std::ffi::OsString::from("a.hexcells")],
            "no temporary file left behind"
        );
    }

    #[test]
    fn broken_pipes_are_recognised_through_context() {
        let e = anyhow::Error::from(io::Error::from(io::ErrorKind::BrokenPipe)).context("writing");
        assert!(is_broken_pipe(&e));
        assert!(!is_broken_pipe(&anyhow!("other")));
    }
}
