//! The commands' reference in `docs/cli.md`: for each command `hexcells --help`
//! lists, what the built binary's `hexcells COMMAND --help` prints (clap's text, from
//! the doc comments of `server/src/cli/args.rs`) as Markdown: its description, its
//! usage, and a bullet per argument and option.

use std::process::Command;

use super::Section;

/// The commands `hexcells --help` lists (not `help`), in its order.
pub fn commands() -> Vec<String> {
    help(&["--help"])
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

/// One part of `docs/cli.md` per command.
pub fn sections() -> Vec<Section> {
    commands()
        .into_iter()
        .map(|command| Section {
            source: format!("`hexcells {command} --help` (server/src/cli/args.rs)"),
            text: markdown(&help(&[&command, "--help"])),
        })
        .collect()
}

/// What the built `hexcells` prints with `args` (it must succeed).
fn help(args: &[&str]) -> String {
    let out = Command::new(crate::bin("hexcells"))
        .args(args)
        .output()
        .expect("run hexcells");
    assert!(out.status.success(), "hexcells {args:?} failed");
    String::from_utf8(out.stdout).expect("--help is UTF-8")
}

/// One argument or option of `--help`: `--budget-ms <N>` and its text's lines (an
/// empty line between paragraphs).
struct Entry {
    name: String,
    lines: Vec<String>,
}

/// clap's `--help` as Markdown: the description, `Usage:` in code, then each
/// argument and option but `--help` and `--version` as a bullet.
pub fn markdown(help: &str) -> String {
    let lines: Vec<&str> = help.lines().collect();
    let usage_at = lines
        .iter()
        .position(|l| l.starts_with("Usage: "))
        .expect("--help has a Usage line");
    let mut text = String::from("\n");
    let about = lines[..usage_at].join("\n");
    if !about.trim().is_empty() {
        text.push_str(about.trim());
        text.push_str("\n\n");
    }
    let usage = lines[usage_at].trim_start_matches("Usage: ");
    text.push_str(&format!("Usage: `{usage}`\n"));
    let entries = entries(&lines[usage_at + 1..]);
    if !entries.is_empty() {
        text.push('\n');
    }
    for entry in entries {
        let mut first = true;
        for line in &entry.lines {
            if first {
                text.push_str(&format!("- `{}`: {line}\n", entry.name));
                first = false;
            } else if line.is_empty() {
                text.push('\n');
            } else {
                text.push_str(&format!("  {line}\n"));
            }
        }
        if first {
            text.push_str(&format!("- `{}`\n", entry.name));
        }
    }
    text.push('\n');
    text
}

/// The entries of the `Arguments:` and `Options:` lists, `--help` and `--version`
/// left out.
fn entries(lines: &[&str]) -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::new();
    for line in lines {
        let indent = line.len() - line.trim_start().len();
        let text = line.split_whitespace().collect::<Vec<_>>().join(" ");
        if indent == 0 && !text.is_empty() {
            continue; // a list's heading
        }
        if indent <= 6 && !text.is_empty() {
            // `  -j, --jobs <N>` alone (its text below), or `  --stdio  Talk ...`.
            let line = line.trim_start();
            let (name, rest) = match line.find("  ") {
                Some(at) => (&line[..at], line[at..].trim()),
                None => (line, ""),
            };
            let mut lines = Vec::new();
            if !rest.is_empty() {
                lines.push(rest.to_string());
            }
            entries.push(Entry {
                name: name.to_string(),
                lines,
            });
        } else if let Some(entry) = entries.last_mut() {
            let blank_before = entry.lines.last().is_none_or(|l| l.is_empty());
            if text.is_empty() && blank_before {
                continue;
            }
            entry.lines.push(text);
        }
    }
    for entry in &mut entries {
        while entry.lines.last().is_some_and(|l| l.is_empty()) {
            entry.lines.pop();
        }
    }
    entries.retain(|e| !(e.name.ends_with("--help") || e.name.ends_with("--version")));
    entries
}
