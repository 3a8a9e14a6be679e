//! The link to one running `hexcells-view --stdin` (the window) or
//! `hexcells-view --serve --stdin` (the page, [`Shown::Page`]): starts the process, sends it
//! `hexcells_core::viewer_protocol` messages, and hands what it says to a callback.
//! It knows nothing of the server's state; `handlers/viewer.rs` (the live viewer
//! feature) decides what to send and what a message from the viewer does.
//!
//! Writes go through a thread per viewer, so a viewer that stops reading never blocks
//! the server; a thread per viewer reads its messages. Dropping a [`ViewerProcess`]
//! (document closed, server shut down) kills the process.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;

use hexcells_core::edit::TextChange;
use hexcells_core::viewer_protocol::{FromViewer, ToViewer};
use hexcells_core::Pos;
use tracing::warn;

/// Where a viewer shows the document: each document may have one of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shown {
    /// A window (`hexcells.openViewer`).
    Window,
    /// A page on loopback, opened in the editor's browser (`hexcells.openPreview`).
    Page,
}

impl Shown {
    /// The command that starts this kind of viewer, for messages.
    fn command(self) -> &'static str {
        match self {
            Shown::Window => "hexcells.openViewer",
            Shown::Page => "hexcells.openPreview",
        }
    }
}

/// A running viewer of one document.
#[derive(Debug)]
pub struct ViewerProcess {
    child: Child,
    to_viewer: mpsc::Sender<String>,
    /// The last cursor sent, to send only changes.
    cursor: Option<(usize, Option<Pos>)>,
    /// The page's URL, once the page said it.
    pub url: Option<String>,
}

impl Drop for ViewerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl ViewerProcess {
    /// Whether the process still runs (the user may have closed its window).
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Sends the document's text of `version`.
    pub fn snapshot(&self, version: i32, text: String) {
        self.send(&ToViewer::Snapshot {
            version: i64::from(version),
            text,
        });
    }

    /// Sends the edit of version `from` that gave `version`.
    pub fn change(&self, from: i32, version: i32, changes: Vec<TextChange>) {
        self.send(&ToViewer::Change {
            from: i64::from(from),
            version: i64::from(version),
            changes,
        });
    }

    /// Sends where the cursor is, if it moved to another cell.
    pub fn cursor(&mut self, level: usize, cell: Option<Pos>) {
        if self.cursor == Some((level, cell)) {
            return;
        }
        self.cursor = Some((level, cell));
        self.send(&ToViewer::Cursor { level, cell });
    }

    /// Tells the viewer that its edit was not applied, and why.
    pub fn refused(&self, version: i32, reason: String) {
        self.send(&ToViewer::Refused {
            version: i64::from(version),
            reason,
        });
    }

    fn send(&self, message: &ToViewer) {
        let _ = self.to_viewer.send(message.encode());
    }
}

/// The `hexcells-view` to run: beside the running executable, else on PATH.
pub fn program() -> Option<PathBuf> {
    let name = format!("hexcells-view{}", std::env::consts::EXE_SUFFIX);
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join(&name)))
        .filter(|p| p.is_file());
    beside.or_else(|| {
        std::env::split_paths(&std::env::var_os("PATH")?)
            .map(|dir| dir.join(&name))
            .find(|p| p.is_file())
    })
}

/// Starts a viewer; each message it sends goes to `on_message`, on a thread of the
/// viewer's own. The caller sends the first snapshot.
pub fn start(
    shown: Shown,
    mut on_message: impl FnMut(FromViewer) + Send + 'static,
) -> Result<ViewerProcess, String> {
    let command = shown.command();
    let program = program().ok_or_else(|| {
        format!(
            "{command}: hexcells-view was found neither beside hexcells nor on PATH \
             (build it with `cargo build --release -p hexcells-viewer`)"
        )
    })?;
    let args: &[&str] = match shown {
        Shown::Window => &["--stdin"],
        Shown::Page => &["--serve", "--stdin"],
    };
    let mut child = Command::new(&program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("{command}: cannot start {}: {e}", program.display()))?;
    let (Some(mut stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        let _ = child.kill();
        let _ = child.wait();
        return Err(format!("{command}: the viewer has no stdin or stdout"));
    };
    let (to_viewer, rx) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in rx {
            if writeln!(stdin, "{line}").and_then(|()| stdin.flush()).is_err() {
                break;
            }
        }
    });
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(std::result::Result::ok) {
            match FromViewer::decode(&line) {
                Ok(message) => on_message(message),
                Err(e) => warn!("hexcells-view: {e}"),
            }
        }
    });
    Ok(ViewerProcess {
        child,
        to_viewer,
        cursor: None,
        url: None,
    })
}
