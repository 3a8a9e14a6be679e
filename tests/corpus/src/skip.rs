//! Skipping a test that cannot run here (no Neovim, no Xvfb, no shared corpus) so that
//! the skip is seen: a `skipped: why` notice on stderr, and a line in the file named by
//! `HEXCELLS_SKIPPED_LOG`, which `scripts/test` sets and lists at the end of its run
//! (with `HEXCELLS_TEST_ALL=1`, as in CI, each listed skip fails the run).
//!
//! Every test crate reaches it through this crate (the end-to-end tests as
//! `hexcells_e2e::skip`); it uses nothing but std.

use std::io::Write;

/// The environment variable naming the file that collects skips, one per line:
/// `binary::test: why`.
pub const SKIPPED_LOG: &str = "HEXCELLS_SKIPPED_LOG";

/// Reports that the running test skips (all or part of its checks) because of `why`.
/// The caller then returns without asserting what it could not check.
pub fn skip(why: &str) {
    eprintln!("skipped: {why}");
    let Some(path) = std::env::var_os(SKIPPED_LOG) else {
        return;
    };
    let line = format!("{}: {}\n", test_name(), why.replace('\n', " "));
    // One write per line on a file opened for appending, so that tests running in
    // parallel do not interleave their lines.
    let written = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .and_then(|mut file| file.write_all(line.as_bytes()));
    if let Err(e) = written {
        eprintln!("cannot record the skip in {}: {e}", path.to_string_lossy());
    }
}

/// `binary::test`: the test binary's name without cargo's hash (`nvim`, `cli`), then
/// the test's own name, which libtest gives the thread it runs the test on.
pub fn test_name() -> String {
    let binary = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .map(|stem| match stem.rsplit_once('-') {
            Some((name, hash)) if hash.chars().all(|c| c.is_ascii_hexdigit()) => name.to_string(),
            _ => stem,
        })
        .unwrap_or_else(|| "test".to_string());
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("(unnamed thread)");
    format!("{binary}::{test}")
}
