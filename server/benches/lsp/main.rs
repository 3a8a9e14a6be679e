//! Latency of `hexcells lsp` as an author types. First the figure: with
//! `debounceMs: 0`, 50 edits that each reveal a hidden cell on each of the five
//! largest corpus levels, didChange -> verdict diagnostics, each edit sent as soon as
//! the previous verdict is in (so older explanations must give way). Then edits into
//! the largest level (or a level of our own when the corpus is absent): percentiles
//! for syntax diagnostics, solvability past the debounce, and hover, plus the
//! server's memory with 100 open levels. Then a pack of the corpus levels (`pack.rs`):
//! edits, whole-document requests and memory. Last, the advice after an edit, on the
//! largest level and on a fixed draw of levels (`advice.rs`).
//! Run with `cargo bench -p hexcells-server --bench lsp` (`-- pack` or `-- advice` for
//! those rows alone). Prints figures; asserts nothing about speed.

mod advice;
mod pack;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use hexcells_e2e::lsp_client::{at, range, LspClient};
use serde_json::json;

const DEBOUNCE_MS: u64 = 150;
/// The engine's time limit here; a slower analysis reads as "gave up".
const SOLVE_LIMIT: Duration = Duration::from_secs(60);

fn main() {
    println!("load average before: {}", load_average());
    if std::env::args().any(|a| a == "pack") {
        pack::rows();
        advice::rows();
        println!("load average after: {}", load_average());
        return;
    }
    if std::env::args().any(|a| a == "advice") {
        advice::rows();
        println!("load average after: {}", load_average());
        return;
    }
    verdict_latency();
    let (name, text) = largest_level();
    let parsed = hexcells_core::format::parse(&text);
    let Some(level) = parsed.levels.first() else {
        println!("no level to replay");
        return;
    };
    println!("level: {name} ({} cells)", level.level.n_cells());
    // Grid positions of hidden or revealed cells, as text (line, column).
    let cells: Vec<(u32, u32)> = level
        .level
        .cells()
        .filter_map(|(pos, _)| level.source.range_of(pos))
        .map(|r| (r.line, r.start))
        .collect();
    let lines: Vec<&str> = text.split('\n').collect();
    let char_at = |line: u32, column: u32| {
        lines
            .get(line as usize)
            .and_then(|l| l.chars().nth(column as usize))
            .unwrap_or('o')
    };
    let toggled = |c: char| match c {
        'o' => 'O',
        'O' => 'o',
        'x' => 'X',
        'X' => 'x',
        other => other,
    };

    let mut client = LspClient::minimal_with(
        false,
        json!({ "debounceMs": DEBOUNCE_MS, "solver": { "timeLimitMs": SOLVE_LIMIT.as_millis() as u64 } }),
    );
    let uri = "file:///bench/level.hexcells";
    client.open(uri, &text);
    client.diagnostics(uri, 1);
    client.solve_status_within(uri, 1, 2 * SOLVE_LIMIT);

    // Typing: each edit toggles a cell's revealed state (and back on the next visit).
    let mut current: Vec<char> = cells.iter().map(|&(l, c)| char_at(l, c)).collect();
    let mut version = 1;
    // Toggles cell `k` in a new version; returns it and when it was sent.
    let mut toggle = |client: &mut LspClient, k: usize| {
        let (line, column) = cells[k];
        current[k] = toggled(current[k]);
        version += 1;
        let start = Instant::now();
        client.change(
            uri,
            version,
            range(line, column, column + 1),
            &current[k].to_string(),
        );
        (version, start)
    };
    let mut syntax = Vec::new();
    for i in 0..300 {
        let (version, start) = toggle(&mut client, (i * 7) % cells.len().max(1));
        client.diagnostics(uri, version);
        syntax.push(start.elapsed());
    }
    report("didChange -> syntax diagnostics", &mut syntax);
    // The server's own work per change is one parse (with the model checks); the rest
    // of the round trip is JSON-RPC, pipes and scheduling.
    let mut parse_only = Vec::new();
    for _ in 0..300 {
        let start = Instant::now();
        std::hint::black_box(hexcells_core::format::parse(std::hint::black_box(&text)));
        parse_only.push(start.elapsed());
    }
    report("  of which parse + model checks, in process", &mut parse_only);

    let mut first = Vec::new();
    let mut solve = Vec::new();
    let mut verdicts = Vec::new();
    for i in 0..10 {
        let (version, start) = toggle(&mut client, (i * 11) % cells.len().max(1));
        let status = client.first_solve_status_within(uri, version, 2 * SOLVE_LIMIT);
        first.push(start.elapsed().saturating_sub(Duration::from_millis(DEBOUNCE_MS)));
        if status["complete"] != true {
            client.solve_status_within(uri, version, 2 * SOLVE_LIMIT);
        }
        verdicts.push(status["levels"][0]["verdict"].as_str().unwrap_or("?").to_string());
        solve.push(start.elapsed().saturating_sub(Duration::from_millis(DEBOUNCE_MS)));
    }
    report(
        "didChange -> first solvability verdict, past the debounce",
        &mut first,
    );
    report(
        "didChange -> complete analysis (explanations, fixes), past the debounce",
        &mut solve,
    );
    println!("verdicts: {}", verdicts.join(" "));

    let mut hover = Vec::new();
    for i in 0..500 {
        let (line, column) = cells[(i * 13) % cells.len().max(1)];
        let start = Instant::now();
        client.result("textDocument/hover", at(uri, line, column));
        hover.push(start.elapsed());
    }
    report("hover", &mut hover);

    match rss_kib(client.pid()) {
        Some(kib) => println!(
            "memory: {:.1} MiB with 1 level open and analysed",
            kib as f64 / 1024.0
        ),
        None => println!("memory: not measured (no /proc on this system)"),
    }
    let _ = client.shutdown_and_exit();

    // 100 open levels, parsed; no analysis (it takes seconds per copy of a big level).
    let mut client = LspClient::minimal_with(false, json!({ "debounceMs": 600000 }));
    for i in 0..100 {
        let uri = format!("file:///bench/copy-{i}.hexcells");
        client.open(&uri, &text);
        client.diagnostics(&uri, 1);
    }
    match rss_kib(client.pid()) {
        Some(kib) => println!("memory: {:.1} MiB with 100 levels open", kib as f64 / 1024.0),
        None => println!("memory: not measured (no /proc on this system)"),
    }
    let _ = client.shutdown_and_exit();
    pack::rows();
    advice::rows();
    println!("load average after: {}", load_average());
}

/// Edits per level in [`verdict_latency`].
const EDITS_PER_LEVEL: usize = 50;

/// didChange -> verdict diagnostics with `debounceMs: 0` on the five largest corpus
/// levels (our own level without a corpus): each edit reveals one more hidden cell
/// and goes out as soon as the verdict of the one before is in, so the explanations
/// of the older version are still being worked on (and must give way).
fn verdict_latency() {
    let mut levels = largest_levels(5);
    if levels.is_empty() {
        levels.push(("generated".into(), generated_level()));
    }
    let mut client = LspClient::minimal_with(
        false,
        json!({ "debounceMs": 0, "solver": { "timeLimitMs": SOLVE_LIMIT.as_millis() as u64 } }),
    );
    let mut verdict = Vec::new();
    let mut complete = Vec::new();
    for (k, (name, text)) in levels.iter().enumerate() {
        let uri = format!("file:///bench/large-{k}.hexcells");
        let parsed = hexcells_core::format::parse(text);
        let Some(level) = parsed.levels.first() else {
            continue;
        };
        // Hidden cells, as (line, column, the revealed character).
        let hidden: Vec<(u32, u32, char)> = level
            .level
            .cells()
            .filter(|(_, cell)| !cell.revealed)
            .filter_map(|(pos, cell)| {
                let r = level.source.range_of(pos)?;
                let revealed = if cell.color == hexcells_core::Color::Blue {
                    'X'
                } else {
                    'O'
                };
                Some((r.line, r.start, revealed))
            })
            .collect();
        println!(
            "level {k}: {name} ({} cells, {} hidden)",
            level.level.n_cells(),
            hidden.len()
        );
        client.open(&uri, text);
        client.solve_status_within(&uri, 1, 2 * SOLVE_LIMIT);
        let step = (hidden.len() / EDITS_PER_LEVEL).max(1);
        let mut version = 1;
        let mut this_level = Vec::new();
        for &(line, column, revealed) in hidden.iter().step_by(step).take(EDITS_PER_LEVEL) {
            version += 1;
            let start = Instant::now();
            client.change(
                &uri,
                version,
                range(line, column, column + 1),
                &revealed.to_string(),
            );
            client.first_solve_status_within(&uri, version, 2 * SOLVE_LIMIT);
            this_level.push(start.elapsed());
        }
        verdict.extend_from_slice(&this_level);
        report(&format!("  level {k}: didChange -> verdict"), &mut this_level);
        // The last version's explanations and fixes, once nothing newer comes.
        let start = Instant::now();
        client.solve_status_within(&uri, version, 2 * SOLVE_LIMIT);
        complete.push(start.elapsed());
        client.notify("textDocument/didClose", json!({ "textDocument": { "uri": uri } }));
    }
    report(
        "didChange -> verdict diagnostics (5 largest levels, debounce 0, next edit at once)",
        &mut verdict,
    );
    report(
        "  verdict -> explanations and fixes of the last version",
        &mut complete,
    );
    let _ = client.shutdown_and_exit();
}

fn report(what: &str, samples: &mut [Duration]) {
    samples.sort();
    let pick = |q: f64| {
        let i = ((samples.len() as f64 - 1.0) * q).round() as usize;
        samples.get(i).copied().unwrap_or_default()
    };
    println!(
        "{what}: n={} p50={:.2?} p90={:.2?} p99={:.2?} max={:.2?}",
        samples.len(),
        pick(0.5),
        pick(0.9),
        pick(0.99),
        pick(1.0)
    );
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The corpus level with the most cells, or our own ring level without a corpus.
fn largest_level() -> (String, String) {
    largest_levels(1)
        .into_iter()
        .next()
        .unwrap_or_else(|| ("generated".into(), generated_level()))
}

/// Our own level for a machine without the corpus: a diamond of numbered cells.
fn generated_level() -> String {
    let mut text = String::from("Hexcells level v1\nBench\nUs\n\n\n");
    for y in 0..33 {
        let row: String = (0..33)
            .map(|x| {
                if (x + y) % 2 == 0 && (4..29).contains(&x) && (4..29).contains(&y) {
                    if (x * y) % 3 == 0 {
                        "x."
                    } else {
                        "o+"
                    }
                } else {
                    ".."
                }
            })
            .collect();
        text.push_str(&row);
        text.push('\n');
    }
    text
}

/// The `n` single-level corpus files with the most cells, largest first (none
/// without a corpus).
fn largest_levels(n: usize) -> Vec<(String, String)> {
    let Some(corpus) = hexcells_corpus::Corpus::find() else {
        return Vec::new();
    };
    let mut all: Vec<(usize, PathBuf, String)> = Vec::new();
    for file in corpus.levels() {
        let parse = hexcells_core::format::parse(&file.text);
        if parse.levels.len() != 1 || parse.has_errors() {
            continue;
        }
        all.push((parse.levels[0].level.n_cells(), file.path, file.text));
    }
    all.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    all.into_iter()
        .take(n)
        .map(|(_, p, t)| (p.display().to_string(), t))
        .collect()
}
