//! Project conventions checked on every test run (in the spirit of rust-analyzer's
//! tidy): module docs on every file, and the architecture invariants of
//! `ARCHITECTURE.md` (core does no I/O and knows no protocol, stdout is the wire, the
//! engine's parts stack without an import up, one crate knows where the corpus is).

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
    for dir in ["core", "files", "server", "viewer", "tests"] {
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
fn the_files_crate_uses_the_standard_library_alone() {
    // The one atomic write of the CLI and the viewer (files/): no dependency to vet.
    let manifest = fs::read_to_string(root().join("files/Cargo.toml")).expect("files/Cargo.toml");
    let deps: Vec<&str> = manifest
        .split("\n[dependencies]\n")
        .nth(1)
        .expect("files/Cargo.toml has a [dependencies] table")
        .split("\n[")
        .next()
        .unwrap_or("")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect();
    assert!(deps.is_empty(), "hexcells-files depends on {deps:?}");
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
    for dir in ["server/src/lsp"] {
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

// The server's layout (ARCHITECTURE.md, "The server"): modules sit where the module
// tree says, the routing table and the handlers import downwards only.

/// A file's code without its `#[cfg(test)] mod tests` block.
fn code_outside_tests(text: &str) -> &str {
    text.split("#[cfg(test)]\nmod tests").next().unwrap_or("")
}

/// The module names (files and folders) inside `dir`.
fn module_names(dir: &Path) -> Vec<String> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            if e.path().is_dir() {
                Some(name)
            } else {
                name.strip_suffix(".rs")
                    .filter(|n| *n != "mod")
                    .map(str::to_string)
            }
        })
        .collect();
    names.sort();
    names
}

/// The names a path continues with after `at` (the start of what follows `prefix::`):
/// `name`, or each first name of a `{a, b::c, D}` group.
fn names_after(code: &str, at: usize) -> Vec<String> {
    let rest = &code[at..];
    let ident = |s: &str| {
        let end = s
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(s.len());
        s[..end].to_string()
    };
    if let Some(group) = rest.strip_prefix('{') {
        let group = &group[..group.find('}').unwrap_or(group.len())];
        group
            .split(',')
            .map(|p| ident(p.trim()))
            .filter(|n| !n.is_empty())
            .collect()
    } else {
        vec![ident(rest)]
    }
}

#[test]
fn no_source_has_a_path_attribute() {
    // Spelled in two parts, so that this file holds no such attribute either.
    let attribute = ["#[", "path"].concat();
    let offenders: Vec<String> = ["core", "files", "server", "viewer", "tests", "editors"]
        .iter()
        .flat_map(|dir| rust_files(&root().join(dir)))
        .filter(|f| fs::read_to_string(f).unwrap_or_default().contains(&attribute))
        .map(|f| f.strip_prefix(root()).unwrap_or(&f).display().to_string())
        .collect();
    assert!(
        offenders.is_empty(),
        "a module lives where the module tree says, without a path attribute:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn no_server_module_imports_an_item_of_a_module_above_it() {
    // A file may name the modules of the folders above it (`super::state`,
    // `crate::lsp::backend`), never an item their `mod.rs` defines (`super::Backend`):
    // what children share lives in a low module of its own.
    let src = root().join("server/src");
    let mut offenders = Vec::new();
    for file in rust_files(&src) {
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if name == "main.rs" {
            continue;
        }
        let Some(dir) = file.parent() else { continue };
        // The folder whose module `super` names.
        let parent = if name == "mod.rs" { dir.parent() } else { Some(dir) };
        let Some(parent) = parent else { continue };
        let text = fs::read_to_string(&file).unwrap_or_default();
        let code = code_outside_tests(&text);
        let mut check = |folder: &Path, names: Vec<String>| {
            let modules = module_names(folder);
            for n in names {
                if n != "self" && n != "*" && !modules.contains(&n) {
                    let rel = file.strip_prefix(root()).unwrap_or(&file).display().to_string();
                    offenders.push(format!("{rel}: {n}"));
                }
            }
        };
        for (at, _) in code.match_indices("super::") {
            check(parent, names_after(code, at + "super::".len()));
        }
        for (at, _) in code.match_indices("crate::") {
            // Follow the path down the folders above this file; the first name past
            // them must be a module.
            let mut folder = src.clone();
            let mut at = at + "crate::".len();
            loop {
                let names = names_after(code, at);
                let next = folder.join(names.first().map_or("", String::as_str));
                let descends = names.len() == 1 && next.is_dir() && parent.starts_with(&next);
                if !descends {
                    if parent.starts_with(&folder) {
                        check(&folder, names);
                    }
                    break;
                }
                folder = next;
                at += names[0].len() + "::".len();
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "modules that import an item of a folder above them (move it into a low module):\n{}",
        offenders.join("\n")
    );
}

#[test]
fn lsp_handlers_never_import_each_other() {
    let mut offenders = Vec::new();
    for file in rust_files(&root().join("server/src/lsp/handlers")) {
        if file.file_name().is_some_and(|n| n == "mod.rs") {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap_or_default();
        let code = code_outside_tests(&text);
        if code.contains("super::") || code.contains("handlers::") {
            offenders.push(file.strip_prefix(root()).unwrap_or(&file).display().to_string());
        }
    }
    assert!(
        offenders.is_empty(),
        "a handler imports lsp's lower modules only, never another handler \
         (what two share moves down into lsp/):\n{}",
        offenders.join("\n")
    );
}

#[test]
fn nothing_in_lsp_imports_the_routing_table() {
    // `lsp/mod.rs` holds `run`, `capabilities` and the routing table; every other
    // module of lsp/ sits below it.
    let mut offenders = Vec::new();
    for file in rust_files(&root().join("server/src/lsp")) {
        if file == root().join("server/src/lsp/mod.rs") {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap_or_default();
        let code = code_outside_tests(&text);
        let lower_module_file = file.parent() == Some(root().join("server/src/lsp").as_path());
        if code.contains("crate::lsp::handlers") || (lower_module_file && code.contains("handlers::")) {
            offenders.push(file.strip_prefix(root()).unwrap_or(&file).display().to_string());
        }
    }
    assert!(
        offenders.is_empty(),
        "only lsp/mod.rs calls handlers; lsp's lower modules know none:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn only_the_language_server_knows_protocol_types_and_cli_and_lsp_stay_apart() {
    let mut offenders = Vec::new();
    for dir in ["core/src", "server/src", "viewer/src"] {
        for file in rust_files(&root().join(dir)) {
            let rel = file.strip_prefix(root()).unwrap_or(&file).display().to_string();
            let text = fs::read_to_string(&file).unwrap_or_default();
            let in_lsp = rel.starts_with("server/src/lsp/");
            if !in_lsp && (text.contains("tower_lsp_server") || text.contains("ls_types")) {
                offenders.push(format!("{rel}: protocol types outside server/src/lsp"));
            }
            if in_lsp && text.contains("crate::cli") {
                offenders.push(format!("{rel}: the language server imports the CLI"));
            }
            if rel.starts_with("server/src/cli/") && text.contains("crate::lsp") {
                offenders.push(format!("{rel}: the CLI imports the language server"));
            }
        }
    }
    assert!(offenders.is_empty(), "{}", offenders.join("\n"));
}

#[test]
fn cli_subcommands_never_import_each_other() {
    // The subcommands are the modules `cli::run` dispatches to (`check::run(..)`).
    let cli = root().join("server/src/cli");
    let dispatch = fs::read_to_string(cli.join("mod.rs")).unwrap_or_default();
    let subcommands: Vec<String> = module_names(&cli)
        .into_iter()
        .filter(|m| dispatch.contains(&format!("=> {m}::run(")))
        .collect();
    assert!(subcommands.len() >= 5, "subcommands found: {subcommands:?}");
    let mut offenders = Vec::new();
    for sub in &subcommands {
        let text = fs::read_to_string(cli.join(format!("{sub}.rs"))).unwrap_or_default();
        let code = code_outside_tests(&text);
        for (at, _) in code.match_indices("super::") {
            for name in names_after(code, at + "super::".len()) {
                if &name != sub && subcommands.contains(&name) {
                    offenders.push(format!("server/src/cli/{sub}.rs: {name}"));
                }
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "a subcommand imports the shared modules of cli/, never another subcommand:\n{}",
        offenders.join("\n")
    );
}

/// The deduction engine's parts (`core/src/solve`), from the ground up, as
/// `core/src/solve/mod.rs` and `ARCHITECTURE.md` list them. A file of one part may
/// import only parts of an earlier entry; the ground's parts import none of the
/// engine, and no part imports `solve/mod.rs` (the surface other crates use).
const SOLVE_PARTS: [&[&str]; 9] = [
    &["budget", "key_map", "puzzle"],
    &["reason"],
    &["rules"],
    &["report"],
    &["deduce"],
    &["explain"],
    &["difficulty"],
    &["run"],
    &["uses"],
];

/// Files of `core/src/solve` that only tests compile, which may import any part.
const SOLVE_TEST_SUPPORT: [&str; 1] = ["fixture_rounds"];

/// The first identifier of `text`, or each first identifier of a `{a, b::c}` group.
fn first_names(text: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let Some(group) = text.strip_prefix('{') else {
        return vec![ident(text)];
    };
    let mut names = Vec::new();
    let (mut depth, mut item_start) = (0, true);
    for (k, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => item_start = true,
            c if item_start && !c.is_whitespace() => {
                names.push(ident(&group[k..]));
                item_start = false;
            }
            _ => {}
        }
    }
    names
}

/// The modules of `core/src/solve` (as paths below it) that `code`, the code of the
/// module at `at` (outside its tests and comments), names: `crate::solve::...`
/// paths, and `super::` paths resolved from `at`.
fn solve_modules_named(code: &str, at: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
        for (k, _) in line.match_indices("crate::solve::") {
            for name in first_names(&line[k + "crate::solve::".len()..]) {
                out.push(vec![name]);
            }
        }
        let mut rest = line;
        while let Some(k) = rest.find("super::") {
            let before = &rest[..k];
            let mut tail = &rest[k..];
            let mut n_up = 0;
            while let Some(t) = tail.strip_prefix("super::") {
                n_up += 1;
                tail = t;
            }
            if !before.ends_with("::") && n_up <= at.len() {
                let base = &at[..at.len() - n_up];
                for name in first_names(tail) {
                    let mut path = base.to_vec();
                    path.push(name);
                    out.push(path);
                }
            }
            rest = tail;
        }
    }
    out
}

#[test]
fn each_part_of_the_engine_imports_only_the_parts_below_it() {
    let solve = root().join("core/src/solve");
    let rank = |part: &str| SOLVE_PARTS.iter().position(|tier| tier.contains(&part));
    let mut offenders = Vec::new();
    let mut n_files = 0;
    for file in rust_files(&solve) {
        let rel = file.strip_prefix(&solve).unwrap_or(&file);
        let mut at: Vec<String> = rel
            .with_extension("")
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if at.last().is_some_and(|last| last == "mod") {
            at.pop();
        }
        let Some(part) = at.first().cloned() else {
            // solve/mod.rs, the top, may import every part.
            continue;
        };
        if SOLVE_TEST_SUPPORT.contains(&part.as_str()) || at.last().is_some_and(|m| m == "tests") {
            continue;
        }
        let Some(own) = rank(&part) else {
            offenders.push(format!("{}: not a part listed in SOLVE_PARTS", rel.display()));
            continue;
        };
        n_files += 1;
        let text = fs::read_to_string(&file).unwrap_or_default();
        let code = text.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
        for path in solve_modules_named(code, &at) {
            let named = &path[0];
            if *named == part || named == "self" {
                continue;
            }
            match rank(named) {
                Some(r) if r < own => {}
                Some(_) => offenders.push(format!(
                    "{}: imports {named}, which is not below it",
                    rel.display()
                )),
                None => offenders.push(format!(
                    "{}: names `{named}` through solve/mod.rs; import it from the part that defines it",
                    rel.display()
                )),
            }
        }
    }
    assert!(n_files > 40, "only {n_files} files of the engine read");
    offenders.sort();
    offenders.dedup();
    assert!(
        offenders.is_empty(),
        "the engine's parts import only the parts below them (see core/src/solve/mod.rs):\n{}",
        offenders.join("\n")
    );
}

#[test]
fn only_the_corpus_crate_knows_where_the_corpus_is() {
    let mut offenders = Vec::new();
    for dir in ["core", "files", "server", "viewer", "tests"] {
        for file in rust_files(&root().join(dir)) {
            if file.starts_with(root().join("tests/corpus")) || file.ends_with("tidy.rs") {
                continue;
            }
            let text = fs::read_to_string(&file).unwrap_or_default();
            if text.contains("\"HEXCELLS_CORPUS\"") || text.contains("shared/corpus\"") {
                offenders.push(file.strip_prefix(root()).unwrap_or(&file).display().to_string());
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "tests and benches find and walk the shared corpus through hexcells-corpus (tests/corpus):\n{}",
        offenders.join("\n")
    );
}

/// The viewer's parts and the parts each may import (`crate::...`), from the bottom:
/// see "The viewer" in `ARCHITECTURE.md`. A part imports itself freely.
const VIEWER_PARTS: &[(&str, &[&str])] = &[
    ("render", &[]),
    ("keys", &[]),
    ("clipboard.rs", &[]),
    ("watch.rs", &[]),
    ("cli.rs", &[]),
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
