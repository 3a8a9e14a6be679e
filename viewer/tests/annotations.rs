//! SixCells' player habits through the session, without a window: guesses (Shift+click,
//! C, D, X, undo of a confirm), the engine's round as guesses, dimmed clues and
//! highlights, all saved and restored with the progress; clearing the progress after a
//! confirmation; Ctrl+C / Ctrl+V through the clipboard's level reader; and covering a
//! cell again in playtest.

use hexcells_core::fixture::{self, pos};
use hexcells_core::format::parse;
use hexcells_core::model::name;
use hexcells_core::{Color, Pos};
use hexcells_viewer::clipboard::read_level;
use hexcells_viewer::keys::player::PlayerAction;
use hexcells_viewer::keys::Button;
use hexcells_viewer::player::{Input, Origin, Session, TUTORIAL};

/// A column number at E1 over blue E3 and black E5 (hidden), a revealed black 1 at
/// C4 and a hidden blue cell at G4.
fn small() -> String {
    fixture::text(
        "annotations",
        &["........|+", "", "........x.", "....O+......x.", "........o."],
    )
}

const COLUMN: (i32, i32) = (4, 0);
const BLUE: (i32, i32) = (4, 2);
const BLACK: (i32, i32) = (4, 4);
const SIDE_BLUE: (i32, i32) = (6, 3);
const NUMBER: (i32, i32) = (2, 3);

fn at(p: (i32, i32)) -> Pos {
    pos(p.0, p.1)
}

#[test]
fn guesses_confirm_deny_clear_and_undo_through_the_session() {
    let mut session = Session::new(Origin::Tutorial, &small(), None);
    session.swap_buttons = true;
    // Swapped buttons: the right button guesses blue.
    session.act(PlayerAction::Guess, Input::click(at(BLUE), Button::Right));
    session.act(PlayerAction::Guess, Input::click(at(BLACK), Button::Right));
    assert_eq!(session.game().guess_at(at(BLUE)), Some(Color::Blue));
    assert!(session.status().contains("guessed blue"), "{}", session.status());
    session.act(PlayerAction::ConfirmGuesses, Input::default());
    assert!(session.game().is_uncovered(at(BLUE)));
    assert!(!session.game().is_uncovered(at(BLACK)));
    assert_eq!(session.game().mistakes(), 1);
    assert!(
        session.status().contains("E5 was wrong: one more mistake"),
        "{}",
        session.status()
    );
    session.act(PlayerAction::Undo, Input::default());
    assert!(!session.game().is_uncovered(at(BLUE)));
    assert_eq!(
        session.game().guesses().len(),
        2,
        "the confirm's guesses come back"
    );
    session.act(PlayerAction::ClearGuesses, Input::default());
    assert!(session.game().guesses().is_empty());
    assert_eq!(session.status(), "cleared 2 guesses");
    // D: "I proved these wrong".
    session.act(PlayerAction::Guess, Input::click(at(BLACK), Button::Right));
    session.act(PlayerAction::DenyGuesses, Input::default());
    assert!(session.game().is_uncovered(at(BLACK)));
    assert_eq!(session.status(), "denied 1 guess: 1 uncovered");
    assert_eq!(session.game().mistakes(), 1);
    session.act(PlayerAction::DenyGuesses, Input::default());
    assert!(
        session.status().starts_with("no guesses to deny"),
        "{}",
        session.status()
    );
}

#[test]
fn guesses_and_dimmed_clues_survive_a_restart_of_the_viewer() {
    let state = tempfile::tempdir().unwrap();
    let dir = Some(state.path().to_path_buf());
    let mut session = Session::new(Origin::Tutorial, &small(), dir.clone());
    session.act(PlayerAction::Guess, Input::click(at(BLUE), Button::Left));
    session.act(PlayerAction::Guess, Input::click(at(SIDE_BLUE), Button::Right));
    session.act(PlayerAction::Uncover, Input::click(at(COLUMN), Button::Right));
    session.act(PlayerAction::Uncover, Input::click(at(NUMBER), Button::Right));
    session.act(PlayerAction::Uncover, Input::click(at(BLACK), Button::Right));
    assert_eq!(session.game().clue_marks().dimmed(), [at(COLUMN), at(NUMBER)]);
    drop(session);

    let mut again = Session::new(Origin::Tutorial, &small(), dir.clone());
    let guesses: Vec<(String, Color)> = again
        .game()
        .guesses()
        .iter()
        .map(|g| (name(g.pos), g.color))
        .collect();
    assert_eq!(
        guesses,
        [("E3".to_string(), Color::Blue), ("G4".to_string(), Color::Black)]
    );
    assert_eq!(again.game().clue_marks().dimmed(), [at(COLUMN), at(NUMBER)]);
    assert!(again.game().is_uncovered(at(BLACK)));
    // Restoring a dimmed clue is saved too.
    again.act(PlayerAction::Uncover, Input::click(at(COLUMN), Button::Right));
    drop(again);
    let third = Session::new(Origin::Tutorial, &small(), dir);
    assert_eq!(third.game().clue_marks().dimmed(), [at(NUMBER)]);
}

#[test]
fn left_click_on_a_clue_shows_its_beam_and_highlight_all_toggles() {
    let mut session = Session::new(Origin::Tutorial, &small(), None);
    session.act(PlayerAction::Uncover, Input::click(at(COLUMN), Button::Left));
    assert_eq!(session.game().clue_marks().highlighted(), [at(COLUMN)]);
    assert_eq!(session.game().mistakes(), 0, "a clue is not a cell to uncover");
    session.act(PlayerAction::Uncover, Input::click(at(COLUMN), Button::Right));
    assert!(
        session.game().clue_marks().highlighted().is_empty(),
        "dimming clears it"
    );
    session.act(PlayerAction::HighlightAll, Input::default());
    assert!(
        session.status().starts_with("flowers and beams cleared"),
        "only a dimmed beam to show: {}",
        session.status()
    );
    session.act(PlayerAction::Uncover, Input::click(at(COLUMN), Button::Right));
    session.act(PlayerAction::HighlightAll, Input::default());
    assert_eq!(session.game().clue_marks().highlighted(), [at(COLUMN)]);
}

#[test]
fn s_marks_the_round_as_guesses_and_shift_s_uncovers_everything() {
    let mut session = Session::new(Origin::Tutorial, TUTORIAL, None);
    session.go_to(1);
    session.act(PlayerAction::SolveRound, Input::default());
    let guesses = session.game().guesses();
    assert!(!guesses.is_empty(), "{}", session.status());
    assert!(session.game().moves().is_empty());
    session.act(PlayerAction::ConfirmGuesses, Input::default());
    assert_eq!(session.game().mistakes(), 0, "the engine's guesses are right");
    session.act(PlayerAction::Undo, Input::default());
    assert!(
        session.game().moves().is_empty(),
        "one undo takes the whole round back"
    );
    session.act(PlayerAction::ClearGuesses, Input::default());
    session.act(PlayerAction::SolveAll, Input::default());
    assert!(session.game().is_solved(), "{}", session.status());
}

#[test]
fn clearing_progress_asks_first() {
    let state = tempfile::tempdir().unwrap();
    let dir = Some(state.path().to_path_buf());
    let mut session = Session::new(Origin::Tutorial, &small(), dir.clone());
    session.act(PlayerAction::Uncover, Input::click(at(BLUE), Button::Left));
    session.act(PlayerAction::Guess, Input::click(at(SIDE_BLUE), Button::Left));
    session.act(PlayerAction::Uncover, Input::click(at(COLUMN), Button::Right));
    session.act(PlayerAction::ClearProgress, Input::default());
    assert!(
        session.status().starts_with("clear the progress"),
        "{}",
        session.status()
    );
    assert!(session.game().is_uncovered(at(BLUE)), "nothing cleared yet");
    session.act(PlayerAction::Hint, Input::default());
    session.act(PlayerAction::ClearProgress, Input::default());
    assert!(session.game().is_uncovered(at(BLUE)), "another command said no");
    // The window runs H, S and Shift+S as engine jobs: they say no too.
    drop(session.engine_job(PlayerAction::Hint));
    session.act(PlayerAction::ClearProgress, Input::default());
    assert!(session.game().is_uncovered(at(BLUE)), "an engine job said no");
    session.act(PlayerAction::ClearProgress, Input::default());
    assert!(!session.game().is_uncovered(at(BLUE)));
    assert!(session.game().guesses().is_empty());
    assert!(session.game().clue_marks().dimmed().is_empty());
    assert!(
        session.status().starts_with("progress cleared"),
        "{}",
        session.status()
    );
    drop(session);
    let again = Session::new(Origin::Tutorial, &small(), dir);
    assert!(again.game().moves().is_empty(), "the cleared progress is saved");
    assert!(again.game().guesses().is_empty());
}

#[test]
fn copy_writes_uncovered_cells_as_revealed() {
    let mut session = Session::new(Origin::Tutorial, &small(), None);
    session.act(PlayerAction::Uncover, Input::click(at(BLUE), Button::Left));
    session.act(PlayerAction::Guess, Input::click(at(BLACK), Button::Right));
    let text = session.copy_text();
    let level = parse(&text).levels.remove(0).level;
    assert!(level
        .cell(at(BLUE))
        .is_some_and(|c| c.revealed && c.color == Color::Blue));
    assert!(
        level.cell(at(BLACK)).is_some_and(|c| !c.revealed),
        "a guess is no progress"
    );
    session.copied(Ok(()));
    assert!(
        session.status().contains("(1 cell uncovered)"),
        "{}",
        session.status()
    );
    session.copied(Err("cannot copy to the clipboard: no display".to_string()));
    assert_eq!(session.status(), "cannot copy to the clipboard: no display");
}

#[test]
fn paste_plays_a_level_and_refusals_change_nothing() {
    let state = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("level.hexcells");
    std::fs::write(&path, small()).unwrap();
    let mut session = Session::new(Origin::File(path.clone()), &small(), Some(state.path().into()));
    session.act(PlayerAction::Uncover, Input::click(at(BLUE), Button::Left));

    for bad in ["", "not a level", "{\"version\": 7}"] {
        let effects = session.paste(read_level(bad));
        assert!(!effects.stop_watching);
        assert_eq!(session.origin(), &Origin::File(path.clone()), "{bad:?}");
        assert!(session.game().is_uncovered(at(BLUE)), "{bad:?}: the game stays");
        assert!(!session.status().is_empty());
    }

    // A copied position plays as a level of its own: its uncovered cells are revealed.
    let copied = session.copy_text();
    let other = fixture::text("pasted", &["x.o.x."]);
    let json = hexcells_core::format::sixcells::export(&parse(&other).levels[0].level);
    let effects = session.paste(read_level(&json));
    assert!(effects.stop_watching, "the file is no longer followed");
    assert_eq!(session.origin(), &Origin::Pasted);
    assert_eq!(session.level().title, "pasted");
    assert!(session.status().contains("SixCells JSON"), "{}", session.status());
    session.paste(read_level(&copied));
    assert!(session.game().is_uncovered(at(BLUE)), "revealed in the copy");
    assert!(session.game().moves().is_empty());
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        small(),
        "the level file is untouched"
    );

    let mut editor = Session::new(Origin::Editor, &small(), None);
    editor.paste(read_level(&other));
    assert_eq!(editor.origin(), &Origin::Editor);
    assert_eq!(editor.level().title, "annotations");
    assert!(
        editor.status().contains("paste the level into the editor"),
        "{}",
        editor.status()
    );
}

#[test]
fn playtest_covers_a_cell_again_on_right_click() {
    let mut session = Session::new(Origin::Tutorial, &small(), None);
    session.act(PlayerAction::Uncover, Input::click(at(BLUE), Button::Left));
    session.act(PlayerAction::Uncover, Input::click(at(BLUE), Button::Right));
    assert!(session.game().is_uncovered(at(BLUE)), "outside playtest: nothing");
    session.playtest = true;
    session.act(PlayerAction::Uncover, Input::click(at(BLUE), Button::Right));
    assert!(!session.game().is_uncovered(at(BLUE)));
    assert_eq!(session.status(), "E3 is covered again");
    assert_eq!(session.game().mistakes(), 0);
    // A revealed number still dims in playtest, and hidden cells play as usual.
    session.act(PlayerAction::Uncover, Input::click(at(NUMBER), Button::Right));
    assert_eq!(session.game().clue_marks().dimmed(), [at(NUMBER)]);
    session.act(PlayerAction::Uncover, Input::click(at(BLACK), Button::Right));
    assert!(session.game().is_uncovered(at(BLACK)));
}
