//! `initialize`: agrees on the position encoding, notes what the client can do, takes
//! the settings of `initializationOptions` (Helix sends its `config` there, Neovim its
//! `init_options`, VS Code the `hexcells.*` settings), and answers with the server's capabilities, which the routing table (`lsp/router.rs`)
//! lists beside the methods it routes.

use tower_lsp_server::ls_types::{InitializeParams, InitializeResult, ServerCapabilities, ServerInfo};
use tracing::debug;

use crate::lsp::positions::Encoding;
use crate::lsp::state::{ClientSupport, Config, ServerState};

/// Sets up the state for the client of `params` and answers it.
pub fn initialize(
    state: &mut ServerState,
    params: &InitializeParams,
    capabilities: fn(&ServerState) -> ServerCapabilities,
) -> InitializeResult {
    let caps = &params.capabilities;
    state.encoding = Encoding::negotiate(
        caps.general
            .as_ref()
            .and_then(|g| g.position_encodings.as_deref()),
    );
    state.client = ClientSupport::from_capabilities(caps);
    if let Some(section) = params.initialization_options.as_ref().and_then(Config::section) {
        state.initial_config = Config::default().with_json(section);
        let config = state.initial_config.clone();
        state.set_config(config);
    }
    debug!(encoding = ?state.encoding, client = ?state.client, config = ?state.config, "initialize");
    InitializeResult {
        capabilities: capabilities(state),
        server_info: Some(ServerInfo {
            name: "hexcells".into(),
            version: Some(env!("CARGO_PKG_VERSION").into()),
        }),
        ..InitializeResult::default()
    }
}
