//! Project conventions checked on every test run (in the spirit of rust-analyzer's
//! tidy): module docs on every file, one name per public type and per file of a crate,
//! the maps of `ARCHITECTURE.md` (every folder and source file, and every import order
//! they state), and its invariants (core does no I/O and knows no protocol, stdout is
//! the wire, the binaries write files only through `files/`, the engine's parts stack
//! without an import up, one crate knows where the corpus is).

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

// One atomic write (ARCHITECTURE.md's invariants): every file the CLI and the viewer
// write goes through `hexcells_files`, so a reader never sees half of one.

/// The calls that put bytes into a file directly, which the binaries' code outside
/// `files/` leaves to `hexcells_files`.
const DIRECT_WRITES: [&str; 7] = [
    "fs::write",
    "File::create",
    "File::options",
    "OpenOptions",
    "fs::copy",
    "fs::rename",
    "save_png",
];

/// The direct writes that stay, each as (file, call, reason).
const DIRECT_WRITES_ALLOWED: &[(&str, &str, &str)] = &[(
    "server/src/cli/setup.rs",
    "fs::rename",
    "the C compiler writes Helix's parser (a file of its own making, not bytes of ours) \
     beside its place; the rename puts it there whole",
)];

/// The direct writes of `text` (a Rust source) outside its comments and the items
/// compiled for tests only (`#[cfg(test)] mod tests`), each once.
fn direct_writes(text: &str) -> Vec<&'static str> {
    let code: String = top_level_items(&without_comments(text))
        .into_iter()
        .filter(|item| {
            let attributes = &item[..item.len() - item_head(item).len()];
            !attributes.contains("#[cfg(test)]")
        })
        .collect::<Vec<_>>()
        .join("\n");
    DIRECT_WRITES
        .into_iter()
        .filter(|call| code.contains(call))
        .collect()
}

#[test]
fn the_binaries_write_files_only_through_the_files_crate() {
    // The scan itself: it sees a write in code, and none in a comment or in tests.
    let sample = "//! fs::write(doc)\nfn save() { std::fs::write(p, b) }\n\
                  #[cfg(test)]\nmod tests {\n    fn t() { File::create(p); }\n}\n";
    assert_eq!(direct_writes(sample), ["fs::write"]);
    let files_crate = fs::read_to_string(root().join("files/src/lib.rs")).expect("files/src/lib.rs");
    assert!(
        direct_writes(&files_crate).contains(&"OpenOptions"),
        "the scan misses the files crate's own write"
    );

    let mut offenders = Vec::new();
    let mut allowed_seen = Vec::new();
    let mut n_files = 0;
    for dir in ["server/src", "viewer/src"] {
        for file in rust_files(&root().join(dir)) {
            let rel = file.strip_prefix(root()).unwrap_or(&file).display().to_string();
            if rel.ends_with("/tests.rs") || rel.contains("/tests/") {
                continue; // test-only code writes its fixtures as it likes
            }
            n_files += 1;
            let text = fs::read_to_string(&file).unwrap_or_default();
            for call in direct_writes(&text) {
                match DIRECT_WRITES_ALLOWED
                    .iter()
                    .find(|(path, allowed, _)| *path == rel && *allowed == call)
                {
                    Some(entry) => allowed_seen.push(entry.0.to_string() + " " + entry.1),
                    None => offenders.push(format!("{rel}: {call}")),
                }
            }
        }
    }
    assert!(n_files > 100, "only {n_files} files of the binaries read");
    let stale: Vec<String> = DIRECT_WRITES_ALLOWED
        .iter()
        .map(|(path, call, _)| format!("{path} {call}"))
        .filter(|entry| !allowed_seen.contains(entry))
        .collect();
    assert!(
        stale.is_empty(),
        "DIRECT_WRITES_ALLOWED names writes that are gone (take them out): {stale:?}"
    );
    assert!(
        offenders.is_empty(),
        "the CLI and the viewer write files through hexcells_files (write_atomically, or \
         write_new_atomically where nothing may be replaced), so a reader never sees half a \
         file; a write that must stay goes in DIRECT_WRITES_ALLOWED with its reason:\n{}",
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
    // `lsp/router.rs` holds the routing table and `capabilities`; every other module
    // of lsp/ sits below it (`start.rs`, beside it, only starts the server).
    let mut offenders = Vec::new();
    for file in rust_files(&root().join("server/src/lsp")) {
        if file == root().join("server/src/lsp/router.rs") {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap_or_default();
        let code = code_outside_tests(&text);
        let lower_module_file = file.parent() == Some(root().join("server/src/lsp").as_path());
        let calls_handlers =
            code.contains("crate::lsp::handlers") || (lower_module_file && code.contains("handlers::"));
        if calls_handlers || code.contains("router::") {
            offenders.push(file.strip_prefix(root()).unwrap_or(&file).display().to_string());
        }
    }
    assert!(
        offenders.is_empty(),
        "only lsp/router.rs calls handlers; lsp's lower modules know none:\n{}",
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
    // The subcommands are the modules `cli::run` dispatches to (`check::run(..)`), in
    // `cli/dispatch.rs`.
    let cli = root().join("server/src/cli");
    let dispatch = fs::read_to_string(cli.join("dispatch.rs")).unwrap_or_default();
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
const SOLVE_PARTS: [&[&str]; 11] = [
    &["budget", "key_map", "puzzle"],
    &["reason"],
    &["rules"],
    &["report"],
    &["deduce"],
    &["explain"],
    &["difficulty"],
    &["proofs"],
    &["run"],
    &["memo"],
    &["advice"],
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
    let mut files: Vec<PathBuf> = ["core", "files", "server", "viewer", "tests"]
        .iter()
        .flat_map(|dir| rust_files(&root().join(dir)))
        .collect();
    // The browser tests' scripts too: run.sh hands them the folder the corpus crate found.
    for dir in ["tests/web", "tests/vscode"] {
        let entries = fs::read_dir(root().join(dir)).into_iter().flatten().flatten();
        files.extend(
            entries
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "js")),
        );
    }
    let names = [
        "\"HEXCELLS_CORPUS\"",
        "env.HEXCELLS_CORPUS",
        "shared/corpus\"",
        "'shared', 'corpus'",
    ];
    for file in files {
        if file.starts_with(root().join("tests/corpus")) || file.ends_with("tidy.rs") {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap_or_default();
        if names.iter().any(|n| text.contains(n)) {
            offenders.push(file.strip_prefix(root()).unwrap_or(&file).display().to_string());
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
    ("page_policy.rs", &[]),
    ("player", &["keys", "render", "clipboard"]),
    ("editor", &["keys", "render", "clipboard"]),
    (
        "controller",
        &["player", "editor", "keys", "render", "clipboard", "watch"],
    ),
    ("app.rs", &["controller", "player", "editor", "keys"]),
    // `--serve`: the controller's other front, beside the window (neither imports the other).
    (
        "serve",
        &["controller", "player", "editor", "keys", "render", "page_policy"],
    ),
    // `--html`: a page that plays without the viewer, from the player's scene.
    ("publish", &["player", "keys", "render", "page_policy"]),
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

/// The workspace's own code, a root per crate: each crate's library and binary
/// sources (its tests and benches are crates of their own, named after what they
/// test or measure, and are left out).
const CRATE_SOURCES: [&str; 6] = [
    "core/src",
    "server/src",
    "viewer/src",
    "tests/corpus/src",
    "tests/e2e/support",
    "editors/tree-sitter-hexcells/bindings/rust",
];

/// Type names defined more than once on purpose, each with its reason. A re-export
/// (`pub use`) is no second definition and needs no entry. Empty: every public type
/// of the workspace has a name of its own.
const SHARED_TYPE_NAMES: &[&str] = &[];

/// File names that several files of one crate may carry: a folder's module and a
/// module's tests, which the folder around them names.
const SHARED_FILE_NAMES: &[&str] = &["mod.rs", "tests.rs", "lib.rs"];

/// The files of one crate's sources: below its root, or the root itself for a crate
/// of loose files (the tree-sitter binding, whose tests folder is a crate of its own).
fn crate_files(root_dir: &Path) -> Vec<PathBuf> {
    rust_files(root_dir)
        .into_iter()
        .filter(|f| {
            !f.strip_prefix(root_dir)
                .is_ok_and(|rel| rel.starts_with("tests") || rel.starts_with("benches"))
        })
        .collect()
}

/// The `pub` and `pub(crate)` types (`struct`, `enum`, `type`, `trait`) a source
/// defines, with their line numbers.
fn public_types(text: &str) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let Some(rest) = line
            .trim_start()
            .strip_prefix("pub(crate) ")
            .or_else(|| line.trim_start().strip_prefix("pub "))
        else {
            continue;
        };
        for keyword in ["struct ", "enum ", "type ", "trait "] {
            if let Some(after) = rest.strip_prefix(keyword) {
                let name: String = after
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.push((name, k + 1));
                }
            }
        }
    }
    out
}

#[test]
fn no_two_public_types_of_the_workspace_share_a_name() {
    let mut defined: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    let mut n_files = 0;
    for dir in CRATE_SOURCES {
        for file in crate_files(&root().join(dir)) {
            n_files += 1;
            let text = fs::read_to_string(&file).unwrap_or_default();
            let rel = file.strip_prefix(root()).unwrap_or(&file).display().to_string();
            for (name, line) in public_types(&text) {
                defined.entry(name).or_default().push(format!("{rel}:{line}"));
            }
        }
    }
    assert!(n_files > 100, "only {n_files} source files read");
    assert!(defined.len() > 100, "only {} public types found", defined.len());
    let offenders: Vec<String> = defined
        .iter()
        .filter(|(name, at)| at.len() > 1 && !SHARED_TYPE_NAMES.contains(&name.as_str()))
        .map(|(name, at)| format!("{name}: {}", at.join(", ")))
        .collect();
    assert!(
        offenders.is_empty(),
        "one name per concept: rename one of each pair after what it holds, or list the name \
         in SHARED_TYPE_NAMES with the reason:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn no_two_files_of_one_crate_share_a_name() {
    let mut offenders = Vec::new();
    for dir in CRATE_SOURCES {
        let mut seen: std::collections::BTreeMap<String, Vec<String>> = Default::default();
        for file in crate_files(&root().join(dir)) {
            let name = file
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let rel = file.strip_prefix(root()).unwrap_or(&file).display().to_string();
            seen.entry(name).or_default().push(rel);
        }
        assert!(!seen.is_empty(), "{dir} holds no Rust file: update CRATE_SOURCES");
        for (name, files) in seen {
            if files.len() > 1 && !SHARED_FILE_NAMES.contains(&name.as_str()) {
                offenders.push(files.join(", "));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "files of one crate with one name (a name says what is inside; rename one):\n{}",
        offenders.join("\n")
    );
}

// The map (ARCHITECTURE.md): a tree per crate of every folder and source file, a line
// each, every folder's entries listed in import order from its front door down.

/// The crates ARCHITECTURE.md maps, by the first line of their tree.
const MAPPED_CRATES: [&str; 3] = ["core/src/", "server/src/", "viewer/src/"];

/// One line of a map: a file or folder (its path from the repository root, a folder's
/// ending in `/`), what the line says it holds, and its entries in the map's order.
#[derive(Debug)]
struct MapEntry {
    path: String,
    says: String,
    children: Vec<String>,
}

/// The maps of ARCHITECTURE.md: every fenced block whose first line is a mapped crate's
/// `src/` or a folder in it (a map of that folder alone). An entry line is indented two spaces a level, a name ending in `.rs` or `/`
/// and what it holds; a line indented further than an entry could be continues the
/// description above it.
fn architecture_map() -> Vec<MapEntry> {
    let text = fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let mut entries: Vec<MapEntry> = Vec::new();
    // Inside a fenced block, and inside one that is not a map.
    let (mut in_block, mut other_block) = (false, false);
    // The open folders above the current line: (entry index, depth).
    let mut open: Vec<(usize, usize)> = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            other_block = false;
            open.clear();
            continue;
        }
        if !in_block || other_block || line.trim().is_empty() {
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let (name, says) = line
            .trim_start()
            .split_once(char::is_whitespace)
            .unwrap_or((line.trim(), ""));
        let is_name = (name.ends_with(".rs") || name.ends_with('/'))
            && name
                .trim_end_matches(".rs")
                .trim_end_matches('/')
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '/');
        if open.is_empty() {
            let in_crate = MAPPED_CRATES.iter().any(|k| name.starts_with(k));
            if indent == 0 && in_crate && name.ends_with('/') {
                entries.push(MapEntry {
                    path: name.to_string(),
                    says: says.trim().to_string(),
                    children: Vec::new(),
                });
                open.push((entries.len() - 1, 0));
            } else {
                other_block = true;
            }
            continue;
        }
        let depth = indent / 2;
        let deepest = open.last().map_or(0, |&(_, d)| d) + 1;
        if is_name && indent % 2 == 0 && (1..=deepest).contains(&depth) {
            while open.last().is_some_and(|&(_, d)| d >= depth) {
                open.pop();
            }
            let Some(&(parent, _)) = open.last() else { continue };
            let path = format!("{}{name}", entries[parent].path);
            entries[parent].children.push(path.clone());
            entries.push(MapEntry {
                path,
                says: says.trim().to_string(),
                children: Vec::new(),
            });
            if name.ends_with('/') {
                open.push((entries.len() - 1, depth));
            }
        } else if let Some(last) = entries.last_mut() {
            last.says.push(' ');
            last.says.push_str(line.trim());
        }
    }
    entries
}

/// Every folder (ending in `/`) and Rust source file of a mapped crate, as paths from
/// the repository root.
fn mapped_crate_tree() -> Vec<String> {
    let mut out = Vec::new();
    for krate in MAPPED_CRATES {
        out.push(krate.to_string());
        for file in rust_files(&root().join(krate)) {
            let rel = file.strip_prefix(root()).unwrap_or(&file).display().to_string();
            let mut dir = Path::new(&rel).parent();
            while let Some(d) =
                dir.filter(|d| d.starts_with(krate) && *d != Path::new(krate.trim_end_matches('/')))
            {
                out.push(format!("{}/", d.display()));
                dir = d.parent();
            }
            out.push(rel);
        }
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn architecture_md_names_every_folder_and_source_file() {
    let map = architecture_map();
    let tree = mapped_crate_tree();
    assert!(tree.len() > 150, "only {} files and folders found", tree.len());
    let mapped: Vec<&str> = map.iter().map(|e| e.path.as_str()).collect();
    let missing: Vec<&String> = tree.iter().filter(|p| !mapped.contains(&p.as_str())).collect();
    let stale: Vec<&str> = mapped
        .iter()
        .copied()
        .filter(|p| !tree.iter().any(|t| t == p))
        .collect();
    let mut twice = mapped.clone();
    twice.sort();
    let twice: Vec<&str> = twice.windows(2).filter(|w| w[0] == w[1]).map(|w| w[0]).collect();
    let silent: Vec<&str> = map
        .iter()
        .filter(|e| e.says.is_empty())
        .map(|e| e.path.as_str())
        .collect();
    assert!(
        missing.is_empty() && stale.is_empty() && twice.is_empty() && silent.is_empty(),
        "ARCHITECTURE.md's maps (a tree per crate, a line per folder and file) differ from the tree:\n\
         not in the map: {missing:?}\nin the map but not in the tree: {stale:?}\n\
         in the map twice: {twice:?}\nwithout a word on what it holds: {silent:?}"
    );
}

/// The module paths (from the crate root) that `code`, the code of the module at `at`,
/// names through `crate::` or `super::`, each as far as it is written (a `{a, b}` group
/// gives a path per first name).
fn module_paths_named(code: &str, at: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    // The code without its comment lines, whole: a `{ ... }` group may span lines.
    let code: Vec<&str> = code
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect();
    let code = code.join("\n");
    let starts = code
        .match_indices("crate::")
        .chain(code.match_indices("super::"))
        .map(|(k, _)| k)
        // A path's start, not a later part of one (`a::super::`, `pub(crate)`).
        .filter(|&k| !code[..k].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':'));
    for k in starts {
        let rest = &code[k..];
        let (mut base, mut tail) = if let Some(t) = rest.strip_prefix("crate::") {
            (Vec::new(), t)
        } else {
            let mut t = rest;
            let mut up = 0;
            while let Some(next) = t.strip_prefix("super::") {
                up += 1;
                t = next;
            }
            if up > at.len() {
                continue;
            }
            (at[..at.len() - up].to_vec(), t)
        };
        loop {
            if tail.starts_with('{') {
                for name in first_names(tail) {
                    let mut path = base.clone();
                    path.push(name);
                    out.push(path);
                }
                break;
            }
            let end = tail
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(tail.len());
            if end == 0 {
                break;
            }
            base.push(tail[..end].to_string());
            match tail[end..].strip_prefix("::") {
                Some(next) => tail = next,
                None => break,
            }
        }
        if !base.is_empty() {
            out.push(base);
        }
    }
    out
}

// Every folder reads top-down (ARCHITECTURE.md, "The maps"): its front door (`mod.rs`, or
// the crate's `lib.rs` / `main.rs`) comes first, declares the folder's files and
// re-exports its face; each entry below imports only the entries listed below it; and
// what a folder's files share lives in a file of its own, never in the front door.

/// The file that is a mapped folder's front door, if it has one: `mod.rs`, or for a
/// crate's `src/` its `lib.rs` (else `main.rs`). A folder that holds only the tests of
/// the module beside it (`game.rs` and `game/tests.rs`) has none.
fn front_door(folder: &str) -> Option<String> {
    let names: Vec<&str> = if MAPPED_CRATES.contains(&folder) {
        vec!["lib.rs", "main.rs"]
    } else {
        vec!["mod.rs"]
    };
    names
        .into_iter()
        .map(|n| format!("{folder}{n}"))
        .find(|p| root().join(p).is_file())
}

/// `text` without its comments (`//` to the end of the line; `/* */` blocks), keeping
/// string literals as they are.
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            if c == '\\' {
                if let Some(n) = chars.next() {
                    out.push(n);
                }
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        match (c, chars.peek()) {
            ('"', _) => {
                in_string = true;
                out.push(c);
            }
            ('/', Some('/')) => {
                for n in chars.by_ref() {
                    if n == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            ('/', Some('*')) => {
                chars.next();
                let mut last = ' ';
                for n in chars.by_ref() {
                    if last == '*' && n == '/' {
                        break;
                    }
                    last = n;
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// The top-level items of `code` (comments taken out), each as written: an item ends
/// at a `;` outside brackets or at the `}` that closes its block.
fn top_level_items(code: &str) -> Vec<String> {
    let mut items = Vec::new();
    let mut current = String::new();
    let mut depth = 0usize;
    // A block just closed at the top: the item ends there, or at a `;` right after it
    // (`use a::{b, c};`).
    let mut block_closed = false;
    for c in code.chars() {
        if block_closed && !c.is_whitespace() {
            block_closed = false;
            if c == ';' {
                current.push(c);
                items.push(std::mem::take(&mut current));
                continue;
            }
            items.push(std::mem::take(&mut current));
        }
        current.push(c);
        match c {
            '{' | '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            '}' => {
                depth = depth.saturating_sub(1);
                block_closed = depth == 0;
            }
            ';' if depth == 0 => items.push(std::mem::take(&mut current)),
            _ => {}
        }
    }
    if !current.trim().is_empty() {
        items.push(current);
    }
    items
        .into_iter()
        .map(|i| i.trim().to_string())
        .filter(|i| !i.is_empty())
        .collect()
}

/// An item without its attributes (`#[..]`, `#![..]`) and visibility (`pub`,
/// `pub(crate)`, ...).
fn item_head(item: &str) -> &str {
    let mut rest = item.trim_start();
    loop {
        if rest.starts_with("#[") || rest.starts_with("#![") {
            let mut depth = 0;
            let mut end = rest.len();
            for (k, c) in rest.char_indices() {
                match c {
                    '[' => depth += 1,
                    ']' => {
                        depth -= 1;
                        if depth == 0 {
                            end = k + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            rest = rest[end..].trim_start();
        } else if let Some(after) = rest.strip_prefix("pub") {
            let after = after.trim_start();
            rest = match after.strip_prefix('(') {
                Some(vis) => vis[vis.find(')').map_or(vis.len(), |k| k + 1)..].trim_start(),
                None => after,
            };
        } else {
            return rest;
        }
    }
}

#[test]
fn every_front_door_only_declares_and_re_exports() {
    let mut offenders = Vec::new();
    let mut doors = 0;
    for entry in architecture_map() {
        if !entry.path.ends_with('/') {
            continue;
        }
        let Some(door) = front_door(&entry.path) else {
            continue;
        };
        if door.ends_with("main.rs") {
            continue; // a binary's entry: the top of its crate, where `main` runs
        }
        doors += 1;
        let text = fs::read_to_string(root().join(&door)).unwrap_or_default();
        for item in top_level_items(&without_comments(&text)) {
            let head = item_head(&item);
            let declares = (head.starts_with("mod ") || head.starts_with("use ")) && head.ends_with(';');
            if !declares && !head.is_empty() {
                let first = head.lines().next().unwrap_or("");
                offenders.push(format!("{door}: {first}"));
            }
        }
    }
    assert!(doors > 20, "only {doors} front doors read");
    assert!(
        offenders.is_empty(),
        "a folder's front door declares its files and re-exports its face, nothing else; \
         move what runs into a file of its own (the folder's entry at the top, what its files \
         share at the bottom):\n{}",
        offenders.join("\n")
    );
}

#[test]
fn every_folder_lists_its_entries_in_import_order() {
    let map = architecture_map();
    let folders: Vec<&MapEntry> = map.iter().filter(|e| e.path.ends_with('/')).collect();
    assert!(folders.len() > 25, "only {} folders mapped", folders.len());
    let mut offenders = Vec::new();
    for folder in folders {
        if let Some(door) = front_door(&folder.path) {
            if folder.children.first() != Some(&door) {
                offenders.push(format!(
                    "{}: its front door, {door}, is not listed first",
                    folder.path
                ));
            }
        }
        let krate = MAPPED_CRATES
            .iter()
            .find(|k| folder.path.starts_with(*k))
            .expect("a mapped crate");
        let module_of = |path: &str| -> Vec<String> {
            let rel = path.strip_prefix(krate).unwrap_or(path);
            let mut at: Vec<String> = rel
                .trim_end_matches('/')
                .trim_end_matches(".rs")
                .split('/')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            if at.last().is_some_and(|l| l == "mod" || l == "lib" || l == "main") {
                at.pop();
            }
            at
        };
        let prefix = module_of(&folder.path);
        // Each entry's module name, in the map's order ("mod", "lib", "main" for the
        // folder's own files).
        let names: Vec<String> = folder
            .children
            .iter()
            .map(|c| {
                c.trim_end_matches('/')
                    .rsplit('/')
                    .next()
                    .unwrap_or("")
                    .trim_end_matches(".rs")
                    .to_string()
            })
            .collect();
        for (rank, child) in folder.children.iter().enumerate() {
            let files = if child.ends_with('/') {
                rust_files(&root().join(child))
            } else {
                vec![root().join(child)]
            };
            for file in files {
                let rel = file.strip_prefix(root()).unwrap_or(&file).display().to_string();
                if rel.ends_with("/tests.rs") || rel.contains("/tests/") {
                    continue; // test-only code may import anything of its crate
                }
                let text = fs::read_to_string(&file).unwrap_or_default();
                let code = text.split("#[cfg(test)]").next().unwrap_or("");
                for path in module_paths_named(code, &module_of(&rel)) {
                    let Some(named) = path.strip_prefix(prefix.as_slice()).and_then(|p| p.first()) else {
                        continue;
                    };
                    if let Some(at) = names.iter().position(|n| n == named) {
                        if at < rank {
                            offenders.push(format!(
                                "{rel} imports {named}, listed above {} in {}",
                                names[rank], folder.path
                            ));
                        }
                    }
                }
            }
        }
    }
    offenders.sort();
    offenders.dedup();
    assert!(
        offenders.is_empty(),
        "ARCHITECTURE.md lists every folder's entries in import order, from the front door \
         down: each imports only the entries listed below it:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn no_file_imports_an_item_through_the_front_door_of_its_own_folders() {
    // A file may name the modules of the folders it sits in (`super::engine`,
    // `crate::solve::report`), never an item their front door re-exports
    // (`super::Engine`, `crate::solve::Verdict`, `crate::TextRange`): inside a folder,
    // the front door is for the crates and folders outside it.
    let mut offenders = Vec::new();
    let mut n_files = 0;
    for krate in MAPPED_CRATES {
        let src = root().join(krate);
        for file in rust_files(&src) {
            let name = file
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let Some(dir) = file.parent() else { continue };
            let rel = file.strip_prefix(root()).unwrap_or(&file).display().to_string();
            let is_root = file.parent() == Some(src.as_path()) && (name == "main.rs" || name == "lib.rs");
            if is_root || rel.ends_with("/tests.rs") || rel.contains("/tests/") {
                continue; // the crate's own front door; test-only code
            }
            n_files += 1;
            // The folder whose module this file's `super` names.
            let own = if name == "mod.rs" { dir.parent() } else { Some(dir) };
            let Some(own) = own else { continue };
            let text = fs::read_to_string(&file).unwrap_or_default();
            let code = without_comments(text.split("#[cfg(test)]").next().unwrap_or(""));
            let mut check = |folder: &Path, names: Vec<String>| {
                let modules = module_names(folder);
                for n in names {
                    if n != "self" && n != "*" && !n.is_empty() && !modules.contains(&n) {
                        offenders.push(format!("{rel}: {n}"));
                    }
                }
            };
            let starts = code
                .match_indices("crate::")
                .chain(code.match_indices("super::"))
                .map(|(k, _)| k)
                .filter(|&k| {
                    !code[..k].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':')
                });
            for k in starts {
                let (mut folder, mut at) = if code[k..].starts_with("crate::") {
                    (src.clone(), k + "crate::".len())
                } else {
                    let mut folder = own.to_path_buf();
                    let mut at = k + "super::".len();
                    while code[at..].starts_with("super::") {
                        folder = folder.parent().map(Path::to_path_buf).unwrap_or(folder);
                        at += "super::".len();
                    }
                    (folder, at)
                };
                // Follow the path down the folders this file sits in; the first name
                // past them must be a module.
                loop {
                    let names = names_after(&code, at);
                    let next = folder.join(names.first().map_or("", String::as_str));
                    let descends = names.len() == 1 && next.is_dir() && own.starts_with(&next);
                    if !descends {
                        if own.starts_with(&folder) {
                            check(&folder, names);
                        }
                        break;
                    }
                    folder = next;
                    at += names[0].len() + "::".len();
                }
            }
        }
    }
    assert!(n_files > 150, "only {n_files} files read");
    offenders.sort();
    offenders.dedup();
    assert!(
        offenders.is_empty(),
        "files that name an item through the front door of a folder they sit in (import it \
         from the file that defines it):\n{}",
        offenders.join("\n")
    );
}
