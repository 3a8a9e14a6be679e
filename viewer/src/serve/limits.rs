//! The limits of `--serve`, each the answer to something a neighbour on the same
//! machine could do to it (docs/viewer.md, "Security"): how large a page's message may
//! be, how long a request may take to arrive, how many connections and sockets may be
//! open at once (fewer under a low open-file limit, so a flood never takes the files
//! the editor saves with), how many of a page's events may wait for the controller,
//! and how often a socket is pinged. Debug builds read shorter ones for the tests from
//! `HEXCELLS_VIEW_SERVE_LIMITS`; release builds never read it.

use std::time::Duration;

/// The largest message a page may send: a pointer or key event is under 200 bytes.
pub const MAX_MESSAGE: usize = 64 * 1024;

/// How long a connection may take to send a request's headers (from the moment it is
/// accepted); then it is closed. With one request per connection, no connection
/// waits idle for a second one.
pub const HEADER_READ: Duration = Duration::from_secs(5);

/// The most a request's line and headers may take (a browser's, cookies of other
/// local servers included, take a few kB); past it the request is refused (431). It
/// also bounds what a connection that never finishes its request holds.
pub const MAX_REQUEST_HEAD: usize = 64 * 1024;

/// How long the accept loop waits after an error such as "too many open files"
/// before it tries again.
pub const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// How many of one page's events may wait for the controller's thread: past this the
/// page's socket is not read until the controller catches up (slowed, never lossy).
pub const EVENTS_IN_FLIGHT: usize = 32;

/// Connections open at once (requests, and sockets before their upgrade), with room in
/// the open-file limit.
const CONNECTIONS: usize = 256;

/// Pages' sockets open at once, with room in the open-file limit.
const SOCKETS: usize = 128;

/// Open files kept for everything else (stdio, the runtime, the file watch, the
/// editor's save, the settings).
const RESERVE: u64 = 32;

/// The limits in force.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ServeLimits {
    /// Connections open at once: the next one is closed at once.
    pub connections: usize,
    /// Sockets open at once: the next page's upgrade gets 503.
    pub sockets: usize,
    /// How often each socket is pinged.
    pub ping_every: Duration,
    /// How long a ping (or a frame being sent) may wait for the page: then its socket
    /// is closed.
    pub pong_wait: Duration,
}

impl ServeLimits {
    /// The limits for this process: the caps within its open-file limit.
    pub fn for_this_process() -> ServeLimits {
        let (connections, sockets) = caps(open_file_limit());
        let limits = ServeLimits {
            connections,
            sockets,
            ping_every: Duration::from_secs(30),
            pong_wait: Duration::from_secs(10),
        };
        #[cfg(debug_assertions)]
        let limits = match std::env::var("HEXCELLS_VIEW_SERVE_LIMITS") {
            Ok(spec) => limits.overridden(&spec),
            Err(_) => limits,
        };
        limits
    }

    /// The limits with those `spec` names changed (`ping=MS,pong=MS,connections=N,
    /// sockets=N`), for the tests.
    #[cfg(debug_assertions)]
    fn overridden(mut self, spec: &str) -> ServeLimits {
        for pair in spec.split(',').filter(|p| !p.is_empty()) {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            let Ok(n) = value.trim().parse::<u64>() else {
                eprintln!("hexcells-view: HEXCELLS_VIEW_SERVE_LIMITS: {pair:?} is not NAME=NUMBER");
                continue;
            };
            match name.trim() {
                "ping" => self.ping_every = Duration::from_millis(n),
                "pong" => self.pong_wait = Duration::from_millis(n),
                "connections" => self.connections = n.max(1) as usize,
                "sockets" => self.sockets = n.max(1) as usize,
                other => eprintln!("hexcells-view: HEXCELLS_VIEW_SERVE_LIMITS: no limit {other:?}"),
            }
        }
        self
    }
}

/// The caps on connections and sockets under an open-file limit of `limit` (`None`:
/// unknown or unlimited): the usual ones when they fit beside the reserve, else what
/// room there is, two thirds for connections and a third for sockets.
fn caps(limit: Option<u64>) -> (usize, usize) {
    let room = limit.map_or(usize::MAX, |n| {
        usize::try_from(n.saturating_sub(RESERVE)).unwrap_or(usize::MAX)
    });
    if room >= CONNECTIONS + SOCKETS {
        return (CONNECTIONS, SOCKETS);
    }
    ((room * 2 / 3).max(2), (room / 3).max(1))
}

/// The soft limit on open files.
#[cfg(unix)]
fn open_file_limit() -> Option<u64> {
    rustix::process::getrlimit(rustix::process::Resource::Nofile).current
}

#[cfg(not(unix))]
fn open_file_limit() -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_caps_fit_in_the_open_file_limit() {
        assert_eq!(caps(None), (256, 128));
        assert_eq!(caps(Some(1024)), (256, 128));
        assert_eq!(caps(Some(1_048_576)), (256, 128));
        let (connections, sockets) = caps(Some(64));
        assert_eq!((connections, sockets), (21, 10));
        assert!(connections + sockets + RESERVE as usize <= 64);
        assert_eq!(caps(Some(8)), (2, 1));
    }

    #[cfg(debug_assertions)]
    #[test]
    fn the_tests_may_shorten_the_limits_in_debug_builds() {
        let limits = ServeLimits {
            connections: 256,
            sockets: 128,
            ping_every: Duration::from_secs(30),
            pong_wait: Duration::from_secs(10),
        };
        let short = limits.overridden("ping=200,pong=300,sockets=5,nothing=1,connections=x");
        assert_eq!(short.ping_every, Duration::from_millis(200));
        assert_eq!(short.pong_wait, Duration::from_millis(300));
        assert_eq!((short.connections, short.sockets), (256, 5));
    }
}
