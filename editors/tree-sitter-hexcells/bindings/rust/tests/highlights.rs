//! The grammar's highlight query, run by `tree-sitter-highlight` as editors run it:
//! on the project's example levels (`tests/levels`), every group of the grid and every header line
//! gets the capture that its colour and state in the game call for, as read by
//! the project's own parser.

mod support;

use std::collections::BTreeMap;

use hexcells_core::format::{parse, HeaderField};
use hexcells_core::{Color, Hint, Item, Pos};
use tree_sitter_highlight::{HighlightConfiguration, HighlightEvent, Highlighter};

/// The innermost capture of every character, by (line, character column).
fn captures(text: &str) -> BTreeMap<(u32, u32), String> {
    let mut config = HighlightConfiguration::new(
        tree_sitter_hexcells::LANGUAGE.into(),
        "hexcells",
        tree_sitter_hexcells::HIGHLIGHTS_QUERY,
        "",
        "",
    )
    .expect("the highlight query compiles against the grammar");
    let names: Vec<String> = config.names().iter().map(|n| n.to_string()).collect();
    config.configure(&names);
    let mut highlighter = Highlighter::new();
    let events = highlighter
        .highlight(&config, text.as_bytes(), None, |_| None)
        .expect("highlighting starts");
    let mut stack: Vec<String> = Vec::new();
    let mut out = BTreeMap::new();
    for event in events {
        match event.expect("highlighting goes on") {
            HighlightEvent::HighlightStart(h) => stack.push(names[h.0].clone()),
            HighlightEvent::HighlightEnd => {
                stack.pop();
            }
            HighlightEvent::Source { start, end } => {
                let Some(name) = stack.last() else { continue };
                for (offset, _) in text[start..end].char_indices() {
                    let at = start + offset;
                    let line = text[..at].matches('\n').count() as u32;
                    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
                    let column = text[line_start..at].chars().count() as u32;
                    out.insert((line, column), name.clone());
                }
            }
        }
    }
    out
}

/// The capture each character should get, from what the project's parser reads:
/// blue cells in the theme's blue (`function`, revealed ones `function.builtin`),
/// black cells muted (`punctuation.delimiter`, revealed ones the plain
/// `variable`), column numbers as operators, number marks as numbers, empty
/// groups faded like comments.
fn expected(text: &str) -> BTreeMap<(u32, u32), &'static str> {
    let mut out = BTreeMap::new();
    let lines: Vec<&str> = text.lines().collect();
    for level in parse(text).levels {
        let header = [
            (HeaderField::Magic, "keyword.directive"),
            (HeaderField::Title, "markup.heading"),
            (HeaderField::Author, "string"),
            (HeaderField::CustomText1, "comment"),
            (HeaderField::CustomText2, "comment"),
        ];
        for (field, capture) in header {
            if let Some(range) = level.source.header_range(field) {
                for column in range.start..range.end {
                    out.insert((range.line, column), capture);
                }
            }
        }
        for (y, row) in level.source.grid.iter().enumerate() {
            let line: Vec<char> = lines[row.line as usize].chars().collect();
            for x in 0..row.len / 2 {
                let column = row.indent + 2 * x;
                let item = Pos::new(x as i32, y as i32).and_then(|pos| level.level.get(pos));
                let (first, hint) = match item {
                    Some(Item::Cell(cell)) => {
                        let capture = match (cell.color, cell.revealed) {
                            (Color::Blue, false) => "function",
                            (Color::Blue, true) => "function.builtin",
                            (Color::Black, false) => "punctuation.delimiter",
                            (Color::Black, true) => "variable",
                        };
                        (capture, cell.hint)
                    }
                    Some(Item::Column(column)) => ("operator", column.hint),
                    None if line[column as usize..column as usize + 2] == ['.', '.'] => {
                        ("comment", Hint::None)
                    }
                    None => panic!("the example levels have no broken groups"),
                };
                let second = if hint == Hint::None { first } else { "number" };
                out.insert((row.line, column), first);
                out.insert((row.line, column + 1), second);
            }
        }
    }
    out
}

#[test]
fn every_cell_of_the_example_levels_gets_the_capture_of_its_colour() {
    let levels: Vec<_> = support::fixture_files()
        .into_iter()
        .filter(|f| {
            f.name
                .strip_prefix("tests/levels/")
                .is_some_and(|name| !name.contains('/'))
        })
        .collect();
    assert!(levels.len() >= 5, "the example levels are in tests/levels");
    let mut seen = BTreeMap::new();
    for file in &levels {
        let found = captures(&file.text);
        for (pos, capture) in expected(&file.text) {
            assert_eq!(
                found.get(&pos).map(String::as_str),
                Some(capture),
                "{} line {} column {}",
                file.name,
                pos.0 + 1,
                pos.1 + 1
            );
            *seen.entry(capture).or_insert(0) += 1;
        }
    }
    // The levels show every kind of cell, so each capture was checked.
    for capture in [
        "function",
        "function.builtin",
        "punctuation.delimiter",
        "variable",
        "operator",
        "number",
        "comment",
    ] {
        assert!(
            seen.contains_key(capture),
            "no cell of the example levels is {capture}: {seen:?}"
        );
    }
}

#[test]
fn entities_in_header_text_are_escapes() {
    let text = "Hexcells level v1\nTom&#39;s level\nme\n\n\nX.x.\n";
    let found = captures(text);
    let at = |line: u32, column: u32| found.get(&(line, column)).map(String::as_str);
    assert_eq!(at(1, 0), Some("markup.heading"));
    assert_eq!(at(1, 3), Some("string.escape"), "`&#39;` starts at column 4");
    assert_eq!(at(1, 7), Some("string.escape"));
    assert_eq!(at(1, 8), Some("markup.heading"));
    assert_eq!(at(5, 0), Some("function.builtin"), "`X.` is a revealed blue cell");
    assert_eq!(at(5, 2), Some("function"), "`x.` is a hidden blue cell");
}

/// A file of the repository, as text.
fn repo_file(path: &str) -> String {
    let path = support::repo_root().join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Neovim finds the query on its runtime path, in editors/nvim: the grammar's own.
#[test]
fn the_neovim_query_is_the_grammar_query() {
    assert_eq!(
        repo_file("editors/nvim/queries/hexcells/highlights.scm"),
        tree_sitter_hexcells::HIGHLIGHTS_QUERY,
        "copy editors/tree-sitter-hexcells/queries/highlights.scm to editors/nvim/queries/hexcells/"
    );
}

/// Helix's query has the grammar's patterns with Helix's scope names, compiles
/// against the grammar, and uses no predicate Helix lacks (Neovim's `#lua-match?`,
/// `#contains?` and the like stop Helix from loading the query).
#[test]
fn the_helix_query_has_the_grammar_patterns_and_only_helix_predicates() {
    let language: tree_sitter::Language = tree_sitter_hexcells::LANGUAGE.into();
    let helix_text = repo_file("editors/helix/runtime/queries/hexcells/highlights.scm");
    let helix = tree_sitter::Query::new(&language, &helix_text).expect("the Helix query compiles");
    let grammar = tree_sitter::Query::new(&language, tree_sitter_hexcells::HIGHLIGHTS_QUERY)
        .expect("the grammar's query compiles");

    let helix_scope = |name: &str| match name {
        "number" => "constant.numeric".to_string(),
        "string.escape" => "constant.character.escape".to_string(),
        other => other.to_string(),
    };
    let grammar_patterns: Vec<Vec<String>> =
        pattern_captures(&grammar, tree_sitter_hexcells::HIGHLIGHTS_QUERY)
            .into_iter()
            .map(|names| names.iter().map(|n| helix_scope(n)).collect())
            .collect();
    assert_eq!(
        pattern_captures(&helix, &helix_text),
        grammar_patterns,
        "the Helix query should be the grammar's with Helix's scope names"
    );

    const HELIX_PREDICATES: [&str; 7] = [
        "eq?",
        "not-eq?",
        "match?",
        "not-match?",
        "any-of?",
        "not-any-of?",
        "set!",
    ];
    for word in helix_text.split(|c: char| c.is_whitespace() || c == '(' || c == ')') {
        if let Some(predicate) = word.strip_prefix('#') {
            assert!(
                HELIX_PREDICATES.contains(&predicate),
                "Helix does not know the predicate #{predicate}"
            );
        }
    }
    // Helix's theme scopes (its book, themes.md); a sub-scope falls back to its parent.
    const HELIX_SCOPES: [&str; 15] = [
        "attribute",
        "type",
        "constructor",
        "constant",
        "string",
        "comment",
        "variable",
        "label",
        "punctuation",
        "keyword",
        "operator",
        "function",
        "tag",
        "namespace",
        "markup",
    ];
    for name in helix.capture_names() {
        let top = name.split('.').next().unwrap_or_default();
        assert!(HELIX_SCOPES.contains(&top), "@{name} is no Helix scope");
    }
}

/// The capture names of each pattern of `query` (whose source is `text`).
fn pattern_captures(query: &tree_sitter::Query, text: &str) -> Vec<Vec<String>> {
    (0..query.pattern_count())
        .map(|i| {
            let source = &text[query.start_byte_for_pattern(i)..query.end_byte_for_pattern(i)];
            source
                .split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == ']')
                .filter_map(|word| word.strip_prefix('@'))
                .map(str::to_string)
                .collect()
        })
        .collect()
}

/// Helix builds the grammar from a path source: `languages.toml` names it.
#[test]
fn helix_languages_toml_declares_the_grammar() {
    let toml = repo_file("editors/helix/languages.toml");
    let grammar = toml
        .split("[[grammar]]")
        .nth(1)
        .expect("a [[grammar]] section in editors/helix/languages.toml");
    assert!(grammar.contains("name = \"hexcells\""), "{grammar}");
    assert!(
        grammar.contains("source = { path = \"") && grammar.contains("editors/tree-sitter-hexcells\" }"),
        "the grammar is built from this repository's editors/tree-sitter-hexcells: {grammar}"
    );
    let language = toml.split("[[language]]").nth(1).unwrap_or_default();
    assert!(language.contains("grammar = \"hexcells\""), "{language}");
}
