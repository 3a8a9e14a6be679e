//! Copying and pasting a level in the player: the text a copy puts on the clipboard,
//! and playing a pasted level (the window reads the clipboard through
//! `crate::clipboard`).

use super::actions::PlayerEffects;
use super::session::{Origin, Session};
use crate::clipboard::{PastedFormat, PastedLevel};

impl Session {
    /// The text a copy puts on the clipboard: the level on screen with the cells the player uncovered
    /// written as revealed.
    pub fn copy_text(&self) -> String {
        hexcells_core::format::print(&self.game.as_played())
    }

    /// Says in the status line how copying [`Session::copy_text`] went.
    pub fn copied(&mut self, result: Result<(), String>) {
        self.clear_asked = false;
        self.status = match result {
            Ok(()) => match self.game.moves().len() {
                1 => "copied the level with your progress (1 cell uncovered) to the clipboard".to_string(),
                n => format!("copied the level with your progress ({n} cells uncovered) to the clipboard"),
            },
            Err(e) => e,
        };
    }

    /// Plays the pasted level (a pack from its first level), or says why not
    /// and changes nothing.
    pub fn paste(&mut self, pasted: Result<PastedLevel, String>) -> PlayerEffects {
        let mut effects = PlayerEffects {
            redraw: true,
            ..PlayerEffects::default()
        };
        self.clear_asked = false;
        let pasted = match pasted {
            Ok(_) if self.origin == Origin::Editor => {
                self.status =
                    "this window follows your editor: paste the level into the editor instead".to_string();
                return effects;
            }
            Ok(pasted) => pasted,
            Err(message) => {
                self.status = message;
                return effects;
            }
        };
        self.origin = Origin::Pasted;
        self.forget_text();
        self.level_idx = 0;
        self.show_solution = false;
        self.load_text(&pasted.text);
        let from = match pasted.format {
            PastedFormat::Text => "",
            PastedFormat::SixCells => " (from SixCells JSON)",
        };
        let n = pasted.levels.len();
        self.status = match n {
            1 => format!("playing the pasted level{from}"),
            n => format!("playing the pasted pack of {n} levels{from}"),
        };
        effects.stop_watching = true;
        effects
    }
}
