//! The editor driven as a window would drive it, at the pixel centres of a 1280 x 800
//! frame: every control of the table in `docs/viewer.md`, standalone and linked.
//!
//! One file, over 600 lines: the tests share the frame's layout and the helpers that
//! click, drag and type at its pixel centres, one test per control of that table.

use super::*;
use crate::editor::{mode, Mods};
use crate::keys::Button;
use hexcells_core::fixture::{self, pos};
use hexcells_core::format::parse;
use hexcells_core::{Direction, Hint};
use std::time::{Duration, Instant};

fn layout() -> FrameLayout {
    FrameLayout::whole_grid(1280, 800, 1.0)
}

struct Driver {
    editor: Editor,
    layout: FrameLayout,
    now: Instant,
    sent: Vec<FromViewer>,
}

impl Driver {
    fn new(text: String, link: Link) -> Driver {
        Driver {
            editor: Editor::new(text, link, 0),
            layout: layout(),
            now: Instant::now(),
            sent: Vec::new(),
        }
    }

    fn at(&self, p: Pos) -> (f32, f32) {
        self.layout.cell_centre(p)
    }

    fn keep(&mut self, outcome: EditorOutcome) {
        self.sent.extend(outcome.send);
    }

    fn press(&mut self, at: (f32, f32), button: Button, mods: Mods) -> EditorOutcome {
        let event = PointerEvent::Press { at, button, mods };
        self.editor.pointer(&self.layout, event)
    }

    fn motion(&mut self, at: (f32, f32)) -> EditorOutcome {
        self.editor.pointer(&self.layout, PointerEvent::Motion { at })
    }

    fn release(&mut self, at: (f32, f32), button: Button, now: Instant) -> EditorOutcome {
        let event = PointerEvent::Release { at, button, now };
        self.editor.pointer(&self.layout, event)
    }

    fn click_with(&mut self, p: (f32, f32), button: Button, mods: Mods) {
        let o = self.press(p, button, mods);
        self.keep(o);
        self.now += Duration::from_secs(1);
        let o = self.release(p, button, self.now);
        self.keep(o);
    }

    fn click(&mut self, p: Pos, button: Button) {
        self.click_with(self.at(p), button, Mods::default());
    }

    fn drag(&mut self, from: (f32, f32), to: (f32, f32), button: Button, mods: Mods) {
        let o = self.press(from, button, mods);
        self.keep(o);
        for k in 1..=8 {
            let t = k as f32 / 8.0;
            let p = (from.0 + t * (to.0 - from.0), from.1 + t * (to.1 - from.1));
            let o = self.motion(p);
            self.keep(o);
        }
        self.now += Duration::from_secs(1);
        let o = self.release(to, button, self.now);
        self.keep(o);
    }

    /// A key's work on the editor.
    fn key(&mut self, work: impl FnOnce(&mut Editor) -> EditorOutcome) {
        let o = work(&mut self.editor);
        self.keep(o);
    }

    fn item(&self, p: Pos) -> Option<Item> {
        parse(self.editor.text()).levels[0].level.get(p)
    }
}

#[test]
fn clicks_on_empty_places_create_cells_and_undo_restores_the_bytes() {
    let original = fixture::text("T", &["", "", "", "", "....x."]);
    let mut d = Driver::new(original.clone(), Link::Standalone);
    d.click(pos(4, 4), Button::Left);
    d.click(pos(6, 4), Button::Right);
    assert!(
        matches!(d.item(pos(4, 4)), Some(Item::Cell(c)) if c.color == Color::Blue && c.hint == Hint::None)
    );
    assert!(
        matches!(d.item(pos(6, 4)), Some(Item::Cell(c)) if c.color == Color::Black && c.hint == Hint::Plain)
    );
    let lines: Vec<&str> = d.editor.text().lines().collect();
    assert_eq!(lines[9], format!("{:.<66}", "....x...x...o+"));
    d.key(Editor::undo);
    d.key(Editor::undo);
    assert_eq!(d.editor.text(), original);
    d.key(Editor::redo);
    assert!(d.item(pos(4, 4)).is_some());
    assert!(d.sent.is_empty(), "standalone edits go nowhere");
}

#[test]
fn swapped_buttons_create_the_other_colour_and_keep_their_other_roles() {
    let mut d = Driver::new(fixture::text("T", &[]), Link::Standalone);
    d.editor.swap_buttons = true;
    d.click(pos(4, 4), Button::Right);
    d.click(pos(6, 4), Button::Left);
    assert!(matches!(d.item(pos(4, 4)), Some(Item::Cell(c)) if c.color == Color::Blue));
    assert!(matches!(d.item(pos(6, 4)), Some(Item::Cell(c)) if c.color == Color::Black));
    // The right button still deletes, the left one still cycles.
    d.click(pos(6, 4), Button::Left);
    assert!(matches!(d.item(pos(6, 4)), Some(Item::Cell(c)) if c.hint != Hint::Plain));
    d.click(pos(4, 4), Button::Right);
    assert_eq!(d.item(pos(4, 4)), None);
}

#[test]
fn a_click_cycles_a_double_click_flips_and_right_click_deletes() {
    let original = fixture::text("T", &["", "", "", "", "....o."]);
    let mut d = Driver::new(original.clone(), Link::Standalone);
    let at = d.at(pos(2, 4));
    d.click(pos(2, 4), Button::Left);
    assert!(matches!(d.item(pos(2, 4)), Some(Item::Cell(c)) if c.hint == Hint::Plain));
    // Twice within the double-click time: blue, with the first click's cycle undone.
    d.now += Duration::from_secs(1);
    d.press(at, Button::Left, Mods::default());
    d.release(at, Button::Left, d.now);
    d.press(at, Button::Left, Mods::default());
    d.release(at, Button::Left, d.now + Duration::from_millis(150));
    assert!(
        matches!(d.item(pos(2, 4)), Some(Item::Cell(c)) if c.color == Color::Blue && c.hint == Hint::Plain),
        "{:?}",
        d.item(pos(2, 4))
    );
    d.key(Editor::undo);
    assert!(
        matches!(d.item(pos(2, 4)), Some(Item::Cell(c)) if c.color == Color::Black && c.hint == Hint::Plain)
    );
    d.click_with(
        at,
        Button::Left,
        Mods {
            revealed: true,
            ..Mods::default()
        },
    );
    assert!(matches!(d.item(pos(2, 4)), Some(Item::Cell(c)) if c.revealed));
    d.click(pos(2, 4), Button::Right);
    assert_eq!(d.item(pos(2, 4)), None);
}

#[test]
fn dragging_out_of_a_cell_makes_a_column_number() {
    let mut d = Driver::new(
        fixture::text("T", &["", "", "", "", "", "", "....x."]),
        Link::Standalone,
    );
    let (cx, cy) = d.at(pos(2, 6));
    let r = d.layout.radius;
    d.drag((cx, cy), (cx, cy - 2.5 * r), Button::Left, Mods::default());
    assert!(matches!(d.item(pos(2, 4)), Some(Item::Column(c)) if c.direction == Direction::Down));
    d.drag(
        (cx, cy),
        (cx - 2.0 * r, cy - 1.2 * r),
        Button::Left,
        Mods::default(),
    );
    assert!(matches!(d.item(pos(1, 5)), Some(Item::Column(c)) if c.direction == Direction::DownRight));
    // Downwards: no column, no edit.
    let before = d.editor.text().to_string();
    d.drag((cx, cy), (cx, cy + 3.0 * r), Button::Left, Mods::default());
    assert_eq!(d.editor.text(), before);
    // Deleting the cell takes its columns along.
    d.click(pos(2, 6), Button::Right);
    assert_eq!(parse(d.editor.text()).levels[0].level.items().count(), 0);
}

#[test]
fn a_selection_moves_by_lattice_steps_and_refuses_overlaps() {
    let mut d = Driver::new(
        fixture::text(
            "T",
            &["", "", "", "", "....x.", "", "....o+", "", "", "", "....o."],
        ),
        Link::Standalone,
    );
    let shift = Mods {
        select: true,
        ..Mods::default()
    };
    d.click_with(d.at(pos(2, 4)), Button::Left, shift);
    d.click_with(d.at(pos(2, 6)), Button::Left, shift);
    assert_eq!(d.editor.selection().len(), 2);
    // Straight to two steps down, onto the black cell at (2,10): refused with a message.
    let (from, to) = (d.at(pos(2, 4)), d.at(pos(2, 8)));
    d.press(from, Button::Left, Mods::default());
    d.motion(to);
    assert!(
        d.editor
            .message()
            .is_some_and(|m| m.contains("would overlap the black cell at C11")),
        "{:?}",
        d.editor.message()
    );
    d.release(to, Button::Left, d.now);
    assert!(d.item(pos(2, 4)).is_some(), "a refused move changes nothing");
    // Dragged there step by step, the selection stops at the last step that fits.
    d.drag(from, to, Button::Left, Mods::default());
    assert!(d.item(pos(2, 6)).is_some() && d.item(pos(2, 8)).is_some());
    assert_eq!(d.item(pos(2, 4)), None);
    d.key(Editor::undo);
    d.click_with(d.at(pos(2, 6)), Button::Left, shift);
    d.click_with(d.at(pos(2, 4)), Button::Left, shift);
    d.click_with(d.at(pos(2, 6)), Button::Left, shift);
    assert_eq!(d.editor.selection().len(), 2);
    // One step right and down fits: both move, and stay selected.
    d.drag(d.at(pos(2, 4)), d.at(pos(3, 5)), Button::Left, Mods::default());
    assert!(d.item(pos(3, 5)).is_some() && d.item(pos(3, 7)).is_some());
    assert_eq!(d.item(pos(2, 4)), None);
    assert_eq!(
        d.editor.selection().iter().copied().collect::<Vec<_>>(),
        [pos(3, 5), pos(3, 7)]
    );
    d.key(Editor::delete_selection);
    assert_eq!(parse(d.editor.text()).levels[0].level.items().count(), 1);
}

#[test]
fn a_freehand_loop_selects_and_a_shift_click_on_empty_space_clears() {
    let mut d = Driver::new(
        fixture::text("T", &["", "", "", "", "....x...x.", "", "....o+"]),
        Link::Standalone,
    );
    let shift = Mods {
        select: true,
        ..Mods::default()
    };
    let r = d.layout.radius;
    let (a, b) = (d.at(pos(2, 4)), d.at(pos(4, 4)));
    // A stroke along the top row, starting on empty space left of it.
    d.drag((a.0 - 2.0 * r, a.1), (b.0, b.1), Button::Left, shift);
    assert_eq!(
        d.editor.selection().iter().copied().collect::<Vec<_>>(),
        [pos(2, 4), pos(4, 4)]
    );
    d.click_with((a.0 - 2.0 * r, a.1 + 6.0 * r), Button::Left, shift);
    assert!(d.editor.selection().is_empty());
}

#[test]
fn a_brush_stroke_paints_a_run_as_one_edit() {
    let original = fixture::text("T", &[]);
    let mut d = Driver::new(original.clone(), Link::Standalone);
    d.drag(d.at(pos(4, 10)), d.at(pos(4, 20)), Button::Right, Mods::default());
    let level = parse(d.editor.text()).levels[0].level.clone();
    let cells: Vec<Pos> = level.cells().map(|(p, _)| p).collect();
    assert!(cells.len() >= 5, "{cells:?}");
    assert!(cells.iter().all(|p| p.x() == 4 && p.y() % 2 == 0));
    d.key(Editor::undo);
    assert_eq!(d.editor.text(), original);
}

#[test]
fn the_information_prompt_sets_header_lines() {
    let mut d = Driver::new(fixture::text("T", &["x."]), Link::Standalone);
    d.key(Editor::open_prompt);
    assert!(d
        .editor
        .prompt_line()
        .is_some_and(|l| l.starts_with("title (1/50): T")));
    d.editor.prompt_key(PromptKey::Backspace);
    d.editor.prompt_key(PromptKey::Text("My level".into()));
    d.editor.prompt_key(PromptKey::Enter);
    d.editor.prompt_key(PromptKey::Text("!".into()));
    d.editor.prompt_key(PromptKey::Escape);
    assert!(!d.editor.prompt_open());
    let lines: Vec<&str> = d.editor.text().lines().take(3).collect();
    assert_eq!(lines, ["Hexcells level v1", "My level", "hexcells tests"]);
}

#[test]
fn a_paste_replaces_the_level_as_one_edit() {
    let original = fixture::text("T", &["x."]);
    let mut d = Driver::new(original.clone(), Link::Standalone);
    let pasted = parse(&fixture::text("T", &["", "o+o+"])).levels.remove(0).level;
    d.key(|e| e.paste_level(pasted.clone()));
    assert_eq!(parse(d.editor.text()).levels[0].level, pasted);
    d.key(Editor::undo);
    assert_eq!(d.editor.text(), original);
}

#[test]
fn linked_edits_go_to_the_server_one_at_a_time() {
    let mut d = Driver::new(String::new(), Link::Server);
    let first = fixture::text("T", &["", "", "", "", "....x."]);
    let o = d.editor.snapshot(5, first.clone());
    assert!(o.text_changed);
    d.click(pos(2, 4), Button::Left);
    let [FromViewer::Edit { version, changes }] = d.sent.as_slice() else {
        panic!("{:?}", d.sent);
    };
    assert_eq!(*version, 5);
    let after = edit::apply(&first, changes);
    assert_eq!(d.editor.text(), after, "shown before the server answers");
    // A second edit waits for the first one's snapshot, then goes against it.
    d.click(pos(4, 4), Button::Left);
    assert_eq!(d.sent.len(), 1);
    let o = d.editor.snapshot(6, after.clone());
    let Some(FromViewer::Edit { version: 6, changes }) = o.send else {
        panic!("{:?}", o.send);
    };
    let after2 = edit::apply(&after, &changes);
    assert!(matches!(
        parse(&after2).levels[0].level.get(pos(4, 4)),
        Some(Item::Cell(_))
    ));
    // Refused: the text goes back, the message says why.
    d.editor.refused("the text changed in the editor".into());
    assert_eq!(d.editor.text(), after);
    assert!(d.editor.message().is_some_and(|m| m.contains("the text changed")));
}

#[test]
fn a_level_that_does_not_parse_is_not_edited() {
    let broken = fixture::text("T", &["", "", "", "", "....q."]);
    let mut d = Driver::new(broken.clone(), Link::Standalone);
    assert!(d
        .editor
        .banner()
        .is_some_and(|b| b.starts_with("10:5: unknown item")));
    d.click(pos(8, 8), Button::Left);
    assert_eq!(d.editor.text(), broken);
    assert!(
        d.editor
            .message()
            .is_some_and(|m| m.starts_with("line 10: unknown item")),
        "{:?}",
        d.editor.message()
    );
}

#[test]
fn a_level_without_its_magic_line_is_not_edited_nor_filled() {
    // HC0101 is a syntax error like the others, as `check` and `fmt` say: the red band
    // shows it, a click is refused and "fill clues" waits for the fix. They used to go
    // through, leaving the first line as it was.
    let text = fixture::text("T", &["", "..x.", "....o+"]);
    let broken = text.replacen("Hexcells level v1", "Hexcells level v2", 1);
    let mut d = Driver::new(broken.clone(), Link::Standalone);
    let banner = "1:1: the first line of a level must be `Hexcells level v1`";
    assert_eq!(d.editor.banner(), Some(banner));
    d.click(pos(1, 1), Button::Left);
    assert_eq!(d.editor.text(), broken);
    assert!(
        d.editor
            .message()
            .is_some_and(|m| m.starts_with("line 1: the first line of a level must be")),
        "{:?}",
        d.editor.message()
    );
    d.editor.start_fill(|_| {});
    assert_eq!(
        d.editor.message(),
        Some(format!("fill clues: fix the level first ({banner})").as_str())
    );
    assert!(!d.editor.filling());
    // With another syntax error too, the band shows the first, HC0101: a file that is
    // not a level (a zip archive named `level.zip.hexcells`) used to say that its
    // header ends early.
    let zip = "PK\u{3}\u{4}level.hexcells";
    let codes: Vec<&str> = parse(zip).levels[0]
        .diagnostics
        .iter()
        .map(|d| d.code.as_str())
        .collect();
    assert_eq!(codes[..2], ["HC0101", "HC0102"]);
    let d = Driver::new(zip.to_string(), Link::Standalone);
    assert_eq!(d.editor.banner(), Some(banner));
}

/// A small drawing of our own: blue and black cells, not one clue.
fn drawing() -> String {
    fixture::text(
        "Drawing",
        &[
            "", "..x...x.", "....o...", "..o...x.", "....x...", "..x...o.", "....o...",
        ],
    )
}

/// Runs "fill clues" to its end, as the window would: every piece of news is handed
/// back to the editor.
fn fill(editor: &mut Editor) -> EditorOutcome {
    let (tx, rx) = std::sync::mpsc::channel();
    editor.start_fill(move |news| {
        let _ = tx.send(news);
    });
    let mut last = EditorOutcome::default();
    while editor.filling() {
        let news = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("the fill answers");
        last = editor.fill_news(news);
    }
    last
}

#[test]
fn fill_clues_makes_the_drawing_solvable_in_one_undoable_edit() {
    let text = drawing();
    let mut editor = Editor::new(text.clone(), Link::Standalone, 0);
    let before = editor.level().clone();
    assert_eq!(editor.fill_grade(), Grade::Medium, "medium by default");
    // Medium, medium-hard, hard, then round to easy.
    for _ in 0..3 {
        editor.cycle_fill_grade();
    }
    assert_eq!(editor.fill_grade(), Grade::Easy);
    assert!(editor.message().unwrap_or_default().contains("easy (1 of 5)"));
    let outcome = fill(&mut editor);
    assert!(outcome.text_changed, "{:?}", editor.message());
    // Every colour kept, clues added, and the engine solves it.
    for (pos, item) in before.items() {
        match (item, editor.level().get(pos)) {
            (Item::Cell(was), Some(Item::Cell(now))) => assert_eq!(was.color, now.color, "{pos:?}"),
            other => panic!("{pos:?}: {other:?}"),
        }
    }
    assert_ne!(editor.level(), &before);
    editor.check_now(&hexcells_core::solve::Budget::default());
    let checked = editor.checked().unwrap();
    assert!(checked.summary.starts_with("solvable"), "{}", checked.summary);
    assert_eq!(checked.grade.as_deref(), Some("easy (1 of 5)"));
    assert!(editor.message().unwrap_or_default().starts_with("filled clues"));
    // One undo takes it all back, byte for byte.
    editor.undo();
    assert_eq!(editor.text(), text);
}

#[test]
fn fill_clues_linked_is_one_apply_edit() {
    let text = drawing();
    let mut editor = Editor::new(text.clone(), Link::Server, 0);
    editor.snapshot(1, text.clone());
    editor.fill_grade = Grade::Easy;
    let outcome = fill(&mut editor);
    let Some(FromViewer::Edit { version: 1, changes }) = outcome.send else {
        panic!("one edit against version 1: {:?}", outcome.send);
    };
    // The server applies it and sends the buffer back; the viewer's undo sends the
    // inverse, which gives the drawing back byte for byte.
    let after = edit::apply(&text, &changes);
    assert_ne!(after, text);
    assert!(!editor.snapshot(2, after.clone()).text_changed, "already shown");
    let Some(FromViewer::Edit { version: 2, changes }) = editor.undo().send else {
        panic!("the undo is one edit against version 2");
    };
    assert_eq!(edit::apply(&after, &changes), text);
}

#[test]
fn esc_cancels_fill_clues_and_the_level_stays() {
    let text = drawing();
    let mut mode = mode::EditMode::new(text.clone(), Link::Standalone, 0, None);
    let (tx, rx) = std::sync::mpsc::channel();
    mode.editor.start_fill(move |news| {
        let _ = tx.send(news);
    });
    assert!(mode.editor.filling());
    assert!(mode.editor.message().unwrap_or_default().contains("Esc cancels"));
    mode.act(EditorAction::ClearSelection, 1280, 800);
    assert!(!mode.editor.filling());
    assert!(mode.editor.message().unwrap_or_default().contains("cancelled"));
    // Whatever the cancelled run still says is left alone.
    while let Ok(news) = rx.recv_timeout(Duration::from_secs(60)) {
        assert!(!mode.editor.fill_news(news).text_changed);
    }
    assert_eq!(mode.editor.text(), text);
}

#[test]
fn a_grade_out_of_reach_is_said_with_the_nearest_and_nothing_changes() {
    let text = drawing();
    let mut editor = Editor::new(text.clone(), Link::Standalone, 0);
    editor.fill_grade = Grade::Hard;
    let outcome = fill(&mut editor);
    assert!(!outcome.text_changed);
    let said = editor.message().unwrap_or_default().to_string();
    assert!(
        said.contains("no hard (5 of 5) level") && said.contains("nearest grade is"),
        "{said}"
    );
    assert_eq!(editor.text(), text);
}

/// Runs the re-fill of the stroke waiting to its end, as the window would.
fn refill(editor: &mut Editor) -> EditorOutcome {
    let (tx, rx) = std::sync::mpsc::channel();
    assert!(editor.refill_waiting(), "a stroke waits for its re-fill");
    editor.start_refill(move |news| {
        let _ = tx.send(news);
    });
    let mut outcome = EditorOutcome::default();
    while editor.stroke_waiting() {
        let news = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("the re-fill answers");
        outcome = outcome.and(editor.fill_news(news));
    }
    outcome
}

/// The drawing filled at easy: a lean level, as an author has it before the toggle.
fn filled_drawing() -> String {
    let mut editor = Editor::new(drawing(), Link::Standalone, 0);
    editor.fill_grade = Grade::Easy;
    fill(&mut editor);
    assert!(editor.message().unwrap_or_default().starts_with("filled clues"));
    editor.text().to_string()
}

#[test]
fn clues_follow_each_stroke_as_one_undoable_edit_solvable_at_the_grade() {
    let lean = filled_drawing();
    let mut d = Driver::new(lean.clone(), Link::Standalone);
    d.editor.fill_grade = Grade::Easy;
    assert!(!d.editor.follows(), "off at first");
    d.key(Editor::toggle_follow);
    assert!(d.editor.follows());
    let said = d.editor.message().unwrap_or_default().to_string();
    assert!(said.contains("clues follow the drawing, easy (1 of 5)"), "{said}");
    let strokes = [
        (pos(2, 8), Button::Left, Some(Color::Blue)),
        (pos(3, 3), Button::Right, None),
        (pos(4, 8), Button::Right, Some(Color::Black)),
    ];
    let mut texts = vec![lean.clone()];
    for (p, button, color) in strokes {
        d.click(p, button);
        assert!(d.editor.stroke_waiting(), "{p:?}");
        assert_eq!(
            d.editor.text(),
            texts.last().unwrap().as_str(),
            "{p:?}: not in the text yet"
        );
        assert_eq!(
            d.editor.shown().cell(p).map(|c| c.color),
            color,
            "{p:?}: shown as painted"
        );
        assert_eq!(d.editor.verdict(), "re-filling clues…");
        let o = refill(&mut d.editor);
        assert!(o.text_changed);
        d.keep(o);
        assert_eq!(d.editor.level().cell(p).map(|c| c.color), color, "{p:?}");
        let said = d.editor.message().unwrap_or_default().to_string();
        assert!(
            said.starts_with("clues follow the drawing, easy (1 of 5): "),
            "{said}"
        );
        d.editor.check_now(&hexcells_core::solve::Budget::default());
        let checked = d.editor.checked().unwrap();
        assert!(
            checked.summary.starts_with("solvable"),
            "{p:?}: {}",
            checked.summary
        );
        assert_eq!(checked.grade.as_deref(), Some("easy (1 of 5)"), "{p:?}");
        texts.push(d.editor.text().to_string());
    }
    assert_eq!(d.editor.document().history().depth(), (3, 0), "one step a stroke");
    // Each Ctrl+Z takes one stroke back with its clues, byte for byte.
    for before in texts.iter().rev().skip(1) {
        d.key(Editor::undo);
        assert_eq!(d.editor.text(), before.as_str());
    }
    assert!(d.sent.is_empty(), "standalone edits go nowhere");
}

#[test]
fn linked_each_stroke_is_one_edit_with_its_clues() {
    let lean = filled_drawing();
    let mut d = Driver::new(lean.clone(), Link::Server);
    d.editor.snapshot(1, lean.clone());
    d.editor.fill_grade = Grade::Easy;
    d.key(Editor::toggle_follow);
    let mut server = lean.clone();
    for (k, (p, button)) in [(pos(2, 8), Button::Left), (pos(3, 3), Button::Right)]
        .into_iter()
        .enumerate()
    {
        d.click(p, button);
        assert!(d.sent.is_empty(), "nothing sent while the clues are found");
        let o = refill(&mut d.editor);
        d.keep(o);
        let sent = std::mem::take(&mut d.sent);
        let version = 1 + k as i64;
        let [FromViewer::Edit { version: v, changes }] = sent.as_slice() else {
            panic!("one edit for the stroke: {sent:?}");
        };
        assert_eq!(*v, version);
        server = edit::apply(&server, changes);
        assert_eq!(server, d.editor.text(), "the stroke with its clues");
        d.editor.snapshot(version + 1, server.clone());
    }
}

#[test]
fn a_stroke_during_a_refill_lands_the_one_before_as_painted_and_esc_stops_a_refill() {
    let lean = filled_drawing();
    let mut d = Driver::new(lean.clone(), Link::Standalone);
    d.editor.fill_grade = Grade::Easy;
    d.key(Editor::toggle_follow);
    d.click(pos(2, 8), Button::Left);
    // Another stroke before the re-fill ran: the first lands as painted, one edit.
    d.click(pos(4, 8), Button::Right);
    assert_eq!(d.editor.document().history().depth(), (1, 0));
    assert!(matches!(d.item(pos(2, 8)), Some(Item::Cell(c)) if c.color == Color::Blue));
    assert!(d.item(pos(4, 8)).is_none(), "the second waits");
    // Esc: the second lands as painted too, and nothing waits any more.
    let mut mode = mode::EditMode::new(String::new(), Link::Standalone, 0, None);
    std::mem::swap(&mut mode.editor, &mut d.editor);
    mode.act(EditorAction::ClearSelection, 1280, 800);
    assert!(!mode.editor.stroke_waiting());
    assert!(mode
        .editor
        .message()
        .unwrap_or_default()
        .contains("stays as painted"));
    assert!(matches!(mode.editor.level().get(pos(4, 8)), Some(Item::Cell(c)) if c.color == Color::Black));
    assert_eq!(mode.editor.document().history().depth(), (2, 0));
    // Off again: a stroke is an edit at once.
    mode.act(EditorAction::CluesFollow, 1280, 800);
    assert!(!mode.editor.follows());
    std::mem::swap(&mut mode.editor, &mut d.editor);
    d.click(pos(3, 9), Button::Left);
    assert!(!d.editor.stroke_waiting());
    assert_eq!(d.editor.document().history().depth(), (3, 0));
}

#[test]
fn a_grade_out_of_reach_after_a_stroke_is_said_and_the_stroke_stays_as_painted() {
    let lean = filled_drawing();
    let mut d = Driver::new(lean.clone(), Link::Standalone);
    d.editor.fill_grade = Grade::Hard;
    d.key(Editor::toggle_follow);
    d.click(pos(2, 8), Button::Left);
    let o = refill(&mut d.editor);
    assert!(o.text_changed);
    let said = d.editor.message().unwrap_or_default().to_string();
    assert!(
        said.contains("hard (5 of 5) is out of reach") && said.contains("stays as painted"),
        "{said}"
    );
    let mut painted = parse(&lean).levels[0].level.clone();
    painted = edit::apply_op(
        &painted,
        &Op::Create {
            cells: vec![pos(2, 8)],
            color: Color::Blue,
        },
    )
    .unwrap();
    assert_eq!(
        d.editor.level(),
        &painted,
        "the level as painted, clues as they were"
    );
}
