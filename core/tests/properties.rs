//! Property tests of the text format: `parse(print(level)) == level`, quirks of real
//! files do not change a level's meaning, `format` is idempotent and keeps the
//! meaning, and the parser never panics (random bytes, random lines in the format's
//! alphabet, random edits of real corpus levels) and keeps every range inside the text;
//! a [`LiveParse`] that follows random edits of a pack reads what a fresh parse reads.

mod support;

use hexcells_corpus::Corpus;
use support::strategies;

use std::sync::OnceLock;

use hexcells_core::format::{format, parse, print, print_pack, sixcells, LiveParse, Parse, MAGIC};
use hexcells_core::{Column, Diagnostic, Hint, Item, Level, Pos};
use proptest::prelude::*;

/// Header text: anything without a line break that does not read as the magic line.
fn header_text() -> impl Strategy<Value = String> {
    "[^\r\n]{0,24}".prop_filter("not the magic line", |s| s.trim() != MAGIC)
}

fn level() -> impl Strategy<Value = Level> {
    let anywhere = (0..33i32, 0..33i32).prop_filter_map("on the grid", |(x, y)| Pos::new(x, y));
    strategies::level(header_text, anywhere, 0..80)
}

/// Text made of lines in the format's own alphabet, with magic lines now and then, to
/// reach the parser's deeper paths more often than random bytes do.
fn format_like_text() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        1 => Just(MAGIC.to_string()),
        1 => "[^\n]{0,12}",
        8 => "[.oOxX\\\\|/+cn?q \t\r]{0,72}",
    ];
    proptest::collection::vec(line, 0..45).prop_map(|lines| lines.join("\n"))
}

/// The levels of a parse, without their source maps.
fn levels(parse: &Parse) -> Vec<Level> {
    parse.levels.iter().map(|l| l.level.clone()).collect()
}

/// Every diagnostic range (and related range) lies inside the text.
fn assert_ranges_inside(text: &str, parse: &Parse) {
    let lines: Vec<u32> = text
        .split('\n')
        .enumerate()
        .map(|(i, l)| {
            let l = l.strip_suffix('\r').unwrap_or(l);
            let bom = u32::from(i == 0 && l.starts_with('\u{feff}'));
            l.chars().count() as u32 + bom
        })
        .collect();
    for d in parse.all_diagnostics() {
        let ranges = std::iter::once(d.range).chain(d.related.iter().map(|r| r.range));
        for range in ranges {
            let len = lines.get(range.line as usize).copied();
            assert!(
                len.is_some_and(|len| range.start <= range.end && range.end <= len),
                "{} range {range:?} is outside the text (line length {len:?}): {}",
                d.code,
                d.message
            );
        }
    }
}

/// A well-formed text, parsed, must not change when formatted, and formatting must
/// be a fixed point.
fn check_format(text: &str) {
    let original = parse(text);
    if let Ok(formatted) = format(text) {
        assert_eq!(
            levels(&parse(&formatted)),
            levels(&original),
            "format changed the meaning"
        );
        assert_eq!(
            format(&formatted),
            Ok(formatted.clone()),
            "format is not idempotent"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn print_then_parse_gives_the_level_back(level in level()) {
        let text = print(&level);
        let parsed = parse(&text);
        prop_assert_eq!(levels(&parsed), vec![level.clone()]);
        prop_assert_eq!(format(&text), Ok(text.clone()));
    }

    #[test]
    fn sixcells_json_gives_the_level_back(level in level()) {
        // A column always shows a number; SixCells cannot say "no number" for one.
        let mut expected = level.clone();
        for (pos, column) in level.columns() {
            if column.hint == Hint::None {
                expected.set(pos, Some(Item::Column(Column { hint: Hint::Plain, ..column })));
            }
        }
        prop_assert_eq!(sixcells::import(&sixcells::export(&level)), Ok(expected));
    }

    #[test]
    fn a_pack_reads_back_level_by_level(a in level(), b in level()) {
        let text = print_pack([&a, &b]);
        prop_assert_eq!(levels(&parse(&text)), vec![a, b]);
    }

    #[test]
    fn quirks_of_real_files_keep_the_meaning(
        level in level(),
        crlf in any::<bool>(),
        bom in any::<bool>(),
        indent in prop_oneof![Just(""), Just("    "), Just("\t")],
        trailing in prop_oneof![Just(""), Just("  "), Just(" \t")],
        final_newline in any::<bool>(),
        extra_row in any::<bool>(),
    ) {
        let canonical = print(&level);
        let mut lines: Vec<String> = canonical.lines().map(String::from).collect();
        for line in lines.iter_mut().skip(5) {
            *line = format!("{indent}{line}{trailing}");
        }
        if extra_row {
            lines.push(".".repeat(66));
        }
        let eol = if crlf { "\r\n" } else { "\n" };
        let mut text = lines.join(eol);
        if final_newline {
            text.push_str(eol);
        }
        if bom {
            text.insert(0, '\u{feff}');
        }
        let parsed = parse(&text);
        prop_assert_eq!(levels(&parsed), vec![level]);
        let syntax_errors: Vec<_> = parsed
            .all_diagnostics()
            .into_iter()
            .filter(Diagnostic::is_syntax_error)
            .collect();
        prop_assert!(syntax_errors.is_empty(), "{:?}", syntax_errors);
        assert_ranges_inside(&text, &parsed);
        prop_assert_eq!(format(&text), Ok(canonical));
    }

    #[test]
    fn a_live_parse_follows_edits_as_a_fresh_parse_reads_them(
        pack in proptest::collection::vec(level(), 1..5),
        edits in proptest::collection::vec(
            (
                any::<prop::sample::Index>(),
                0..4u8,
                prop_oneof![
                    4 => "[.oOxX+\n]{1,3}",
                    1 => Just(format!("{MAGIC}\n")),
                    1 => Just("\u{feff}".to_string()),
                    1 => Just("\r\n".to_string()),
                ],
            ),
            1..12,
        ),
    ) {
        let mut text: Vec<char> = print_pack(pack.iter()).chars().collect();
        let mut live = LiveParse::new(text.iter().collect());
        for (at, kind, insert) in edits {
            let at = at.index(text.len() + 1);
            match kind {
                0 => { text.splice(at..at, insert.chars()); }
                1 => { text.drain(at..(at + insert.len()).min(text.len())); }
                2 => {
                    let end = (at + insert.len()).min(text.len());
                    text.splice(at..end, insert.chars());
                }
                _ => {
                    // Move a stretch of lines: a level cut and pasted elsewhere.
                    let end = (at + 600).min(text.len());
                    let cut: Vec<char> = text.drain(at..end).collect();
                    let to = (at * 7 + 13) % (text.len() + 1);
                    text.splice(to..to, cut);
                }
            }
            let now: String = text.iter().collect();
            let read = live.update(now.clone());
            prop_assert_eq!(live.parse(), &parse(&now));
            prop_assert!(read.iter().all(|&k| k < live.parse().levels.len()));
            for k in 0..live.parse().levels.len() {
                prop_assert_eq!(
                    live.fingerprint(k),
                    Some(hexcells_core::format::live::fingerprint(&live.parse().levels[k].level))
                );
            }
        }
    }

    #[test]
    fn never_panics_on_random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..4000)) {
        let text = String::from_utf8_lossy(&bytes);
        let parsed = parse(&text);
        assert_ranges_inside(&text, &parsed);
        check_format(&text);
    }

    #[test]
    fn never_panics_on_format_like_text(text in format_like_text()) {
        let parsed = parse(&text);
        assert_ranges_inside(&text, &parsed);
        check_format(&text);
    }

    #[test]
    fn never_panics_on_random_edits_of_real_levels(
        file_idx in any::<prop::sample::Index>(),
        edits in proptest::collection::vec(
            (any::<prop::sample::Index>(), 0..4u8, "[.oOxX\\\\|/+cn\n\r\t é]{1,4}"),
            1..8,
        ),
    ) {
        let Some(files) = corpus_texts() else {
            return Ok(());
        };
        let mut text: Vec<char> = files[file_idx.index(files.len())].chars().collect();
        for (at, kind, insert) in edits {
            let at = at.index(text.len() + 1);
            match kind {
                0 => { text.splice(at..at, insert.chars()); }
                1 => { text.drain(at..(at + insert.len()).min(text.len())); }
                2 => {
                    let end = (at + insert.len()).min(text.len());
                    text.splice(at..end, insert.chars());
                }
                _ => {
                    // Duplicate a stretch: like a pasted line or a repeated level.
                    let end = (at + 80).min(text.len());
                    let copy: Vec<char> = text[at..end].to_vec();
                    text.splice(at..at, copy);
                }
            }
        }
        let text: String = text.into_iter().collect();
        let parsed = parse(&text);
        assert_ranges_inside(&text, &parsed);
        check_format(&text);
    }
}

#[test]
fn real_levels_format_idempotently_and_survive_sixcells_json() {
    let Some(files) = corpus_texts() else {
        return;
    };
    for text in files {
        let parsed = parse(text);
        assert_ranges_inside(text, &parsed);
        check_format(text);
        for level in levels(&parsed) {
            if level.columns().all(|(_, c)| c.hint != Hint::None) {
                assert_eq!(sixcells::import(&sixcells::export(&level)), Ok(level));
            }
        }
    }
}

/// The corpus texts, read once; `None` (with the test reported as skipped) when the
/// corpus is absent.
fn corpus_texts() -> Option<&'static [String]> {
    static TEXTS: OnceLock<Option<Vec<String>>> = OnceLock::new();
    let texts = TEXTS
        .get_or_init(|| Corpus::locate().map(|c| c.levels().into_iter().map(|f| f.text).collect()))
        .as_deref()
        .filter(|files| !files.is_empty());
    thread_local! {
        // Each test runs on its own thread: report it once, not once per proptest case.
        static REPORTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    if texts.is_none() && !REPORTED.replace(true) {
        hexcells_corpus::report_absent();
    }
    texts
}
