//! Checks a completion script of `hexcells` or `hexcells-view` in the real shell it is for: it parses,
//! loads without a word on stderr, and (bash, fish) completes a subcommand and an
//! option's values. Used on the scripts `hexcells completions` and `hexcells-view
//! --completions` print and on those of
//! the release archive. A shell that is not installed is reported skipped.

use std::path::Path;
use std::process::Command;

use crate::skip;
use crate::xvfb::on_path;

/// The shells whose scripts the release archive carries, with the file name each
/// shell looks for, for `hexcells`.
pub const SHELLS: [(&str, &str); 3] = [
    ("bash", "hexcells.bash"),
    ("zsh", "_hexcells"),
    ("fish", "hexcells.fish"),
];

/// The same for `hexcells-view` (`hexcells-view --completions SHELL`).
pub const VIEWER_SHELLS: [(&str, &str); 3] = [
    ("bash", "hexcells-view.bash"),
    ("zsh", "_hexcells-view"),
    ("fish", "hexcells-view.fish"),
];

/// What a program's script must complete: a line and a word it offers there, and a
/// line after an option and two of the values offered.
struct Expected {
    program: &'static str,
    word: (&'static str, &'static str),
    values: (&'static str, [&'static str; 2]),
}

/// `hexcells ch` offers `check`; `hexcells convert x --to ` the two formats.
const HEXCELLS: Expected = Expected {
    program: "hexcells",
    word: ("hexcells ch", "check"),
    values: ("hexcells convert x --to ", ["hexcells", "sixcells"]),
};

/// `hexcells-view --sw` offers `--swap-buttons`; `--completions ` the shells.
const VIEWER: Expected = Expected {
    program: "hexcells-view",
    word: ("hexcells-view --sw", "--swap-buttons"),
    values: ("hexcells-view --completions ", ["bash", "zsh"]),
};

/// The problems of the `shell` script of `hexcells` at `script` (empty when it is
/// fine, or when the shell is not installed, which is reported as a skip).
pub fn problems(shell: &str, script: &Path) -> Vec<String> {
    problems_of(shell, script, &HEXCELLS)
}

/// The problems of the `shell` script of `hexcells-view` at `script`, as [`problems`].
pub fn viewer_problems(shell: &str, script: &Path) -> Vec<String> {
    problems_of(shell, script, &VIEWER)
}

fn problems_of(shell: &str, script: &Path, expected: &Expected) -> Vec<String> {
    if !on_path(shell) {
        skip(&format!(
            "{shell} not found: its completion script is not checked"
        ));
        return Vec::new();
    }
    let home = crate::temp_dir();
    let run = |shell: &str, args: &[&str]| run(shell, args, home.path());
    let path = script.to_string_lossy();
    assert!(!path.contains('\''), "a path without quotes: {path}");
    let (syntax, load) = match shell {
        "bash" => (
            run("bash", &["--norc", "--noprofile", "-n", &path]),
            // The function `complete -p` names, called as bash would for each line.
            run(
                "bash",
                &[
                    "--norc",
                    "--noprofile",
                    "-c",
                    &format!(
                        "source '{path}'
                         f=$(complete -p {program} | sed -n 's/.*-F \\([^ ]*\\).*/\\1/p')
                         for line in '{}' '{}'; do
                           read -ra COMP_WORDS <<<\"$line\"
                           case $line in *' ') COMP_WORDS+=('') ;; esac
                           COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)) COMP_LINE=$line COMP_POINT=${{#line}}
                           COMPREPLY=()
                           \"$f\" {program} \"${{COMP_WORDS[COMP_CWORD]}}\" \"${{COMP_WORDS[COMP_CWORD-1]}}\"
                           printf '%s\\n' \"${{COMPREPLY[@]}}\"
                         done",
                        expected.word.0,
                        expected.values.0,
                        program = expected.program,
                    ),
                ],
            ),
        ),
        "zsh" => (
            run("zsh", &["-f", "-n", &path]),
            // Loaded as compinit loads it: it must register itself for `hexcells`.
            run(
                "zsh",
                &[
                    "-f",
                    "-c",
                    &format!(
                        "autoload -Uz compinit && compinit -u -D && source '{path}' && print -r -- $_comps[{}]",
                        expected.program
                    ),
                ],
            ),
        ),
        "fish" => (
            run("fish", &["--no-config", "--no-execute", &path]),
            run(
                "fish",
                &[
                    "--no-config",
                    "-c",
                    &format!(
                        "source '{path}'; complete -C '{}'; complete -C '{}'",
                        expected.word.0, expected.values.0
                    ),
                ],
            ),
        ),
        other => panic!("no check for {other}"),
    };
    let mut problems = Vec::new();
    for (what, (ok, stdout, stderr)) in [("parse", &syntax), ("load", &load)] {
        if !ok || !stderr.is_empty() {
            problems.push(format!("{shell} cannot {what} {path}: {stderr}{stdout}"));
        }
    }
    let offered: Vec<&str> = load
        .1
        .lines()
        .map(|l| l.split('\t').next().unwrap_or_default())
        .collect();
    let zsh_function = format!("_{}", expected.program);
    let words: Vec<&str> = match shell {
        "zsh" => vec![zsh_function.as_str()],
        _ => std::iter::once(expected.word.1)
            .chain(expected.values.1)
            .collect(),
    };
    for word in words {
        if !offered.contains(&word) {
            problems.push(format!("{shell}: `{word}` is not offered by {path}: {offered:?}"));
        }
    }
    problems
}

/// Runs `shell args` with `home` as its home (fish keeps files there): whether it
/// succeeded, its stdout and its stderr.
fn run(shell: &str, args: &[&str], home: &Path) -> (bool, String, String) {
    let out = Command::new(shell)
        .args(args)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .output()
        .unwrap_or_else(|e| panic!("run {shell}: {e}"));
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
