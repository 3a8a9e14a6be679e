//! What the window shows and how input changes it, without a window: the levels of
//! the open file, pack or editor document (the last good version while the text has
//! errors), the game in progress, and the player's commands.

use std::path::{Path, PathBuf};
use std::time::Instant;

use hexcells_core::format::parse;
use hexcells_core::model::name;
use hexcells_core::solve::{Budget, HintResult};
use hexcells_core::viewer_protocol::FromViewer;
use hexcells_core::{Color, Item, Level, Pos, Severity};

use crate::player::{explain, Outcome, Player};
use crate::progress::{self, Best, Progress};
use crate::render::Scene;

/// Where the levels come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The tutorial pack embedded in the binary.
    Tutorial,
    /// A file on disk, followed as it changes.
    File(PathBuf),
    /// Snapshots from the language server over stdin.
    Editor,
}

/// A mouse button, after the swap-buttons option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    /// Uncover as blue (or show a flower or beam).
    Left,
    /// Uncover as black.
    Right,
}

/// Everything the player can ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A click on a grid position.
    Click(Pos, Button),
    /// H: outline the next deducible cell and say why.
    Hint,
    /// S: uncover one round of deducible cells.
    SolveRound,
    /// Shift+S: uncover everything deducible.
    SolveAll,
    /// Z: take back the last uncovered cell.
    Undo,
    /// R: start the level over.
    Restart,
    /// Tab: toggle the "show solution" preview.
    ToggleSolution,
    /// N (+1) or P (-1): another level of the pack, or another file of the folder.
    Step(isize),
    /// E: export the game's play record to a new file in the state directory.
    ExportRecord,
}

/// What the app must do after a command.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// Redraw the window.
    pub redraw: bool,
    /// Follow this file from now on (N / P moved to another file).
    pub watch: Option<PathBuf>,
    /// Tell the language server.
    pub send: Option<FromViewer>,
}

/// Work for the deduction engine, taken from the session by [`Session::engine_job`].
#[derive(Debug)]
pub struct EngineJob {
    command: Command,
    player: Player,
    budget: Budget,
}

/// The engine's answer to an [`EngineJob`].
#[derive(Debug)]
pub struct EngineDone {
    before: Player,
    answer: Answer,
}

#[derive(Debug)]
enum Answer {
    Hint(HintResult),
    Solved(Player),
}

impl EngineJob {
    /// Runs the engine (this can take a while on a large level).
    pub fn run(self) -> EngineDone {
        let answer = match self.command {
            Command::Hint => Answer::Hint(self.player.hint(&self.budget)),
            _ => {
                let mut player = self.player.clone();
                player.solve(self.command == Command::SolveAll, &self.budget);
                Answer::Solved(player)
            }
        };
        EngineDone {
            before: self.player,
            answer,
        }
    }
}

/// The viewer's state.
pub struct Session {
    origin: Origin,
    text: Option<String>,
    levels: Vec<Level>,
    level_idx: usize,
    player: Player,
    best: Option<Best>,
    started: Instant,
    banner: Option<String>,
    status: String,
    hint: Option<Pos>,
    highlight: Option<Pos>,
    /// The editor cursor: level index and cell.
    cursor: Option<(usize, Pos)>,
    /// The cell under the mouse.
    pub hover: Option<Pos>,
    /// Show the solution instead of the game.
    pub show_solution: bool,
    /// Swap the mouse buttons (right: blue, left: black).
    pub swap_buttons: bool,
    state_dir: Option<PathBuf>,
    budget: Budget,
    /// Whether `levels` came from a text without errors.
    good: bool,
    /// Whether any text has given levels yet.
    loaded: bool,
}

/// The embedded tutorial pack.
pub const TUTORIAL: &str = include_str!("../levels/tutorial.hexcells");

const HELP: &str =
    "left click: blue · right click: black · H hint · S solve · Z undo · R restart · E export · Tab solution";

impl Session {
    /// A session on `text` from `origin`; progress lives in `state_dir` when given.
    pub fn new(origin: Origin, text: &str, state_dir: Option<PathBuf>) -> Session {
        let mut session = Session {
            origin,
            text: None,
            levels: vec![waiting_level()],
            level_idx: 0,
            player: Player::new(waiting_level()),
            best: None,
            started: Instant::now(),
            banner: None,
            status: HELP.to_string(),
            hint: None,
            highlight: None,
            cursor: None,
            hover: None,
            show_solution: false,
            swap_buttons: false,
            state_dir,
            budget: Budget {
                time_limit: Some(std::time::Duration::from_secs(5)),
                ..Budget::default()
            },
            good: false,
            loaded: false,
        };
        session.load_text(text);
        session
    }

    /// Where the levels come from.
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// The level on screen.
    pub fn level(&self) -> &Level {
        self.player.level()
    }

    /// Index of the level on screen and how many levels there are.
    pub fn position(&self) -> (usize, usize) {
        (self.level_idx, self.levels.len())
    }

    /// The game in progress.
    pub fn player(&self) -> &Player {
        &self.player
    }

    /// The error banner, while the text has errors.
    pub fn banner(&self) -> Option<&str> {
        self.banner.as_deref()
    }

    /// The status line.
    pub fn status(&self) -> &str {
        &self.status
    }

    /// Takes new text (a save or an editor snapshot). Keeps the last good levels and
    /// sets the banner while the text has errors; keeps the game's progress on cells
    /// whose colour did not change. Returns whether anything changed.
    pub fn load_text(&mut self, text: &str) -> bool {
        if self.text.as_deref() == Some(text) {
            return false;
        }
        self.text = Some(text.to_string());
        let parse = parse(text);
        let first_error = parse
            .all_diagnostics()
            .into_iter()
            .find(|d| d.severity == Severity::Error);
        self.banner = first_error
            .as_ref()
            .map(|d| format!("{}:{}: {}", d.range.line + 1, d.range.start + 1, d.message));
        let levels: Vec<Level> = parse.levels.into_iter().map(|l| l.level).collect();
        if (first_error.is_some() && self.good) || levels.is_empty() {
            return true;
        }
        self.good = first_error.is_none();
        self.levels = levels;
        self.level_idx = self.level_idx.min(self.levels.len() - 1);
        let level = self.levels[self.level_idx].clone();
        if self.loaded {
            self.player.replace_level(level);
            self.hint = None;
            self.save();
        } else {
            self.loaded = true;
            self.open_level(self.level_idx);
        }
        true
    }

    /// Shows level `idx` of the pack, restoring its saved progress.
    fn open_level(&mut self, idx: usize) {
        let Some(level) = self.levels.get(idx) else { return };
        self.level_idx = idx;
        self.player = Player::new(level.clone());
        let saved = self
            .state_dir
            .as_deref()
            .map(|dir| progress::load(dir, level))
            .unwrap_or_default();
        let record = self
            .state_dir
            .as_deref()
            .and_then(|dir| progress::load_record(dir, level));
        match record {
            Some(record) => self.player.restore_record(&record),
            None => self.player.restore(&saved.moves, saved.mistakes),
        }
        self.best = saved.best;
        self.started = Instant::now();
        self.hint = None;
        self.highlight = None;
        self.cursor = None;
        self.status = self.default_status();
    }

    fn default_status(&self) -> String {
        let (idx, n) = self.position();
        if n > 1 {
            format!("level {} of {} · N next · P previous · {HELP}", idx + 1, n)
        } else {
            HELP.to_string()
        }
    }

    /// Saves the game in progress (nothing is saved without a state directory).
    fn save(&self) {
        let Some(dir) = &self.state_dir else { return };
        let progress = Progress {
            moves: self.player.moves().to_vec(),
            mistakes: self.player.mistakes(),
            best: self.best,
        };
        // Losing progress is not worth stopping the game for.
        let _ = progress::save(dir, self.player.level(), &progress);
        let _ = progress::save_record(dir, self.player.level(), self.player.record());
    }

    /// E: writes the play record to a new file under the state directory and says
    /// where in the status line.
    fn export_record(&mut self) {
        let Some(dir) = &self.state_dir else {
            self.status = "cannot export the record: no state directory (set XDG_STATE_HOME)".to_string();
            return;
        };
        self.status = match progress::export_record(dir, self.player.level(), self.player.record()) {
            Ok(path) => format!(
                "exported {} moves to {}",
                self.player.record().moves.len(),
                path.display()
            ),
            Err(e) => format!("cannot export the record: {e}"),
        };
    }

    /// Carries out a player's command.
    pub fn apply(&mut self, command: Command) -> Effects {
        let mut effects = Effects {
            redraw: true,
            ..Effects::default()
        };
        match command {
            Command::Click(pos, button) => effects.send = self.click(pos, button),
            Command::Hint | Command::SolveRound | Command::SolveAll => {
                if let Some(job) = self.engine_job(command) {
                    self.finish(job.run());
                }
            }
            Command::Undo => {
                if let Some(pos) = self.player.undo() {
                    self.status = format!("took back {}", name(pos));
                    self.save();
                }
            }
            Command::Restart => {
                self.player.restart();
                self.started = Instant::now();
                self.hint = None;
                self.highlight = None;
                self.status = self.default_status();
                self.save();
            }
            Command::ToggleSolution => self.show_solution = !self.show_solution,
            Command::Step(step) => effects.watch = self.step(step),
            Command::ExportRecord => self.export_record(),
        }
        effects
    }

    /// Shows level `idx` of the pack (ignored when there is no such level).
    pub fn go_to(&mut self, idx: usize) {
        if idx < self.levels.len() {
            self.open_level(idx);
        }
    }

    /// Moves the hover to `pos`; returns whether it changed.
    pub fn set_hover(&mut self, pos: Option<Pos>) -> bool {
        std::mem::replace(&mut self.hover, pos) != pos
    }

    /// The editor's cursor moved to `cell` of level `level`.
    pub fn set_cursor(&mut self, level: usize, cell: Option<Pos>) {
        if level != self.level_idx && level < self.levels.len() {
            self.open_level(level);
        }
        self.cursor = cell.map(|c| (level, c));
    }

    fn click(&mut self, pos: Pos, button: Button) -> Option<FromViewer> {
        let button = match (button, self.swap_buttons) {
            (Button::Left, true) => Button::Right,
            (Button::Right, true) => Button::Left,
            (b, false) => b,
        };
        let send = (self.origin == Origin::Editor).then_some(FromViewer::Clicked {
            level: self.level_idx,
            cell: pos,
        });
        let level = self.player.level();
        let toggles_highlight = match level.get(pos) {
            Some(Item::Column(_)) => true,
            Some(Item::Cell(cell)) => {
                cell.color == Color::Blue && cell.hint.shows_number() && self.player.is_uncovered(pos)
            }
            None => false,
        };
        if toggles_highlight && !self.show_solution {
            self.highlight = if self.highlight == Some(pos) {
                None
            } else {
                Some(pos)
            };
            return send;
        }
        if self.show_solution {
            return send;
        }
        let guess = match button {
            Button::Left => Color::Blue,
            Button::Right => Color::Black,
        };
        match self.player.guess(pos, guess) {
            Outcome::Uncovered(_) => {
                if self.hint == Some(pos) {
                    self.hint = None;
                }
                self.status = self.default_status();
                self.after_move();
            }
            Outcome::Mistake => {
                self.status = format!("{} is not {}: one more mistake", name(pos), guess.as_str());
                self.save();
            }
            Outcome::Ignored => {}
        }
        send
    }

    fn after_move(&mut self) {
        if self.player.is_solved() {
            let result = Best {
                mistakes: self.player.mistakes(),
                seconds: self.started.elapsed().as_secs(),
            };
            if self.best.is_none_or(|best| result.beats(&best)) {
                self.best = Some(result);
            }
            let best = self.best.unwrap_or(result);
            self.status = format!(
                "solved with {} mistakes in {} s (best: {} mistakes, {} s)",
                result.mistakes, result.seconds, best.mistakes, best.seconds
            );
        }
        self.save();
    }

    /// Starts H, S or Shift+S: the engine's work, to run on any thread; then hand the
    /// answer to [`Session::finish`]. `None` for other commands.
    pub fn engine_job(&mut self, command: Command) -> Option<EngineJob> {
        if !matches!(command, Command::Hint | Command::SolveRound | Command::SolveAll) {
            return None;
        }
        self.status = "the deduction engine is thinking…".to_string();
        Some(EngineJob {
            command,
            player: self.player.clone(),
            budget: self.budget.clone(),
        })
    }

    /// Shows the engine's answer, unless the game moved on meanwhile. Returns whether
    /// it was shown.
    pub fn finish(&mut self, done: EngineDone) -> bool {
        let current =
            done.before.level() == self.player.level() && done.before.moves() == self.player.moves();
        if !current {
            return false;
        }
        match done.answer {
            Answer::Hint(result) => self.show_hint(result),
            Answer::Solved(player) => {
                let n = player.moves().len().saturating_sub(self.player.moves().len());
                self.player = player;
                self.hint = None;
                self.status = match n {
                    0 => "the deduction engine found nothing to uncover".to_string(),
                    1 => "uncovered 1 cell".to_string(),
                    n => format!("uncovered {n} cells"),
                };
                self.after_move();
            }
        }
        true
    }

    fn show_hint(&mut self, result: HintResult) {
        match result {
            HintResult::Next(deduction) => {
                self.hint = Some(deduction.pos);
                self.status = explain(self.player.level(), &deduction);
            }
            HintResult::Contradiction { wrong_marks, .. } => {
                let names: Vec<String> = wrong_marks.iter().map(|p| name(*p)).collect();
                self.status = format!("these cells contradict the clues: {}", names.join(", "));
            }
            HintResult::Nothing if self.player.is_solved() => self.status = "solved".to_string(),
            HintResult::Nothing => self.status = "no cell can be deduced from here".to_string(),
            HintResult::GaveUp => self.status = "the deduction engine gave up".to_string(),
        }
    }

    /// N / P: the next or previous level of the pack; past either end of a file, the
    /// next or previous level file in its folder.
    fn step(&mut self, step: isize) -> Option<PathBuf> {
        let target = self.level_idx as isize + step;
        if (0..self.levels.len() as isize).contains(&target) {
            self.open_level(target as usize);
            return None;
        }
        let Origin::File(path) = &self.origin else {
            // Wrap around in the tutorial and the editor's pack.
            let n = self.levels.len() as isize;
            self.open_level(target.rem_euclid(n.max(1)) as usize);
            return None;
        };
        let next = sibling_file(path, step)?;
        let text = std::fs::read_to_string(&next).ok()?;
        self.origin = Origin::File(next.clone());
        self.text = None;
        self.good = false;
        self.loaded = false;
        self.level_idx = if step < 0 { usize::MAX } else { 0 };
        self.load_text(&text);
        Some(next)
    }

    /// The frame to draw, at interface scale `scale`.
    pub fn with_scene<R>(&self, scale: f32, f: impl FnOnce(&Scene) -> R) -> R {
        let uncovered = self.player.uncovered_mask();
        let cursor = self
            .cursor
            .filter(|(level, _)| *level == self.level_idx)
            .map(|(_, pos)| pos);
        let scene = Scene {
            level: self.player.level(),
            uncovered: &uncovered,
            show_solution: self.show_solution,
            hover: self.hover,
            hint: self.hint,
            cursor,
            highlight: self.highlight,
            remaining: self.player.remaining(),
            mistakes: self.player.mistakes(),
            banner: self.banner.clone(),
            status: self.status.clone(),
            scale,
        };
        f(&scene)
    }
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
