//! Writing results: files replaced atomically, and a buffered stdout whose broken
//! pipe (`hexcells check dir | head`) ends the program quietly.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{anyhow, Context};

use super::input::io_message;

/// Replaces (or creates) `path` with `contents` through a temporary file in the same
/// directory and a rename, so a reader never sees half a file. An existing file
/// keeps its permissions; a symbolic link keeps pointing at the file it names, which
/// is the one rewritten.
pub fn write_atomic(path: &Path, contents: &[u8]) -> anyhow::Result<()> {
    let target = resolve_link(path);
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let permissions = std::fs::metadata(&target).ok().map(|m| m.permissions());
    let write = || -> io::Result<()> {
        let mut temp = tempfile::Builder::new()
            .prefix(".hexcells-")
            .suffix(".tmp")
            .tempfile_in(&dir)?;
        temp.write_all(contents)?;
        temp.as_file().sync_all()?;
        if let Some(permissions) = permissions {
            temp.as_file().set_permissions(permissions)?;
        }
        temp.persist(&target).map_err(|e| e.error)?;
        Ok(())
    };
    write()
        .map_err(|e| anyhow!(io_message(&e)))
        .with_context(|| format!("cannot write {}", path.display()))
}

/// The file a path finally names, following symbolic links; the path itself when it
/// does not exist yet.
fn resolve_link(path: &Path) -> PathBuf {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            std::fs::canonicalize(path).unwrap_or(path.to_path_buf())
        }
        _ => path.to_path_buf(),
    }
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
