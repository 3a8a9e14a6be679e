//! The portable build, the kind the release archive and the `.vsix` carry: both binaries
//! as `scripts/dist` builds them on Linux (glibc 2.28 with cargo-zigbuild, the C++
//! runtime linked in), from the folder `HEXCELLS_PORTABLE_BIN_DIR` names (`scripts/test`
//! builds them with `scripts/dist --debug --build-only`). Read from their ELF headers,
//! they need no glibc symbol newer than 2.28 and no library but the C library's own, so
//! they start on RHEL 8, Debian 10, Ubuntu 18.10 and anything newer; and
//! `hexcells-view --serve` serves its page from there with no display. Without that
//! folder each test reports itself skipped. dist.rs packs these binaries into the archive
//! and follows the README with them; viewer.rs opens their window under Xvfb.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use hexcells_core::fixture;
use hexcells_e2e::elf::{dynamic_needs, DynamicNeeds};
use hexcells_e2e::preview::PreviewPage;
use hexcells_e2e::xvfb::{on_path, Guard};
use hexcells_e2e::{bin, portable_bin_dir, skip, temp_dir};

/// The oldest glibc the release binaries start on (RHEL 8's).
const OLDEST_GLIBC: [u32; 2] = [2, 28];

/// The libraries a binary may need: the C library's own, which every glibc system
/// has (libgcc_s too, with GCC's unwinder; the portable build links its own).
fn is_c_library(name: &str) -> bool {
    [
        "libc.so.6",
        "libm.so.6",
        "libdl.so.2",
        "libpthread.so.0",
        "librt.so.1",
        "libgcc_s.so.1",
    ]
    .contains(&name)
        || name.starts_with("ld-linux")
}

/// What in `needs` keeps a binary from starting on every system with glibc 2.28.
fn problems(needs: &DynamicNeeds) -> Vec<String> {
    let mut out = Vec::new();
    for library in &needs.libraries {
        if !is_c_library(library) {
            out.push(format!("needs {library}, which is not the C library's"));
        }
    }
    for (library, version) in &needs.versions {
        if !is_c_library(library) {
            out.push(format!("needs {version} of {library}"));
        }
    }
    let (newest, odd) = needs.newest_glibc();
    match newest {
        Some(newest) if newest.as_slice() > OLDEST_GLIBC.as_slice() => out.push(format!(
            "needs GLIBC_{}, newer than 2.28",
            newest.iter().map(u32::to_string).collect::<Vec<_>>().join(".")
        )),
        Some(_) => {}
        None => out.push("needs no GLIBC_ version at all: not read as a glibc binary".to_string()),
    }
    out.extend(odd.into_iter().map(|v| format!("needs {v}")));
    if !needs.libraries.iter().any(|l| l == "libc.so.6") {
        out.push("does not need libc.so.6: not read as a glibc binary".to_string());
    }
    out
}

#[test]
fn both_portable_binaries_need_glibc_2_28_at_most_and_only_the_c_library() {
    let Some(dir) = portable_bin_dir("what the portable binaries link against is not checked") else {
        return;
    };
    let mut found = Vec::new();
    for name in ["hexcells", "hexcells-view"] {
        let needs = dynamic_needs(&dir.join(name)).unwrap_or_else(|e| panic!("{e}"));
        let wrong = problems(&needs);
        if !wrong.is_empty() {
            found.push(format!("{name}: {}\n(read: {needs:?})", wrong.join("; ")));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_elf_reader_reads_what_readelf_reads() {
    // The development build, which the test run always has: the reader finds its C
    // library and its glibc versions, whatever glibc built it, and when binutils are
    // here, exactly the libraries and versions `readelf` lists.
    let path = bin("hexcells");
    let needs = dynamic_needs(&path).unwrap_or_else(|e| panic!("{e}"));
    assert!(needs.libraries.iter().any(|l| l == "libc.so.6"), "{needs:?}");
    assert!(
        needs
            .versions
            .contains(&("libc.so.6".to_string(), "GLIBC_2.2.5".to_string()))
            || needs
                .versions
                .contains(&("libc.so.6".to_string(), "GLIBC_2.17".to_string())),
        "the first glibc version of x86-64 (2.2.5) or aarch64 (2.17): {needs:?}"
    );
    let (newest, odd) = needs.newest_glibc();
    assert!(
        newest.is_some_and(|n| n >= vec![2, 2, 5]) && odd.is_empty(),
        "{needs:?}"
    );
    assert!(
        dynamic_needs(&hexcells_e2e::levels_dir().join("first-steps.hexcells"))
            .is_err_and(|e| e.ends_with("not an ELF file")),
        "a level is no ELF file"
    );

    if !on_path("readelf") {
        skip("readelf not found: the ELF reader is not compared with binutils");
        return;
    }
    let readelf = |flag: &str| {
        let out = Command::new("readelf")
            .args(["--wide", flag])
            .arg(&path)
            .env("LC_ALL", "C")
            .output()
            .expect("run readelf");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    // `0x...1 (NEEDED)  Shared library: [libc.so.6]`
    let libraries: Vec<String> = readelf("-d")
        .lines()
        .filter(|l| l.contains("(NEEDED)"))
        .filter_map(|l| Some(l.split_once('[')?.1.trim_end_matches(']').to_string()))
        .collect();
    assert_eq!(needs.libraries, libraries);
    // `0x0000: Version: 1  File: libc.so.6  Cnt: 3`, then `0x0010:   Name: GLIBC_2.2.5  Flags: ...`
    let mut versions = Vec::new();
    let mut file = String::new();
    let listing = readelf("-V");
    let needs_part = listing
        .split_once("Version needs section")
        .map_or("", |(_, part)| part);
    for line in needs_part.lines() {
        let word_after = |key: &str| {
            line.split_once(key)
                .map(|(_, rest)| rest.split_whitespace().next().unwrap_or("").to_string())
        };
        if let Some(f) = word_after("File: ") {
            file = f;
        } else if let Some(name) = word_after("Name: ") {
            versions.push((file.clone(), name));
        }
    }
    assert_eq!(needs.versions, versions);
}

#[test]
fn the_portable_viewer_serves_its_page_with_no_display() {
    let Some(dir) = portable_bin_dir("the portable hexcells-view --serve is not run") else {
        return;
    };
    let home = temp_dir();
    let level = home.path().join("served.hexcells");
    std::fs::write(&level, fixture::text("Portable page", &["x.", "", "O+"])).expect("write the level");
    let mut viewer = Guard(
        Command::new(dir.join("hexcells-view"))
            .arg("--serve")
            .arg(&level)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .env("HOME", home.path())
            .env("XDG_STATE_HOME", home.path().join("state"))
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .stdout(Stdio::piped())
            .spawn()
            .expect("start the portable hexcells-view --serve"),
    );
    let mut url = String::new();
    BufReader::new(viewer.0.stdout.take().expect("stdout"))
        .read_line(&mut url)
        .expect("read the page's address");
    let page = PreviewPage::at(url.trim());
    let (status, body) = page.fetch();
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("<html"), "the page: {body}");
    let frame = page
        .socket()
        .frame_where("with the level", Duration::from_secs(30), |f| {
            f["title"] == "served.hexcells - hexcells-view"
        });
    let svg = frame["svg"].as_str().expect("an SVG");
    assert!(
        svg.contains("Portable page") && svg.contains("data-cell=\"A1\"") && svg.contains("data-cell=\"A3\""),
        "the level's title and both cells: {svg}"
    );
}
