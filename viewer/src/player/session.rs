//! The [`Session`]: the player mode's state (the levels of the open file, pack,
//! editor document or pasted level, the game in progress, the status line, the hint,
//! the camera), where its levels come from ([`Origin`]), how it takes new text, moves
//! between levels, saves, and builds the frame's scene. What the player's actions do
//! to it is in the files above (`actions.rs`, `moves.rs`, `engine.rs`, `copy_paste.rs`).

use std::path::{Path, PathBuf};
use std::time::Instant;

use hexcells_core::analysis::CurvePoint;
use hexcells_core::format::LiveParse;
use hexcells_core::solve::Budget;
use hexcells_core::{Diagnostic, Level, Pos, Severity};

use super::game::Game;
use super::progress::{self, Best, LevelProgress};
use crate::keys::player::PlayerAction;
use crate::keys::{self, Binding};
use crate::render::{Camera, FrameLayout, PackOverview, Scene};

/// Where the levels come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The tutorial pack embedded in the binary.
    Tutorial,
    /// A file on disk, followed as it changes.
    File(PathBuf),
    /// Snapshots from the language server over stdin.
    Editor,
    /// A level pasted from the clipboard.
    Pasted,
}

/// The player mode's state.
pub struct Session {
    pub(super) origin: Origin,
    /// The text the levels are read from, read again level by level as it changes.
    live: LiveParse,
    /// Whether any text came yet.
    has_text: bool,
    pub(super) level_idx: usize,
    pub(super) game: Game,
    pub(super) best: Option<Best>,
    pub(super) started: Instant,
    banner: Option<String>,
    pub(super) status: String,
    /// The status line the key line follows: the keys show while that line shows (a
    /// message takes the status lines whole).
    keys_after: Option<String>,
    pub(super) hint: Option<Pos>,
    /// The clues a hint's (or a solve's hardest step's) rule reads, with the status line
    /// they belong to: outlined while that line shows.
    rule_clues: Option<(String, Vec<Pos>)>,
    /// The editor cursor: level index and cell.
    cursor: Option<(usize, Pos)>,
    /// The cell under the mouse.
    pub hover: Option<Pos>,
    /// Show the solution instead of the game.
    pub show_solution: bool,
    /// Swap the mouse buttons (right: blue, left: black).
    pub swap_buttons: bool,
    /// Playtest of the editor's level: a right click on a cell the player uncovered
    /// covers it again (set by the editor's playtest mode).
    pub playtest: bool,
    /// Show the panel of every binding.
    pub(super) show_help: bool,
    /// Show the pack overview.
    pub(super) show_overview: bool,
    /// The pack's difficulty curve, with the text it was graded from.
    pub(super) curve: Option<(String, Vec<CurvePoint>)>,
    /// The text being graded beside the window, while it is.
    pub(super) grading: Option<String>,
    /// The player's zoom and pan.
    pub camera: Camera,
    /// The last action asked to clear the progress: the same again confirms.
    pub(super) clear_asked: bool,
    bindings: Vec<Binding<PlayerAction>>,
    state_dir: Option<PathBuf>,
    pub(super) budget: Budget,
    /// Whether `levels` came from a text without errors.
    good: bool,
    /// Whether any text has given levels yet.
    loaded: bool,
}

/// The embedded tutorial pack.
pub const TUTORIAL: &str = include_str!("../../levels/tutorial.hexcells");

impl Session {
    /// A session on `text` from `origin`; progress lives in `state_dir` when given.
    pub fn new(origin: Origin, text: &str, state_dir: Option<PathBuf>) -> Session {
        let mut session = Session {
            origin,
            live: LiveParse::default(),
            has_text: false,
            level_idx: 0,
            game: Game::new(waiting_level()),
            best: None,
            started: Instant::now(),
            banner: None,
            status: String::new(),
            keys_after: None,
            hint: None,
            rule_clues: None,
            cursor: None,
            hover: None,
            show_solution: false,
            swap_buttons: false,
            playtest: false,
            show_help: false,
            show_overview: false,
            curve: None,
            grading: None,
            camera: Camera::default(),
            clear_asked: false,
            bindings: keys::defaults(),
            state_dir,
            budget: Budget {
                time_limit: Some(std::time::Duration::from_secs(5)),
                ..Budget::default()
            },
            good: false,
            loaded: false,
        };
        session.show_keys();
        session.load_text(text);
        session
    }

    /// Where the levels come from.
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// The level on screen.
    pub fn level(&self) -> &Level {
        self.game.level()
    }

    /// Index of the level on screen and how many levels there are.
    pub fn position(&self) -> (usize, usize) {
        (self.level_idx, self.n_levels())
    }

    /// The layout of a `width` x `height` frame at interface scale `scale`: the level
    /// fitted, zoomed and panned.
    pub fn layout(&self, width: u32, height: u32, scale: f32) -> FrameLayout {
        self.camera
            .apply(FrameLayout::new(self.level(), width, height, scale))
    }

    /// The game in progress.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The error banner, while the text has errors.
    pub fn banner(&self) -> Option<&str> {
        self.banner.as_deref()
    }

    /// The status line.
    pub fn status(&self) -> &str {
        &self.status
    }

    /// The bindings in force.
    pub fn bindings(&self) -> &[Binding<PlayerAction>] {
        &self.bindings
    }

    /// Uses other bindings (the help line and panel follow them).
    pub fn set_bindings(&mut self, bindings: Vec<Binding<PlayerAction>>) {
        self.bindings = bindings;
        self.show_keys();
    }

    /// Whether the panel of every binding shows.
    pub fn shows_help(&self) -> bool {
        self.show_help
    }

    /// Plays the level from the start (the editor's playtest from the start): its
    /// progress is cleared without asking.
    pub fn play_from_start(&mut self) {
        self.clear_progress();
    }

    /// Shows `message` on the status line.
    pub fn say(&mut self, message: &str) {
        self.status = message.to_string();
    }

    /// The text the levels were read from (empty before any).
    pub fn text(&self) -> &str {
        self.live.text()
    }

    /// How many levels there are to play (the one shown when the text has none).
    fn n_levels(&self) -> usize {
        self.live.parse().levels.len().max(1)
    }

    /// Forgets the text (another file or a pasted level comes next).
    pub(super) fn forget_text(&mut self) {
        self.live = LiveParse::default();
        self.has_text = false;
        self.good = false;
        self.loaded = false;
    }

    /// The cell under the text editor's cursor, on the level shown.
    pub fn cursor(&self) -> Option<Pos> {
        self.cursor
            .filter(|(level, _)| *level == self.level_idx)
            .map(|(_, pos)| pos)
    }

    /// Takes new text (a save or an editor's change). Only the levels that changed are
    /// read again, and only the level shown is checked: while it has errors the banner
    /// says the first and its last good version stays; the game keeps its progress on
    /// cells whose colour did not change. The other levels of a pack are checked when
    /// the player moves to them. Returns whether anything changed.
    pub fn load_text(&mut self, text: &str) -> bool {
        if self.has_text && self.live.text() == text {
            return false;
        }
        self.has_text = true;
        self.live.update(text.to_string());
        let n_levels = self.live.parse().levels.len();
        if n_levels == 0 {
            // Nothing to play: the level shown stays, under the file's error.
            self.banner = first_error(&self.live.parse().diagnostics);
            return true;
        }
        self.level_idx = self.level_idx.min(n_levels - 1);
        if !self.loaded {
            self.loaded = true;
            self.open_level(self.level_idx);
            return true;
        }
        let parsed = &self.live.parse().levels[self.level_idx];
        let banner = first_error(&parsed.diagnostics);
        let keeps_last_good = banner.is_some() && self.good;
        self.banner = banner;
        if keeps_last_good {
            return true;
        }
        self.good = self.banner.is_none();
        if parsed.level != *self.game.level() {
            let level = parsed.level.clone();
            self.game.replace_level(level);
            self.hint = None;
            self.save();
        }
        true
    }

    /// Shows level `idx` of the pack, checked now, restoring its saved progress.
    fn open_level(&mut self, idx: usize) {
        let Some(parsed) = self.live.parse().levels.get(idx) else {
            return;
        };
        self.banner = first_error(&parsed.diagnostics);
        self.good = self.banner.is_none();
        let level = parsed.level.clone();
        self.level_idx = idx;
        self.game = Game::new(level.clone());
        let saved = self
            .state_dir
            .as_deref()
            .map(|dir| progress::load(dir, &level))
            .unwrap_or_default();
        let record = self
            .state_dir
            .as_deref()
            .and_then(|dir| progress::load_record(dir, &level));
        match record {
            Some(record) => self.game.restore_record(&record),
            None => self.game.restore(&saved.moves, saved.mistakes),
        }
        self.game.restore_undo_steps(&saved.undo_steps);
        self.game.restore_dimmed(&saved.dimmed);
        self.best = saved.best;
        self.started = Instant::now();
        self.hint = None;
        self.cursor = None;
        self.show_keys();
    }

    /// The status line at rest: the level's place in a pack, and the key line after it.
    pub(super) fn show_keys(&mut self) {
        self.show_keys_after(String::new());
    }

    /// `message`, then the level's place in a pack and the key line.
    pub(super) fn show_keys_after(&mut self, message: String) {
        let (idx, n) = self.position();
        let place = (n > 1).then(|| {
            format!(
                "level {} of {} ({} / {})",
                idx + 1,
                n,
                self.keys(PlayerAction::NextLevel),
                self.keys(PlayerAction::PreviousLevel)
            )
        });
        self.status = [Some(message).filter(|m| !m.is_empty()), place]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" · ");
        self.keys_after = Some(self.status.clone());
    }

    /// The keys bound to `action`, for messages.
    pub(super) fn keys(&self, action: PlayerAction) -> String {
        keys::keys_for(&self.bindings, action)
    }

    /// Saves the game in progress (nothing is saved without a state directory).
    pub(super) fn save(&self) {
        let Some(dir) = &self.state_dir else { return };
        let progress = LevelProgress {
            moves: self.game.moves(),
            mistakes: self.game.mistakes(),
            best: self.best,
            dimmed: self.game.clue_marks().dimmed(),
            undo_steps: self.game.undo_steps(),
        };
        // Losing progress is not worth stopping the game for.
        let _ = progress::save(dir, self.game.level(), &progress);
        let _ = progress::save_record(dir, self.game.level(), &self.game.record());
    }

    /// Writes the play record to a new file under the state directory and says
    /// where in the status line.
    pub(super) fn export_record(&mut self) {
        let Some(dir) = &self.state_dir else {
            self.status = "cannot export the record: no state directory (set XDG_STATE_HOME)".to_string();
            return;
        };
        let record = self.game.record();
        self.status = match progress::export_record(dir, self.game.level(), &record) {
            Ok(path) => format!("exported {} moves to {}", record.moves.len(), path.display()),
            Err(e) => format!("cannot export the record: {e}"),
        };
    }

    /// Shows level `idx` of the pack (ignored when there is no such level).
    pub fn go_to(&mut self, idx: usize) {
        if idx < self.live.parse().levels.len() {
            self.open_level(idx);
        }
    }

    /// Moves the hover to `pos`; returns whether it changed.
    pub fn set_hover(&mut self, pos: Option<Pos>) -> bool {
        std::mem::replace(&mut self.hover, pos) != pos
    }

    /// The editor's cursor moved to `cell` of level `level`.
    pub fn set_cursor(&mut self, level: usize, cell: Option<Pos>) {
        if level != self.level_idx && level < self.live.parse().levels.len() {
            self.open_level(level);
        }
        self.cursor = cell.map(|c| (level, c));
    }

    /// The next (`step` 1) or previous (-1) level of the pack; past either end of a file, the
    /// next or previous level file in its folder.
    pub(super) fn step(&mut self, step: isize) -> Option<PathBuf> {
        let target = self.level_idx as isize + step;
        if (0..self.live.parse().levels.len() as isize).contains(&target) {
            self.open_level(target as usize);
            return None;
        }
        let Origin::File(path) = &self.origin else {
            // Wrap around in the tutorial and the editor's pack.
            let n = self.n_levels() as isize;
            self.open_level(target.rem_euclid(n.max(1)) as usize);
            return None;
        };
        let next = sibling_file(path, step)?;
        let text = std::fs::read_to_string(&next).ok()?;
        self.origin = Origin::File(next.clone());
        self.forget_text();
        self.level_idx = if step < 0 { usize::MAX } else { 0 };
        self.load_text(&text);
        Some(next)
    }

    /// Outlines `clues` while the status line just set shows.
    pub(super) fn show_clues(&mut self, clues: Vec<Pos>) {
        self.rule_clues = Some((self.status.clone(), clues));
    }

    /// The frame to draw, at interface scale `scale`.
    pub fn with_scene<R>(&self, scale: f32, f: impl FnOnce(&Scene) -> R) -> R {
        let uncovered = self.game.uncovered_mask();
        let cursor = self
            .cursor
            .filter(|(level, _)| *level == self.level_idx)
            .map(|(_, pos)| pos);
        let marks = self.game.clue_marks();
        let (highlights, dimmed) = (marks.highlighted(), marks.dimmed());
        let help = self
            .show_help
            .then(|| keys::help_rows(&self.bindings, self.swap_buttons));
        let rule_clues = match &self.rule_clues {
            Some((status, clues)) if *status == self.status => clues.as_slice(),
            _ => &[],
        };
        let key_line = match &self.keys_after {
            Some(status) if *status == self.status => {
                keys::player::key_line(&self.bindings, self.swap_buttons, self.playtest)
            }
            _ => Vec::new(),
        };
        let label = self
            .playtest
            .then(|| keys::player::playtest_label(&self.bindings));
        let (heading, points) = self.overview_heading();
        let scene = Scene {
            level: self.game.level(),
            uncovered: &uncovered,
            guesses: self.game.guess_mask(),
            show_solution: self.show_solution,
            hover: self.hover,
            hint: self.hint,
            cursor,
            highlights: &highlights,
            rule_clues,
            dimmed: &dimmed,
            help: help.as_deref(),
            overview: self.show_overview.then_some(PackOverview {
                points,
                current: self.level_idx,
                heading: &heading,
            }),
            remaining: self.game.remaining(),
            mistakes: self.game.mistakes(),
            banner: self.banner.clone(),
            status: self.status.clone(),
            keys: &key_line,
            label: label.as_deref(),
            scale,
        };
        f(&scene)
    }
}

impl Session {
    /// The pack overview's heading and the levels it shows: the curve of the text, or
    /// while the text is graded the last curve (none before the first).
    fn overview_heading(&self) -> (String, &[CurvePoint]) {
        let hide = self.keys(PlayerAction::Overview);
        let hide = if hide.is_empty() {
            String::new()
        } else {
            format!(" · {hide} hides it")
        };
        match &self.curve {
            Some((text, points)) if text == self.text() => {
                (format!("The pack's difficulty curve{hide}"), points.as_slice())
            }
            curve => (
                format!("Grading the pack's levels…{hide}"),
                curve.as_ref().map_or(&[][..], |(_, points)| points.as_slice()),
            ),
        }
    }
}

/// The first error of a level (or of a file without levels), by place, as the
/// banner says it: `line:column: message`.
fn first_error(diagnostics: &[Diagnostic]) -> Option<String> {
    let d = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .min_by_key(|d| (d.range, d.code))?;
    Some(format!(
        "{}:{}: {}",
        d.range.line + 1,
        d.range.start + 1,
        d.message
    ))
}

/// The level file `step` places after (or before) `path` in its folder, by name.
pub fn sibling_file(path: &Path, step: isize) -> Option<PathBuf> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "hexcells") && p.is_file())
        .collect();
    files.sort();
    let here = files.iter().position(|p| p.file_name() == path.file_name())?;
    let n = files.len() as isize;
    let next = (here as isize + step).rem_euclid(n);
    files
        .get(next as usize)
        .filter(|p| p.file_name() != path.file_name())
        .cloned()
}

const WAITING_TITLE: &str = "Waiting for a level";

fn waiting_level() -> Level {
    let mut level = Level::new();
    level.title = WAITING_TITLE.to_string();
    level
}
