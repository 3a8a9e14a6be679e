//! Test only: a panic injected on purpose, so that the end-to-end tests can check what
//! a panic leaves behind (`tests/e2e/lsp.rs`). In a debug build, the environment
//! variable `HEXCELLS_TEST_PANIC` names the place that panics, once: `hover` in the
//! hover handler, `change` while a change is applied (after the new text is read, just
//! before it is swapped in). Release builds never read the variable: [`here`] is empty.
//!
//! Imports nothing of `lsp/`.

/// The variable that names the place to panic at (debug builds only).
#[cfg(debug_assertions)]
const VARIABLE: &str = "HEXCELLS_TEST_PANIC";

/// Panics the first time it is called with the `place` that `HEXCELLS_TEST_PANIC`
/// names, in a debug build; does nothing in a release build.
pub fn here(place: &str) {
    #[cfg(debug_assertions)]
    {
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::sync::OnceLock;
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
