//! One page's WebSocket: the newest frame goes out when the controller draws one
//! (the task sleeps on the `watch` channel in between: no polling, no wake-ups), and
//! the page's events come in and go to the controller's thread. A message that is not
//! a page event, a binary one or one over the size limit closes this socket only.

use std::sync::Arc;

use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket};

use super::driver::ToDriver;
use super::page_events;
use super::Shared;

/// Serves one page until it closes, sends garbage, or the server stops.
pub async fn run(mut socket: WebSocket, shared: Arc<Shared>) {
    let mut frames = shared.frames.subscribe();
    // The frame as it is now, at once.
    frames.mark_changed();
    loop {
        tokio::select! {
            changed = frames.changed() => {
                if changed.is_err() {
                    break;
                }
                let frame = frames.borrow_and_update().clone();
                // Nothing drawn yet: the first frame follows.
                if frame.as_str().is_empty() {
                    continue;
                }
                if socket.send(Message::Text(frame)).await.is_err() {
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
