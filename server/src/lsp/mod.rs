//! `hexcells lsp`: the language server for "Hexcells level v1" files, which `main.rs`
//! starts with [`run`]. Only `lsp/` knows protocol types.
//!
//! May import: core and every module of `lsp/`; never `cli/`.
//!
//! Its files, from the top; each imports only modules listed below it, and none imports
//! this one: `start.rs` ([`run`]: the runtime on stdin/stdout, logging to stderr), then
//! `router.rs` (the routing table: `impl LanguageServer for LspServer` sends each method
//! to its handler, and `capabilities` announces the same features; nothing imports
//! it), then `handlers/` (one file per feature), then `solver.rs` (the background
//! analysis), `publish.rs` (its answers to the client), `diagnostics.rs` and
//! `transport.rs`, then `server.rs` (the handle: the lock, the permits), then
//! `state.rs`, then `level_diagnostics.rs` (kept in the state), then `positions.rs`,
//! `results.rs`, `viewer_process.rs` and `outgoing.rs` (the ordered queue to the
//! client), then `ext.rs`, then `test_hooks.rs` (faults and delays injected by the tests;
//! ARCHITECTURE.md maps the order, and `tests/e2e/tidy.rs` checks it).
//!
//! State lives in one [`ServerState`](state::ServerState) behind one lock, taken only
//! for synchronous work, so notifications take effect strictly in the order they arrive
//! (tower runs handler futures concurrently; ours never await before their state
//! change). Diagnostics and `hexcells/solveStatus` leave through one ordered queue.
//! Stdout is the wire: logs go to stderr through `tracing`, filtered by `HEXCELLS_LOG`.

#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod diagnostics;
pub mod ext;
pub mod handlers;
pub mod level_diagnostics;
pub mod outgoing;
pub mod positions;
pub mod publish;
pub mod results;
mod router;
pub mod server;
pub mod solver;
mod start;
pub mod state;
pub mod test_hooks;
pub mod transport;
pub mod viewer_process;

pub use start::run;
