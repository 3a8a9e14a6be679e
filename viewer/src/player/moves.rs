//! How the player's moves change the game: clicks (uncover, show a flower or beam, dim
//! a number, cover again in playtest), guesses (mark, confirm, deny, clear), the
//! flowers and beams all at once, undo, clearing the progress.

use std::time::Instant;

use hexcells_core::model::name;
use hexcells_core::viewer_protocol::FromViewer;
use hexcells_core::{Color, Pos};

use super::clue_marks;
use super::game::{ClickOutcome, Confirmed};
use super::progress::Best;
use super::session::{Origin, Session};
use crate::keys::player::PlayerAction;
use crate::keys::Button;

impl Session {
    pub(super) fn undo(&mut self) {
        let Some(cells) = self.game.undo() else {
            self.status = "nothing to undo".to_string();
            return;
        };
        let names: Vec<String> = cells.iter().map(|p| name(*p)).collect();
        self.status = match names.as_slice() {
            [one] => format!("took back {one}"),
            many => format!("took back {} cells: {}", many.len(), list(many)),
        };
        self.save();
    }

    pub(super) fn clear_guesses(&mut self) {
        self.status = match self.game.clear_guesses() {
            0 => "no guesses to clear".to_string(),
            1 => "cleared 1 guess".to_string(),
            n => format!("cleared {n} guesses"),
        };
        self.save();
    }

    pub(super) fn highlight_all(&mut self) {
        self.status = if self.game.toggle_all_highlights() {
            format!(
                "every flower and beam shows · {} again clears them",
                self.keys(PlayerAction::HighlightAll)
            )
        } else {
            "flowers and beams cleared".to_string()
        };
    }

    /// Asks before clearing the progress: the same action again clears it.
    pub(super) fn ask_to_clear_progress(&mut self) {
        self.clear_asked = true;
        self.status = format!(
            "clear the progress of this level (uncovered cells, mistakes, guesses, dimmed clues)? {} again clears it, any other key keeps it",
            self.keys(PlayerAction::ClearProgress)
        );
    }

    pub(super) fn clear_progress(&mut self) {
        self.game.restart();
        self.started = Instant::now();
        self.hint = None;
        self.save();
        self.show_keys_after("progress cleared".to_string());
    }

    /// A guess on a hidden cell, or none.
    pub(super) fn guess(&mut self, pos: Pos, button: Button) -> Option<FromViewer> {
        let send = self.report_click(pos);
        if self.show_solution || !self.game.toggle_guess(pos, self.color_of(button)) {
            return send;
        }
        self.status = match self.game.guess_at(pos) {
            Some(color) => format!(
                "{} guessed {} · {} confirms every guess, {} denies them, {} clears them",
                name(pos),
                color.as_str(),
                self.keys(PlayerAction::ConfirmGuesses),
                self.keys(PlayerAction::DenyGuesses),
                self.keys(PlayerAction::ClearGuesses)
            ),
            None => format!("{}: guess cleared", name(pos)),
        };
        self.save();
        send
    }

    /// Confirms every guess, or denies them all with `deny`.
    pub(super) fn confirm_guesses(&mut self, deny: bool) {
        if self.game.guesses().is_empty() {
            self.status = format!(
                "no guesses to {} ({} marks one)",
                if deny { "deny" } else { "confirm" },
                self.keys(PlayerAction::Guess)
            );
            return;
        }
        let Confirmed { uncovered, wrong } = self.game.confirm_guesses(deny);
        if self.hint.is_some_and(|h| uncovered.contains(&h)) {
            self.hint = None;
        }
        let head = match (deny, uncovered.len() + wrong.len()) {
            (false, 1) => "confirmed 1 guess".to_string(),
            (true, 1) => "denied 1 guess".to_string(),
            (false, n) => format!("confirmed {n} guesses"),
            (true, n) => format!("denied {n} guesses"),
        };
        let wrong_names: Vec<String> = wrong.iter().map(|p| name(*p)).collect();
        self.status = match wrong.len() {
            0 => format!("{head}: {} uncovered", uncovered.len()),
            1 => format!(
                "{head}: {} uncovered, {} was wrong: one more mistake",
                uncovered.len(),
                wrong_names[0]
            ),
            k => format!(
                "{head}: {} uncovered, {k} wrong ({}): {k} more mistakes",
                uncovered.len(),
                list(&wrong_names)
            ),
        };
        if uncovered.is_empty() {
            self.save();
        } else {
            self.after_move();
        }
    }

    /// The colour a button uncovers or guesses, after the swap-buttons option.
    fn color_of(&self, button: Button) -> Color {
        crate::keys::color_of(button, self.swap_buttons)
    }

    fn report_click(&self, pos: Pos) -> Option<FromViewer> {
        (self.origin == Origin::Editor).then_some(FromViewer::Clicked {
            level: self.level_idx,
            cell: pos,
        })
    }

    pub(super) fn click(&mut self, pos: Pos, button: Button) -> Option<FromViewer> {
        let send = self.report_click(pos);
        if self.show_solution {
            return send;
        }
        if self.playtest && button == Button::Right && self.game.cover_again(pos) {
            self.status = format!("{} is covered again", name(pos));
            self.save();
            return send;
        }
        let marks = clue_marks::markable(self.game.level(), pos, |p| self.game.is_uncovered(p));
        if button == Button::Left && marks.highlight {
            self.game.toggle_highlight(pos);
            return send;
        }
        if button == Button::Right && marks.dim {
            self.status = match self.game.toggle_dimmed(pos) {
                Some(true) => format!("{} dimmed · right-click it again to restore it", name(pos)),
                _ => format!("{} restored", name(pos)),
            };
            self.save();
            return send;
        }
        let guess = self.color_of(button);
        match self.game.uncover(pos, guess) {
            ClickOutcome::Uncovered(_) => {
                if self.hint == Some(pos) {
                    self.hint = None;
                }
                self.show_keys();
                self.after_move();
            }
            ClickOutcome::Mistake => {
                self.status = format!("{} is not {}: one more mistake", name(pos), guess.as_str());
                self.save();
            }
            ClickOutcome::Ignored => {}
        }
        send
    }

    pub(super) fn after_move(&mut self) {
        if self.game.is_solved() {
            let result = Best {
                mistakes: self.game.mistakes(),
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
}

/// `A1, B2, C3` (at most five names, then `…`).
fn list(names: &[String]) -> String {
    let mut out = names.iter().take(5).cloned().collect::<Vec<_>>().join(", ");
    if names.len() > 5 {
        out.push_str(", …");
    }
    out
}
