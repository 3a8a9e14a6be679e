//! The key line at the bottom of the window: as many whole parts of it as fit the
//! window's width, most needed first. A part (`Ctrl+S save`) is never cut: what does
//! not fit is left for the help panel, which the first part names.

use super::text;

/// Between two parts of the line.
pub const SEPARATOR: &str = " · ";

/// The first parts of `parts` that fit on one line of `width` pixels at `size`, in
/// order: the first part that does not fit ends the line, so a part never shows
/// without the more needed ones before it.
pub fn fit(parts: &[String], size: f32, width: f32) -> Vec<String> {
    fit_lines("", parts, size, width, 1).1
}

/// `lead` (a status such as `level 2 of 5 (N / P)`, or nothing), then as many whole
/// parts as fit, on at most `max_lines` lines of `width` pixels at `size`; lines
/// break between parts. Returns the lines and the parts they show.
pub fn fit_lines(
    lead: &str,
    parts: &[String],
    size: f32,
    width: f32,
    max_lines: usize,
) -> (Vec<String>, Vec<String>) {
    let max_lines = max_lines.max(1);
    let fits = |line: &str| text::measure(line, size).0 <= width;
    let mut lines = if lead.is_empty() {
        Vec::new()
    } else {
        text::wrap(lead, size, width, max_lines)
    };
    let mut current = lines.pop().unwrap_or_default();
    let mut shown = Vec::new();
    for part in parts {
        let joined = if current.is_empty() {
            part.clone()
        } else {
            format!("{current}{SEPARATOR}{part}")
        };
        if fits(&joined) {
            current = joined;
        } else if lines.len() + 1 < max_lines && !current.is_empty() && fits(part) {
            lines.push(std::mem::replace(&mut current, part.clone()));
        } else {
            break;
        }
        shown.push(part.clone());
    }
    lines.push(current);
    (lines, shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|t| t.to_string()).collect()
    }

    fn width_of(text: &str) -> f32 {
        text::measure(text, 12.0).0
    }

    #[test]
    fn whole_parts_in_order_and_nothing_cut() {
        let line = parts(&["? / F1 all keys", "Ctrl+S save", "Tab playtest", "Ctrl+Z undo"]);
        assert_eq!(fit(&line, 12.0, 10_000.0), line, "everything fits");
        // Room for two parts and half of the third: two whole parts.
        let two = width_of("? / F1 all keys · Ctrl+S save");
        let half = width_of(" · Tab pl");
        assert_eq!(fit(&line, 12.0, two + half), line[..2]);
        assert_eq!(fit(&line, 12.0, two), line[..2], "exactly two");
        assert_eq!(fit(&line, 12.0, two - 1.0), line[..1]);
        // A short part after one that does not fit stays out: most needed first.
        let long_then_short = parts(&["? / F1 all keys", "a very long part indeed", "Z"]);
        let room = width_of("? / F1 all keys · Z") + 1.0;
        assert_eq!(fit(&long_then_short, 12.0, room), long_then_short[..1]);
        assert!(fit(&line, 12.0, 5.0).is_empty(), "not even the first part");
    }

    #[test]
    fn on_several_lines_after_a_lead() {
        let line = parts(&["? / F1 all keys", "Click: blue / black", "Z undo"]);
        let width = width_of("level 2 of 5 · ? / F1 all keys") + 1.0;
        let (lines, shown) = fit_lines("level 2 of 5", &line, 12.0, width, 2);
        assert_eq!(
            lines,
            ["level 2 of 5 · ? / F1 all keys", "Click: blue / black · Z undo"]
        );
        assert_eq!(shown, line);
        let (lines, shown) = fit_lines("level 2 of 5", &line, 12.0, width, 1);
        assert_eq!(lines, ["level 2 of 5 · ? / F1 all keys"]);
        assert_eq!(shown, line[..1]);
        // Every line fits, and every part shows whole on one line.
        for width in (150..700).step_by(37) {
            let (lines, shown) = fit_lines("progress cleared", &line, 12.0, width as f32, 2);
            assert!(lines.len() <= 2);
            for l in &lines {
                assert!(width_of(l) <= width as f32, "{l:?} in {width}");
            }
            for part in &shown {
                assert!(
                    lines.iter().any(|l| l.split(SEPARATOR).any(|p| p == part)),
                    "{part}"
                );
            }
        }
        let (lines, shown) = fit_lines("", &line, 12.0, 10_000.0, 2);
        assert_eq!(lines, [line.join(SEPARATOR)]);
        assert_eq!(shown.len(), 3);
    }
}
