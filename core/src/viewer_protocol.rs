//! The small line-based protocol between the language server and `hexcells-view`
//! launched by it: one JSON object per line on the viewer's stdin (the document's text,
//! then its changes; the editor's cursor) and stdout (clicks, edits).
//!
//! The messages are plain data; the JSON shape lives in private DTOs here, so both
//! ends share one encoder and decoder. Cells travel as Hexix names (`"F7"`).
//!
//! Server to viewer:
//! - `{"type":"snapshot","version":3,"text":"Hexcells level v1\n..."}`: the whole text,
//!   when the viewer starts, after a refused edit, when the editor replaced the whole
//!   text, and when the viewer asks for it;
//! - `{"type":"change","from":3,"version":4,"changes":[{"start":[5,10],"end":[5,11],"text":"X"}]}`:
//!   the editor's edit of version 3 that gave version 4 (on every keystroke: a level
//!   pack is a megabyte, its edit a few characters). The changes apply one after the
//!   other, each to the text the one before gave; places as in `edit` below;
//! - `{"type":"cursor","level":0,"cell":"F7"}` (`"cell":null` when the cursor is on no cell)
//! - `{"type":"refused","version":4,"reason":"..."}`: an edit of the viewer's was not
//!   applied; `version` is the document's version now (its snapshot follows).
//!
//! Viewer to server:
//! - `{"type":"clicked","level":0,"cell":"F7"}`
//! - `{"type":"edit","version":3,"changes":[{"start":[5,10],"end":[5,12],"text":"x."}]}`:
//!   text changes made against document version 3, with places as `[line, column]`
//!   (from 0; columns count characters, as in core). The server applies them to the
//!   editor's buffer if the document is still at that version, and refuses them otherwise.
//! - `{"type":"resync"}`: a change came for a version the viewer does not have; the
//!   server sends a snapshot.
//! - `{"type":"serving","url":"http://127.0.0.1:PORT/?token=..."}`: the first message of
//!   `hexcells-view --serve --stdin`, where the page is (the window never sends it); the
//!   server hands the URL to the editor.

use serde::{Deserialize, Serialize};

use crate::edit::{TextChange, TextPos};
use crate::model::{name, parse_name, Pos};

/// A message from the language server to the viewer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToViewer {
    /// The whole text of the document, saved or not.
    Snapshot {
        /// The document version the text belongs to.
        version: i64,
        /// The document text.
        text: String,
    },
    /// The editor's edit of the text: version `from` with `changes` is `version`.
    Change {
        /// The version the changes apply to.
        from: i64,
        /// The version they give.
        version: i64,
        /// The changes, each applied to the text the one before gave.
        changes: Vec<TextChange>,
    },
    /// Where the editor's cursor is: which level of the pack, and which cell if any.
    Cursor {
        /// Index of the level in the pack, from 0.
        level: usize,
        /// The cell under the cursor.
        cell: Option<Pos>,
    },
    /// An [`FromViewer::Edit`] was not applied.
    Refused {
        /// The document's version now.
        version: i64,
        /// Why, for the window's status line.
        reason: String,
    },
}

/// A message from the viewer to the language server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromViewer {
    /// The player clicked a cell (or a column number).
    Clicked {
        /// Index of the level in the pack, from 0.
        level: usize,
        /// The clicked position.
        cell: Pos,
    },
    /// Text changes the viewer's editor made, to apply to the editor's buffer.
    Edit {
        /// The document version the changes were made against.
        version: i64,
        /// The changes, in text order, not overlapping.
        changes: Vec<TextChange>,
    },
    /// The viewer lost track of the text (a change of a version it does not have) and
    /// asks for a snapshot.
    Resync,
    /// The viewer serves its page (`--serve --stdin`) at this URL, token included.
    Serving {
        /// The page's address on loopback, with its `?token=`.
        url: String,
    },
}

/// Why a line could not be read as a message.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ProtocolError {
    /// The line is not JSON of a known message.
    #[error("not a viewer message: {0}")]
    Json(String),
    /// A cell name is not a Hexix name of a grid position.
    #[error("`{0}` is not a cell name (expected e.g. F7)")]
    BadCell(String),
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum ToViewerDto {
    Snapshot {
        version: i64,
        text: String,
    },
    Change {
        from: i64,
        version: i64,
        changes: Vec<ChangeDto>,
    },
    Cursor {
        level: usize,
        cell: Option<String>,
    },
    Refused {
        version: i64,
        reason: String,
    },
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum FromViewerDto {
    Clicked { level: usize, cell: String },
    Edit { version: i64, changes: Vec<ChangeDto> },
    Resync,
    Serving { url: String },
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChangeDto {
    start: [u32; 2],
    end: [u32; 2],
    text: String,
}

impl From<&TextChange> for ChangeDto {
    fn from(c: &TextChange) -> ChangeDto {
        ChangeDto {
            start: [c.start.line, c.start.column],
            end: [c.end.line, c.end.column],
            text: c.new_text.clone(),
        }
    }
}

impl From<ChangeDto> for TextChange {
    fn from(c: ChangeDto) -> TextChange {
        TextChange::new(
            TextPos::new(c.start[0], c.start[1]),
            TextPos::new(c.end[0], c.end[1]),
            c.text,
        )
    }
}

impl ToViewer {
    /// The message as one line of JSON, without the line break.
    pub fn encode(&self) -> String {
        let dto = match self {
            ToViewer::Snapshot { version, text } => ToViewerDto::Snapshot {
                version: *version,
                text: text.clone(),
            },
            ToViewer::Change {
                from,
                version,
                changes,
            } => ToViewerDto::Change {
                from: *from,
                version: *version,
                changes: changes.iter().map(ChangeDto::from).collect(),
            },
            ToViewer::Cursor { level, cell } => ToViewerDto::Cursor {
                level: *level,
                cell: cell.map(name),
            },
            ToViewer::Refused { version, reason } => ToViewerDto::Refused {
                version: *version,
                reason: reason.clone(),
            },
        };
        // Serialising plain strings and integers cannot fail.
        serde_json::to_string(&dto).unwrap_or_default()
    }

    /// Reads one line (a trailing line break is allowed).
    pub fn decode(line: &str) -> Result<ToViewer, ProtocolError> {
        let dto: ToViewerDto =
            serde_json::from_str(line.trim_end()).map_err(|e| ProtocolError::Json(e.to_string()))?;
        Ok(match dto {
            ToViewerDto::Snapshot { version, text } => ToViewer::Snapshot { version, text },
            ToViewerDto::Change {
                from,
                version,
                changes,
            } => ToViewer::Change {
                from,
                version,
                changes: changes.into_iter().map(TextChange::from).collect(),
            },
            ToViewerDto::Cursor { level, cell } => ToViewer::Cursor {
                level,
                cell: cell.map(|c| read_cell(&c)).transpose()?,
            },
            ToViewerDto::Refused { version, reason } => ToViewer::Refused { version, reason },
        })
    }
}

impl FromViewer {
    /// The message as one line of JSON, without the line break.
    pub fn encode(&self) -> String {
        let dto = match self {
            FromViewer::Clicked { level, cell } => FromViewerDto::Clicked {
                level: *level,
                cell: name(*cell),
            },
            FromViewer::Edit { version, changes } => FromViewerDto::Edit {
                version: *version,
                changes: changes.iter().map(ChangeDto::from).collect(),
            },
            FromViewer::Resync => FromViewerDto::Resync,
            FromViewer::Serving { url } => FromViewerDto::Serving { url: url.clone() },
        };
        serde_json::to_string(&dto).unwrap_or_default()
    }

    /// Reads one line (a trailing line break is allowed).
    pub fn decode(line: &str) -> Result<FromViewer, ProtocolError> {
        let dto: FromViewerDto =
            serde_json::from_str(line.trim_end()).map_err(|e| ProtocolError::Json(e.to_string()))?;
        Ok(match dto {
            FromViewerDto::Clicked { level, cell } => FromViewer::Clicked {
                level,
                cell: read_cell(&cell)?,
            },
            FromViewerDto::Edit { version, changes } => FromViewer::Edit {
                version,
                changes: changes.into_iter().map(TextChange::from).collect(),
            },
            FromViewerDto::Resync => FromViewer::Resync,
            FromViewerDto::Serving { url } => FromViewer::Serving { url },
        })
    }
}

fn read_cell(text: &str) -> Result<Pos, ProtocolError> {
    parse_name(text).ok_or_else(|| ProtocolError::BadCell(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::pos;

    #[test]
    fn messages_round_trip_on_one_line() {
        let to_viewer = [
            ToViewer::Snapshot {
                version: 7,
                text: "Hexcells level v1\nTitle \"q\" é\r\n\tx+".to_string(),
            },
            ToViewer::Cursor {
                level: 2,
                cell: Some(pos(5, 6)),
            },
            ToViewer::Cursor { level: 0, cell: None },
            ToViewer::Change {
                from: 3,
                version: 4,
                changes: vec![
                    TextChange::new(TextPos::new(5, 10), TextPos::new(5, 11), "X"),
                    TextChange::insert(TextPos::new(9, 0), "é\r\n"),
                ],
            },
            ToViewer::Refused {
                version: 9,
                reason: "the text changed".to_string(),
            },
        ];
        for msg in to_viewer {
            let line = msg.encode();
            assert!(!line.contains('\n'), "{line}");
            assert_eq!(ToViewer::decode(&format!("{line}\n")), Ok(msg));
        }
        let click = FromViewer::Clicked {
            level: 1,
            cell: pos(27, 11),
        };
        let line = click.encode();
        assert_eq!(line, r#"{"type":"clicked","level":1,"cell":"AB12"}"#);
        assert_eq!(FromViewer::decode(&line), Ok(click));
        let edit = FromViewer::Edit {
            version: 3,
            changes: vec![
                TextChange::new(TextPos::new(5, 10), TextPos::new(5, 12), "x."),
                TextChange::insert(TextPos::new(7, 66), "\r\n..é"),
            ],
        };
        let line = edit.encode();
        assert!(line.starts_with(
            r#"{"type":"edit","version":3,"changes":[{"start":[5,10],"end":[5,12],"text":"x."}"#
        ));
        assert_eq!(FromViewer::decode(&line), Ok(edit));
        assert_eq!(FromViewer::Resync.encode(), r#"{"type":"resync"}"#);
        assert_eq!(FromViewer::decode(r#"{"type":"resync"}"#), Ok(FromViewer::Resync));
        let serving = FromViewer::Serving {
            url: "http://127.0.0.1:4321/?token=ab12".to_string(),
        };
        let line = serving.encode();
        assert_eq!(
            line,
            r#"{"type":"serving","url":"http://127.0.0.1:4321/?token=ab12"}"#
        );
        assert_eq!(FromViewer::decode(&line), Ok(serving));
    }

    #[test]
    fn the_wire_format_is_documented_json() {
        let change = ToViewer::decode(
            r#"{"type":"change","from":3,"version":4,"changes":[{"start":[5,10],"end":[5,11],"text":"X"}]}"#,
        );
        assert_eq!(
            change,
            Ok(ToViewer::Change {
                from: 3,
                version: 4,
                changes: vec![TextChange::new(TextPos::new(5, 10), TextPos::new(5, 11), "X")]
            })
        );
        let msg = ToViewer::decode(r#"{"type":"cursor","level":0,"cell":"F7"}"#);
        assert_eq!(
            msg,
            Ok(ToViewer::Cursor {
                level: 0,
                cell: Some(pos(5, 6))
            })
        );
    }

    #[test]
    fn bad_lines_are_errors_not_panics() {
        assert!(matches!(
            ToViewer::decode("not json"),
            Err(ProtocolError::Json(_))
        ));
        assert!(matches!(
            ToViewer::decode(r#"{"type":"dance"}"#),
            Err(ProtocolError::Json(_))
        ));
        assert_eq!(
            ToViewer::decode(r#"{"type":"cursor","level":0,"cell":"F99"}"#),
            Err(ProtocolError::BadCell("F99".to_string()))
        );
        assert!(FromViewer::decode(r#"{"type":"clicked","level":-1,"cell":"A1"}"#).is_err());
        assert!(FromViewer::decode(
            r#"{"type":"edit","version":1,"changes":[{"start":[0],"end":[0,1],"text":""}]}"#
        )
        .is_err());
    }
}
