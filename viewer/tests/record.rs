//! The viewer keeps the player's clicks as a play record: clicks and mistakes are
//! recorded, undo and restart take moves back, the record is saved beside the progress
//! and restored, E exports it, and `hexcells replay` (`play_record::replay`) agrees with the
//! game on screen.

use hexcells_core::model::name;
use hexcells_core::play_record::{self, MoveOutcome};
use hexcells_core::{Color, Pos};
use hexcells_viewer::keys::player::PlayerAction;
use hexcells_viewer::keys::Button;
use hexcells_viewer::player::{Input, Origin, Session, TUTORIAL};

/// The hidden cells of the given colour in the level on screen, in grid order.
fn hidden(session: &Session, color: Color) -> Vec<Pos> {
    session
        .level()
        .cells()
        .filter(|(p, c)| c.color == color && !session.game().is_uncovered(*p))
        .map(|(p, _)| p)
        .collect()
}

fn record_text(session: &Session) -> String {
    play_record::print(&session.game().record())
}

/// A game on the tutorial level with both colours hidden.
fn session_with_both_colours(state: Option<std::path::PathBuf>) -> Session {
    let mut session = Session::new(Origin::Tutorial, TUTORIAL, state);
    let (_, n) = session.position();
    for idx in 0..n {
        session.go_to(idx);
        if !hidden(&session, Color::Blue).is_empty() && !hidden(&session, Color::Black).is_empty() {
            return session;
        }
    }
    panic!("the tutorial has no level with hidden blue and black cells");
}

#[test]
fn clicks_and_mistakes_are_recorded_in_order() {
    let mut session = session_with_both_colours(None);
    let blue = hidden(&session, Color::Blue)[0];
    let black = hidden(&session, Color::Black)[0];
    session.act(PlayerAction::Uncover, Input::click(blue, Button::Right));
    session.act(PlayerAction::Uncover, Input::click(blue, Button::Left));
    session.act(PlayerAction::Uncover, Input::click(blue, Button::Left));
    session.act(PlayerAction::Uncover, Input::click(black, Button::Right));
    let expected = format!(
        "# hexcells record\n{}k?\n{}b\n{}k\n",
        name(blue),
        name(blue),
        name(black)
    );
    assert_eq!(
        record_text(&session),
        expected,
        "a click on an uncovered cell is no move"
    );
}

#[test]
fn undo_takes_the_last_uncovering_move_back_and_clearing_progress_clears() {
    let mut session = session_with_both_colours(None);
    let blue = hidden(&session, Color::Blue)[0];
    let black = hidden(&session, Color::Black)[0];
    session.act(PlayerAction::Uncover, Input::click(blue, Button::Left));
    session.act(PlayerAction::Uncover, Input::click(black, Button::Left));
    session.act(PlayerAction::Uncover, Input::click(black, Button::Right));
    session.act(PlayerAction::Undo, Input::default());
    let expected = format!("# hexcells record\n{}b\n{}b?\n", name(blue), name(black));
    assert_eq!(
        record_text(&session),
        expected,
        "the mistake stays, as it stays counted"
    );
    session.act(PlayerAction::Undo, Input::default());
    assert_eq!(
        record_text(&session),
        format!("# hexcells record\n{}b?\n", name(black))
    );
    session.act(PlayerAction::ClearProgress, Input::default());
    assert_ne!(record_text(&session), "# hexcells record\n", "R asks first");
    session.act(PlayerAction::ClearProgress, Input::default());
    assert_eq!(record_text(&session), "# hexcells record\n");
    assert_eq!(session.game().mistakes(), 0);
}

#[test]
fn the_record_is_saved_and_restored_with_its_mistakes() {
    let state = tempfile::tempdir().unwrap();
    let dir = Some(state.path().to_path_buf());
    let mut session = session_with_both_colours(dir.clone());
    let level_idx = session.position().0;
    let blue = hidden(&session, Color::Blue)[0];
    let black = hidden(&session, Color::Black)[0];
    session.act(PlayerAction::Uncover, Input::click(black, Button::Left));
    session.act(PlayerAction::Uncover, Input::click(blue, Button::Left));
    session.act(PlayerAction::Uncover, Input::click(black, Button::Right));
    session.act(PlayerAction::Uncover, Input::click(blue, Button::Right));
    let text = record_text(&session);
    let moves = session.game().moves().to_vec();
    drop(session);

    let mut reopened = Session::new(Origin::Tutorial, TUTORIAL, dir);
    reopened.go_to(level_idx);
    assert_eq!(record_text(&reopened), text);
    assert_eq!(reopened.game().moves(), &moves[..]);
    assert_eq!(reopened.game().mistakes(), 1);
    let files: Vec<String> = std::fs::read_dir(state.path())
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    assert!(files.iter().any(|f| f.ends_with(".record")), "{files:?}");
    assert!(
        !files.iter().any(|f| f.contains(".tmp")),
        "no temp file left: {files:?}"
    );
}

#[test]
fn a_damaged_saved_record_restores_what_still_fits() {
    let state = tempfile::tempdir().unwrap();
    let dir = Some(state.path().to_path_buf());
    let mut session = session_with_both_colours(dir.clone());
    let level_idx = session.position().0;
    let blue = hidden(&session, Color::Blue)[0];
    let black = hidden(&session, Color::Black)[0];
    session.act(PlayerAction::Uncover, Input::click(blue, Button::Left));
    drop(session);
    let file = std::fs::read_dir(state.path())
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|e| e == "record"))
        .expect("a saved record");
    // A wrong move not marked `?`, a line that cannot be read, and a good move.
    let text = format!("{}b\nnot a move\n{}b\n", name(black), name(blue));
    std::fs::write(&file, text).unwrap();
    let mut reopened = Session::new(Origin::Tutorial, TUTORIAL, dir);
    reopened.go_to(level_idx);
    assert_eq!(
        record_text(&reopened),
        format!("# hexcells record\n{}b\n", name(blue))
    );
    assert!(reopened.game().is_uncovered(blue));
    assert!(!reopened.game().is_uncovered(black));
}

#[test]
fn replay_agrees_with_the_game_on_screen() {
    let mut session = session_with_both_colours(None);
    let blues = hidden(&session, Color::Blue);
    let blacks = hidden(&session, Color::Black);
    // A wrong click on every black cell, then the engine finishes the rest.
    for &cell in &blacks {
        session.act(PlayerAction::Uncover, Input::click(cell, Button::Left));
    }
    session.act(PlayerAction::Uncover, Input::click(blues[0], Button::Left));
    session.act(PlayerAction::SolveAll, Input::default());
    let level = session.level().clone();
    let replay = play_record::replay(&level, &session.game().record());
    assert_eq!(replay.first_error(), None, "{:?}", replay.outcomes);
    assert_eq!(replay.n_mistakes, session.game().mistakes() as usize);
    assert_eq!(replay.n_mistakes, blacks.len());
    assert_eq!(replay.finished, session.game().is_solved());
    let covered: Vec<Pos> = level
        .cells()
        .map(|(p, _)| p)
        .filter(|p| !session.game().is_uncovered(*p))
        .collect();
    assert_eq!(replay.covered, covered);
    let n_uncovered = replay
        .outcomes
        .iter()
        .filter(|o| **o == MoveOutcome::Uncovered)
        .count();
    assert_eq!(n_uncovered, session.game().moves().len());
    // The printed record reads back the same.
    let text = record_text(&session);
    assert_eq!(play_record::parse(&text).record, session.game().record());
}

#[test]
fn an_edit_drops_the_moves_that_no_longer_fit() {
    let mut session = Session::new(Origin::Tutorial, TUTORIAL, None);
    let blue = hidden(&session, Color::Blue)[0];
    session.act(PlayerAction::Uncover, Input::click(blue, Button::Left));
    // Turn the uncovered cell black in an edited text (`x` blue, `o` black in the grid).
    let level = session.level().clone();
    let mut edited = level.clone();
    let mut cell = level.cell(blue).expect("a cell");
    cell.color = Color::Black;
    edited.set(blue, Some(hexcells_core::Item::Cell(cell)));
    session.load_text(&hexcells_core::format::print(&edited));
    assert_eq!(record_text(&session), "# hexcells record\n");
    let replay = play_record::replay(session.level(), &session.game().record());
    assert_eq!(replay.first_error(), None);
}

#[test]
fn e_exports_the_record_to_the_state_directory() {
    let state = tempfile::tempdir().unwrap();
    let mut session = session_with_both_colours(Some(state.path().to_path_buf()));
    let blue = hidden(&session, Color::Blue)[0];
    session.act(PlayerAction::Uncover, Input::click(blue, Button::Right));
    session.act(PlayerAction::Uncover, Input::click(blue, Button::Left));
    session.act(PlayerAction::ExportRecord, Input::default());
    let status = session.status().to_string();
    let exports = state.path().join("exports");
    let files: Vec<_> = std::fs::read_dir(&exports)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(status.contains(&files[0].display().to_string()), "{status}");
    let text = std::fs::read_to_string(&files[0]).unwrap();
    assert_eq!(play_record::parse(&text).record, session.game().record());

    let mut no_state = session_with_both_colours(None);
    no_state.act(PlayerAction::ExportRecord, Input::default());
    assert!(
        no_state.status().starts_with("cannot export"),
        "{}",
        no_state.status()
    );
}
