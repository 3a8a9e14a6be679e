//! The [`Editor`] as plain state: the edited text and the level it reads as, the
//! selection, the gesture in progress, the prompt, the checks, "fill clues" and the
//! stroke whose clues follow the drawing; what
//! its keys do, its one way in for the pointer ([`Editor::pointer`]), and the requests
//! to the text, queued while an edit is on its way to the language server. Each event
//! answers with an [`EditorOutcome`]: what the window must do.
//!
//! One file, over 600 lines: every action is a method of [`Editor`] that reads and
//! writes its private state and goes through its one way to the text (`request`,
//! `run`: the queue, the undo steps, the refusals); "fill clues" and "clues follow the
//! drawing" are such actions, and their background work lives in `fill.rs` and
//! `follow.rs`.

use std::collections::{BTreeSet, VecDeque};

use hexcells_core::edit::{self, EditError, Op};
use hexcells_core::format::{count_levels, parse_level_at};
use hexcells_core::generate::{FillError, Grade, OwnClues};
use hexcells_core::model::name;
use hexcells_core::viewer_protocol::FromViewer;
use hexcells_core::{Color, Item, Level, Pos};

use super::background_check::{self, BackgroundCheck, Checked};
use super::document::{Document, Kind, Link};
use super::fill::{self, BackgroundFill, FillNews, FillWhat};
use super::follow::{Follow, Stroke};
use super::gesture::{Gesture, PointerEvent, PointerState, Reaction, Target};
use super::history::UndoRedo;
use super::prompt::{Prompt, PromptKey, PromptResult};
use crate::keys::editor::EditorAction;
use crate::keys::{self, Binding};
use crate::render::{EditorScene, FrameLayout};

/// What the app must do after an editor event.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EditorOutcome {
    /// Redraw the window.
    pub redraw: bool,
    /// Send this to the language server.
    pub send: Option<FromViewer>,
    /// The text changed: check the level again, update the title.
    pub text_changed: bool,
}

impl EditorOutcome {
    fn redraw() -> EditorOutcome {
        EditorOutcome {
            redraw: true,
            ..EditorOutcome::default()
        }
    }

    /// What both outcomes ask.
    pub fn and(mut self, other: EditorOutcome) -> EditorOutcome {
        self.redraw |= other.redraw;
        self.text_changed |= other.text_changed;
        self.send = self.send.or(other.send);
        self
    }
}

/// A request waiting for the pending edit (linked to the server).
#[derive(Clone, Debug)]
enum Request {
    Op(Op, Kind),
    History(UndoRedo),
    /// A stroke whose re-fill is done: with the level found (`None`: out of reach,
    /// the stroke as painted), and what the status line says once it lands.
    Followed(Box<Stroke>, Option<Level>, String),
}

/// The editor.
#[derive(Debug)]
pub struct Editor {
    doc: Document,
    level_idx: usize,
    n_levels: usize,
    level: Level,
    banner: Option<String>,
    selection: BTreeSet<Pos>,
    pointer: PointerState,
    queue: VecDeque<Request>,
    message: Option<String>,
    prompt: Option<Prompt>,
    checker: BackgroundCheck,
    checked: Option<Checked>,
    /// Whether a check of the current text is running.
    checking: bool,
    /// Whether the help panel (every key and click) shows.
    show_help: bool,
    /// The "fill clues" runs.
    filler: BackgroundFill,
    /// The grade "fill clues" reaches (the grade key cycles it).
    fill_grade: Grade,
    /// The text and level index a running fill started from: its answer lands only on
    /// them.
    fill_from: Option<(String, usize)>,
    /// Clues follow the drawing: the toggle and the stroke waiting for its re-fill.
    follow: Follow,
    /// The right button creates blue cells and the left black (`--swap-buttons`,
    /// `[mouse]` in `keys.toml`), as in the player.
    pub swap_buttons: bool,
    /// The editor's bindings in force, for the messages that name keys.
    pub keys: Vec<Binding<EditorAction>>,
}

impl Editor {
    /// An editor on level `level_idx` of `text`.
    pub fn new(text: String, link: Link, level_idx: usize) -> Editor {
        let mut editor = Editor {
            doc: Document::new(text, link),
            level_idx,
            n_levels: 0,
            level: Level::new(),
            banner: None,
            selection: BTreeSet::new(),
            pointer: PointerState::default(),
            queue: VecDeque::new(),
            message: None,
            prompt: None,
            checker: BackgroundCheck::default(),
            checked: None,
            checking: false,
            show_help: false,
            filler: BackgroundFill::default(),
            fill_grade: Grade::Medium,
            fill_from: None,
            follow: Follow::default(),
            swap_buttons: false,
            keys: keys::defaults(),
        };
        editor.reread();
        editor
    }

    /// The edited text (what the file or buffer holds, with the edit in flight).
    pub fn text(&self) -> &str {
        self.doc.text()
    }

    /// The document: history, link, pending edit.
    pub fn document(&self) -> &Document {
        &self.doc
    }

    /// The level the text reads as.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The level shown: what the text reads as, or the stroke waiting for its
    /// re-fill, as painted.
    pub fn shown(&self) -> &Level {
        self.follow.stroke().map_or(&self.level, |s| &s.painted)
    }

    /// Index of the edited level in the pack, and how many levels the text holds.
    pub fn position(&self) -> (usize, usize) {
        (self.level_idx, self.n_levels)
    }

    /// The first syntax error of the edited level, which stops edits there.
    pub fn banner(&self) -> Option<&str> {
        self.banner.as_deref()
    }

    /// The selected items.
    pub fn selection(&self) -> &BTreeSet<Pos> {
        &self.selection
    }

    /// The gesture in progress.
    pub fn gesture(&self) -> &Gesture {
        &self.pointer.gesture
    }

    /// The last message (a refusal, what was done), if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// The open level information prompt's line.
    pub fn prompt_line(&self) -> Option<String> {
        self.prompt.as_ref().map(Prompt::line)
    }

    /// The latest check of the level, if it is in.
    pub fn checked(&self) -> Option<&Checked> {
        self.checked.as_ref()
    }

    /// The text of the edited level alone, as written (what a copy takes).
    pub fn level_text(&self) -> String {
        let Some(parsed) = parse_level_at(self.doc.text(), self.level_idx) else {
            return self.doc.text().to_string();
        };
        let lines: Vec<&str> = self.doc.text().split('\n').collect();
        let (from, to) = (parsed.source.first_line as usize, parsed.source.end_line as usize);
        let mut out = lines[from.min(lines.len())..to.min(lines.len())].join("\n");
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out
    }

    /// Checks the level as it reads now, off the UI thread; `done` gets the answer
    /// (on the check's thread) for [`Editor::set_checked`]. A running check is cancelled.
    pub fn start_check(&mut self, done: impl Fn(Checked) + Send + 'static) {
        self.checking = true;
        self.checker.start(self.level.clone(), done);
    }

    /// Checks the level now, on this thread (`--png`, benchmarks).
    pub fn check_now(&mut self, budget: &hexcells_core::solve::Budget) {
        self.checker.cancel_running();
        self.checked = Some(background_check::check(&self.level, budget, 0));
        self.checking = false;
    }

    /// Takes a check's answer, unless a newer check was started since. Returns whether
    /// it was taken.
    pub fn set_checked(&mut self, checked: Checked) -> bool {
        if !self.checker.is_current(&checked) {
            return false;
        }
        self.checking = checked.grade_pending;
        self.checked = Some(checked);
        true
    }

    /// Reads the level again from the text.
    fn reread(&mut self) {
        let text = self.doc.text();
        self.n_levels = count_levels(text);
        if self.level_idx >= self.n_levels {
            self.level_idx = self.n_levels.saturating_sub(1);
        }
        match parse_level_at(text, self.level_idx) {
            Some(parsed) => {
                self.banner = parsed
                    .syntax_error()
                    .map(|d| format!("{}:{}: {}", d.range.line + 1, d.range.start + 1, d.message));
                self.level = parsed.level;
            }
            None => {
                self.banner = None;
                self.level = Level::new();
            }
        }
        let level = &self.level;
        self.selection.retain(|p| level.get(*p).is_some());
        if let Some(prompt) = &mut self.prompt {
            prompt.refresh(level);
        }
    }

    /// Undoes the last edit.
    pub fn undo(&mut self) -> EditorOutcome {
        self.pointer.forget_click();
        self.request(Request::History(UndoRedo::Undo))
    }

    /// Redoes the last edit undone.
    pub fn redo(&mut self) -> EditorOutcome {
        self.pointer.forget_click();
        self.request(Request::History(UndoRedo::Redo))
    }

    /// Deletes the selected items.
    pub fn delete_selection(&mut self) -> EditorOutcome {
        self.pointer.forget_click();
        if self.selection.is_empty() {
            let select = keys::keys_for(&self.keys, EditorAction::Select);
            self.message = Some(format!("nothing selected ({select} selects)"));
            return EditorOutcome::redraw();
        }
        let items = std::mem::take(&mut self.selection).into_iter().collect();
        self.edit(Op::Delete { items }, Kind::Edit)
    }

    /// A pasted level replaces the one shown, as one edit.
    pub fn paste_level(&mut self, level: Level) -> EditorOutcome {
        self.pointer.forget_click();
        self.request(Request::Op(Op::ReplaceLevel(Box::new(level)), Kind::Edit))
    }

    /// Opens the level information prompt.
    pub fn open_prompt(&mut self) -> EditorOutcome {
        self.pointer.forget_click();
        self.prompt = Some(Prompt::new(&self.level));
        EditorOutcome::redraw()
    }

    /// Another level of a pack: the next (`step` 1) or the previous (-1), wrapping
    /// around.
    pub fn step(&mut self, step: isize) -> EditorOutcome {
        self.pointer.forget_click();
        let n = self.n_levels.max(1) as isize;
        self.level_idx = (self.level_idx as isize + step).rem_euclid(n) as usize;
        self.selection.clear();
        self.reread();
        EditorOutcome {
            redraw: true,
            text_changed: true,
            send: None,
        }
    }

    /// Whether the level information prompt is open (keys go to it).
    pub fn prompt_open(&self) -> bool {
        self.prompt.is_some()
    }

    /// A key for the open prompt.
    pub fn prompt_key(&mut self, key: PromptKey) -> EditorOutcome {
        let Some(prompt) = &mut self.prompt else {
            return EditorOutcome::default();
        };
        let result = prompt.key(key, &self.level);
        let done = prompt.is_done();
        let outcome = match result {
            PromptResult::Open => EditorOutcome::redraw(),
            PromptResult::Closed => {
                self.prompt = None;
                return EditorOutcome::redraw();
            }
            PromptResult::Apply(field, text) => EditorOutcome::redraw()
                .and(self.request(Request::Op(Op::SetHeader { field, text }, Kind::Edit))),
        };
        if done {
            self.prompt = None;
        }
        outcome
    }

    /// A snapshot of the editor's buffer from the language server. The level shown is
    /// checked again only when it changed (an edit elsewhere in a pack leaves it be).
    pub fn snapshot(&mut self, version: i64, text: String) -> EditorOutcome {
        let mut changed = self.doc.snapshot(version, text);
        if changed {
            let (level, banner, n_levels) = (self.level.clone(), self.banner.clone(), self.n_levels);
            self.reread();
            changed = level != self.level || banner != self.banner || n_levels != self.n_levels;
        }
        let mut outcome = EditorOutcome {
            redraw: changed,
            text_changed: changed,
            send: None,
        };
        while !self.doc.is_pending() {
            let Some(next) = self.queue.pop_front() else { break };
            outcome = outcome.and(self.run(next));
        }
        outcome
    }

    /// The language server refused the edit in flight.
    pub fn refused(&mut self, reason: String) -> EditorOutcome {
        self.queue.clear();
        self.message = Some(format!("not applied: {reason}"));
        if self.doc.refused() {
            self.reread();
        }
        EditorOutcome {
            redraw: true,
            text_changed: true,
            send: None,
        }
    }

    /// The text was replaced from outside (the file on disk changed while nothing was
    /// edited): it is shown, and undo starts over.
    pub fn replace_text(&mut self, text: String) -> EditorOutcome {
        if text == self.doc.text() {
            return EditorOutcome::default();
        }
        self.doc.replace(text);
        self.queue.clear();
        self.reread();
        EditorOutcome {
            redraw: true,
            text_changed: true,
            send: None,
        }
    }

    /// The grade "fill clues" reaches.
    pub fn fill_grade(&self) -> Grade {
        self.fill_grade
    }

    /// Whether "fill clues" is running.
    pub fn filling(&self) -> bool {
        self.filler.is_running()
    }

    /// The next grade for "fill clues" (easy after hard), said in the status line.
    pub fn cycle_fill_grade(&mut self) -> EditorOutcome {
        self.fill_grade = fill::next_grade(self.fill_grade);
        let fill = keys::keys_for(&self.keys, EditorAction::FillClues);
        let grade = keys::keys_for(&self.keys, EditorAction::FillGrade);
        self.message = Some(format!(
            "fill clues ({fill}): {} ({grade}: another grade)",
            fill::grade_text(self.fill_grade)
        ));
        EditorOutcome::redraw()
    }

    /// Starts "fill clues" on the level as it reads now, at the grade chosen, off the
    /// UI thread; `done` gets its news (on the run's thread) for [`Editor::fill_news`].
    /// A syntax error, or an edit still on its way to the server, stops it.
    pub fn start_fill(&mut self, done: impl Fn(FillNews) + Send + 'static) -> EditorOutcome {
        self.pointer.forget_click();
        if let Some(banner) = &self.banner {
            self.message = Some(format!("fill clues: fix the level first ({banner})"));
            return EditorOutcome::redraw();
        }
        if self.doc.is_pending() {
            self.message = Some("fill clues: an edit is on its way, try again".to_string());
            return EditorOutcome::redraw();
        }
        self.fill_from = Some((self.doc.text().to_string(), self.level_idx));
        self.filler
            .start(self.level.clone(), self.fill_grade, OwnClues::Kept, done);
        self.message = Some(self.fill_line("starting"));
        EditorOutcome::redraw()
    }

    fn fill_line(&self, what: &str) -> String {
        let esc = keys::keys_for(&self.keys, EditorAction::ClearSelection);
        format!(
            "filling clues, {}: {what} ({esc} cancels)",
            fill::grade_text(self.fill_grade)
        )
    }

    /// Stops a running "fill clues"; the level stays as it was. Returns whether one ran.
    pub fn cancel_fill(&mut self) -> bool {
        self.fill_from = None;
        if !self.filler.cancel_running() {
            return false;
        }
        self.message = Some("fill clues cancelled: the level is as it was".to_string());
        true
    }

    /// News from a "fill clues" run: progress goes to the status line; a level found
    /// lands as one edit (when the text is still the one it started from); a grade
    /// not reached is said, with the nearest grade, and nothing changes.
    pub fn fill_news(&mut self, news: FillNews) -> EditorOutcome {
        if news.own_clues == OwnClues::Preferred {
            return self.refill_news(news);
        }
        if !self.filler.is_current(&news) {
            return EditorOutcome::default();
        }
        let result = match news.what {
            FillWhat::Progress(line) => {
                self.message = Some(self.fill_line(&line));
                return EditorOutcome::redraw();
            }
            FillWhat::Done(result) => result,
        };
        self.filler.finished();
        let from = self.fill_from.take();
        let target = fill::grade_text(self.fill_grade);
        let filled = match result {
            Ok(filled) => filled,
            Err(FillError::GradeNotReached { filled, .. }) => {
                self.message = Some(format!(
                    "fill clues: no {target} level with these colours; the nearest grade is {}: nothing changed",
                    fill::grade_text(filled.grade)
                ));
                return EditorOutcome::redraw();
            }
            Err(e) => {
                self.message = Some(format!("fill clues: {e}: nothing changed"));
                return EditorOutcome::redraw();
            }
        };
        if from.as_ref() != Some(&(self.doc.text().to_string(), self.level_idx)) {
            self.message = Some("fill clues: the level changed meanwhile: nothing changed".to_string());
            return EditorOutcome::redraw();
        }
        let added = filled.added;
        let outcome = self.request(Request::Op(Op::ReplaceLevel(Box::new(filled.level)), Kind::Edit));
        let undo = keys::keys_for(&self.keys, EditorAction::Undo);
        self.message = Some(format!(
            "filled clues, {target}: {} revealed, {} numbers, {} column numbers added ({undo} takes them back)",
            added.revealed, added.numbered, added.columns
        ));
        outcome
    }

    /// Nothing selected any more (and the help panel hidden).
    pub fn clear_selection(&mut self) -> EditorOutcome {
        self.selection.clear();
        self.pointer.gesture = Gesture::Idle;
        self.show_help = false;
        EditorOutcome::redraw()
    }

    /// Shows or hides the help panel: every key and click in force.
    pub fn toggle_help(&mut self) -> EditorOutcome {
        self.show_help = !self.show_help;
        EditorOutcome::redraw()
    }

    /// Whether the help panel shows.
    pub fn shows_help(&self) -> bool {
        self.show_help
    }

    /// A pointer event in the frame `layout`: the editor's one way in for the mouse.
    /// The gesture it makes (`gesture.rs`) becomes an edit, a selection or nothing.
    pub fn pointer(&mut self, layout: &FrameLayout, event: PointerEvent) -> EditorOutcome {
        let on = Target {
            level: self.follow.stroke().map_or(&self.level, |s| &s.painted),
            selection: &mut self.selection,
            message: &mut self.message,
            swap_buttons: self.swap_buttons,
        };
        match self.pointer.event(on, layout, event) {
            Reaction::Nothing => EditorOutcome::default(),
            Reaction::Redraw => EditorOutcome::redraw(),
            Reaction::Edit(op, kind) => self.edit(op, kind),
        }
    }

    /// An edit of the pointer or the delete key. A stroke waiting lands first, as
    /// painted; then, when clues follow the drawing, a stroke (cells painted, erased
    /// or flipped) waits for its re-fill, shown as painted; any other edit is made.
    fn edit(&mut self, op: Op, kind: Kind) -> EditorOutcome {
        let base = self
            .follow
            .stroke()
            .map_or_else(|| self.level.clone(), |s| s.painted.clone());
        let landed = self.land_stroke();
        let painted = edit::apply_op(&base, &op);
        match painted {
            Ok(painted)
                if self.follow.is_on()
                    && self.banner.is_none()
                    && Follow::is_stroke(&op, &base, &painted) =>
            {
                self.follow.wait(op, kind, base, painted, self.fill_grade);
                self.message = Some(self.follow_line("re-filling…"));
                landed.and(EditorOutcome::redraw())
            }
            _ => landed.and(self.request(Request::Op(op, kind))),
        }
    }

    /// Whether clues follow the drawing.
    pub fn follows(&self) -> bool {
        self.follow.is_on()
    }

    /// Clues follow the drawing, or no longer (a stroke waiting then lands as
    /// painted); said in the status line.
    pub fn toggle_follow(&mut self) -> EditorOutcome {
        let waiting = self.follow.toggle();
        let landed = self.land_as_painted(waiting);
        let key = keys::keys_for(&self.keys, EditorAction::CluesFollow);
        self.message = Some(if self.follow.is_on() {
            let grade = keys::keys_for(&self.keys, EditorAction::FillGrade);
            format!(
                "clues follow the drawing, {}: each stroke re-fills them ({grade}: another grade; {key}: off)",
                fill::grade_text(self.fill_grade)
            )
        } else {
            format!("clues no longer follow the drawing ({key}: on)")
        });
        landed.and(EditorOutcome::redraw())
    }

    /// Whether a stroke waits for its re-fill (shown as painted).
    pub fn stroke_waiting(&self) -> bool {
        self.follow.stroke().is_some()
    }

    /// Whether a stroke waits for a re-fill not started yet ([`Editor::start_refill`]).
    pub fn refill_waiting(&self) -> bool {
        self.follow.needs_run()
    }

    /// Starts the waiting stroke's re-fill off the UI thread; `done` gets its news (on
    /// the run's thread) for [`Editor::fill_news`].
    pub fn start_refill(&mut self, done: impl Fn(FillNews) + Send + 'static) {
        self.follow.start(done);
    }

    /// Lands the stroke waiting, if any, as painted (its re-fill stopped): one edit.
    pub fn land_stroke(&mut self) -> EditorOutcome {
        let waiting = self.follow.stop();
        self.land_as_painted(waiting)
    }

    /// `stroke` (if any) lands as painted: one edit.
    fn land_as_painted(&mut self, stroke: Option<Stroke>) -> EditorOutcome {
        match stroke {
            Some(stroke) => self.request(Request::Op(stroke.op, stroke.kind)),
            None => EditorOutcome::default(),
        }
    }

    /// Esc while a stroke waits: its re-fill stops, and it lands as painted. Returns
    /// `None` when no stroke waited.
    pub fn stop_refill(&mut self) -> Option<EditorOutcome> {
        self.follow.stroke()?;
        let outcome = self.land_stroke();
        self.message = Some("re-fill stopped: the stroke stays as painted".to_string());
        Some(outcome.and(EditorOutcome::redraw()))
    }

    /// A stroke's re-fill is done: the stroke lands with the clues found as one edit;
    /// out of reach (or on a drawing the fill refuses) the stroke lands as painted
    /// and the status line says why.
    fn refill_news(&mut self, news: FillNews) -> EditorOutcome {
        let Some(stroke) = self.follow.done(&news) else {
            return EditorOutcome::default();
        };
        let FillWhat::Done(result) = news.what else {
            return EditorOutcome::default();
        };
        let grade = fill::grade_text(stroke.grade);
        let (filled, said) = match result {
            Ok(filled) => {
                let n = clues_changed(&stroke.painted, &filled.level);
                let undo = keys::keys_for(&self.keys, EditorAction::Undo);
                let said = format!(
                    "clues follow the drawing, {grade}: {n} clue{} changed ({undo} takes the stroke back)",
                    if n == 1 { "" } else { "s" }
                );
                (Some(filled.level), said)
            }
            Err(FillError::GradeNotReached { filled, .. }) => (
                None,
                format!(
                    "clues follow the drawing: {grade} is out of reach with these colours (the nearest is {}); the stroke stays as painted",
                    fill::grade_text(filled.grade)
                ),
            ),
            Err(e) => (
                None,
                format!("clues follow the drawing: {e}; the stroke stays as painted"),
            ),
        };
        let outcome = self.request(Request::Followed(Box::new(stroke), filled, said));
        outcome.and(EditorOutcome::redraw())
    }

    fn follow_line(&self, what: &str) -> String {
        let esc = keys::keys_for(&self.keys, EditorAction::ClearSelection);
        format!(
            "clues follow the drawing, {}: {what} ({esc}: as painted)",
            fill::grade_text(self.fill_grade)
        )
    }

    /// Sets the message line (e.g. what saving did).
    pub fn say(&mut self, message: impl Into<String>) {
        self.message = Some(message.into());
    }

    fn request(&mut self, request: Request) -> EditorOutcome {
        if self.doc.is_pending() {
            self.queue.push_back(request);
            return EditorOutcome::redraw();
        }
        self.run(request)
    }

    fn run(&mut self, request: Request) -> EditorOutcome {
        // What the status line says once the edit is made (nothing, for most).
        let mut note = None;
        let (changes, kind, moved) = match request {
            Request::Op(op, kind) => {
                let moved = match &op {
                    Op::Move { dx, dy, .. } => Some((*dx, *dy)),
                    _ => None,
                };
                match edit::changes(self.doc.text(), self.level_idx, &op) {
                    Ok(changes) => (changes, kind, moved),
                    Err(e) => return self.refuse(&e),
                }
            }
            Request::Followed(stroke, filled, said) => {
                // The clues found belong to the level the stroke was made on.
                let (op, said) = match filled {
                    Some(filled) if self.level == stroke.base => (Op::ReplaceLevel(Box::new(filled)), said),
                    Some(_) => (
                        stroke.op,
                        "clues follow the drawing: the level changed meanwhile; the stroke stays as painted"
                            .to_string(),
                    ),
                    None => (stroke.op, said),
                };
                note = Some(said);
                match edit::changes(self.doc.text(), self.level_idx, &op) {
                    Ok(changes) => (changes, stroke.kind, None),
                    Err(e) => return self.refuse(&e),
                }
            }
            Request::History(way) => match self.doc.history_changes(way) {
                Ok(changes) => (changes, Kind::HistoryStep(way), None),
                Err(why) => {
                    self.message = Some(why);
                    return EditorOutcome::redraw();
                }
            },
        };
        if changes.is_empty() {
            return EditorOutcome::redraw();
        }
        self.message = note;
        let send = self.doc.submit(changes, kind);
        if let Some((dx, dy)) = moved {
            self.selection = self.selection.iter().filter_map(|p| p.offset(dx, dy)).collect();
        }
        self.reread();
        EditorOutcome {
            redraw: true,
            send,
            text_changed: true,
        }
    }

    fn refuse(&mut self, error: &EditError) -> EditorOutcome {
        self.message = Some(match error {
            EditError::Blocked { .. } | EditError::OffGrid => format!("not placed: {error}"),
            _ => error.to_string(),
        });
        EditorOutcome::redraw()
    }

    /// The verdict line: the latest check's summary, grade, problems and the grade's
    /// reasons, as parts between ` · ` (most needed first: the header shows the whole
    /// parts that fit), or that a check or a stroke's re-fill runs.
    pub fn verdict(&self) -> String {
        if self.stroke_waiting() {
            return "re-filling clues…".to_string();
        }
        let Some(c) = self.checked.as_ref().filter(|c| self.checker.is_current(c)) else {
            return "checking…".to_string();
        };
        let mut parts = vec![c.summary.clone()];
        if c.grade_pending {
            parts.push("grading…".to_string());
        }
        parts.extend(c.grade.clone());
        match c.problems.len() {
            0 => {}
            1 => parts.push(format!("1 problem: {}", c.problems[0].code)),
            n => parts.push(format!("{n} problems")),
        }
        parts.extend(c.reasons.iter().cloned());
        parts.join(" · ")
    }

    /// Draws with the editor's scene: `layout` places the grid, `cursor` is the text
    /// editor's cursor. The key line, the help panel and an empty level's first steps
    /// say the bindings in force.
    pub fn with_scene<R>(
        &self,
        layout: FrameLayout,
        hover: Option<Pos>,
        cursor: Option<Pos>,
        f: impl FnOnce(&EditorScene) -> R,
    ) -> R {
        let mut paint: Vec<(Pos, Color)> = Vec::new();
        let (mut column, mut moving, mut lasso): (_, _, &[(f32, f32)]) = (None, None, &[]);
        match &self.pointer.gesture {
            Gesture::Paint { color, cells } => paint = cells.iter().map(|p| (*p, *color)).collect(),
            Gesture::Column {
                cell,
                direction: Some(d),
            } => {
                column = edit::column_place(*cell, *d)
                    .filter(|p| edit::blocker(self.shown(), *p, |_| false).is_none())
                    .map(|p| (p, *d));
            }
            Gesture::Move { step, .. } if *step != (0, 0) => moving = Some(*step),
            Gesture::Lasso { points } => lasso = points,
            _ => {}
        }
        // The check is of the text: a stroke waiting for its re-fill is not in it.
        let (stuck, problems): (&[Pos], Vec<Pos>) = match (&self.checked, self.checking) {
            (Some(c), false) if !self.stroke_waiting() => {
                (&c.stuck, c.problems.iter().filter_map(|p| p.at).collect())
            }
            _ => (&[], Vec::new()),
        };
        let verdict = self.verdict();
        let status = self.message.clone().unwrap_or_default();
        let prompt = self.prompt_line();
        let untitled = format!(
            "(no title: {})",
            keys::keys_for(&self.keys, EditorAction::Information)
        );
        let key_line = keys::editor::key_line(&self.keys, self.swap_buttons);
        let panel = self
            .show_help
            .then(|| keys::editor::panel_rows(&self.keys, self.swap_buttons));
        let first_steps = if self.shown().items().next().is_none() && self.banner.is_none() {
            keys::editor::first_steps(&self.keys, self.swap_buttons)
        } else {
            Vec::new()
        };
        let scene = EditorScene {
            level: self.shown(),
            layout,
            selection: &self.selection,
            paint: &paint,
            column,
            moving,
            lasso,
            stuck,
            problems: &problems,
            hover,
            cursor,
            verdict: &verdict,
            status: &status,
            keys: &key_line,
            panel: panel.as_deref(),
            first_steps: &first_steps,
            prompt: prompt.as_deref(),
            untitled: &untitled,
            banner: self.banner.as_deref(),
            scale: layout.scale,
        };
        f(&scene)
    }

    /// What is under the pointer, for the status line: `F7 blue cell`.
    pub fn describe(&self, pos: Pos) -> String {
        let what = match self.shown().get(pos) {
            Some(Item::Cell(c)) if c.color == Color::Blue => "blue cell",
            Some(Item::Cell(_)) => "black cell",
            Some(Item::Column(_)) => "column number",
            None => "empty",
        };
        format!("{} {what}", name(pos))
    }
}

/// The positions whose clues differ between `painted` and `filled`, two versions of
/// one drawing: a cell revealed or hidden, a number added, taken away or shown another
/// way, a column number added, taken away or changed.
fn clues_changed(painted: &Level, filled: &Level) -> usize {
    let places: BTreeSet<Pos> = painted
        .items()
        .chain(filled.items())
        .map(|(pos, _)| pos)
        .collect();
    places
        .into_iter()
        .filter(|pos| painted.get(*pos) != filled.get(*pos))
        .count()
}

#[cfg(test)]
mod tests;
