//! The command line, as clap parses it. Doc comments here are the `--help` text.
//!
//! Each subcommand's `*Args` is turned into checked options by its own module
//! (`check.rs`, `fmt.rs`, ...) before any work starts.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use hexcells_core::generate::Grade;

/// Checks, formats, converts and solves Hexcells levels ("Hexcells level v1" text),
/// and serves them to editors as a language server.
#[derive(Debug, Parser)]
#[command(name = "hexcells", version, max_term_width = 100)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the language server on stdin/stdout (for editors).
    Lsp(LspArgs),
    /// Report each level's problems and whether a perfect player can solve it.
    ///
    /// Exit status: 0 when every level is solvable and has no error (warnings and hints
    /// do not count), 1 when any level has an error or is stuck (or the engine gave up),
    /// 2 when an input cannot be read.
    Check(CheckArgs),
    /// Rewrite level files in canonical form (33 x 33 grid, `\n` line endings).
    ///
    /// Only the files given (or the `*.hexcells` files inside the directories given)
    /// are written, each through a temporary file and a rename.
    Fmt(FmtArgs),
    /// Convert between "Hexcells level v1" text (`.hexcells`) and SixCells JSON
    /// (`.sixcells`), chosen by file extension.
    Convert(ConvertArgs),
    /// Print the step-by-step solution a perfect player finds, one line per round.
    Solve(SolveArgs),
    /// Make a new level from a shape and a seed word: solvable by the engine, lean, and
    /// byte for byte the same for the same options and seed.
    Generate(GenerateArgs),
    /// Check a play record (one move a line: `F7b`, `G8k`, `H9b?`) against a level.
    Replay(ReplayArgs),
    /// Print the shell completion script for `hexcells` (bash, zsh, fish, elvish,
    /// powershell).
    ///
    /// Install it where your shell looks, for example:
    /// bash: `hexcells completions bash > ~/.local/share/bash-completion/completions/hexcells`;
    /// zsh: `hexcells completions zsh > ~/.zfunc/_hexcells` (with `fpath+=~/.zfunc` before
    /// `compinit` in ~/.zshrc);
    /// fish: `hexcells completions fish > ~/.config/fish/completions/hexcells.fish`.
    Completions(CompletionsArgs),
    /// Write the manual pages: `hexcells.1` and one page per subcommand
    /// (`hexcells-check.1`, ...).
    ///
    /// Without DIR, prints `hexcells.1` alone to stdout (`hexcells man | man -l -`).
    /// With DIR, writes every page into it (creating it) and lists the files written;
    /// put them in a `man1` folder on your MANPATH, e.g.
    /// `hexcells man ~/.local/share/man/man1`, then `man hexcells`.
    Man(ManArgs),
    /// Set an editor up for hexcells levels in one step (Helix: its languages.toml
    /// entries, the grammar built with the C compiler, the highlight queries).
    ///
    /// Writes into Helix's config folder (`$XDG_CONFIG_HOME/helix`, else
    /// `~/.config/helix`), making the folders it needs. An existing languages.toml keeps
    /// all of its text: the hexcells entries are added at its end, between two marker
    /// lines, which a later run rewrites; a file that configures hexcells elsewhere, or
    /// is not valid TOML, is left alone with a message.
    Setup(SetupArgs),
}

/// The editors `hexcells setup` sets up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SetupEditor {
    /// Helix (`hx`): languages.toml, the grammar and its queries.
    Helix,
}

/// `hexcells setup`.
#[derive(Debug, Args)]
pub struct SetupArgs {
    /// The editor to set up.
    #[arg(value_enum, value_name = "EDITOR")]
    pub editor: SetupEditor,
    /// Print what would be written and built, and write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// The `editors` folder of the release archive or repository (when not given: beside
    /// this binary, else in the repository it was built from).
    #[arg(long, value_name = "DIR")]
    pub editors: Option<PathBuf>,
}

/// `hexcells lsp`.
#[derive(Debug, Args)]
pub struct LspArgs {
    /// Talk over stdin/stdout: the only transport, and the default. Accepted because
    /// editor clients (vscode-languageclient) pass it.
    #[arg(long)]
    pub stdio: bool,
}

/// `hexcells completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell the script is for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// `hexcells man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// The folder to write the pages into; stdout (`hexcells.1` only) when absent.
    #[arg(value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// `hexcells check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Level files, directories (every `*.hexcells` inside, recursively, sorted) or `-`
    /// for stdin.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Print one JSON object per level and line (JSON Lines) instead of text.
    #[arg(long)]
    pub json: bool,
    /// Time limit for the deduction engine, per level, in milliseconds.
    #[arg(long, value_name = "N", default_value_t = 60_000)]
    pub budget_ms: u64,
    /// Report syntax and model problems only; do not run the deduction engine.
    #[arg(long)]
    pub no_solve: bool,
    /// Verdicts only, without explanations: faster on large levels, but no
    /// "hardest step" figure.
    #[arg(long, conflicts_with = "no_solve")]
    pub fast: bool,
    /// Levels checked at once (each on its own thread); every core by default. The
    /// output is the same for any number.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<std::num::NonZeroUsize>,
}

/// `hexcells fmt`.
#[derive(Debug, Args)]
pub struct FmtArgs {
    /// Level files, directories (every `*.hexcells` inside) or `-` (stdin to stdout).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Write nothing; list the files that would change and exit 1 if any would.
    #[arg(long)]
    pub check: bool,
}

/// A level file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The level text format (Hexcells level v1).
    Hexcells,
    /// SixCells JSON (version 1).
    Sixcells,
}

/// `hexcells convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The level to read (`-` for stdin, with `--from`).
    #[arg(value_name = "IN")]
    pub input: PathBuf,
    /// Where to write (`-` or absent: stdout, with `--to` unless IN says otherwise).
    #[arg(value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// The input format, when IN's extension does not say it.
    #[arg(long, value_enum)]
    pub from: Option<Format>,
    /// The output format, when OUT's extension does not say it.
    #[arg(long, value_enum)]
    pub to: Option<Format>,
    /// Which level of a level pack to convert (from 1); SixCells files hold one level.
    #[arg(long, value_name = "N", value_parser = super::pack::parse_level_number)]
    pub level: Option<usize>,
}

/// `hexcells solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The level file (`-` for stdin).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Show, for each cell, the rule that proves it and the deduction in words.
    #[arg(long)]
    pub explain: bool,
    /// Which level of a level pack to solve (from 1); all of them when absent.
    #[arg(long, value_name = "N", value_parser = super::pack::parse_level_number)]
    pub level: Option<usize>,
    /// Time limit for the deduction engine, per level, in milliseconds.
    #[arg(long, value_name = "N", default_value_t = 60_000)]
    pub budget_ms: u64,
    /// Print the solution as a play record (`1. F7b`, one move a line) for `hexcells replay`.
    #[arg(long, conflicts_with_all = ["explain", "json"])]
    pub record: bool,
    /// Print one JSON object per level and line: verdict, rounds, difficulty grade,
    /// and every step with its rule, clues and text (implies the explanations).
    #[arg(long)]
    pub json: bool,
}

/// `hexcells generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The outline: `hexagon`, `rectangle`, `diamond`, or a level file whose cells
    /// are kept (e.g. a drawing) and filled with colours and clues.
    #[arg(long, value_name = "SHAPE|FILE", default_value = "hexagon")]
    pub shape: String,
    /// Which level of a shape file (a pack) gives the cells, from 1; the first when absent.
    #[arg(long, value_name = "N", value_parser = super::pack::parse_level_number)]
    pub level: Option<usize>,
    /// Columns x cells in the middle column, e.g. `9x7`; one number for both
    /// (defaults: hexagon 7, rectangle 8x6, diamond 9).
    #[arg(long, value_name = "WxH")]
    pub size: Option<String>,
    /// The share of blue cells, from 0.1 to 0.7 (0.35 when absent). Not with
    /// --keep-colours: the drawing's colours are the picture.
    #[arg(long, value_name = "RATIO")]
    pub blue: Option<String>,
    /// Keep every cell's colour of the shape file (a drawing) and its clues, and add
    /// the clues a player needs to solve it at --difficulty, then drop every added clue
    /// the level does not need. When the grade cannot be reached with these colours, it
    /// says so, names the nearest grade reached and exits with status 1.
    #[arg(long)]
    pub keep_colours: bool,
    /// With --keep-colours: drop the drawing's own clues first (every cell hidden, no
    /// number, no column number) and choose them all.
    #[arg(long, requires = "keep_colours")]
    pub replace_clues: bool,
    /// The difficulty grade the level must have (docs/rules.md): the reasoning a
    /// player needs, judged by the deduction engine's named rules.
    #[arg(long, value_enum, default_value_t = DifficultyArg::Medium)]
    pub difficulty: DifficultyArg,
    /// The seed word; the same word and options give the same level. A new word is
    /// made up (and printed) when absent.
    #[arg(long, value_name = "WORD")]
    pub seed: Option<String>,
    /// Write the level to this file instead of stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// `--difficulty`: the grades of docs/rules.md; the help text of each value is the
/// grade's own definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DifficultyArg {
    #[value(help = Grade::Easy.definition())]
    Easy,
    #[value(help = Grade::EasyMedium.definition())]
    EasyMedium,
    #[value(help = Grade::Medium.definition())]
    Medium,
    #[value(help = Grade::MediumHard.definition())]
    MediumHard,
    #[value(help = Grade::Hard.definition())]
    Hard,
}

/// `hexcells replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The level file.
    #[arg(value_name = "LEVEL")]
    pub level_file: PathBuf,
    /// The play record (`-` for stdin): one move per line, like `F7b`, `G8k`, `H9b?`.
    #[arg(value_name = "RECORD")]
    pub record: PathBuf,
    /// Which level of a level pack (from 1); the first when absent.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = super::pack::parse_level_number)]
    pub level: usize,
}
