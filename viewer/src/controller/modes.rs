//! The [`Controller`]: the player and the editor in one window, without the window.
//! Which mode has it, switching between them, what each input does in the mode that
//! has it, and what the controller does with the work beside the window (the engine,
//! the editor's checks, the file watch) when it comes back.

use std::borrow::Cow;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use hexcells_core::edit;
use hexcells_core::viewer_protocol::{FromViewer, ToViewer};
use hexcells_core::Pos;
use tiny_skia::PixmapMut;

use super::engine_runs::EngineRuns;
use super::events::{Post, UserEvent};
use crate::clipboard::Clipboard;
use crate::editor::document::Link;
use crate::editor::mode::EditMode;
use crate::editor::prompt::PromptKey;
use crate::editor::save::EditedFile;
use crate::editor::{self as edit_state, Mods, PointerEvent};
use crate::keys::{self, editor as edit_keys, Binding, Button, Chord};
use crate::player::{Input, Origin, OverviewJob, PlayerEffects, Session};
use crate::render::camera::STEP;
use crate::render::{board, editor_frame, Camera, Canvas, FrameLayout, FrameText, Pixels};
use crate::watch::{watch, FileWatch};

/// The window's size in pixels and its interface scale (HiDPI).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Interface scale.
    pub scale: f32,
}

/// Both modes and what they share.
pub struct Controller {
    session: Session,
    post: Post,
    /// The hint and solves beside the window: one running, one waiting.
    engine: EngineRuns,
    /// Linked to the language server: its messages come on stdin, clicks and edits go
    /// out on stdout.
    linked: bool,
    watch: Option<FileWatch>,
    clipboard: Clipboard,
    /// The level editor, once it was opened.
    edit: Option<EditMode>,
    /// Whether the editor (not the player) has the window.
    editing: bool,
    /// Where the pointer is, in pixels.
    mouse: Option<(f64, f64)>,
    /// Where a middle-button drag (pan) last was.
    pan_from: Option<(f64, f64)>,
    /// The language server's last snapshot (version, text), for an editor opened later.
    last_snapshot: Option<(i64, String)>,
    /// The editor's bindings in force.
    edit_keys: Vec<Binding<edit_keys::EditorAction>>,
    /// What was wrong in `keys.toml`, said once in the window.
    key_warnings: Option<String>,
    /// Whether the window must be drawn again.
    redraw: bool,
}

impl Controller {
    /// The player on `session`; `post` brings events back from other threads, `linked`
    /// when the language server started the viewer.
    pub fn new(session: Session, post: Post, linked: bool) -> Controller {
        Controller {
            session,
            engine: EngineRuns::new(post.clone()),
            post,
            linked,
            watch: None,
            clipboard: Clipboard::new(),
            edit: None,
            editing: false,
            mouse: None,
            pan_from: None,
            last_snapshot: None,
            edit_keys: keys::defaults(),
            key_warnings: None,
            redraw: false,
        }
    }

    /// Whether the window must be drawn again (asked since the last call).
    pub fn take_redraw(&mut self) -> bool {
        std::mem::take(&mut self.redraw)
    }

    /// Follows the level file at `path`.
    pub fn follow(&mut self, path: PathBuf) {
        let post = self.post.clone();
        self.watch = match watch(&path, move |text| post(UserEvent::FileChanged(text))) {
            Ok(watch) => Some(watch),
            Err(e) => {
                eprintln!("hexcells-view: {e:#}");
                None
            }
        };
    }

    /// Reads `keys.toml`; what is wrong in it is said in the window.
    pub fn load_keys(&mut self) {
        let (user, mut warnings) = keys::file::read_user_file();
        let (bound, more) = keys::file::read(user.as_deref());
        warnings.extend(more);
        // `--swap-buttons` on the command line swaps them whatever keys.toml says.
        self.session.swap_buttons |= bound.swap_buttons;
        self.session.set_bindings(bound.player);
        self.edit_keys = bound.editor;
        if !warnings.is_empty() {
            let message = warnings.join("; ");
            eprintln!("hexcells-view: {message}");
            self.session.say(&message);
            self.key_warnings = Some(message);
        }
    }

    /// Opens the editor on `path` (read as `on_disk`), on the text editor's buffer when
    /// linked, or on the player's text.
    pub fn start_editor(&mut self, path: Option<PathBuf>, on_disk: Option<String>) {
        let level_idx = self.session.position().0;
        let mut mode = if self.linked {
            let mut mode = EditMode::new(String::new(), Link::Server, level_idx, None);
            if let Some((version, text)) = self.last_snapshot.clone() {
                mode.editor.snapshot(version, text);
                mode.reframe();
            }
            mode
        } else {
            let text = match (&on_disk, &path) {
                (Some(text), _) => text.clone(),
                (None, Some(_)) => hexcells_core::format::print(&hexcells_core::Level::new()),
                (None, None) => self.session.text().to_string(),
            };
            let file = path.map(|p| EditedFile::new(p, on_disk, &text));
            EditMode::new(text, Link::Standalone, level_idx, file)
        };
        mode.editor.swap_buttons = self.session.swap_buttons;
        mode.editor.keys = self.edit_keys.clone();
        if let Some(warnings) = self.key_warnings.take() {
            mode.editor.say(warnings);
        }
        self.edit = Some(mode);
        self.editing = true;
        self.check();
        self.redraw = true;
    }

    /// An event from another thread. Returns false when the viewer must close.
    pub fn event(&mut self, event: UserEvent) -> bool {
        match event {
            UserEvent::FileChanged(text) => {
                if let Some(mode) = &mut self.edit {
                    let outcome = mode.disk_changed(text.clone());
                    let follows = outcome.text_changed;
                    self.edited(outcome);
                    if !follows {
                        return true;
                    }
                }
                self.redraw |= self.session.load_text(&text);
            }
            UserEvent::Editor(ToViewer::Snapshot { version, text }) => self.editor_text(version, text),
            UserEvent::Editor(ToViewer::Change {
                from,
                version,
                changes,
            }) => match &self.last_snapshot {
                Some((have, base)) if *have == from => {
                    let mut text = Cow::Borrowed(base.as_str());
                    for change in &changes {
                        text = Cow::Owned(edit::apply(&text, std::slice::from_ref(change)));
                    }
                    let text = text.into_owned();
                    self.editor_text(version, text);
                }
                // Not the version the change applies to: ask for the whole text.
                _ if self.linked => send(&FromViewer::Resync),
                _ => {}
            },
            UserEvent::Editor(ToViewer::Refused { reason, .. }) => {
                if let Some(mode) = &mut self.edit {
                    let outcome = mode.editor.refused(reason);
                    self.edited(outcome);
                }
            }
            UserEvent::Editor(ToViewer::Cursor { level, cell }) => {
                self.session.set_cursor(level, cell);
                self.redraw = true;
            }
            UserEvent::Checked(checked) => {
                if let Some(mode) = &mut self.edit {
                    self.redraw |= mode.editor.set_checked(*checked);
                }
            }
            UserEvent::Fill(news) => {
                if let Some(mode) = &mut self.edit {
                    let outcome = mode.editor.fill_news(*news);
                    self.edited(outcome);
                }
            }
            UserEvent::Engine(done) => {
                self.redraw |= self.session.finish(*done);
                if let Some(job) = self.engine.done() {
                    let job = self.session.renew(job);
                    self.engine.start(job);
                }
            }
            UserEvent::Overview(done) => self.redraw |= self.session.overview_done(*done),
            UserEvent::EditorGone => return false,
        }
        // A new text while the overview shows is graded again.
        self.refresh_overview();
        true
    }

    /// Grades the text beside the window when the overview shows and has no curve of it.
    fn refresh_overview(&mut self) {
        if let Some(job) = self.session.overview_refresh() {
            self.grade_pack(job);
        }
    }

    /// Runs the pack overview's grading beside the window.
    fn grade_pack(&mut self, job: OverviewJob) {
        let post = self.post.clone();
        std::thread::spawn(move || post(UserEvent::Overview(Box::new(job.run()))));
        self.redraw = true;
    }

    /// The editor's text at `version` (a snapshot, or the last one with a change): the
    /// editor and the player take it, and each reads again only what changed.
    fn editor_text(&mut self, version: i64, text: String) {
        if let Some(mode) = &mut self.edit {
            let outcome = mode.editor.snapshot(version, text.clone());
            if mode.frame.is_none() {
                // The first level the editor sees (it opened before any text).
                mode.reframe();
            }
            self.edited(outcome);
        }
        self.redraw |= self.session.load_text(&text);
        self.last_snapshot = Some((version, text));
    }

    /// The window's close button: whether to close (the editor asks once about unsaved
    /// edits, and takes the window to say so).
    pub fn close_requested(&mut self) -> bool {
        let close = self.edit.as_mut().is_none_or(EditMode::close_requested);
        if !close {
            self.editing = true;
            self.redraw = true;
        }
        close
    }

    /// The window's title for the mode that has it: the editor's (with `*` while
    /// edits are unsaved) in the editor and its playtest.
    pub fn title(&self) -> String {
        match &self.edit {
            Some(mode) => {
                let name = window_name(&self.session).unwrap_or_default();
                mode.title(&name, !self.editing)
            }
            None => window_title(&self.session),
        }
    }

    /// Draws the mode that has the window into `pixmap`, a frame of `frame`'s size;
    /// returns the frame's words as drawn.
    pub fn draw(&self, frame: Frame, pixmap: &mut PixmapMut) -> FrameText {
        self.draw_on(frame, &mut Pixels(pixmap))
    }

    /// Draws the mode that has the window on `canvas` (pixels or SVG), a frame of
    /// `frame`'s size; returns the frame's words as drawn.
    pub fn draw_on(&self, frame: Frame, canvas: &mut dyn Canvas) -> FrameText {
        match (&self.edit, self.editing) {
            (Some(mode), true) => {
                let layout = mode.layout(frame.width, frame.height, frame.scale);
                let cursor = self.session.cursor();
                mode.editor
                    .with_scene(layout, self.session.hover, cursor, |scene| {
                        editor_frame::draw(scene, canvas)
                    })
            }
            _ => {
                let layout = self.session.layout(frame.width, frame.height, frame.scale);
                self.session
                    .with_scene(frame.scale, |scene| board::draw(scene, &layout, canvas))
            }
        }
    }

    /// Whether the editor's level information prompt takes the keys.
    pub fn prompt_open(&self) -> bool {
        self.editing && self.edit.as_ref().is_some_and(|m| m.editor.prompt_open())
    }

    /// A key for the editor's open prompt.
    pub fn prompt_key(&mut self, key: PromptKey) {
        let Some(mode) = &mut self.edit else { return };
        let outcome = mode.prompt_key(key);
        self.edited(outcome);
    }

    /// A key with its modifiers, for the mode that has the window.
    pub fn key(&mut self, frame: Frame, chord: Chord) {
        if !self.editing {
            if let Some(action) = keys::action_for(self.session.bindings(), chord) {
                let input = Input {
                    cell: self.cell_under_mouse(frame),
                    button: Button::Left,
                    window: (frame.width, frame.height),
                };
                self.act(action, input);
            }
            return;
        }
        let Some(action) = keys::action_for(&self.edit_keys, chord) else {
            return;
        };
        let Some(mode) = &mut self.edit else { return };
        let mut effects = mode.act(action, frame.width, frame.height);
        self.edited(std::mem::take(&mut effects.outcome));
        if let Some(restart) = effects.playtest {
            return self.playtest(restart);
        }
        if let Some(text) = effects.copy {
            let result = self.clipboard.copy_text(&text);
            if let Some(mode) = &mut self.edit {
                mode.copied(result);
            }
            self.redraw = true;
            return;
        }
        if effects.fill {
            let post = self.post.clone();
            let Some(mode) = &mut self.edit else { return };
            let outcome = mode
                .editor
                .start_fill(move |news| post(UserEvent::Fill(Box::new(news))));
            return self.edited(outcome);
        }
        if effects.paste {
            let pasted = self.clipboard.paste_level();
            let Some(mode) = &mut self.edit else { return };
            let outcome = mode.paste(pasted);
            self.edited(outcome);
        }
    }

    /// A press (or, with `pressed` false, a release) of the left or right button, with
    /// the modifiers held (`chord` is a click).
    pub fn button(&mut self, frame: Frame, button: Button, pressed: bool, chord: Chord) {
        if self.editing {
            return self.edit_button(frame, button, pressed, chord);
        }
        if !pressed {
            return;
        }
        if let Some(action) = keys::action_for(self.session.bindings(), chord) {
            let input = Input {
                cell: self.cell_under_mouse(frame),
                button,
                window: (frame.width, frame.height),
            };
            self.act(action, input);
        }
    }

    /// The middle button went down (a drag pans) or up.
    pub fn middle_button(&mut self, pressed: bool) {
        self.pan_from = if pressed { self.mouse } else { None };
    }

    /// The pointer moved to `at` (pixels).
    pub fn pointer_moved(&mut self, frame: Frame, at: (f64, f64)) {
        self.mouse = Some(at);
        if let Some(from) = self.pan_from.as_mut().map(|from| std::mem::replace(from, at)) {
            let (dx, dy) = ((at.0 - from.0) as f32, (at.1 - from.1) as f32);
            self.camera_mut().pan_by(dx, dy);
            self.redraw = true;
        }
        if let (true, Some(layout)) = (self.editing, self.edit_layout(frame)) {
            if let Some(mode) = &mut self.edit {
                let at = (at.0 as f32, at.1 as f32);
                let outcome = mode.editor.pointer(&layout, PointerEvent::Motion { at });
                self.edited(outcome);
            }
        }
        let hover = self.cell_under_mouse(frame);
        self.redraw |= self.session.set_hover(hover);
    }

    /// The pointer left the window.
    pub fn pointer_left(&mut self) {
        self.mouse = None;
        self.redraw |= self.session.set_hover(None);
    }

    /// The wheel turned by `notches` (up: zoom in), around the pointer.
    pub fn wheel(&mut self, notches: f32) {
        let Some(mouse) = self.mouse else { return };
        let at = (mouse.0 as f32, mouse.1 as f32);
        self.camera_mut().zoom_at(STEP.powf(notches), at);
        self.redraw = true;
    }

    /// Starts the editor's check of the level as it reads now.
    fn check(&mut self) {
        let post = self.post.clone();
        if let Some(mode) = &mut self.edit {
            mode.editor
                .start_check(move |checked| post(UserEvent::Checked(Box::new(checked))));
        }
    }

    /// Carries out what an editor event asks for.
    fn edited(&mut self, outcome: edit_state::EditorOutcome) {
        if let (Some(message), true) = (outcome.send, self.linked) {
            send(&message);
        }
        if outcome.text_changed {
            self.check();
        }
        self.redraw |= outcome.redraw || outcome.text_changed;
        // A stroke made while clues follow the drawing: its re-fill beside the window.
        if let Some(mode) = self.edit.as_mut().filter(|m| m.editor.refill_waiting()) {
            let post = self.post.clone();
            mode.editor
                .start_refill(move |news| post(UserEvent::Fill(Box::new(news))));
        }
    }

    /// The editor's playtest: play the edited level (from the start with `restart`).
    fn playtest(&mut self, restart: bool) {
        let Some(mode) = &self.edit else { return };
        let (level_idx, _) = mode.editor.position();
        self.session.load_text(mode.editor.text());
        self.session.go_to(level_idx);
        if restart {
            self.session.play_from_start();
        }
        self.session.playtest = true;
        self.editing = false;
        self.redraw = true;
    }

    /// The player's `editor` action: back to the editor (opening it the first time).
    fn open_editor(&mut self) {
        if self.edit.is_some() {
            self.editing = true;
            self.redraw = true;
            return;
        }
        let (path, on_disk) = match self.session.origin() {
            Origin::File(path) => (Some(path.clone()), std::fs::read_to_string(path).ok()),
            _ => (None, None),
        };
        self.start_editor(path, on_disk);
    }

    /// The editor's layout.
    fn edit_layout(&self, frame: Frame) -> Option<FrameLayout> {
        Some(self.edit.as_ref()?.layout(frame.width, frame.height, frame.scale))
    }

    /// The camera the mouse wheel and pan act on.
    fn camera_mut(&mut self) -> &mut Camera {
        match (&mut self.edit, self.editing) {
            (Some(mode), true) => &mut mode.camera,
            _ => &mut self.session.camera,
        }
    }

    /// Carries out a bound action of the player; the engine's run beside the window
    /// (one at a time, one more waiting).
    fn act(&mut self, action: keys::player::PlayerAction, input: Input) {
        if let Some(job) = self.session.engine_job(action) {
            self.engine.ask(job);
            self.redraw = true;
            return;
        }
        if let Some(job) = self.session.overview_job(action) {
            // Grading a pack may take a while too.
            return self.grade_pack(job);
        }
        let effects = self.session.act(action, input);
        self.carry_out(effects);
        // The next or previous level may be another file's.
        self.refresh_overview();
    }

    fn carry_out(&mut self, effects: PlayerEffects) {
        if effects.stop_watching {
            self.watch = None;
        }
        if let Some(path) = effects.watch {
            self.follow(path);
        }
        if let (Some(message), true) = (effects.send, self.linked) {
            send(&message);
        }
        self.redraw |= effects.redraw;
        if let Some(text) = effects.copy {
            let result = self.clipboard.copy_text(&text);
            self.session.copied(result);
        }
        if effects.paste {
            let pasted = self.clipboard.paste_level();
            let effects = self.session.paste(pasted);
            self.carry_out(effects);
        }
        if effects.open_editor {
            self.open_editor();
        }
    }

    fn cell_under_mouse(&self, frame: Frame) -> Option<Pos> {
        let (x, y) = self.mouse?;
        if let (Some(mode), true) = (&self.edit, self.editing) {
            let layout = self.edit_layout(frame)?;
            return layout.cell_at(mode.editor.level(), x as f32, y as f32);
        }
        self.session
            .layout(frame.width, frame.height, frame.scale)
            .cell_at(self.session.level(), x as f32, y as f32)
    }

    /// A mouse button in the editor.
    fn edit_button(&mut self, frame: Frame, button: Button, pressed: bool, chord: Chord) {
        let (Some(mouse), Some(layout)) = (self.mouse, self.edit_layout(frame)) else {
            return;
        };
        let at = (mouse.0 as f32, mouse.1 as f32);
        let action = keys::action_for(&self.edit_keys, chord);
        let mods = Mods {
            select: action == Some(edit_keys::EditorAction::Select),
            revealed: action == Some(edit_keys::EditorAction::ToggleRevealed),
        };
        let Some(mode) = &mut self.edit else { return };
        let event = if pressed {
            // A press, like a key, makes closing ask again about unsaved edits.
            mode.close_asked = false;
            PointerEvent::Press { at, button, mods }
        } else {
            let now = Instant::now();
            PointerEvent::Release { at, button, now }
        };
        let outcome = mode.editor.pointer(&layout, event);
        self.edited(outcome);
    }
}

/// Writes a message to the language server.
fn send(message: &FromViewer) {
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{}", message.encode()).and_then(|()| stdout.flush());
}

/// What the window is named after: the file, or the level's title when there is no
/// file; `None` when that is empty.
fn window_name(session: &Session) -> Option<String> {
    let name = match session.origin() {
        Origin::File(path) => path.file_name().map(|n| n.to_string_lossy().into_owned()),
        Origin::Tutorial | Origin::Editor | Origin::Pasted => Some(session.level().title.clone()),
    };
    name.filter(|n| !n.is_empty())
}

/// `level.hexcells - hexcells-view`, or the level's title without a file.
fn window_title(session: &Session) -> String {
    match window_name(session) {
        Some(name) => format!("{name} - hexcells-view"),
        None => "hexcells-view".to_string(),
    }
}

#[cfg(test)]
mod tests;
