//! `hexcells-view --serve` measured from outside, as a page sees it: the real binary on
//! 127.0.0.1 with the shared corpus's largest level (or a large one of our own), one
//! WebSocket client (tungstenite). Prints, asserting nothing:
//!
//! - a save of the file → the page's new frame received (p50 / p99; the file watch
//!   waits 30 ms for the file to be quiet first, `watch::DEBOUNCE`);
//! - a click on a cell → its frame received, and a key (Z, undo) → its frame (p50 / p99);
//! - the size of the frame's SVG and of the update that carries it whole (the first
//!   one, as JSON), and of the updates after it (patches of the changed elements,
//!   `src/serve/diff.rs`): a save of the file, a click, a key (Z), a hover on a cell;
//! - the server's thread wake-ups (context switches) in 3 s with the page open and
//!   nothing happening (target zero);
//! - linked as the language server starts it (`--serve --stdin`): an editor's change
//!   (a new title, as a `change` message of the viewer protocol on stdin) → the page's
//!   new frame received (p50 / p99). The server's own hop (a few bytes forwarded) is
//!   not in it.

#[allow(dead_code)] // the scheduler's figures are the editor bench's
mod support;

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use support::{largest_level, ms};
use tungstenite::client::IntoClientRequest;
use tungstenite::http::HeaderValue;
use tungstenite::{Message, WebSocket};

/// The `p`th percentile of `samples`, in ms.
fn percentile(samples: &mut [Duration], p: f64) -> f64 {
    samples.sort();
    let k = ((samples.len() as f64 - 1.0) * p).round() as usize;
    ms(samples.get(k).copied().unwrap_or_default())
}

fn report(what: &str, samples: &mut [Duration]) {
    println!(
        "  {what}: p50 {:.2} ms, p99 {:.2} ms ({} samples)",
        percentile(samples, 0.5),
        percentile(samples, 0.99),
        samples.len()
    );
}

/// The next frame, or `None` when none comes within the socket's read timeout.
fn next_frame(socket: &mut WebSocket<TcpStream>) -> Option<String> {
    loop {
        match socket.read() {
            Ok(Message::Text(text)) => return Some(text.to_string()),
            Ok(Message::Ping(_) | Message::Pong(_)) => {}
            _ => return None,
        }
    }
}

/// Tells the page's socket its size is 1280x800, and waits for the frame drawn at it.
fn frame_at_1280x800(socket: &mut WebSocket<TcpStream>) -> String {
    socket
        .send(Message::text(r#"{"t":"size","w":1280,"h":800,"scale":1}"#))
        .expect("sent");
    let mut frame = next_frame(socket).expect("a first frame");
    while !frame.contains(r#"width=\"1280\""#) {
        frame = next_frame(socket).expect("the frame at 1280x800");
    }
    frame
}

/// The centres of the cells of a frame: each `data-cell` group's first tile.
fn cell_centres(frame: &str) -> Vec<(String, f64, f64)> {
    let frame = frame.replace("\\\"", "\"");
    frame
        .split("<g data-cell=\"")
        .skip(1)
        .filter_map(|group| {
            let name = group.split('"').next()?.to_string();
            let tile = &group[group.find("<use ")?..];
            let attr = |a: &str| -> Option<f64> {
                tile.split(&format!(" {a}=\""))
                    .nth(1)?
                    .split('"')
                    .next()?
                    .parse()
                    .ok()
            };
            Some((name, attr("x")?, attr("y")?))
        })
        .collect()
}

fn main() {
    let (text, source) = largest_level();
    println!("serve: {source}, 1280x800, the binary of the bench profile");
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("largest.hexcells");
    std::fs::write(&file, &text).expect("the level written");
    let mut child: Child = Command::new(env!("CARGO_BIN_EXE_hexcells-view"))
        .arg("--serve")
        .arg(&file)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("XDG_STATE_HOME", dir.path().join("state"))
        .env("XDG_CONFIG_HOME", dir.path().join("config"))
        .stdout(Stdio::piped())
        .spawn()
        .expect("hexcells-view --serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the address");
    let mut socket = page_socket(line.trim());
    let frame = frame_at_1280x800(&mut socket);
    let svg_len = serde_json::from_str::<serde_json::Value>(&frame)
        .ok()
        .and_then(|v| v["svg"].as_str().map(str::len))
        .unwrap_or_default();
    println!(
        "  frame: SVG {:.1} kB, the update carrying it whole {:.1} kB (as JSON)",
        svg_len as f64 / 1000.0,
        frame.len() as f64 / 1000.0
    );

    // A save elsewhere: a temporary file renamed over the level, as editors save.
    let (mut saves, mut save_sizes) = (Vec::new(), Vec::new());
    for k in 0..40 {
        let marker = format!("served {k}");
        let changed = match text.split_once('\n') {
            Some((head, rest)) => match rest.split_once('\n') {
                Some((_title, rest)) => format!("{head}\n{marker}\n{rest}"),
                None => continue,
            },
            None => continue,
        };
        let tmp = dir.path().join("largest.tmp");
        std::fs::write(&tmp, changed).expect("written");
        let t = Instant::now();
        std::fs::rename(&tmp, &file).expect("renamed");
        while let Some(frame) = next_frame(&mut socket) {
            if frame.contains(&marker) {
                saves.push(t.elapsed());
                save_sizes.push(frame.len());
                break;
            }
        }
    }
    report("save of the file -> frame received", &mut saves);

    // Clicks on cells, each undone with Z.
    let (mut clicks, mut undos, mut quiet) = (Vec::new(), Vec::new(), 0);
    let (mut click_sizes, mut undo_sizes) = (Vec::new(), Vec::new());
    for (_, x, y) in cell_centres(&frame).into_iter().cycle().take(100) {
        let t = Instant::now();
        for down in [true, false] {
            let event = format!(r#"{{"t":"button","button":"left","down":{down},"x":{x},"y":{y}}}"#);
            socket.send(Message::text(event)).expect("sent");
        }
        let Some(update) = next_frame(&mut socket) else {
            quiet += 1;
            continue;
        };
        clicks.push(t.elapsed());
        click_sizes.push(update.len());
        let t = Instant::now();
        socket
            .send(Message::text(r#"{"t":"key","key":"z"}"#))
            .expect("sent");
        if let Some(update) = next_frame(&mut socket) {
            undos.push(t.elapsed());
            undo_sizes.push(update.len());
        }
    }
    report("click on a cell -> frame received", &mut clicks);
    report("key (Z, undo) -> frame received", &mut undos);
    if quiet > 0 {
        println!("  ({quiet} clicks changed nothing and drew no frame)");
    }
    // The pointer from cell to cell: each hover draws the frame with the new cell lit.
    let mut hover_sizes = Vec::new();
    for (_, x, y) in cell_centres(&frame).into_iter().take(100) {
        let event = format!(r#"{{"t":"move","x":{x},"y":{y}}}"#);
        socket.send(Message::text(event)).expect("sent");
        if let Some(update) = next_frame(&mut socket) {
            hover_sizes.push(update.len());
        }
    }
    println!(
        "  update sizes after the first frame (p50 / max, as sent; the whole frame {:.1} kB):",
        frame.len() as f64 / 1000.0
    );
    for (what, sizes) in [
        ("save of the file", &mut save_sizes),
        ("click on a cell", &mut click_sizes),
        ("key (Z, undo)", &mut undo_sizes),
        ("hover on a cell", &mut hover_sizes),
    ] {
        sizes.sort_unstable();
        let p50 = sizes.get(sizes.len() / 2).copied().unwrap_or_default();
        let max = sizes.last().copied().unwrap_or_default();
        println!(
            "    {what}: {:.2} kB / {:.2} kB ({} updates)",
            p50 as f64 / 1000.0,
            max as f64 / 1000.0,
            sizes.len()
        );
    }
    std::thread::sleep(Duration::from_millis(500));
    let before = wake_ups(child.id());
    std::thread::sleep(Duration::from_secs(3));
    let after = wake_ups(child.id());
    println!(
        "  idle page open, 3 s: {} thread wake-ups of the server (target 0)",
        after.saturating_sub(before)
    );
    drop(socket);
    let _ = child.kill();
    let _ = child.wait();
    linked(&text, &dir);
}

/// The page's WebSocket at `address` (`http://127.0.0.1:PORT/?token=...`), at 1280x800.
fn page_socket(address: &str) -> WebSocket<TcpStream> {
    let url = address
        .replace("http://", "ws://")
        .replace("/?token=", "/ws?token=");
    let origin = url
        .split("/ws")
        .next()
        .unwrap_or_default()
        .replace("ws://", "http://");
    let mut request = url.into_client_request().expect("a request");
    request
        .headers_mut()
        .insert("Origin", HeaderValue::from_str(&origin).expect("an origin"));
    let stream = TcpStream::connect(
        origin
            .trim_start_matches("http://")
            .parse::<std::net::SocketAddr>()
            .expect("an address"),
    )
    .expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(2)))
        .expect("a timeout");
    // As browsers do: a small message goes at once.
    stream.set_nodelay(true).expect("no delay");
    let (socket, _) = tungstenite::client(request, stream).expect("the page's socket");
    socket
}

/// `--serve --stdin` on `text`: an editor's change on stdin → the page's frame.
fn linked(text: &str, dir: &tempfile::TempDir) {
    use hexcells_core::edit::{TextChange, TextPos};
    use hexcells_core::viewer_protocol::{FromViewer, ToViewer};

    let mut child: Child = Command::new(env!("CARGO_BIN_EXE_hexcells-view"))
        .args(["--serve", "--stdin"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("XDG_STATE_HOME", dir.path().join("state"))
        .env("XDG_CONFIG_HOME", dir.path().join("config"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("hexcells-view --serve --stdin starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the serving message");
    let Ok(FromViewer::Serving { url }) = FromViewer::decode(&line) else {
        panic!("the first message says where the page is: {line:?}");
    };
    let mut send = |message: ToViewer| {
        writeln!(stdin, "{}", message.encode()).expect("written to the viewer");
        stdin.flush().expect("flushed");
    };
    send(ToViewer::Snapshot {
        version: 1,
        text: text.to_string(),
    });
    let mut socket = page_socket(&url);
    frame_at_1280x800(&mut socket);
    let mut title_len = text.lines().nth(1).map_or(0, |t| t.chars().count()) as u32;
    let mut changes = Vec::new();
    for k in 0..100 {
        let marker = format!("linked {k}");
        let change = TextChange::new(TextPos::new(1, 0), TextPos::new(1, title_len), marker.clone());
        title_len = marker.chars().count() as u32;
        let t = Instant::now();
        send(ToViewer::Change {
            from: k + 1,
            version: k + 2,
            changes: vec![change],
        });
        while let Some(frame) = next_frame(&mut socket) {
            if frame.contains(&marker) {
                changes.push(t.elapsed());
                break;
            }
        }
    }
    println!("linked (--serve --stdin):");
    report("editor's change on stdin -> frame received", &mut changes);
    drop(socket);
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
}

/// The context switches of every thread of process `pid` so far (Linux).
fn wake_ups(pid: u32) -> u64 {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return 0;
    };
    tasks
        .flatten()
        .filter_map(|task| std::fs::read_to_string(task.path().join("status")).ok())
        .flat_map(|status| {
            status
                .lines()
                .filter(|l| l.contains("ctxt_switches:"))
                .filter_map(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
                .collect::<Vec<_>>()
        })
        .sum()
}
