//! The `$ command` examples of a Markdown page and the output lines it shows after
//! each, as docs.rs reads them from docs/cli.md and dist.rs from README.md; the
//! engine's timings masked when outputs are compared, and the page rewritten from a
//! run (`HEXCELLS_BLESS=1`). Code blocks may be indented (inside a list item): their
//! lines are read without the fence's indentation and written back with it.

/// One `$ command` of a code block and the lines the page shows after it.
pub struct Example {
    /// Index of the `$` line in the page.
    pub line_idx: usize,
    pub command: String,
    pub shown: Vec<String>,
    /// The indentation of the code block's fence.
    pub indent: String,
}

/// The `$` examples of every code block of `page`, in page order.
pub fn examples(page: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut fence: Option<String> = None;
    let mut current: Option<Example> = None;
    for (line_idx, line) in page.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            fence = match fence {
                Some(_) => None,
                None => Some(line[..line.len() - trimmed.len()].to_string()),
            };
            examples.extend(current.take());
            continue;
        }
        let Some(indent) = &fence else { continue };
        let line = line.strip_prefix(indent.as_str()).unwrap_or(line);
        if let Some(command) = line.strip_prefix("$ ") {
            examples.extend(current.take());
            current = Some(Example {
                line_idx,
                command: command.to_string(),
                shown: Vec::new(),
                indent: indent.clone(),
            });
        } else if let Some(example) = current.as_mut() {
            example.shown.push(line.to_string());
        }
    }
    examples
}

/// `page` with the output of each example that printed something else replaced by
/// what it printed (timings alone do not count).
pub fn rewrite(page: &str, examples: &[Example], printed: &[Vec<String>]) -> String {
    let mut lines: Vec<String> = page.lines().map(str::to_string).collect();
    for (example, got) in examples.iter().zip(printed).rev() {
        if mask_all(got) == mask_all(&example.shown) {
            continue;
        }
        let start = example.line_idx + 1;
        let indented = got.iter().map(|l| {
            if l.is_empty() {
                String::new()
            } else {
                format!("{}{l}", example.indent)
            }
        });
        lines.splice(start..start + example.shown.len(), indented);
    }
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

/// The lines with what changes from run to run masked: the engine's timings, and the
/// progress lines `hexcells generate` prints only when a run takes over a second (so a
/// busy machine prints them where an idle one does not).
pub fn mask_all(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| !l.starts_with("hexcells: generating: "))
        .map(|l| mask_number(&mask_number(l, "\"millis\":", ""), "engine calls, ", " s)"))
        .collect()
}

/// `line` with the number between `before` and `after` written as `_`.
pub fn mask_number(line: &str, before: &str, after: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find(before) {
        let (head, tail) = rest.split_at(at + before.len());
        out.push_str(head);
        let digits = tail
            .find(|c: char| !c.is_ascii_digit() && c != '.')
            .unwrap_or(tail.len());
        if digits > 0 && tail[digits..].starts_with(after) {
            out.push('_');
            rest = &tail[digits..];
        } else {
            rest = tail;
        }
    }
    out.push_str(rest);
    out
}
