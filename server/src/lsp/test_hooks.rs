//! Test only: faults and delays injected on purpose, so that the end-to-end tests can
//! check what they leave behind (`tests/e2e/lsp.rs`). In a debug build:
//!
//! - `HEXCELLS_TEST_PANIC` names the place that panics, once ([`panic_here`]): `hover`
//!   in the hover handler, `change` while a change is applied (after the new text is
//!   read, just before it is swapped in);
//! - `HEXCELLS_TEST_SLOW_ADVICE=TITLE:MS` makes the advice on each level titled TITLE
//!   take MS milliseconds longer ([`slow_advice`]; the level's cancel flag cuts it
//!   short), and logs `slow advice on TITLE started`, then `... done` (or `...
//!   cancelled` when the flag cut it short), so that a test can tell what other work
//!   came while it ran.
//!
//! Release builds never read the variables: both functions do nothing there.
//!
//! Imports nothing of `lsp/`.

use std::sync::atomic::AtomicBool;

/// Panics the first time it is called with the `place` that `HEXCELLS_TEST_PANIC`
/// names, in a debug build; does nothing in a release build.
pub fn panic_here(place: &str) {
    #[cfg(debug_assertions)]
    {
        use std::sync::atomic::Ordering;
        use std::sync::OnceLock;
        const VARIABLE: &str = "HEXCELLS_TEST_PANIC";
        static NAMED: OnceLock<Option<String>> = OnceLock::new();
        static FIRED: AtomicBool = AtomicBool::new(false);
        let named = NAMED.get_or_init(|| std::env::var(VARIABLE).ok());
        if named.as_deref() == Some(place) && !FIRED.swap(true, Ordering::Relaxed) {
            panic!("{VARIABLE}={place}: a panic injected for a test");
        }
    }
    #[cfg(not(debug_assertions))]
    let _ = place;
}

/// Waits as long as `HEXCELLS_TEST_SLOW_ADVICE` asks for a level titled `title`, or
/// until `cancel` is set, in a debug build; does nothing in a release build.
pub fn slow_advice(title: &str, cancel: &AtomicBool) {
    #[cfg(debug_assertions)]
    {
        use std::sync::atomic::Ordering;
        use std::sync::OnceLock;
        use std::time::{Duration, Instant};
        static ASKED: OnceLock<Option<(String, u64)>> = OnceLock::new();
        let asked = ASKED.get_or_init(|| {
            let value = std::env::var("HEXCELLS_TEST_SLOW_ADVICE").ok()?;
            let (title, ms) = value.rsplit_once(':')?;
            Some((title.to_string(), ms.parse().ok()?))
        });
        let Some((slow, ms)) = asked else { return };
        if slow != title {
            return;
        }
        tracing::warn!("slow advice on {title} started");
        let until = Instant::now() + Duration::from_millis(*ms);
        while Instant::now() < until && !cancel.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(10));
        }
        if cancel.load(Ordering::Relaxed) {
            tracing::warn!("slow advice on {title} cancelled");
        } else {
            tracing::warn!("slow advice on {title} done");
        }
    }
    #[cfg(not(debug_assertions))]
    let _ = (title, cancel);
}
