//! The client's settings (`workspace/configuration`, section `hexcells`), asked for
//! after `initialized` and again on every `workspace/didChangeConfiguration`. The
//! answer is laid over the settings `initialize` gave (`initializationOptions`), key by
//! key, so what the client answers wins; an answer of `null` (no settings there)
//! leaves those of `initialize` in force.

use tower_lsp_server::ls_types::ConfigurationItem;
use tracing::{debug, warn};

use crate::lsp::server::LspServer;
use crate::lsp::state::Config;

// Feature: Settings
//
// The section `hexcells` of the editor's settings; how each editor passes them is
// under [Settings the server reads](#settings-the-server-reads).
//
// | key | default | what it does |
// |---|---|---|
// | `inlayHints` | `false` | the blue count after each grid line (see Inlay hints) |
// | `debounceMs` | `150` | quiet time after the last change before the solvability check starts |
// | `budgetMs` | `10000` | time limit of one check, like `hexcells check --budget-ms`; past it the level gets `HC0302` |
//
// A change of the settings takes effect at once: the server asks for them again
// whenever the editor says they changed.
/// Asks the client for the `hexcells` settings section, if it answers such requests.
pub async fn refresh(backend: &LspServer) {
    if !backend.lock().client.configuration {
        return;
    }
    let item = ConfigurationItem {
        scope_uri: None,
        section: Some("hexcells".into()),
    };
    match backend.client.configuration(vec![item]).await {
        Ok(values) => {
            let mut state = backend.lock();
            let config = match values.first().and_then(Config::section) {
                Some(section) => state.initial_config.with_json(section),
                None => state.initial_config.clone(),
            };
            debug!(?config, "configuration");
            state.set_config(config);
        }
        Err(e) => warn!("workspace/configuration failed: {}", e.message),
    }
}
