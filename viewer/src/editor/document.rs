//! The text the editor edits and where its edits go. Standalone, the text lives here
//! and an edit changes it at once (the file is written only on save). Linked to the
//! language server, the text is the editor's buffer: an edit is sent as text changes
//! tagged with the version it was made against, shown at once, and confirmed by the
//! next snapshot (or taken back when the server refuses it). One edit is in flight at
//! a time; the caller queues the rest.

use hexcells_core::edit::TextChange;
use hexcells_core::viewer_protocol::FromViewer;

use super::history::{History, HistoryStep, UndoRedo};

/// Where edits go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// The viewer holds the text; saving writes it.
    Standalone,
    /// The language server holds it: edits go to the editor's buffer.
    Server,
}

/// What an edit is, for the history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A new edit.
    Edit,
    /// A new edit that replaces the last one in the history.
    Replacing,
    /// A step back or forward.
    HistoryStep(UndoRedo),
}

/// An edit sent to the server, waiting for its snapshot.
#[derive(Clone, Debug)]
struct Pending {
    /// The version it was made against.
    version: i64,
    /// The text it was made against.
    before: String,
    /// The text it should give.
    after: String,
    changes: Vec<TextChange>,
    kind: Kind,
}

/// The edited text.
#[derive(Clone, Debug)]
pub struct Document {
    link: Link,
    /// The text shown: the last snapshot, or what the pending edit makes of it.
    text: String,
    /// The server's version of the last snapshot.
    version: i64,
    pending: Option<Pending>,
    history: History,
}

impl Document {
    /// A document holding `text`.
    pub fn new(text: String, link: Link) -> Document {
        Document {
            link,
            text,
            version: 0,
            pending: None,
            history: History::default(),
        }
    }

    /// The text shown.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Where edits go.
    pub fn link(&self) -> Link {
        self.link
    }

    /// Whether an edit is waiting for the server.
    pub fn is_pending(&self) -> bool {
        self.pending.is_some()
    }

    /// The undo and redo stacks.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Makes an edit of `changes` to the text shown. Standalone it takes effect now;
    /// linked, the message to send is returned and the edit shows until the server
    /// answers. The caller must not submit while [`Document::is_pending`].
    pub fn submit(&mut self, changes: Vec<TextChange>, kind: Kind) -> Option<FromViewer> {
        if changes.is_empty() {
            return None;
        }
        let step = HistoryStep::new(&self.text, changes);
        match self.link {
            Link::Standalone => {
                self.text = step.after.clone();
                self.commit(kind, step);
                None
            }
            Link::Server => {
                let message = FromViewer::Edit {
                    version: self.version,
                    changes: step.changes.clone(),
                };
                self.text = step.after.clone();
                self.pending = Some(Pending {
                    version: self.version,
                    before: step.before,
                    after: step.after,
                    changes: step.changes,
                    kind,
                });
                Some(message)
            }
        }
    }

    /// The changes of one step back or forward through the history.
    pub fn history_changes(&self, direction: UndoRedo) -> Result<Vec<TextChange>, String> {
        self.history.changes(direction, &self.text)
    }

    /// A snapshot of the server's text. Confirms the pending edit when it holds it; a
    /// different text (the author also typed) ends the wait without recording it.
    /// Returns whether the text shown changed.
    pub fn snapshot(&mut self, version: i64, text: String) -> bool {
        if let Some(pending) = &self.pending {
            if version <= pending.version {
                return false; // an older snapshot, sent before the edit arrived
            }
        }
        if let Some(pending) = self.pending.take() {
            if text == pending.after {
                let step = HistoryStep {
                    before: pending.before,
                    after: pending.after,
                    changes: pending.changes,
                };
                self.commit(pending.kind, step);
            }
        }
        self.version = version;
        let changed = self.text != text;
        self.text = text;
        changed
    }

    /// The server refused the pending edit: back to the last snapshot's text (the
    /// server sends the current one next). Returns whether the text shown changed.
    pub fn refused(&mut self) -> bool {
        match self.pending.take() {
            Some(pending) => {
                let changed = self.text != pending.before;
                self.text = pending.before;
                changed
            }
            None => false,
        }
    }

    /// New text from outside (the file on disk changed and nothing was edited): the
    /// history no longer applies.
    pub fn replace(&mut self, text: String) {
        self.pending = None;
        self.history.clear();
        self.text = text;
    }

    fn commit(&mut self, kind: Kind, step: HistoryStep) {
        match kind {
            Kind::Edit => self.history.record(step),
            Kind::Replacing => self.history.record_replacing_last(step),
            Kind::HistoryStep(direction) => self.history.moved(direction),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexcells_core::edit::TextPos;

    fn change(line: u32, a: u32, b: u32, text: &str) -> TextChange {
        TextChange::new(TextPos::new(line, a), TextPos::new(line, b), text)
    }

    #[test]
    fn standalone_edits_take_effect_and_undo() {
        let mut doc = Document::new("ab\n".into(), Link::Standalone);
        assert_eq!(doc.submit(vec![change(0, 0, 1, "X")], Kind::Edit), None);
        assert_eq!(doc.text(), "Xb\n");
        let back = doc.history_changes(UndoRedo::Undo).unwrap();
        doc.submit(back, Kind::HistoryStep(UndoRedo::Undo));
        assert_eq!(doc.text(), "ab\n");
        assert_eq!(doc.history().depth(), (0, 1));
    }

    #[test]
    fn linked_edits_wait_for_their_snapshot() {
        let mut doc = Document::new(String::new(), Link::Server);
        assert!(doc.snapshot(3, "ab\n".into()));
        let sent = doc.submit(vec![change(0, 1, 2, "Y")], Kind::Edit);
        assert_eq!(
            sent,
            Some(FromViewer::Edit {
                version: 3,
                changes: vec![change(0, 1, 2, "Y")]
            })
        );
        assert_eq!(doc.text(), "aY\n", "shown at once");
        assert!(doc.is_pending());
        // A late snapshot of the old version changes nothing.
        assert!(!doc.snapshot(3, "ab\n".into()));
        assert!(!doc.snapshot(4, "aY\n".into()));
        assert!(!doc.is_pending());
        assert_eq!(doc.history().depth(), (1, 0));

        // Refused: back to the last snapshot, nothing recorded.
        doc.submit(vec![change(0, 0, 1, "Z")], Kind::Edit);
        assert!(doc.refused());
        assert_eq!(doc.text(), "aY\n");
        assert_eq!(doc.history().depth(), (1, 0));

        // The author typed meanwhile: the snapshot wins, nothing is recorded.
        doc.submit(vec![change(0, 0, 1, "Z")], Kind::Edit);
        assert!(doc.snapshot(6, "typed\n".into()));
        assert_eq!(doc.text(), "typed\n");
        assert_eq!(doc.history().depth(), (1, 0));
        assert!(doc.history_changes(UndoRedo::Undo).is_err());
    }
}
