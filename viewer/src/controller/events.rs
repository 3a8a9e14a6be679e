//! What reaches the controller from the threads beside it: a closed set of
//! [`UserEvent`]s, handed over by a [`Post`]; and the language server's stdin, read on
//! a thread of its own for the window and the page alike ([`spawn_stdin_reader`]).

use std::io::BufRead;
use std::sync::Arc;

use hexcells_core::viewer_protocol::ToViewer;

use crate::editor::background_check::Checked;
use crate::editor::fill::FillNews;
use crate::player::{EngineDone, OverviewDone};

/// Everything that reaches the window from other threads: a closed set.
#[derive(Debug)]
pub enum UserEvent {
    /// The followed file has new text.
    FileChanged(String),
    /// A message from the language server on stdin.
    Editor(ToViewer),
    /// Stdin closed: the language server is gone, and so is the viewer.
    EditorGone,
    /// The deduction engine answered a hint or solve request.
    Engine(Box<EngineDone>),
    /// The pack overview's levels are graded.
    Overview(Box<OverviewDone>),
    /// The editor's check of the level is done.
    Checked(Box<Checked>),
    /// News from the editor's "fill clues".
    Fill(Box<FillNews>),
}

/// Hands a [`UserEvent`] from any thread to the window's event loop.
pub type Post = Arc<dyn Fn(UserEvent) + Send + Sync>;

/// Reads the language server's messages (`--stdin`) on a thread of its own, for the
/// window and the page alike: each becomes a [`UserEvent::Editor`] given to `send`, a
/// line that is not a message is reported on stderr and skipped, and the end of stdin
/// is [`UserEvent::EditorGone`]. `send` answers `false` once nobody listens any more.
pub fn spawn_stdin_reader(send: impl Fn(UserEvent) -> bool + Send + 'static) {
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if line.trim().is_empty() {
                continue;
            }
            match ToViewer::decode(&line) {
                Ok(message) => {
                    if !send(UserEvent::Editor(message)) {
                        return;
                    }
                }
                Err(e) => eprintln!("hexcells-view: {e}"),
            }
        }
        send(UserEvent::EditorGone);
    });
}
