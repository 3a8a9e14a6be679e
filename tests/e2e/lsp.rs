//! End-to-end tests of `hexcells lsp`: the real binary over stdio, driven by
//! `support/lsp_client.rs`. Replies are compared with JSON snapshots in
//! `tests/fixtures/lsp/snapshots` (`HEXCELLS_BLESS=1` rewrites them for review).

use std::time::Duration;

use hexcells_e2e::lsp_client::{at, check_snapshot, range, LspClient};
use serde_json::{json, Value};

const URI: &str = "file:///project/level.hexcells";

/// A level with the given title whose grid is `rows` placed at group 10 of grid
/// line 8 (lines 13.. of the text, columns 20..), padded to 33 x 33.
fn level(title: &str, rows: &[&str]) -> String {
    let mut text = format!("Hexcells level v1\n{title}\nUs\n\n\n");
    for y in 0..33usize {
        let mut line = ".".repeat(20);
        if let Some(row) = y.checked_sub(8).and_then(|i| rows.get(i)) {
            line.push_str(row);
        }
        while line.chars().count() < 66 {
            line.push('.');
        }
        text.push_str(&line);
        text.push('\n');
    }
    text
}

/// A clean level: a column number K9, blue cells M9 and K11, black L10 showing -2-.
fn clean() -> String {
    level("Café 🐝", &["|+..x.", "..on..", "x...o."])
}

/// A level with several problems of different kinds.
fn broken() -> String {
    level("Tom&#39;s", &["|c..xq", "..oc..", "x...o.", "....Z."])
}

fn codes(diagnostics: &Value) -> Vec<String> {
    diagnostics["diagnostics"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|d| d["code"].as_str().unwrap_or("?").to_string())
                .collect()
        })
        .unwrap_or_default()
}

fn load_initialize(name: &str) -> Value {
    let path = hexcells_e2e::repo_root()
        .join("tests/fixtures/lsp/initialize")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).expect("initialize params are JSON")
}

#[test]
fn recorded_editors_negotiate_encoding_and_pull_diagnostics() {
    // (editor, encoding, pulls): Neovim 0.11 pulls but cannot be asked to pull again
    // (no `refreshSupport`), so it is pushed to, or it would never see the solver's HC0301.
    for (name, encoding, pulls) in [
        ("neovim-0.11.4.json", "utf-8", false),
        ("vscode-1.95-reconstructed.json", "utf-16", true),
    ] {
        let (mut client, result) = LspClient::initialized_with(load_initialize(name));
        assert_eq!(result["capabilities"]["positionEncoding"], encoding, "{name}");
        assert_eq!(
            result["capabilities"]["diagnosticProvider"].is_object(),
            pulls,
            "{name}: {result}"
        );
        check_snapshot(&format!("initialize-{}", name.trim_end_matches(".json")), &result);
        client.open(URI, &broken());
        if pulls {
            let report = client.result(
                "textDocument/diagnostic",
                json!({ "textDocument": { "uri": URI } }),
            );
            assert_eq!(report["kind"], "full");
            assert!(
                report["items"].as_array().is_some_and(|a| a.len() >= 5),
                "{report}"
            );
            let pushed = client.try_wait_for(Duration::from_millis(300), &|m| {
                m["method"] == "textDocument/publishDiagnostics"
            });
            assert_eq!(
                pushed, None,
                "{name}: diagnostics pushed to a client that pulls them"
            );
        } else {
            let published = client.diagnostics(URI, 1);
            assert!(
                published["diagnostics"].as_array().is_some_and(|a| a.len() >= 5),
                "{name}: {published}"
            );
        }
        let (status, _) = client.shutdown_and_exit();
        assert!(status.is_some_and(|s| s.success()));
    }
}

#[test]
fn broken_level_gets_every_diagnostic_with_ranges_and_related_places() {
    let mut client = LspClient::minimal(false);
    client.open(URI, &broken());
    let published = client.diagnostics(URI, 1);
    assert_eq!(
        codes(&published),
        ["HC0112", "HC0207", "HC0107", "HC0206", "HC0106"]
    );
    check_snapshot("diagnostics-broken", &published);
}

#[test]
fn hover_highlight_navigation_tokens_and_outline() {
    let mut client = LspClient::minimal(false);
    let text = clean();
    client.open(URI, &text);
    let published = client.diagnostics(URI, 1);
    assert_eq!(codes(&published), Vec::<String>::new(), "{published}");

    let mut replies = serde_json::Map::new();
    // L10 (black, -2-), K9 (column), the title, an empty group.
    for (what, line, character) in [
        ("cell", 14, 23),
        ("column", 13, 20),
        ("title", 1, 2),
        ("empty", 20, 0),
    ] {
        replies.insert(
            format!("hover {what}"),
            client.result("textDocument/hover", at(URI, line, character)),
        );
    }
    replies.insert(
        "highlight L10".into(),
        client.result("textDocument/documentHighlight", at(URI, 14, 22)),
    );
    let mut refs = at(URI, 15, 20);
    refs["context"] = json!({ "includeDeclaration": false });
    replies.insert(
        "references K11".into(),
        client.result("textDocument/references", refs),
    );
    replies.insert(
        "definition K9".into(),
        client.result("textDocument/definition", at(URI, 13, 21)),
    );
    let doc = json!({ "textDocument": { "uri": URI } });
    replies.insert(
        "symbols".into(),
        client.result("textDocument/documentSymbol", doc.clone()),
    );
    replies.insert(
        "folds".into(),
        client.result("textDocument/foldingRange", doc.clone()),
    );
    replies.insert(
        "tokens".into(),
        client.result("textDocument/semanticTokens/full", doc.clone()),
    );
    check_snapshot("features-clean", &Value::Object(replies));

    // The title "Café 🐝" is 7 UTF-16 units long.
    let hover = client.result("textDocument/hover", at(URI, 1, 0));
    assert_eq!(hover["range"], range(1, 0, 7));
}

#[test]
fn incremental_changes_count_columns_in_the_negotiated_encoding() {
    for (utf8, after_bee) in [(false, 7), (true, 10)] {
        let mut client = LspClient::minimal(utf8);
        client.open(URI, &clean());
        client.diagnostics(URI, 1);
        // Insert after the bee in the title, then break a grid group (K9's `+`).
        client.change(URI, 2, range(1, after_bee, after_bee), "!");
        client.change(URI, 3, range(13, 21, 22), "q");
        let published = client.diagnostics(URI, 3);
        assert_eq!(
            codes(&published),
            ["HC0201", "HC0107"],
            "utf8={utf8}: {published}"
        );
        let hover = client.result("textDocument/hover", at(URI, 1, 0));
        let markdown = hover["contents"]["value"].as_str().unwrap_or_default();
        assert!(
            markdown.starts_with("**Café 🐝!** by Us"),
            "utf8={utf8}: {markdown}"
        );
        // A position past the end of a line is clamped, not refused.
        client.change(URI, 4, range(13, 21, 999), &format!("+..x.{}", ".".repeat(40)));
        let published = client.diagnostics(URI, 4);
        assert_eq!(
            codes(&published),
            Vec::<String>::new(),
            "utf8={utf8}: {published}"
        );
    }
}

#[test]
fn code_action_fixes_a_contradicting_number() {
    let mut client = LspClient::minimal(false);
    client.open(URI, &level("T", &["....x.", "..oc..", "x...o."]));
    assert_eq!(codes(&client.diagnostics(URI, 1)), ["HC0206"]);
    let params = json!({
        "textDocument": { "uri": URI },
        "range": range(14, 22, 22),
        "context": { "diagnostics": [], "only": ["quickfix"] }
    });
    let actions = client.result("textDocument/codeAction", params);
    check_snapshot("code-action-contradiction", &actions);
    let edits = actions[0]["edit"]["changes"][URI]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(edits.len(), 1, "{actions}");
    client.change(
        URI,
        2,
        edits[0]["range"].clone(),
        edits[0]["newText"].as_str().unwrap_or_default(),
    );
    assert_eq!(codes(&client.diagnostics(URI, 2)), Vec::<String>::new());

    // Refactors on the cell under the cursor.
    let params = json!({
        "textDocument": { "uri": URI },
        "range": range(14, 23, 23),
        "context": { "diagnostics": [], "only": ["refactor"] }
    });
    let titles: Vec<Value> = client
        .result("textDocument/codeAction", params)
        .as_array()
        .cloned()
        .unwrap_or_default();
    let titles: Vec<&str> = titles.iter().filter_map(|a| a["title"].as_str()).collect();
    assert_eq!(titles, ["Make L10 blue", "Reveal L10 at start", "Mark L10 `.`"]);
}

#[test]
fn formatting_repairs_an_indented_paste() {
    let mut client = LspClient::minimal(false);
    let canonical = level("T", &["....x.", "..on..", "x...o."]);
    let pasted: String = canonical
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i >= 5 {
                format!("    {l}  \n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    client.open(URI, &pasted);
    assert_eq!(codes(&client.diagnostics(URI, 1)), ["HC0108"]);
    let edits = client.result(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    assert_eq!(edits.as_array().map(Vec::len), Some(1), "{edits}");
    assert_eq!(edits[0]["newText"], canonical);
    assert_eq!(
        edits[0]["range"],
        json!({ "start": { "line": 0, "character": 0 }, "end": { "line": 38, "character": 0 } })
    );

    // A level with syntax errors is left alone, with the reason.
    client.open("file:///project/broken.hexcells", &broken());
    let reply = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": "file:///project/broken.hexcells" }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    let message = reply["error"]["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("cannot format"), "{reply}");
}

#[test]
fn rapid_changes_apply_in_order_and_stale_versions_are_ignored() {
    let mut client = LspClient::minimal(false);
    client.open(URI, &level("", &["x."]));
    client.diagnostics(URI, 1);
    let letters: Vec<char> = ('a'..='z').cycle().take(60).collect();
    for (i, c) in letters.iter().enumerate() {
        client.change(URI, i as i64 + 2, range(1, i as u32, i as u32), &c.to_string());
    }
    client.change(URI, 10, range(1, 0, 0), "STALE");
    let last = letters.len() as i64 + 1;
    client.diagnostics(URI, last);
    let hover = client.result("textDocument/hover", at(URI, 1, 0));
    let expected: String = letters.iter().collect();
    let markdown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        markdown.starts_with(&format!("**{expected}** by Us")),
        "{markdown}"
    );
}

#[test]
fn bad_input_gets_errors_and_the_server_keeps_serving() {
    let mut client = LspClient::minimal(false);
    client.open(URI, &clean());
    client.diagnostics(URI, 1);

    client.send_raw(b"{this is not json", true);
    let reply = client.wait_for("parse error", |m| m["error"]["code"] == -32700);
    assert_eq!(reply["id"], Value::Null);
    client.send_raw(br#"{"jsonrpc":"2.0","id":77}"#, true);
    let reply = client.wait_for("invalid request", |m| m["id"] == 77);
    assert_eq!(reply["error"]["code"], -32600, "{reply}");
    client.send_raw(b"Content-Type: nonsense\r\n\r\n", false);

    let reply = client.request("hexcells/noSuchMethod", json!({}));
    assert_eq!(reply["error"]["code"], -32601, "{reply}");

    let reply = client.request(
        "textDocument/hover",
        at("file:///project/never-opened.hexcells", 0, 0),
    );
    assert_eq!(reply["error"]["code"], -32602, "{reply}");

    let reply = client.request("textDocument/hover", json!({ "textDocument": 42 }));
    assert!(reply.get("error").is_some(), "{reply}");

    let huge = "x".repeat(10 << 20);
    client.open("file:///project/huge.hexcells", &huge);
    let published = client.diagnostics("file:///project/huge.hexcells", 1);
    assert_eq!(codes(&published), ["HC0302"]);
    let hover = client.result("textDocument/hover", at("file:///project/huge.hexcells", 0, 5));
    assert_eq!(hover, Value::Null);

    client.open(
        "file:///project/binary.hexcells",
        "\u{0}\u{1}\u{fffd}PNG\r\n\u{1a}\n\u{0}",
    );
    assert_eq!(
        codes(&client.diagnostics("file:///project/binary.hexcells", 1)),
        ["HC0302"]
    );

    let full: String = level("Full", &[]).replace("..", "x+");
    client.open("file:///project/full.hexcells", &full);
    let published = client.diagnostics("file:///project/full.hexcells", 1);
    assert!(codes(&published).len() > 100, "{}", codes(&published).len());
    let hover = client.result("textDocument/hover", at("file:///project/full.hexcells", 20, 10));
    assert!(
        hover["contents"]["value"]
            .as_str()
            .is_some_and(|s| s.contains("blue cell")),
        "{hover}"
    );

    // Positions far outside the text are clamped.
    let hover = client.result("textDocument/hover", at(URI, 100_000, 100_000));
    assert_eq!(hover, Value::Null);

    let hover = client.result("textDocument/hover", at(URI, 14, 22));
    assert!(
        hover["contents"]["value"]
            .as_str()
            .is_some_and(|s| s.starts_with("**L10**")),
        "{hover}"
    );
    let stderr = client.stderr();
    let (status, _) = client.shutdown_and_exit();
    assert!(status.is_some_and(|s| s.success()));
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// What the server's log says each time a panic had a document rebuilt from its text.
const REBUILT: &str = "the document's state is rebuilt from its text";

/// Sends the same requests and notifications to a server whose hover handler panics
/// once (`HEXCELLS_TEST_PANIC=hover`, debug builds) and to a fresh one: after the
/// error reply, the panicking server answers as the fresh one does, from a state
/// rebuilt from the text.
#[test]
fn a_panic_in_a_handler_gets_an_error_reply_and_the_state_is_rebuilt_from_the_text() {
    let mut fresh = LspClient::minimal(false);
    let mut client = LspClient::minimal_in(false, json!({}), &[("HEXCELLS_TEST_PANIC", "hover")]);
    let doc = json!({ "textDocument": { "uri": URI } });
    let (mut opened, mut tokens) = (Vec::new(), Vec::new());
    for server in [&mut fresh, &mut client] {
        server.open(URI, &broken());
        opened.push(server.diagnostics(URI, 1));
        tokens.push(server.result("textDocument/semanticTokens/full", doc.clone()));
    }
    assert_eq!(opened[0], opened[1]);

    let reply = client.request("textDocument/hover", at(URI, 14, 22));
    assert_eq!(reply["error"]["code"], -32603, "{reply}");
    let message = reply["error"]["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("textDocument/hover"), "{reply}");

    // Every answer after it is the fresh server's.
    let hover = client.result("textDocument/hover", at(URI, 14, 22));
    assert!(hover["contents"]["value"].is_string(), "{hover}");
    assert_eq!(hover, fresh.result("textDocument/hover", at(URI, 14, 22)));
    let pulled = client.result("textDocument/diagnostic", doc.clone());
    assert_eq!(pulled, fresh.result("textDocument/diagnostic", doc.clone()));
    // The tokens the client was sent were forgotten with the rest: asked for what changed
    // since them, it gets them all again (the fresh server, which kept them, sends none).
    let since =
        |k: usize| json!({ "textDocument": { "uri": URI }, "previousResultId": tokens[k]["resultId"] });
    let delta = client.result("textDocument/semanticTokens/full/delta", since(1));
    assert_eq!(delta["data"], tokens[1]["data"], "{delta}");
    let fresh_delta = fresh.result("textDocument/semanticTokens/full/delta", since(0));
    assert_eq!(fresh_delta["edits"], json!([]), "{fresh_delta}");
    // An edit reads from the rebuilt parse as from the fresh one.
    for server in [&mut fresh, &mut client] {
        server.change(URI, 2, range(16, 24, 25), ".");
    }
    let published = client.diagnostics(URI, 2);
    assert_eq!(published, fresh.diagnostics(URI, 2));
    assert_ne!(codes(&published), codes(&opened[1]), "the edit mended a problem");

    let log = client.stderr_with(REBUILT);
    assert_eq!(log.matches(REBUILT).count(), 1, "logged once:\n{log}");
}

/// The advice (the last answer of a version) comes back, and an edit that changes the
/// level while its advice runs stops that advice. The advice on a level titled `Slow
/// advice` is made a minute long (`HEXCELLS_TEST_SLOW_ADVICE`, debug builds): one of our
/// levels is retitled so, then given its title back, which reads as the first version
/// again, whose answers are kept. Without the cancel, the slow advice would hold the
/// document's advice for a minute and the last version's would not come.
#[test]
fn an_edit_cancels_the_advice_running_on_the_level_it_changes() {
    const SLOW: &str = "Slow advice";
    let text = std::fs::read_to_string(hexcells_e2e::levels_dir().join("together-apart.hexcells"))
        .expect("read our level");
    let title = text.lines().nth(1).expect("a title line").to_string();
    let mut client = LspClient::minimal_in(
        false,
        json!({ "debounceMs": 0 }),
        &[("HEXCELLS_TEST_SLOW_ADVICE", &format!("{SLOW}:60000"))],
    );
    let wait = Duration::from_secs(30);
    client.open(URI, &text);
    let first = client.advised_status_within(URI, 1, wait);
    assert_eq!(first["levels"][0]["verdict"], "solvable", "{first}");

    client.change(URI, 2, range(1, 0, title.len() as u32), SLOW);
    let started = format!("slow advice on {SLOW} started");
    let log = client.stderr_with(&started);
    assert!(log.contains(&started), "no slow advice:\n{log}");

    client.change(URI, 3, range(1, 0, SLOW.len() as u32), &title);
    let back = client.advised_status_within(URI, 3, wait);
    assert_eq!(back["levels"], first["levels"], "{back}");
    let cancelled = format!("slow advice on {SLOW} cancelled");
    let log = client.stderr_with(&cancelled);
    assert!(
        log.contains(&cancelled),
        "the edit did not stop the advice:\n{log}"
    );
    assert!(!log.contains(&format!("slow advice on {SLOW} done")), "{log}");
    client.shutdown_and_exit();
}

/// The advice after an edit is the advice a fresh server gives the edited text: the
/// engine's answers the document kept from its first version (its grade memo) change
/// none of the hints. One of our levels loses the number of a revealed cell (the first
/// whose number it can do without), and the diagnostics of both servers, hints of
/// clues never needed included, are the same.
#[test]
fn the_advice_after_an_edit_is_the_advice_on_the_edited_text_from_scratch() {
    let text =
        std::fs::read_to_string(hexcells_e2e::levels_dir().join("flowers.hexcells")).expect("read our level");
    let parsed = hexcells_core::format::parse(&text);
    let level = &parsed.levels[0];
    let (original, _) = engine_verdict(&text);
    assert_eq!(original, hexcells_core::solve::Verdict::Solvable);
    // The hint character of the first revealed numbered cell the level can do without.
    let edit = level
        .level
        .cells()
        .filter(|(_, cell)| cell.revealed && cell.hint != hexcells_core::model::Hint::None)
        .filter_map(|(pos, _)| level.source.range_of(pos))
        .map(|r| (r.line, r.start + 1))
        .find(|&(line, column)| {
            let edited = apply_edits(
                &text,
                &[json!({ "range": range(line, column, column + 1), "newText": "." })],
            );
            engine_verdict(&edited).0 == original
        })
        .expect("a number the level can do without");
    let edited = apply_edits(
        &text,
        &[json!({ "range": range(edit.0, edit.1, edit.1 + 1), "newText": "." })],
    );
    let wait = Duration::from_secs(60);
    let doc = json!({ "textDocument": { "uri": URI } });

    let mut client = LspClient::minimal_with(false, json!({ "debounceMs": 0 }));
    client.open(URI, &text);
    client.advised_status_within(URI, 1, wait);
    client.change(URI, 2, range(edit.0, edit.1, edit.1 + 1), ".");
    let after_edit = client.advised_status_within(URI, 2, wait);
    let pulled = client.result("textDocument/diagnostic", doc.clone());

    let mut fresh = LspClient::minimal_with(false, json!({ "debounceMs": 0 }));
    fresh.open(URI, &edited);
    let from_scratch = fresh.advised_status_within(URI, 1, wait);
    assert_eq!(after_edit["levels"], from_scratch["levels"]);
    assert_eq!(pulled, fresh.result("textDocument/diagnostic", doc));
    let hints = pulled["items"]
        .as_array()
        .map_or(0, |items| items.iter().filter(|d| d["code"] == "HC0303").count());
    assert!(hints > 0, "no clue never needed after the edit: {pulled}");
    client.shutdown_and_exit();
    fresh.shutdown_and_exit();
}

/// A change whose application panics (`HEXCELLS_TEST_PANIC=change`, debug builds, just
/// before the changed text is swapped in) leaves the text as it was, and one diagnostic
/// says so until the file is opened again.
#[test]
fn a_panic_while_applying_a_change_keeps_the_old_text_and_reopening_resyncs() {
    let mut client = LspClient::minimal_in(false, json!({}), &[("HEXCELLS_TEST_PANIC", "change")]);
    let title = |client: &mut LspClient| {
        let hover = client.result("textDocument/hover", at(URI, 1, 0));
        hover["contents"]["value"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    client.open(URI, &clean());
    assert_eq!(codes(&client.diagnostics(URI, 1)), Vec::<String>::new());
    assert!(title(&mut client).starts_with("**Café 🐝** by Us"));

    // "Café" becomes "Tea"; the change panics.
    client.change(URI, 2, range(1, 0, 4), "Tea");
    let published = client.diagnostics(URI, 2);
    assert_eq!(codes(&published), ["out-of-sync"], "{published}");
    let message = published["diagnostics"][0]["message"]
        .as_str()
        .unwrap_or_default();
    assert!(message.contains("could not apply an edit"), "{message}");
    assert!(message.contains("reopen the file"), "{message}");
    assert_eq!(
        published["diagnostics"][0]["severity"], 1,
        "an error: {published}"
    );
    // The text is the old one, read as before.
    assert!(title(&mut client).starts_with("**Café 🐝** by Us"));
    // The next change cannot be applied either (it is a change of the client's text),
    // and edits worked out on the old text are refused.
    client.change(URI, 3, range(1, 3, 3), "!");
    assert_eq!(codes(&client.diagnostics(URI, 3)), ["out-of-sync"]);
    assert!(title(&mut client).starts_with("**Café 🐝** by Us"));
    let reply = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    assert_eq!(reply["error"]["code"], -32801, "{reply}");
    let log = client.stderr_with("applying a change panicked");
    assert_eq!(
        log.matches("applying a change panicked").count(),
        1,
        "logged once:\n{log}"
    );

    // Closing and opening the file again resyncs it.
    client.notify("textDocument/didClose", json!({ "textDocument": { "uri": URI } }));
    assert_eq!(client.diagnostics(URI, 3)["diagnostics"], json!([]));
    let reopened = clean().replacen("Café", "Tea!", 1);
    client.open(URI, &reopened);
    assert_eq!(codes(&client.diagnostics(URI, 1)), Vec::<String>::new());
    assert!(title(&mut client).starts_with("**Tea! 🐝** by Us"));
    client.change(URI, 2, range(1, 3, 4), "?");
    assert_eq!(codes(&client.diagnostics(URI, 2)), Vec::<String>::new());
    assert!(title(&mut client).starts_with("**Tea? 🐝** by Us"));
}

#[test]
fn shutdown_and_exit_end_the_process_within_a_second() {
    let mut client = LspClient::minimal(false);
    client.open(URI, &clean());
    client.diagnostics(URI, 1);
    let (status, took) = client.shutdown_and_exit();
    assert!(status.is_some_and(|s| s.success()), "{status:?}");
    assert!(took < Duration::from_secs(1), "the server took {took:?} to exit");
}

/// The inlay hints of the whole of `URI`, as `line:label`; empty when the server
/// gives none (`null`).
fn inlay_labels(client: &mut LspClient) -> Vec<String> {
    let params = json!({ "textDocument": { "uri": URI }, "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 40, "character": 0 } } });
    client
        .result("textDocument/inlayHint", params)
        .as_array()
        .map(|a| {
            a.iter()
                .map(|h| format!("{}:{}", h["position"]["line"], h["label"].as_str().unwrap_or("?")))
                .collect()
        })
        .unwrap_or_default()
}

/// The inlay hints of `clean()`.
const CLEAN_HINTS: [&str; 3] = ["13:1/1 blue", "14:0/1 blue", "15:1/2 blue"];

#[test]
fn inlay_hints_follow_the_client_setting() {
    let mut client = LspClient::minimal(false);
    client.open(URI, &clean());
    client.diagnostics(URI, 1);
    assert_eq!(inlay_labels(&mut client), Vec::<String>::new());
    *client.settings.lock().expect("settings") = json!({ "inlayHints": true });
    client.notify("workspace/didChangeConfiguration", json!({ "settings": null }));
    // The server asks for the settings itself; wait until it has them.
    let mut labels = Vec::new();
    for _ in 0..100 {
        labels = inlay_labels(&mut client);
        if !labels.is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(labels, CLEAN_HINTS);
}

/// A server initialized with `options` as `initializationOptions`, by a client that
/// answers `workspace/configuration` with `answer` (`None`: a client that cannot be
/// asked), with `clean()` open.
fn initialized_with_options(options: Value, answer: Option<Value>) -> LspClient {
    let mut client = LspClient::start();
    let asks = answer.is_some();
    *client.settings.lock().expect("settings") = answer.unwrap_or(Value::Null);
    let params = json!({
        "processId": null,
        "rootUri": null,
        "capabilities": { "workspace": { "configuration": asks } },
        "initializationOptions": options,
    });
    let reply = client.request("initialize", params);
    assert!(reply.get("result").is_some(), "initialize failed: {reply}");
    client.notify("initialized", json!({}));
    if asks {
        client.wait_for("the server asking for the settings", |m| {
            m["method"] == "workspace/configuration"
        });
    }
    client.open(URI, &clean());
    client.diagnostics(URI, 1);
    client
}

#[test]
fn initialization_options_set_the_settings_and_workspace_configuration_wins() {
    // VS Code's shape (the section itself), from a client that is never asked.
    let mut client = initialized_with_options(json!({ "inlayHints": true }), None);
    assert_eq!(
        inlay_labels(&mut client),
        CLEAN_HINTS,
        "VS Code's initializationOptions"
    );

    // Helix's `config` and Neovim's `init_options` (`{"hexcells": {...}}`), from clients
    // that answer `null` (no settings) or only other keys: the options stay in force.
    for answer in [Value::Null, json!({ "debounceMs": 100 })] {
        let mut client = initialized_with_options(
            json!({ "hexcells": { "inlayHints": true } }),
            Some(answer.clone()),
        );
        // The answer was sent before the document was opened; give the server a moment
        // to take it in, then the hints must still be there.
        std::thread::sleep(Duration::from_millis(200));
        assert_eq!(inlay_labels(&mut client), CLEAN_HINTS, "answered {answer}");
    }

    // An answer that says otherwise wins over the options.
    let mut client = initialized_with_options(
        json!({ "hexcells": { "inlayHints": true } }),
        Some(json!({ "inlayHints": false })),
    );
    let mut labels = inlay_labels(&mut client);
    for _ in 0..100 {
        if labels.is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
        labels = inlay_labels(&mut client);
    }
    assert_eq!(
        labels,
        Vec::<String>::new(),
        "workspace/configuration said inlayHints: false"
    );
}

/// Six blue cells around a revealed black L11 that shows 6: solvable in one round.
fn solvable() -> String {
    level("Ring", &["..x...", "x...x.", "..O+..", "x...x.", "..x..."])
}

/// Two lone cells and no clue: the counter says one is blue, but not which.
fn stuck() -> String {
    level("Lonely", &["x.....", "......", "....o."])
}

#[test]
fn solvability_verdicts_reach_diagnostics_lenses_hover_and_commands() {
    let mut client = LspClient::minimal(false);
    client.open(URI, &solvable());
    assert_eq!(codes(&client.diagnostics(URI, 1)), Vec::<String>::new());
    let status = client.solve_status(URI, 1);
    assert_eq!(
        status["levels"],
        json!([{ "summary": "solvable in 1 round, hardest step 1 clue; easy (1 of 5)", "verdict": "solvable" }])
    );
    let doc = json!({ "textDocument": { "uri": URI } });
    let lenses = client.result("textDocument/codeLens", doc.clone());
    check_snapshot("code-lens-solvable", &lenses);
    // The level's header says the grade and why.
    let header = client.result("textDocument/hover", at(URI, 1, 0));
    let markdown = header["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        markdown.contains("Difficulty: easy (1 of 5): every step finishes a clue or reads the counter alone; 1 step (score 0"),
        "{markdown}"
    );
    let hover = client.result("textDocument/hover", at(URI, 13, 22));
    let markdown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        markdown.contains("Uncovered in round 1 as blue, forced by L11"),
        "{markdown}"
    );
    // The rule's name and sentence, then the deduction in words.
    assert!(
        markdown.contains("**Finish with blue** (`finish-blue`): A clue whose hidden cells"),
        "{markdown}"
    );
    assert!(
        markdown.ends_with("L11 = 6 needs 6 blue and has 6 cells hidden"),
        "{markdown}"
    );
    let steps = client.result(
        "workspace/executeCommand",
        json!({ "command": "hexcells.solve", "arguments": [URI, 0] }),
    );
    check_snapshot("solve-command-ring", &steps);

    let stuck_uri = "file:///project/stuck.hexcells";
    client.open(stuck_uri, &stuck());
    client.diagnostics(stuck_uri, 1);
    let status = client.solve_status(stuck_uri, 1);
    assert_eq!(status["levels"][0]["verdict"], "stuck");
    let published = client.diagnostics(stuck_uri, 1);
    assert_eq!(codes(&published), ["HC0301", "HC0301"]);
    check_snapshot("diagnostics-stuck", &published);

    let reply = client.request(
        "workspace/executeCommand",
        json!({ "command": "hexcells.nothing", "arguments": [] }),
    );
    assert_eq!(reply["error"]["code"], -32602, "{reply}");
    let reply = client.request(
        "workspace/executeCommand",
        json!({ "command": "hexcells.solve", "arguments": [7] }),
    );
    assert_eq!(reply["error"]["code"], -32602, "{reply}");
    let reply = client.request(
        "workspace/executeCommand",
        json!({ "command": "hexcells.openViewer", "arguments": ["untitled:Untitled-1"] }),
    );
    assert_eq!(reply["error"]["code"], -32602, "{reply}");
}

#[test]
fn racing_versions_publish_only_the_latest_verdict() {
    // A long debounce, so that every version but the last is replaced in time.
    let mut client = LspClient::minimal_with(false, json!({ "debounceMs": 1000 }));
    client.open(URI, &stuck());
    let mut version = 1;
    for _ in 0..10 {
        // Reveal K9, then hide it again.
        for group in ["X.", "x."] {
            version += 1;
            client.change(URI, version, range(13, 20, 22), group);
        }
    }
    version += 1;
    client.change(URI, version, range(13, 20, 22), "X.");
    let status = client.solve_status(URI, version);
    assert_eq!(status["levels"][0]["verdict"], "solvable", "{status}");
    let stale = client.try_wait_for(Duration::from_millis(1500), &|m| {
        m["method"] == "hexcells/solveStatus" && m["params"]["version"] != version
    });
    assert_eq!(stale, None, "a replaced version's verdict was published");
}

#[test]
fn with_no_debounce_a_change_is_pushed_once_with_its_verdict() {
    let mut client = LspClient::minimal_with(false, json!({ "debounceMs": 0 }));
    client.open(URI, &stuck());
    client.solve_status(URI, 1);
    let pushes = |client: &mut LspClient, version: i64| {
        let mut published = Vec::new();
        while let Some(m) = client.try_wait_for(Duration::from_millis(300), &|m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == version
        }) {
            published.push(codes(&m["params"]));
        }
        published
    };
    pushes(&mut client, 1);
    // More lone cells, one at a time: still stuck, and what the verdict finds (the
    // stuck cells) is not known at the change. The verdict comes within the
    // grace, so the client gets the change's diagnostics once, with the verdict's
    // (without the grace, always twice: at the change, then with the verdict). A
    // machine under load may miss the grace now and then, so three tries.
    let mut once = 0;
    for (k, column) in [30, 34, 38].into_iter().enumerate() {
        let (version, stuck) = (k as i64 + 2, k + 3);
        client.change(URI, version, range(14, column, column + 2), "x.");
        assert_eq!(client.solve_status(URI, version)["levels"][0]["verdict"], "stuck");
        let published = pushes(&mut client, version);
        assert_eq!(
            published.last(),
            Some(&vec!["HC0301".to_string(); stuck]),
            "{published:?}"
        );
        once += usize::from(published.len() == 1);
    }
    assert!(once > 0, "every change was pushed twice");
    // A syntax error is not analysed: pushed at once, still once.
    client.change(URI, 5, range(13, 20, 22), "?.");
    let published = pushes(&mut client, 5);
    assert_eq!(published.len(), 1, "{published:?}");
    assert!(published[0].iter().all(|code| code != "HC0301"), "{published:?}");
}

#[test]
fn a_grid_full_of_cells_gets_an_answer_within_the_budget() {
    let mut client = LspClient::minimal_with(false, json!({ "solver": { "timeLimitMs": 3000 } }));
    let full: String = level("Full", &[]).replace("..", "x+");
    client.open(URI, &full);
    let status = client.solve_status(URI, 1);
    let verdict = status["levels"][0]["verdict"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        ["solvable", "stuck", "gaveUp"].contains(&verdict.as_str()),
        "{status}"
    );
    let hover = client.result("textDocument/hover", at(URI, 20, 10));
    assert!(
        hover["contents"]["value"]
            .as_str()
            .is_some_and(|s| s.contains("blue cell")),
        "{hover}"
    );
}

#[test]
fn sixcells_json_is_checked_read_only() {
    let mut client = LspClient::minimal(false);
    let uri = "file:///project/level.sixcells";
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "json", "version": 1, "text": "{\n  \"version\": 1,\n  oops\n}" } }),
    );
    let published = client.diagnostics(uri, 1);
    assert_eq!(codes(&published), ["sixcells-import"]);
    assert_eq!(
        published["diagnostics"][0]["range"]["start"]["line"], 2,
        "{published}"
    );

    // A level exported by core's own writer: read back, analysed, stuck.
    let parsed = hexcells_core::format::parse(&stuck());
    let json = hexcells_core::format::sixcells::export(&parsed.levels[0].level);
    let changes =
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [ { "text": json } ] });
    client.notify("textDocument/didChange", changes);
    assert_eq!(codes(&client.diagnostics(uri, 2)), Vec::<String>::new());
    assert_eq!(client.solve_status(uri, 2)["levels"][0]["verdict"], "stuck");
    let published = client.diagnostics(uri, 2);
    assert_eq!(codes(&published), ["HC0301"]);
    let message = published["diagnostics"][0]["message"]
        .as_str()
        .unwrap_or_default();
    assert!(message.starts_with("2 cell(s) can't be deduced"), "{message}");

    let reply = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    assert!(reply.get("error").is_some(), "{reply}");
}

#[test]
fn every_corpus_level_gets_its_diagnostics_hover_tokens_and_outline() {
    let Some(corpus) = hexcells_corpus::Corpus::find() else {
        return;
    };
    // No solvability analysis here: the engine has its own corpus test.
    let mut client = LspClient::minimal_with(false, json!({ "debounceMs": 600000 }));
    let mut n_levels = 0;
    for file in corpus.levels() {
        let (path, text) = (&file.path, file.text.as_str());
        n_levels += 1;
        let uri = format!("file:///corpus/{n_levels}.hexcells");
        client.open(&uri, text);
        let published = client.diagnostics(&uri, 1);
        let expected = hexcells_core::format::parse(text).all_diagnostics().len();
        assert_eq!(codes(&published).len(), expected, "{}", path.display());
        let doc = json!({ "textDocument": { "uri": uri } });
        let tokens = client.result("textDocument/semanticTokens/full", doc.clone());
        assert!(tokens["data"].is_array(), "{}", path.display());
        let symbols = client.result("textDocument/documentSymbol", doc.clone());
        assert!(
            symbols.as_array().is_some_and(|s| !s.is_empty()),
            "{}",
            path.display()
        );
        for line in [1, 10, 20] {
            for character in [0, 21, 40] {
                let reply = client.request("textDocument/hover", at(&uri, line, character));
                assert!(reply.get("result").is_some(), "{}: {reply}", path.display());
            }
        }
        client.notify("textDocument/didClose", doc);
    }
    assert!(n_levels > 0, "the corpus has no levels");
    let stderr = client.stderr();
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// `hexcells.openViewer` under Xvfb: the real viewer gets the document's text (its
/// window takes the level's title, also after an unsaved edit), the editor's cursor,
/// and a click in it comes back as `window/showDocument` selecting the clicked cell.
#[test]
fn open_viewer_follows_the_document_and_clicks_move_the_cursor() {
    use hexcells_e2e::xvfb::{geometry, start_xvfb, tools_present, wait_for_window, xdotool};
    use hexcells_viewer::render::FrameLayout;

    if !tools_present() {
        return;
    }
    let state = hexcells_e2e::temp_dir();
    let state_home = state.path().to_string_lossy().into_owned();
    let (_xvfb, display) = start_xvfb(1024, 768);
    let mut client = LspClient::minimal_for_viewers(&display, &state_home);
    let text = level("Viewer one", &["|+..x.", "..on..", "x...o."]);
    client.open(URI, &text);
    let reply = client.result(
        "workspace/executeCommand",
        json!({ "command": "hexcells.openViewer", "arguments": [URI] }),
    );
    assert_eq!(reply, Value::Null);
    let shown = wait_for_window(&display, "^Viewer one - hexcells-view$", Duration::from_secs(60));
    let window = shown.unwrap_or_else(|| {
        panic!(
            "no viewer window with the document's title; windows: {}; server log:\n{}",
            xdotool(&display, &["search", "--name", "."]),
            client.stderr()
        )
    });

    // An unsaved edit of the title reaches the viewer.
    client.change(URI, 2, range(1, 0, 10), "Viewer two");
    assert!(
        wait_for_window(&display, "^Viewer two - hexcells-view$", Duration::from_secs(20)).is_some(),
        "the viewer did not follow the edit"
    );
    // The cursor on a cell (a highlight request) is accepted and answered.
    let _ = client.request("textDocument/documentHighlight", at(URI, 15, 24));

    // Click the blue cell M10 (group 12 of grid line 10: text line 15, columns 24..26).
    let text = level("Viewer two", &["|+..x.", "..on..", "x...o."]);
    let parsed = hexcells_core::format::parse(&text).levels.remove(0).level;
    let (wx, wy, ww, wh) = geometry(&display, &window);
    let cell = hexcells_core::Pos::new(12, 10).expect("a grid position");
    let (cx, cy) = FrameLayout::new(&parsed, ww, wh, 1.0).cell_centre(cell);
    let (x, y) = (wx as i32 + cx.round() as i32, wy as i32 + cy.round() as i32);
    xdotool(
        &display,
        &["mousemove", &x.to_string(), &y.to_string(), "click", "1"],
    );
    let shown = client.wait_for("window/showDocument after a click", |m| {
        m["method"] == "window/showDocument"
    });
    assert_eq!(shown["params"]["uri"], URI, "{shown}");
    assert_eq!(shown["params"]["selection"], range(15, 24, 26), "{shown}");

    // The viewer goes with its document, and with the server.
    let gone = |what: &str| {
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while wait_for_window(&display, "hexcells-view", Duration::ZERO).is_some() {
            assert!(std::time::Instant::now() < deadline, "the viewer outlived {what}");
            std::thread::sleep(Duration::from_millis(100));
        }
    };
    client.notify("textDocument/didClose", json!({ "textDocument": { "uri": URI } }));
    gone("its document");
    client.open(URI, &text);
    let _ = client.result(
        "workspace/executeCommand",
        json!({ "command": "hexcells.openViewer", "arguments": [URI] }),
    );
    assert!(
        wait_for_window(&display, "^Viewer two - hexcells-view$", Duration::from_secs(60)).is_some(),
        "no viewer after reopening"
    );
    let (status, _) = client.shutdown_and_exit();
    assert!(status.is_some_and(|s| s.success()));
    gone("the server");
}

/// The viewer's editor (Tab in a viewer opened by `hexcells.openViewer`) sends its edits
/// to the server, which asks the client to apply them as a `TextDocumentEdit` for the
/// version the viewer saw; an edit the client refuses is taken back in the viewer.
#[test]
fn viewer_edits_arrive_as_versioned_document_edits_and_refusals_go_back() {
    use hexcells_e2e::xvfb::{
        geometry, press_until_named, start_xvfb, tools_present, wait_for_window, xdotool,
    };
    use hexcells_viewer::editor::document::Link;
    use hexcells_viewer::editor::mode::EditMode;
    use hexcells_viewer::render::palette::{self, Rgb};

    if !tools_present() {
        return;
    }
    let state = hexcells_e2e::temp_dir();
    let state_home = state.path().to_string_lossy().into_owned();
    let (_xvfb, display) = start_xvfb(1024, 768);
    let mut client = LspClient::start_with_env(&[
        ("DISPLAY", display.as_str()),
        ("XDG_STATE_HOME", state_home.as_str()),
    ]);
    let init = initialize_with_edits_and_show_document(&mut client);
    assert!(init.get("result").is_some(), "{init}");
    client.notify("initialized", json!({}));
    let text = level("Edited", &["|+..x.", "..on..", "x...o."]);
    client.open(URI, &text);
    client.result(
        "workspace/executeCommand",
        json!({ "command": "hexcells.openViewer", "arguments": [URI] }),
    );
    let window = wait_for_window(&display, "^Edited - hexcells-view$", Duration::from_secs(60))
        .unwrap_or_else(|| panic!("no viewer window; server log:\n{}", client.stderr()));
    assert!(
        press_until_named(&display, &window, "Tab", "(editor)", Duration::from_secs(30)),
        "Tab did not open the editor"
    );
    let (wx, wy, ww, wh) = geometry(&display, &window);
    let layout = EditMode::new(text.clone(), Link::Server, 0, None).layout(ww, wh, 1.0);
    let screen = |p: hexcells_core::Pos, dy: f32| {
        let (cx, cy) = layout.cell_centre(p);
        (
            wx as i32 + cx.round() as i32,
            wy as i32 + (cy + dy * layout.radius).round() as i32,
        )
    };
    let click = |p: hexcells_core::Pos| {
        let (x, y) = screen(p, 0.0);
        xdotool(
            &display,
            &[
                "mousemove",
                "--sync",
                &x.to_string(),
                &y.to_string(),
                "click",
                "1",
            ],
        );
    };
    let is_apply = |m: &Value| m["method"] == "workspace/applyEdit";

    // A blue cell at O15 (group 14 of grid line 15: text line 19, columns 28..30).
    let first = hexcells_core::Pos::new(14, 14).expect("a grid position");
    click(first);
    let request = client.wait_for("workspace/applyEdit", is_apply);
    let change = &request["params"]["edit"]["documentChanges"][0];
    assert_eq!(
        change["textDocument"],
        json!({ "uri": URI, "version": 1 }),
        "{request}"
    );
    assert_eq!(
        change["edits"],
        json!([{ "range": range(19, 28, 30), "newText": "x." }]),
        "{request}"
    );
    // The client applies it and says so with its next version.
    client.change(URI, 2, range(19, 28, 30), "x.");

    // The next one the client refuses: the viewer shows it until then, and not after.
    *client.apply_edits.lock().expect("lock") = None;
    let second = hexcells_core::Pos::new(16, 14).expect("a grid position");
    click(second);
    let request = client.wait_for("the second workspace/applyEdit", is_apply);
    let change = &request["params"]["edit"]["documentChanges"][0];
    assert_eq!(change["textDocument"]["version"], 2, "{request}");
    let probe = screen(second, 0.5);
    let shot = state.path().join("screen.rgb");
    let pixel_is = |want: Rgb| {
        let deadline = std::time::Instant::now() + Duration::from_secs(15);
        loop {
            let ok = std::process::Command::new("import")
                .args(["-window", "root", "-depth", "8"])
                .arg(format!("rgb:{}", shot.display()))
                .env("DISPLAY", &display)
                .status()
                .is_ok_and(|s| s.success());
            let bytes = if ok {
                std::fs::read(&shot).unwrap_or_default()
            } else {
                Vec::new()
            };
            let i = (probe.1 as usize * 1024 + probe.0 as usize) * 3;
            if bytes.get(i..i + 3) == Some(&[want.0, want.1, want.2][..]) {
                return;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "{probe:?} never showed {want:?}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    };
    pixel_is(palette::BLUE);
    client.reply(
        &request["id"],
        json!({ "applied": false, "failureReason": "the test says no" }),
    );
    pixel_is(palette::BACKGROUND);
    // Clicked again, the place is empty in the viewer's text: a new cell, not a cycle.
    *client.apply_edits.lock().expect("lock") = Some(json!({ "applied": true }));
    click(second);
    let request = client.wait_for("the third workspace/applyEdit", is_apply);
    let change = &request["params"]["edit"]["documentChanges"][0];
    assert_eq!(change["textDocument"]["version"], 2, "{request}");
    assert_eq!(
        change["edits"],
        json!([{ "range": range(19, 32, 34), "newText": "x." }]),
        "{request}"
    );
    let (status, _) = client.shutdown_and_exit();
    assert!(status.is_some_and(|s| s.success()));
}

/// `text` with the single-line edits of a workspace edit applied (core's columns: the
/// level text is ASCII, so UTF-16 units are characters).
fn apply_edits(text: &str, edits: &[Value]) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut sorted = edits.to_vec();
    sorted.sort_by_key(|e| {
        let start = &e["range"]["start"];
        std::cmp::Reverse((start["line"].as_u64(), start["character"].as_u64()))
    });
    for edit in sorted {
        let (start, end) = (&edit["range"]["start"], &edit["range"]["end"]);
        assert_eq!(start["line"], end["line"], "{edit}");
        let line = &mut lines[start["line"].as_u64().unwrap_or(0) as usize];
        let (a, b) = (
            start["character"].as_u64().unwrap_or(0) as usize,
            end["character"].as_u64().unwrap_or(0) as usize,
        );
        line.replace_range(a..b, edit["newText"].as_str().unwrap_or_default());
    }
    lines.join("\n") + "\n"
}

/// The engine's verdict and grade of the first level of `text`, asked in the test itself.
fn engine_verdict(text: &str) -> (hexcells_core::solve::Verdict, Option<hexcells_core::solve::Grade>) {
    let parsed = hexcells_core::format::parse(text);
    let level = &parsed.levels[0].level;
    let report = hexcells_core::solve::analyze(level, &hexcells_core::solve::Budget::default());
    (report.verdict, report.difficulty.grade)
}

/// The quick fixes on `line`.
fn quick_fixes(client: &mut LspClient, line: u32) -> Vec<Value> {
    let params = json!({
        "textDocument": { "uri": URI },
        "range": range(line, 0, 0),
        "context": { "diagnostics": [], "only": ["quickfix"] }
    });
    client
        .result("textDocument/codeAction", params)
        .as_array()
        .cloned()
        .unwrap_or_default()
}

#[test]
fn clues_a_player_never_needs_get_a_hint_and_fixes_that_keep_the_grade() {
    let mut client = LspClient::minimal(false);
    // The ring: six hidden cells and six blue left, so the counter alone says they are
    // all blue and the centre's 6 is never needed.
    let text = solvable();
    client.open(URI, &text);
    let published = client.wait_for("HC0303 hints", |m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["diagnostics"]
                .as_array()
                .is_some_and(|d| d.iter().any(|d| d["code"] == "HC0303"))
    });
    let hints: Vec<Value> = published["params"]["diagnostics"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .filter(|d| d["code"] == "HC0303")
        .collect();
    assert!(!hints.is_empty());
    let before = engine_verdict(&text);
    assert_eq!(before.0, hexcells_core::solve::Verdict::Solvable);
    let mut removals = 0;
    for hint in &hints {
        assert_eq!(hint["severity"], 4, "a hint: {hint}");
        let line = hint["range"]["start"]["line"].as_u64().unwrap_or(0) as u32;
        for action in quick_fixes(&mut client, line) {
            let title = action["title"].as_str().unwrap_or_default();
            if !title.starts_with("Remove") {
                continue;
            }
            removals += 1;
            let edits = action["edit"]["changes"][URI]
                .as_array()
                .cloned()
                .unwrap_or_default();
            assert!(!edits.is_empty(), "{action}");
            // Re-checked by the engine here: still solvable, at the same grade.
            assert_eq!(engine_verdict(&apply_edits(&text, &edits)), before, "{title}");
        }
    }
    assert!(removals >= hints.len(), "a fix per hint: {hints:?}");
}

#[test]
fn a_stuck_level_gets_the_clues_a_player_needs_in_one_edit() {
    let mut client = LspClient::minimal(false);
    let text = stuck();
    client.open(URI, &text);
    client.wait_for("the stuck verdict", |m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["diagnostics"]
                .as_array()
                .is_some_and(|d| d.iter().any(|d| d["code"] == "HC0301"))
    });
    // The advice comes in the background after the explanations: ask until it is in.
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let fix = loop {
        let found = quick_fixes(&mut client, 8).into_iter().find(|a| {
            a["title"]
                .as_str()
                .is_some_and(|t| t.starts_with("Add the clues a player needs (difficulty "))
        });
        if let Some(fix) = found {
            break fix;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no fix adding the clues a player needs"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    let edits = fix["edit"]["changes"][URI]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let fixed = apply_edits(&text, &edits);
    assert_eq!(
        engine_verdict(&fixed).0,
        hexcells_core::solve::Verdict::Solvable,
        "{fixed}"
    );
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": { "uri": URI, "version": 2 },
            "contentChanges": [ { "text": fixed } ]
        }),
    );
    // The server agrees: the version's verdict is solvable.
    let status = client.solve_status(URI, 2);
    assert_eq!(status["levels"][0]["verdict"], "solvable", "{status}");
}

/// `hexcells.openPreview` with no display at all: the real `hexcells-view --serve
/// --stdin` says where its page is, the command returns that URL (the same one when
/// asked again), the page follows the unsaved text, a click on a cell moves the
/// editor's cursor, and an edit made in the page's editor arrives as the same
/// versioned `TextDocumentEdit` the window's would.
#[test]
fn open_preview_returns_the_page_which_follows_the_buffer_and_sends_its_edits() {
    use hexcells_e2e::preview::{PageSocket, PreviewPage};
    use hexcells_viewer::editor::document::Link;
    use hexcells_viewer::editor::mode::EditMode;
    use hexcells_viewer::render::FrameLayout;

    fn click(socket: &mut PageSocket, x: f32, y: f32) {
        for down in [true, false] {
            socket.send(&format!(
                r#"{{"t":"button","button":"left","down":{down},"x":{x},"y":{y}}}"#
            ));
        }
    }

    let state = hexcells_e2e::temp_dir();
    let state_home = state.path().to_string_lossy().into_owned();
    let mut client = LspClient::start_with_env(&[
        ("DISPLAY", ""),
        ("WAYLAND_DISPLAY", ""),
        ("XDG_STATE_HOME", state_home.as_str()),
        ("XDG_CONFIG_HOME", state_home.as_str()),
    ]);
    let init = initialize_with_edits_and_show_document(&mut client);
    let commands = &init["result"]["capabilities"]["executeCommandProvider"]["commands"];
    assert!(
        commands
            .as_array()
            .is_some_and(|c| c.contains(&json!("hexcells.openPreview"))),
        "{init}"
    );
    client.notify("initialized", json!({}));
    let text = level("Previewed", &["|+..x.", "..on..", "x...o."]);
    client.open(URI, &text);
    let reply = client.result(
        "workspace/executeCommand",
        json!({ "command": "hexcells.openPreview", "arguments": [URI] }),
    );
    let url = reply["url"]
        .as_str()
        .unwrap_or_else(|| panic!("a URL: {reply}; server log:\n{}", client.stderr()))
        .to_string();
    let page = PreviewPage::at(&url);
    let (status, body) = page.fetch();
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("<html"), "the page: {body}");
    let again = client.result(
        "workspace/executeCommand",
        json!({ "command": "hexcells.openPreview", "arguments": [URI] }),
    );
    assert_eq!(again["url"], url.as_str(), "one page per document");

    // The page shows the buffer, and follows an unsaved edit of the title.
    let mut socket = page.socket();
    let wait = Duration::from_secs(30);
    socket.frame_where("with the buffer's title", wait, |f| {
        f["title"] == "Previewed - hexcells-view"
    });
    client.change(URI, 2, range(1, 0, 9), "Retitled!");
    let frame = socket.frame_where("after the edit", wait, |f| {
        f["title"] == "Retitled! - hexcells-view"
    });
    assert!(
        frame["svg"]
            .as_str()
            .is_some_and(|svg| svg.contains("data-cell=\"M9\"")),
        "the level's cells are drawn: {frame}"
    );

    // A click on the blue cell M10 (group 12 of grid line 10: text line 15, columns
    // 24..26) moves the editor's cursor there, as a click in the window does.
    let (w, h) = (900, 720);
    socket.send(&format!(r#"{{"t":"size","w":{w},"h":{h},"scale":1}}"#));
    let text = level("Retitled!", &["|+..x.", "..on..", "x...o."]);
    let parsed = hexcells_core::format::parse(&text).levels.remove(0).level;
    let (x, y) = FrameLayout::new(&parsed, w, h, 1.0)
        .cell_centre(hexcells_core::Pos::new(12, 10).expect("a grid position"));
    click(&mut socket, x, y);
    let shown = client.wait_for("window/showDocument after a click", |m| {
        m["method"] == "window/showDocument"
    });
    assert_eq!(shown["params"]["uri"], URI, "{shown}");
    assert_eq!(shown["params"]["selection"], range(15, 24, 26), "{shown}");

    // Tab opens the page's editor; a click makes a blue cell at O15 (group 14 of grid
    // line 15: text line 19, columns 28..30), sent as the window's edit is.
    socket.send(r#"{"t":"key","key":"Tab"}"#);
    socket.frame_where("of the editor", wait, |f| {
        f["title"].as_str().is_some_and(|t| t.contains("(editor)"))
    });
    let layout = EditMode::new(text, Link::Server, 0, None).layout(w, h, 1.0);
    let (x, y) = layout.cell_centre(hexcells_core::Pos::new(14, 14).expect("a grid position"));
    click(&mut socket, x, y);
    let request = client.wait_for("workspace/applyEdit", |m| m["method"] == "workspace/applyEdit");
    let change = &request["params"]["edit"]["documentChanges"][0];
    assert_eq!(
        change["textDocument"],
        json!({ "uri": URI, "version": 2 }),
        "{request}"
    );
    assert_eq!(
        change["edits"],
        json!([{ "range": range(19, 28, 30), "newText": "x." }]),
        "{request}"
    );

    // The page goes with the server.
    let (status, _) = client.shutdown_and_exit();
    assert!(status.is_some_and(|s| s.success()));
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(("127.0.0.1", page.port)).is_ok() {
        assert!(
            std::time::Instant::now() < deadline,
            "the page outlived the server"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The page of `hexcells.openPreview` follows the editor's cursor: a request at a cell
/// of the pack's second level (hover, as editors send when the cursor rests) turns the
/// page to that level, and one in the first level turns it back; the page ends when
/// its document closes.
#[test]
fn the_preview_page_follows_the_cursor_between_levels() {
    use hexcells_e2e::preview::PreviewPage;

    let state = hexcells_e2e::temp_dir();
    let state_home = state.path().to_string_lossy().into_owned();
    let mut client = LspClient::minimal_in(
        false,
        json!({}),
        &[
            ("DISPLAY", ""),
            ("WAYLAND_DISPLAY", ""),
            ("XDG_STATE_HOME", state_home.as_str()),
            ("XDG_CONFIG_HOME", state_home.as_str()),
        ],
    );
    let rows = ["|+..x.", "..on..", "x...o."];
    let pack = format!("{}{}", level("First", &rows), level("Second", &rows));
    client.open(URI, &pack);
    let reply = client.result(
        "workspace/executeCommand",
        json!({ "command": "hexcells.openPreview", "arguments": [URI] }),
    );
    let url = reply["url"].as_str().unwrap_or_else(|| panic!("a URL: {reply}"));
    let mut socket = PreviewPage::at(url).socket();
    let wait = Duration::from_secs(30);
    socket.frame_where("of the first level", wait, |f| {
        f["title"] == "First - hexcells-view"
    });
    // M10 of the second level: its text starts on line 38.
    let _ = client.request("textDocument/hover", at(URI, 38 + 15, 24));
    socket.frame_where("of the second level", wait, |f| {
        f["title"] == "Second - hexcells-view"
    });
    let _ = client.request("textDocument/hover", at(URI, 15, 24));
    socket.frame_where("of the first level again", wait, |f| {
        f["title"] == "First - hexcells-view"
    });

    // The page goes with its document.
    client.notify("textDocument/didClose", json!({ "textDocument": { "uri": URI } }));
    let port = PreviewPage::at(url).port;
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
        assert!(
            std::time::Instant::now() < deadline,
            "the page outlived its document"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let (status, _) = client.shutdown_and_exit();
    assert!(status.is_some_and(|s| s.success()));
}

/// Sends `initialize` as a client that applies workspace edits and opens documents
/// (what the viewer and the preview need); the reply.
fn initialize_with_edits_and_show_document(client: &mut LspClient) -> Value {
    client.request(
        "initialize",
        json!({
            "processId": null,
            "rootUri": null,
            "capabilities": {
                "workspace": { "applyEdit": true, "workspaceEdit": { "documentChanges": true } },
                "window": { "showDocument": { "support": true } }
            }
        }),
    )
}
