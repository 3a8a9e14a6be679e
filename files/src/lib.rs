//! Writing a file whole, for every hexcells tool that writes one (`hexcells fmt`,
//! `generate -o`, `convert`, `man DIR`, the viewer's save, its progress, exports and
//! pictures): the data goes to a temporary file beside the target, `.NAME.PID.N.tmp`,
//! which is synced and then renamed over it ([`write_atomically`]) or, for a file that
//! must not replace one already there, hard-linked to its name and removed
//! ([`write_new_atomically`]): a reader sees the old file or the new one, never half of
//! it, and a new file is never put over one that appeared in between.
//!
//! - A new file gets the mode any new file gets: `0666` less the user's umask (0644
//!   under umask 022, 0600 under 077); an existing file keeps its mode.
//! - A symbolic link keeps pointing at the file it names, which is the one rewritten
//!   ([`write_new_atomically`] counts a link, even a dangling one, as a file there).
//! - A write that fails removes its temporary file; a process killed half way leaves
//!   one, which [`leftover_pid`] recognises so the next writer can remove it once that
//!   process is gone (the viewer does, `viewer/src/editor/save.rs`).
//!
//! Standard library only. Whether the target changed since it was read is the
//! caller's question (the viewer's editor asks it before saving).

use std::ffi::{OsStr, OsString};
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// Tells apart the temporary files of one process's writes running at once.
static NEXT: AtomicU32 = AtomicU32::new(0);

/// Replaces (or creates) `path` with `contents` atomically; see the crate's doc for
/// the mode of the file and what happens to links and temporary files.
pub fn write_atomically(path: &Path, contents: &[u8]) -> io::Result<()> {
    let (dir, name) = written_at(path);
    let target = dir.join(&name);
    let existing = std::fs::metadata(&target).ok().map(|meta| meta.permissions());
    let (temp, mut file) = create_temporary(&dir, &name)?;
    let written = (|| -> io::Result<()> {
        file.write_all(contents)?;
        if let Some(permissions) = existing {
            file.set_permissions(permissions)?;
        }
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temp, &target)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

/// Writes `contents` to a new file `path` atomically, never over anything already
/// there: an error of kind [`io::ErrorKind::AlreadyExists`] when `path` names a file,
/// a folder or a symbolic link (dangling or not), also one made while the data was
/// being written. The file appears whole, with the mode the umask gives, and no
/// temporary file is left beside it, whether the write succeeds or not. The folder's
/// file system must take hard links (every one a home folder sits on does).
pub fn write_new_atomically(path: &Path, contents: &[u8]) -> io::Result<()> {
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} names no file", path.display()),
        )
    })?;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let target = dir.join(name);
    let (temp, mut file) = create_temporary(&dir, name)?;
    let written = (|| -> io::Result<()> {
        file.write_all(contents)?;
        file.sync_all()?;
        drop(file);
        // A link, unlike a rename, fails when the name is taken: the check and the
        // write are one step of the file system.
        std::fs::hard_link(&temp, &target)
    })();
    let removed = std::fs::remove_file(&temp);
    written?;
    removed
}

/// The folder and name of the file a write of `path` replaces: the file a symbolic
/// link finally names, or `path` itself (in `.` when it names no folder).
pub fn written_at(path: &Path) -> (PathBuf, OsString) {
    let target = match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
        }
        _ => path.to_path_buf(),
    };
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    (dir, target.file_name().map(OsString::from).unwrap_or_default())
}

/// A new temporary file for `name` in `dir`, created with the mode of any new file
/// (the umask applies), never over an existing one.
fn create_temporary(dir: &Path, name: &OsStr) -> io::Result<(PathBuf, File)> {
    loop {
        let mut temp = OsString::from(".");
        temp.push(name);
        temp.push(format!(
            ".{}.{}.tmp",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let temp = dir.join(temp);
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((temp, file)),
            // A leftover of a killed process that had this id: take the next number.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// The process id in the name of a temporary file that a write of the file `name`
/// leaves when it is killed half way (`.NAME.PID.N.tmp`, or `.NAME.PID.tmp` of
/// earlier versions); `None` for any other file name.
pub fn leftover_pid(file_name: &OsStr, name: &OsStr) -> Option<u32> {
    let rest = file_name
        .to_str()?
        .strip_prefix('.')?
        .strip_prefix(name.to_str()?)?
        .strip_prefix('.')?
        .strip_suffix(".tmp")?;
    let pid = match rest.split_once('.') {
        Some((pid, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => pid,
        Some(_) => return None,
        None => rest,
    };
    if pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    pid.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_new_file_is_written_whole_and_nothing_is_left_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.hexcells");
        write_atomically(&path, b"level").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"level");
        assert_eq!(names(dir.path()), ["new.hexcells"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_gets_the_mode_of_any_new_file_and_an_old_one_keeps_its_own() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let dir = tempfile::tempdir().unwrap();
        // What this process's umask gives a file made the ordinary way.
        let plain = dir.path().join("plain");
        File::create(&plain).unwrap();
        let new = dir.path().join("new.hexcells");
        write_atomically(&new, b"one").unwrap();
        assert_eq!(mode(&new), mode(&plain));
        let old = dir.path().join("old.hexcells");
        std::fs::write(&old, "old").unwrap();
        std::fs::set_permissions(&old, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomically(&old, b"new").unwrap();
        assert_eq!(mode(&old), 0o640);
        assert_eq!(std::fs::read(&old).unwrap(), b"new");
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_keeps_pointing_at_the_file_it_names() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.hexcells");
        let link = dir.path().join("link.hexcells");
        std::fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomically(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        // A folder where the file should be: the rename fails.
        let path = dir.path().join("taken");
        std::fs::create_dir(&path).unwrap();
        std::fs::write(path.join("inside"), "kept").unwrap();
        assert!(write_atomically(&path, b"new").is_err());
        assert_eq!(names(dir.path()), ["taken"]);
        assert_eq!(std::fs::read_to_string(path.join("inside")).unwrap(), "kept");
        // A folder that does not exist: an error, nothing made.
        assert!(write_atomically(&dir.path().join("no/such.hexcells"), b"x").is_err());
    }

    #[test]
    fn a_new_file_is_written_whole_beside_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("level-1.record");
        write_new_atomically(&path, b"record").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"record");
        assert_eq!(names(dir.path()), ["level-1.record"]);
    }

    #[test]
    fn a_new_file_never_replaces_what_is_there_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("level-1.record");
        std::fs::write(&path, "someone's record").unwrap();
        let refused = write_new_atomically(&path, b"mine").unwrap_err();
        assert_eq!(refused.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "someone's record");
        // A folder of that name is refused the same way.
        let folder = dir.path().join("taken");
        std::fs::create_dir(&folder).unwrap();
        let refused = write_new_atomically(&folder, b"mine").unwrap_err();
        assert_eq!(refused.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(names(dir.path()), ["level-1.record", "taken"]);
        // A folder that does not exist: an error, nothing made.
        assert!(write_new_atomically(&dir.path().join("no/such.record"), b"x").is_err());
        assert_eq!(names(dir.path()), ["level-1.record", "taken"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_is_not_written_through_a_symbolic_link_even_a_dangling_one() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("link.record");
        let elsewhere = dir.path().join("elsewhere.record");
        std::os::unix::fs::symlink(&elsewhere, &link).unwrap();
        let refused = write_new_atomically(&link, b"mine").unwrap_err();
        assert_eq!(refused.kind(), io::ErrorKind::AlreadyExists);
        assert!(!elsewhere.exists());
        assert_eq!(names(dir.path()), ["link.record"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_gets_the_mode_of_any_new_file() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("plain");
        File::create(&plain).unwrap();
        let new = dir.path().join("new.record");
        write_new_atomically(&new, b"one").unwrap();
        assert_eq!(mode(&new), mode(&plain));
    }

    #[test]
    fn of_writers_racing_for_one_new_name_exactly_one_wins_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("race.record");
        let n_writers = 8;
        let start = std::sync::Barrier::new(n_writers);
        let outcomes: Vec<(Vec<u8>, io::Result<()>)> = std::thread::scope(|scope| {
            let writers: Vec<_> = (0..n_writers)
                .map(|k| {
                    let (path, start) = (&path, &start);
                    scope.spawn(move || {
                        // Large enough that a write is not one step of the system.
                        let contents = vec![b'a' + k as u8; 1 << 20];
                        start.wait();
                        let outcome = write_new_atomically(path, &contents);
                        (contents, outcome)
                    })
                })
                .collect();
            writers.into_iter().map(|w| w.join().unwrap()).collect()
        });
        let winners: Vec<&Vec<u8>> = outcomes
            .iter()
            .filter(|(_, outcome)| outcome.is_ok())
            .map(|(contents, _)| contents)
            .collect();
        assert_eq!(winners.len(), 1);
        for (_, outcome) in &outcomes {
            if let Err(e) = outcome {
                assert_eq!(e.kind(), io::ErrorKind::AlreadyExists, "{e}");
            }
        }
        assert!(
            std::fs::read(&path).unwrap() == *winners[0],
            "the file is not the winner's, whole"
        );
        assert_eq!(names(dir.path()), ["race.record"]);
    }

    #[test]
    fn a_leftover_of_a_killed_write_is_recognised_by_its_name() {
        let name = OsStr::new("level.hexcells");
        let pid = |file: &str| leftover_pid(OsStr::new(file), name);
        assert_eq!(pid(".level.hexcells.4242.0.tmp"), Some(4242));
        assert_eq!(pid(".level.hexcells.4242.tmp"), Some(4242));
        assert_eq!(pid(".level.hexcells.mine.tmp"), None);
        assert_eq!(pid(".level.hexcells.4242.x.tmp"), None);
        assert_eq!(pid(".level.hexcells.conflict.4242.0.tmp"), None);
        assert_eq!(pid(".other.hexcells.4242.0.tmp"), None);
        assert_eq!(pid("level.hexcells"), None);
    }
}
