//! The published page as one HTML file: the levels' frames (each in a `<template>`)
//! and data (each a JSON data block), the list of a pack's levels, the controls, and
//! the one script (`play.js`) and one style (`play.css`), which its
//! Content-Security-Policy (a `<meta http-equiv>`, as no server sends a header) allows
//! by their SHA-256 hashes, and nothing else: `default-src 'none'`, so the page makes
//! no request at all, from `file://` or any host. Every text of a level (title, author)
//! is escaped wherever it goes: the frames' texts by the SVG backend, the page's title
//! and the list here, and the data blocks hold no text of the level.

use super::level_data::LevelPage;
use crate::page_policy::hash_source;
use crate::render::svg;

/// The page's script: it switches looks, counts and keeps the progress.
const SCRIPT: &str = include_str!("play.js");
/// The page's style.
const STYLE: &str = include_str!("play.css");

/// How a page plays, besides its levels.
#[derive(Clone, Debug, Default)]
pub struct PageOptions {
    /// The page's title when it holds a pack (a level's page takes the level's).
    pub pack_title: String,
    /// The right button uncovers blue and the left black (`--swap-buttons`).
    pub swap_buttons: bool,
}

/// The page of `levels` (one level, or a pack with its list).
pub fn page(levels: &[LevelPage], options: &PageOptions) -> String {
    let title = match levels {
        [one] => shown_title(&one.title),
        _ => options.pack_title.clone(),
    };
    let mut out =
        String::with_capacity(levels.iter().map(|l| l.svg.len() + l.data.len()).sum::<usize>() + 32_000);
    out.push_str("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str(&format!(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"{}\">\n",
        policy()
    ));
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str(&format!(
        "<meta name=\"generator\" content=\"hexcells-view {}\">\n",
        env!("CARGO_PKG_VERSION")
    ));
    if let [one] = levels {
        if !one.author.trim().is_empty() {
            out.push_str(&format!(
                "<meta name=\"author\" content=\"{}\">\n",
                escape(&one.author)
            ));
        }
    }
    out.push_str(&format!("<title>{}</title>\n", escape(&title)));
    out.push_str(&format!("<style>{STYLE}</style>\n</head>\n<body>\n"));
    out.push_str("<main id=\"board\"></main>\n<div id=\"bar\">\n");
    if levels.len() > 1 {
        out.push_str("<button id=\"previous\" type=\"button\" aria-label=\"previous level\">◀</button>\n");
        out.push_str("<select id=\"levels\" aria-label=\"levels\">\n");
        for (k, level) in levels.iter().enumerate() {
            out.push_str(&format!(
                "<option value=\"{k}\">{}. {}</option>\n",
                k + 1,
                escape(&shown_title(&level.title))
            ));
        }
        out.push_str("</select>\n");
        out.push_str("<button id=\"next\" type=\"button\" aria-label=\"next level\">▶</button>\n");
    }
    out.push_str(
        "<button id=\"switch\" type=\"button\" aria-pressed=\"false\" title=\"what a tap uncovers\">tap: <b>blue</b></button>\n\
         <button id=\"restart\" type=\"button\">restart</button>\n\
         <span id=\"message\" role=\"status\" aria-live=\"polite\"></span>\n\
         <span id=\"notice\" role=\"note\"></span>\n</div>\n",
    );
    out.push_str(
        "<noscript><p>This page plays a Hexcells level with JavaScript, which is off here.</p></noscript>\n",
    );
    for (k, level) in levels.iter().enumerate() {
        out.push_str(&format!(
            "<template id=\"level-{}\">{}</template>\n",
            k + 1,
            level.svg.trim_end()
        ));
        out.push_str(&format!(
            "<script type=\"application/json\" id=\"data-{}\">{}</script>\n",
            k + 1,
            data_block(&level.data)
        ));
    }
    let pack = serde_json::json!({
        "levels": levels.len(),
        "swap": options.swap_buttons,
        "key": pack_key(levels),
    });
    out.push_str(&format!(
        "<script type=\"application/json\" id=\"pack\">{}</script>\n",
        data_block(&pack.to_string())
    ));
    out.push_str(&format!("<script>{SCRIPT}</script>\n</body>\n</html>\n"));
    out
}

/// A title as the page shows it: a level without one gets a stand-in.
fn shown_title(title: &str) -> String {
    if title.trim().is_empty() {
        "(untitled)".to_string()
    } else {
        title.to_string()
    }
}

/// The page's policy: its script and style by hash, nothing else; no `<base>`, no
/// forms.
pub fn policy() -> String {
    format!(
        "default-src 'none'; script-src '{}'; style-src '{}'; base-uri 'none'; form-action 'none'",
        hash_source(SCRIPT),
        hash_source(STYLE)
    )
}

/// `text` with the HTML specials escaped, for text and attribute values alike: the
/// SVG's escaping (`&`, `<`, `>`, `"`, control characters as spaces) and `'`.
pub fn escape(text: &str) -> String {
    svg::escape(text).replace('\'', "&#39;")
}

/// JSON as the text of a data block: no `<`, so nothing in it can end the block.
fn data_block(json: &str) -> String {
    json.replace('<', "\\u003c")
}

/// The key of a pack's place (the level last played), from its levels' keys.
fn pack_key(levels: &[LevelPage]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for level in levels {
        for byte in level.key.bytes().chain([b'\n']) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(title: &str) -> LevelPage {
        LevelPage {
            title: title.to_string(),
            author: String::new(),
            key: "0123".to_string(),
            svg: "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n".to_string(),
            data: r#"{"key":"0123","items":"b","labels":["</script><b>"]}"#.to_string(),
        }
    }

    #[test]
    fn text_and_attribute_values_are_escaped_quotes_and_control_characters_included() {
        assert_eq!(
            escape("it's <a & \"b\">\u{7}"),
            "it&#39;s &lt;a &amp; &quot;b&quot;&gt; "
        );
    }

    #[test]
    fn the_policy_allows_the_one_script_and_style_by_hash_and_nothing_else() {
        let page = page(&[sample("A")], &PageOptions::default());
        let policy = policy();
        assert!(policy.starts_with("default-src 'none';"), "{policy}");
        assert!(!policy.contains("unsafe") && !policy.contains("http"), "{policy}");
        assert!(page.contains(&format!("<style>{STYLE}</style>")));
        assert!(page.contains(&format!("<script>{SCRIPT}</script>")));
        assert_eq!(page.matches("<script>").count(), 1, "one script runs");
        assert_eq!(page.matches("<style").count(), 1);
        assert!(!SCRIPT.contains("</script") && !STYLE.contains("</style"));
        // No address to fetch: the SVG's namespace is a name, not a request.
        let without_namespace = page.replace("http://www.w3.org/2000/svg", "");
        assert!(!without_namespace.contains("http:") && !without_namespace.contains("https:"));
        assert!(!without_namespace.contains(" src=") && !without_namespace.contains(" href=\"http"));
    }

    #[test]
    fn markup_in_a_title_is_text_and_a_data_block_cannot_be_ended() {
        let pack = page(
            &[sample("<img src=x onerror=ran=1>"), sample("A & \"B\"")],
            &PageOptions {
                pack_title: "<script>ran=2</script>".to_string(),
                swap_buttons: true,
            },
        );
        assert!(
            pack.contains("<title>&lt;script&gt;ran=2&lt;/script&gt;</title>"),
            "{pack}"
        );
        assert!(pack.contains(">1. &lt;img src=x onerror=ran=1&gt;</option>"));
        assert!(pack.contains(">2. A &amp; &quot;B&quot;</option>"));
        assert!(!pack.contains("<img") && !pack.contains("</script><b>"));
        assert!(pack.contains(r#"\u003c/script>\u003cb>"#));
        assert!(pack.contains(r#""swap":true"#));
        let mut marked = sample("A");
        marked.author = "<b>\"x\"</b>".to_string();
        let one = page(&[marked], &PageOptions::default());
        assert!(
            one.contains(r#"<meta name="author" content="&lt;b&gt;&quot;x&quot;&lt;/b&gt;">"#),
            "{one}"
        );
        let one = page(&[sample("  ")], &PageOptions::default());
        assert!(one.contains("<title>(untitled)</title>") && !one.contains("<select"));
    }
}
