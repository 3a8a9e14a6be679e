//! What the viewer's two web pages share about their Content-Security-Policy: the
//! page `--serve` serves (`serve/page.rs`) and the page `--html` writes
//! (`publish/html.rs`) each allow their one inline script and style by hash, never
//! `'unsafe-inline'`, so markup that slipped into a frame could run nothing.
//!
//! Imports nothing of the viewer.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use sha2::{Digest, Sha256};

/// A policy's hash source for an inline script or style's `text`: `sha256-` and the
/// digest in base64.
pub fn hash_source(text: &str) -> String {
    format!("sha256-{}", STANDARD.encode(Sha256::digest(text.as_bytes())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_source_is_the_base64_sha256_of_the_text() {
        // The example of the CSP specification ("Hash usage for script elements").
        assert_eq!(
            hash_source("alert('Hello, world.');"),
            "sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng="
        );
    }
}
