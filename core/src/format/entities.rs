//! HTML entities (`&#39;`, `&amp;`) that levels copied from web pages carry in their
//! header text. The model keeps text as written; viewers decode it for display.

use std::borrow::Cow;

/// The text with the common HTML entities decoded (`&amp;`, `&lt;`, `&gt;`,
/// `&quot;`, `&apos;`, `&#NN;`, `&#xHH;`); anything else is left as written.
pub fn decode_entities(text: &str) -> Cow<'_, str> {
    if !text.contains('&') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let tail = &rest[amp..];
        match entity_at(tail) {
            Some((c, len)) => {
                out.push(c);
                rest = &tail[len..];
            }
            None => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// Character range (start, end) of the first entity in `text`.
pub fn first_entity(text: &str) -> Option<(u32, u32)> {
    let mut search = 0;
    while let Some(i) = text[search..].find('&') {
        let at = search + i;
        if let Some((_, len)) = entity_at(&text[at..]) {
            let start = text[..at].chars().count() as u32;
            let end = start + text[at..at + len].chars().count() as u32;
            return Some((start, end));
        }
        search = at + 1;
    }
    None
}

/// The character an entity at the start of `text` stands for, and its byte length.
fn entity_at(text: &str) -> Option<(char, usize)> {
    let end = text.find(';')?;
    if end > 10 {
        return None;
    }
    let body = &text[1..end];
    let c = match body {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => '\u{a0}',
        _ => {
            let num = body.strip_prefix('#')?;
            let code = match num.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => num.parse().ok()?,
            };
            char::from_u32(code)?
        }
    };
    Some((c, end + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_common_entities() {
        assert_eq!(decode_entities("Tom&#39;s &amp; Jerry&#x21;"), "Tom's & Jerry!");
        assert_eq!(decode_entities("a & b; &bogus;"), "a & b; &bogus;");
        assert_eq!(first_entity("é &amp;"), Some((2, 7)));
        assert_eq!(first_entity("no entity & here"), None);
    }
}
