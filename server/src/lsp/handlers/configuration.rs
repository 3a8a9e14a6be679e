//! The client's settings (`workspace/configuration`, section `hexcells`), asked for
//! after `initialized` and again on every `workspace/didChangeConfiguration`.

use tower_lsp_server::ls_types::ConfigurationItem;
use tracing::{debug, warn};

use crate::lsp::backend::Backend;
use crate::lsp::state::Config;

/// Asks the client for the `hexcells` settings section, if it answers such requests.
pub async fn refresh(backend: &Backend) {
    if !backend.lock().client.configuration {
        return;
    }
    let item = ConfigurationItem {
        scope_uri: None,
        section: Some("hexcells".into()),
    };
    match backend.client.configuration(vec![item]).await {
        Ok(values) => {
            let config = values.first().map(Config::from_json).unwrap_or_default();
            debug!(?config, "configuration");
            backend.lock().set_config(config);
        }
        Err(e) => warn!("workspace/configuration failed: {}", e.message),
    }
}
