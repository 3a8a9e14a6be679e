//! The command-line subcommands (`check`, `fmt`, `convert`, `solve`, `generate`,
//! `replay`): thin shells that read files, call `hexcells_core` and print what it
//! says; `completions` and `man`, which describe the command line itself for
//! shells and `man`; and `setup`, which sets an editor up (Helix). `main.rs` runs
//! every subcommand but `lsp` through [`run`], and reads `args`, `exit` and `output`.
//!
//! May import: core, `hexcells_files` and every module of `cli/`; never `lsp/`.
//!
//! Its files, from the top (each imports only files listed below it, none imports
//! this one):
//! - `dispatch.rs`: [`run`], one arm per subcommand;
//! - one file per subcommand, named after it (`check.rs`, `fmt.rs`, ..., `setup.rs`),
//!   which imports only the shared files below, never another subcommand (`check.rs`
//!   writes through its own `check_output.rs`);
//! - the shared files: `args.rs` (every subcommand's clap arguments), `engine.rs`,
//!   `exit.rs` (how every subcommand ends: exit status, error line), `phrases.rs`,
//!   `output.rs`, `input.rs`, `pack.rs`, `parallel.rs`, `progress.rs`,
//!   `difficulty.rs`.

pub mod args;
mod check;
mod check_output;
mod completions;
mod convert;
mod difficulty;
mod dispatch;
mod engine;
pub mod exit;
mod fmt;
mod generate;
mod input;
mod man;
pub mod output;
mod pack;
mod parallel;
mod phrases;
mod progress;
mod replay;
mod setup;
mod solve;

pub use dispatch::run;
