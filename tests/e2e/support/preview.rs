//! A client of the preview's page (`hexcells-view --serve`), as a browser is: the page
//! fetched over HTTP from 127.0.0.1 with its token, and its WebSocket read frame by
//! frame (each frame read as `{"title": ..., "svg": ...}`, patches applied as the page
//! applies them; nothing is polled).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tungstenite::client::IntoClientRequest;
use tungstenite::http::HeaderValue;
use tungstenite::{Message, WebSocket};

/// The page at a URL the viewer gave (`http://127.0.0.1:PORT/?token=...`).
pub struct PreviewPage {
    /// The port it listens on.
    pub port: u16,
    /// The token every request carries.
    pub token: String,
}

impl PreviewPage {
    /// The page at `url`; panics when `url` is not a loopback address with a token.
    pub fn at(url: &str) -> PreviewPage {
        let rest = url
            .strip_prefix("http://127.0.0.1:")
            .unwrap_or_else(|| panic!("the page is on 127.0.0.1: {url:?}"));
        let (port, token) = rest
            .split_once("/?token=")
            .unwrap_or_else(|| panic!("a token in the address: {url:?}"));
        assert!(token.len() >= 32, "a long random token: {token}");
        PreviewPage {
            port: port.parse().expect("a port number"),
            token: token.to_string(),
        }
    }

    /// GET `/` with the token: the status and the body.
    pub fn fetch(&self) -> (u16, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connect to the page");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("a read timeout");
        write!(
            stream,
            "GET /?token={} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
            self.token, self.port
        )
        .expect("send the request");
        let mut response = String::new();
        stream.read_to_string(&mut response).expect("read the response");
        let status = response
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("an HTTP response: {response:?}"));
        let body = response.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_string();
        (status, body)
    }

    /// Opens the page's WebSocket, as the page itself does (its own `Origin`).
    pub fn socket(&self) -> PageSocket {
        let url = format!("ws://127.0.0.1:{}/ws?token={}", self.port, self.token);
        let mut request = url.into_client_request().expect("a WebSocket request");
        let origin = format!("http://127.0.0.1:{}", self.port);
        request
            .headers_mut()
            .insert("Origin", HeaderValue::from_str(&origin).expect("an origin"));
        let stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connect to the page");
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .expect("a read timeout");
        let (socket, _) =
            tungstenite::client(request, stream).unwrap_or_else(|e| panic!("the page's socket opens: {e}"));
        PageSocket {
            socket,
            svg: String::new(),
        }
    }
}

/// The page's WebSocket.
pub struct PageSocket {
    socket: WebSocket<TcpStream>,
    /// The SVG the page shows after the updates so far.
    svg: String,
}

impl PageSocket {
    /// The next frame, as JSON (`title`, `svg`: a patch applied to the frame before);
    /// an error when none comes within the socket's read timeout (the page sends one
    /// only when something changed).
    pub fn frame(&mut self) -> Result<Value, tungstenite::Error> {
        loop {
            match self.socket.read()? {
                Message::Text(text) => {
                    let update: Value = serde_json::from_str(text.as_str()).expect("a frame is JSON");
                    self.svg = hexcells_viewer::serve::diff::apply(&self.svg, &update)
                        .expect("a whole frame, or a patch of the frame shown");
                    return Ok(json!({ "title": update["title"], "svg": self.svg }));
                }
                Message::Ping(_) | Message::Pong(_) => {}
                other => panic!("a frame, not {other:?}"),
            }
        }
    }

    /// Reads frames until one satisfies `wanted` (within `timeout`, and as long as
    /// frames keep coming); returns it.
    pub fn frame_where(&mut self, what: &str, timeout: Duration, wanted: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + timeout;
        let mut last = Value::Null;
        while Instant::now() < deadline {
            let frame = self.frame().unwrap_or_else(|e| {
                panic!(
                    "no frame {what}: the page sent nothing more ({e}); the last one's title: {}",
                    last["title"]
                )
            });
            if wanted(&frame) {
                return frame;
            }
            last = frame;
        }
        panic!("no frame {what}; the last one's title: {}", last["title"]);
    }

    /// Sends a page event (JSON, as the page's script sends it).
    pub fn send(&mut self, event: &str) {
        self.socket.send(Message::text(event)).expect("send a page event");
    }
}
