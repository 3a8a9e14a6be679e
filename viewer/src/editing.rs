//! The editor mode of the window, without the window: the [`Editor`], its file (when
//! it edits one standalone), its zoom and pan, and what its keys do. `app.rs` turns
//! window events into [`Key`]s and pointer calls and carries out the [`Effects`].

use std::path::Path;
use std::time::Instant;

use hexcells_core::Pos;

use crate::bindings::Table;
use crate::editor::document::Link;
use crate::editor::prompt::PromptKey;
use crate::editor::{Button, Command, Editor, Mods, Outcome};
use crate::render::Layout;
use crate::save::{DiskChange, LevelFile, Saved};
use crate::view::{View, STEP};

/// The keys of the editor mode, after the bindings.
#[derive(Clone, Debug, PartialEq)]
pub enum Key {
    /// Ctrl+Z.
    Undo,
    /// Ctrl+Y, Ctrl+Shift+Z.
    Redo,
    /// Delete: the selection.
    Delete,
    /// Ctrl+S.
    Save,
    /// Ctrl+D: the level information prompt.
    Information,
    /// Tab (`restart`: Ctrl+Tab): play the level.
    Playtest {
        /// From the start.
        restart: bool,
    },
    /// `+`.
    ZoomIn,
    /// `-`.
    ZoomOut,
    /// `0`.
    ZoomReset,
    /// N (+1), P (-1): another level of a pack.
    Level(isize),
    /// Esc: clear the selection.
    ClearSelection,
    /// A key for the open prompt.
    Prompt(PromptKey),
    /// Ctrl+C: the level's text to the clipboard (the window does it).
    Copy,
    /// Ctrl+V: the clipboard's level replaces the one shown (the window reads it).
    Paste,
}

/// What the window must do after an editor event.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Effects {
    /// The editor's own outcome (redraw, message for the server, new text).
    pub outcome: Outcome,
    /// Switch to the player on the edited text (`Some(true)`: from the start).
    pub playtest: Option<bool>,
    /// Put this text on the clipboard.
    pub copy: Option<String>,
    /// Read the clipboard and hand its level to [`EditMode::paste`].
    pub paste: bool,
}

/// The editor mode's state.
#[derive(Debug)]
pub struct EditMode {
    /// The editor.
    pub editor: Editor,
    /// The file it edits standalone (none when linked to a text editor, or on the
    /// tutorial).
    pub file: Option<LevelFile>,
    /// Zoom and pan.
    pub view: View,
    /// Whether closing was asked once with unsaved edits.
    pub close_asked: bool,
    /// The part of the grid the view frames: the level as it was opened, with room
    /// around it (the whole grid for an empty level). It stays put while editing.
    pub frame: Option<(Pos, Pos)>,
}

/// Room left around a level in the editor's frame: groups, grid lines.
const ROOM: (i32, i32) = (4, 8);

/// The editor's frame for `level`: its bounds with room around, inside the grid.
fn frame_of(level: &hexcells_core::Level) -> Option<(Pos, Pos)> {
    let (min, max) = level.bounds()?;
    let lo = Pos::new(
        (i32::from(min.x()) - ROOM.0).max(0),
        (i32::from(min.y()) - ROOM.1).max(0),
    )?;
    let hi = Pos::new(
        (i32::from(max.x()) + ROOM.0).min(32),
        (i32::from(max.y()) + ROOM.1).min(32),
    )?;
    Some((lo, hi))
}

/// The mouse's part of the help line (the keys come from the bindings in force).
pub const MOUSE_HELP: &str = "left: blue · cycle · drag column · right: black · delete · double-click flip · Alt revealed · Shift select · middle pan · wheel zoom";

/// The editor's key bindings: `[editor]` of `keys.toml`.
pub const KEYS: Table = Table {
    section: "editor",
    actions: &[
        ("undo", &["Ctrl+Z"], "undo"),
        ("redo", &["Ctrl+Y", "Ctrl+Shift+Z"], "redo"),
        ("delete-selection", &["Delete"], "delete"),
        ("clear-selection", &["Esc"], "deselect"),
        ("information", &["Ctrl+D"], "info"),
        ("save", &["Ctrl+S"], "save"),
        ("playtest", &["Tab"], "play"),
        ("playtest-from-start", &["Ctrl+Tab", "Shift+Tab"], "replay"),
        ("zoom-in", &["+", "="], "zoom in"),
        ("zoom-out", &["-"], "zoom out"),
        ("zoom-reset", &["0"], "fit"),
        ("next-level", &["N"], "next"),
        ("previous-level", &["P"], "previous"),
        ("copy-level", &["Ctrl+C"], "copy"),
        ("paste-level", &["Ctrl+V"], "paste"),
    ],
};

/// The editor's key for a bound action id of [`KEYS`].
pub fn key_for(action: &str) -> Option<Key> {
    Some(match action {
        "undo" => Key::Undo,
        "redo" => Key::Redo,
        "delete-selection" => Key::Delete,
        "clear-selection" => Key::ClearSelection,
        "information" => Key::Information,
        "save" => Key::Save,
        "playtest" => Key::Playtest { restart: false },
        "playtest-from-start" => Key::Playtest { restart: true },
        "zoom-in" => Key::ZoomIn,
        "zoom-out" => Key::ZoomOut,
        "zoom-reset" => Key::ZoomReset,
        "next-level" => Key::Level(1),
        "previous-level" => Key::Level(-1),
        "copy-level" => Key::Copy,
        "paste-level" => Key::Paste,
        _ => return None,
    })
}

impl EditMode {
    /// The editor mode on `text`; `file` when it edits a file standalone.
    pub fn new(text: String, link: Link, level_idx: usize, file: Option<LevelFile>) -> EditMode {
        let editor = Editor::new(text, link, level_idx);
        let frame = frame_of(editor.level());
        EditMode {
            editor,
            file,
            view: View::default(),
            close_asked: false,
            frame,
        }
    }

    /// The layout of a `width` x `height` frame: the level's part of the grid as it
    /// was opened, zoomed and panned.
    pub fn layout(&self, width: u32, height: u32, scale: f32) -> Layout {
        self.view.apply(Layout::framing(self.frame, width, height, scale))
    }

    /// Frames the level as it reads now (a snapshot arrived, or another level).
    pub fn reframe(&mut self) {
        self.frame = frame_of(self.editor.level());
    }

    /// Whether the text differs from the file (standalone only).
    pub fn is_modified(&self) -> bool {
        self.file
            .as_ref()
            .is_some_and(|f| f.is_modified(self.editor.text()))
    }

    /// The window title: `level.hexcells* - hexcells-view (editor)`.
    pub fn title(&self, fallback: &str) -> String {
        let name = self
            .file
            .as_ref()
            .and_then(|f| f.path().file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| fallback.to_string());
        let star = if self.is_modified() { "*" } else { "" };
        format!("{name}{star} - hexcells-view (editor)")
    }

    /// A key.
    pub fn key(&mut self, key: Key, width: u32, height: u32) -> Effects {
        self.close_asked = false;
        let centre = (width as f32 / 2.0, height as f32 / 2.0);
        let outcome = match key {
            Key::Prompt(key) => self.editor.prompt_key(key),
            Key::Undo => self.editor.command(Command::Undo),
            Key::Redo => self.editor.command(Command::Redo),
            Key::Delete => self.editor.command(Command::DeleteSelection),
            Key::Information => self.editor.command(Command::OpenPrompt),
            Key::Level(step) => {
                let outcome = self.editor.command(Command::Step(step));
                self.reframe();
                outcome
            }
            Key::ClearSelection => self.editor.clear_selection(),
            Key::Save => self.save(),
            Key::Playtest { restart } => {
                return Effects {
                    playtest: Some(restart),
                    ..Effects::default()
                }
            }
            Key::Copy => {
                return Effects {
                    copy: Some(self.editor.level_text()),
                    ..Effects::default()
                }
            }
            Key::Paste => {
                return Effects {
                    paste: true,
                    ..Effects::default()
                }
            }
            Key::ZoomIn | Key::ZoomOut | Key::ZoomReset => {
                match key {
                    Key::ZoomIn => self.view.zoom_at(STEP, centre),
                    Key::ZoomOut => self.view.zoom_at(1.0 / STEP, centre),
                    _ => self.view.reset(),
                }
                Outcome {
                    redraw: true,
                    ..Outcome::default()
                }
            }
        };
        Effects {
            outcome,
            ..Effects::default()
        }
    }

    /// What reading the clipboard gave (Ctrl+V): its first level replaces the one
    /// shown, as one edit; a refusal is said.
    pub fn paste(&mut self, pasted: Result<crate::clipboard::PastedLevel, String>) -> Outcome {
        match pasted {
            Ok(pasted) => match pasted.levels.into_iter().next() {
                Some(level) => self.editor.command(Command::Paste(Box::new(level))),
                None => {
                    self.editor.say("the clipboard holds no level: nothing pasted");
                    Outcome {
                        redraw: true,
                        ..Outcome::default()
                    }
                }
            },
            Err(why) => {
                self.editor.say(why);
                Outcome {
                    redraw: true,
                    ..Outcome::default()
                }
            }
        }
    }

    /// What copying the level's text gave (Ctrl+C).
    pub fn copied(&mut self, result: Result<(), String>) {
        match result {
            Ok(()) => self.editor.say("copied the level's text"),
            Err(why) => self.editor.say(why),
        }
    }

    /// Ctrl+S: writes the file (standalone), and says what happened.
    fn save(&mut self) -> Outcome {
        let Some(file) = &mut self.file else {
            let why = match self.editor.document().link() {
                Link::Server => "edits go to the text editor's buffer: save there",
                Link::Standalone => "no file to save to: start with hexcells-view --edit FILE",
            };
            self.editor.say(why);
            return Outcome {
                redraw: true,
                ..Outcome::default()
            };
        };
        let message = match file.save(self.editor.text()) {
            Ok(Saved::Written(path)) => format!("saved {}", path.display()),
            Ok(Saved::Conflict(path)) => format!(
                "{} changed on disk since it was read: not overwritten; your edits are in {}",
                file.path().display(),
                path.display()
            ),
            Err(e) => format!("not saved: {e:#}"),
        };
        self.editor.say(message);
        Outcome {
            redraw: true,
            text_changed: false,
            send: None,
        }
    }

    /// The file changed on disk to `text`.
    pub fn disk_changed(&mut self, text: String) -> Outcome {
        let Some(file) = &mut self.file else {
            return Outcome::default();
        };
        match file.disk_changed(text, self.editor.text()) {
            DiskChange::Same => Outcome::default(),
            DiskChange::Follow(text) => self.editor.replace_text(text),
            DiskChange::Kept => {
                let name = display_name(file.path());
                let conflict = display_name(&file.conflict_path());
                self.editor.say(format!(
                    "{name} changed on disk; your edits are kept (Ctrl+S saves them to {conflict}, the file stays as it is)"
                ));
                Outcome {
                    redraw: true,
                    ..Outcome::default()
                }
            }
        }
    }

    /// The window's close button: closes unless there are unsaved edits, which are
    /// announced once (closing again discards them). Returns whether to close.
    pub fn close_requested(&mut self) -> bool {
        if !self.is_modified() || self.close_asked {
            return true;
        }
        self.close_asked = true;
        self.editor
            .say("unsaved edits: Ctrl+S saves them; close again to discard them");
        false
    }

    /// A press of a mouse button at pixel `at` of a `width` x `height` frame.
    pub fn press(&mut self, layout: &Layout, at: (f32, f32), button: Button, mods: Mods) -> Outcome {
        self.close_asked = false;
        self.editor.press(layout, at, button, mods)
    }

    /// A release.
    pub fn release(&mut self, layout: &Layout, at: (f32, f32), button: Button) -> Outcome {
        self.editor.release(layout, at, button, Instant::now())
    }

    /// The item under pixel `at`.
    pub fn item_at(&self, layout: &Layout, at: (f32, f32)) -> Option<Pos> {
        layout.cell_at(self.editor.level(), at.0, at.1)
    }
}

fn display_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexcells_core::format::print;
    use hexcells_core::Level;

    #[test]
    fn every_editor_action_has_a_key_and_a_default() {
        for (id, defaults, _) in KEYS.actions {
            assert!(key_for(id).is_some(), "{id}");
            assert!(!defaults.is_empty(), "{id}");
        }
        let (bindings, warnings) = crate::bindings::bindings(&KEYS, None);
        assert!(warnings.is_empty(), "{warnings:?}");
        assert!(bindings
            .help()
            .starts_with("Ctrl+Z undo · Ctrl+Y/Ctrl+Shift+Z redo"));
    }

    #[test]
    fn a_paste_replaces_the_level_and_a_bad_clipboard_changes_nothing() {
        let text = print(&Level::new());
        let mut mode = EditMode::new(text.clone(), Link::Standalone, 0, None);
        let refused = mode.paste(crate::clipboard::read_level("not a level"));
        assert!(!refused.text_changed);
        assert_eq!(mode.editor.text(), text);
        assert!(mode.editor.message().is_some());
        let mut level = Level::new();
        level.title = "Pasted".into();
        level.set(
            Pos::new(3, 3).unwrap(),
            Some(hexcells_core::Item::Cell(hexcells_core::Cell {
                color: hexcells_core::Color::Blue,
                revealed: false,
                hint: hexcells_core::Hint::None,
            })),
        );
        let pasted = crate::clipboard::read_level(&print(&level));
        assert!(mode.paste(pasted).text_changed);
        assert_eq!(mode.editor.level(), &level);
        let effects = mode.key(Key::Copy, 1280, 800);
        assert_eq!(effects.copy.as_deref(), Some(mode.editor.text()));
        mode.key(Key::Undo, 1280, 800);
        assert_eq!(mode.editor.text(), text, "one undoable edit");
    }

    #[test]
    fn save_writes_only_on_ctrl_s_and_close_asks_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.hexcells");
        let text = print(&Level::new());
        let file = LevelFile::new(path.clone(), None, &text);
        let mut mode = EditMode::new(text, Link::Standalone, 0, Some(file));
        let layout = mode.layout(1280, 800, 1.0);
        let at = layout.cell_centre(Pos::new(10, 10).unwrap());
        mode.press(&layout, at, Button::Left, Mods::default());
        mode.release(&layout, at, Button::Left);
        assert!(mode.is_modified());
        assert_eq!(mode.title("x"), "new.hexcells* - hexcells-view (editor)");
        assert!(!path.exists(), "nothing is written before Ctrl+S");
        assert!(!mode.close_requested(), "unsaved edits: asked first");
        assert!(mode.close_requested(), "closing again discards");
        mode.key(Key::Save, 1280, 800);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), mode.editor.text());
        assert!(!mode.is_modified());
        assert!(mode.close_requested());
    }
}
