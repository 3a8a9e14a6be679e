//! The window: the only module that knows winit and softbuffer. It turns keys and
//! clicks into [`Chord`]s, looks them up in the bindings in force (`keys.rs`, with the
//! user's `keys.toml`) and carries out the player's actions (session commands, the
//! clipboard, zoom), or hands the editor's to the level editor (`editor/mode.rs`); draws a
//! frame when asked, and hands the pixels to softbuffer.
//! Event-driven (`ControlFlow::Wait`): nothing runs while nothing happens; the
//! editor's checks run on threads of their own and come back as events.

use std::io::{BufRead, Write};
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::rc::Rc;

use anyhow::Context as _;
use hexcells_core::viewer_protocol::{FromViewer, ToViewer};
use softbuffer::{Context, Surface};
use tiny_skia::Pixmap;
use winit::application::ApplicationHandler;
use winit::dpi::{LogicalSize, PhysicalPosition};
use winit::event::{ElementState, KeyEvent, MouseButton, MouseScrollDelta, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop, EventLoopProxy};
use winit::keyboard::{Key, ModifiersState, NamedKey};
use winit::window::{Window, WindowId};

use crate::clipboard::Clipboard;
use crate::editor::check::Checked;
use crate::editor::document::Link;
use crate::editor::mode::EditMode;
use crate::editor::prompt::PromptKey;
use crate::editor::save::LevelFile;
use crate::editor::{self as edit_state, Mods};
use crate::keys::player::Action;
use crate::keys::{self, editor as edit_keys, Binding, Chord, Key as Bound};
use crate::player::{Button, Effects, EngineDone, Input, Origin, Session};
use crate::render::camera::STEP;
use crate::render::{render_editor, render_with, Camera, Layout};
use crate::watch::{watch, FileWatch};

/// Everything that reaches the event loop from other threads: a closed set.
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
    /// The editor's check of the level is done.
    Checked(Box<Checked>),
}

/// How the window was started.
pub struct Options {
    /// The file to follow, if any.
    pub watch: Option<PathBuf>,
    /// Read editor messages from stdin and report clicks on stdout.
    pub editor: bool,
    /// Start in the level editor (`--edit FILE`) on this file (`None` on the
    /// tutorial or a text editor's buffer), read as this text (`None`: a new file).
    pub edit: Option<(Option<PathBuf>, Option<String>)>,
}

/// Opens the window and runs until it is closed.
pub fn run(session: Session, options: Options) -> anyhow::Result<()> {
    let event_loop = EventLoop::<UserEvent>::with_user_event()
        .build()
        .context("cannot open a display (is DISPLAY or WAYLAND_DISPLAY set?)")?;
    event_loop.set_control_flow(ControlFlow::Wait);
    let proxy = event_loop.create_proxy();
    if options.editor {
        spawn_stdin_reader(proxy.clone());
    }
    let mut app = App {
        session,
        proxy,
        watch: None,
        window: None,
        surface: None,
        pixmap: None,
        mouse: None,
        modifiers: ModifiersState::empty(),
        editor: options.editor,
        title: String::new(),
        clipboard: Clipboard::new(),
        edit: None,
        editing: false,
        pan_from: None,
        last_snapshot: None,
        edit_keys: keys::defaults(),
        edit_help: String::new(),
        key_warnings: None,
    };
    app.load_keys();
    if let Some(path) = options.watch {
        app.follow(path);
    }
    if let Some((path, on_disk)) = options.edit {
        app.start_editor(path, on_disk);
    }
    event_loop.run_app(&mut app).context("event loop failed")?;
    Ok(())
}

struct App {
    session: Session,
    proxy: EventLoopProxy<UserEvent>,
    watch: Option<FileWatch>,
    window: Option<Rc<Window>>,
    surface: Option<Surface<Rc<Window>, Rc<Window>>>,
    pixmap: Option<Pixmap>,
    mouse: Option<PhysicalPosition<f64>>,
    modifiers: ModifiersState,
    editor: bool,
    /// The window title last set.
    title: String,
    clipboard: Clipboard,
    /// The level editor, once it was opened.
    edit: Option<EditMode>,
    /// Whether the editor (not the player) has the window.
    editing: bool,
    /// Where a middle-button drag (pan) last was.
    pan_from: Option<PhysicalPosition<f64>>,
    /// The language server's last snapshot (version, text), for an editor opened later.
    last_snapshot: Option<(i64, String)>,
    /// The editor's bindings in force, and its help line.
    edit_keys: Vec<Binding<edit_keys::Action>>,
    edit_help: String,
    /// What was wrong in `keys.toml`, said once in the window.
    key_warnings: Option<String>,
}

impl App {
    fn follow(&mut self, path: PathBuf) {
        let proxy = self.proxy.clone();
        self.watch = match watch(&path, move |text| {
            let _ = proxy.send_event(UserEvent::FileChanged(text));
        }) {
            Ok(watch) => Some(watch),
            Err(e) => {
                eprintln!("hexcells-view: {e:#}");
                None
            }
        };
    }

    fn redraw(&self) {
        if let Some(window) = &self.window {
            window.request_redraw();
        }
    }

    fn scale(&self) -> f32 {
        self.window.as_ref().map_or(1.0, |w| w.scale_factor() as f32)
    }

    fn size(&self) -> (u32, u32) {
        self.window
            .as_ref()
            .map_or((900, 720), |w| (w.inner_size().width, w.inner_size().height))
    }

    /// Reads `keys.toml`; what is wrong in it is said in the window.
    fn load_keys(&mut self) {
        let (user, mut warnings) = keys::file::read_user_file();
        let (bound, more) = keys::file::read(user.as_deref());
        warnings.extend(more);
        // `--swap-buttons` on the command line swaps them whatever keys.toml says.
        self.session.swap_buttons |= bound.swap_buttons;
        self.edit_help = edit_keys::help(&bound.editor, self.session.swap_buttons);
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
    /// linked, or on the session's text.
    fn start_editor(&mut self, path: Option<PathBuf>, on_disk: Option<String>) {
        let level_idx = self.session.position().0;
        let mode = if self.editor {
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
            let file = path.map(|p| LevelFile::new(p, on_disk, &text));
            EditMode::new(text, Link::Standalone, level_idx, file)
        };
        let mut mode = mode;
        mode.editor.swap_buttons = self.session.swap_buttons;
        mode.editor.keys = self.edit_keys.clone();
        if let Some(warnings) = self.key_warnings.take() {
            mode.editor.say(warnings);
        }
        self.edit = Some(mode);
        self.editing = true;
        self.check();
        self.redraw();
    }

    /// Starts the editor's check of the level as it reads now.
    fn check(&mut self) {
        let proxy = self.proxy.clone();
        if let Some(mode) = &mut self.edit {
            mode.editor.start_check(move |checked| {
                let _ = proxy.send_event(UserEvent::Checked(Box::new(checked)));
            });
        }
    }

    /// Carries out what an editor event asks for.
    fn edited(&mut self, outcome: edit_state::Outcome) {
        if let (Some(message), true) = (outcome.send, self.editor) {
            send(&message);
        }
        if outcome.text_changed {
            self.check();
        }
        if outcome.redraw || outcome.text_changed {
            self.redraw();
        }
    }

    /// Tab in the editor: play the edited level (from the start with `restart`).
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
        self.redraw();
    }

    /// Tab in the player: back to the editor (opening it the first time).
    fn open_editor(&mut self) {
        if self.edit.is_some() {
            self.editing = true;
            self.redraw();
            return;
        }
        let (path, on_disk) = match self.session.origin() {
            Origin::File(path) => (Some(path.clone()), std::fs::read_to_string(path).ok()),
            _ => (None, None),
        };
        self.start_editor(path, on_disk);
    }

    /// The player's layout: the level fitted, zoomed and panned.
    fn play_layout(&self) -> Option<Layout> {
        let size = self.window.as_ref()?.inner_size();
        Some(self.session.layout(size.width, size.height, self.scale()))
    }

    /// The editor's layout.
    fn edit_layout(&self) -> Option<Layout> {
        let size = self.window.as_ref()?.inner_size();
        Some(self.edit.as_ref()?.layout(size.width, size.height, self.scale()))
    }

    /// The camera the mouse wheel and pan act on.
    fn camera_mut(&mut self) -> &mut Camera {
        match (&mut self.edit, self.editing) {
            (Some(mode), true) => &mut mode.camera,
            _ => &mut self.session.camera,
        }
    }

    /// Carries out a bound action of the player; the engine's run beside the window.
    fn act(&mut self, action: Action, input: Input) {
        if let Some(job) = self.session.engine_job(action) {
            // The engine may take a while: keep the window responsive.
            let proxy = self.proxy.clone();
            std::thread::spawn(move || {
                let _ = proxy.send_event(UserEvent::Engine(Box::new(job.run())));
            });
            self.redraw();
            return;
        }
        let effects = self.session.act(action, input);
        self.carry_out(effects);
    }

    /// A key or click with the modifiers held now.
    fn chord(&self, key: Bound) -> Chord {
        let m = self.modifiers;
        Chord::new(key, m.control_key(), m.shift_key(), m.alt_key())
    }

    fn carry_out(&mut self, effects: Effects) {
        if effects.stop_watching {
            self.watch = None;
        }
        if let Some(path) = effects.watch {
            self.follow(path);
        }
        if let (Some(message), true) = (effects.send, self.editor) {
            send(&message);
        }
        if effects.redraw {
            self.redraw();
        }
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

    fn cell_under_mouse(&self) -> Option<hexcells_core::Pos> {
        let mouse = self.mouse?;
        if let (Some(mode), true) = (&self.edit, self.editing) {
            return mode.item_at(&self.edit_layout()?, (mouse.x as f32, mouse.y as f32));
        }
        self.play_layout()?
            .cell_at(self.session.level(), mouse.x as f32, mouse.y as f32)
    }

    fn draw(&mut self) {
        let (Some(window), Some(surface)) = (&self.window, &mut self.surface) else {
            eprintln!("hexcells-view: redraw before the window exists");
            return;
        };
        let size = window.inner_size();
        let (Some(w), Some(h)) = (NonZeroU32::new(size.width), NonZeroU32::new(size.height)) else {
            return;
        };
        if surface.resize(w, h).is_err() {
            return;
        }
        let pixmap = match &mut self.pixmap {
            Some(p) if p.width() == size.width && p.height() == size.height => p,
            slot => match Pixmap::new(size.width, size.height) {
                Some(p) => slot.insert(p),
                None => return,
            },
        };
        let title = match (&self.edit, self.editing) {
            (Some(mode), true) => mode.title(&window_name(&self.session).unwrap_or_default()),
            _ => window_title(&self.session),
        };
        if title != self.title {
            window.set_title(&title);
            self.title = title;
        }
        let scale = window.scale_factor() as f32;
        match (&self.edit, self.editing) {
            (Some(mode), true) => {
                let layout = mode.layout(size.width, size.height, scale);
                let cursor = self.session.cursor();
                mode.editor
                    .with_scene(layout, self.session.hover, cursor, &self.edit_help, |scene| {
                        render_editor(scene, &mut pixmap.as_mut())
                    });
            }
            _ => {
                let layout = self.session.layout(size.width, size.height, scale);
                self.session
                    .with_scene(scale, |scene| render_with(scene, &layout, &mut pixmap.as_mut()));
            }
        }
        let Ok(mut buffer) = surface.buffer_mut() else {
            return;
        };
        present(pixmap.data(), &mut buffer);
        window.pre_present_notify();
        if let Err(e) = buffer.present() {
            eprintln!("hexcells-view: cannot present the frame: {e}");
        }
    }

    fn key(&mut self, event: &KeyEvent) {
        if event.state != ElementState::Pressed {
            return;
        }
        if self.editing && self.edit.as_ref().is_some_and(|m| m.editor.prompt_open()) {
            return self.prompt_key(event);
        }
        let Some(chord) = bound_key(&event.logical_key).map(|key| self.chord(key)) else {
            return;
        };
        if !self.editing {
            if let Some(action) = keys::action_for(self.session.bindings(), chord) {
                let input = Input {
                    cell: self.cell_under_mouse(),
                    button: Button::Left,
                    window: self.size(),
                };
                self.act(action, input);
            }
            return;
        }
        let Some(action) = keys::action_for(&self.edit_keys, chord) else {
            return;
        };
        let (w, h) = self.size();
        let Some(mode) = &mut self.edit else { return };
        let effects = mode.act(action, w, h);
        if let Some(restart) = effects.playtest {
            return self.playtest(restart);
        }
        if let Some(text) = effects.copy {
            let result = self.clipboard.copy_text(&text);
            if let Some(mode) = &mut self.edit {
                mode.copied(result);
            }
            return self.redraw();
        }
        if effects.paste {
            let pasted = self.clipboard.paste_level();
            let Some(mode) = &mut self.edit else { return };
            let outcome = mode.paste(pasted);
            return self.edited(outcome);
        }
        self.edited(effects.outcome)
    }

    /// A key for the editor's open prompt.
    fn prompt_key(&mut self, event: &KeyEvent) {
        let key = match &event.logical_key {
            Key::Named(NamedKey::Enter) => PromptKey::Enter,
            Key::Named(NamedKey::Escape) => PromptKey::Escape,
            Key::Named(NamedKey::Backspace) => PromptKey::Backspace,
            Key::Named(NamedKey::Space) => PromptKey::Text(" ".into()),
            _ => match event.text.as_ref().filter(|_| !self.modifiers.control_key()) {
                Some(text) => PromptKey::Text(text.to_string()),
                None => return,
            },
        };
        let Some(mode) = &mut self.edit else { return };
        let outcome = mode.prompt_key(key);
        self.edited(outcome);
    }

    /// A mouse button in the editor.
    fn edit_mouse(&mut self, state: ElementState, button: MouseButton) {
        let (Some(mouse), Some(layout)) = (self.mouse, self.edit_layout()) else {
            return;
        };
        let button = match button {
            MouseButton::Left => Button::Left,
            MouseButton::Right => Button::Right,
            _ => return,
        };
        let at = (mouse.x as f32, mouse.y as f32);
        let action = keys::action_for(&self.edit_keys, self.chord(Bound::Click));
        let mods = Mods {
            select: action == Some(edit_keys::Action::Select),
            revealed: action == Some(edit_keys::Action::ToggleRevealed),
        };
        let Some(mode) = &mut self.edit else { return };
        let outcome = match state {
            ElementState::Pressed => mode.press(&layout, at, button, mods),
            ElementState::Released => mode.release(&layout, at, button),
        };
        self.edited(outcome);
    }
}

/// The bindings' key for a key press: any character, and the named keys `keys.toml`
/// can name.
fn bound_key(key: &Key) -> Option<Bound> {
    const F_KEYS: [NamedKey; 24] = [
        NamedKey::F1,
        NamedKey::F2,
        NamedKey::F3,
        NamedKey::F4,
        NamedKey::F5,
        NamedKey::F6,
        NamedKey::F7,
        NamedKey::F8,
        NamedKey::F9,
        NamedKey::F10,
        NamedKey::F11,
        NamedKey::F12,
        NamedKey::F13,
        NamedKey::F14,
        NamedKey::F15,
        NamedKey::F16,
        NamedKey::F17,
        NamedKey::F18,
        NamedKey::F19,
        NamedKey::F20,
        NamedKey::F21,
        NamedKey::F22,
        NamedKey::F23,
        NamedKey::F24,
    ];
    Some(match key {
        Key::Named(named) => match named {
            NamedKey::Tab => Bound::Tab,
            NamedKey::Enter => Bound::Enter,
            NamedKey::Escape => Bound::Escape,
            NamedKey::Backspace => Bound::Backspace,
            NamedKey::Delete => Bound::Delete,
            NamedKey::Insert => Bound::Insert,
            NamedKey::Home => Bound::Home,
            NamedKey::End => Bound::End,
            NamedKey::PageUp => Bound::PageUp,
            NamedKey::PageDown => Bound::PageDown,
            NamedKey::ArrowUp => Bound::Up,
            NamedKey::ArrowDown => Bound::Down,
            NamedKey::ArrowLeft => Bound::Left,
            NamedKey::ArrowRight => Bound::Right,
            NamedKey::Space => Bound::Char(' '),
            f => Bound::F(F_KEYS.iter().position(|k| k == f)? as u8 + 1),
        },
        Key::Character(text) => {
            let mut chars = text.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return None;
            };
            // Some platforms give Ctrl+Z as the control character U+001A.
            match u8::try_from(c) {
                Ok(code @ 1..=26) => Bound::Char(char::from(b'a' + code - 1)),
                _ => Bound::Char(c),
            }
        }
        _ => return None,
    })
}

/// Writes a message to the language server.
fn send(message: &FromViewer) {
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{}", message.encode()).and_then(|()| stdout.flush());
}

impl ApplicationHandler<UserEvent> for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.window.is_some() {
            return;
        }
        let attributes = Window::default_attributes()
            .with_title(window_title(&self.session))
            .with_inner_size(LogicalSize::new(900.0, 720.0));
        let window = match event_loop.create_window(attributes) {
            Ok(window) => Rc::new(window),
            Err(e) => {
                eprintln!("hexcells-view: cannot create the window: {e}");
                event_loop.exit();
                return;
            }
        };
        let surface = Context::new(window.clone()).and_then(|context| Surface::new(&context, window.clone()));
        match surface {
            Ok(surface) => self.surface = Some(surface),
            Err(e) => {
                eprintln!("hexcells-view: cannot draw into the window: {e}");
                event_loop.exit();
                return;
            }
        }
        self.title = window_title(&self.session);
        self.window = Some(window);
        self.redraw();
    }

    fn user_event(&mut self, event_loop: &ActiveEventLoop, event: UserEvent) {
        match event {
            UserEvent::FileChanged(text) => {
                if let Some(mode) = &mut self.edit {
                    let outcome = mode.disk_changed(text.clone());
                    let follows = outcome.text_changed;
                    self.edited(outcome);
                    if !follows {
                        return;
                    }
                }
                if self.session.load_text(&text) {
                    self.redraw();
                }
            }
            UserEvent::Editor(ToViewer::Snapshot { version, text }) => {
                self.last_snapshot = Some((version, text.clone()));
                if let Some(mode) = &mut self.edit {
                    let outcome = mode.editor.snapshot(version, text.clone());
                    if mode.frame.is_none() {
                        // The first level the editor sees (it opened before any text).
                        mode.reframe();
                    }
                    self.edited(outcome);
                }
                if self.session.load_text(&text) {
                    self.redraw();
                }
            }
            UserEvent::Checked(checked) => {
                if let Some(mode) = &mut self.edit {
                    if mode.editor.set_checked(*checked) {
                        self.redraw();
                    }
                }
            }
            UserEvent::EditorGone => event_loop.exit(),
            UserEvent::Engine(done) => {
                if self.session.finish(*done) {
                    self.redraw();
                }
            }
            UserEvent::Editor(ToViewer::Refused { reason, .. }) => {
                if let Some(mode) = &mut self.edit {
                    let outcome = mode.editor.refused(reason);
                    self.edited(outcome);
                }
            }
            UserEvent::Editor(ToViewer::Cursor { level, cell }) => {
                self.session.set_cursor(level, cell);
                self.redraw();
            }
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => {
                let close = self.edit.as_mut().is_none_or(EditMode::close_requested);
                if close {
                    event_loop.exit();
                } else {
                    self.editing = true;
                    self.redraw();
                }
            }
            WindowEvent::RedrawRequested => self.draw(),
            WindowEvent::Resized(_) | WindowEvent::ScaleFactorChanged { .. } => self.redraw(),
            WindowEvent::ModifiersChanged(modifiers) => self.modifiers = modifiers.state(),
            WindowEvent::KeyboardInput { event, .. } => self.key(&event),
            WindowEvent::CursorMoved { position, .. } => {
                self.mouse = Some(position);
                if let Some(from) = self
                    .pan_from
                    .as_mut()
                    .map(|from| std::mem::replace(from, position))
                {
                    let (dx, dy) = ((position.x - from.x) as f32, (position.y - from.y) as f32);
                    self.camera_mut().pan_by(dx, dy);
                    self.redraw();
                }
                if let (true, Some(layout)) = (self.editing, self.edit_layout()) {
                    let at = (position.x as f32, position.y as f32);
                    if let Some(mode) = &mut self.edit {
                        let outcome = mode.editor.motion(&layout, at);
                        self.edited(outcome);
                    }
                }
                let hover = self.cell_under_mouse();
                if self.session.set_hover(hover) {
                    self.redraw();
                }
            }
            WindowEvent::CursorLeft { .. } => {
                self.mouse = None;
                if self.session.set_hover(None) {
                    self.redraw();
                }
            }
            WindowEvent::MouseWheel { delta, .. } => {
                let notches = match delta {
                    MouseScrollDelta::LineDelta(_, y) => y,
                    MouseScrollDelta::PixelDelta(p) => (p.y / 40.0) as f32,
                };
                let Some(mouse) = self.mouse else { return };
                let at = (mouse.x as f32, mouse.y as f32);
                self.camera_mut().zoom_at(STEP.powf(notches), at);
                self.redraw();
            }
            WindowEvent::MouseInput {
                state,
                button: MouseButton::Middle,
                ..
            } => {
                self.pan_from = (state == ElementState::Pressed).then_some(self.mouse).flatten();
            }
            WindowEvent::MouseInput { state, button, .. } if self.editing => self.edit_mouse(state, button),
            WindowEvent::MouseInput {
                state: ElementState::Pressed,
                button,
                ..
            } => {
                let button = match button {
                    MouseButton::Left => Button::Left,
                    MouseButton::Right => Button::Right,
                    _ => return,
                };
                let chord = self.chord(Bound::Click);
                if let Some(action) = keys::action_for(self.session.bindings(), chord) {
                    let input = Input {
                        cell: self.cell_under_mouse(),
                        button,
                        window: self.size(),
                    };
                    self.act(action, input);
                }
            }
            _ => {}
        }
    }
}

/// `level.hexcells - hexcells-view`, or the level's title without a file.
/// What the window is named after: the file, or the level's title when there is no
/// file; `None` when that is empty.
fn window_name(session: &Session) -> Option<String> {
    let name = match session.origin() {
        Origin::File(path) => path.file_name().map(|n| n.to_string_lossy().into_owned()),
        Origin::Tutorial | Origin::Editor | Origin::Pasted => Some(session.level().title.clone()),
    };
    name.filter(|n| !n.is_empty())
}

fn window_title(session: &Session) -> String {
    match window_name(session) {
        Some(name) => format!("{name} - hexcells-view"),
        None => "hexcells-view".to_string(),
    }
}

/// Reads editor messages from stdin on a thread of its own; a line that is not a
/// message is reported on stderr and skipped. The end of stdin closes the viewer.
fn spawn_stdin_reader(proxy: EventLoopProxy<UserEvent>) {
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if line.trim().is_empty() {
                continue;
            }
            match ToViewer::decode(&line) {
                Ok(message) => {
                    if proxy.send_event(UserEvent::Editor(message)).is_err() {
                        break;
                    }
                }
                Err(e) => eprintln!("hexcells-view: {e}"),
            }
        }
        let _ = proxy.send_event(UserEvent::EditorGone);
    });
}

/// Copies tiny-skia's premultiplied RGBA bytes into softbuffer's `0x00RRGGBB` pixels,
/// un-premultiplying on the way. The one place that knows both formats.
pub fn present(rgba: &[u8], out: &mut [u32]) {
    for (px, dst) in rgba.chunks_exact(4).zip(out.iter_mut()) {
        let a = u32::from(px[3]);
        let channel = |c: u8| -> u32 {
            match a {
                0 => 0,
                255 => u32::from(c),
                _ => ((u32::from(c) * 255 + a / 2) / a).min(255),
            }
        };
        *dst = (channel(px[0]) << 16) | (channel(px[1]) << 8) | channel(px[2]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiny_skia::{Color, Pixmap};

    #[test]
    fn one_colour_survives_from_pixmap_to_window_pixel() {
        let mut pixmap = Pixmap::new(2, 1).unwrap();
        pixmap.fill(Color::from_rgba8(5, 164, 235, 255));
        // A half-transparent pixel is stored premultiplied and comes out straight.
        let half = tiny_skia::ColorU8::from_rgba(200, 100, 50, 128).premultiply();
        pixmap.pixels_mut()[1] = half;
        let mut out = [0u32; 2];
        present(pixmap.data(), &mut out);
        assert_eq!(out[0], 0x0005_a4eb);
        let (r, g, b) = ((out[1] >> 16) & 0xff, (out[1] >> 8) & 0xff, out[1] & 0xff);
        assert!(
            r.abs_diff(200) <= 2 && g.abs_diff(100) <= 2 && b.abs_diff(50) <= 2,
            "{out:x?}"
        );
    }
}
