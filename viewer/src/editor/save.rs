//! The standalone editor's file: what was read, what is on disk, and saving. The level
//! file is written only when the author saves, atomically (`hexcells_files`: a
//! temporary file `.NAME.PID.N.tmp` in the same directory, then a rename; an existing
//! file keeps its permissions, a new one gets the umask's),
//! and never over a change made to it elsewhere: a file that changed on disk since it
//! was read is left alone and the edits go to `FILE.conflict` beside it. A save killed
//! half way leaves its temporary file; the next editor on the file removes those of
//! processes that are gone.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use anyhow::Context;
use hexcells_files::{leftover_pid, written_at};

/// The edited file.
#[derive(Clone, Debug)]
pub struct EditedFile {
    path: PathBuf,
    /// The text the buffer had when it was last read or saved.
    saved: String,
    /// What is on disk as far as the editor knows (`None`: no file yet).
    on_disk: Option<String>,
}

/// What saving did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Saved {
    /// The file holds the text now.
    Written(PathBuf),
    /// The file changed on disk since it was read: it was left alone, and the text was
    /// written to this file beside it.
    Conflict(PathBuf),
}

/// What a change of the file on disk means for the editor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiskChange {
    /// Nothing new (the editor's own save, read back).
    Same,
    /// Nothing was edited: show the new text.
    Follow(String),
    /// The buffer has edits: they are kept, and the file is not followed.
    Kept,
}

impl EditedFile {
    /// The file at `path`, read as `on_disk` (`None` when it does not exist yet); the
    /// editor starts from `text`. The temporary files that killed saves left beside it
    /// are removed ([`remove_stale_temporaries`]).
    pub fn new(path: PathBuf, on_disk: Option<String>, text: &str) -> EditedFile {
        remove_stale_temporaries(&path);
        EditedFile {
            path,
            saved: text.to_string(),
            on_disk,
        }
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether `text` differs from what was last read or saved (`*` in the title).
    pub fn is_modified(&self, text: &str) -> bool {
        text != self.saved
    }

    /// The file changed on disk to `disk`; the buffer holds `text`.
    pub fn disk_changed(&mut self, disk: String, text: &str) -> DiskChange {
        if self.on_disk.as_deref() == Some(disk.as_str()) {
            return DiskChange::Same;
        }
        if self.is_modified(text) {
            return DiskChange::Kept;
        }
        self.on_disk = Some(disk.clone());
        self.saved = disk.clone();
        DiskChange::Follow(disk)
    }

    /// Saves `text`: to the file, or beside it when the file changed on disk since it
    /// was read.
    pub fn save(&mut self, text: &str) -> anyhow::Result<Saved> {
        let now = match std::fs::read(&self.path) {
            Ok(bytes) => Some(String::from_utf8_lossy(&bytes).into_owned()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", self.path.display())),
        };
        if now != self.on_disk {
            let conflict = conflict_path(&self.path);
            write_atomically(&conflict, text)?;
            return Ok(Saved::Conflict(conflict));
        }
        write_atomically(&self.path, text)?;
        self.on_disk = Some(text.to_string());
        self.saved = text.to_string();
        Ok(Saved::Written(self.path.clone()))
    }

    /// The path a conflicting save goes to.
    pub fn conflict_path(&self) -> PathBuf {
        conflict_path(&self.path)
    }
}

/// `level.hexcells.conflict` beside `level.hexcells`.
fn conflict_path(path: &Path) -> PathBuf {
    let mut name: OsString = path.file_name().map(OsString::from).unwrap_or_default();
    name.push(".conflict");
    path.with_file_name(name)
}

/// Writes `text` to `path` atomically (`hexcells_files::write_atomically`): readers
/// see the old text or the new one, never half of it. An existing file keeps its
/// permissions, a new one gets the umask's; a symbolic link keeps pointing at the file
/// written.
pub fn write_atomically(path: &Path, text: &str) -> anyhow::Result<()> {
    let (dir, name) = written_at(path);
    hexcells_files::write_atomically(path, text.as_bytes())
        .with_context(|| format!("cannot write {}", dir.join(name).display()))
}

/// Removes the temporary files that saves of `path` (and of its `.conflict` file) left
/// when their process was killed half way: `.NAME.PID.N.tmp` beside the file written,
/// for a process `PID` that is gone (or is this one, which saves nothing yet). Another
/// running process's are left alone, and so is everything where it cannot be told
/// whether the process runs. Returns the files removed.
pub fn remove_stale_temporaries(path: &Path) -> Vec<PathBuf> {
    let mut conflict = OsString::from(path.file_name().unwrap_or_default());
    conflict.push(".conflict");
    let conflict = written_at(&path.with_file_name(conflict));
    let mut removed = Vec::new();
    for (dir, name) in [written_at(path), conflict] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let Some(pid) = leftover_pid(&entry.file_name(), &name) else {
                continue;
            };
            if pid != std::process::id() && is_running(pid) {
                continue;
            }
            if std::fs::remove_file(entry.path()).is_ok() {
                removed.push(entry.path());
            }
        }
    }
    removed
}

/// Whether process `pid` runs (or may: where the system cannot say, it is taken to).
#[cfg(unix)]
fn is_running(pid: u32) -> bool {
    let Some(pid) = i32::try_from(pid).ok().and_then(rustix::process::Pid::from_raw) else {
        return false;
    };
    // "No such process" is the one answer that says it is gone; a process of another
    // user answers "not permitted".
    rustix::process::test_kill_process(pid) != Err(rustix::io::Errno::SRCH)
}

/// Whether process `pid` runs: taken to, where the system cannot say.
#[cfg(not(unix))]
fn is_running(_pid: u32) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saving_writes_atomically_and_keeps_permissions() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("level.hexcells");
        std::fs::write(&path, "old").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        }
        let mut file = EditedFile::new(path.clone(), Some("old".into()), "old");
        assert!(!file.is_modified("old"));
        assert!(file.is_modified("new"));
        assert_eq!(file.save("new").unwrap(), Saved::Written(path.clone()));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert!(!file.is_modified("new"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o640);
        }
        // No temporary file is left behind.
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(names, ["level.hexcells"]);
        // Reading back our own save is no change.
        assert_eq!(file.disk_changed("new".into(), "new"), DiskChange::Same);
    }

    #[test]
    fn a_new_file_is_created_on_the_first_save() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.hexcells");
        let mut file = EditedFile::new(path.clone(), None, "empty");
        assert_eq!(file.save("edited").unwrap(), Saved::Written(path.clone()));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "edited");
    }

    #[test]
    fn a_change_on_disk_is_followed_or_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("level.hexcells");
        std::fs::write(&path, "one").unwrap();
        let mut file = EditedFile::new(path.clone(), Some("one".into()), "one");
        // Nothing edited: follow the disk.
        std::fs::write(&path, "two").unwrap();
        assert_eq!(
            file.disk_changed("two".into(), "one"),
            DiskChange::Follow("two".into())
        );
        // Edited: keep the edits, and a save goes beside the file.
        std::fs::write(&path, "three").unwrap();
        assert_eq!(file.disk_changed("three".into(), "mine"), DiskChange::Kept);
        let conflict = dir.path().join("level.hexcells.conflict");
        assert_eq!(file.save("mine").unwrap(), Saved::Conflict(conflict.clone()));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "three");
        assert_eq!(std::fs::read_to_string(&conflict).unwrap(), "mine");
        assert!(file.is_modified("mine"), "the file still lacks the edits");
    }

    #[test]
    fn a_file_that_appeared_meanwhile_is_not_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.hexcells");
        let mut file = EditedFile::new(path.clone(), None, "");
        std::fs::write(&path, "someone else's").unwrap();
        assert!(matches!(file.save("mine").unwrap(), Saved::Conflict(_)));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "someone else's");
    }

    #[cfg(unix)]
    #[test]
    fn a_killed_save_s_leftovers_go_when_their_process_is_gone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("level.hexcells");
        std::fs::write(&path, "old").unwrap();
        // A process that ran and is gone, and one that runs.
        let mut gone = std::process::Command::new("true").spawn().unwrap();
        gone.wait().unwrap();
        let mut running = std::process::Command::new("sleep").arg("30").spawn().unwrap();
        // Named as writes name them now (`.NAME.PID.N.tmp`) and as earlier versions did.
        let leftover = |name: &str, pid: u32| dir.path().join(format!(".{name}.{pid}.tmp"));
        let stale = dir.path().join(format!(".level.hexcells.{}.3.tmp", gone.id()));
        let stale_conflict = leftover("level.hexcells.conflict", gone.id());
        let live = leftover("level.hexcells", running.id());
        let other_file = leftover("other.hexcells", gone.id());
        let not_a_pid = dir.path().join(".level.hexcells.mine.tmp");
        for file in [&stale, &stale_conflict, &live, &other_file, &not_a_pid] {
            std::fs::write(file, "half a level").unwrap();
        }
        let file = EditedFile::new(path.clone(), Some("old".into()), "old");
        assert!(!stale.exists() && !stale_conflict.exists());
        assert!(live.exists(), "another running process's save is left alone");
        assert!(other_file.exists() && not_a_pid.exists());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        assert!(!file.is_modified("old"));
        running.kill().unwrap();
        running.wait().unwrap();
        assert_eq!(remove_stale_temporaries(&path), vec![live.clone()]);
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_keeps_pointing_at_the_level() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.hexcells");
        let link = dir.path().join("link.hexcells");
        std::fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomically(&link, "new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
    }
}
