//! Updates smaller than the frame: a page gets its first frame whole, then only the
//! top-level elements that changed: of the frame's body (each `data-cell` group, each
//! `data-part`, each loose shape) and of its `<defs>` (each tile and glyph, defined on
//! first use, so a click or a zoom adds some). A patch lists the new `defs` and `body`
//! in order, each entry either a run of the page's current elements (`[first, count]`,
//! kept as they are) or one new element's SVG text; the page (`page.html`) rebuilds its
//! `<svg>` from it. The frame goes whole again when the `<svg>` tag differs (the size)
//! or when the patch would not be smaller than the frame (a zoom or a pan moves
//! everything).
//! Imports nothing but serde_json.

use std::collections::HashMap;

use serde_json::{json, Value};

/// A frame as drawn: the window's title and the SVG document.
#[derive(Debug, Default, PartialEq)]
pub struct Drawn {
    /// The window's title.
    pub title: String,
    /// The SVG document (empty before the first frame).
    pub svg: String,
}

/// What a page holds: the frame's `<svg ...>` tag, the elements in its `<defs>` (none:
/// no `<defs>`) and the top-level elements after them.
#[derive(Debug, Default)]
pub struct PageFrame {
    head: String,
    defs: Vec<String>,
    body: Vec<String>,
}

/// The closing of every frame (`Svg::finish`).
const TAIL: &str = "</svg>\n";

impl PageFrame {
    /// The message that brings a page showing `self` (`None`: nothing yet) to `drawn`,
    /// and what the page then shows.
    pub fn update(shown: Option<&PageFrame>, drawn: &Drawn) -> (String, Option<PageFrame>) {
        let whole = json!({ "title": drawn.title, "svg": drawn.svg }).to_string();
        let Some(next) = split(&drawn.svg) else {
            // Not a frame this module can take apart: whole, and whole next time too.
            return (whole, None);
        };
        let Some(shown) = shown.filter(|s| s.head == next.head) else {
            return (whole, Some(next));
        };
        let patch = json!({
            "title": drawn.title,
            "defs": patch(&shown.defs, &next.defs),
            "body": patch(&shown.body, &next.body),
        })
        .to_string();
        if patch.len() < whole.len() {
            (patch, Some(next))
        } else {
            (whole, Some(next))
        }
    }
}

/// The entries that turn the elements `old` into `body`: runs of kept elements, new
/// elements' text.
fn patch(old: &[String], body: &[String]) -> Vec<Value> {
    // Each element of the page may be kept once (it is moved, not copied).
    let mut unused: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, element) in old.iter().enumerate().rev() {
        unused.entry(element).or_default().push(i);
    }
    let mut entries = Vec::new();
    let mut run: Option<(usize, usize)> = None;
    for element in body {
        let kept = unused.get_mut(element.as_str()).and_then(Vec::pop);
        match (kept, run) {
            (Some(i), Some((first, count))) if first + count == i => run = Some((first, count + 1)),
            (Some(i), _) => {
                if let Some((first, count)) = run.replace((i, 1)) {
                    entries.push(json!([first, count]));
                }
            }
            (None, _) => {
                if let Some((first, count)) = run.take() {
                    entries.push(json!([first, count]));
                }
                entries.push(Value::String(element.clone()));
            }
        }
    }
    if let Some((first, count)) = run {
        entries.push(json!([first, count]));
    }
    entries
}

/// `svg` as head and body elements, or `None` if it is not shaped as `Svg::finish`
/// writes frames.
fn split(svg: &str) -> Option<PageFrame> {
    let rest = svg.strip_suffix(TAIL)?;
    let head_end = rest.find('>')? + 1;
    let (head, mut body) = rest.split_at(head_end);
    let mut defs = Vec::new();
    if let Some(inside) = body.strip_prefix("<defs>") {
        let end = inside.find("</defs>")?;
        defs = elements(&inside[..end])?;
        body = &inside[end + "</defs>".len()..];
    }
    Some(PageFrame {
        head: head.to_string(),
        defs,
        body: elements(body)?,
    })
}

/// `text` as whole elements, or `None` if it is not a run of them.
fn elements(mut text: &str) -> Option<Vec<String>> {
    let mut elements = Vec::new();
    while !text.is_empty() {
        let end = element_end(text)?;
        elements.push(text[..end].to_string());
        text = &text[end..];
    }
    Some(elements)
}

/// Where the element that `text` starts with ends, or `None` if `text` does not start
/// with a whole element.
fn element_end(text: &str) -> Option<usize> {
    if !text.starts_with('<') {
        return None;
    }
    let mut depth = 0usize;
    let mut at = 0;
    loop {
        let open = at + text[at..].find('<')?;
        let close = open + text[open..].find('>')?;
        let tag = &text[open..=close];
        if tag.starts_with("</") {
            depth = depth.checked_sub(1)?;
        } else if !tag.ends_with("/>") {
            depth += 1;
        }
        at = close + 1;
        if depth == 0 {
            return Some(at);
        }
    }
}

/// The frame a page shows after `update` (a message of its socket), given the SVG it
/// showed before: a whole frame replaces it, a patch is applied as `page.html` applies
/// it (each `defs` and `body` entry a run `[first, count]` of the elements it had, or a
/// new element's text). `None` when `svg` or the patch is not shaped as this module
/// writes them. For clients written in Rust (the tests read the page's socket with it).
pub fn apply(svg: &str, update: &Value) -> Option<String> {
    if let Some(whole) = update["svg"].as_str() {
        return Some(whole.to_string());
    }
    let shown = split(svg)?;
    let defs = rebuilt(&shown.defs, &update["defs"])?;
    let body = rebuilt(&shown.body, &update["body"])?;
    let defs = if defs.is_empty() {
        defs
    } else {
        format!("<defs>{defs}</defs>")
    };
    Some(format!("{}{defs}{body}{TAIL}", shown.head))
}

/// One list of a patch's entries over the elements `old` had.
fn rebuilt(old: &[String], entries: &Value) -> Option<String> {
    let mut out = String::new();
    for entry in entries.as_array()? {
        match entry {
            Value::String(element) => out.push_str(element),
            Value::Array(run) => {
                let first = usize::try_from(run.first()?.as_u64()?).ok()?;
                let count = usize::try_from(run.get(1)?.as_u64()?).ok()?;
                out.push_str(&old.get(first..first.checked_add(count)?)?.concat());
            }
            _ => return None,
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Applies `message` to `shown`'s SVG as the page does.
    fn apply(svg: &str, message: &str) -> String {
        super::apply(svg, &serde_json::from_str(message).unwrap()).unwrap()
    }

    fn frame(defs: &str, body: &[&str]) -> Drawn {
        let head = r#"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9" viewBox="0 0 9 9">"#;
        Drawn {
            title: "t".into(),
            svg: format!("{head}{defs}{}{TAIL}", body.concat()),
        }
    }

    #[test]
    fn a_patch_rebuilds_the_frame_exactly() {
        let cell = |n: usize, c: &str| {
            format!(r##"<g data-cell="A{n}"><use href="#t0" fill="{c}"/><text>A{n}</text></g>"##)
        };
        let many: Vec<String> = (0..40).map(|n| cell(n, "#000")).collect();
        let mut changed = many.clone();
        changed[7] = cell(7, "#fff");
        changed.remove(20);
        changed.insert(3, r#"<rect width="1" height="1"/>"#.into());
        changed.swap(30, 31);
        let refs = |v: &[String]| v.iter().map(String::clone).collect::<Vec<_>>();
        let before = frame(
            "<defs><g id=\"t0\"/></defs>",
            &refs(&many).iter().map(String::as_str).collect::<Vec<_>>(),
        );
        let after = frame(
            "<defs><g id=\"t0\"/></defs>",
            &changed.iter().map(String::as_str).collect::<Vec<_>>(),
        );
        let (_, shown) = PageFrame::update(None, &before);
        let (message, _) = PageFrame::update(shown.as_ref(), &after);
        assert!(message.contains("\"body\""), "a patch, not the frame");
        assert!(
            message.len() < after.svg.len() / 4,
            "{} of {}",
            message.len(),
            after.svg.len()
        );
        assert_eq!(apply(&before.svg, &message), after.svg);
    }

    #[test]
    fn new_defs_are_patched_and_a_new_size_or_a_large_change_go_whole() {
        let cells: Vec<String> = (0..20)
            .map(|n| format!(r#"<g data-cell="A{n}"><path d="M{n} 0"/></g>"#))
            .collect();
        let cells: Vec<&str> = cells.iter().map(String::as_str).collect();
        let a = frame("", &cells);
        let b = frame("<defs><path id=\"g41\"/></defs>", &cells);
        let c = frame("<defs><path id=\"g41\"/></defs>", &["<g data-part=\"y\"></g>"]);
        let (_, shown) = PageFrame::update(None, &a);
        let (message, shown) = PageFrame::update(shown.as_ref(), &b);
        assert!(message.contains("\"defs\""), "new defs: a patch");
        assert_eq!(apply(&a.svg, &message), b.svg);
        let (message, shown) = PageFrame::update(shown.as_ref(), &a);
        assert_eq!(apply(&b.svg, &message), a.svg, "the defs gone");
        let (message, shown) = PageFrame::update(shown.as_ref(), &c);
        assert_eq!(apply(&a.svg, &message), c.svg, "all changed");
        // Tiny elements reversed: runs of one cost more than the elements.
        let tiny: Vec<String> = (100..300).map(|n| format!("<g{n}/>")).collect();
        let tiny: Vec<&str> = tiny.iter().map(String::as_str).collect();
        let reversed: Vec<&str> = tiny.iter().rev().copied().collect();
        let (_, shown) = PageFrame::update(shown.as_ref(), &frame("", &tiny));
        let (message, shown) = PageFrame::update(shown.as_ref(), &frame("", &reversed));
        assert!(
            message.contains("\"svg\""),
            "a patch larger than the frame: whole"
        );
        let d = Drawn {
            title: "t".into(),
            svg: c.svg.replace("width=\"9\"", "width=\"8\""),
        };
        let (message, _) = PageFrame::update(shown.as_ref(), &d);
        assert!(message.contains("\"svg\""), "a new size: whole");
    }

    #[test]
    fn text_that_is_not_a_frame_goes_whole() {
        assert!(split("<svg>text</svg>\n").is_none());
        assert!(split("<svg><g></svg>\n").is_none());
        let (message, shown) = PageFrame::update(
            None,
            &Drawn {
                title: "t".into(),
                svg: "nonsense".into(),
            },
        );
        assert!(shown.is_none() && message.contains("nonsense"));
    }
}
