//! One page's WebSocket: the newest frame goes out when the controller draws one
//! (whole the first time, then as a patch of what this page shows: `diff.rs`)
//! (the task sleeps on the `watch` channel in between: no polling, no wake-ups), and
//! the page's events come in and go to the controller's thread. A message that is not
//! a page event, a binary one or one over the size limit closes this socket only.

use std::sync::Arc;

use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket};

use super::diff::PageFrame;
use super::page_events;
use super::shared::{Shared, ToDriver};

/// Serves one page until it closes, sends garbage, or the server stops.
pub async fn run(mut socket: WebSocket, shared: Arc<Shared>) {
    let mut frames = shared.frames.subscribe();
    // What this page shows (a page may miss frames: patches are against its own).
    let mut shown: Option<PageFrame> = None;
    // The frame as it is now, at once.
    frames.mark_changed();
    loop {
        tokio::select! {
            changed = frames.changed() => {
                if changed.is_err() {
                    break;
                }
                let drawn = frames.borrow_and_update().clone();
                // Nothing drawn yet: the first frame follows.
                if drawn.svg.is_empty() {
                    continue;
                }
                let (message, next) = PageFrame::update(shown.as_ref(), &drawn);
                shown = next;
                if socket.send(Message::Text(message.into())).await.is_err() {
                    break;
                }
            }
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => match page_events::read(&text) {
                    Some(event) => {
                        if shared.to_driver.send(ToDriver::Page(event)).is_err() {
                            break;
                        }
                    }
                    None => return refuse(socket, "not a page event").await,
                },
                Some(Ok(Message::Binary(_))) => return refuse(socket, "binary messages are not page events").await,
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            },
        }
    }
}

/// Closes the socket saying why (the server and the other pages go on).
async fn refuse(mut socket: WebSocket, why: &'static str) {
    let frame = CloseFrame {
        code: close_code::POLICY,
        reason: why.into(),
    };
    let _ = socket.send(Message::Close(Some(frame))).await;
}
