//! The controller's thread: the one place the page's events and the work beside it
//! (file watch, engine, editor checks) reach the [`Controller`], in order, as the
//! window's event loop does. It blocks on its channel (an idle page costs no wake-ups)
//! and, each time the controller asks for a redraw, draws the frame as SVG and hands
//! it to every page through a `watch` channel. A page's event comes with one of its
//! page's permits, given back once the event is carried out and drawn: a page that
//! sends faster than this thread works waits for it (`socket.rs`).

use std::sync::mpsc::Receiver;
use std::sync::Arc;

use super::diff::Drawn;
use super::page_events::{bound_key, prompt_key, MouseButton, PageEvent};
use super::shared::{ServeOptions, Shared, ToDriver};
use crate::controller::{Controller, Frame, Post};
use crate::keys::{Button, Key};
use crate::player::Session;
use crate::render::Svg;

/// The frame before a page said its size.
const FIRST_FRAME: Frame = Frame {
    width: 900,
    height: 720,
    scale: 1.0,
};

/// Starts the controller's thread on `session`.
pub fn spawn(session: Session, options: ServeOptions, shared: Arc<Shared>, inputs: Receiver<ToDriver>) {
    let to_driver = shared.to_driver.clone();
    let post: Post = Arc::new(move |event| {
        let _ = to_driver.send(ToDriver::Event(event));
    });
    std::thread::spawn(move || {
        let mut controller = Controller::new(session, post, options.linked);
        controller.load_keys();
        if let Some(path) = options.watch {
            controller.follow(path);
        }
        if let Some((path, on_disk)) = options.edit {
            controller.start_editor(path, on_disk);
        }
        let mut frame = FIRST_FRAME;
        publish(&controller, frame, &shared);
        for input in inputs {
            // A page's permit goes back once its event is carried out and drawn.
            let mut permit = None;
            let resized = match input {
                ToDriver::Event(event) => {
                    // Only a language server's stdin closing ends the viewer.
                    if !controller.event(event) {
                        shared.stop.notify_one();
                        return;
                    }
                    false
                }
                ToDriver::Page(event, taken) => {
                    permit = Some(taken);
                    apply(&mut controller, &mut frame, event)
                }
                ToDriver::Close(answer) => {
                    let _ = answer.send(controller.close_requested());
                    false
                }
            };
            if controller.take_redraw() || resized {
                publish(&controller, frame, &shared);
            }
            drop(permit);
        }
    });
}

/// Draws the frame and hands it to the pages.
fn publish(controller: &Controller, frame: Frame, shared: &Shared) {
    shared.frames.send_replace(Arc::new(render(controller, frame)));
}

/// The frame `controller` draws at `frame`'s size, with the title.
pub fn render(controller: &Controller, frame: Frame) -> Drawn {
    let mut svg = Svg::new(frame.width, frame.height);
    controller.draw_on(frame, &mut svg);
    Drawn {
        title: controller.title(),
        svg: svg.finish(),
    }
}

/// Carries out a page's event as the window would; returns whether the frame's size
/// changed.
fn apply(controller: &mut Controller, frame: &mut Frame, event: PageEvent) -> bool {
    match event {
        PageEvent::Size { w, h, scale } => {
            let size = Frame {
                width: w.clamp(16, 8192),
                height: h.clamp(16, 8192),
                scale: if scale.is_finite() {
                    scale.clamp(0.25, 8.0)
                } else {
                    1.0
                },
            };
            return std::mem::replace(frame, size) != size;
        }
        PageEvent::Move { x, y } => controller.pointer_moved(*frame, (x, y)),
        PageEvent::Leave => controller.pointer_left(),
        PageEvent::Wheel { notches } if notches.is_finite() => controller.wheel(notches.clamp(-10.0, 10.0)),
        PageEvent::Wheel { .. } => {}
        PageEvent::Button {
            button,
            down,
            x,
            y,
            mods,
        } => {
            controller.pointer_moved(*frame, (x, y));
            let button = match button {
                MouseButton::Middle => {
                    controller.middle_button(down);
                    return false;
                }
                MouseButton::Left => Button::Left,
                MouseButton::Right => Button::Right,
            };
            controller.button(*frame, button, down, mods.chord(Key::Click));
        }
        PageEvent::Key { key, mods } => {
            if controller.prompt_open() {
                if let Some(key) = prompt_key(&key, mods) {
                    controller.prompt_key(key);
                }
            } else if let Some(bound) = bound_key(&key) {
                controller.key(*frame, mods.chord(bound));
            }
        }
    }
    false
}
