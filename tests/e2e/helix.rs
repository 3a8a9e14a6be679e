//! `hexcells setup helix` on a fresh HOME, as a new author runs it: Helix itself is
//! not installed here, so the test checks what the setup writes and builds. The
//! `languages.toml` it writes (under `$XDG_CONFIG_HOME/helix`, else
//! `~/.config/helix`) names the built `hexcells` as the server and the grammar's
//! folder as its source; the parser it builds with the C compiler is loaded with
//! the tree-sitter library (libloading, as Helix loads grammars) and parses one of
//! our levels without an error; the copied queries compile against it. `--dry-run`
//! writes nothing; a second run changes nothing; a user's own `languages.toml` keeps
//! its text, and one that already configures hexcells, or is broken, is left alone.
//!
//! The runs name the repository's `editors/` with `--editors`, so they hold wherever
//! the target folder is (`CARGO_TARGET_DIR` outside the repository included); one run
//! without it, of a copy of the binary with nothing beside it, finds the repository
//! the binary was built from.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use hexcells_e2e::{bin, levels_dir, repo_root, skip, temp_dir};

/// Runs `hexcells setup helix ARGS` with `home` as HOME (and `xdg` as
/// XDG_CONFIG_HOME when given), and the repository's `editors` folder unless ARGS
/// name one.
fn setup(home: &Path, xdg: Option<&Path>, args: &[&str]) -> Output {
    let mut command = Command::new(bin("hexcells"));
    command.args(["setup", "helix"]).args(args);
    if !args.contains(&"--editors") {
        command.arg("--editors").arg(repo_root().join("editors"));
    }
    command.env("HOME", home).env_remove("XDG_CONFIG_HOME");
    if let Some(xdg) = xdg {
        command.env("XDG_CONFIG_HOME", xdg);
    }
    command.output().expect("run hexcells setup helix")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Every file under `dir`, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                out.extend(files(&path));
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// Whether a C compiler is here (the setup needs one); reported skipped when not.
fn have_compiler() -> bool {
    let found = std::env::var_os("CC").is_some()
        || ["cc", "gcc", "clang"]
            .iter()
            .any(|cc| hexcells_e2e::xvfb::on_path(cc));
    if !found {
        skip("no C compiler: `hexcells setup helix` cannot build the grammar here");
    }
    found
}

#[test]
fn setup_on_a_fresh_home_writes_the_entries_builds_a_parser_that_loads_and_copies_the_queries() {
    if !have_compiler() {
        return;
    }
    let home = temp_dir();
    let config = home.path().join(".config").join("helix");

    // A dry run says what it would do and writes nothing.
    let dry = setup(home.path(), None, &["--dry-run"]);
    assert!(dry.status.success(), "{}", text(&dry.stderr));
    let said = text(&dry.stdout);
    assert!(
        said.contains(&format!(
            "would write {} (a new file)",
            config.join("languages.toml").display()
        )),
        "{said}"
    );
    assert!(
        said.contains("would build ") && said.contains("would copy "),
        "{said}"
    );
    assert!(
        files(home.path()).is_empty(),
        "a dry run wrote {:?}",
        files(home.path())
    );

    let run = setup(home.path(), None, &[]);
    assert!(run.status.success(), "{}{}", text(&run.stdout), text(&run.stderr));

    // languages.toml: the language, its server (this hexcells) and the grammar's folder.
    let written = std::fs::read_to_string(config.join("languages.toml")).expect("languages.toml");
    let table: toml::Table = written.parse().expect("languages.toml is valid TOML");
    let language = &table["language"][0];
    assert_eq!(language["name"].as_str(), Some("hexcells"));
    assert_eq!(language["grammar"].as_str(), Some("hexcells"));
    let server = table["language-server"]["hexcells"]["command"]
        .as_str()
        .expect("a command");
    assert_eq!(
        std::fs::canonicalize(server).expect("the server exists"),
        std::fs::canonicalize(bin("hexcells")).expect("hexcells")
    );
    let grammar = &table["grammar"][0];
    assert_eq!(grammar["name"].as_str(), Some("hexcells"));
    let source = PathBuf::from(grammar["source"]["path"].as_str().expect("a path"));
    assert!(source.is_absolute(), "{}", source.display());
    assert_eq!(
        std::fs::canonicalize(&source).expect("the grammar's folder"),
        std::fs::canonicalize(repo_root().join("editors/tree-sitter-hexcells")).expect("editors")
    );

    // The parser loads as Helix loads it, and reads a level without an error.
    let parser_path = config.join("runtime/grammars/hexcells.so");
    let level = std::fs::read_to_string(levels_dir().join("first-steps.hexcells")).expect("read a level");
    let query = std::fs::read_to_string(config.join("runtime/queries/hexcells/highlights.scm"))
        .expect("the highlight query is copied");
    assert_eq!(
        query,
        std::fs::read_to_string(repo_root().join("editors/helix/runtime/queries/hexcells/highlights.scm"))
            .expect("read")
    );
    // SAFETY: the library is the parser the setup built from our C sources; its
    // `tree_sitter_hexcells` takes nothing and returns its static TSLanguage. The
    // library outlives every use of the language (it is dropped at the end).
    let library = unsafe { libloading::Library::new(&parser_path) }.expect("the parser loads");
    let function: libloading::Symbol<unsafe extern "C" fn() -> *const ()> =
        unsafe { library.get(b"tree_sitter_hexcells") }.expect("it exports tree_sitter_hexcells");
    let language =
        tree_sitter::Language::new(unsafe { tree_sitter_language::LanguageFn::from_raw(*function) });
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&language)
        .expect("the parser's ABI suits tree-sitter");
    let tree = parser.parse(&level, None).expect("a tree");
    let root = tree.root_node();
    assert_eq!(root.kind(), "source_file");
    assert!(!root.has_error(), "{}", root.to_sexp());
    assert!(root.to_sexp().contains("(blue_cell"), "{}", root.to_sexp());
    let broken = level.replacen("..", "Q.", 1);
    assert!(parser
        .parse(&broken, None)
        .expect("a tree")
        .root_node()
        .has_error());
    // The queries compile against the parser and capture the cells.
    let query = tree_sitter::Query::new(&language, &query).expect("the highlight query compiles");
    assert!(
        query.capture_names().contains(&"function"),
        "{:?}",
        query.capture_names()
    );
    drop(parser);
    drop(tree);

    // Again: nothing changes.
    let again = setup(home.path(), None, &[]);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert!(text(&again.stdout).contains("kept "), "{}", text(&again.stdout));
    assert_eq!(
        std::fs::read_to_string(config.join("languages.toml")).expect("read"),
        written
    );
    drop(library);
}

#[test]
fn setup_follows_xdg_config_home_and_keeps_or_refuses_a_user_s_languages_toml() {
    if !have_compiler() {
        return;
    }
    let home = temp_dir();
    let xdg = home.path().join("xdg");
    let config = xdg.join("helix");
    std::fs::create_dir_all(&config).expect("mkdir");
    let languages = config.join("languages.toml");

    // A user's file keeps its text, byte for byte, and gets the entries at its end.
    let mine = "# my Helix languages\n[[language]]\nname = \"rust\"\nauto-format = false\n";
    std::fs::write(&languages, mine).expect("write");
    let run = setup(home.path(), Some(&xdg), &[]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let merged = std::fs::read_to_string(&languages).expect("read");
    assert!(merged.starts_with(mine), "{merged}");
    let table: toml::Table = merged.parse().expect("valid TOML");
    let names: Vec<&str> = table["language"]
        .as_array()
        .expect("languages")
        .iter()
        .filter_map(|l| l["name"].as_str())
        .collect();
    assert_eq!(names, ["rust", "hexcells"]);
    assert!(config.join("runtime/grammars/hexcells.so").is_file());
    assert!(
        !home.path().join(".config").exists(),
        "XDG_CONFIG_HOME is followed"
    );

    // A file that configures hexcells itself is left alone, with the reason.
    let own = "[language-server.hexcells]\ncommand = \"/usr/local/bin/hexcells\"\n";
    std::fs::write(&languages, own).expect("write");
    let refused = setup(home.path(), Some(&xdg), &[]);
    assert_eq!(refused.status.code(), Some(2));
    let stderr = text(&refused.stderr);
    assert!(
        stderr.contains("is left as it is") && stderr.contains("already has a [language-server.hexcells]"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&languages).expect("read"), own);

    // And so is one that is not valid TOML.
    let broken = "[[language]\nname =\n";
    std::fs::write(&languages, broken).expect("write");
    let refused = setup(home.path(), Some(&xdg), &["--dry-run"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("not valid TOML"),
        "{}",
        text(&refused.stderr)
    );
    assert_eq!(std::fs::read_to_string(&languages).expect("read"), broken);

    // An `--editors` folder without the sources is named in the error.
    let wrong = setup(
        home.path(),
        Some(&xdg),
        &["--editors", &home.path().to_string_lossy()],
    );
    assert_eq!(wrong.status.code(), Some(2));
    assert!(
        text(&wrong.stderr).contains("holds no tree-sitter-hexcells/src/parser.c"),
        "{}",
        text(&wrong.stderr)
    );
}

#[cfg(unix)]
#[test]
fn without_editors_a_binary_with_nothing_beside_it_finds_the_repository_it_was_built_from() {
    // A copy of the binary alone in a folder, as `cargo install --path server` leaves
    // it: neither `editors/` beside it nor two folders up.
    let home = temp_dir();
    let installed = home.path().join("cargo/bin");
    std::fs::create_dir_all(&installed).expect("mkdir");
    let copy = installed.join("hexcells");
    // Copied by `cp`, not by this process: a child that another test's thread forks
    // while this process holds the copy open for writing inherits that handle, and
    // running the copy then fails with "Text file busy" until that child has exec'd.
    let copied = Command::new("cp")
        .arg(bin("hexcells"))
        .arg(&copy)
        .status()
        .expect("run cp");
    assert!(copied.success(), "cp hexcells");
    let run = Command::new(&copy)
        .args(["setup", "helix", "--dry-run"])
        .env("HOME", home.path())
        .env_remove("XDG_CONFIG_HOME")
        .output()
        .expect("run the copy");
    assert!(run.status.success(), "{}", text(&run.stderr));
    let said = text(&run.stdout);
    // The entries name the copy as the server and the repository's grammar.
    let grammar = std::fs::canonicalize(repo_root().join("editors/tree-sitter-hexcells")).expect("editors");
    let quoted = |path: &Path| toml::Value::String(path.to_string_lossy().into_owned()).to_string();
    assert!(
        said.contains(&format!("source = {{ path = {} }}", quoted(&grammar))),
        "{said}"
    );
    let server = std::fs::canonicalize(&copy).expect("the copy");
    assert!(said.contains(&format!("command = {}", quoted(&server))), "{said}");
    assert_eq!(files(home.path()), [copy], "a dry run writes nothing");
}
