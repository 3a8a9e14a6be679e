//! `hexcells lsp`: the language server (work in progress).

/// Runs the language server on stdin/stdout until the client says `exit`.
pub fn run() -> anyhow::Result<()> {
    anyhow::bail!("the language server is not built yet")
}
