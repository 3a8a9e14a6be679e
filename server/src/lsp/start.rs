//! `lsp::run`: starts the language server on stdin/stdout (a two-thread tokio runtime,
//! one wire for everything the client gets), logging to stderr through `tracing`,
//! filtered by `HEXCELLS_LOG`.
//!
//! The top of `lsp/` beside the routing table (`router.rs`), which gives `LspServer`
//! its methods: it builds the server and hands it to `transport.rs`.

use std::time::Duration;

use tower_lsp_server::LspService;

use super::server::LspServer;
use super::transport;

/// Runs the language server on stdin/stdout until the client says `exit`.
pub fn run() -> anyhow::Result<()> {
    init_logging();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        // One wire for everything the client gets, tower's messages and our queue's.
        let (wire, output) = tokio::sync::mpsc::unbounded_channel();
        let (service, socket) = LspService::new({
            let wire = wire.clone();
            move |client| LspServer::new(client, wire)
        });
        transport::serve(service, socket, wire, output).await;
    });
    // The stdin reader and any solver thread may still block; don't wait for them.
    runtime.shutdown_timeout(Duration::from_millis(100));
    Ok(())
}

fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("HEXCELLS_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_env_filter(filter)
        .try_init();
}
