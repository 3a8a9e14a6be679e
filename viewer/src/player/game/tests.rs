//! The player's game logic without a window: clicks, mistakes, undo, restart, edits of
//! the level, guesses (confirm, deny, clear, undo of a confirm), the engine's cells as
//! guesses, covering a cell again, and marks on clues.

use super::*;
use hexcells_core::fixture::{level, pos};
use hexcells_core::model::name;

fn names(cells: &[Pos]) -> Vec<String> {
    cells.iter().map(|p| name(*p)).collect()
}

fn record_text(game: &Game) -> String {
    play_record::print(&game.record())
}

#[test]
fn clicks_uncover_or_count_mistakes() {
    let mut game = Game::new(level(&["x.o.X."]));
    assert_eq!(game.remaining(), 1);
    assert_eq!(game.uncover(pos(1, 0), Color::Blue), ClickOutcome::Mistake);
    assert!(!game.is_uncovered(pos(1, 0)));
    assert_eq!(game.mistakes(), 1);
    assert_eq!(
        game.uncover(pos(0, 0), Color::Blue),
        ClickOutcome::Uncovered(Color::Blue)
    );
    assert_eq!(game.remaining(), 0);
    assert_eq!(game.uncover(pos(0, 0), Color::Black), ClickOutcome::Ignored);
    assert_eq!(
        game.uncover(pos(2, 0), Color::Blue),
        ClickOutcome::Ignored,
        "revealed at start"
    );
    assert_eq!(
        game.uncover(pos(5, 5), Color::Blue),
        ClickOutcome::Ignored,
        "empty"
    );
    assert!(!game.is_solved());
    assert_eq!(
        game.uncover(pos(1, 0), Color::Black),
        ClickOutcome::Uncovered(Color::Black)
    );
    assert!(game.is_solved());
    assert_eq!(game.mistakes(), 1);
}

#[test]
fn undo_takes_back_cells_and_restart_clears_everything() {
    let mut game = Game::new(level(&["x.o.x."]));
    game.uncover(pos(0, 0), Color::Blue);
    game.uncover(pos(1, 0), Color::Blue);
    game.uncover(pos(1, 0), Color::Black);
    assert_eq!(game.undo(), Some(vec![pos(1, 0)]));
    assert!(!game.is_uncovered(pos(1, 0)));
    assert!(game.is_uncovered(pos(0, 0)));
    assert_eq!(game.mistakes(), 1, "undo keeps mistakes");
    game.toggle_guess(pos(1, 0), Color::Black);
    game.restart();
    assert!(!game.is_uncovered(pos(0, 0)));
    assert_eq!(game.mistakes(), 0);
    assert!(game.guesses().is_empty());
    assert_eq!(game.undo(), None);
}

#[test]
fn reload_keeps_progress_where_the_colour_did_not_change() {
    let mut game = Game::new(level(&["x.o.x.o."]));
    for (x, c) in [
        (0, Color::Blue),
        (1, Color::Black),
        (2, Color::Blue),
        (3, Color::Black),
    ] {
        assert!(matches!(game.uncover(pos(x, 0), c), ClickOutcome::Uncovered(_)));
    }
    game.uncover(pos(0, 0), Color::Black);
    let mistakes = game.mistakes();
    // x=1 turns blue, x=3 disappears, x=0 and x=2 stay.
    game.replace_level(level(&["x.x.x.......o."]));
    assert!(game.is_uncovered(pos(0, 0)));
    assert!(!game.is_uncovered(pos(1, 0)));
    assert!(game.is_uncovered(pos(2, 0)));
    assert_eq!(game.moves(), [pos(0, 0), pos(2, 0)]);
    assert_eq!(game.mistakes(), mistakes);
    assert_eq!(game.remaining(), 1);
}

#[test]
fn restore_skips_moves_that_no_longer_fit() {
    let mut game = Game::new(level(&["x.o."]));
    game.restore(&[pos(0, 0), pos(9, 9), pos(0, 0)], 2);
    assert_eq!(game.moves(), [pos(0, 0)]);
    assert_eq!(game.mistakes(), 2);
}

#[test]
fn as_played_reveals_what_the_player_uncovered() {
    let mut game = Game::new(level(&["x.o."]));
    game.uncover(pos(1, 0), Color::Black);
    let played = game.as_played();
    assert!(played.cell(pos(1, 0)).is_some_and(|c| c.revealed));
    assert!(played.cell(pos(0, 0)).is_some_and(|c| !c.revealed));
}

#[test]
fn a_guess_costs_nothing_uncovers_nothing_and_toggles() {
    let mut game = Game::new(level(&["x.o.X."]));
    assert!(game.toggle_guess(pos(0, 0), Color::Blue));
    assert_eq!(game.guess_at(pos(0, 0)), Some(Color::Blue));
    assert!(!game.is_uncovered(pos(0, 0)));
    assert_eq!((game.mistakes(), game.remaining()), (0, 1));
    assert!(game.toggle_guess(pos(0, 0), Color::Black), "the other button");
    assert_eq!(game.guess_at(pos(0, 0)), Some(Color::Black));
    assert!(game.toggle_guess(pos(0, 0), Color::Black), "the same button");
    assert_eq!(game.guess_at(pos(0, 0)), None);
    assert!(!game.toggle_guess(pos(2, 0), Color::Blue), "revealed at start");
    assert!(!game.toggle_guess(pos(9, 9), Color::Blue), "no cell");
    game.toggle_guess(pos(0, 0), Color::Blue);
    game.uncover(pos(0, 0), Color::Blue);
    assert_eq!(game.guess_at(pos(0, 0)), None, "uncovering clears the guess");
    assert_eq!(record_text(&game), "# hexcells record\nA1b\n");
}

#[test]
fn confirm_uncovers_right_guesses_and_counts_wrong_ones_as_one_undo_step() {
    // Blue, black, blue, black, blue.
    let mut game = Game::new(level(&["x.o.x.o.x."]));
    game.uncover(pos(4, 0), Color::Blue);
    game.toggle_guess(pos(0, 0), Color::Blue);
    game.toggle_guess(pos(1, 0), Color::Black);
    game.toggle_guess(pos(2, 0), Color::Black);
    let confirmed = game.confirm_guesses(false);
    assert_eq!(names(&confirmed.uncovered), ["A1", "B1"]);
    assert_eq!(names(&confirmed.wrong), ["C1"]);
    assert_eq!(game.mistakes(), 1);
    assert!(game.guesses().is_empty(), "every guess is used up");
    assert_eq!(record_text(&game), "# hexcells record\nE1b\nA1b\nB1k\nC1k?\n");
    // Undo takes the whole confirm back, and its guesses with it.
    assert_eq!(game.undo(), Some(vec![pos(0, 0), pos(1, 0)]));
    assert!(!game.is_uncovered(pos(0, 0)) && !game.is_uncovered(pos(1, 0)));
    assert!(game.is_uncovered(pos(4, 0)));
    let back: Vec<(String, Color)> = game.guesses().iter().map(|g| (name(g.pos), g.color)).collect();
    assert_eq!(
        back,
        [
            ("A1".to_string(), Color::Blue),
            ("B1".to_string(), Color::Black),
            ("C1".to_string(), Color::Black)
        ]
    );
    assert_eq!(game.mistakes(), 1, "mistakes stay counted");
    assert_eq!(
        record_text(&game),
        "# hexcells record\nE1b\nC1k?\n(A1b)\n(B1k)\n(C1k)\n"
    );
    assert_eq!(game.undo(), Some(vec![pos(4, 0)]));
    assert_eq!(game.undo(), None);
}

#[test]
fn deny_confirms_the_opposite_of_every_guess() {
    let mut game = Game::new(level(&["x.o.x."]));
    game.toggle_guess(pos(0, 0), Color::Black);
    game.toggle_guess(pos(1, 0), Color::Blue);
    game.toggle_guess(pos(2, 0), Color::Blue);
    let denied = game.confirm_guesses(true);
    assert_eq!(names(&denied.uncovered), ["A1", "B1"]);
    assert_eq!(names(&denied.wrong), ["C1"]);
    assert_eq!(record_text(&game), "# hexcells record\nA1b\nB1k\nC1k?\n");
    assert!(game.guesses().is_empty());
}

#[test]
fn a_confirm_of_wrong_guesses_only_is_no_undo_step() {
    let mut game = Game::new(level(&["x.o."]));
    game.uncover(pos(0, 0), Color::Blue);
    game.toggle_guess(pos(1, 0), Color::Blue);
    let confirmed = game.confirm_guesses(false);
    assert!(confirmed.uncovered.is_empty());
    assert_eq!(game.mistakes(), 1);
    assert_eq!(game.undo(), Some(vec![pos(0, 0)]), "undo skips to the click");
}

#[test]
fn clear_removes_every_guess_and_nothing_else() {
    let mut game = Game::new(level(&["x.o.x."]));
    game.uncover(pos(0, 0), Color::Blue);
    game.toggle_guess(pos(1, 0), Color::Blue);
    game.toggle_guess(pos(2, 0), Color::Black);
    assert_eq!(game.clear_guesses(), 2);
    assert!(game.guesses().is_empty());
    assert_eq!(game.moves(), [pos(0, 0)]);
    assert_eq!(game.mistakes(), 0);
    assert_eq!(game.clear_guesses(), 0);
}

#[test]
fn the_engines_round_can_be_marked_as_guesses_or_uncovered_as_one_step() {
    let mut game = Game::new(level(&["x.o.x."]));
    game.toggle_guess(pos(0, 0), Color::Black);
    game.uncover(pos(2, 0), Color::Blue);
    let cells = [
        (pos(0, 0), Color::Blue),
        (pos(1, 0), Color::Black),
        (pos(2, 0), Color::Blue),
    ];
    assert_eq!(game.guess_cells(&cells), 2, "the uncovered cell is skipped");
    assert_eq!(
        game.guess_at(pos(0, 0)),
        Some(Color::Blue),
        "the engine's colour wins"
    );
    assert_eq!(game.confirm_guesses(false).wrong, []);
    assert!(game.is_solved());

    let mut game = Game::new(level(&["x.o.x."]));
    game.toggle_guess(pos(1, 0), Color::Black);
    assert_eq!(game.uncover_cells(&cells), 3);
    assert_eq!(game.undo(), Some(vec![pos(0, 0), pos(1, 0), pos(2, 0)]));
    assert_eq!(
        game.guess_at(pos(1, 0)),
        Some(Color::Black),
        "the guess comes back"
    );
}

#[test]
fn guesses_are_saved_in_the_record_and_restored() {
    let mut game = Game::new(level(&["x.o.x."]));
    game.uncover(pos(0, 0), Color::Blue);
    game.toggle_guess(pos(1, 0), Color::Black);
    game.toggle_guess(pos(2, 0), Color::Black);
    let saved = game.record();
    assert_eq!(
        play_record::print(&saved),
        "# hexcells record\nA1b\n(B1k)\n(C1k)\n"
    );
    let mut again = Game::new(game.level().clone());
    let mut with_stale = saved.clone();
    with_stale.guesses.push(Guess {
        pos: pos(0, 0),
        color: Color::Black,
    });
    with_stale.guesses.push(Guess {
        pos: pos(9, 9),
        color: Color::Black,
    });
    again.restore_record(&with_stale);
    assert_eq!(
        again.guesses(),
        saved.guesses,
        "guesses on no hidden cell are dropped"
    );
    assert!(again.is_uncovered(pos(0, 0)));
}

#[test]
fn undo_steps_are_restored_when_they_fit() {
    let mut game = Game::new(level(&["x.o.x."]));
    game.restore(&[pos(0, 0), pos(1, 0), pos(2, 0)], 0);
    assert_eq!(game.undo_steps(), [1, 1, 1]);
    game.restore_undo_steps(&[1, 3]);
    assert_eq!(
        game.undo_steps(),
        [1, 1, 1],
        "sizes that do not add up are ignored"
    );
    game.restore_undo_steps(&[1, 2]);
    assert_eq!(game.undo(), Some(vec![pos(1, 0), pos(2, 0)]));
}

#[test]
fn an_edit_keeps_guesses_on_cells_still_hidden() {
    let mut game = Game::new(level(&["x.o.x."]));
    game.toggle_guess(pos(0, 0), Color::Blue);
    game.toggle_guess(pos(1, 0), Color::Black);
    game.toggle_guess(pos(2, 0), Color::Blue);
    // A1 is revealed now, B1 stays, C1 is gone.
    game.replace_level(level(&["X.o."]));
    let left: Vec<String> = game.guesses().iter().map(|g| name(g.pos)).collect();
    assert_eq!(left, ["B1"]);
}

#[test]
fn cover_again_takes_one_cell_out_of_its_step() {
    let mut game = Game::new(level(&["x.o.x.", "", "O."]));
    game.uncover(pos(0, 0), Color::Blue);
    game.uncover_cells(&[(pos(1, 0), Color::Black), (pos(2, 0), Color::Blue)]);
    assert!(game.cover_again(pos(1, 0)));
    assert!(!game.is_uncovered(pos(1, 0)));
    assert_eq!(record_text(&game), "# hexcells record\nA1b\nC1b\n");
    assert!(!game.cover_again(pos(1, 0)), "already covered");
    assert!(!game.cover_again(pos(0, 2)), "revealed at start stays");
    assert_eq!(game.undo(), Some(vec![pos(2, 0)]));
    assert!(game.cover_again(pos(0, 0)));
    assert_eq!(game.undo(), None, "an emptied step is gone");
    assert_eq!(
        game.uncover(pos(1, 0), Color::Black),
        ClickOutcome::Uncovered(Color::Black)
    );
}

#[test]
fn clue_marks_follow_what_the_player_sees() {
    // A column number over a blue flower at A3 (hidden) and a blue cell at A5.
    let mut game = Game::new(level(&["|+", "", "x+", "", "x."]));
    assert_eq!(game.toggle_dimmed(pos(0, 2)), None, "a hidden number");
    assert_eq!(game.toggle_highlight(pos(0, 0)), Some(true));
    assert_eq!(game.toggle_dimmed(pos(0, 0)), Some(true));
    assert!(
        game.clue_marks().highlighted().is_empty(),
        "dimming clears the beam"
    );
    game.uncover(pos(0, 2), Color::Blue);
    assert!(game.toggle_all_highlights(), "the dimmed column stays off");
    assert_eq!(game.clue_marks().highlighted(), [pos(0, 2)]);
    assert!(!game.toggle_all_highlights());
    game.toggle_all_highlights();
    game.toggle_dimmed(pos(0, 2));
    game.undo();
    assert_eq!(
        game.clue_marks().dimmed(),
        [pos(0, 0)],
        "covered again: its marks go"
    );
    game.restore_dimmed(&[pos(0, 0), pos(0, 2)]);
    assert_eq!(game.clue_marks().dimmed(), [pos(0, 0)]);
}
