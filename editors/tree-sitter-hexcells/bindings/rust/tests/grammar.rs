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

/// Parsing again after an edit gives the tree a fresh parse gives (the scanner
/// reads ahead across lines, and tree-sitter must redo what an edit touches).
#[test]
fn reparsing_after_edits_matches_a_fresh_parse() {
    let start = level(&["..x+o.", "X.O+"]);
    let edits: [(&str, &str); 5] = [
        ("..x+o.", "..x+q."),           // an error appears
        ("..x+q.", "..x+o."),           // and goes
        ("Author\n\n\n", "Author\n\n"), // the header loses a line: the fifth is now grid line 1
        ("Title\n", ""),                // and another
        ("Hexcells level v1\n", "Hexcells level v1\nNew\nMe\n\n\n"),
    ];
    let mut parser = support::parser();
    let mut text = start.clone();
    let mut tree = parser.parse(&text, None).expect("a tree");
    for (from, to) in edits {
        let at = text
            .find(from)
            .unwrap_or_else(|| panic!("{from:?} not in the text"));
        let new_text = format!("{}{to}{}", &text[..at], &text[at + from.len()..]);
        let point = |s: &str| {
            let row = s.matches('\n').count();
            let column = s.len() - s.rfind('\n').map_or(0, |i| i + 1);
            tree_sitter::Point { row, column }
        };
        tree.edit(&tree_sitter::InputEdit {
            start_byte: at,
            old_end_byte: at + from.len(),
            new_end_byte: at + to.len(),
            start_position: point(&text[..at]),
            old_end_position: point(&text[..at + from.len()]),
            new_end_position: point(&new_text[..at + to.len()]),
        });
        let reparsed = parser.parse(&new_text, Some(&tree)).expect("a tree");
        let fresh = support::tree(&new_text);
        assert_eq!(
            reparsed.root_node().to_sexp(),
            fresh.root_node().to_sexp(),
            "after replacing {from:?} with {to:?}"
        );
        text = new_text;
        tree = reparsed;
    }
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
