//! `hexcells-view --serve` against the real binary on 127.0.0.1, with no display: the
//! page's address on the first line, play over the WebSocket, and each guard of
//! docs/viewer.md ("Security"), one test each. The HTTP requests are written by hand
//! on purpose (odd `Host`s and paths that an HTTP client would tidy away); the
//! WebSocket client is tungstenite.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use hexcells_viewer::serve::diff;
use serde_json::{json, Value};
use tungstenite::client::IntoClientRequest;
use tungstenite::http::HeaderValue;
use tungstenite::{Message, WebSocket};

/// A level of this test's own: a black number (Q11) with two blue cells beside it
/// (P12, R12) and two black ones (P10, Q13), all covered.
fn level() -> String {
    let mut rows = vec![vec![b'.'; 66]; 33];
    for (col, row, cell) in [
        (32, 10, "O+"),
        (30, 11, "x."),
        (34, 11, "x."),
        (32, 12, "o."),
        (30, 9, "o."),
    ] {
        rows[row][col..col + 2].copy_from_slice(cell.as_bytes());
    }
    let grid: Vec<String> = rows.into_iter().map(|r| String::from_utf8(r).unwrap()).collect();
    format!(
        "Hexcells level v1\nServed\ntests\nA page\nof its own\n{}\n",
        grid.join("\n")
    )
}

/// A running `hexcells-view --serve`, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
    token: String,
    _dir: tempfile::TempDir,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("served.hexcells");
        std::fs::write(&file, level()).unwrap();
        Server::start_on(dir, &file, extra)
    }

    fn start_on(dir: tempfile::TempDir, file: &Path, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hexcells-view"))
            .arg("--serve")
            .args(extra)
            .arg(file)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .env("XDG_STATE_HOME", dir.path().join("state"))
            .env("XDG_CONFIG_HOME", dir.path().join("config"))
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("hexcells-view starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let rest = line
            .trim()
            .strip_prefix("http://127.0.0.1:")
            .unwrap_or_else(|| panic!("the first line is the page's address: {line:?}"));
        let (port, token) = rest.split_once("/?token=").expect("a token in the address");
        assert!(token.len() >= 32, "a long random token: {token}");
        Server {
            child,
            port: port.parse().unwrap(),
            token: token.to_string(),
            _dir: dir,
        }
    }

    /// Sends `head` (request line and headers, without the final blank line) and
    /// returns the status and the body.
    fn raw(&self, head: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        write!(stream, "{head}\r\nConnection: close\r\n\r\n").unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        let status = response
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("an HTTP response: {response:?}"));
        let body = response.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_string();
        (status, body)
    }

    /// GET `target` with a loopback `Host`.
    fn get(&self, target: &str) -> (u16, String) {
        self.raw(&format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{}", self.port))
    }

    /// Opens the page's WebSocket with `token` and `origin`.
    fn socket_with(&self, token: &str, origin: Option<&str>) -> Result<Page, tungstenite::Error> {
        let url = format!("ws://127.0.0.1:{}/ws?token={token}", self.port);
        let mut request = url.into_client_request().unwrap();
        if let Some(origin) = origin {
            request
                .headers_mut()
                .insert("Origin", HeaderValue::from_str(origin).unwrap());
        }
        let stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        match tungstenite::client(request, stream) {
            Ok((socket, _)) => Ok(Page::new(socket)),
            Err(tungstenite::HandshakeError::Failure(e)) => Err(e),
            Err(tungstenite::HandshakeError::Interrupted(_)) => panic!("a blocking handshake"),
        }
    }

    /// The page's WebSocket, as the page opens it.
    fn socket(&self) -> Page {
        let origin = format!("http://127.0.0.1:{}", self.port);
        self.socket_with(&self.token.clone(), Some(&origin))
            .expect("the page's socket opens")
    }

    /// Whether the server still serves the page.
    fn serves(&self) -> bool {
        self.get(&format!("/?token={}", self.token)).0 == 200
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One page's socket, and the SVG the page shows after the updates so far.
struct Page {
    socket: WebSocket<TcpStream>,
    svg: String,
    /// How many updates were patches rather than whole frames.
    patches: usize,
}

impl Page {
    fn new(socket: WebSocket<TcpStream>) -> Page {
        Page {
            socket,
            svg: String::new(),
            patches: 0,
        }
    }

    /// The next update, applied as the page applies it; the frame the page then shows
    /// as a whole frame's message (title and SVG, as JSON).
    fn frame(&mut self) -> String {
        loop {
            match self.socket.read().expect("a frame") {
                Message::Text(text) => {
                    let update: Value = serde_json::from_str(&text).expect("JSON");
                    if let Some(svg) = update["svg"].as_str() {
                        self.svg = svg.to_string();
                    } else {
                        self.svg = diff::apply(&self.svg, &update).expect("a patch of the frame shown");
                        self.patches += 1;
                    }
                    return json!({ "title": update["title"], "svg": self.svg }).to_string();
                }
                Message::Ping(_) | Message::Pong(_) => {}
                other => panic!("a frame, not {other:?}"),
            }
        }
    }

    /// Sends a page event.
    fn send(&mut self, event: &str) {
        self.socket.send(Message::text(event)).unwrap();
    }

    /// Whether the server closes this socket (a close frame or the end of the stream).
    fn is_closed(&mut self) -> bool {
        loop {
            match self.socket.read() {
                Ok(Message::Close(_)) | Err(_) => return true,
                Ok(Message::Text(_) | Message::Ping(_) | Message::Pong(_)) => {}
                Ok(_) => return false,
            }
        }
    }
}

/// The words of the frame's part `name` (`data-part="name"`), its `<text>` runs
/// joined by spaces.
fn part(frame: &str, name: &str) -> String {
    let frame = frame.replace("\\\"", "\"");
    let start = frame
        .find(&format!("data-part=\"{name}\""))
        .unwrap_or_else(|| panic!("no {name} in the frame"));
    let rest = &frame[start + 10..];
    let group = &rest[..rest.find("data-").unwrap_or(rest.len())];
    let mut words = Vec::new();
    for run in group.split("<text").skip(1) {
        let from = run.find('>').unwrap() + 1;
        let to = run.find("</text>").unwrap();
        words.push(&run[from..to]);
    }
    words.join(" ")
}

#[test]
fn the_page_shows_the_level_and_plays_over_its_socket() {
    let server = Server::start(&[]);
    let (status, body) = server.get(&format!("/?token={}", server.token));
    assert_eq!(status, 200);
    assert!(body.contains("WebSocket"), "the page opens its socket");
    let mut page = server.socket();
    page.send(r#"{"t":"size","w":800,"h":600,"scale":1}"#);
    let mut frame = page.frame();
    while !frame.contains(r#"width=\"800\""#) {
        frame = page.frame();
    }
    for cell in ["Q11", "P12", "R12", "Q13", "P10"] {
        assert!(frame.contains(&format!(r#"data-cell=\"{cell}\""#)), "{cell}");
    }
    assert!(
        frame.contains(r#""title":"served.hexcells - hexcells-view""#),
        "{}",
        &frame[..80]
    );
    assert_eq!(part(&frame, "remaining"), "REMAINING 2");
    // A key goes to the controller: ? shows the help.
    page.send(r#"{"t":"key","key":"?","shift":true}"#);
    assert!(page.frame().contains(r#"data-part=\"help\""#), "? shows the help");
}

#[test]
fn it_listens_on_loopback_only() {
    let server = Server::start(&[]);
    // The listening socket in /proc/net/tcp: 127.0.0.1 (0100007F), nothing on 0.0.0.0.
    let table = std::fs::read_to_string("/proc/net/tcp").unwrap();
    let port = format!(":{:04X}", server.port);
    let listening: Vec<&str> = table
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f.len() > 3 && f[1].ends_with(&port) && f[3] == "0A").then_some(f[1])
        })
        .collect();
    assert_eq!(listening, [format!("0100007F{port}")]);
    let table6 = std::fs::read_to_string("/proc/net/tcp6").unwrap_or_default();
    assert!(
        !table6
            .lines()
            .any(|l| l.split_whitespace().nth(1).is_some_and(|a| a.ends_with(&port))),
        "nothing on IPv6's any address"
    );
}

#[test]
fn every_request_and_the_upgrade_need_the_token() {
    let server = Server::start(&[]);
    let wrong = "0".repeat(server.token.len());
    for target in [
        "/".to_string(),
        format!("/?token={wrong}"),
        "/ws".to_string(),
        "/nothing".to_string(),
    ] {
        assert_eq!(server.get(&target), (403, String::new()), "{target}");
    }
    let origin = format!("http://127.0.0.1:{}", server.port);
    for token in ["", &wrong, &server.token[1..]] {
        match server.socket_with(token, Some(&origin)) {
            Err(tungstenite::Error::Http(response)) => assert_eq!(response.status(), 403),
            Err(e) => panic!("a 403, not {e}"),
            Ok(_) => panic!("the socket opened with the token {token:?}"),
        }
    }
    assert!(server.serves());
}

#[test]
fn a_host_that_is_not_loopback_is_refused() {
    let server = Server::start(&[]);
    let port = server.port;
    let target = format!("/?token={}", server.token);
    for host in [
        format!("rebound.example:{port}"),
        format!("127.0.0.1.nip.example:{port}"),
        "127.0.0.1".to_string(),
        format!("127.0.0.1:{port}x"),
    ] {
        let request = format!("GET {target} HTTP/1.1\r\nHost: {host}");
        assert_eq!(server.raw(&request), (403, String::new()), "{host}");
    }
    // Another loopback port: a local proxy's (code-server's /proxy/PORT/ keeps the Host).
    for host in [
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        format!("127.0.0.1:{}", port + 1),
    ] {
        let request = format!("GET {target} HTTP/1.1\r\nHost: {host}");
        assert_eq!(server.raw(&request).0, 200, "{host}");
    }
}

#[test]
fn an_upgrade_from_another_origin_is_refused() {
    let server = Server::start(&[]);
    let port = server.port;
    let token = server.token.clone();
    for origin in [
        Some("http://rebound.example".to_string()),
        Some(format!("http://127.0.0.1:{}", port + 1)),
        Some("null".to_string()),
        None,
    ] {
        match server.socket_with(&token, origin.as_deref()) {
            Err(tungstenite::Error::Http(response)) => assert_eq!(response.status(), 403, "{origin:?}"),
            Err(e) => panic!("{origin:?}: a 403, not {e}"),
            Ok(_) => panic!("the socket opened from {origin:?}"),
        }
    }
    assert!(server
        .socket_with(&token, Some(&format!("http://localhost:{port}")))
        .is_ok());
}

/// What code-server's `/proxy/PORT/` sends for the page's socket (seen in tests/vscode):
/// the browser's `Host` and `Origin`, both code-server's own loopback address.
fn proxied_socket(server: &Server, host: &str, origin: &str) -> Result<Page, tungstenite::Error> {
    let url = format!("ws://127.0.0.1:{}/ws?token={}", server.port, server.token);
    let mut request = url.into_client_request().unwrap();
    request
        .headers_mut()
        .insert("Host", HeaderValue::from_str(host).unwrap());
    request
        .headers_mut()
        .insert("Origin", HeaderValue::from_str(origin).unwrap());
    let stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    match tungstenite::client(request, stream) {
        Ok((socket, _)) => Ok(Page::new(socket)),
        Err(tungstenite::HandshakeError::Failure(e)) => Err(e),
        Err(tungstenite::HandshakeError::Interrupted(_)) => panic!("a blocking handshake"),
    }
}

#[test]
fn an_upgrade_through_a_local_proxy_is_admitted_and_a_foreign_origin_is_not() {
    let server = Server::start(&[]);
    let other_port = |n: u16| if server.port == n { n + 1 } else { n };
    let proxy = format!("127.0.0.1:{}", other_port(9000));
    let mut page =
        proxied_socket(&server, &proxy, &format!("http://{proxy}")).expect("the proxied socket opens");
    assert!(
        page.frame().contains("data-cell"),
        "the proxied page gets the level"
    );
    for origin in [
        format!("http://127.0.0.1:{}", other_port(9100)),
        "vscode-webview://0a1b2c".to_string(),
        "http://rebound.example".to_string(),
    ] {
        match proxied_socket(&server, &proxy, &origin) {
            Err(tungstenite::Error::Http(response)) => assert_eq!(response.status(), 403, "{origin}"),
            Err(e) => panic!("{origin}: a 403, not {e}"),
            Ok(_) => panic!("the socket opened from {origin} through {proxy}"),
        }
    }
    match proxied_socket(
        &server,
        &format!("rebound.example:{}", server.port),
        "http://rebound.example",
    ) {
        Err(tungstenite::Error::Http(response)) => assert_eq!(response.status(), 403),
        other => panic!("a foreign Host: a 403, not {:?}", other.map(|_| ())),
    }
}

#[test]
fn only_the_page_is_served() {
    let server = Server::start(&[]);
    let token = &server.token;
    for path in [
        "/../etc/passwd",
        "/%2e%2e/etc/passwd",
        "//etc/passwd",
        "/etc/passwd",
        "/page.html",
        "/src/serve/page.html",
    ] {
        let (status, body) = server.get(&format!("{path}?token={token}"));
        assert_eq!(status, 404, "{path}");
        assert!(!body.contains("root:"), "{path}");
    }
}

#[test]
fn a_message_over_the_limit_closes_the_socket() {
    let server = Server::start(&[]);
    let mut page = server.socket();
    page.frame();
    let big = format!(r#"{{"t":"key","key":"{}"}}"#, "a".repeat(1 << 20));
    // The server may close before the whole message is written.
    let _ = page.socket.send(Message::text(big));
    assert!(page.is_closed());
    assert!(server.serves());
}

#[test]
fn a_page_that_sends_garbage_is_closed_and_the_others_go_on() {
    let server = Server::start(&[]);
    let mut good = server.socket();
    good.frame();
    let mut bad = server.socket();
    bad.frame();
    bad.send("\u{1}not json at all");
    assert!(bad.is_closed());
    let mut binary = server.socket();
    binary.frame();
    binary.socket.send(Message::binary(vec![0xff; 64])).unwrap();
    assert!(binary.is_closed());
    good.send(r#"{"t":"size","w":640,"h":480,"scale":1}"#);
    assert!(good.frame().contains(r#"width=\"640\""#));
    assert!(server.serves());
}

#[test]
fn a_hundred_pages_at_once_are_served() {
    let server = Server::start(&[]);
    let started = Instant::now();
    let mut pages: Vec<Page> = (0..100).map(|_| server.socket()).collect();
    for page in &mut pages {
        assert!(page.frame().contains("data-cell"));
    }
    // One size change reaches every page.
    pages[0].send(r#"{"t":"size","w":700,"h":500,"scale":1}"#);
    for page in &mut pages {
        while !page.frame().contains(r#"width=\"700\""#) {}
    }
    drop(pages);
    assert!(server.serves());
    assert!(started.elapsed() < Duration::from_secs(60), "bounded");
}

#[test]
fn a_save_of_the_file_reaches_the_page() {
    let server = Server::start(&[]);
    let mut page = server.socket();
    page.frame();
    let file = server._dir.path().join("served.hexcells");
    let text = level().replace("Served", "Saved elsewhere");
    hexcells_files_write(&file, &text);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let frame = page.frame();
        if frame.contains("Saved elsewhere") {
            break;
        }
        assert!(Instant::now() < deadline, "the page follows the file");
    }
}

#[test]
fn patched_pages_show_exactly_the_frame_a_new_page_gets_whole() {
    let server = Server::start(&[]);
    let mut page = server.socket();
    page.send(r#"{"t":"size","w":800,"h":600,"scale":1}"#);
    while !page.frame().contains(r#"width=\"800\""#) {}
    let (px, py) = centre(&page.svg, "P12");
    let (qx, qy) = centre(&page.svg, "P10");
    let file = server._dir.path().join("served.hexcells");
    let steps = [
        ("a hover", format!(r#"{{"t":"move","x":{px},"y":{py}}}"#)),
        (
            "a click",
            format!(r#"{{"t":"button","button":"left","down":true,"x":{px},"y":{py}}}"#),
        ),
        (
            "a click",
            format!(r#"{{"t":"button","button":"left","down":false,"x":{px},"y":{py}}}"#),
        ),
        ("a hover", format!(r#"{{"t":"move","x":{qx},"y":{qy}}}"#)),
        (
            "a right click",
            format!(r#"{{"t":"button","button":"right","down":true,"x":{qx},"y":{qy}}}"#),
        ),
        (
            "a right click",
            format!(r#"{{"t":"button","button":"right","down":false,"x":{qx},"y":{qy}}}"#),
        ),
        ("a hover away", r#"{"t":"leave"}"#.to_string()),
        ("a file change", String::new()),
    ];
    for (what, event) in steps {
        if event.is_empty() {
            hexcells_files_write(&file, &level().replace("Served", "Saved elsewhere"));
        } else {
            page.send(&event);
        }
        // Let the controller draw, then take the frame whole on a new page; the patched
        // page must reach exactly it (a page that never does fails on the read's timeout).
        std::thread::sleep(Duration::from_millis(if event.is_empty() { 500 } else { 100 }));
        let whole = server.socket().frame();
        let whole: Value = serde_json::from_str(&whole).unwrap();
        let whole = whole["svg"].as_str().unwrap();
        while page.svg != whole {
            page.frame();
        }
        if event.is_empty() {
            assert!(whole.contains("Saved elsewhere"), "{what} reaches the page");
        }
    }
    assert!(
        page.patches >= 3,
        "updates after the first are patches ({})",
        page.patches
    );
}

/// Writes as an editor's save does (a temporary file renamed over the level).
fn hexcells_files_write(file: &Path, text: &str) {
    let tmp = file.with_extension("tmp");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, file).unwrap();
}

/// The centre of cell `name` in a frame: its group's first tile.
fn centre(frame: &str, name: &str) -> (f64, f64) {
    let frame = frame.replace("\\\"", "\"");
    let group = frame
        .split(&format!("<g data-cell=\"{name}\">"))
        .nth(1)
        .unwrap_or_else(|| panic!("no {name} in the frame"));
    let tile = &group[group.find("<use ").expect("a tile")..];
    let attr = |a: &str| -> f64 {
        let value = tile.split(&format!(" {a}=\"")).nth(1).expect("x and y");
        value.split('"').next().unwrap().parse().unwrap()
    };
    (attr("x"), attr("y"))
}

/// Ctrl+C, as a terminal sends it.
fn interrupt(server: &Server) {
    let status = Command::new("kill")
        .args(["-INT", &server.child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
}

/// Waits up to 5 s for the server to end; its exit status.
fn ended(server: &mut Server) -> Option<std::process::ExitStatus> {
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline {
        if let Some(status) = server.child.try_wait().unwrap() {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

#[test]
fn ctrl_c_stops_the_server() {
    let mut server = Server::start(&[]);
    let mut page = server.socket();
    page.frame();
    interrupt(&server);
    let status = ended(&mut server).expect("it stops on Ctrl+C");
    assert!(status.success(), "{status}");
}

#[test]
fn ctrl_c_asks_once_about_unsaved_edits_and_never_writes_the_file() {
    let mut server = Server::start(&["--edit"]);
    let file = server._dir.path().join("served.hexcells");
    let before = std::fs::read_to_string(&file).unwrap();
    let mut page = server.socket();
    let frame = page.frame();
    let (x, y) = centre(&frame, "P12");
    for down in [true, false] {
        page.send(&format!(
            r#"{{"t":"button","button":"left","down":{down},"x":{x},"y":{y}}}"#
        ));
    }
    while !page.frame().contains(r#""title":"served.hexcells*"#) {}
    interrupt(&server);
    let mut frame = page.frame();
    while !frame.contains("unsaved edits") {
        frame = page.frame();
    }
    assert!(server.child.try_wait().unwrap().is_none(), "it asks first");
    interrupt(&server);
    let status = ended(&mut server).expect("the second Ctrl+C stops it");
    assert!(status.success(), "{status}");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        before,
        "the file is written only on Ctrl+S"
    );
}
