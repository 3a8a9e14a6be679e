//! The release archive as a user gets it: `scripts/dist --bin-dir` packages the
//! portable binaries, the kind the release carries, which `scripts/test` built before
//! (`HEXCELLS_PORTABLE_BIN_DIR`; without them, the ones this test run built, and the
//! test reports that part skipped), and the archive, unpacked into an empty folder,
//! must run from there: `hexcells --version` and `check` on one of our
//! levels, `hexcells-view --version` and rendering it, `hexcells setup helix` finding
//! the grammar beside itself, the completion scripts of both
//! loading in their shells and the man pages the same as `hexcells man` and
//! `hexcells-view --man` write. Then, as a new author with only the archive would, every
//! `$` line of README.md, read from the README itself, runs in one shell from a folder
//! holding only the archive, with a fresh `HOME` and nothing of this project on `PATH`:
//! each must exit 0 and print the lines the README shows; and every example of
//! docs/cli.md runs the same way in the unpacked `tests/levels/cli`.
//! `HEXCELLS_BLESS=1` rewrites the README's output from the run; review the diff. The
//! .vsix is tested in a real VS Code (tests/vscode).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use hexcells_e2e::examples::{examples, mask_all, rewrite, Example};
use hexcells_e2e::{bin, levels_dir, portable_bin_dir, repo_root, shells, skip, temp_dir};

/// Runs `scripts/dist` with `args`.
fn dist(args: &[&str]) -> Output {
    Command::new("bash")
        .arg(repo_root().join("scripts").join("dist"))
        .args(args)
        .output()
        .expect("run scripts/dist")
}

/// Runs `program` from the unpacked folder `dir`, with `home` as its home and nothing
/// of this project on PATH.
fn run_unpacked(dir: &Path, home: &Path, program: &str, args: &[&str]) -> Output {
    Command::new(dir.join(program))
        .args(args)
        .current_dir(dir)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .output()
        .unwrap_or_else(|e| panic!("run {program} from {}: {e}", dir.display()))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The names of the files in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn the_archive_unpacks_into_a_folder_whose_binaries_completions_and_man_pages_work() {
    let bin_dir = portable_bin_dir("the archive holds this run's development build, not the portable one")
        .unwrap_or_else(|| bin("hexcells").parent().expect("binary folder").to_path_buf());
    let out = temp_dir();
    let built = dist(&[
        "--bin-dir",
        &bin_dir.to_string_lossy(),
        "--out",
        &out.path().to_string_lossy(),
        "--no-vsix",
    ]);
    assert!(
        built.status.success(),
        "scripts/dist failed:\n{}",
        text(&built.stderr)
    );

    // One archive, named after the version and the target, and its checksum.
    let version = env!("CARGO_PKG_VERSION");
    let files = names(out.path());
    assert_eq!(files.len(), 2, "{files:?}");
    assert_eq!(files[0], "SHA256SUMS", "{files:?}");
    let archive = &files[1];
    let prefix = format!("hexcells-{version}-");
    assert!(
        archive.starts_with(&prefix) && archive.ends_with(".tar.gz"),
        "{archive}"
    );
    let sums = std::fs::read_to_string(out.path().join("SHA256SUMS")).expect("read SHA256SUMS");
    assert!(sums.ends_with(&format!("  {archive}\n")), "{sums}");
    if have("sha256sum") {
        let check = Command::new("sha256sum")
            .args(["-c", "SHA256SUMS"])
            .current_dir(out.path())
            .output()
            .expect("run sha256sum");
        assert!(check.status.success(), "{}", text(&check.stdout));
    }

    // Unpacked into an empty folder: one folder named like the archive.
    let unpacked = temp_dir();
    let tar = Command::new("tar")
        .arg("xzf")
        .arg(out.path().join(archive))
        .arg("-C")
        .arg(unpacked.path())
        .output()
        .expect("run tar");
    assert!(tar.status.success(), "{}", text(&tar.stderr));
    assert_eq!(names(unpacked.path()), [archive.trim_end_matches(".tar.gz")]);
    let dir: PathBuf = unpacked.path().join(archive.trim_end_matches(".tar.gz"));
    assert_eq!(
        names(&dir),
        [
            "LICENSE-APACHE",
            "LICENSE-MIT",
            "README.md",
            "completions",
            "docs",
            "editors",
            "hexcells",
            "hexcells-view",
            "man",
            "tests"
        ]
    );
    // The example levels, all of them, where the README and docs/cli.md name them.
    let levels = files_under(&levels_dir());
    assert!(levels.iter().any(|f| f.starts_with("cli/")), "{levels:?}");
    assert_eq!(files_under(&dir.join("tests/levels")), levels);
    for file in &levels {
        let packed = std::fs::read(dir.join("tests/levels").join(file)).expect("read a packed level");
        assert!(
            packed == std::fs::read(levels_dir().join(file)).expect("read"),
            "{file} differs"
        );
    }
    for (file, original) in [
        ("README.md", "README.md"),
        ("LICENSE-MIT", "LICENSE-MIT"),
        ("LICENSE-APACHE", "LICENSE-APACHE"),
        ("docs/cli.md", "docs/cli.md"),
        ("editors/nvim/lsp/hexcells.lua", "editors/nvim/lsp/hexcells.lua"),
        ("editors/helix/languages.toml", "editors/helix/languages.toml"),
        (
            "editors/tree-sitter-hexcells/src/parser.c",
            "editors/tree-sitter-hexcells/src/parser.c",
        ),
    ] {
        let packed = std::fs::read(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(
            packed == std::fs::read(repo_root().join(original)).expect("read"),
            "{file} differs"
        );
    }

    // The binaries run from there.
    let home = temp_dir();
    let home = home.path();
    let version_line = run_unpacked(&dir, home, "hexcells", &["--version"]);
    assert_eq!(text(&version_line.stdout), format!("hexcells {version}\n"));
    let level = levels_dir().join("first-steps.hexcells");
    let check = run_unpacked(&dir, home, "hexcells", &["check", &level.to_string_lossy()]);
    assert!(
        check.status.success(),
        "{}{}",
        text(&check.stdout),
        text(&check.stderr)
    );
    assert!(
        text(&check.stdout).contains(": solvable in "),
        "{}",
        text(&check.stdout)
    );
    let view_version = run_unpacked(&dir, home, "hexcells-view", &["--version"]);
    assert_eq!(text(&view_version.stdout), format!("hexcells-view {version}\n"));
    // And it renders the level without a window.
    let png = home.join("first-steps.png");
    let render = run_unpacked(
        &dir,
        home,
        "hexcells-view",
        &[
            "--png",
            &png.to_string_lossy(),
            "--size",
            "320x200",
            &level.to_string_lossy(),
        ],
    );
    assert!(render.status.success(), "{}", text(&render.stderr));
    let image = std::fs::read(&png).expect("read the render");
    assert!(image.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    for program in ["hexcells", "hexcells-view"] {
        let packed = std::fs::metadata(dir.join(program)).expect("packed binary").len();
        let built = std::fs::metadata(bin_dir.join(program))
            .expect("built binary")
            .len();
        if have("strip") {
            assert!(packed < built, "{program} was not stripped: {packed} bytes");
        }
    }

    // The completion scripts load in their shells.
    let mut problems = Vec::new();
    for (shell, file) in shells::SHELLS {
        problems.extend(shells::problems(shell, &dir.join("completions").join(file)));
    }
    for (shell, file) in shells::VIEWER_SHELLS {
        problems.extend(shells::viewer_problems(
            shell,
            &dir.join("completions").join(file),
        ));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert_eq!(names(&dir.join("completions")).len(), 6);

    // The man pages are what `hexcells man` writes: the main one and one per subcommand.
    let fresh = home.join("man1");
    let written = run_unpacked(&dir, home, "hexcells", &["man", &fresh.to_string_lossy()]);
    assert!(written.status.success(), "{}", text(&written.stderr));
    let viewer_page = run_unpacked(&dir, home, "hexcells-view", &["--man"]);
    assert!(viewer_page.status.success(), "{}", text(&viewer_page.stderr));
    std::fs::write(fresh.join("hexcells-view.1"), &viewer_page.stdout).expect("write the page");
    let pages = names(&dir.join("man").join("man1"));
    assert_eq!(pages, names(&fresh));
    assert!(pages.contains(&"hexcells-view.1".to_string()), "{pages:?}");
    assert!(pages.contains(&"hexcells.1".to_string()) && pages.contains(&"hexcells-check.1".to_string()));
    for page in &pages {
        let packed = std::fs::read(dir.join("man/man1").join(page)).expect("read a page");
        assert!(
            packed == std::fs::read(fresh.join(page)).expect("read"),
            "{page} differs"
        );
    }

    // `hexcells setup helix` finds the grammar's sources beside the unpacked binary
    // and sets Helix up on a fresh HOME (tests/e2e/helix.rs checks what it builds).
    if have("cc") {
        let helix_home = temp_dir();
        let setup = run_unpacked(&dir, helix_home.path(), "hexcells", &["setup", "helix"]);
        assert!(
            setup.status.success(),
            "{}{}",
            text(&setup.stdout),
            text(&setup.stderr)
        );
        let helix = helix_home.path().join("config").join("helix");
        let languages = std::fs::read_to_string(helix.join("languages.toml")).expect("languages.toml");
        let grammar = std::fs::canonicalize(dir.join("editors/tree-sitter-hexcells")).expect("grammar");
        assert!(
            languages.contains(&format!("path = \"{}\"", grammar.display())),
            "{languages}"
        );
        assert!(helix.join("runtime/grammars/hexcells.so").is_file());
        assert!(helix.join("runtime/queries/hexcells/highlights.scm").is_file());
    }

    // The README, followed from a folder holding only the archive.
    let readme_path = repo_root().join("README.md");
    let readme = std::fs::read_to_string(&readme_path).expect("read README.md");
    let walk = examples(&readme);
    assert!(walk.len() >= 6, "only {} `$` lines in README.md", walk.len());
    let empty = temp_dir();
    std::fs::copy(out.path().join(archive), empty.path().join(archive)).expect("copy the archive");
    // The README names the Linux x86-64 archive; elsewhere, this machine's.
    let stem = archive.trim_end_matches(".tar.gz");
    let readme_stem = format!("hexcells-{version}-x86_64-unknown-linux-gnu");
    let commands: Vec<String> = walk
        .iter()
        .map(|e| e.command.replace(&readme_stem, stem))
        .collect();
    let fresh_home = temp_dir();
    let printed = run_walk(empty.path(), fresh_home.path(), &commands);
    if std::env::var_os("HEXCELLS_BLESS").is_some() {
        let lines: Vec<Vec<String>> = printed.iter().map(|(_, lines)| lines.clone()).collect();
        std::fs::write(&readme_path, rewrite(&readme, &walk, &lines)).expect("write README.md");
        return;
    }
    let wrong = mismatches("README.md", &walk, &printed, true);
    assert!(
        wrong.is_empty(),
        "{}(run with HEXCELLS_BLESS=1 to rewrite the README's output, then review the diff)",
        wrong.join("\n")
    );

    // docs/cli.md's examples, in the unpacked tests/levels/cli, as that page says
    // (their statuses are the page's `$ echo $?` lines).
    let page = std::fs::read_to_string(repo_root().join("docs/cli.md")).expect("read docs/cli.md");
    let cli_examples = examples(&page);
    assert!(cli_examples.len() >= 20, "{}", cli_examples.len());
    let mut commands = vec![format!(
        "cd '{}/tests/levels/cli' && export PATH=\"{}:$PATH\"",
        dir.display(),
        dir.display()
    )];
    commands.extend(cli_examples.iter().map(|e| e.command.clone()));
    let printed = run_walk(&dir, home, &commands);
    assert_eq!(printed[0].0, 0, "{:?}", printed[0].1);
    let wrong = mismatches("docs/cli.md", &cli_examples, &printed[1..], false);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The files under `dir`, as paths relative to it with `/`, sorted.
fn files_under(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("entry").path();
        let name = path.file_name().expect("name").to_string_lossy().into_owned();
        if path.is_dir() {
            out.extend(files_under(&path).into_iter().map(|f| format!("{name}/{f}")));
        } else {
            out.push(name);
        }
    }
    out.sort();
    out
}

/// Runs `commands` one after the other in one bash, from `start`, with `home` as
/// its home and only the system's folders on PATH, so a `cd` or an `export` carries
/// to the next as in a terminal, and `$?` is the previous command's status. Returns
/// each command's status and its output (stdout and stderr together) as lines.
fn run_walk(start: &Path, home: &Path, commands: &[String]) -> Vec<(i32, Vec<String>)> {
    let results = temp_dir();
    let mut script = String::from("__status=0\n");
    for (i, command) in commands.iter().enumerate() {
        script.push_str(&format!(
            "( exit $__status ); {{ {command}\n}} >'{dir}/{i}.out' 2>&1 </dev/null; __status=$?; echo $__status >'{dir}/{i}.status'\n",
            dir = results.path().display()
        ));
    }
    let run = Command::new("bash")
        .args(["--norc", "--noprofile", "-c", &script])
        .current_dir(start)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", home)
        .output()
        .expect("run bash");
    assert!(run.status.success(), "{}", text(&run.stderr));
    (0..commands.len())
        .map(|i| {
            let read = |ext: &str| {
                std::fs::read_to_string(results.path().join(format!("{i}.{ext}")))
                    .unwrap_or_else(|e| panic!("`{}` did not run: {e}", commands[i]))
            };
            let status = read("status").trim().parse().expect("a status");
            (status, read("out").lines().map(str::to_string).collect())
        })
        .collect()
}

/// What differs between the `examples` of `page` and what they printed: the lines
/// shown, and, when `succeed`, the status (0, unless the next example is `echo $?`,
/// which shows it).
fn mismatches(
    page: &str,
    examples: &[Example],
    printed: &[(i32, Vec<String>)],
    succeed: bool,
) -> Vec<String> {
    let mut out = Vec::new();
    for (i, (example, (status, lines))) in examples.iter().zip(printed).enumerate() {
        let shows_status = examples.get(i + 1).is_some_and(|next| next.command == "echo $?");
        if succeed && *status != 0 && !shows_status {
            out.push(format!(
                "{page}:{}: $ {}\nexited {status}:\n{}\n",
                example.line_idx + 1,
                example.command,
                lines.join("\n")
            ));
        }
        if mask_all(lines) != mask_all(&example.shown) {
            out.push(format!(
                "{page}:{}: $ {}\n--- the page shows\n{}\n--- it prints\n{}\n",
                example.line_idx + 1,
                example.command,
                example.shown.join("\n"),
                lines.join("\n")
            ));
        }
    }
    out
}

#[test]
fn a_folder_without_the_binaries_is_refused_with_a_reason() {
    let empty = temp_dir();
    let run = dist(&[
        "--bin-dir",
        &empty.path().to_string_lossy(),
        "--out",
        &empty.path().to_string_lossy(),
    ]);
    assert_eq!(run.status.code(), Some(2));
    let stderr = text(&run.stderr);
    assert!(stderr.starts_with("scripts/dist: no hexcells in "), "{stderr}");
    assert_eq!(names(empty.path()), Vec::<String>::new(), "nothing is written");
}

#[test]
fn building_options_do_not_go_with_a_bin_dir() {
    let empty = temp_dir();
    for option in ["--debug", "--build-only"] {
        let run = dist(&[option, "--bin-dir", &empty.path().to_string_lossy()]);
        assert_eq!(run.status.code(), Some(2), "{option}");
        let stderr = text(&run.stderr);
        assert!(
            stderr.starts_with("scripts/dist: --bin-dir packages binaries built already"),
            "{option}: {stderr}"
        );
    }
}

#[test]
fn a_linux_release_is_not_built_without_cargo_zigbuild() {
    if !cfg!(all(target_os = "linux", target_env = "gnu")) {
        skip("not a Linux glibc machine: its release is built with plain cargo");
        return;
    }
    // A PATH with the shell tools scripts/dist uses and rustc, but no cargo-zigbuild.
    let tools = temp_dir();
    for tool in ["bash", "dirname", "sed", "mkdir", "rustc"] {
        let real = which(tool).unwrap_or_else(|| panic!("{tool} not found on PATH"));
        std::os::unix::fs::symlink(real, tools.path().join(tool)).expect("link a tool");
    }
    let out = temp_dir();
    let run = Command::new(tools.path().join("bash"))
        .arg(repo_root().join("scripts").join("dist"))
        .args(["--debug", "--build-only", "--out", &out.path().to_string_lossy()])
        .env("PATH", tools.path())
        .output()
        .expect("run scripts/dist");
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with(
            "scripts/dist: cargo-zigbuild is missing: the Linux binaries are built for glibc 2.28"
        ) && stderr.contains("pip install ziglang cargo-zigbuild"),
        "{stderr}"
    );
    assert_eq!(text(&run.stdout), "", "no folder is printed");
    assert_eq!(names(out.path()), Vec::<String>::new(), "nothing is written");
}

/// The file `program` names on PATH.
fn which(program: &str) -> Option<PathBuf> {
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths)
        .map(|dir| dir.join(program))
        .find(|path| path.is_file())
}

/// Whether `program` is on PATH (reports the check it serves as skipped when not).
fn have(program: &str) -> bool {
    let found = hexcells_e2e::xvfb::on_path(program);
    if !found {
        skip(&format!(
            "{program} not found: that check of the archive is left out"
        ));
    }
    found
}
