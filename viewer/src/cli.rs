//! The command line of `hexcells-view`: the usage text `--help` prints, and the same
//! options described for clap ([`command`]), from which `--man` writes the manual
//! page and `--completions SHELL` the completion scripts. `main.rs` reads the
//! arguments itself (clap does not parse them); a test keeps the two in step.
//! Imports no other part of the viewer.

use std::io::{self, Write};

use clap::{value_parser, Arg, ArgAction, Command, ValueHint};
use clap_complete::Shell;

/// What `hexcells-view --help` prints.
pub const USAGE: &str =
    "usage: hexcells-view [--png OUT.png] [--svg OUT.svg] [--size WxH] [--level N] [--overview] [--swap-buttons] [--stdin] [FILE]
       hexcells-view --edit [--png OUT.png] [--svg OUT.svg] [--level N] FILE
       hexcells-view --serve [--port N] [--edit] [--level N] [--swap-buttons] [--stdin] [FILE]
       hexcells-view --export-record OUT.record [--level N] [FILE]
       hexcells-view --html OUT.html [--level N] [--swap-buttons] FILE
       hexcells-view --version | --man | --completions SHELL

  FILE            the level file to show and follow (default: the tutorial pack)
  --edit          open the level editor on FILE (which need not exist yet: it is
                  created on the first Ctrl+S); the file is written only on Ctrl+S
  --png OUT.png   render one frame to OUT.png and exit (no window)
  --svg OUT.svg   draw one frame to OUT.svg and exit (no window, no display)
  --serve         no window: serve the same player (and editor, with --edit) as a
                  page on 127.0.0.1; prints its address, with a secret token, as
                  the first line of stdout, then serves until stopped (Ctrl+C)
  --port N        the port for --serve (default 0: a free one)
  --html OUT.html publish FILE as one page that plays in any browser, with
                  nothing to install and no server (every level of a pack with
                  its list, or level N with --level), and exit; a level with a
                  syntax error is refused, a stuck one published with a warning
  --size WxH      frame size for --png and --svg (default 1280x800)
  --level N       start at level N of a pack (from 1); with --html, only it
  --overview      show the pack overview, its difficulty curve, from the start (as
                  the key O does; with --png and --svg, in the picture)
  --swap-buttons  the right button uncovers, guesses and creates blue, the left
                  black (also [mouse] blue = \"right\" in keys.toml; with --html,
                  on the page)
  --stdin         take document snapshots on stdin, report clicks on stdout
                  (used by the language server; with --serve, the page's address
                  goes out on stdout as the protocol's `serving` message)
  --export-record OUT.record
                  write the saved play record of the level to OUT.record
                  (`-` for stdout) and exit (no window)
  -V, --version   print the version and exit
  --man           print the manual page (hexcells-view.1) and exit
  --completions SHELL
                  print the completion script of SHELL (bash, zsh, fish, elvish,
                  powershell) and exit

in the window, ? or F1 lists every key (and the editor's clicks) of the mode you are
in. docs/viewer.md has every key and click of both, and how keys.toml in your
config directory (~/.config/hexcells/keys.toml on Linux) changes them. The default
player keys: click uncovers (left blue, right black), Shift+click marks a guess,
C / D / X confirm / deny / clear the guesses, H hint, S the next round as guesses,
Shift+S solve all, Z undo, R clear progress, E export the play record, Ctrl+C / Ctrl+V
copy / paste a level, V show solution, Tab the level editor, wheel or + - 0 zoom,
middle drag pan

exit status: 0 when done; 2 when nothing could be done and nothing was written (a bad
option, a file that cannot be read or written, --level past the end of the pack, and
for --html a level with a syntax error, whose diagnostics go to stderr)";

/// The manual page's EXIT STATUS section (roff): what [`USAGE`] ends with.
const EXIT_STATUS: &str = r#".SH "EXIT STATUS"
.TP
\fB0\fR
Done: the window was closed, the picture or the page written (\fB\-\-html\fR prints on
stderr, as warnings, the levels a perfect player gets stuck on, and publishes them).
.TP
\fB2\fR
Nothing done, nothing written: a bad option, a file that cannot be read or written,
\fB\-\-level\fR past the end of the pack (the message says how many levels it has), or
for \fB\-\-html\fR a level with a syntax error (its diagnostics go to stderr, as
\fBhexcells check\fR prints them).
"#;

/// The options of [`USAGE`] for clap: the manual page and the completion scripts are
/// written from it.
pub fn command() -> Command {
    let file = |id: &'static str, name: &'static str, help: &'static str| {
        Arg::new(id)
            .long(id)
            .value_name(name)
            .value_parser(value_parser!(std::path::PathBuf))
            .value_hint(ValueHint::FilePath)
            .help(help)
    };
    let flag =
        |id: &'static str, help: &'static str| Arg::new(id).long(id).action(ArgAction::SetTrue).help(help);
    Command::new("hexcells-view")
        .version(env!("CARGO_PKG_VERSION"))
        .about("A live preview of a Hexcells level that is also a player and a level editor")
        .long_about(
            "A live preview of a Hexcells level that is also a player and a level editor. \
             Without FILE it plays the built-in tutorial pack. In the window, ? or F1 lists \
             every key and click of the mode you are in; docs/viewer.md has them all, and \
             how keys.toml in your config directory (~/.config/hexcells/keys.toml on Linux) \
             changes them.",
        )
        .override_usage(
            "hexcells-view [--png <OUT.png>] [--svg <OUT.svg>] [--size <WxH>] [--level <N>] [--overview] [--swap-buttons] [--stdin] [FILE]\n\
             hexcells-view --edit [--png <OUT.png>] [--svg <OUT.svg>] [--level <N>] <FILE>\n\
             hexcells-view --serve [--port <N>] [--edit] [--level <N>] [--swap-buttons] [--stdin] [FILE]\n\
             hexcells-view --export-record <OUT.record> [--level <N>] [FILE]\n\
             hexcells-view --html <OUT.html> [--level <N>] [--swap-buttons] <FILE>\n\
             hexcells-view --version | --man | --completions <SHELL>",
        )
        .arg(
            Arg::new("FILE")
                .value_parser(value_parser!(std::path::PathBuf))
                .value_hint(ValueHint::FilePath)
                .help("The level file to show and follow (default: the tutorial pack)"),
        )
        .arg(flag(
            "edit",
            "Open the level editor on FILE (which need not exist yet: it is created on the \
             first Ctrl+S); the file is written only on Ctrl+S",
        ))
        .arg(file("png", "OUT.png", "Render one frame to OUT.png and exit (no window)"))
        .arg(file("svg", "OUT.svg", "Draw one frame to OUT.svg and exit (no window, no display)"))
        .arg(flag(
            "serve",
            "No window: serve the same player (and editor, with --edit) as a page on \
             127.0.0.1; prints its address, with a secret token, as the first line of \
             stdout, then serves until stopped (Ctrl+C)",
        ))
        .arg(file(
            "html",
            "OUT.html",
            "Publish FILE as one page that plays in any browser, with nothing to install and \
             no server (every level of a pack with its list, or level N with --level), and \
             exit; a level with a syntax error is refused, a stuck one published with a warning",
        ))
        .arg(
            Arg::new("port")
                .long("port")
                .value_name("N")
                .value_parser(value_parser!(u16))
                .help("The port for --serve (default 0: a free one)"),
        )
        .arg(
            Arg::new("size")
                .long("size")
                .value_name("WxH")
                .help("Frame size for --png and --svg (default 1280x800)"),
        )
        .arg(
            Arg::new("level")
                .long("level")
                .value_name("N")
                .help("Start at level N of a pack (from 1); with --html, only it"),
        )
        .arg(flag(
            "overview",
            "Show the pack overview, its difficulty curve, from the start (as the key O does; \
             with --png and --svg, in the picture)",
        ))
        .arg(flag(
            "swap-buttons",
            "The right button uncovers, guesses and creates blue, the left black (also \
             [mouse] blue = \"right\" in keys.toml; with --html, on the page)",
        ))
        .arg(flag(
            "stdin",
            "Take document snapshots on stdin, report clicks on stdout (used by the language server; \
             with --serve, the page's address goes out on stdout as the protocol's `serving` message)",
        ))
        .arg(file(
            "export-record",
            "OUT.record",
            "Write the saved play record of the level to OUT.record (`-` for stdout) and exit (no window)",
        ))
        .arg(flag("man", "Print the manual page (hexcells-view.1) and exit"))
        .arg(
            Arg::new("completions")
                .long("completions")
                .value_name("SHELL")
                .value_parser(value_parser!(Shell))
                .help("Print the completion script of SHELL and exit"),
        )
}

/// Writes the manual page `hexcells-view.1` to `out`: clap_mangen's sections, and the
/// exit status before the version.
pub fn write_man(out: &mut dyn Write) -> io::Result<()> {
    let man = clap_mangen::Man::new(command()).source(format!("hexcells {}", env!("CARGO_PKG_VERSION")));
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    out.write_all(EXIT_STATUS.as_bytes())?;
    man.render_version_section(out)
}

/// Writes the completion script of `shell` for `hexcells-view` to `out`.
pub fn write_completions(shell: Shell, out: &mut dyn Write) {
    clap_complete::generate(shell, &mut command(), "hexcells-view", out);
}

/// The shell named `name` (`bash`, `zsh`, `fish`, `elvish`, `powershell`).
pub fn shell(name: &str) -> Option<Shell> {
    name.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The long options a text names (`--png`, ...), sorted.
    fn long_options(text: &str) -> Vec<String> {
        let mut options: Vec<String> = text
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .filter(|w| w.starts_with("--") && w.len() > 2)
            .map(str::to_string)
            .collect();
        options.sort();
        options.dedup();
        options
    }

    #[test]
    fn the_clap_description_has_the_options_of_the_usage_text() {
        let mut described: Vec<String> = command()
            .get_arguments()
            .filter_map(|a| a.get_long())
            .map(|l| format!("--{l}"))
            .chain(["--version".to_string()])
            .collect();
        described.sort();
        assert_eq!(described, long_options(USAGE));
        command().debug_assert();
    }

    #[test]
    fn the_manual_page_shows_each_form_and_option_with_its_value() {
        let mut page = Vec::new();
        write_man(&mut page).unwrap();
        let page = String::from_utf8(page).unwrap();
        assert!(page.contains(".TH hexcells-view 1"), "{page}");
        assert!(page.contains(".SH \"EXIT STATUS\""), "{page}");
        assert!(page.contains("\\fB2\\fR"));
        for form in [
            "\\-\\-html <OUT.html>",
            "\\-\\-png <OUT.png>",
            "\\-\\-export\\-record <OUT.record>",
            "\\-\\-edit",
            "\\-\\-serve",
        ] {
            assert!(page.contains(form), "{form} missing from:\n{page}");
        }
    }

    #[test]
    fn completion_scripts_name_the_program_and_its_options() {
        for shell in ["bash", "zsh", "fish"] {
            let mut script = Vec::new();
            write_completions(super::shell(shell).unwrap(), &mut script);
            let script = String::from_utf8(script).unwrap();
            assert!(
                script.contains("hexcells-view") && script.contains("swap-buttons"),
                "{shell}"
            );
        }
        assert!(super::shell("tcsh").is_none());
    }
}
