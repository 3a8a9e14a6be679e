//! The deduction engine's part of the player: the hint and the solves run as an
//! [`EngineJob`] on any thread (the window runs them beside itself), and the answer
//! comes back to [`Session::finish`], which drops it if the game moved on meanwhile.

use hexcells_core::model::name;
use hexcells_core::solve::{self, Budget, ClueRef, Deduction, HintResult, PlayState};
use hexcells_core::{Color, Pos};

use super::game::Game;
use super::session::Session;
use crate::keys::player::PlayerAction;

/// Work for the deduction engine, taken from the session by [`Session::engine_job`].
#[derive(Debug)]
pub struct EngineJob {
    action: PlayerAction,
    game: Game,
    budget: Budget,
}

/// The engine's answer to an [`EngineJob`].
#[derive(Debug)]
pub struct EngineDone {
    before: Game,
    answer: Answer,
}

#[derive(Debug)]
enum Answer {
    Hint(HintResult),
    /// The next round's deductions: their cells are marked as guesses.
    Round(Vec<Deduction>),
    /// Every deduction to the end: their cells are uncovered.
    All(Vec<Deduction>),
}

impl EngineJob {
    /// What the engine was asked (the hint, or a solve).
    pub fn action(&self) -> PlayerAction {
        self.action
    }

    /// Runs the engine (this can take a while on a large level).
    pub fn run(self) -> EngineDone {
        let answer = match self.action {
            PlayerAction::Hint => Answer::Hint(hint(&self.game, &self.budget)),
            PlayerAction::SolveAll => Answer::All(deduce(&self.game, true, &self.budget)),
            _ => Answer::Round(deduce(&self.game, false, &self.budget)),
        };
        EngineDone {
            before: self.game,
            answer,
        }
    }
}

impl Session {
    /// Starts the hint or a solve: the engine's work, to run on any thread; then hand the
    /// answer to [`Session::finish`]. `None` for other actions.
    pub fn engine_job(&mut self, action: PlayerAction) -> Option<EngineJob> {
        if !matches!(
            action,
            PlayerAction::Hint | PlayerAction::SolveRound | PlayerAction::SolveAll
        ) {
            return None;
        }
        // Asking the engine answers "no" to "clear the progress?".
        self.clear_asked = false;
        self.status = "the deduction engine is thinking…".to_string();
        Some(EngineJob {
            action,
            game: self.game.clone(),
            budget: self.budget.clone(),
        })
    }

    /// `job` asked again about the game as it is now: a request that waited while
    /// another ran answers for the moves made meanwhile, not for a game that is gone.
    pub fn renew(&self, job: EngineJob) -> EngineJob {
        EngineJob {
            action: job.action,
            game: self.game.clone(),
            budget: self.budget.clone(),
        }
    }

    /// Shows the engine's answer, unless the game moved on meanwhile. Returns whether
    /// it was shown.
    pub fn finish(&mut self, done: EngineDone) -> bool {
        let current = done.before.level() == self.game.level() && done.before.moves() == self.game.moves();
        if !current {
            return false;
        }
        match done.answer {
            Answer::Hint(result) => self.show_hint(result),
            Answer::Round(deductions) => {
                self.status = match self.game.guess_cells(&cells(&deductions)) {
                    0 if self.game.is_solved() => "solved".to_string(),
                    0 => "the deduction engine found nothing to uncover".to_string(),
                    n => format!(
                        "the next round: {n} {} marked as guesses · {} confirms every guess, {} clears them",
                        if n == 1 { "cell" } else { "cells" },
                        self.keys(PlayerAction::ConfirmGuesses),
                        self.keys(PlayerAction::ClearGuesses)
                    ),
                };
                self.show_hardest(&deductions);
                self.save();
            }
            Answer::All(deductions) => {
                let n = self.game.uncover_cells(&cells(&deductions));
                self.hint = None;
                self.status = match n {
                    0 => "the deduction engine found nothing to uncover".to_string(),
                    1 => "uncovered 1 cell".to_string(),
                    n => format!("uncovered {n} cells"),
                };
                self.after_move();
                self.show_hardest(&deductions);
            }
        }
        true
    }

    fn show_hint(&mut self, result: HintResult) {
        match result {
            HintResult::Next(deduction) => {
                self.hint = Some(deduction.pos);
                self.status = explain(&deduction);
                self.show_clues(clue_positions(&deduction.explanation.clues));
            }
            HintResult::Contradiction { wrong_marks, clues } => {
                let names: Vec<String> = wrong_marks.iter().map(|p| name(*p)).collect();
                self.status = format!("these cells contradict the clues: {}", names.join(", "));
                self.show_clues(clue_positions(&clues));
            }
            HintResult::Nothing if self.game.is_solved() => self.status = "solved".to_string(),
            HintResult::Nothing => self.status = "no cell can be deduced from here".to_string(),
            HintResult::GaveUp => self.status = "the deduction engine gave up".to_string(),
        }
    }

    /// After a solve: the status line goes on with the hardest step of what was
    /// found (its rule and sentence), and that step's clues are outlined.
    fn show_hardest(&mut self, deductions: &[Deduction]) {
        let hardest = deductions.iter().max_by_key(|d| {
            let x = &d.explanation;
            x.rule.map(|rule| (rule.effort(x.clues.len()), x.clues.len()))
        });
        if let Some(d) = hardest.filter(|d| d.explanation.rule.is_some()) {
            self.status = format!("{} · hardest: {}", self.status, explain(d));
            self.show_clues(clue_positions(&d.explanation.clues));
        }
    }
}

/// The next deducible cell of `game` and why.
fn hint(game: &Game, budget: &Budget) -> HintResult {
    let level = game.level();
    let state = PlayState {
        marks: game
            .moves()
            .into_iter()
            .filter_map(|p| Some((p, level.cell(p)?.color)))
            .collect(),
    };
    solve::hint(level, &state, budget)
}

/// What the engine deduces from here in the next round (in every round with
/// `to_end`): each cell, its colour and why. Changes nothing.
fn deduce(game: &Game, to_end: bool, budget: &Budget) -> Vec<Deduction> {
    let report = solve::analyze(&game.as_played(), budget);
    report
        .deductions
        .into_iter()
        .filter(|d| to_end || d.round == 1)
        .collect()
}

/// A status line for a deduction: the cell, the rule's name and the deduction in
/// words, then the rule's sentence (the footer wraps at ` · `):
/// `F7 is blue · Finish with blue: E6 = 3 needs 1 more blue and has 1 cell hidden · ...`.
fn explain(deduction: &Deduction) -> String {
    let head = format!("{} is {}", name(deduction.pos), deduction.color.as_str());
    let x = &deduction.explanation;
    match x.rule {
        Some(rule) => {
            let info = rule.info();
            format!("{head} · {}: {} · {}", info.name, x.text, info.sentence)
        }
        None => head,
    }
}

/// Where the clues a deduction reads sit (the remaining counter has no place).
fn clue_positions(clues: &[ClueRef]) -> Vec<Pos> {
    clues
        .iter()
        .filter_map(|clue| match clue {
            ClueRef::Clue(pos) => Some(*pos),
            ClueRef::RemainingCounter => None,
        })
        .collect()
}

/// The cells and colours of `deductions`.
fn cells(deductions: &[Deduction]) -> Vec<(Pos, Color)> {
    deductions.iter().map(|d| (d.pos, d.color)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexcells_core::fixture::{level, pos};

    #[test]
    fn solving_from_the_engine_uses_only_right_deductions() {
        // A column number over two blue cells, and a black cell the counter settles.
        let mut game = Game::new(level(&["|+", "", "x.", "", "x.", "", "", "", "..o."]));
        let budget = Budget::default();
        let found = cells(&deduce(&game, false, &budget));
        assert!(!found.is_empty());
        assert!(found
            .iter()
            .all(|(p, c)| game.level().cell(*p).is_some_and(|cell| cell.color == *c)));
        game.uncover_cells(&cells(&deduce(&game, true, &budget)));
        assert!(game.is_solved());
    }

    #[test]
    fn a_deduction_names_its_rule_and_the_clues_it_reads() {
        // A blue cell showing 0 beside a hidden black one (finish-black, from that clue),
        // and a hidden blue cell far away that the counter settles once B2 is known.
        let far = format!("X+{}x.", "..".repeat(9));
        let game = Game::new(level(&[&far, "..o."]));
        let deductions = deduce(&game, true, &Budget::default());
        let black = deductions
            .iter()
            .find(|d| d.pos == pos(1, 1))
            .expect("B2 is deduced");
        let rule = black.explanation.rule.expect("a named rule").info();
        let line = explain(black);
        assert!(
            line.starts_with(&format!("B2 is black · {}: ", rule.name)),
            "{line}"
        );
        assert!(line.ends_with(rule.sentence), "{line}");
        assert_eq!(clue_positions(&black.explanation.clues), [pos(0, 0)]);
        let blue = deductions
            .iter()
            .find(|d| d.pos == pos(10, 0))
            .expect("K1 is deduced");
        let clues = &blue.explanation.clues;
        assert!(clues.contains(&ClueRef::RemainingCounter), "{clues:?}");
        // The counter has no place on the board to outline.
        assert_eq!(clue_positions(clues), [pos(0, 0)], "{clues:?}");
    }
}
