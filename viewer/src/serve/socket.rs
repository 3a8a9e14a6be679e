//! One page's WebSocket: the newest frame goes out when the controller draws one
//! (whole the first time, then as a patch of what this page shows: `diff.rs`)
//! (the task sleeps on the `watch` channel in between: no polling, no wake-ups but the
//! ping), and the page's events come in and go to the controller's thread, each with
//! one of the page's permits: when the controller is behind, the socket is not read
//! until a permit comes back (the page is slowed, no event is lost). A message that is
//! not a page event, a binary one or one over the size limit closes this socket only,
//! and so does a page that answers no ping, or takes no frame, within the wait.

use std::sync::Arc;

use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket};
use tokio::sync::Semaphore;
use tokio::time::{sleep_until, timeout, Instant};

use super::diff::PageFrame;
use super::limits::EVENTS_IN_FLIGHT;
use super::page_events::{self, PageEvent};
use super::shared::{Shared, ToDriver};

/// Serves one page until it closes, sends garbage, stops answering, or the server
/// stops.
pub async fn run(mut socket: WebSocket, shared: Arc<Shared>) {
    let limits = shared.limits;
    let mut frames = shared.frames.subscribe();
    // What this page shows (a page may miss frames: patches are against its own).
    let mut shown: Option<PageFrame> = None;
    // The frame as it is now, at once.
    frames.mark_changed();
    let permits = Arc::new(Semaphore::new(EVENTS_IN_FLIGHT));
    // An event read while every permit was out: the socket is not read until it goes.
    let mut waiting: Option<PageEvent> = None;
    // When the next ping goes out, or, once it has, by when its pong must come.
    let mut ping_at = Instant::now() + limits.ping_every;
    let mut pinged = false;
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
                if !sent(&mut socket, Message::Text(message.into()), limits.pong_wait).await {
                    break;
                }
            }
            permit = permits.clone().acquire_owned(), if waiting.is_some() => {
                let (Ok(permit), Some(event)) = (permit, waiting.take()) else { break };
                if shared.to_driver.send(ToDriver::Page(event, permit)).is_err() {
                    break;
                }
            }
            incoming = socket.recv(), if waiting.is_none() => match incoming {
                Some(Ok(Message::Text(text))) => match page_events::read(&text) {
                    Some(event) => match permits.clone().try_acquire_owned() {
                        Ok(permit) => {
                            if shared.to_driver.send(ToDriver::Page(event, permit)).is_err() {
                                break;
                            }
                        }
                        Err(_) => waiting = Some(event),
                    },
                    None => return refuse(socket, "not a page event").await,
                },
                Some(Ok(Message::Binary(_))) => return refuse(socket, "binary messages are not page events").await,
                Some(Ok(Message::Pong(_))) => {
                    pinged = false;
                    ping_at = Instant::now() + limits.ping_every;
                }
                Some(Ok(Message::Ping(_))) => {}
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            },
            () = sleep_until(ping_at) => {
                if pinged {
                    return refuse(socket, "no answer to the ping").await;
                }
                if !sent(&mut socket, Message::Ping(Default::default()), limits.pong_wait).await {
                    break;
                }
                pinged = true;
                ping_at = Instant::now() + limits.pong_wait;
            }
        }
    }
}

/// Sends `message`, unless the page has taken nothing for `wait` (its connection's
/// buffers full): whether it went.
async fn sent(socket: &mut WebSocket, message: Message, wait: std::time::Duration) -> bool {
    matches!(timeout(wait, socket.send(message)).await, Ok(Ok(())))
}

/// Closes the socket saying why (the server and the other pages go on).
async fn refuse(mut socket: WebSocket, why: &'static str) {
    let frame = CloseFrame {
        code: close_code::POLICY,
        reason: why.into(),
    };
    let _ = timeout(
        std::time::Duration::from_secs(1),
        socket.send(Message::Close(Some(frame))),
    )
    .await;
}
