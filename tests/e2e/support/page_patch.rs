//! The page's frames as a browser shows them: the first update of a socket is a whole
//! frame (`{"title", "svg"}`), the next ones may be patches (`{"title", "defs", "body"}`,
//! `viewer/src/serve/diff.rs`), applied here as `page.html` applies them.
//! (`viewer/tests/serve.rs` keeps its own reading of the same format, to test the
//! server against a second implementation.)

use serde_json::Value;

/// `svg` with a patch applied as page.html applies it: the `<svg>` keeps its own tag;
/// the elements in its `<defs>` (no `<defs>` if none) and its other top-level elements
/// become the patch's `defs` and `body` entries in order, each a run `[first, count]`
/// of the elements it had, or a new element's text.
pub fn patched(svg: &str, update: &Value) -> String {
    let inner = svg.strip_suffix("</svg>\n").expect("a frame");
    let head = &inner[..=inner.find('>').unwrap()];
    let mut old_body = children(&inner[head.len()..]);
    let old_defs = match old_body.first() {
        Some(defs) if defs.starts_with("<defs>") => {
            let defs = old_body.remove(0);
            children(&defs["<defs>".len()..defs.len() - "</defs>".len()])
        }
        _ => Vec::new(),
    };
    let defs = rebuilt(&old_defs, &update["defs"]);
    let body = rebuilt(&old_body, &update["body"]);
    let defs = if defs.is_empty() {
        defs
    } else {
        format!("<defs>{defs}</defs>")
    };
    format!("{head}{defs}{body}</svg>\n")
}

fn rebuilt(old: &[String], entries: &Value) -> String {
    let mut out = String::new();
    for entry in entries.as_array().expect("a patch's list") {
        match entry {
            Value::String(element) => out.push_str(element),
            Value::Array(run) => {
                let first = run[0].as_u64().unwrap() as usize;
                let count = run[1].as_u64().unwrap() as usize;
                out.push_str(&old[first..first + count].concat());
            }
            other => panic!("not a patch entry: {other}"),
        }
    }
    out
}

/// The top-level elements of `text`.
fn children(text: &str) -> Vec<String> {
    let mut elements = Vec::new();
    let (mut depth, mut start, mut at) = (0, 0, 0);
    while let Some(open) = text[at..].find('<').map(|i| i + at) {
        let close = open + text[open..].find('>').unwrap();
        let tag = &text[open..=close];
        at = close + 1;
        if tag.starts_with("</") {
            depth -= 1;
            if depth == 0 {
                elements.push(text[start..at].to_string());
            }
        } else if tag.ends_with("/>") {
            if depth == 0 {
                elements.push(tag.to_string());
            }
        } else {
            if depth == 0 {
                start = open;
            }
            depth += 1;
        }
    }
    elements
}
