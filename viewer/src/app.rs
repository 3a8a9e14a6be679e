//! The window: the only module that knows winit and softbuffer. It turns keys, clicks
//! and pointer motion into the viewer's own terms ([`Chord`]s, buttons, pixel
//! positions and a [`Frame`]) for [`Controller`], which does what they mean in the mode that
//! has the window; it draws a frame when asked and hands the pixels to softbuffer, and
//! reads the language server's messages from stdin.
//! Event-driven (`ControlFlow::Wait`): nothing runs while nothing happens; the engine,
//! the editor's checks and the file watch run on threads of their own and come back as
//! events.

use std::num::NonZeroU32;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;

use anyhow::Context as _;
use softbuffer::{Context, Surface};
use tiny_skia::Pixmap;
use winit::application::ApplicationHandler;
use winit::dpi::LogicalSize;
use winit::event::{ElementState, KeyEvent, MouseButton, MouseScrollDelta, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::{Key, ModifiersState, NamedKey};
use winit::window::{Window, WindowId};

use crate::controller::{spawn_stdin_reader, Controller, Frame, Post, UserEvent};
use crate::editor::prompt::PromptKey;
use crate::keys::{Button, Chord, Key as Bound};
use crate::player::Session;

/// How the window was started.
pub struct LaunchOptions {
    /// The file to follow, if any.
    pub watch: Option<PathBuf>,
    /// Read editor messages from stdin and report clicks on stdout.
    pub editor: bool,
    /// Start in the level editor (`--edit FILE`) on this file (`None` on the
    /// tutorial or a text editor's buffer), read as this text (`None`: a new file).
    pub edit: Option<(Option<PathBuf>, Option<String>)>,
    /// Write the words of each frame drawn to this file (`HEXCELLS_VIEW_FRAME_TEXT`),
    /// for tests and tools that read the window's words rather than its pixels.
    pub frame_text: Option<PathBuf>,
}

/// Opens the window and runs until it is closed.
pub fn run(session: Session, options: LaunchOptions) -> anyhow::Result<()> {
    let event_loop = EventLoop::<UserEvent>::with_user_event()
        .build()
        .context("cannot open a display (is DISPLAY or WAYLAND_DISPLAY set?)")?;
    event_loop.set_control_flow(ControlFlow::Wait);
    let proxy = event_loop.create_proxy();
    if options.editor {
        let to_window = proxy.clone();
        spawn_stdin_reader(move |event| to_window.send_event(event).is_ok());
    }
    let post: Post = Arc::new(move |event| {
        let _ = proxy.send_event(event);
    });
    let mut modes = Controller::new(session, post, options.editor);
    modes.load_keys();
    if let Some(path) = options.watch {
        modes.follow(path);
    }
    if let Some((path, on_disk)) = options.edit {
        modes.start_editor(path, on_disk);
    }
    let mut app = App {
        modes,
        window: None,
        surface: None,
        pixmap: None,
        modifiers: ModifiersState::empty(),
        title: String::new(),
        frame_text: options.frame_text,
    };
    event_loop.run_app(&mut app).context("event loop failed")?;
    Ok(())
}

struct App {
    modes: Controller,
    window: Option<Rc<Window>>,
    surface: Option<Surface<Rc<Window>, Rc<Window>>>,
    pixmap: Option<Pixmap>,
    modifiers: ModifiersState,
    /// The window title last set.
    title: String,
    /// Where the words of each frame go, if anywhere.
    frame_text: Option<PathBuf>,
}

impl App {
    /// Asks for a frame when the modes want one.
    fn redraw_if_asked(&mut self) {
        if self.modes.take_redraw() {
            if let Some(window) = &self.window {
                window.request_redraw();
            }
        }
    }

    /// The window's size and scale (before it exists: the size it opens with).
    fn frame(&self) -> Frame {
        match &self.window {
            Some(window) => Frame {
                width: window.inner_size().width,
                height: window.inner_size().height,
                scale: window.scale_factor() as f32,
            },
            None => Frame {
                width: 900,
                height: 720,
                scale: 1.0,
            },
        }
    }

    /// A key or click with the modifiers held now.
    fn chord(&self, key: Bound) -> Chord {
        let m = self.modifiers;
        Chord::new(key, m.control_key(), m.shift_key(), m.alt_key())
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
        let title = self.modes.title();
        if title != self.title {
            window.set_title(&title);
            self.title = title;
        }
        let frame = Frame {
            width: size.width,
            height: size.height,
            scale: window.scale_factor() as f32,
        };
        let words = self.modes.draw(frame, &mut pixmap.as_mut());
        let Ok(mut buffer) = surface.buffer_mut() else {
            return;
        };
        present(pixmap.data(), &mut buffer);
        window.pre_present_notify();
        if let Err(e) = buffer.present() {
            eprintln!("hexcells-view: cannot present the frame: {e}");
        }
        if let Some(path) = &self.frame_text {
            write_frame_text(path, &words.write());
        }
    }

    fn key(&mut self, event: &KeyEvent) {
        if event.state != ElementState::Pressed {
            return;
        }
        if self.modes.prompt_open() {
            if let Some(key) = prompt_key(event, self.modifiers) {
                self.modes.prompt_key(key);
            }
            return;
        }
        let Some(chord) = bound_key(&event.logical_key).map(|key| self.chord(key)) else {
            return;
        };
        let frame = self.frame();
        self.modes.key(frame, chord);
    }
}

/// A key for the editor's open prompt: text typed (not with Ctrl), Backspace, Enter,
/// Esc.
fn prompt_key(event: &KeyEvent, modifiers: ModifiersState) -> Option<PromptKey> {
    Some(match &event.logical_key {
        Key::Named(NamedKey::Enter) => PromptKey::Enter,
        Key::Named(NamedKey::Escape) => PromptKey::Escape,
        Key::Named(NamedKey::Backspace) => PromptKey::Backspace,
        Key::Named(NamedKey::Space) => PromptKey::Text(" ".into()),
        _ => PromptKey::Text(
            event
                .text
                .as_ref()
                .filter(|_| !modifiers.control_key())?
                .to_string(),
        ),
    })
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

impl ApplicationHandler<UserEvent> for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.window.is_some() {
            return;
        }
        let attributes = Window::default_attributes()
            .with_title(self.modes.title())
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
        self.title = self.modes.title();
        window.request_redraw();
        self.window = Some(window);
        self.modes.take_redraw();
    }

    fn user_event(&mut self, event_loop: &ActiveEventLoop, event: UserEvent) {
        if !self.modes.event(event) {
            event_loop.exit();
        }
        self.redraw_if_asked();
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        let frame = self.frame();
        match event {
            WindowEvent::CloseRequested => {
                // The editor may keep the window to ask about unsaved edits first.
                let close = self.modes.close_requested();
                if close {
                    event_loop.exit();
                }
            }
            WindowEvent::RedrawRequested => self.draw(),
            WindowEvent::Resized(_) | WindowEvent::ScaleFactorChanged { .. } => {
                if let Some(window) = &self.window {
                    window.request_redraw();
                }
            }
            WindowEvent::ModifiersChanged(modifiers) => self.modifiers = modifiers.state(),
            WindowEvent::KeyboardInput { event, .. } => self.key(&event),
            WindowEvent::CursorMoved { position, .. } => {
                self.modes.pointer_moved(frame, (position.x, position.y));
            }
            WindowEvent::CursorLeft { .. } => self.modes.pointer_left(),
            WindowEvent::MouseWheel { delta, .. } => {
                let notches = match delta {
                    MouseScrollDelta::LineDelta(_, y) => y,
                    MouseScrollDelta::PixelDelta(p) => (p.y / 40.0) as f32,
                };
                self.modes.wheel(notches);
            }
            WindowEvent::MouseInput {
                state,
                button: MouseButton::Middle,
                ..
            } => self.modes.middle_button(state == ElementState::Pressed),
            WindowEvent::MouseInput { state, button, .. } => {
                let button = match button {
                    MouseButton::Left => Button::Left,
                    MouseButton::Right => Button::Right,
                    _ => return,
                };
                let chord = self.chord(Bound::Click);
                self.modes
                    .button(frame, button, state == ElementState::Pressed, chord);
            }
            _ => {}
        }
        self.redraw_if_asked();
    }
}

/// Writes the words of the frame just presented to `path`, whole (a temporary file
/// beside it, then a rename: `hexcells_files`), so that a reader never sees half a frame.
fn write_frame_text(path: &std::path::Path, text: &str) {
    if let Err(e) = hexcells_files::write_atomically(path, text.as_bytes()) {
        eprintln!(
            "hexcells-view: cannot write the frame's words to {}: {e}",
            path.display()
        );
    }
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
