//! The HTTP side: the page (`/`), its socket (`/ws`), and nothing else (404), each
//! behind the guard: a `Host` that is a loopback name (DNS rebinding; any port, so a
//! local proxy such as code-server's `/proxy/PORT/` may pass it on) and the token
//! (`?token=`, or the cookie the page's first load set); a WebSocket upgrade also
//! needs the page's own `Origin`, and a free socket (else 503).
//! Refusals are a bare 403 with no body.

use std::sync::Arc;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use super::limits::MAX_MESSAGE;
use super::page::{policy, PAGE};
use super::shared::Shared;
use super::socket;

/// The routes, behind the guard.
pub fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/ws", get(upgrade))
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(shared.clone(), guard))
        .with_state(shared)
}

/// Refuses (403) a request whose `Host` is not a loopback name or which carries
/// neither the token nor the cookie. Every answer but a socket's upgrade ends its
/// connection (`Connection: close`): one request per connection, so none waits idle.
async fn guard(State(shared): State<Arc<Shared>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let allowed = host_is_loopback(headers, request.uri(), shared.names)
        && (has_token(request.uri(), &shared.token)
            || has_cookie(headers, &cookie_name(shared.port), &shared.token));
    let mut response = if allowed {
        next.run(request).await
    } else {
        StatusCode::FORBIDDEN.into_response()
    };
    if response.status() != StatusCode::SWITCHING_PROTOCOLS {
        response
            .headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    response
}

/// The `Host` (name and port) when it names a loopback address: this server's own
/// port, or another's on this machine that forwards to it. code-server's
/// `/proxy/PORT/` passes the browser's `Host` on unchanged (`127.0.0.1:CODE_SERVER_PORT`,
/// seen in tests/vscode), so the port cannot be pinned; the name can, and a page that
/// renamed its own address to 127.0.0.1 (DNS rebinding) still sends its own name.
fn loopback_host<'a>(headers: &'a HeaderMap, names: &[&str]) -> Option<&'a str> {
    let host = headers.get(header::HOST)?.to_str().ok()?;
    let (name, port) = host.rsplit_once(':')?;
    let port_ok = !port.is_empty() && port.len() <= 5 && port.bytes().all(|b| b.is_ascii_digit());
    (port_ok && names.contains(&name)).then_some(host)
}

/// Whether the request names a loopback address (and, for an absolute request
/// target, the same one).
fn host_is_loopback(headers: &HeaderMap, uri: &Uri, names: &[&str]) -> bool {
    loopback_host(headers, names).is_some_and(|host| uri.authority().is_none_or(|a| a.as_str() == host))
}

/// Whether the query carries `token=` with the server's token.
fn has_token(uri: &Uri, token: &str) -> bool {
    uri.query()
        .into_iter()
        .flat_map(|q| q.split('&'))
        .filter_map(|pair| pair.strip_prefix("token="))
        .any(|given| same(given.as_bytes(), token.as_bytes()))
}

/// The cookie that stands for the token: named after the port, since cookies are
/// kept per host and not per port, and code-server's `/proxy/PORT/` puts every
/// proxied port on one origin.
fn cookie_name(port: u16) -> String {
    format!("hexcells-view-{port}")
}

/// Whether a `Cookie` header carries the cookie `name` with the server's token.
fn has_cookie(headers: &HeaderMap, name: &str, token: &str) -> bool {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .any(|(given_name, value)| given_name == name && same(value.as_bytes(), token.as_bytes()))
}

/// Compares without stopping at the first difference.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Whether the upgrade comes from the page itself: an `Origin` of a loopback name on
/// this port (the page opened at its own address, as `hexcells-view --serve` prints it
/// and as VS Code's panel frames it on a desktop, or through Remote SSH's forwarded
/// port), or exactly the `http(s)://` + `Host` this request came through (the page
/// framed through code-server's `/proxy/PORT/`, whose origin is code-server's own).
/// VS Code's `vscode-webview://` origin is the panel's, never the framed page's: it is
/// refused like any other.
fn origin_is_the_page(headers: &HeaderMap, port: u16, names: &[&str]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) else {
        return false;
    };
    let own = names.iter().any(|name| origin == format!("http://{name}:{port}"));
    let through = loopback_host(headers, names).is_some_and(|host| {
        origin
            .strip_prefix("http://")
            .or_else(|| origin.strip_prefix("https://"))
            == Some(host)
    });
    own || through
}

/// The page. Loaded with the token in its address, it also sets the cookie that
/// stands for the token (`HttpOnly`, `SameSite=Strict`, for this browser session,
/// on the path the page was reached by), so the page, once its script has taken the
/// token out of the address, still loads on a reload and opens its socket.
async fn page(State(shared): State<Arc<Shared>>, uri: Uri) -> Response {
    let mut response = Html(PAGE).into_response();
    let headers = response.headers_mut();
    // The token may be in the address: never hand it on.
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(policy()),
    );
    if has_token(&uri, &shared.token) {
        let cookie = format!(
            "{}={}; HttpOnly; SameSite=Strict",
            cookie_name(shared.port),
            shared.token
        );
        if let Ok(cookie) = HeaderValue::from_str(&cookie) {
            headers.insert(header::SET_COOKIE, cookie);
        }
    }
    response
}

/// The page's socket: from the page's own origin, while a socket is free (503 when
/// [`ServeLimits::sockets`](super::limits::ServeLimits::sockets) are open).
async fn upgrade(State(shared): State<Arc<Shared>>, headers: HeaderMap, ws: WebSocketUpgrade) -> Response {
    if !origin_is_the_page(&headers, shared.port, shared.names) {
        return StatusCode::FORBIDDEN.into_response();
    }
    let Ok(permit) = shared.sockets.clone().try_acquire_owned() else {
        shared.sockets_full.happened(None);
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    };
    ws.max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| async move {
            socket::run(socket, shared).await;
            drop(permit);
        })
}

async fn not_found() -> StatusCode {
    StatusCode::NOT_FOUND
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names with [::1] listened on too.
    const BOTH: &[&str] = &["127.0.0.1", "localhost", "[::1]"];

    #[test]
    fn only_loopback_names_on_this_port_are_hosts() {
        let host_in = |names: &[&str], value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::HOST, HeaderValue::from_str(value).unwrap());
            host_is_loopback(&headers, &Uri::from_static("/"), names)
        };
        let host = |value: &str| host_in(BOTH, value);
        assert!(host("127.0.0.1:8123") && host("localhost:8123") && host("[::1]:8123"));
        assert!(host("127.0.0.1:8124"), "a local proxy's port");
        assert!(!host("evil.example:8123"));
        assert!(!host("127.0.0.1"));
        assert!(!host("127.0.0.1:"));
        assert!(!host("127.0.0.1:80x"));
        assert!(!host("localhost.evil.example:8123"));
        assert!(!host_is_loopback(&HeaderMap::new(), &Uri::from_static("/"), BOTH));
        // Without [::1], `localhost` may reach someone else: only 127.0.0.1 is taken.
        let v4 = &["127.0.0.1"][..];
        assert!(host_in(v4, "127.0.0.1:8123"));
        assert!(!host_in(v4, "localhost:8123") && !host_in(v4, "[::1]:8123"));
    }

    #[test]
    fn the_origin_is_the_pages_own_address_or_the_one_it_came_through() {
        let origin = |host: &str, value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::HOST, HeaderValue::from_str(host).unwrap());
            headers.insert(header::ORIGIN, HeaderValue::from_str(value).unwrap());
            origin_is_the_page(&headers, 8123, BOTH)
        };
        assert!(origin("127.0.0.1:8123", "http://localhost:8123"));
        // Through code-server's /proxy/8123/ on port 9000.
        assert!(origin("127.0.0.1:9000", "http://127.0.0.1:9000"));
        assert!(!origin("127.0.0.1:9000", "http://127.0.0.1:9001"));
        assert!(!origin("127.0.0.1:9000", "http://evil.example"));
        assert!(!origin("127.0.0.1:9000", "vscode-webview://abc"));
        assert!(!origin("127.0.0.1:9000", "null"));
        assert!(!origin("evil.example:9000", "http://evil.example:9000"));
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

    #[test]
    fn the_cookie_is_this_port_s_with_the_whole_token() {
        let cookie = |values: &[&str]| {
            let mut headers = HeaderMap::new();
            for value in values {
                headers.append(header::COOKIE, HeaderValue::from_str(value).unwrap());
            }
            has_cookie(&headers, &cookie_name(8123), "abc")
        };
        assert!(cookie(&["hexcells-view-8123=abc"]));
        assert!(cookie(&["other=1; hexcells-view-8123=abc; more=2"]));
        assert!(cookie(&["other=1", "hexcells-view-8123=abc"]));
        assert!(!cookie(&["hexcells-view-8124=abc"]), "another port's");
        assert!(!cookie(&["hexcells-view-8123=ab", "hexcells-view-8123=abcd"]));
        assert!(!cookie(&["xhexcells-view-8123=abc"]));
        assert!(!cookie(&[]));
    }
}
