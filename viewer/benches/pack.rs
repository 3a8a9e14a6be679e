//! `cargo bench -p hexcells-viewer --bench pack`: the viewer opened by the language
//! server on a pack (the corpus levels that start with a header, about 1 MB, built here
//! and never written into the project; without the corpus, copies of a large level of
//! our own); prints figures, asserts nothing.
//!
//! Keystroke → frame: the message the server sends for one edit of the pack (the
//! change, a few bytes), read from its line, taken by the viewer and the frame drawn at
//! 1280x800, for an edit in the level shown and one in another level, with the player
//! and with the editor showing.
//! The server's own part (one didChange) is in `--bench lsp` of hexcells-server.
//! Each figure is the median and the slowest of many runs, release build, with the
//! thread's CPU time beside it (the steadier figure when other jobs share the cores).

mod support;

use std::sync::Arc;
use std::time::Instant;

use hexcells_core::edit::{TextChange, TextPos};
use hexcells_core::format::parse;
use hexcells_core::viewer_protocol::ToViewer;
use hexcells_viewer::controller::{Controller, Frame, UserEvent};
use hexcells_viewer::keys::Chord;
use hexcells_viewer::player::{Origin, Session};
use support::{largest_level, ms, Sched};
use tiny_skia::Pixmap;

const RUNS: usize = 40;
const FRAME: Frame = Frame {
    width: 1280,
    height: 800,
    scale: 1.0,
};

fn main() {
    let pack = match hexcells_corpus::Corpus::locate() {
        Some(corpus) => corpus.pack(1).text,
        None => largest_level().0.repeat(400),
    };
    let parsed = parse(&pack);
    println!(
        "pack: {} levels, {} bytes; frames at {}x{}",
        parsed.levels.len(),
        pack.len(),
        FRAME.width,
        FRAME.height
    );
    // The level shown, in the middle of the pack, and another one far from it.
    let shown = parsed.levels.len() / 2;
    let other = parsed.levels.len() / 5;
    // A cell of level `k` to reveal and cover again (a hidden one where there is one).
    let cell_of = |k: usize| {
        let level = &parsed.levels[k];
        let mut cells = level.level.cells();
        let (pos, _) = level
            .level
            .cells()
            .find(|(_, c)| !c.revealed)
            .or_else(|| cells.next())?;
        level.source.range_of(pos)
    };
    let (Some(in_shown), Some(in_other)) = (cell_of(shown), cell_of(other)) else {
        println!("no cell to edit");
        return;
    };
    for editing in [false, true] {
        let mode = if editing { "editor" } else { "player" };
        let session = Session::new(Origin::Editor, "", None);
        let mut modes = Controller::new(session, Arc::new(|_| {}), true);
        let mut text = pack.clone();
        let mut version = 1;
        modes.event(UserEvent::Editor(ToViewer::Snapshot {
            version,
            text: text.clone(),
        }));
        modes.event(UserEvent::Editor(ToViewer::Cursor {
            level: shown,
            cell: None,
        }));
        if editing {
            modes.key(FRAME, Chord::parse("Tab").expect("a chord"));
        }
        let mut pixmap = Pixmap::new(FRAME.width, FRAME.height).expect("a frame");
        for (what, at) in [("the level shown", in_shown), ("another level", in_other)] {
            let mut wall = Vec::new();
            let mut cpu = Vec::new();
            for _ in 0..RUNS {
                // Reveal the cell, or cover it again.
                let line_start: usize = text
                    .split_inclusive('\n')
                    .take(at.line as usize)
                    .map(str::len)
                    .sum();
                let byte = line_start + at.start as usize;
                let now = &text[byte..byte + 1];
                let next = if now == now.to_lowercase() {
                    now.to_uppercase()
                } else {
                    now.to_lowercase()
                };
                text.replace_range(byte..byte + 1, &next);
                version += 1;
                // What the language server sends for the keystroke: the change.
                let line = ToViewer::Change {
                    from: version - 1,
                    version,
                    changes: vec![TextChange::new(
                        TextPos::new(at.line, at.start),
                        TextPos::new(at.line, at.start + 1),
                        next,
                    )],
                }
                .encode();
                let sched = Sched::now();
                let started = Instant::now();
                let message = ToViewer::decode(&line).expect("a message");
                modes.event(UserEvent::Editor(message));
                modes.draw(FRAME, &mut pixmap.as_mut());
                wall.push(started.elapsed());
                if let (Some(before), Some(after)) = (sched, Sched::now()) {
                    cpu.push(before.until(after).cpu);
                }
            }
            wall.sort();
            cpu.sort();
            let cpu = match cpu.get(cpu.len() / 2) {
                Some(median) => format!(", cpu median {:.2} ms", ms(*median)),
                None => String::new(),
            };
            println!(
                "{mode}, edit in {what}: keystroke -> frame median {:.2} ms, slowest {:.2} ms{cpu}",
                ms(wall[wall.len() / 2]),
                ms(wall[wall.len() - 1]),
            );
        }
    }
}
