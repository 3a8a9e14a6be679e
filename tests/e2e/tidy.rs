//! Project conventions checked on every test run (in the spirit of rust-analyzer's
//! tidy): module docs on every file, and the architecture invariants of
//! `ARCHITECTURE.md` (core does no I/O and knows no protocol, stdout is the wire).

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return out;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if path.is_dir() {
            if name != "target" && name != "node_modules" && !name.starts_with('.') {
                out.extend(rust_files(&path));
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

fn root() -> PathBuf {
    hexcells_e2e::repo_root()
}

#[test]
fn every_rust_file_opens_with_a_module_doc() {
    let mut missing = Vec::new();
    for dir in ["core", "server", "viewer", "tests"] {
        for file in rust_files(&root().join(dir)) {
            let text = fs::read_to_string(&file).unwrap_or_default();
            let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            if !first.starts_with("//!") && !first.starts_with("#![") {
                missing.push(file.strip_prefix(root()).unwrap_or(&file).display().to_string());
            }
        }
    }
    assert!(
        missing.is_empty(),
        "files without a `//!` module doc on their first line:\n{}",
        missing.join("\n")
    );
}

#[test]
fn core_depends_on_no_io_or_protocol_crate() {
    let manifest = fs::read_to_string(root().join("core/Cargo.toml")).expect("core/Cargo.toml");
    let deps = manifest
        .split("[dependencies]")
        .nth(1)
        .unwrap_or("")
        .split("\n[")
        .next()
        .unwrap_or("");
    for banned in [
        "tokio",
        "tower-lsp",
        "lsp-types",
        "ropey",
        "winit",
        "softbuffer",
        "notify",
        "tiny-skia",
    ] {
        assert!(
            !deps.contains(banned),
            "core must stay free of I/O and protocols, but depends on {banned}"
        );
    }
}

#[test]
fn core_source_does_no_io() {
    let mut offenders = Vec::new();
    for file in rust_files(&root().join("core/src")) {
        let text = fs::read_to_string(&file).unwrap_or_default();
        for banned in [
            "std::fs",
            "std::net",
            "std::process",
            "println!",
            "eprintln!",
            "std::io::stdin",
        ] {
            if text.contains(banned) {
                offenders.push(format!("{}: {banned}", file.display()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "core does no I/O:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn language_server_never_prints_to_stdout() {
    let mut offenders = Vec::new();
    for dir in ["server/src/lsp", "server/src/handlers"] {
        for file in rust_files(&root().join(dir)) {
            let text = fs::read_to_string(&file).unwrap_or_default();
            if text.contains("println!") || text.contains("print!(") || text.contains("std::io::stdout") {
                // stdout belongs to JSON-RPC; only the transport may touch it.
                if !text.contains("tidy: transport") {
                    offenders.push(file.display().to_string());
                }
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "stdout is the JSON-RPC wire; log to stderr instead:\n{}",
        offenders.join("\n")
    );
}

/// The sibling modules a file names as `super::name` (outside its tests), among
/// `siblings`.
fn sibling_uses(text: &str, siblings: &[String]) -> Vec<String> {
    let code = text.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
    let mut out: Vec<String> = code
        .match_indices("super::")
        .filter_map(|(at, _)| {
            let rest = &code[at + "super::".len()..];
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            let name = &rest[..end];
            siblings.iter().any(|s| s == name).then(|| name.to_string())
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

#[test]
fn no_two_sibling_modules_import_each_other() {
    let mut circles = Vec::new();
    let mut dirs: Vec<PathBuf> = ["core/src", "server/src", "viewer/src"]
        .iter()
        .flat_map(|d| rust_files(&root().join(d)))
        .filter_map(|f| f.parent().map(Path::to_path_buf))
        .collect();
    dirs.sort();
    dirs.dedup();
    for dir in dirs {
        let files: Vec<PathBuf> = rust_files(&dir)
            .into_iter()
            .filter(|f| f.parent() == Some(dir.as_path()))
            .collect();
        let name = |f: &Path| {
            f.file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default()
        };
        let siblings: Vec<String> = files.iter().map(|f| name(f)).filter(|n| n != "mod").collect();
        let uses: Vec<(String, Vec<String>)> = files
            .iter()
            .map(|f| {
                (
                    name(f),
                    sibling_uses(&fs::read_to_string(f).unwrap_or_default(), &siblings),
                )
            })
            .collect();
        for (a, a_uses) in &uses {
            for b in a_uses {
                let back = uses.iter().any(|(n, u)| n == b && u.contains(a));
                if a < b && back {
                    let rel = dir.strip_prefix(root()).unwrap_or(&dir).display().to_string();
                    circles.push(format!("{rel}: {a}.rs <-> {b}.rs"));
                }
            }
        }
    }
    assert!(
        circles.is_empty(),
        "sibling modules that import each other (move what they share into a third):\n{}",
        circles.join("\n")
    );
}

/// The viewer's parts and the parts each may import (`crate::...`), from the bottom:
/// see "The viewer" in `ARCHITECTURE.md`. A part imports itself freely.
const VIEWER_PARTS: &[(&str, &[&str])] = &[
    ("render", &[]),
    ("keys", &[]),
    ("clipboard.rs", &[]),
    ("watch.rs", &[]),
    ("player", &["keys", "render", "clipboard"]),
    ("editor", &["keys", "render", "clipboard"]),
    (
        "modes.rs",
        &["player", "editor", "keys", "render", "clipboard", "watch"],
    ),
    ("app.rs", &["modes", "player", "editor", "keys"]),
];

/// The viewer's modules a source names as `crate::name`, outside comments and tests.
fn crate_uses(text: &str) -> Vec<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    let mut out: Vec<String> = code
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .flat_map(|l| {
            l.match_indices("crate::")
                .map(move |(at, _)| &l[at + "crate::".len()..])
        })
        .map(|rest| {
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            rest[..end].to_string()
        })
        .filter(|name| !name.is_empty())
        .collect();
    out.sort();
    out.dedup();
    out
}

#[test]
fn the_viewer_s_parts_import_only_the_parts_below_them() {
    let src = root().join("viewer/src");
    let mut offenders = Vec::new();
    for (part, allowed) in VIEWER_PARTS {
        let path = src.join(part);
        let files = if path.is_dir() {
            rust_files(&path)
        } else {
            vec![path]
        };
        assert!(
            !files.is_empty(),
            "viewer/src/{part} is gone: update VIEWER_PARTS"
        );
        let own = part.trim_end_matches(".rs");
        for file in files {
            let text = fs::read_to_string(&file).unwrap_or_default();
            for used in crate_uses(&text) {
                if used != own && !allowed.contains(&used.as_str()) {
                    let rel = file.strip_prefix(root()).unwrap_or(&file).display().to_string();
                    offenders.push(format!("{rel} imports crate::{used}"));
                }
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "a viewer part imports one at its level or above it (ARCHITECTURE.md, \"The viewer\"):\n{}",
        offenders.join("\n")
    );
}

#[test]
fn only_the_viewer_s_window_imports_winit_or_softbuffer() {
    let mut offenders = Vec::new();
    for file in rust_files(&root().join("viewer")) {
        let text = fs::read_to_string(&file).unwrap_or_default();
        let rel = file.strip_prefix(root()).unwrap_or(&file).display().to_string();
        if rel != "viewer/src/app.rs" && (text.contains("winit::") || text.contains("softbuffer::")) {
            offenders.push(rel);
        }
    }
    assert!(
        offenders.is_empty(),
        "only viewer/src/app.rs (the window) may import winit or softbuffer:\n{}",
        offenders.join("\n")
    );
}
