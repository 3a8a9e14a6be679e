//! `hexcells setup helix [--dry-run] [--editors DIR]`: sets Helix up for hexcells
//! levels in one step, in Helix's config folder (`$XDG_CONFIG_HOME/helix`, else
//! `~/.config/helix`):
//!
//! - `languages.toml`: the entries of `editors/helix/languages.toml`, with the path of
//!   this `hexcells` as the language server and of `editors/tree-sitter-hexcells` as
//!   the grammar's source, between two marker lines. A file that exists keeps all of
//!   its own text: the entries are added at its end, or replace the ones between the
//!   markers of an earlier run. A file that configures hexcells elsewhere, or is not
//!   valid TOML, is left alone with a message that says why.
//! - `runtime/grammars/hexcells.so`: the grammar's parser, built with the C compiler
//!   (`$CC`, else `cc`, `gcc` or `clang`) as the Neovim plugin builds it, folders made
//!   as needed (Helix's own `hx --grammar build` does not make them).
//! - `runtime/queries/hexcells/`: the highlight queries.
//!
//! `--dry-run` prints what would be written and built, and writes nothing. The
//! grammar's sources and Helix's entries are found where `--editors` says, else in the
//! `editors` folder beside this binary (the release archive) or two folders up (the
//! repository's `target/<profile>`), else in the repository this binary was built from
//! while it is still there (`cargo install --path server`, a target folder elsewhere).

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{anyhow, bail, Context};

use super::args::SetupArgs;
use super::exit::Status;
use super::input::io_message;
use super::output::write_atomic;

/// The marker lines around the entries this command manages in `languages.toml`.
const BEGIN: &str = "# >>> hexcells: written by `hexcells setup helix`, which rewrites these lines >>>";
const END: &str = "# <<< hexcells <<<";

/// The placeholders of `editors/helix/languages.toml` that get real paths.
const SERVER_LINE: &str = "command = \"hexcells\"";
const GRAMMAR_LINE: &str = "source = { path = \"/path/to/hexcells/editors/tree-sitter-hexcells\" }";

/// The file name Helix loads a grammar from.
const GRAMMAR_FILE: &str = if cfg!(windows) {
    "hexcells.dll"
} else {
    "hexcells.so"
};

/// Runs `hexcells setup helix`.
pub fn run(args: &SetupArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let editors = find_editors(args.editors.as_deref())?;
    let grammar_dir = editors.join("tree-sitter-hexcells");
    let config = helix_config_dir()?;
    let exe = std::env::current_exe()
        .and_then(std::fs::canonicalize)
        .context("cannot tell where this hexcells binary is")?;

    // 1. languages.toml.
    let template_path = editors.join("helix").join("languages.toml");
    let template = std::fs::read_to_string(&template_path)
        .map_err(|e| anyhow!(io_message(&e)))
        .with_context(|| format!("cannot read {}", template_path.display()))?;
    let block = entries(&template, &exe, &grammar_dir)
        .with_context(|| format!("{} is not the one this hexcells knows", template_path.display()))?;
    let languages = config.join("languages.toml");
    let existing = match std::fs::read_to_string(&languages) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => {
            return Err(anyhow!(io_message(&e)))
                .with_context(|| format!("cannot read {}", languages.display()))
        }
    };
    let (merged, how) = merge(existing.as_deref(), &block)
        .with_context(|| format!("{} is left as it is", languages.display()))?;

    // 2. The grammar, built from its C sources.
    let src = grammar_dir.join("src");
    let parser = config.join("runtime").join("grammars").join(GRAMMAR_FILE);
    let compiler = compiler();
    // 3. The queries.
    let queries = query_files(&editors.join("helix/runtime/queries/hexcells"))?;
    let queries_dir = config.join("runtime").join("queries").join("hexcells");

    if args.dry_run {
        writeln!(out, "hexcells setup helix --dry-run: nothing is written")?;
        writeln!(out, "would write {} ({how}):", languages.display())?;
        for line in block.lines() {
            writeln!(out, "    {line}")?;
        }
        match &compiler {
            Some(cc) => writeln!(
                out,
                "would build {}: {}",
                parser.display(),
                shown(&build_command(cc, &src, &parser))
            )?,
            None => writeln!(out, "cannot build {}: {}", parser.display(), NO_COMPILER)?,
        }
        for query in &queries {
            let name = query.file_name().unwrap_or_default();
            writeln!(
                out,
                "would copy {} to {}",
                query.display(),
                queries_dir.join(name).display()
            )?;
        }
        return Ok(Status::Clean);
    }

    let Some(cc) = compiler else {
        bail!(
            "cannot build {}: {NO_COMPILER}; nothing was written",
            parser.display()
        );
    };
    std::fs::create_dir_all(&config)
        .with_context(|| format!("cannot create the folder {}", config.display()))?;
    if existing.as_deref() != Some(merged.as_str()) {
        write_atomic(&languages, merged.as_bytes())?;
        writeln!(out, "wrote {} ({how})", languages.display())?;
    } else {
        writeln!(
            out,
            "kept {} (its hexcells entries are up to date)",
            languages.display()
        )?;
    }
    build(&cc, &src, &parser)?;
    writeln!(out, "built {} ({})", parser.display(), cc.to_string_lossy())?;
    std::fs::create_dir_all(&queries_dir)
        .with_context(|| format!("cannot create the folder {}", queries_dir.display()))?;
    for query in &queries {
        let to = queries_dir.join(query.file_name().unwrap_or_default());
        let text = std::fs::read(query).with_context(|| format!("cannot read {}", query.display()))?;
        write_atomic(&to, &text)?;
        writeln!(out, "copied {}", to.display())?;
    }
    writeln!(
        out,
        "`hx --health hexcells` checks the setup; `hx LEVEL.hexcells` opens a level"
    )?;
    Ok(Status::Clean)
}

const NO_COMPILER: &str = "no C compiler (set $CC, or install cc, gcc or clang)";

/// The `editors` folder: `--editors`, else beside this binary (the release archive),
/// else two folders up (the repository's `target/<profile>`), else the one of the
/// repository it was built from, when that still holds the sources.
fn find_editors(given: Option<&Path>) -> anyhow::Result<PathBuf> {
    let has_sources = |dir: &Path| {
        dir.join("tree-sitter-hexcells/src/parser.c").is_file() && dir.join("helix/languages.toml").is_file()
    };
    if let Some(dir) = given {
        let dir = std::fs::canonicalize(dir)
            .map_err(|e| anyhow!(io_message(&e)))
            .with_context(|| format!("--editors {}", dir.display()))?;
        if !has_sources(&dir) {
            bail!(
                "--editors {}: it holds no tree-sitter-hexcells/src/parser.c and helix/languages.toml \
                 (give the `editors` folder of the release archive or of the repository)",
                dir.display()
            );
        }
        return Ok(dir);
    }
    let exe = std::env::current_exe()
        .and_then(std::fs::canonicalize)
        .context("cannot tell where this hexcells binary is")?;
    let beside = exe.parent().map(Path::to_path_buf).unwrap_or_default();
    let candidates = [beside.join("editors"), beside.join("../../editors"), built_from()];
    for dir in &candidates {
        if has_sources(dir) {
            return Ok(std::fs::canonicalize(dir).unwrap_or_else(|_| dir.clone()));
        }
    }
    bail!(
        "cannot find the grammar's sources and Helix's entries (editors/tree-sitter-hexcells, \
         editors/helix) beside {} nor in the repository it was built from ({}): run the \
         `hexcells` of the unpacked release archive, or give --editors DIR (the `editors` folder \
         of the archive or of the repository)",
        exe.display(),
        built_from().display()
    )
}

/// The `editors` folder of the repository this binary was built from (the server's
/// package is its `server/` folder), whether or not it is still there.
fn built_from() -> PathBuf {
    let server = Path::new(env!("CARGO_MANIFEST_DIR"));
    server.parent().unwrap_or(server).join("editors")
}

/// Helix's config folder: `$XDG_CONFIG_HOME/helix` (when set to an absolute path),
/// else `~/.config/helix`.
fn helix_config_dir() -> anyhow::Result<PathBuf> {
    if let Some(xdg) = std::env::var_os("XDG_CONFIG_HOME").map(PathBuf::from) {
        if xdg.is_absolute() {
            return Ok(xdg.join("helix"));
        }
    }
    match std::env::var_os("HOME").filter(|h| !h.is_empty()) {
        Some(home) => Ok(PathBuf::from(home).join(".config").join("helix")),
        None => bail!("neither XDG_CONFIG_HOME nor HOME is set: cannot tell where Helix's config is"),
    }
}

/// The entries to write: the template's tables (its opening comment left out), with
/// the server's and the grammar's paths filled in, between the marker lines.
fn entries(template: &str, exe: &Path, grammar: &Path) -> anyhow::Result<String> {
    let start = template
        .lines()
        .position(|l| l.starts_with('['))
        .ok_or_else(|| anyhow!("it has no table"))?;
    let body: Vec<&str> = template.lines().skip(start).collect();
    for needed in [SERVER_LINE, GRAMMAR_LINE] {
        if !body.contains(&needed) {
            bail!("it lacks the line `{needed}`");
        }
    }
    let quoted = |path: &Path| toml::Value::String(path.to_string_lossy().into_owned()).to_string();
    let mut block = vec![BEGIN.to_string()];
    for line in body {
        block.push(match line {
            SERVER_LINE => format!("command = {}", quoted(exe)),
            GRAMMAR_LINE => format!("source = {{ path = {} }}", quoted(grammar)),
            _ => line.to_string(),
        });
    }
    while block.last().is_some_and(|l| l.trim().is_empty()) {
        block.pop();
    }
    block.push(END.to_string());
    let mut text = block.join("\n");
    text.push('\n');
    Ok(text)
}

/// `languages.toml` with `block` in it, and how it got there; an error, leaving the
/// file alone, when it is not valid TOML or configures hexcells outside the markers.
fn merge(existing: Option<&str>, block: &str) -> anyhow::Result<(String, &'static str)> {
    let Some(text) = existing else {
        return Ok((block.to_string(), "a new file"));
    };
    if let Err(e) = text.parse::<toml::Table>() {
        bail!("it is not valid TOML: {}", e.message());
    }
    let lines: Vec<&str> = text.lines().collect();
    let begin = lines.iter().position(|l| *l == BEGIN);
    let end = lines.iter().position(|l| *l == END);
    let (merged, how) = match (begin, end) {
        (Some(begin), Some(end)) if begin < end => {
            let mut merged: Vec<String> = lines[..begin].iter().map(|l| l.to_string()).collect();
            merged.extend(block.lines().map(str::to_string));
            merged.extend(lines[end + 1..].iter().map(|l| l.to_string()));
            let mut merged = merged.join("\n");
            merged.push('\n');
            (merged, "the hexcells entries of an earlier setup replaced")
        }
        (None, None) => {
            if let Some(what) = configures_hexcells(text) {
                bail!(
                    "it already has {what}, which `hexcells setup helix` did not write: remove it \
                     (or copy the entries of editors/helix/languages.toml by hand) and run it again"
                );
            }
            let mut merged = text.to_string();
            if !merged.is_empty() && !merged.ends_with('\n') {
                merged.push('\n');
            }
            if !merged.is_empty() {
                merged.push('\n');
            }
            merged.push_str(block);
            (merged, "the hexcells entries added at its end")
        }
        _ => bail!(
            "its marker lines `{BEGIN}` and `{END}` are not one of each, in that order: fix them by hand"
        ),
    };
    if let Err(e) = merged.parse::<toml::Table>() {
        bail!(
            "with the hexcells entries it would not be valid TOML ({}): add them by hand",
            e.message().trim()
        );
    }
    Ok((merged, how))
}

/// What of hexcells a parsed `languages.toml` already configures, if anything.
fn configures_hexcells(text: &str) -> Option<&'static str> {
    let table: toml::Table = text.parse().ok()?;
    let named = |key: &str| {
        table.get(key).and_then(|v| v.as_array()).is_some_and(|entries| {
            entries
                .iter()
                .any(|e| e.get("name").and_then(|n| n.as_str()) == Some("hexcells"))
        })
    };
    if named("language") {
        Some("a [[language]] named hexcells")
    } else if named("grammar") {
        Some("a [[grammar]] named hexcells")
    } else if table
        .get("language-server")
        .and_then(|v| v.get("hexcells"))
        .is_some()
    {
        Some("a [language-server.hexcells]")
    } else {
        None
    }
}

/// The C compiler: `$CC`, else the first of `cc`, `gcc`, `clang` on PATH.
fn compiler() -> Option<OsString> {
    if let Some(cc) = std::env::var_os("CC").filter(|cc| !cc.is_empty()) {
        return Some(cc);
    }
    let path = std::env::var_os("PATH")?;
    ["cc", "gcc", "clang"].into_iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|candidate| candidate.is_file())
            .map(|_| OsString::from(name))
    })
}

/// The compiler's arguments that build the parser from `src` into `out`.
fn build_command(cc: &OsString, src: &Path, out: &Path) -> Vec<OsString> {
    vec![
        cc.clone(),
        "-o".into(),
        out.into(),
        "-shared".into(),
        "-fPIC".into(),
        "-O2".into(),
        "-std=c11".into(),
        "-I".into(),
        src.into(),
        src.join("parser.c").into(),
        src.join("scanner.c").into(),
    ]
}

/// A command as a line to show.
fn shown(command: &[OsString]) -> String {
    command
        .iter()
        .map(|word| word.to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Builds the parser into `out` (its folders made), through a file beside it that is
/// renamed once whole.
fn build(cc: &OsString, src: &Path, out: &Path) -> anyhow::Result<()> {
    let dir = out.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create the folder {}", dir.display()))?;
    let mut partial = out.as_os_str().to_owned();
    partial.push(format!(".{}.partial", std::process::id()));
    let partial = PathBuf::from(partial);
    let command = build_command(cc, src, &partial);
    let built = Command::new(&command[0])
        .args(&command[1..])
        .output()
        .with_context(|| format!("cannot run the C compiler {}", cc.to_string_lossy()))?;
    if !built.status.success() {
        let _ = std::fs::remove_file(&partial);
        bail!(
            "building the grammar failed: {}\n{}",
            shown(&command),
            String::from_utf8_lossy(&built.stderr).trim_end()
        );
    }
    std::fs::rename(&partial, out).map_err(|e| {
        let _ = std::fs::remove_file(&partial);
        anyhow!("cannot write {}: {}", out.display(), io_message(&e))
    })
}

/// The `.scm` files of a queries folder, sorted.
fn query_files(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| anyhow!(io_message(&e)))
        .with_context(|| format!("cannot read {}", dir.display()))?
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "scm"))
        .collect();
    files.sort();
    if files.is_empty() {
        bail!("{} holds no queries (*.scm)", dir.display());
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A template shaped like editors/helix/languages.toml (which the end-to-end test
    /// of `hexcells setup helix` uses).
    fn template() -> String {
        format!(
            "# copy these entries\n\n[[language]]\nname = \"hexcells\"\nlanguage-servers = [\"hexcells\"]\n\
             grammar = \"hexcells\"\n\n[language-server.hexcells]\n{SERVER_LINE}\nargs = [\"lsp\"]\n\n\
             # the grammar\n[[grammar]]\nname = \"hexcells\"\n{GRAMMAR_LINE}\n\n"
        )
    }

    fn block() -> String {
        entries(
            &template(),
            Path::new("/opt/hexcells/hexcells"),
            Path::new("/opt/hexcells/editors/tree-sitter-hexcells"),
        )
        .expect("the template has its placeholders")
    }

    #[test]
    fn a_template_without_its_placeholders_is_refused() {
        let exe = Path::new("/x/hexcells");
        let grammar = Path::new("/x/editors/tree-sitter-hexcells");
        let without = template().replace(SERVER_LINE, "command = \"other\"");
        let refused = entries(&without, exe, grammar).unwrap_err().to_string();
        assert!(refused.contains(SERVER_LINE), "{refused}");
        assert!(entries("# nothing\n", exe, grammar).is_err());
    }

    #[test]
    fn the_entries_name_this_binary_and_the_grammar_s_folder() {
        let block = block();
        let table: toml::Table = block.parse().expect("valid TOML");
        assert_eq!(
            table["language-server"]["hexcells"]["command"].as_str(),
            Some("/opt/hexcells/hexcells")
        );
        assert_eq!(
            table["grammar"][0]["source"]["path"].as_str(),
            Some("/opt/hexcells/editors/tree-sitter-hexcells")
        );
        assert_eq!(table["language"][0]["name"].as_str(), Some("hexcells"));
        assert!(block.starts_with(BEGIN) && block.ends_with(&format!("{END}\n")));
        assert!(!block.contains("/path/to/"), "{block}");
    }

    #[test]
    fn a_user_s_file_keeps_its_text_and_gets_the_entries_once() {
        let block = block();
        let mine = "# my settings\n[[language]]\nname = \"rust\"\nauto-format = false";
        let (merged, _) = merge(Some(mine), &block).expect("merged");
        assert!(merged.starts_with(mine), "{merged}");
        assert_eq!(merged.matches(BEGIN).count(), 1);
        // Again, with other paths: the entries are replaced, the rest kept.
        let other = block.replace("/opt/hexcells", "/srv/hexcells");
        let (again, how) = merge(Some(&merged), &other).expect("merged again");
        assert!(
            again.starts_with(mine) && again.contains("/srv/hexcells/hexcells"),
            "{again}"
        );
        assert!(!again.contains("/opt/hexcells"), "{again}");
        assert!(how.contains("replaced"), "{how}");
        // A new file is the entries alone.
        assert_eq!(merge(None, &block).expect("new").0, block);
    }

    #[test]
    fn a_file_that_configures_hexcells_itself_or_is_broken_is_refused() {
        let block = block();
        let own = "[[language]]\nname = \"hexcells\"\nscope = \"source.hexcells\"\n";
        let refused = merge(Some(own), &block).unwrap_err().to_string();
        assert!(
            refused.contains("already has a [[language]] named hexcells"),
            "{refused}"
        );
        let server = "[language-server.hexcells]\ncommand = \"/usr/bin/hexcells\"\n";
        assert!(merge(Some(server), &block).is_err());
        let broken = "[[language]\nname = ";
        let refused = merge(Some(broken), &block).unwrap_err().to_string();
        assert!(refused.starts_with("it is not valid TOML"), "{refused}");
        // `language` as a plain table cannot take [[language]] entries.
        let clash = "[language]\nname = \"rust\"\n";
        let refused = merge(Some(clash), &block).unwrap_err().to_string();
        assert!(refused.contains("would not be valid TOML"), "{refused}");
        let half = format!("{BEGIN}\n[[grammar]]\n");
        assert!(merge(Some(&half), &block).is_err());
    }
}
