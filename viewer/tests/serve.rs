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
use tungstenite::http::{HeaderName, HeaderValue};
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

/// How a test starts the server, beyond the file and a fresh settings folder.
#[derive(Default)]
struct Launch<'a> {
    /// Arguments before the file.
    args: &'a [&'a str],
    /// Environment variables.
    env: &'a [(&'a str, &'a str)],
    /// The open-file limit the server starts with (util-linux's `prlimit`).
    open_files: Option<u32>,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        Server::launch(Launch {
            args: extra,
            ..Launch::default()
        })
    }

    fn launch(launch: Launch) -> Server {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("served.hexcells");
        std::fs::write(&file, level()).unwrap();
        let bin = env!("CARGO_BIN_EXE_hexcells-view");
        let mut command = match launch.open_files {
            Some(n) => {
                let mut command = Command::new("prlimit");
                command.arg(format!("--nofile={n}")).arg("--").arg(bin);
                command
            }
            None => Command::new(bin),
        };
        let stderr = std::fs::File::create(dir.path().join("stderr")).unwrap();
        let mut child = command
            .arg("--serve")
            .args(launch.args)
            .arg(&file)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .env("XDG_STATE_HOME", dir.path().join("state"))
            .env("XDG_CONFIG_HOME", dir.path().join("config"))
            .envs(launch.env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("hexcells-view starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let rest = line.trim().strip_prefix("http://127.0.0.1:").unwrap_or_else(|| {
            let stderr = std::fs::read_to_string(dir.path().join("stderr")).unwrap_or_default();
            panic!("the first line is the page's address: {line:?}; stderr: {stderr}")
        });
        let (port, token) = rest.split_once("/?token=").expect("a token in the address");
        assert!(token.len() >= 32, "a long random token: {token}");
        Server {
            child,
            port: port.parse().unwrap(),
            token: token.to_string(),
            _dir: dir,
        }
    }

    /// What the server wrote on stderr so far.
    fn stderr(&self) -> String {
        std::fs::read_to_string(self._dir.path().join("stderr")).unwrap_or_default()
    }

    /// Whether the server still runs.
    fn runs(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// Sends `head` (request line and headers, without the final blank line) and
    /// returns the status and the body.
    fn raw(&self, head: &str) -> (u16, String) {
        let response = self.response(head);
        let status = status_of(&response).unwrap_or_else(|| panic!("an HTTP response: {response:?}"));
        let body = response.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_string();
        (status, body)
    }

    /// Sends `head` (request line and headers, without the final blank line) and
    /// returns the whole response (empty if the connection closes without one).
    fn response(&self, head: &str) -> String {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        write!(stream, "{head}\r\nConnection: close\r\n\r\n").unwrap();
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        String::from_utf8_lossy(&response).into_owned()
    }

    /// GET `target` with a loopback `Host`.
    fn get(&self, target: &str) -> (u16, String) {
        self.raw(&format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{}", self.port))
    }

    /// Opens the page's WebSocket with `token` and `origin`.
    fn socket_with(&self, token: &str, origin: Option<&str>) -> Result<Page, tungstenite::Error> {
        let origin: Vec<(&str, &str)> = origin.map(|o| ("Origin", o)).into_iter().collect();
        self.socket_at(&format!("/ws?token={token}"), &origin)
    }

    /// Opens a WebSocket at `target` with these headers.
    fn socket_at(&self, target: &str, headers: &[(&str, &str)]) -> Result<Page, tungstenite::Error> {
        let url = format!("ws://127.0.0.1:{}{target}", self.port);
        let mut request = url.into_client_request().unwrap();
        for (name, value) in headers {
            request.headers_mut().insert(
                HeaderName::from_bytes(name.as_bytes()).unwrap(),
                HeaderValue::from_str(value).unwrap(),
            );
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

    /// How long until the server serves the page, asked again every 10 ms (a refused
    /// or closed connection is not an answer); `None` if it does not within `limit`.
    fn serves_within(&self, limit: Duration) -> Option<Duration> {
        let start = Instant::now();
        let head = format!(
            "GET /?token={} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
            self.token, self.port
        );
        while start.elapsed() < limit {
            if let Ok(mut stream) = TcpStream::connect(("127.0.0.1", self.port)) {
                let _ = stream.set_read_timeout(Some(Duration::from_secs(1)));
                let mut response = Vec::new();
                let _ = stream
                    .write_all(head.as_bytes())
                    .and_then(|()| stream.read_to_end(&mut response));
                if status_of(&String::from_utf8_lossy(&response)) == Some(200) {
                    return Some(start.elapsed());
                }
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        None
    }
}

/// The status of an HTTP response.
fn status_of(response: &str) -> Option<u16> {
    response.strip_prefix("HTTP/1.1 ")?.get(..3)?.parse().ok()
}

/// The value of header `name` in an HTTP response, if it has one.
fn header<'a>(response: &'a str, name: &str) -> Option<&'a str> {
    let head = response.split("\r\n\r\n").next()?;
    head.lines().skip(1).find_map(|line| {
        let (n, value) = line.split_once(':')?;
        n.eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            eprintln!("the server's stderr:\n{}", self.stderr());
        }
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
        self.closed_saying().is_some()
    }

    /// The reason the server gives when it closes this socket (empty for no close
    /// frame, only the end of the stream); `None` if something else comes.
    fn closed_saying(&mut self) -> Option<String> {
        loop {
            match self.socket.read() {
                Ok(Message::Close(frame)) => {
                    return Some(frame.map(|f| f.reason.to_string()).unwrap_or_default())
                }
                Err(_) => return Some(String::new()),
                Ok(Message::Text(_) | Message::Ping(_) | Message::Pong(_)) => {}
                Ok(_) => return None,
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

/// The addresses the process `pid` listens on at `port`, from /proc/net/tcp or tcp6
/// (as the kernel writes them: 127.0.0.1 is `0100007F`, [::1]
/// `00000000000000000000000001000000`), each once. Only the process's own sockets
/// count: another test may hold the same port on another address meanwhile.
fn listening(table: &str, port: u16, pid: u32) -> Vec<String> {
    let own: Vec<String> = std::fs::read_dir(format!("/proc/{pid}/fd"))
        .map(|fds| {
            fds.flatten()
                .filter_map(|fd| std::fs::read_link(fd.path()).ok())
                .filter_map(|link| {
                    let link = link.to_string_lossy().into_owned();
                    Some(link.strip_prefix("socket:[")?.strip_suffix(']')?.to_string())
                })
                .collect()
        })
        .unwrap_or_default();
    let table = std::fs::read_to_string(table).unwrap_or_default();
    let port = format!(":{port:04X}");
    let mut out: Vec<String> = table
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let listens = f.len() > 9 && f[1].ends_with(&port) && f[3] == "0A";
            (listens && own.iter().any(|inode| inode == f[9])).then(|| f[1].to_string())
        })
        .collect();
    // The kernel may list a socket twice when others come and go while it is read.
    out.sort();
    out.dedup();
    out
}

#[test]
fn it_listens_on_127_0_0_1_and_ipv6_loopback_only() {
    let server = Server::start(&[]);
    let port = format!(":{:04X}", server.port);
    // Nothing on 0.0.0.0 or [::].
    assert_eq!(
        listening("/proc/net/tcp", server.port, server.child.id()),
        [format!("0100007F{port}")]
    );
    assert_eq!(
        listening("/proc/net/tcp6", server.port, server.child.id()),
        [format!("00000000000000000000000001000000{port}")],
        "[::1] on the same port, so localhost reaches this server whichever address is tried first"
    );
    for host in ["localhost", "[::1]"] {
        let request = format!(
            "GET /?token={} HTTP/1.1\r\nHost: {host}:{}",
            server.token, server.port
        );
        assert_eq!(server.raw(&request).0, 200, "{host}");
    }
    // The page over [::1] itself.
    let mut stream = TcpStream::connect(("::1", server.port)).expect("[::1] answers");
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        stream,
        "GET /?token={} HTTP/1.1\r\nHost: [::1]:{}\r\nConnection: close\r\n\r\n",
        server.token, server.port
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    assert_eq!(status_of(&response), Some(200), "{response}");
}

#[test]
fn without_ipv6_loopback_only_the_name_127_0_0_1_reaches_the_page() {
    // Someone else holds [::1] on a port free on 127.0.0.1.
    let (port, _other) = (0..50)
        .find_map(|_| {
            let v4 = std::net::TcpListener::bind(("127.0.0.1", 0)).unwrap();
            let port = v4.local_addr().unwrap().port();
            let v6 = std::net::TcpListener::bind(("::1", port)).ok()?;
            Some((port, v6))
        })
        .expect("a port free on both");
    let port_arg = port.to_string();
    let server = Server::start(&["--port", &port_arg]);
    assert_eq!(server.port, port);
    assert!(
        server
            .stderr()
            .contains(&format!("cannot listen on [::1]:{port} too")),
        "{}",
        server.stderr()
    );
    let target = format!("/?token={}", server.token);
    for (host, status) in [("127.0.0.1", 200), ("localhost", 403), ("[::1]", 403)] {
        let request = format!("GET {target} HTTP/1.1\r\nHost: {host}:{port}");
        assert_eq!(server.raw(&request).0, status, "{host}");
    }
    match server.socket_with(&server.token, Some(&format!("http://localhost:{port}"))) {
        Err(tungstenite::Error::Http(response)) => assert_eq!(response.status(), 403),
        other => panic!("a 403 for localhost, not {:?}", other.map(|_| ())),
    }
    assert!(server
        .socket_with(&server.token, Some(&format!("http://127.0.0.1:{port}")))
        .is_ok());
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

/// Opens `n` connections that send nothing and holds them (some may be closed by the
/// server at once: the cap).
fn bare_connections(port: u16, n: usize) -> Vec<TcpStream> {
    (0..n)
        .map(|_| TcpStream::connect(("127.0.0.1", port)).expect("the kernel takes the connection"))
        .collect()
}

#[test]
fn a_flood_of_bare_connections_under_a_low_open_file_limit_is_outlived() {
    // 64 open files: 21 connections and 10 sockets fit beside the server's own files.
    let mut server = Server::launch(Launch {
        open_files: Some(64),
        ..Launch::default()
    });
    let flood = bare_connections(server.port, 200);
    // The connections past the cap are closed at once, long before the header timeout.
    let mut last = flood.last().unwrap().try_clone().unwrap();
    last.set_read_timeout(Some(Duration::from_secs(2))).unwrap();
    let mut byte = [0u8; 1];
    assert!(
        matches!(last.read(&mut byte), Ok(0) | Err(_)),
        "connection 201 is closed at once"
    );
    assert!(server.runs(), "the flood does not end the server");
    after_the_flood(
        &server,
        flood,
        "21 connections are open: the next ones are closed at once",
    );
    assert!(server.runs());
}

#[test]
fn out_of_open_files_the_server_waits_and_goes_on() {
    // The caps lifted past the open-file limit: `accept` itself fails (EMFILE), as it
    // did before the caps, when axum's backoff panicked for want of a timer.
    let mut server = Server::launch(Launch {
        open_files: Some(64),
        env: &[("HEXCELLS_VIEW_SERVE_LIMITS", "connections=1000,sockets=1000")],
        ..Launch::default()
    });
    let flood = bare_connections(server.port, 100);
    let deadline = Instant::now() + Duration::from_secs(5);
    while !server.stderr().contains("cannot accept a connection") {
        assert!(Instant::now() < deadline, "accept fails: {}", server.stderr());
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(500));
    assert!(server.runs(), "an accept error does not end the server");
    let stderr = after_the_flood(&server, flood, "cannot accept a connection");
    assert!(stderr.contains("Too many open files"), "{stderr}");
}

/// Ends `flood`, then requires the page served within 2 s and the server's log to
/// hold `said` once; the log.
fn after_the_flood(server: &Server, flood: Vec<TcpStream>, said: &str) -> String {
    drop(flood);
    let served = server.serves_within(Duration::from_secs(2));
    assert!(
        served.is_some(),
        "the page is served within 2 s of the flood's end"
    );
    let stderr = server.stderr();
    assert_eq!(stderr.matches(said).count(), 1, "said once: {stderr}");
    stderr
}

#[test]
fn ten_thousand_connections_one_after_another_then_the_page_is_served() {
    let mut server = Server::start(&[]);
    let started = Instant::now();
    for _ in 0..10_000 {
        drop(TcpStream::connect(("127.0.0.1", server.port)).expect("a connection"));
    }
    assert!(server.runs());
    assert!(server.serves_within(Duration::from_secs(5)).is_some());
    eprintln!("10,000 connections opened and closed in {:?}", started.elapsed());
}

#[test]
fn a_connection_that_never_finishes_its_request_is_closed() {
    let server = Server::start(&[]);
    let unfinished = format!(
        "GET /?token={} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n",
        server.token, server.port
    );
    let started = Instant::now();
    let mut streams: Vec<TcpStream> = ["", unfinished.as_str()]
        .into_iter()
        .map(|sent| {
            let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
            stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
            stream.write_all(sent.as_bytes()).unwrap();
            stream
        })
        .collect();
    for (stream, what) in streams.iter_mut().zip(["nothing sent", "half a request"]) {
        let mut rest = Vec::new();
        let ended = stream.read_to_end(&mut rest);
        let waited = started.elapsed();
        assert!(
            !matches!(&ended, Err(e) if e.kind() == std::io::ErrorKind::WouldBlock),
            "{what}: still open after {waited:?}"
        );
        assert!(
            waited < Duration::from_secs(10),
            "{what}: closed after {waited:?}"
        );
        assert!(
            waited >= Duration::from_secs(4),
            "{what}: the header-read timeout, not a refusal"
        );
    }
    // A finished request's connection ends with its answer: no connection waits idle.
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(2))).unwrap();
    write!(stream, "{unfinished}\r\n").unwrap();
    let mut response = Vec::new();
    stream
        .read_to_end(&mut response)
        .expect("closed after the answer");
    let response = String::from_utf8_lossy(&response);
    assert_eq!(status_of(&response), Some(200));
    assert_eq!(header(&response, "connection"), Some("close"));
}

#[test]
fn two_hundred_sockets_meet_the_cap_and_the_server_lives() {
    let mut server = Server::start(&[]);
    let origin = format!("http://127.0.0.1:{}", server.port);
    let mut open = Vec::new();
    let mut refused = 0;
    for _ in 0..200 {
        match server.socket_with(&server.token, Some(&origin)) {
            Ok(page) => open.push(page),
            Err(tungstenite::Error::Http(response)) => {
                assert_eq!(response.status(), 503);
                refused += 1;
            }
            Err(e) => panic!("a socket or a 503, not {e}"),
        }
    }
    assert_eq!((open.len(), refused), (128, 72));
    assert!(server.runs());
    assert!(server.serves(), "the page is still served");
    for page in &mut open[..3] {
        assert!(page.frame().contains("data-cell"));
    }
    // A page closed makes room for another.
    drop(open.pop());
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut again = loop {
        if let Ok(page) = server.socket_with(&server.token, Some(&origin)) {
            break page;
        }
        assert!(Instant::now() < deadline, "a socket once one closed");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(again.frame().contains("data-cell"));
    let stderr = server.stderr();
    assert_eq!(
        stderr
            .matches("128 pages are open: another page's socket gets 503")
            .count(),
        1,
        "said once: {stderr}"
    );
}

#[test]
fn a_page_that_answers_no_ping_is_closed_and_one_that_answers_stays() {
    let server = Server::launch(Launch {
        env: &[("HEXCELLS_VIEW_SERVE_LIMITS", "ping=200,pong=300")],
        ..Launch::default()
    });
    let mut silent = server.socket();
    let mut alive = server.socket();
    alive.frame();
    alive
        .socket
        .get_ref()
        .set_read_timeout(Some(Duration::from_millis(50)))
        .unwrap();
    // The live page reads (and so answers each ping) for 1.5 s; the silent one reads nothing.
    let until = Instant::now() + Duration::from_millis(1500);
    let mut pings = 0;
    while Instant::now() < until {
        match alive.socket.read() {
            Ok(Message::Ping(_)) => pings += 1,
            Ok(_) => {}
            Err(tungstenite::Error::Io(e)) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) => panic!("the live page's socket: {e}"),
        }
        let _ = alive.socket.flush();
    }
    assert!(pings >= 3, "pinged every 200 ms ({pings})");
    alive
        .socket
        .get_ref()
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    alive.send(r#"{"t":"size","w":640,"h":480,"scale":1}"#);
    while !alive.frame().contains(r#"width=\"640\""#) {}
    assert_eq!(silent.closed_saying().as_deref(), Some("no answer to the ping"));
    assert!(server.serves());
}

#[test]
fn the_page_runs_only_its_own_script_and_style() {
    use base64::Engine;
    use sha2::{Digest, Sha256};
    let server = Server::start(&[]);
    let response = server.response(&format!(
        "GET /?token={} HTTP/1.1\r\nHost: 127.0.0.1:{}",
        server.token, server.port
    ));
    let policy = header(&response, "content-security-policy").expect("a policy");
    let body = response.split_once("\r\n\r\n").unwrap().1;
    let directive = |name: &str| {
        policy
            .split(';')
            .map(str::trim)
            .find_map(|d| d.strip_prefix(name)?.strip_prefix(' '))
            .unwrap_or_else(|| panic!("no {name} in {policy}"))
            .to_string()
    };
    for (tag, name) in [("script", "script-src"), ("style", "style-src")] {
        let text = body
            .split(&format!("<{tag}>"))
            .nth(1)
            .and_then(|rest| rest.split(&format!("</{tag}>")).next())
            .unwrap_or_else(|| panic!("a <{tag}> in the page"));
        let digest = Sha256::digest(text.as_bytes());
        let hash = format!(
            "'sha256-{}'",
            base64::engine::general_purpose::STANDARD.encode(digest)
        );
        assert_eq!(
            directive(name),
            hash,
            "{name}: the page's own {tag} by hash alone"
        );
    }
    assert!(!policy.contains("unsafe-inline"), "{policy}");
    assert!(policy.starts_with("default-src 'none';"), "{policy}");
    assert!(directive("base-uri") == "'none'" && directive("connect-src") == "'self'");
    assert_eq!(
        directive("frame-ancestors"),
        "'self' vscode-webview: vscode-file:"
    );
}

#[test]
fn the_token_is_traded_for_a_cookie_that_opens_the_page_and_its_socket() {
    let server = Server::start(&[]);
    let port = server.port;
    let host = format!("Host: 127.0.0.1:{port}");
    let first = server.response(&format!("GET /?token={} HTTP/1.1\r\n{host}", server.token));
    assert_eq!(status_of(&first), Some(200));
    let name = format!("hexcells-view-{port}");
    assert_eq!(
        header(&first, "set-cookie"),
        Some(format!("{name}={}; HttpOnly; SameSite=Strict", server.token).as_str()),
        "a session cookie on the path the page came by, for this port's server alone"
    );
    assert_eq!(header(&first, "referrer-policy"), Some("no-referrer"));
    // The address without the token, with the cookie: served, and nothing set again.
    let cookie = format!("Cookie: other=1; {name}={}", server.token);
    let again = server.response(&format!("GET / HTTP/1.1\r\n{host}\r\n{cookie}"));
    assert_eq!(status_of(&again), Some(200));
    assert_eq!(header(&again, "set-cookie"), None);
    let wrong = "0".repeat(server.token.len());
    for cookie in [
        format!("Cookie: {name}={wrong}"),
        format!("Cookie: hexcells-view-{}={}", port + 1, server.token),
        format!("Cookie: {name}={}", &server.token[1..]),
    ] {
        let refused = server.response(&format!("GET / HTTP/1.1\r\n{host}\r\n{cookie}"));
        assert_eq!(status_of(&refused), Some(403), "{cookie}");
    }
    // The socket with the cookie and no token.
    let origin = format!("http://127.0.0.1:{port}");
    let cookie = format!("{name}={}", server.token);
    let mut page = server
        .socket_at("/ws", &[("Origin", &origin), ("Cookie", &cookie)])
        .expect("the socket opens with the cookie");
    assert!(page.frame().contains("data-cell"));
    match server.socket_at(
        "/ws",
        &[("Origin", &origin), ("Cookie", &format!("{name}={wrong}"))],
    ) {
        Err(tungstenite::Error::Http(response)) => assert_eq!(response.status(), 403),
        other => panic!("a wrong cookie: a 403, not {:?}", other.map(|_| ())),
    }
}

#[test]
fn a_burst_of_hint_keys_runs_one_job_at_a_time_and_every_click_lands() {
    // Each engine job waits 50 ms before it runs, so the burst finds one running.
    let server = Server::launch(Launch {
        env: &[("HEXCELLS_VIEW_ENGINE_TRACE", "50")],
        ..Launch::default()
    });
    let mut page = server.socket();
    page.send(r#"{"t":"size","w":800,"h":600,"scale":1}"#);
    while !page.frame().contains(r#"width=\"800\""#) {}
    // P10 is black: a left click on it is a mistake, counted every time.
    let (x, y) = centre(&page.svg, "P10");
    let click = |down: bool| format!(r#"{{"t":"button","button":"left","down":{down},"x":{x},"y":{y}}}"#);
    let started = Instant::now();
    for n in 0..400 {
        page.send(r#"{"t":"key","key":"h"}"#);
        if n % 10 == 9 {
            page.send(&click(true));
            page.send(&click(false));
        }
        // 400 keys in one second: 2.5 ms apart, or at once when behind.
        let next = started + Duration::from_micros(2_500) * (n + 1);
        std::thread::sleep(next.saturating_duration_since(Instant::now()));
    }
    let burst = started.elapsed();
    let deadline = Instant::now() + Duration::from_secs(20);
    while part(&page.frame(), "mistakes") != "MISTAKES 40" {
        assert!(Instant::now() < deadline, "every click lands");
    }
    // The last job (asked last) runs to its end.
    std::thread::sleep(Duration::from_millis(500));
    let stderr = server.stderr();
    let jobs: Vec<&str> = stderr.lines().filter(|l| l.contains("engine job")).collect();
    assert!(
        jobs.iter().all(|l| l.ends_with("(Hint): 1 running")),
        "one job at a time: {jobs:#?}"
    );
    eprintln!("400 hint keys in {burst:?} started {} engine jobs", jobs.len());
    assert!(
        (2..=60).contains(&jobs.len()),
        "a job for the burst's start and the waiting one at each end, not one a key: {}",
        jobs.len()
    );
}
