//! The advice rows (issue 55): how long after an edit the last answer of a version,
//! the advice (`"advised": true`: the clues a player never needs, the clues a stuck
//! level needs), comes back, with `debounceMs: 0`, timed from `didChange`. First the
//! corpus level with the most items, edited a few times (each edit reveals one more
//! hidden cell), with the server's CPU time per edit; then corpus levels drawn with a
//! fixed seed, one edit each. Prints figures; asserts nothing.

use std::time::{Duration, Instant};

use hexcells_core::format::parse;
use hexcells_core::Color;
use hexcells_e2e::lsp_client::{range, LspClient};
use serde_json::json;

use super::pack::settle;
use super::{report, SOLVE_LIMIT};

/// Edits of the largest level.
const EDITS_OF_THE_LARGEST: usize = 5;

/// Corpus levels drawn for the second row.
const SAMPLED: usize = 80;

/// The draw's seed: the same levels and edits every run.
const SEED: u64 = 55;

/// Prints the advice rows; nothing without the corpus.
pub fn rows() {
    let Some(corpus) = hexcells_corpus::Corpus::find() else {
        return;
    };
    // Single-level files without errors, each with its item count.
    let mut levels: Vec<(usize, String, String)> = corpus
        .levels()
        .into_iter()
        .filter_map(|file| {
            let parsed = parse(&file.text);
            if parsed.levels.len() != 1 || parsed.has_errors() {
                return None;
            }
            let items = parsed.levels[0].level.items().count();
            Some((items, file.name, file.text))
        })
        .collect();
    levels.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    let Some((items, name, text)) = levels.first().cloned() else {
        return;
    };

    let mut client = settled_client();
    let uri = "file:///bench/largest.hexcells";
    client.open(uri, &text);
    client.advised_status_within(uri, 1, 4 * SOLVE_LIMIT);
    let (mut wall, mut cpu) = (Vec::new(), Vec::new());
    for (version, edit) in (2..).zip(reveals(&text, EDITS_OF_THE_LARGEST)) {
        let cpu_before = server_cpu(client.pid());
        let start = Instant::now();
        reveal(&mut client, uri, version, edit);
        client.advised_status_within(uri, version, 4 * SOLVE_LIMIT);
        wall.push(start.elapsed());
        if let (Some(before), Some(after)) = (cpu_before, server_cpu(client.pid())) {
            cpu.push(after.saturating_sub(before));
        }
    }
    println!("advice: the largest level, {name} ({items} items)");
    report(
        "advice: didChange -> advised, the largest level (wall)",
        &mut wall,
    );
    if !cpu.is_empty() {
        report(
            "advice: didChange -> advised, the largest level (server CPU)",
            &mut cpu,
        );
    }
    let _ = client.shutdown_and_exit();

    // A fixed draw of levels, one edit each.
    let mut rng = SEED;
    let mut drawn = Vec::new();
    while drawn.len() < SAMPLED.min(levels.len()) {
        let i = (next(&mut rng) % levels.len() as u64) as usize;
        if !drawn.contains(&i) {
            drawn.push(i);
        }
    }
    let mut client = settled_client();
    let mut samples = Vec::new();
    let mut slowest: Option<(Duration, String)> = None;
    for (n, &i) in drawn.iter().enumerate() {
        let (_, name, text) = &levels[i];
        let hidden = reveals(text, usize::MAX);
        let Some(&edit) = hidden.get((next(&mut rng) % hidden.len().max(1) as u64) as usize) else {
            continue;
        };
        let uri = format!("file:///bench/sample-{n}.hexcells");
        client.open(&uri, text);
        client.advised_status_within(&uri, 1, 4 * SOLVE_LIMIT);
        let start = Instant::now();
        reveal(&mut client, &uri, 2, edit);
        client.advised_status_within(&uri, 2, 4 * SOLVE_LIMIT);
        let took = start.elapsed();
        samples.push(took);
        if slowest.as_ref().is_none_or(|(t, _)| took > *t) {
            slowest = Some((took, name.clone()));
        }
        client.notify("textDocument/didClose", json!({ "textDocument": { "uri": uri } }));
    }
    report(
        &format!(
            "advice: didChange -> advised, {} sampled levels, one edit each",
            samples.len()
        ),
        &mut samples,
    );
    if let Some((took, name)) = slowest {
        println!("advice: slowest sampled level {name} ({took:.2?})");
    }
    let _ = client.shutdown_and_exit();
}

/// A server with `debounceMs: 0` and the bench's time limit, its settings in.
fn settled_client() -> LspClient {
    let mut client = LspClient::minimal_with(
        false,
        json!({ "debounceMs": 0, "solver": { "timeLimitMs": SOLVE_LIMIT.as_millis() as u64 } }),
    );
    settle(&mut client);
    client
}

/// Reveals the cell at `(line, column)` of the document `uri`, as version `version`.
fn reveal(client: &mut LspClient, uri: &str, version: i64, (line, column, c): (u32, u32, char)) {
    client.change(uri, version, range(line, column, column + 1), &c.to_string());
}

/// Up to `n` hidden cells of the one level of `text`, spread over it, as (line,
/// column, the revealed character).
fn reveals(text: &str, n: usize) -> Vec<(u32, u32, char)> {
    let parsed = parse(text);
    let Some(level) = parsed.levels.first() else {
        return Vec::new();
    };
    let hidden: Vec<(u32, u32, char)> = level
        .level
        .cells()
        .filter(|(_, c)| !c.revealed)
        .filter_map(|(pos, cell)| {
            let r = level.source.range_of(pos)?;
            let revealed = if cell.color == Color::Blue { 'X' } else { 'O' };
            Some((r.line, r.start, revealed))
        })
        .collect();
    let step = (hidden.len() / n.max(1)).max(1);
    hidden.into_iter().step_by(step).take(n).collect()
}

/// The server's CPU time so far (user and system), from `/proc`.
fn server_cpu(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's closing parenthesis; utime and stime are the
    // 12th and 13th of them, in clock ticks (100 a second on Linux).
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// The next number of a small fixed-seed generator (splitmix64).
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
