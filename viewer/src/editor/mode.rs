//! The editor mode of the window, without the window: the [`Editor`], its file (when
//! it edits one standalone), its camera (zoom and pan), and what its keys do. `app.rs` turns
//! window events into the editor's bound actions (`keys::editor::EditorAction`) and prompt
//! keys, and carries out the [`EditorEffects`]; pointer events go from the controller
//! straight to [`Editor::pointer`].

use std::path::Path;

use hexcells_core::Pos;

use super::document::Link;
use super::prompt::PromptKey;
use super::save::{DiskChange, EditedFile, Saved};
use super::state::{Editor, EditorOutcome};
use crate::keys::editor::EditorAction;
use crate::keys::keys_for;
use crate::render::camera::STEP;
use crate::render::{Camera, FrameLayout};

/// What the window must do after an editor event.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EditorEffects {
    /// The editor's own outcome (redraw, message for the server, new text).
    pub outcome: EditorOutcome,
    /// Switch to the player on the edited text (`Some(true)`: from the start).
    pub playtest: Option<bool>,
    /// Put this text on the clipboard.
    pub copy: Option<String>,
    /// Read the clipboard and hand its level to [`EditMode::paste`].
    pub paste: bool,
    /// Start "fill clues" ([`Editor::start_fill`], its news posted back to the window).
    pub fill: bool,
}

/// The editor mode's state.
#[derive(Debug)]
pub struct EditMode {
    /// The editor.
    pub editor: Editor,
    /// The file it edits standalone (none when linked to a text editor, or on the
    /// tutorial).
    pub file: Option<EditedFile>,
    /// Zoom and pan.
    pub camera: Camera,
    /// Whether closing was asked once with unsaved edits.
    pub close_asked: bool,
    /// The part of the grid the camera frames: the level as it was opened, with room
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

impl EditMode {
    /// The editor mode on `text`; `file` when it edits a file standalone.
    pub fn new(text: String, link: Link, level_idx: usize, file: Option<EditedFile>) -> EditMode {
        let editor = Editor::new(text, link, level_idx);
        let frame = frame_of(editor.level());
        EditMode {
            editor,
            file,
            camera: Camera::default(),
            close_asked: false,
            frame,
        }
    }

    /// The layout of a `width` x `height` frame: the level's part of the grid as it
    /// was opened, zoomed and panned.
    pub fn layout(&self, width: u32, height: u32, scale: f32) -> FrameLayout {
        self.camera
            .apply(FrameLayout::framing(self.frame, width, height, scale))
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

    /// The window title: `level.hexcells* - hexcells-view (editor)`, or `(playtest)`
    /// while the player plays the edited level (the `*` stays while edits are unsaved).
    pub fn title(&self, fallback: &str, playtest: bool) -> String {
        let name = self
            .file
            .as_ref()
            .and_then(|f| f.path().file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| fallback.to_string());
        let star = if self.is_modified() { "*" } else { "" };
        let mode = if playtest { "playtest" } else { "editor" };
        if name.is_empty() {
            return format!("hexcells-view{star} ({mode})");
        }
        format!("{name}{star} - hexcells-view ({mode})")
    }

    /// A key for the open prompt.
    pub fn prompt_key(&mut self, key: PromptKey) -> EditorOutcome {
        self.close_asked = false;
        self.editor.prompt_key(key)
    }

    /// Carries out `action` of the editor's table, in a `width` x `height` window: the
    /// editor's one handler for its keys (the clicks' actions are the pointer's, read
    /// in [`Editor::pointer`]: nothing happens here).
    pub fn act(&mut self, action: EditorAction, width: u32, height: u32) -> EditorEffects {
        self.close_asked = false;
        let centre = (width as f32 / 2.0, height as f32 / 2.0);
        // A stroke waiting for its re-fill lands as painted before a key that reads or
        // changes the text (not before the camera's, the help's or the grade's).
        let landed = match action {
            EditorAction::ZoomIn
            | EditorAction::ZoomOut
            | EditorAction::ZoomReset
            | EditorAction::ToggleHelp
            | EditorAction::FillGrade
            | EditorAction::CluesFollow
            | EditorAction::ClearSelection
            | EditorAction::Select
            | EditorAction::ToggleRevealed => EditorOutcome::default(),
            _ => self.editor.land_stroke(),
        };
        let mut effects = self.act_on(action, centre);
        effects.outcome = landed.and(effects.outcome);
        effects
    }

    /// [`EditMode::act`] once a stroke waiting landed, around the window's `centre`.
    fn act_on(&mut self, action: EditorAction, centre: (f32, f32)) -> EditorEffects {
        let only = |outcome| EditorEffects {
            outcome,
            ..EditorEffects::default()
        };
        let redraw = EditorOutcome {
            redraw: true,
            ..EditorOutcome::default()
        };
        match action {
            EditorAction::Undo => only(self.editor.undo()),
            EditorAction::Redo => only(self.editor.redo()),
            EditorAction::DeleteSelection => only(self.editor.delete_selection()),
            EditorAction::Information => only(self.editor.open_prompt()),
            EditorAction::NextLevel | EditorAction::PreviousLevel => {
                let step = if action == EditorAction::NextLevel { 1 } else { -1 };
                let outcome = self.editor.step(step);
                self.reframe();
                only(outcome)
            }
            EditorAction::ClearSelection => {
                if let Some(outcome) = self.editor.stop_refill() {
                    return only(outcome);
                }
                if self.editor.cancel_fill() {
                    return only(redraw);
                }
                only(self.editor.clear_selection())
            }
            EditorAction::FillClues => EditorEffects {
                fill: true,
                ..EditorEffects::default()
            },
            EditorAction::FillGrade => only(self.editor.cycle_fill_grade()),
            EditorAction::CluesFollow => only(self.editor.toggle_follow()),
            EditorAction::Save => only(self.save()),
            EditorAction::Playtest | EditorAction::PlaytestFromStart => EditorEffects {
                playtest: Some(action == EditorAction::PlaytestFromStart),
                ..EditorEffects::default()
            },
            EditorAction::CopyLevel => EditorEffects {
                copy: Some(self.editor.level_text()),
                ..EditorEffects::default()
            },
            EditorAction::PasteLevel => EditorEffects {
                paste: true,
                ..EditorEffects::default()
            },
            EditorAction::ZoomIn => {
                self.camera.zoom_at(STEP, centre);
                only(redraw)
            }
            EditorAction::ZoomOut => {
                self.camera.zoom_at(1.0 / STEP, centre);
                only(redraw)
            }
            EditorAction::ZoomReset => {
                self.camera.reset();
                only(redraw)
            }
            EditorAction::ToggleHelp => only(self.editor.toggle_help()),
            EditorAction::Select | EditorAction::ToggleRevealed => EditorEffects::default(),
        }
    }

    /// What reading the clipboard gave: its first level replaces the one
    /// shown, as one edit; a refusal is said.
    pub fn paste(&mut self, pasted: Result<crate::clipboard::PastedLevel, String>) -> EditorOutcome {
        match pasted {
            Ok(pasted) => match pasted.levels.into_iter().next() {
                Some(level) => self.editor.paste_level(level),
                None => {
                    self.editor.say("the clipboard holds no level: nothing pasted");
                    EditorOutcome {
                        redraw: true,
                        ..EditorOutcome::default()
                    }
                }
            },
            Err(why) => {
                self.editor.say(why);
                EditorOutcome {
                    redraw: true,
                    ..EditorOutcome::default()
                }
            }
        }
    }

    /// What copying the level's text gave.
    pub fn copied(&mut self, result: Result<(), String>) {
        match result {
            Ok(()) => self.editor.say("copied the level's text"),
            Err(why) => self.editor.say(why),
        }
    }

    /// Writes the file (standalone), and says what happened.
    fn save(&mut self) -> EditorOutcome {
        let Some(file) = &mut self.file else {
            let why = match self.editor.document().link() {
                Link::Server => "edits go to the text editor's buffer: save there",
                Link::Standalone => "no file to save to: start with hexcells-view --edit FILE",
            };
            self.editor.say(why);
            return EditorOutcome {
                redraw: true,
                ..EditorOutcome::default()
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
        EditorOutcome {
            redraw: true,
            text_changed: false,
            send: None,
        }
    }

    /// The file changed on disk to `text`.
    pub fn disk_changed(&mut self, text: String) -> EditorOutcome {
        let Some(file) = &mut self.file else {
            return EditorOutcome::default();
        };
        match file.disk_changed(text, self.editor.text()) {
            DiskChange::Same => EditorOutcome::default(),
            DiskChange::Follow(text) => self.editor.replace_text(text),
            DiskChange::Kept => {
                let name = display_name(file.path());
                let conflict = display_name(&file.conflict_path());
                let save = keys_for(&self.editor.keys, EditorAction::Save);
                self.editor.say(format!(
                    "{name} changed on disk; your edits are kept ({save} saves them to {conflict}, the file stays as it is)"
                ));
                EditorOutcome {
                    redraw: true,
                    ..EditorOutcome::default()
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
        let save = keys_for(&self.editor.keys, EditorAction::Save);
        self.editor.say(format!(
            "unsaved edits: {save} saves them; close again to discard them"
        ));
        false
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
    use crate::editor::PointerEvent;
    use hexcells_core::format::print;
    use hexcells_core::Level;

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
        let effects = mode.act(EditorAction::CopyLevel, 1280, 800);
        assert_eq!(effects.copy.as_deref(), Some(mode.editor.text()));
        mode.act(EditorAction::Undo, 1280, 800);
        assert_eq!(mode.editor.text(), text, "one undoable edit");
    }

    #[test]
    fn a_linked_editor_is_named_after_the_level_once() {
        let mode = EditMode::new(print(&Level::new()), Link::Server, 0, None);
        assert_eq!(
            mode.title("Three and none", false),
            "Three and none - hexcells-view (editor)"
        );
        assert_eq!(mode.title("", false), "hexcells-view (editor)");
        assert_eq!(mode.title("", true), "hexcells-view (playtest)");
    }

    #[test]
    fn save_writes_only_when_asked_and_close_asks_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.hexcells");
        let text = print(&Level::new());
        let file = EditedFile::new(path.clone(), None, &text);
        let mut mode = EditMode::new(text, Link::Standalone, 0, Some(file));
        let layout = mode.layout(1280, 800, 1.0);
        let at = layout.cell_centre(Pos::new(10, 10).unwrap());
        let (button, mods) = (crate::keys::Button::Left, crate::editor::Mods::default());
        mode.editor
            .pointer(&layout, PointerEvent::Press { at, button, mods });
        let now = std::time::Instant::now();
        mode.editor
            .pointer(&layout, PointerEvent::Release { at, button, now });
        assert!(mode.is_modified());
        assert_eq!(mode.title("x", false), "new.hexcells* - hexcells-view (editor)");
        assert_eq!(mode.title("x", true), "new.hexcells* - hexcells-view (playtest)");
        assert!(!path.exists(), "nothing is written before a save");
        // The message names the save key in force (here from a keys.toml).
        let (keys, _) = crate::keys::file::read(Some("[editor]\nsave = \"F5\"\n"));
        mode.editor.keys = keys.editor;
        assert!(!mode.close_requested(), "unsaved edits: asked first");
        let said = mode.editor.message().unwrap_or_default().to_string();
        assert!(said.contains("F5 saves them"), "{said}");
        assert!(mode.close_requested(), "closing again discards");
        mode.act(EditorAction::Save, 1280, 800);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), mode.editor.text());
        assert!(!mode.is_modified());
        assert!(mode.close_requested());
    }
}
