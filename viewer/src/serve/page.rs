//! The page (`page.html`, embedded) and the policy it is sent with: its one script and
//! its one style are allowed by their SHA-256 hashes (worked out once, from the page
//! as built), and nothing else may run or style it. So a frame's SVG, which the page
//! puts in with `innerHTML`, can never run script even if its text were not escaped:
//! no `'unsafe-inline'`, for scripts or styles (the SVG styles itself with
//! presentation attributes, which a policy does not govern).

use std::sync::LazyLock;

use crate::page_policy::hash_source;

/// The page: its HTML, style and script in one small file.
pub const PAGE: &str = include_str!("page.html");

/// The page's `Content-Security-Policy`.
pub fn policy() -> &'static str {
    static POLICY: LazyLock<String> = LazyLock::new(|| policy_for(PAGE));
    &POLICY
}

/// The policy for `page`: its inline script and style by hash; sockets to its own
/// origin only; no `<base>`, no forms; framed only by its own origin and VS Code's
/// webview.
fn policy_for(page: &str) -> String {
    let script = hash_source(inline(page, "script"));
    let style = hash_source(inline(page, "style"));
    format!(
        "default-src 'none'; script-src '{script}'; style-src '{style}'; connect-src 'self'; \
         base-uri 'none'; form-action 'none'; frame-ancestors 'self' vscode-webview: vscode-file:"
    )
}

/// The text of the page's one `<tag>` element (written without attributes), exactly
/// as the browser hashes it.
fn inline<'a>(page: &'a str, tag: &str) -> &'a str {
    let open = format!("<{tag}>");
    let close = format!("</{tag}>");
    let start = page.find(&open).map(|i| i + open.len());
    let text = start.and_then(|start| Some(&page[start..start + page[start..].find(&close)?]));
    text.unwrap_or_else(|| panic!("page.html has no <{tag}> element"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_names_the_page_s_one_script_and_one_style_and_nothing_inline() {
        assert_eq!(PAGE.matches("<script").count(), 1, "one script element");
        assert_eq!(PAGE.matches("<style").count(), 1, "one style element");
        let policy = policy();
        assert!(!policy.contains("unsafe"), "{policy}");
        let script = hash_source(inline(PAGE, "script"));
        let style = hash_source(inline(PAGE, "style"));
        assert!(policy.contains(&format!("script-src '{script}';")), "{policy}");
        assert!(policy.contains(&format!("style-src '{style}';")), "{policy}");
        assert!(inline(PAGE, "script").contains("new WebSocket"));
    }
}
