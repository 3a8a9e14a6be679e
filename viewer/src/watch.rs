//! Follows a level file on disk. Watches the file's parent directory with notify and
//! filters by file name, so editors' atomic saves (write a temp file, rename it over
//! the level) keep working after the first save. Changes are debounced, then the file
//! is read and its text handed to a callback.
//!
//! The debouncer is a thread blocked on a channel rather than notify's debouncer
//! crates, whose threads tick every few milliseconds: idle means zero wake-ups.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use anyhow::Context;
use notify::{Event, EventKind, RecommendedWatcher, RecursiveMode, Watcher};

/// How long the file must be quiet before it is read again.
pub const DEBOUNCE: Duration = Duration::from_millis(30);

/// A running watch; dropping it stops watching (and ends the debounce thread).
pub struct FileWatch {
    _watcher: RecommendedWatcher,
}

/// Calls `on_change` with the new text each time `path` changes (debounced). Reads
/// that fail (the file is briefly missing during a save) are skipped.
pub fn watch(path: &Path, mut on_change: impl FnMut(String) + Send + 'static) -> anyhow::Result<FileWatch> {
    let file_name: OsString = path
        .file_name()
        .with_context(|| format!("{} names no file", path.display()))?
        .to_os_string();
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let target = dir.join(&file_name);
    let (tx, rx) = mpsc::channel::<()>();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<Event>| {
        let Ok(event) = event else { return };
        // Reading the file makes access events of its own: only changes count.
        let ours = event
            .paths
            .iter()
            .any(|p| p.file_name() == Some(file_name.as_os_str()));
        if ours && !matches!(event.kind, EventKind::Access(_)) {
            let _ = tx.send(());
        }
    })
    .context("cannot start the file watcher")?;
    watcher
        .watch(&dir, RecursiveMode::NonRecursive)
        .with_context(|| format!("cannot watch {}", dir.display()))?;
    std::thread::spawn(move || {
        while rx.recv().is_ok() {
            loop {
                match rx.recv_timeout(DEBOUNCE) {
                    Ok(()) => continue,
                    Err(RecvTimeoutError::Timeout) => break,
                    Err(RecvTimeoutError::Disconnected) => return,
                }
            }
            if let Ok(text) = std::fs::read_to_string(&target) {
                on_change(text);
            }
        }
    });
    Ok(FileWatch { _watcher: watcher })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    fn atomic_write(path: &Path, text: &str) {
        let tmp = path.with_extension("tmp~");
        std::fs::write(&tmp, text).unwrap();
        std::fs::rename(&tmp, path).unwrap();
    }

    #[test]
    fn atomic_saves_are_followed_and_other_files_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("level.hexcells");
        std::fs::write(&path, "one").unwrap();
        let (tx, rx) = mpsc::channel();
        let _watch = watch(&path, move |text| {
            let _ = tx.send(text);
        })
        .unwrap();
        let wait = Duration::from_secs(5);
        for text in ["two", "three"] {
            atomic_write(&path, text);
            // Skip duplicates of the previous text from the same save.
            let got = loop {
                let got = rx.recv_timeout(wait).expect("change reported");
                if got == text {
                    break got;
                }
            };
            assert_eq!(got, text);
        }
        std::fs::write(dir.path().join("other.hexcells"), "x").unwrap();
        // Reading the file must not count as a change (that would loop forever), and
        // other files are ignored: within a second, at most stragglers of the last save.
        let deadline = std::time::Instant::now() + Duration::from_secs(1);
        let mut n_late = 0;
        while let Ok(got) = rx.recv_timeout(deadline.saturating_duration_since(std::time::Instant::now())) {
            assert_eq!(got, "three", "only the watched file is read");
            n_late += 1;
            assert!(n_late < 3, "reads keep triggering reads");
        }
    }
}
