//! The HTTP side: the page (`/`), its socket (`/ws`), and nothing else (404), each
//! behind the guard: a `Host` that is a loopback name for this port (DNS rebinding)
//! and the token (`?token=`); a WebSocket upgrade also needs the page's own `Origin`.
//! Refusals are a bare 403 with no body.

use std::sync::Arc;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use super::{socket, Shared, MAX_MESSAGE};

/// The page: its HTML, style and script in one small file.
const PAGE: &str = include_str!("page.html");

/// The loopback names a `Host` or `Origin` may use.
const LOOPBACK: [&str; 3] = ["127.0.0.1", "localhost", "[::1]"];

/// The routes, behind the guard.
pub fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/ws", get(upgrade))
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(shared.clone(), guard))
        .with_state(shared)
}

/// Refuses (403) a request whose `Host` is not loopback on this port or which lacks
/// the token.
async fn guard(State(shared): State<Arc<Shared>>, request: Request, next: Next) -> Response {
    if !host_is_loopback(request.headers(), request.uri(), shared.port)
        || !has_token(request.uri(), &shared.token)
    {
        return StatusCode::FORBIDDEN.into_response();
    }
    next.run(request).await
}

/// Whether the request names this server by a loopback name and its port (and, for
/// an absolute request target, the same).
fn host_is_loopback(headers: &HeaderMap, uri: &Uri, port: u16) -> bool {
    let Some(host) = headers.get(header::HOST).and_then(|h| h.to_str().ok()) else {
        return false;
    };
    let ours = |authority: &str| LOOPBACK.iter().any(|name| authority == format!("{name}:{port}"));
    ours(host) && uri.authority().is_none_or(|a| ours(a.as_str()))
}

/// Whether the query carries `token=` with the server's token.
fn has_token(uri: &Uri, token: &str) -> bool {
    uri.query()
        .into_iter()
        .flat_map(|q| q.split('&'))
        .filter_map(|pair| pair.strip_prefix("token="))
        .any(|given| same(given.as_bytes(), token.as_bytes()))
}

/// Compares without stopping at the first difference.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Whether the upgrade comes from the page itself (`http://127.0.0.1:PORT` or the
/// other loopback names).
///
/// TODO(panel): VS Code's webview sends `Origin: vscode-webview://<id>` and reaches
/// the port through its port mapping or `asExternalUri`; code-server's
/// `/proxy/PORT/` forwards the browser's own origin (code-server's address) and a
/// `Host` of its own. Allow exactly those when the panel comes, nothing broader.
fn origin_is_the_page(headers: &HeaderMap, port: u16) -> bool {
    headers
        .get(header::ORIGIN)
        .and_then(|o| o.to_str().ok())
        .is_some_and(|origin| {
            LOOPBACK
                .iter()
                .any(|name| origin == format!("http://{name}:{port}"))
        })
}

async fn page() -> Response {
    let mut response = Html(PAGE).into_response();
    let headers = response.headers_mut();
    // The token is in the address: never hand it on.
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'",
        ),
    );
    response
}

async fn upgrade(State(shared): State<Arc<Shared>>, headers: HeaderMap, ws: WebSocketUpgrade) -> Response {
    if !origin_is_the_page(&headers, shared.port) {
        return StatusCode::FORBIDDEN.into_response();
    }
    ws.max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| socket::run(socket, shared))
}

async fn not_found() -> StatusCode {
    StatusCode::NOT_FOUND
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_names_on_this_port_are_hosts() {
        let host = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::HOST, HeaderValue::from_str(value).unwrap());
            host_is_loopback(&headers, &Uri::from_static("/"), 8123)
        };
        assert!(host("127.0.0.1:8123") && host("localhost:8123") && host("[::1]:8123"));
        assert!(!host("evil.example:8123"));
        assert!(!host("127.0.0.1:8124"));
        assert!(!host("localhost.evil.example:8123"));
        assert!(!host_is_loopback(&HeaderMap::new(), &Uri::from_static("/"), 8123));
    }

    #[test]
    fn the_token_is_compared_whole() {
        let uri = |s: &'static str| Uri::from_static(s);
        assert!(has_token(&uri("/?token=abc"), "abc"));
        assert!(has_token(&uri("/ws?x=1&token=abc"), "abc"));
        assert!(!has_token(&uri("/?token=ab"), "abc"));
        assert!(!has_token(&uri("/?token=abcd"), "abc"));
        assert!(!has_token(&uri("/"), "abc"));
    }
}
