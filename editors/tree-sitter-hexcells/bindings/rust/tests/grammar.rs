//! The grammar against the project's own parser: on every fixture level, every
//! level of the shared corpus and small malformed texts, the tree has an ERROR
//! node exactly where `hexcells_core::format::parse` reports a syntax error, and
//! outside them it names each header line and grid group as the parser reads it.

mod support;

use support::{
    corpus_files, error_disagreements, fixture_files, structure_disagreements, syntax_errors, tree,
};

/// The disagreements of one text, prefixed with its name.
fn check(name: &str, text: &str) -> Vec<String> {
    let tree = tree(text);
    let mut out = error_disagreements(text, &tree);
    out.extend(structure_disagreements(text, &tree));
    out.into_iter()
        .map(|problem| format!("{name}: {problem}"))
        .collect()
}

#[test]
fn fixture_levels_read_as_the_parser_reads_them() {
    let files = fixture_files();
    assert!(files.len() > 30, "only {} fixture levels found", files.len());
    let with_errors = files
        .iter()
        .filter(|f| !syntax_errors(&f.text).is_empty())
        .count();
    assert!(
        with_errors >= 8,
        "the fixtures should hold the malformed levels of core/tests/fixtures/parse"
    );
    let problems: Vec<String> = files.iter().flat_map(|f| check(&f.name, &f.text)).collect();
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn corpus_levels_read_as_the_parser_reads_them() {
    let Some(files) = corpus_files() else {
        return;
    };
    let mut wrong = Vec::new();
    for file in &files {
        let problems = check(&file.name, &file.text);
        if !problems.is_empty() {
            wrong.push(problems.join("\n"));
        }
    }
    eprintln!(
        "corpus: {} of {} files without a wrong ERROR node or group",
        files.len() - wrong.len(),
        files.len()
    );
    assert!(
        wrong.is_empty(),
        "{} files disagree:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// A full-size level: header, then 33 grid lines with `rows` on top, each filled
/// up to 66 characters with empty groups.
fn level(rows: &[&str]) -> String {
    let rows: Vec<String> = (0..33)
        .map(|y| format!("{:.<66}", rows.get(y).copied().unwrap_or("")))
        .collect();
    cropped_level(&rows.iter().map(String::as_str).collect::<Vec<_>>())
}

/// A level whose grid lines are just `rows`.
fn cropped_level(rows: &[&str]) -> String {
    let mut text = String::from("Hexcells level v1\nTitle\nAuthor\n\n\n");
    for row in rows {
        text.push_str(row);
        text.push('\n');
    }
    text
}

/// Malformed and quirky texts, each with whether the project's parser finds a
/// syntax error in it; the tree must agree on where.
fn cases() -> Vec<(&'static str, String, bool)> {
    let good = level(&["..x+o.", "X.O+\\+|c/n"]);
    vec![
        ("canonical", good.clone(), false),
        ("crlf", good.replace('\n', "\r\n"), false),
        ("bom", format!("\u{feff}{good}"), false),
        ("no final newline", good.trim_end().to_string(), false),
        ("final cr", format!("{}\r", good.trim_end()), false),
        ("pack", format!("{good}\n{good}{good}"), false),
        ("indented with spaces", good.replace("\n..", "\n    .."), false),
        (
            "indented with a tab, trailing spaces",
            good.replace("\n..x+", "\n\t..x+")
                .replace("o.....\n", "o.....  \n"),
            false,
        ),
        (
            "cropped",
            "Hexcells level v1\nT\nA\n\n\n..x+\no.\n".to_string(),
            false,
        ),
        (
            "short header",
            "Hexcells level v1\nT\nA\nc1\n..x+\no.\n".to_string(),
            false,
        ),
        (
            "custom text of dots",
            "Hexcells level v1\nT\nA\n....\n....\n..x+\n".to_string(),
            false,
        ),
        (
            "blank grid lines",
            "Hexcells level v1\nT\nA\n\n\nx.\n\n\no.\n\n\n".to_string(),
            false,
        ),
        (
            "entities",
            "Hexcells level v1\nTom&#39;s &amp; &bogus; &#x+41;\nA\n\n\nx.\n".to_string(),
            false,
        ),
        (
            "lone cr in the title",
            "Hexcells level v1\nT\rT\nA\n\n\nx.\n".to_string(),
            false,
        ),
        ("trailing text", format!("{good}that was the level\n"), false),
        ("extra empty row", format!("{good}....\n"), false),
        (
            "extra empty groups",
            level(&[&format!("{:.<66}....", "x.")]),
            false,
        ),
        ("blank lines past the grid", format!("{good}\n\ntext\n\n"), false),
        ("only blank lines", "\n \n\t\n".to_string(), false),
        (
            "missing format line",
            "Title\nAuthor\n\n\nx.o.\n".to_string(),
            true,
        ),
        (
            "wrong format line",
            "Hexcells level v2\nTitle\nAuthor\n\n\nx.\n".to_string(),
            true,
        ),
        ("no header", "..x.o.\n..x+\n".to_string(), true),
        ("missing title", "Hexcells level v1\n".to_string(), true),
        (
            "missing author",
            "Hexcells level v1\nTitle\n\n\n".to_string(),
            true,
        ),
        (
            "missing author at the end",
            "Hexcells level v1\nTitle".to_string(),
            true,
        ),
        (
            "missing custom text in a pack",
            format!("Hexcells level v1\nT\nA\nc1\n{good}"),
            true,
        ),
        ("unknown item", level(&["..x.q.o+"]), true),
        ("tab item", level(&["..x.\to+"]), true),
        ("unknown mark", level(&["..x?o+"]), true),
        ("mark on empty", level(&["..x..+o."]), true),
        ("odd line", cropped_level(&["..x.o", "x."]), true),
        ("too long", level(&[&format!("{:.<66}x.", "")]), true),
        ("too many lines", format!("{good}..x.\n"), true),
        ("text in the grid", level(&["", "a note"]), true),
        (
            "broken lines between good ones",
            cropped_level(&["x.", "x.o", "o.", "bad!", "x+"]),
            true,
        ),
        ("space between groups", cropped_level(&["x. o.", "x."]), true),
        (
            "half group before trailing spaces",
            cropped_level(&["..x  ", "o."]),
            true,
        ),
        (
            "item past a long empty run",
            level(&[&format!("{:.<70}x.", "")]),
            true,
        ),
        (
            "letters past the grid's width",
            level(&[&format!("{:.<66}ab", "")]),
            true,
        ),
        (
            "accented letter in a group",
            cropped_level(&["x.\u{e9}.o.", "x."]),
            true,
        ),
        ("lone cr in a grid line", cropped_level(&["x.\ro.", "x."]), true),
    ]
}

#[test]
fn malformed_and_quirky_texts_read_as_the_parser_reads_them() {
    let mut problems = Vec::new();
    for (name, text, has_error) in cases() {
        let errors = syntax_errors(&text);
        assert_eq!(
            !errors.is_empty(),
            has_error,
            "{name}: the project's parser reports {errors:?}; the case is meant to be {}",
            if has_error { "wrong" } else { "right" }
        );
        problems.extend(check(name, &text));
        if !has_error {
            assert!(
                !tree(&text).root_node().has_error(),
                "{name}: {}",
                tree(&text).root_node().to_sexp()
            );
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The tree of a small level, as the grammar's users see it.
#[test]
fn the_tree_names_header_lines_and_groups() {
    let text = "Hexcells level v1\nTom&#39;s\nme\n\nc2\n..x+X.o.Oc\\n|+/.\n";
    let expected = "(source_file (level \
        (header (format_line) (title (entity)) (author) (custom_text) (custom_text)) \
        (grid (grid_row (empty) \
        (blue_cell state: (hidden) mark: (number)) \
        (blue_cell state: (revealed) mark: (no_number)) \
        (black_cell state: (hidden) mark: (no_number)) \
        (black_cell state: (revealed) mark: (together)) \
        (column direction: (down_right) mark: (apart)) \
        (column direction: (down) mark: (number)) \
        (column direction: (down_left) mark: (no_number))))))";
    assert_eq!(tree(text).root_node().to_sexp(), expected);
}

/// Every node of a tree with its byte range, one per line, but not what is inside
/// an ERROR node (how tree-sitter recovers from an error may differ between a
/// fresh parse and a reparse; where the ERROR node is may not).
fn dump(tree: &tree_sitter::Tree) -> String {
    let mut out = String::new();
    let mut cursor = tree.walk();
    let mut depth = 0;
    loop {
        let node = cursor.node();
        let field = cursor.field_name().map_or(String::new(), |f| format!("{f}: "));
        let flag = if node.is_missing() { " MISSING" } else { "" };
        out.push_str(&format!(
            "{:depth$}{field}{}{flag} {:?}\n",
            "",
            node.kind(),
            node.byte_range()
        ));
        if !node.is_error() && cursor.goto_first_child() {
            depth += 1;
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return out;
            }
            depth -= 1;
        }
    }
}

/// Replaces `old_len` bytes at `at` with `new`, in the text and the tree, and
/// parses again with the old tree, as an editor does; the new tree must be the one
/// a fresh parse gives.
fn edit(
    parser: &mut tree_sitter::Parser,
    text: &mut String,
    tree: &mut tree_sitter::Tree,
    at: usize,
    old_len: usize,
    new: &str,
) {
    let new_text = format!("{}{new}{}", &text[..at], &text[at + old_len..]);
    let point = |s: &str| {
        let row = s.matches('\n').count();
        let column = s.len() - s.rfind('\n').map_or(0, |i| i + 1);
        tree_sitter::Point { row, column }
    };
    tree.edit(&tree_sitter::InputEdit {
        start_byte: at,
        old_end_byte: at + old_len,
        new_end_byte: at + new.len(),
        start_position: point(&text[..at]),
        old_end_position: point(&text[..at + old_len]),
        new_end_position: point(&new_text[..at + new.len()]),
    });
    let reparsed = parser.parse(&new_text, Some(tree)).expect("a tree");
    let fresh = support::tree(&new_text);
    assert_eq!(
        dump(&reparsed),
        dump(&fresh),
        "after replacing {:?} at byte {at} with {new:?} in\n{new_text}",
        &text[at..at + old_len]
    );
    *text = new_text;
    *tree = reparsed;
}

/// Parsing again after an edit gives the tree a fresh parse gives (the scanner
/// reads ahead across lines, and tree-sitter must redo what an edit touches).
#[test]
fn reparsing_after_edits_matches_a_fresh_parse() {
    let edits: [(&str, &str); 5] = [
        ("..x+o.", "..x+q."),           // an error appears
        ("..x+q.", "..x+o."),           // and goes
        ("Author\n\n\n", "Author\n\n"), // the header loses a line: the fifth is now grid line 1
        ("Title\n", ""),                // and another
        ("Hexcells level v1\n", "Hexcells level v1\nNew\nMe\n\n\n"),
    ];
    let mut parser = support::parser();
    let mut text = level(&["..x+o.", "X.O+"]);
    let mut tree = parser.parse(&text, None).expect("a tree");
    for (from, to) in edits {
        let at = text
            .find(from)
            .unwrap_or_else(|| panic!("{from:?} not in the text"));
        edit(&mut parser, &mut text, &mut tree, at, from.len(), to);
    }
}

/// Many small edits anywhere (typing and deleting groups, line breaks, format
/// lines), each checked as above.
#[test]
fn reparsing_after_many_small_edits_matches_a_fresh_parse() {
    const PIECES: [&str; 9] = [
        "x.",
        "o+",
        "..",
        "\n",
        "\n\n",
        "q",
        " ",
        "X",
        "Hexcells level v1\n",
    ];
    let starts = [
        level(&["..x+o.", "X.O+", "", "\\+|c/n"]),
        format!("{}{}", level(&["x."]), cropped_level(&["o.", "x+"])),
        "Hexcells level v1\nT\nA\nc1\n..x+\no.\n\n\n".to_string(),
    ];
    // A fixed pseudo-random sequence (xorshift), so a failure can be replayed.
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut parser = support::parser();
    let (mut with_errors, mut without) = (0, 0);
    for start in starts {
        // Every piece is ASCII, so every byte starts a character.
        let mut text = start;
        let mut tree = parser.parse(&text, None).expect("a tree");
        let mut undo: Option<(usize, usize, String)> = None;
        for _ in 0..200 {
            // Half the time, take the last edit back, as one does after a typo.
            if let Some((at, len, old)) = undo.take().filter(|_| next(2) == 0) {
                edit(&mut parser, &mut text, &mut tree, at, len, &old);
            } else {
                let at = next(text.len() + 1);
                let old_len = next(5).min(text.len() - at);
                let new = if next(3) == 0 {
                    ""
                } else {
                    PIECES[next(PIECES.len())]
                };
                let old = text[at..at + old_len].to_string();
                edit(&mut parser, &mut text, &mut tree, at, old_len, new);
                undo = Some((at, new.len(), old));
            }
            if tree.root_node().has_error() {
                with_errors += 1;
            } else {
                without += 1;
            }
        }
    }
    assert!(
        with_errors > 20 && without > 20,
        "the edits should make and mend errors: {with_errors} trees with, {without} without"
    );
}

/// One test of `test/corpus/*.txt`, in the format `tree-sitter test` reads.
struct CorpusTest {
    name: String,
    expects_error: bool,
    input: String,
    expected: String,
}

fn is_rule(line: &str, c: char) -> bool {
    line.len() >= 3 && line.chars().all(|x| x == c)
}

fn corpus_tests(text: &str) -> Vec<CorpusTest> {
    let lines: Vec<&str> = text.lines().collect();
    let mut tests = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !is_rule(lines[i], '=') {
            i += 1;
            continue;
        }
        let mut name = Vec::new();
        let mut expects_error = false;
        i += 1;
        while i < lines.len() && !is_rule(lines[i], '=') {
            match lines[i].trim() {
                ":error" => expects_error = true,
                line => name.push(line),
            }
            i += 1;
        }
        i += 1;
        let start = i;
        while i < lines.len() && !is_rule(lines[i], '-') {
            i += 1;
        }
        let input = lines[start..i.min(lines.len())].join("\n");
        let after = i + 1;
        i = after;
        while i < lines.len() && !is_rule(lines[i], '=') {
            i += 1;
        }
        let expected = lines[after.min(lines.len())..i].join(" ");
        tests.push(CorpusTest {
            name: name.join(" "),
            expects_error,
            input: format!("{}\n", input.trim_matches('\n')),
            expected,
        });
    }
    tests
}

/// An S-expression with single spaces, without field names.
fn normalize(sexp: &str) -> String {
    let spaced = sexp.replace('(', " (").replace(')', " )");
    let words: Vec<&str> = spaced.split_whitespace().filter(|w| !w.ends_with(':')).collect();
    words.join(" ").replace("( ", "(").replace(" )", ")")
}

/// The grammar's own tests (`test/corpus`, what `tree-sitter test` runs), here
/// too, so that they run without the tree-sitter CLI.
#[test]
fn the_grammar_corpus_tests_pass() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("test/corpus");
    let mut n_tests = 0;
    for entry in std::fs::read_dir(&dir).expect("test/corpus").flatten() {
        let text = std::fs::read_to_string(entry.path()).expect("a corpus file");
        for test in corpus_tests(&text) {
            n_tests += 1;
            let tree = tree(&test.input);
            let name = format!("{}: {}", entry.file_name().to_string_lossy(), test.name);
            if test.expects_error {
                assert!(tree.root_node().has_error(), "{name}: no ERROR node");
                assert!(
                    !syntax_errors(&test.input).is_empty(),
                    "{name}: the parser finds no error"
                );
            } else {
                assert_eq!(
                    normalize(&tree.root_node().to_sexp()),
                    normalize(&test.expected),
                    "{name}"
                );
            }
        }
    }
    assert!(
        n_tests >= 10,
        "only {n_tests} corpus tests found in {}",
        dir.display()
    );
}
