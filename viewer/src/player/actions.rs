//! The player's one handler: what each action of its table (`keys/player.rs`) does,
//! given the cell under the pointer, the mouse button and the window's size. A new
//! player action is a row in that table and an arm of [`Session::act`].

use std::path::PathBuf;

use hexcells_core::viewer_protocol::FromViewer;
use hexcells_core::Pos;

use super::session::Session;
use crate::keys::player::PlayerAction;
use crate::keys::{Bindable, Button};
use crate::render::camera::STEP;

/// What an action is done on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Input {
    /// The cell under the pointer (a click off the board has none).
    pub cell: Option<Pos>,
    /// The mouse button; a key acts as the left one.
    pub button: Button,
    /// The window's size in pixels: the zoom keys zoom around its centre (0 x 0 without
    /// a window).
    pub window: (u32, u32),
}

impl Default for Input {
    /// A key with nothing under the pointer, without a window.
    fn default() -> Input {
        Input {
            cell: None,
            button: Button::Left,
            window: (0, 0),
        }
    }
}

impl Input {
    /// A click of `button` on `cell`, without a window.
    pub fn click(cell: Pos, button: Button) -> Input {
        Input {
            cell: Some(cell),
            button,
            ..Input::default()
        }
    }
}

/// What the window must do after an action.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerEffects {
    /// Redraw the window.
    pub redraw: bool,
    /// Follow this file from now on (the next or previous level moved to another file).
    pub watch: Option<PathBuf>,
    /// Tell the language server.
    pub send: Option<FromViewer>,
    /// Stop following the file (a pasted level replaced it).
    pub stop_watching: bool,
    /// Put this text on the clipboard and hand the result to [`Session::copied`].
    pub copy: Option<String>,
    /// Read the clipboard and hand its level to [`Session::paste`].
    pub paste: bool,
    /// Open the level editor on the level shown.
    pub open_editor: bool,
}

impl Session {
    /// Carries out `action` of the player's table on `input`. The engine's actions run
    /// here on this thread; the window takes them as an [`Session::engine_job`] first.
    pub fn act(&mut self, action: PlayerAction, input: Input) -> PlayerEffects {
        if action.on_click() && input.cell.is_none() {
            // A click beside the board.
            return PlayerEffects::default();
        }
        // Every other action answers "no" to "clear the progress?", except looking
        // around (zoom) and going to the editor, which leave the question open.
        let looks_around = matches!(
            action,
            PlayerAction::ZoomIn | PlayerAction::ZoomOut | PlayerAction::ZoomReset | PlayerAction::Editor
        );
        let clear_asked = !looks_around && std::mem::take(&mut self.clear_asked);
        if clear_asked && action != PlayerAction::ClearProgress {
            self.status = "the progress stays".to_string();
        }
        let mut effects = PlayerEffects {
            redraw: true,
            ..PlayerEffects::default()
        };
        let centre = (input.window.0 as f32 / 2.0, input.window.1 as f32 / 2.0);
        match action {
            PlayerAction::Uncover => {
                effects.send = input.cell.and_then(|cell| self.click(cell, input.button))
            }
            PlayerAction::Guess => effects.send = input.cell.and_then(|cell| self.guess(cell, input.button)),
            PlayerAction::ConfirmGuesses => self.confirm_guesses(false),
            PlayerAction::DenyGuesses => self.confirm_guesses(true),
            PlayerAction::ClearGuesses => self.clear_guesses(),
            PlayerAction::HighlightAll => self.highlight_all(),
            PlayerAction::Hint | PlayerAction::SolveRound | PlayerAction::SolveAll => {
                if let Some(job) = self.engine_job(action) {
                    self.finish(job.run());
                }
            }
            PlayerAction::Undo => self.undo(),
            PlayerAction::ClearProgress if clear_asked => self.clear_progress(),
            PlayerAction::ClearProgress => self.ask_to_clear_progress(),
            PlayerAction::ExportRecord => self.export_record(),
            PlayerAction::CopyLevel => effects.copy = Some(self.copy_text()),
            PlayerAction::PasteLevel => effects.paste = true,
            PlayerAction::ToggleSolution => self.show_solution = !self.show_solution,
            PlayerAction::ZoomIn => self.camera.zoom_at(STEP, centre),
            PlayerAction::ZoomOut => self.camera.zoom_at(1.0 / STEP, centre),
            PlayerAction::ZoomReset => self.camera.reset(),
            PlayerAction::NextLevel => effects.watch = self.step(1),
            PlayerAction::PreviousLevel => effects.watch = self.step(-1),
            PlayerAction::Overview => self.toggle_overview(),
            PlayerAction::ToggleHelp => self.show_help = !self.show_help,
            PlayerAction::Editor => effects.open_editor = true,
        }
        effects
    }
}
