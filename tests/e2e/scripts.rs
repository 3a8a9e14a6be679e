//! The test command's own helpers: `scripts/have-libclang` decides whether the minisat
//! backend's tests can build (bindgen needs a loadable libclang) or are skipped with a notice.

use std::fs;
use std::path::Path;
use std::process::Command;

use hexcells_e2e::repo_root;

/// Runs the probe on `ldconfig -p` output, with LIBCLANG_PATH set to `libclang_path` (or unset).
fn probe(ldconfig_output: &str, libclang_path: Option<&Path>) -> bool {
    let dir = tempfile::tempdir().expect("temp dir");
    let listing = dir.path().join("ldconfig.txt");
    fs::write(&listing, ldconfig_output).expect("write listing");
    let mut cmd = Command::new("bash");
    cmd.arg(repo_root().join("scripts/have-libclang")).arg(&listing);
    match libclang_path {
        Some(path) => cmd.env("LIBCLANG_PATH", path),
        None => cmd.env_remove("LIBCLANG_PATH"),
    };
    let status = cmd.status().expect("run scripts/have-libclang");
    assert!(status.code().is_some_and(|c| c <= 1), "probe crashed: {status}");
    status.success()
}

const HEADER: &str = "1234 libs found in cache `/etc/ld.so.cache'\n";

#[test]
fn libclang_cpp_alone_is_not_libclang() {
    let listing = format!(
        "{HEADER}\tlibclang-cpp.so.14 (libc6,x86-64) => /lib/x86_64-linux-gnu/libclang-cpp.so.14\n\
         \tlibc.so.6 (libc6,x86-64) => /lib/x86_64-linux-gnu/libc.so.6\n"
    );
    assert!(!probe(&listing, None));
}

#[test]
fn versioned_and_suffixed_libclang_are_found() {
    for name in [
        "libclang.so.1",
        "libclang-14.so",
        "libclang.so",
        "libclang-14.so.13",
    ] {
        let listing = format!(
            "{HEADER}\tlibclang-cpp.so.14 (libc6,x86-64) => /usr/lib/libclang-cpp.so.14\n\
             \t{name} (libc6,x86-64) => /usr/lib/llvm-14/lib/{name}\n"
        );
        assert!(probe(&listing, None), "{name} should count as libclang");
    }
}

#[test]
fn an_empty_listing_finds_nothing() {
    assert!(!probe("", None));
    assert!(!probe(HEADER, None));
}

#[test]
fn libclang_path_is_searched() {
    let dir = tempfile::tempdir().expect("temp dir");
    fs::write(dir.path().join("libclang-cpp.so"), b"").expect("write");
    assert!(
        !probe(HEADER, Some(dir.path())),
        "libclang-cpp in LIBCLANG_PATH is not libclang"
    );
    fs::write(dir.path().join("libclang.so.1"), b"").expect("write");
    assert!(
        probe(HEADER, Some(dir.path())),
        "a directory holding libclang.so.1"
    );
    assert!(
        probe(HEADER, Some(&dir.path().join("libclang.so.1"))),
        "the library's own path"
    );
}
