//! The window: the only module that knows winit and softbuffer. It turns window
//! events into [`Chord`]s, looks them up in the bindings (`keys.rs`) and carries out
//! the actions (session commands, the clipboard), draws a frame when asked, and hands
//! the pixels to softbuffer. Event-driven (`ControlFlow::Wait`): nothing runs while
//! nothing happens.

use std::io::{BufRead, Write};
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::rc::Rc;

use anyhow::Context as _;
use hexcells_core::viewer_protocol::ToViewer;
use softbuffer::{Context, Surface};
use tiny_skia::Pixmap;
use winit::application::ApplicationHandler;
use winit::dpi::{LogicalSize, PhysicalPosition};
use winit::event::{ElementState, KeyEvent, MouseButton, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop, EventLoopProxy};
use winit::keyboard::{Key, ModifiersState, NamedKey};
use winit::window::{Window, WindowId};

use crate::clipboard::Clipboard;
use crate::keys::{self, Action, Chord, Input};
use crate::render::{render, Layout};
use crate::session::{Button, Command, Effects, EngineDone, Origin, Session};
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
}

/// How the window was started.
pub struct Options {
    /// The file to follow, if any.
    pub watch: Option<PathBuf>,
    /// Read editor messages from stdin and report clicks on stdout.
    pub editor: bool,
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
    };
    if let Some(path) = options.watch {
        app.follow(path);
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

    fn apply(&mut self, command: Command) {
        if let Some(job) = self.session.engine_job(command) {
            // The engine may take a while: keep the window responsive.
            let proxy = self.proxy.clone();
            std::thread::spawn(move || {
                let _ = proxy.send_event(UserEvent::Engine(Box::new(job.run())));
            });
            self.redraw();
            return;
        }
        let effects = self.session.apply(command);
        self.carry_out(effects);
    }

    /// Carries out a bound action; `at` is the cell under the mouse.
    fn act(&mut self, action: Action, button: Button, at: Option<hexcells_core::Pos>) {
        match action {
            Action::Uncover | Action::Guess => {
                let Some(pos) = at else { return };
                let command = if action == Action::Guess {
                    Command::Guess(pos, button)
                } else {
                    Command::Click(pos, button)
                };
                self.apply(command);
            }
            Action::CopyLevel => {
                let text = self.session.copy_text();
                let result = self.clipboard.copy_text(&text);
                self.session.copied(result);
                self.redraw();
            }
            Action::PasteLevel => {
                let pasted = self.clipboard.paste_level();
                let effects = self.session.paste(pasted);
                self.carry_out(effects);
            }
            other => {
                if let Some(command) = other.command() {
                    self.apply(command);
                }
            }
        }
    }

    fn chord(&self, input: Input) -> Chord {
        Chord::new(input, self.modifiers.control_key(), self.modifiers.shift_key())
    }

    fn carry_out(&mut self, effects: Effects) {
        if effects.stop_watching {
            self.watch = None;
        }
        if let Some(path) = effects.watch {
            self.follow(path);
        }
        if let (Some(message), true) = (effects.send, self.editor) {
            let mut stdout = std::io::stdout().lock();
            let _ = writeln!(stdout, "{}", message.encode()).and_then(|()| stdout.flush());
        }
        if effects.redraw {
            self.redraw();
        }
    }

    fn layout(&self) -> Option<Layout> {
        let size = self.window.as_ref()?.inner_size();
        Some(Layout::new(
            self.session.level(),
            size.width,
            size.height,
            self.scale(),
        ))
    }

    fn cell_under_mouse(&self) -> Option<hexcells_core::Pos> {
        let mouse = self.mouse?;
        self.layout()?
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
        let title = window_title(&self.session);
        if title != self.title {
            window.set_title(&title);
            self.title = title;
        }
        let scale = window.scale_factor() as f32;
        self.session
            .with_scene(scale, |scene| render(scene, &mut pixmap.as_mut()));
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
        let input = match &event.logical_key {
            Key::Named(NamedKey::Tab) => Input::Tab,
            Key::Named(NamedKey::F1) => Input::F1,
            Key::Character(text) => {
                let mut chars = text.chars();
                let (Some(c), None) = (chars.next(), chars.next()) else {
                    return;
                };
                // Some platforms give Ctrl+C as the control character U+0003.
                let c = match u8::try_from(c) {
                    Ok(code @ 1..=26) => char::from(b'a' + code - 1),
                    _ => c,
                };
                Input::Char(c)
            }
            _ => return,
        };
        let chord = self.chord(input);
        if let Some(action) = keys::action_for(self.session.bindings(), chord) {
            let at = self.cell_under_mouse();
            self.act(action, Button::Left, at);
        }
    }
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
                if self.session.load_text(&text) {
                    self.redraw();
                }
            }
            UserEvent::Editor(ToViewer::Snapshot { text, .. }) => {
                if self.session.load_text(&text) {
                    self.redraw();
                }
            }
            UserEvent::EditorGone => event_loop.exit(),
            UserEvent::Engine(done) => {
                if self.session.finish(*done) {
                    self.redraw();
                }
            }
            UserEvent::Editor(ToViewer::Refused { reason, .. }) => {
                eprintln!("hexcells-view: edit not applied: {reason}");
            }
            UserEvent::Editor(ToViewer::Cursor { level, cell }) => {
                self.session.set_cursor(level, cell);
                self.redraw();
            }
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            WindowEvent::RedrawRequested => self.draw(),
            WindowEvent::Resized(_) | WindowEvent::ScaleFactorChanged { .. } => self.redraw(),
            WindowEvent::ModifiersChanged(modifiers) => self.modifiers = modifiers.state(),
            WindowEvent::KeyboardInput { event, .. } => self.key(&event),
            WindowEvent::CursorMoved { position, .. } => {
                self.mouse = Some(position);
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
                let chord = self.chord(Input::Mouse(button));
                if let Some(action) = keys::action_for(self.session.bindings(), chord) {
                    let at = self.cell_under_mouse();
                    self.act(action, button, at);
                }
            }
            _ => {}
        }
    }
}

/// `level.hexcells - hexcells-view`, or the level's title without a file.
fn window_title(session: &Session) -> String {
    let name = match session.origin() {
        Origin::File(path) => path.file_name().map(|n| n.to_string_lossy().into_owned()),
        Origin::Tutorial | Origin::Editor | Origin::Pasted => Some(session.level().title.clone()),
    };
    match name.filter(|n| !n.is_empty()) {
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
