//! The figures of a level pack at scale (issue 40): the corpus levels that start with
//! a header, concatenated into one pack of about 1 MB (built here, never written into
//! the project), opened in `hexcells lsp` with `debounceMs: 0`; then edits that each
//! reveal one hidden cell of one level, spread over the pack; then the requests that
//! cover the whole document; and the server's memory. Then the same edits with a client
//! that pulls diagnostics instead of being pushed them.

use std::time::Instant;

use hexcells_core::format::parse;
use hexcells_core::Color;
use hexcells_e2e::lsp_client::{range, LspClient};
use serde_json::{json, Value};

use super::{report, rss_kib, SOLVE_LIMIT};

/// Edits of the pack, each in another level (the memory row of issue 55 is read after
/// 200).
const EDITS: usize = 200;

/// Edits (the first of [`EDITS`]) after which the editor's requests and the pulling
/// client are timed.
const EDITS_PER_REQUEST_ROW: usize = 20;

/// Times each whole-document request is asked.
const REQUESTS: usize = 20;

/// Lines of a screen, for `textDocument/semanticTokens/range`.
const SCREEN_LINES: u32 = 60;

const URI: &str = "file:///bench/pack.hexcells";

/// Prints the pack rows; nothing without the corpus.
pub fn rows() {
    let Some(corpus) = hexcells_corpus::Corpus::find() else {
        return;
    };
    let pack = corpus.pack(1);
    println!(
        "pack: {} levels, {} bytes (the corpus levels that start with a header)",
        pack.n_levels,
        pack.text.len()
    );
    let edits = reveals(&pack.text, EDITS);
    let mut client = LspClient::minimal_with(
        false,
        json!({ "debounceMs": 0, "solver": { "timeLimitMs": SOLVE_LIMIT.as_millis() as u64 } }),
    );
    settle(&mut client);

    let start = Instant::now();
    client.open(URI, &pack.text);
    let first = client.first_solve_status_within(URI, 1, 4 * SOLVE_LIMIT);
    let verdicts = start.elapsed();
    if first["complete"] != true {
        client.solve_status_within(URI, 1, 4 * SOLVE_LIMIT);
    }
    println!(
        "pack: open -> verdicts {:.0} ms, open -> complete {:.0} ms",
        verdicts.as_secs_f64() * 1000.0,
        start.elapsed().as_secs_f64() * 1000.0
    );

    let memory = |client: &LspClient, when: &str| match rss_kib(client.pid()) {
        Some(kib) => println!("pack: memory {:.1} MiB {when}", kib as f64 / 1024.0),
        None => println!("pack: memory not measured (no /proc on this system)"),
    };
    memory(&client, "once open and analysed");

    // Each edit waits for the complete analysis of the one before.
    let (mut to_verdicts, mut to_complete) = (Vec::new(), Vec::new());
    let mut version = 1;
    for &(line, column, revealed) in &edits {
        version += 1;
        let start = Instant::now();
        write_cell(&mut client, version, (line, column, revealed));
        let status = client.first_solve_status_within(URI, version, 4 * SOLVE_LIMIT);
        to_verdicts.push(start.elapsed());
        if status["complete"] != true {
            client.solve_status_within(URI, version, 4 * SOLVE_LIMIT);
        }
        to_complete.push(start.elapsed());
    }
    report("pack: didChange -> verdicts (solveStatus)", &mut to_verdicts);
    report(
        "pack: didChange -> complete analysis (solveStatus complete)",
        &mut to_complete,
    );
    memory(&client, &format!("after {} edits", edits.len()));

    let whole = json!({ "textDocument": { "uri": URI } });
    for method in [
        "textDocument/semanticTokens/full",
        "textDocument/documentSymbol",
        "textDocument/foldingRange",
        "textDocument/codeLens",
        "textDocument/diagnostic",
    ] {
        request_row(&mut client, method, &whole);
    }
    let middle = (pack.text.lines().count() / 2) as u32;
    let screen = json!({
        "textDocument": { "uri": URI },
        "range": { "start": { "line": middle, "character": 0 },
                   "end": { "line": middle + SCREEN_LINES, "character": 0 } },
    });
    request_row(&mut client, "textDocument/semanticTokens/range", &screen);
    let some = &edits[..edits.len().min(EDITS_PER_REQUEST_ROW)];
    editor_rows(&mut client, some, version);

    match rss_kib(client.pid()) {
        Some(kib) => println!("pack: memory {:.1} MiB after the requests", kib as f64 / 1024.0),
        None => println!("pack: memory not measured (no /proc on this system)"),
    }
    let _ = client.shutdown_and_exit();
    pulling_rows(&pack.text, some);
}

/// The same edits with a client that pulls diagnostics (VS Code): the server pushes
/// none (a push of this pack's diagnostics is a megabyte of JSON, which the client
/// above reads before the verdicts that follow it); after the verdicts the client pulls
/// with the result id it has, as it does when the server asks it to pull again.
fn pulling_rows(text: &str, edits: &[(u32, u32, char)]) {
    let mut client = LspClient::pulling_with(
        json!({ "debounceMs": 0, "solver": { "timeLimitMs": SOLVE_LIMIT.as_millis() as u64 } }),
    );
    settle(&mut client);
    client.open(URI, text);
    client.solve_status_within(URI, 1, 4 * SOLVE_LIMIT);
    let whole = json!({ "textDocument": { "uri": URI } });
    let mut result_id = client.result("textDocument/diagnostic", whole)["resultId"].clone();
    let (mut to_verdicts, mut to_pulled) = (Vec::new(), Vec::new());
    let mut version = 1;
    for &(line, column, revealed) in edits {
        version += 1;
        let start = Instant::now();
        write_cell(&mut client, version, (line, column, revealed));
        client.first_solve_status_within(URI, version, 4 * SOLVE_LIMIT);
        to_verdicts.push(start.elapsed());
        let reply = client.result(
            "textDocument/diagnostic",
            json!({ "textDocument": { "uri": URI }, "previousResultId": result_id }),
        );
        to_pulled.push(start.elapsed());
        result_id = reply["resultId"].clone();
        client.solve_status_within(URI, version, 4 * SOLVE_LIMIT);
    }
    report(
        "pack, pulling client: didChange -> verdicts (solveStatus)",
        &mut to_verdicts,
    );
    report(
        "pack, pulling client: didChange -> verdicts and diagnostics pulled",
        &mut to_pulled,
    );
    let _ = client.shutdown_and_exit();
}

/// Waits until the server has the settings (`workspace/configuration` is asked at
/// `initialized`, beside the first requests): a small level's analysis answers.
pub(super) fn settle(client: &mut LspClient) {
    let uri = "file:///bench/settle.hexcells";
    let mut text = String::from("Hexcells level v1\nSettle\nUs\n\n\n");
    for y in 0..33 {
        let row = if y == 10 { "x.O+x." } else { "" };
        text.push_str(&format!("{row:.<66}\n"));
    }
    client.open(uri, &text);
    client.solve_status_within(uri, 1, SOLVE_LIMIT);
    client.notify("textDocument/didClose", json!({ "textDocument": { "uri": uri } }));
}

/// Times `method` with `params` [`REQUESTS`] times and prints the percentiles and the
/// reply's size, or why there is no reply.
fn request_row(client: &mut LspClient, method: &str, params: &Value) {
    let mut times = Vec::new();
    let mut size = 0;
    for _ in 0..REQUESTS {
        let start = Instant::now();
        let reply = client.request(method, params.clone());
        times.push(start.elapsed());
        if let Some(error) = reply.get("error") {
            println!("pack: {method}: no answer ({})", error["message"]);
            return;
        }
        size = reply["result"].to_string().len();
    }
    report(&format!("pack: {method} ({} kB)", size / 1000), &mut times);
}

/// What an editor asks after each keystroke, on the same edits again (each cell covered
/// back), timed once the edit's analysis is in: the tokens that changed since those it
/// has (`full/delta` with its `previousResultId`), and the diagnostics pulled with its
/// `previousResultId`.
fn editor_rows(client: &mut LspClient, edits: &[(u32, u32, char)], mut version: i64) {
    let whole = json!({ "textDocument": { "uri": URI } });
    let full = client.result("textDocument/semanticTokens/full", whole.clone());
    let mut tokens_id = full["resultId"].clone();
    let deltas = !tokens_id.is_null();
    if !deltas {
        println!("pack: textDocument/semanticTokens/full/delta: not offered (no resultId)");
    }
    let pulled = client.result("textDocument/diagnostic", whole.clone());
    let mut diagnostics_id = pulled["resultId"].clone();
    let (mut delta, mut pull) = (Vec::new(), Vec::new());
    let mut unchanged = 0;
    for &(line, column, revealed) in edits {
        version += 1;
        write_cell(client, version, (line, column, revealed.to_ascii_lowercase()));
        // The requests alone, once the edit's own messages are in.
        client.solve_status_within(URI, version, 4 * SOLVE_LIMIT);
        if deltas {
            let start = Instant::now();
            let reply = client.result(
                "textDocument/semanticTokens/full/delta",
                json!({ "textDocument": { "uri": URI }, "previousResultId": tokens_id }),
            );
            delta.push(start.elapsed());
            tokens_id = reply["resultId"].clone();
        }
        let start = Instant::now();
        let reply = client.result(
            "textDocument/diagnostic",
            json!({ "textDocument": { "uri": URI }, "previousResultId": diagnostics_id }),
        );
        pull.push(start.elapsed());
        unchanged += usize::from(reply["kind"] == "unchanged");
        diagnostics_id = reply["resultId"].clone();
    }
    if deltas {
        report(
            "pack: textDocument/semanticTokens/full/delta after an edit",
            &mut delta,
        );
    }
    report(
        &format!(
            "pack: textDocument/diagnostic with previousResultId after an edit ({unchanged} of {} unchanged)",
            edits.len()
        ),
        &mut pull,
    );
}

/// Sends the edit that writes `c` at (`line`, `column`) as `version` of the pack.
fn write_cell(client: &mut LspClient, version: i64, (line, column, c): (u32, u32, char)) {
    client.change(URI, version, range(line, column, column + 1), &c.to_string());
}

/// `n` edits spread over the pack's levels: each reveals the first hidden cell of its
/// level, as (line, column, the revealed character).
fn reveals(text: &str, n: usize) -> Vec<(u32, u32, char)> {
    let parse = parse(text);
    let step = (parse.levels.len() / n).max(1);
    parse
        .levels
        .iter()
        .step_by(step)
        .filter_map(|parsed| {
            let (pos, cell) = parsed.level.cells().find(|(_, c)| !c.revealed)?;
            let r = parsed.source.range_of(pos)?;
            let revealed = if cell.color == Color::Blue { 'X' } else { 'O' };
            Some((r.line, r.start, revealed))
        })
        .take(n)
        .collect()
}
