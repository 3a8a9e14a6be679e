//! End-to-end tests of level packs as authors edit them (issue 40): `hexcells lsp`
//! re-analyses only the levels an edit changes, and what it says after a series of
//! edits is what a fresh server says of the final text; each level's code lens and
//! header hover say where it stands on the pack's difficulty curve (issue 57).

use std::time::Duration;

use hexcells_core::format::parse;
use hexcells_e2e::lsp_client::{at, range, LspClient};
use serde_json::{json, Value};

const URI: &str = "file:///project/pack.hexcells";

/// How long an analysis of the test's pack may take.
const ANALYSIS: Duration = Duration::from_secs(120);

/// The test's pack: the project's own levels (one of them twice), and a stuck one.
fn pack() -> String {
    let dir = hexcells_e2e::levels_dir();
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/levels")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "hexcells"))
        .collect();
    names.sort();
    let mut text = String::new();
    for path in names.iter().chain(names.first()) {
        text.push_str(&std::fs::read_to_string(path).expect("a level"));
    }
    // Pairs of hidden cells no clue tells apart: stuck until every pair is revealed.
    text.push_str("Hexcells level v1\nCoins\nUs\n\n\n");
    for y in 0..33 {
        let row = match y {
            10 | 20 => "x.......o.......x.......o.",
            12 | 22 => "o.......x.......o.......x.",
            _ => "",
        };
        text.push_str(&format!("{row:.<66}\n"));
    }
    text
}

/// A small pseudo-random generator (a fixed seed: the same edits every run).
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n.max(1) as u64) as usize
    }
}

/// One edit of the pack: the range it replaces, in the protocol's form (the pack is
/// ASCII, so columns are bytes), and what replaces it.
fn random_edit(text: &str, dice: &mut Dice) -> (Value, String) {
    let parsed = parse(text);
    let lines: Vec<&str> = text.split('\n').collect();
    let k = dice.below(parsed.levels.len());
    let level = &parsed.levels[k];
    let (first, end) = (level.source.first_line, level.source.end_line);
    let edit = |from: (u32, u32), to: (u32, u32), new: &str| {
        let range = json!({
            "start": { "line": from.0, "character": from.1 },
            "end": { "line": to.0, "character": to.1 },
        });
        (range, new.to_string())
    };
    match dice.below(10) {
        // Reveal or cover a cell (the most common edit).
        0..=4 => {
            let cells: Vec<_> = level.level.cells().collect();
            if cells.is_empty() {
                return edit((first + 1, 0), (first + 1, 0), "x");
            }
            let (pos, cell) = cells[dice.below(cells.len())];
            let r = level.source.range_of(pos).expect("a cell's place");
            let now = lines[r.line as usize].as_bytes()[r.start as usize] as char;
            let next = if cell.revealed {
                now.to_ascii_lowercase()
            } else {
                now.to_ascii_uppercase()
            };
            edit((r.line, r.start), (r.line, r.start + 1), &next.to_string())
        }
        // A blank line above the level: it and the ones below move.
        5 => edit((first, 0), (first, 0), "\n"),
        // A letter in the title.
        6 => edit((first + 1, 0), (first + 1, 0), "Q"),
        // The level removed (the pack keeps three).
        7 if parsed.levels.len() > 3 => edit((first, 0), (end, 0), ""),
        // A copy of the level pasted above another one.
        7 | 8 => {
            let copy = lines[first as usize..(end as usize).min(lines.len())].join("\n");
            let copy = format!("{}\n", copy.trim_end_matches('\n'));
            let before = parsed.levels[dice.below(parsed.levels.len())].source.first_line;
            edit((before, 0), (before, 0), &copy)
        }
        // A syntax error in a grid line (the level is not analysed), or its repair.
        _ => {
            let line = level.source.grid.get(3).map_or(first + 8, |g| g.line);
            let now = &lines[line as usize][..2];
            let next = if now == "zz" { ".." } else { "zz" };
            edit((line, 0), (line, 2), next)
        }
    }
}

/// `text` with `new` in place of `range` (a range of [`random_edit`]), as the server
/// applies it: places past a line's end or the text's end are clamped.
fn apply(text: &str, range: &Value, new: &str) -> String {
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let offset = |at: &Value| {
        let line = at["line"].as_u64().unwrap_or(0) as usize;
        let column = at["character"].as_u64().unwrap_or(0) as usize;
        match line_starts.get(line) {
            None => text.len(),
            Some(&start) => {
                let end = text[start..].find('\n').map_or(text.len(), |e| start + e);
                (start + column).min(end)
            }
        }
    };
    let (from, to) = (offset(&range["start"]), offset(&range["end"]));
    format!("{}{new}{}", &text[..from], &text[to..])
}

/// What the server says of the document once its analysis is complete, the advice
/// included: the verdicts, the diagnostics, the code lenses, the hover of every item,
/// and the code actions on each level's first line (the engine's fixes among them).
fn answers(client: &mut LspClient, text: &str, version: i64) -> Value {
    let status = client.advised_status_within(URI, version, ANALYSIS);
    let doc = json!({ "textDocument": { "uri": URI } });
    let diagnostics = client.result("textDocument/diagnostic", doc.clone());
    let lenses = client.result("textDocument/codeLens", doc.clone());
    let parsed = parse(text);
    let mut hovers = Vec::new();
    let mut actions = Vec::new();
    for level in &parsed.levels {
        for (pos, _) in level.level.items() {
            if let Some(r) = level.source.range_of(pos) {
                hovers.push(client.result("textDocument/hover", at(URI, r.line, r.start)));
            }
        }
        let line = level.source.first_line;
        actions.push(client.result(
            "textDocument/codeAction",
            json!({
                "textDocument": { "uri": URI },
                "range": { "start": { "line": line, "character": 0 },
                           "end": { "line": line, "character": 0 } },
                "context": { "diagnostics": [] },
            }),
        ));
    }
    json!({
        "levels": status["levels"],
        "diagnostics": diagnostics["items"],
        "lenses": lenses,
        "hovers": hovers,
        "actions": actions,
    })
}

#[test]
fn a_pack_edited_many_times_gets_the_answers_of_a_fresh_analysis() {
    let settings = json!({ "debounceMs": 0, "solver": { "timeLimitMs": 60000 } });
    let mut text = pack();
    assert!(text.is_ascii(), "the edits count columns in bytes");
    let mut client = LspClient::minimal_with(false, settings.clone());
    client.open(URI, &text);
    let first = client.solve_status_within(URI, 1, ANALYSIS);
    let verdicts: Vec<&str> = first["levels"]
        .as_array()
        .map(|l| l.iter().filter_map(|l| l["verdict"].as_str()).collect())
        .unwrap_or_default();
    assert!(
        verdicts.contains(&"solvable") && verdicts.contains(&"stuck"),
        "{verdicts:?}"
    );
    let mut dice = Dice(40);
    let mut version = 1;
    for _ in 0..40 {
        let (range, new) = random_edit(&text, &mut dice);
        let after = apply(&text, &range, &new);
        version += 1;
        client.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": URI, "version": version },
                "contentChanges": [ { "range": range, "text": new } ]
            }),
        );
        text = after;
        // Sometimes the next edit comes at once (the older work must give way),
        // sometimes after the verdicts, sometimes after everything.
        match dice.below(3) {
            0 => {}
            1 => {
                client.first_solve_status_within(URI, version, ANALYSIS);
            }
            _ => {
                client.solve_status_within(URI, version, ANALYSIS);
            }
        }
    }
    let edited = answers(&mut client, &text, version);
    let stderr = client.stderr();
    assert!(!stderr.contains("panicked"), "{stderr}");
    let _ = client.shutdown_and_exit();

    let mut fresh = LspClient::minimal_with(false, settings);
    fresh.open(URI, &text);
    let expected = answers(&mut fresh, &text, 1);
    let _ = fresh.shutdown_and_exit();

    let n_levels = parse(&text).levels.len();
    assert!(n_levels >= 3, "the edits left {n_levels} levels");
    for part in ["levels", "diagnostics", "lenses", "hovers", "actions"] {
        assert_eq!(
            edited[part], expected[part],
            "{part} after the edits differ from a fresh analysis"
        );
    }
}

/// Ends the server and returns its log (stderr), read to its end.
fn log_after_exit(client: &mut LspClient) -> String {
    let reply = client.request("shutdown", Value::Null);
    assert_eq!(reply["result"], Value::Null, "{reply}");
    client.notify("exit", Value::Null);
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let log = client.stderr();
        if !log.is_empty() || std::time::Instant::now() > deadline {
            return log;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The versions the server asked the engine about, one entry per level and pass, from
/// its debug log.
fn engine_calls(stderr: &str) -> Vec<i64> {
    stderr
        .lines()
        .filter(|l| l.contains("asked the engine"))
        .filter_map(|l| {
            let at = l.find("version=")? + "version=".len();
            let digits: String = l[at..].chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .collect()
}

#[test]
fn an_edit_costs_the_levels_it_changes() {
    let mut client = LspClient::start_with_env(&[("HEXCELLS_LOG", "hexcells::lsp::solver=debug")]);
    *client.settings.lock().expect("settings") = json!({ "debounceMs": 0 });
    let reply = client.request(
        "initialize",
        json!({ "processId": null, "rootUri": null, "capabilities": { "workspace": { "configuration": true } } }),
    );
    assert!(reply.get("result").is_some(), "{reply}");
    client.notify("initialized", json!({}));
    let text = pack();
    client.open(URI, &text);
    client.advised_status_within(URI, 1, ANALYSIS);

    // Reveal a hidden cell of the third level: that level alone is asked again.
    let parsed = parse(&text);
    let third = &parsed.levels[2];
    let (pos, _) = third
        .level
        .cells()
        .find(|(_, c)| !c.revealed)
        .expect("a hidden cell");
    let r = third.source.range_of(pos).expect("its place");
    let hidden = &text.split('\n').nth(r.line as usize).expect("its line")[r.start as usize..r.end as usize];
    let revealed = hidden.to_ascii_uppercase();
    client.change(URI, 2, range(r.line, r.start, r.start + 1), &revealed[..1]);
    client.advised_status_within(URI, 2, ANALYSIS);
    // Blank lines above the second level move every level after it: none is asked.
    let second = parsed.levels[1].source.first_line;
    client.change(URI, 3, range(second, 0, 0), "\n\n");
    client.advised_status_within(URI, 3, ANALYSIS);
    // The cell covered again: the level reads as before, and its answer is kept.
    client.change(URI, 4, range(r.line + 2, r.start, r.start + 1), &hidden[..1]);
    client.advised_status_within(URI, 4, ANALYSIS);
    let calls = engine_calls(&log_after_exit(&mut client));
    let n_levels = parsed.levels.len() as i64;
    let at = |version| calls.iter().filter(|&&v| v == version).count();
    // The pack holds one level twice: it is asked about once.
    // Each level is asked three times: its verdict, its explanations, its advice.
    assert_eq!(at(1) as i64, 3 * (n_levels - 1), "{calls:?}");
    assert_eq!(
        at(2),
        3,
        "a verdict, an explanation and the advice of the edited level: {calls:?}"
    );
    assert_eq!(at(3), 0, "{calls:?}");
    assert_eq!(at(4), 0, "{calls:?}");
}

/// Semantic tokens as absolute (line, start, length, type, modifiers), from the
/// protocol's relative numbers.
fn absolute_tokens(data: &Value) -> Vec<[u64; 5]> {
    let numbers: Vec<u64> = data
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default();
    let (mut line, mut start) = (0, 0);
    numbers
        .chunks(5)
        .map(|t| {
            if t[0] > 0 {
                start = 0;
            }
            line += t[0];
            start += t[1];
            [line, start, t[2], t[3], t[4]]
        })
        .collect()
}

#[test]
fn whole_document_requests_send_a_pack_in_parts() {
    let mut client = LspClient::minimal_with(false, json!({ "debounceMs": 0 }));
    let text = pack();
    client.open(URI, &text);
    client.solve_status_within(URI, 1, ANALYSIS);
    let doc = json!({ "textDocument": { "uri": URI } });

    // The tokens of some lines are those of the whole pack on those lines.
    let full = client.result("textDocument/semanticTokens/full", doc.clone());
    let all = absolute_tokens(&full["data"]);
    let (first, last) = (60, 130);
    let lines = json!({
        "textDocument": { "uri": URI },
        "range": { "start": { "line": first, "character": 0 }, "end": { "line": last, "character": 0 } },
    });
    let some = client.result("textDocument/semanticTokens/range", lines);
    let expected: Vec<[u64; 5]> = all
        .iter()
        .filter(|t| (first..=last).contains(&t[0]))
        .copied()
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(absolute_tokens(&some["data"]), expected);

    // After an edit, a delta from the tokens the client has gives the new tokens.
    let parsed = parse(&text);
    let level = &parsed.levels[3];
    let (pos, _) = level
        .level
        .cells()
        .find(|(_, c)| !c.revealed)
        .expect("a hidden cell");
    let r = level.source.range_of(pos).expect("its place");
    let hidden = text.split('\n').nth(r.line as usize).expect("its line")[r.start as usize..].to_string();
    client.change(
        URI,
        2,
        range(r.line, r.start, r.start + 1),
        &hidden[..1].to_ascii_uppercase(),
    );
    let delta = client.result(
        "textDocument/semanticTokens/full/delta",
        json!({ "textDocument": { "uri": URI }, "previousResultId": full["resultId"] }),
    );
    let edits = delta["edits"].as_array().expect("a delta, not every token");
    assert_eq!(edits.len(), 1, "{delta}");
    let mut numbers: Vec<Value> = full["data"].as_array().cloned().unwrap_or_default();
    let start = edits[0]["start"].as_u64().unwrap_or(0) as usize;
    let deleted = edits[0]["deleteCount"].as_u64().unwrap_or(0) as usize;
    let inserted = edits[0]["data"].as_array().cloned().unwrap_or_default();
    assert!(deleted <= 10 && inserted.len() <= 10, "{delta}");
    numbers.splice(start..start + deleted, inserted);
    let now = client.result("textDocument/semanticTokens/full", doc.clone());
    assert_eq!(Value::Array(numbers), now["data"]);

    // Pulled again with what the client has, unchanged diagnostics are not sent again
    // (once the advice is in: it runs beside the next version's explanations).
    client.advised_status_within(URI, 2, ANALYSIS);
    let pulled = client.result("textDocument/diagnostic", doc.clone());
    assert_eq!(pulled["kind"], "full");
    let again = client.result(
        "textDocument/diagnostic",
        json!({ "textDocument": { "uri": URI }, "previousResultId": pulled["resultId"] }),
    );
    assert_eq!(
        again,
        json!({ "kind": "unchanged", "resultId": pulled["resultId"] })
    );
    // A letter in a title changes no diagnostic either.
    client.change(URI, 3, range(level.source.first_line + 1, 0, 0), "Q");
    client.advised_status_within(URI, 3, ANALYSIS);
    let after_edit = client.result(
        "textDocument/diagnostic",
        json!({ "textDocument": { "uri": URI }, "previousResultId": pulled["resultId"] }),
    );
    assert_eq!(after_edit["kind"], "unchanged", "{after_edit}");
    let _ = client.shutdown_and_exit();
}

/// What the process `pid` has read so far (`rchar` of `/proc/PID/io`), if the system
/// says.
fn bytes_read(pid: u32) -> Option<u64> {
    let io = std::fs::read_to_string(format!("/proc/{pid}/io")).ok()?;
    let line = io.lines().find(|l| l.starts_with("rchar:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The processes `pid` started.
fn children(pid: u32) -> Vec<u32> {
    std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children"))
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|p| p.parse().ok())
        .collect()
}

/// The viewer of a pack follows the level shown from the edits' changes: each
/// keystroke sends the viewer a few bytes, not the pack.
#[test]
fn the_viewer_of_a_pack_gets_each_edit_not_the_whole_text() {
    use hexcells_e2e::xvfb::{start_xvfb, tools_present, wait_for_window, xdotool};

    if !tools_present() {
        return;
    }
    let state = hexcells_e2e::temp_dir();
    let state_home = state.path().to_string_lossy().into_owned();
    let (_xvfb, display) = start_xvfb(1024, 768);
    let mut client = LspClient::minimal_for_viewers(&display, &state_home);
    let text = pack();
    client.open(URI, &text);
    client.result(
        "workspace/executeCommand",
        json!({ "command": "hexcells.openViewer", "arguments": [URI] }),
    );
    // The cursor on the fourth level's title: the viewer shows that level.
    let parsed = parse(&text);
    let level = &parsed.levels[3];
    let title_line = level.source.first_line + 1;
    let _ = client.request("textDocument/documentHighlight", at(URI, title_line, 0));
    let title = &level.level.title;
    let shown = wait_for_window(
        &display,
        &format!("^{title} - hexcells-view$"),
        Duration::from_secs(60),
    );
    assert!(
        shown.is_some(),
        "no viewer window on the fourth level; server log:\n{}",
        client.stderr()
    );
    let viewer = *children(client.pid()).first().expect("the viewer process");
    let Some(before) = bytes_read(viewer) else {
        hexcells_e2e::skip("no /proc/PID/io to count what the viewer reads");
        return;
    };

    // Twenty keystrokes in the title, and one cell of another level.
    for k in 0..20 {
        client.change(URI, 2 + k, range(title_line, 0, 0), "x");
    }
    let other = &parsed.levels[1];
    let (pos, _) = other
        .level
        .cells()
        .find(|(_, c)| !c.revealed)
        .expect("a hidden cell");
    let r = other.source.range_of(pos).expect("its place");
    client.change(URI, 22, range(r.line, r.start, r.start + 1), "X");
    let typed = format!("{} - hexcells-view", "x".repeat(20) + title);
    let followed = wait_for_window(&display, &format!("^{typed}$"), Duration::from_secs(20));
    assert!(
        followed.is_some(),
        "the viewer did not follow the keystrokes: {}",
        xdotool(&display, &["search", "--name", "."])
    );
    let read = bytes_read(viewer).unwrap_or(before) - before;
    assert!(
        read < text.len() as u64,
        "21 edits cost the viewer {read} bytes, more than the pack ({} bytes)",
        text.len()
    );
    let _ = client.shutdown_and_exit();
}

#[test]
fn a_long_advice_on_one_level_never_holds_back_another_level_s_answers() {
    // The pack's third level is retitled so that the debug build's hook makes its
    // advice 20 s long; the pack is edited in its last level meanwhile.
    let mut text = pack();
    let parsed = parse(&text);
    let title = parsed.levels[2].source.header[1].expect("the third level's title");
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    lines[title.line as usize] = "Slow advice".to_string();
    text = lines.join("\n");
    let mut client = LspClient::minimal_in(
        false,
        json!({ "debounceMs": 0 }),
        &[("HEXCELLS_TEST_SLOW_ADVICE", "Slow advice:20000")],
    );
    client.open(URI, &text);
    client.solve_status_within(URI, 1, ANALYSIS);
    // The edit comes while the third level's advice runs.
    let done = "slow advice on Slow advice done";
    let started = "slow advice on Slow advice started";
    let waiting = std::time::Instant::now();
    while !client.stderr_with(started).contains(started) {
        assert!(
            waiting.elapsed() < ANALYSIS,
            "no slow advice:\n{}",
            client.stderr()
        );
    }
    // An edit in the last level (the stuck one): a hidden black cell of its grid line
    // 11 is revealed.
    let last = parse(&text).levels.last().expect("a last level").source.clone();
    let line = last.grid[10].line;
    client.change(URI, 2, range(line, 0, 2), "x+");
    let complete = client.solve_status_within(URI, 2, ANALYSIS);
    assert_eq!(complete["complete"], true, "{complete}");
    assert!(
        !client.stderr().contains(done),
        "the changed level's explanations waited for another level's advice:\n{}",
        client.stderr()
    );
    client.shutdown_and_exit();
}

#[test]
fn the_lens_and_the_header_hover_of_a_packs_level_say_where_it_stands_on_the_curve() {
    // The project's pack whose level 3 is easier than level 2, with level 4 stuck.
    let text = std::fs::read_to_string(hexcells_e2e::levels_dir().join("cli/curve.hexcells"))
        .expect("the project's curve pack");
    let mut client = LspClient::minimal(false);
    client.open(URI, &text);
    client.solve_status_within(URI, 1, ANALYSIS);
    let doc = json!({ "textDocument": { "uri": URI } });
    let lenses = client.result("textDocument/codeLens", doc);
    let verdicts: Vec<&str> = lenses
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .filter(|lens| lens["command"]["command"] == "hexcells.solve")
        .filter_map(|lens| lens["command"]["title"].as_str())
        .collect();
    assert_eq!(
        verdicts,
        [
            "level 1 of 5 · easy 0 · solvable in 2 rounds, hardest step 2 clues",
            "level 2 of 5 · easy-medium 1 · solvable in 1 round, hardest step 3 clues",
            "level 3 of 5 · easy 0 · solvable in 5 rounds, hardest step 3 clues · easier than level 2",
            "level 4 of 5 · stuck: 2 cells · not compared",
            "level 5 of 5 · easy 0 · solvable in 1 round, hardest step 1 clue · easier than level 3 (same score, fewer lesser steps)",
        ],
        "{lenses}"
    );
    // The hover on each level's header line says it too (Helix has no code lens).
    let parsed = parse(&text);
    let header = |k: usize, client: &mut LspClient| {
        let line = parsed.levels[k].source.first_line + 1;
        let hover = client.result("textDocument/hover", at(URI, line, 0));
        hover["contents"]["value"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    let third = header(2, &mut client);
    assert!(
        third.ends_with("In this pack: level 3 of 5 · easy 0 · easier than level 2"),
        "{third}"
    );
    assert!(third.contains("(score 0, tie-break 7;"), "{third}");
    let second = header(1, &mut client);
    assert!(second.contains("(score 1, tie-break 1;"), "{second}");
    assert!(
        second.ends_with("In this pack: level 2 of 5 · easy-medium 1"),
        "{second}"
    );
    let stuck = header(3, &mut client);
    assert!(
        stuck.ends_with("In this pack: level 4 of 5 · stuck · not compared"),
        "{stuck}"
    );
}
