//! The documentation cannot drift from the tools:
//!
//! - the reference parts of `docs/editors.md` (every LSP feature), `docs/cli.md` (every
//!   command's `--help`) and `docs/viewer.md` (every action of the player's and the
//!   editor's key tables) are written from the code by `hexcells_e2e::docgen`, between
//!   `<!-- generated ... -->` and `<!-- end generated -->`, and must read as the code
//!   writes them now;
//! - every `$ ...` example of `docs/cli.md` runs in a copy of `tests/levels/cli` and
//!   must print what the page shows (`$ echo $?` stands for the previous command's exit
//!   status); the page's synopsis names every command, argument and option that
//!   `--help` lists; and the generator's difficulty levels read the same in `--help`
//!   and in `docs/record-notation.md`.
//!
//! - the before / after pictures of a drawing and its clues are what the tools draw.
//!
//! `HEXCELLS_BLESS=1` rewrites the generated parts, the examples' output and the
//! pictures from the code and a run; review the diff.

use std::path::{Path, PathBuf};
use std::process::Command;

use std::sync::Mutex;

use hexcells_core::generate::Grade;
use hexcells_e2e::docgen::{self, cli, lsp, viewer, Section};
use hexcells_e2e::examples::{examples, mask_all, mask_number, rewrite};
use hexcells_e2e::{bin, levels_dir, repo_root, temp_dir};

const BLESS_VAR: &str = "HEXCELLS_BLESS";

/// Held by a test that reads a page and may rewrite it, so that two rewrites of
/// `docs/cli.md` (its examples, its generated parts) never overlap.
static PAGES: Mutex<()> = Mutex::new(());

#[test]
fn the_reference_parts_of_the_docs_are_written_from_the_code() {
    let _pages = PAGES.lock().unwrap_or_else(|e| e.into_inner());
    let root = repo_root();
    let features = lsp::features(&root).unwrap_or_else(|problems| panic!("{}", problems.join("\n")));
    let commands = cli::sections();
    let pages: [(&str, Vec<Section>); 3] = [
        ("editors.md", vec![lsp::section(&features)]),
        ("cli.md", commands.clone()),
        ("viewer.md", viewer::sections()),
    ];
    let bless = std::env::var_os(BLESS_VAR).is_some();
    let mut problems = Vec::new();
    for (name, sections) in &pages {
        let path = root.join("docs").join(name);
        let page = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read docs/{name}: {e}"));
        let (written, mut found) = docgen::regenerate(name, &page, sections);
        if bless && written != page {
            std::fs::write(&path, &written).expect("write the page");
            found = docgen::regenerate(name, &written, sections).1;
        }
        problems.extend(found);
    }
    eprintln!(
        "written from the code: {} LSP features, {} commands, {} viewer actions",
        features.len(),
        commands.len(),
        viewer::action_count()
    );
    assert!(
        features.len() >= 10 && commands.len() >= 9,
        "too few: {features:?}"
    );
    assert!(
        problems.is_empty(),
        "{}\n\n(run with {BLESS_VAR}=1 to rewrite the generated parts, then review the diff)",
        problems.join("\n")
    );
}

#[test]
fn every_example_of_the_cli_page_prints_what_the_page_shows() {
    let _pages = PAGES.lock().unwrap_or_else(|e| e.into_inner());
    let page_path = repo_root().join("docs").join("cli.md");
    let page = std::fs::read_to_string(&page_path).expect("read docs/cli.md");
    let examples = examples(&page);
    assert!(examples.len() >= 20, "only {} examples found", examples.len());

    let dir = temp_dir();
    copy_dir(&levels_dir().join("cli"), dir.path());
    let mut status = 0;
    let mut mismatches = Vec::new();
    let mut printed: Vec<Vec<String>> = Vec::new();
    for example in &examples {
        let got = if example.command == "echo $?" {
            vec![status.to_string()]
        } else {
            let (code, output) = run_shell(dir.path(), &example.command);
            status = code;
            output.lines().map(str::to_string).collect()
        };
        if mask_all(&got) != mask_all(&example.shown) {
            mismatches.push(format!(
                "docs/cli.md:{}: $ {}\n--- the page shows\n{}\n--- it prints\n{}\n",
                example.line_idx + 1,
                example.command,
                example.shown.join("\n"),
                got.join("\n")
            ));
        }
        printed.push(got);
    }
    if std::env::var_os(BLESS_VAR).is_some() {
        let blessed = rewrite(&page, &examples, &printed);
        std::fs::write(&page_path, blessed).expect("write docs/cli.md");
        return;
    }
    assert!(
        mismatches.is_empty(),
        "{}(run with {BLESS_VAR}=1 to rewrite the page's output, then review the diff)",
        mismatches.join("\n")
    );
}

/// The before / after pictures of "From a drawing to a level" (docs/cli.md and
/// docs/viewer.md): the editor's frame of the drawing of `tests/levels/cli`, and of
/// the level `hexcells generate --keep-colours` makes from it, drawn as SVG now.
#[test]
fn the_drawing_pictures_show_what_the_tools_make_now() {
    let dir = temp_dir();
    copy_dir(&levels_dir().join("cli"), dir.path());
    let commands = [
        "hexcells generate --shape drawing.hexcells --keep-colours --difficulty medium --seed gargamel -o letter.hexcells",
        "hexcells-view --edit --svg drawing-before.svg --size 640x400 drawing.hexcells",
        "hexcells-view --edit --svg drawing-after.svg --size 640x400 letter.hexcells",
    ];
    for command in commands {
        let (code, output) = run_shell(dir.path(), command);
        assert_eq!(code, 0, "$ {command}\n{output}");
    }
    let bless = std::env::var_os(BLESS_VAR).is_some();
    for name in ["drawing-before.svg", "drawing-after.svg"] {
        let drawn = std::fs::read_to_string(dir.path().join(name)).expect("read the picture drawn");
        assert!(drawn.contains("data-cell="), "{name}: no cell drawn");
        let path = repo_root().join("docs").join("images").join(name);
        if bless {
            std::fs::write(&path, &drawn).expect("write the picture");
            continue;
        }
        let shown = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            shown == drawn,
            "docs/images/{name} is not what the tools draw now (run with {BLESS_VAR}=1 to redraw it, then look at it)"
        );
    }
}

#[test]
fn the_synopsis_names_every_command_and_option_of_help() {
    let page = std::fs::read_to_string(repo_root().join("docs").join("cli.md")).expect("read docs/cli.md");
    let synopsis = synopsis(&page);
    let commands = cli::commands();
    let commands: Vec<&str> = commands.iter().map(String::as_str).collect();
    assert!(commands.len() >= 7, "{commands:?}");
    let mut problems = Vec::new();
    for command in &commands {
        let Some(line) = synopsis
            .iter()
            .find(|l| l.split_whitespace().nth(1) == Some(command))
        else {
            problems.push(format!("no synopsis line for `hexcells {command}`"));
            continue;
        };
        let words: Vec<&str> = line
            .split(|c: char| c.is_whitespace() || "[]|".contains(c))
            .filter(|w| !w.is_empty())
            .collect();
        let help = hexcells_help(&[command, "--help"]);
        for (short, long) in options(&help) {
            if matches!(long.as_str(), "--help" | "--version") {
                continue;
            }
            if !words.contains(&long.as_str()) && !short.as_ref().is_some_and(|s| words.contains(&s.as_str()))
            {
                problems.push(format!("`hexcells {command}`: the synopsis lacks {long}"));
            }
        }
        for argument in arguments(&help) {
            if !words.iter().any(|w| w.trim_end_matches("...") == argument) {
                problems.push(format!("`hexcells {command}`: the synopsis lacks {argument}"));
            }
        }
        for word in words.iter().filter(|w| w.starts_with("--")) {
            if !help.contains(&format!("{word} ")) && !help.contains(&format!("{word}\n")) {
                problems.push(format!("`hexcells {command}`: {word} is not in --help"));
            }
        }
    }
    for line in &synopsis {
        let command = line.split_whitespace().nth(1).unwrap_or_default();
        if !commands.contains(&command) {
            problems.push(format!(
                "the synopsis has `hexcells {command}`, which --help does not list"
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "{}\n\nsynopsis: {synopsis:#?}",
        problems.join("\n")
    );
}

#[test]
fn difficulty_levels_read_the_same_in_help_and_docs() {
    let help = squeeze(&hexcells_help(&["generate", "--help"]));
    let docs = std::fs::read_to_string(repo_root().join("docs").join("record-notation.md"))
        .expect("read docs/record-notation.md");
    let docs = squeeze(&docs);
    for grade in Grade::ALL {
        let definition = grade.definition();
        assert!(
            help.contains(&format!("{}: {definition}", grade.name())),
            "generate --help lacks {definition:?}:\n{help}"
        );
        assert!(
            docs.contains(&format!("*{}*: {definition}", grade.name())),
            "docs/record-notation.md lacks {definition:?}"
        );
    }
}

/// The first code block's `hexcells ...` lines, continuation lines joined.
fn synopsis(page: &str) -> Vec<String> {
    let block: Vec<&str> = page
        .lines()
        .skip_while(|l| !l.starts_with("```"))
        .skip(1)
        .take_while(|l| !l.starts_with("```"))
        .collect();
    let mut lines: Vec<String> = Vec::new();
    for line in block {
        match lines.last_mut() {
            Some(last) if line.starts_with(' ') => {
                last.push(' ');
                last.push_str(line.trim());
            }
            _ => lines.push(line.trim().to_string()),
        }
    }
    lines
}

/// `(short, long)` of each option `--help` lists (`-o, --output <FILE>`).
fn options(help: &str) -> Vec<(Option<String>, String)> {
    help.lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with('-'))
        .filter_map(|l| {
            let words: Vec<&str> = l.split([' ', ',']).filter(|w| !w.is_empty()).collect();
            let long = words.iter().find(|w| w.starts_with("--"))?.to_string();
            let short = words
                .first()
                .filter(|w| !w.starts_with("--"))
                .map(|w| w.to_string());
            Some((short, long))
        })
        .collect()
}

/// The positional arguments of the `Usage:` line (`<FILE>...`, `[OUT]`).
fn arguments(help: &str) -> Vec<String> {
    let usage = help.lines().find(|l| l.starts_with("Usage:")).unwrap_or_default();
    usage
        .split_whitespace()
        .skip(3)
        .map(|w| {
            w.trim_end_matches("...")
                .trim_matches(['<', '>', '[', ']'])
                .to_string()
        })
        .filter(|w| w != "OPTIONS")
        .collect()
}

fn hexcells_help(args: &[&str]) -> String {
    let out = Command::new(bin("hexcells"))
        .args(args)
        .output()
        .expect("run hexcells");
    assert!(out.status.success(), "hexcells {args:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs `command` with `sh` in `dir`, the built `hexcells` first on PATH; returns the
/// exit status and stdout and stderr together, in the order written.
fn run_shell(dir: &Path, command: &str) -> (i32, String) {
    let bin_dir = bin("hexcells").parent().expect("binary directory").to_path_buf();
    let mut paths = vec![bin_dir];
    paths.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("{{ {command}\n}} 2>&1"))
        .current_dir(dir)
        .env("PATH", std::env::join_paths(paths).expect("PATH"))
        .output()
        .expect("run sh");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// Whitespace runs as one space (for text wrapped in Markdown or by clap).
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn copy_dir(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).expect("read tests/levels/cli").flatten() {
        let target: PathBuf = to.join(entry.file_name());
        if entry.path().is_dir() {
            std::fs::create_dir_all(&target).expect("create dir");
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy example file");
        }
    }
}

#[test]
fn masking_hides_timings_only() {
    assert_eq!(
        mask_number(r#"{"cells":7,"millis":0.304}"#, "\"millis\":", ""),
        r#"{"cells":7,"millis":_}"#
    );
    assert_eq!(
        mask_number("(1 candidate, 103 engine calls, 0.51 s)", "engine calls, ", " s)"),
        "(1 candidate, 103 engine calls, _ s)"
    );
    assert_eq!(
        mask_number("engine calls, x s)", "engine calls, ", " s)"),
        "engine calls, x s)"
    );
}

#[test]
fn a_feature_block_is_the_plain_comment_after_its_name() {
    let source = "//! The module.\n\n// Feature: Hover\n//\n// What a cell means.\n//\n// - `K` in Neovim\n/// The handler.\nfn hover() {}\n    // Feature: Folding\n    // Each level folds.\n";
    let features = lsp::features_in(source);
    assert_eq!(features.len(), 2, "{features:?}");
    assert_eq!(features[0].name, "Hover");
    assert_eq!(features[0].doc, ["What a cell means.", "", "- `K` in Neovim"]);
    assert_eq!(features[1].name, "Folding");
    assert_eq!(features[1].doc, ["Each level folds."]);
    assert!(lsp::features_in("// Feature not a block\n").is_empty());
}

#[test]
fn regenerating_replaces_the_parts_and_says_what_differed_or_is_missing() {
    let section = |source: &str, text: &str| Section {
        source: source.to_string(),
        text: text.to_string(),
    };
    let page = format!(
        "# Page\n{}\nold\n{}\nhand-written\n{}\nkept\n",
        docgen::marker("a"),
        docgen::END,
        docgen::marker("gone")
    );
    let sections = [section("a", "new\n"), section("b", "b's\n")];
    let (written, problems) = docgen::regenerate("page.md", &page, &sections);
    assert!(written.starts_with(&format!(
        "# Page\n{}\nnew\n{}\nhand-written\n",
        docgen::marker("a"),
        docgen::END
    )));
    assert!(written.ends_with("kept\n"), "{written}");
    assert_eq!(problems.len(), 3, "{problems:#?}");
    assert!(problems[0].contains("page.md:2:") && problems[0].contains("\"old\""));
    assert!(problems[1].contains("`gone` has no `<!-- end generated -->`"));
    assert!(problems[2].contains("no part generated from b"));
    let (again, none) = docgen::regenerate("page.md", &written, &sections[..1]);
    assert_eq!(again, written);
    assert_eq!(none.len(), 1, "only the unterminated marker: {none:#?}");
}

#[test]
fn help_reads_as_markdown_in_both_of_claps_layouts() {
    let long = "Report problems.\n\nExit status: 0 or 1.\n\nUsage: hexcells check [OPTIONS] <FILE>...\n\nArguments:\n  <FILE>...\n          Level files\n\nOptions:\n      --budget-ms <N>\n          Time limit\n          \n          [default: 60000]\n\n      --difficulty <D>\n          The grade\n\n          Possible values:\n          - easy:   score under 6\n          - hard:   score 162 or more\n\n  -h, --help\n          Print help (see a summary with '-h')\n";
    assert_eq!(
        cli::markdown(long),
        "\nReport problems.\n\nExit status: 0 or 1.\n\nUsage: `hexcells check [OPTIONS] <FILE>...`\n\n\
         - `<FILE>...`: Level files\n\
         - `--budget-ms <N>`: Time limit\n\n  [default: 60000]\n\
         - `--difficulty <D>`: The grade\n\n  Possible values:\n  - easy: score under 6\n  - hard: score 162 or more\n\n"
    );
    let short = "Run the server\n\nUsage: hexcells lsp [OPTIONS]\n\nOptions:\n      --stdio  Talk over stdin\n  -h, --help   Print help\n";
    assert_eq!(
        cli::markdown(short),
        "\nRun the server\n\nUsage: `hexcells lsp [OPTIONS]`\n\n- `--stdio`: Talk over stdin\n\n"
    );
}
