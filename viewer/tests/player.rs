//! The player mode without a window: clicks, swapped buttons, hints and solving
//! through the deduction engine, packs, progress kept across reloads and restarts, and
//! clicks reported to the editor.

use hexcells_core::fixture::pos;
use hexcells_core::viewer_protocol::FromViewer;
use hexcells_core::{Color, Pos};
use hexcells_viewer::keys::player::PlayerAction;
use hexcells_viewer::keys::Button;
use hexcells_viewer::player::{Input, Origin, Session, TUTORIAL};

/// The first hidden cell of the given colour in the level on screen.
fn hidden(session: &Session, color: Color) -> Pos {
    session
        .level()
        .cells()
        .find(|(p, c)| c.color == color && !session.game().is_uncovered(*p))
        .map(|(p, _)| p)
        .expect("a hidden cell of that colour")
}

#[test]
fn swapped_buttons_uncover_blue_with_the_right_button() {
    let mut session = Session::new(Origin::Tutorial, TUTORIAL, None);
    session.swap_buttons = true;
    let blue = hidden(&session, Color::Blue);
    session.act(PlayerAction::Uncover, Input::click(blue, Button::Left));
    assert_eq!(session.game().mistakes(), 1);
    assert!(!session.game().is_uncovered(blue));
    session.act(PlayerAction::Uncover, Input::click(blue, Button::Right));
    assert!(session.game().is_uncovered(blue));
}

#[test]
fn hint_outlines_a_deducible_cell_and_solve_finishes_the_level() {
    let mut session = Session::new(Origin::Tutorial, TUTORIAL, None);
    session.go_to(1);
    session.act(PlayerAction::Hint, Input::default());
    let status = session.status().to_string();
    assert!(status.contains(" is "), "a reason in the status line: {status}");
    session.act(PlayerAction::SolveRound, Input::default());
    assert!(
        session.game().moves().is_empty(),
        "S marks guesses, uncovers nothing"
    );
    let guesses = session.game().guesses();
    assert!(!guesses.is_empty(), "{}", session.status());
    assert!(
        session.status().contains("marked as guesses"),
        "{}",
        session.status()
    );
    session.act(PlayerAction::ConfirmGuesses, Input::default());
    assert_eq!(session.game().moves().len(), guesses.len(), "C uncovers them");
    assert_eq!(session.game().mistakes(), 0);
    session.act(PlayerAction::SolveAll, Input::default());
    assert!(session.game().is_solved(), "{}", session.status());
    assert!(session.status().starts_with("solved"), "{}", session.status());
    assert_eq!(session.game().mistakes(), 0);
}

#[test]
fn n_and_p_walk_through_the_pack() {
    let mut session = Session::new(Origin::Tutorial, TUTORIAL, None);
    let (_, n) = session.position();
    session.act(PlayerAction::NextLevel, Input::default());
    assert_eq!(session.position().0, 1);
    session.act(PlayerAction::PreviousLevel, Input::default());
    session.act(PlayerAction::PreviousLevel, Input::default());
    assert_eq!(session.position().0, n - 1, "wraps around in a pack");
    assert_ne!(session.level().title, "");
}

#[test]
fn progress_is_restored_when_the_level_is_opened_again() {
    let state = tempfile::tempdir().unwrap();
    let dir = Some(state.path().to_path_buf());
    let mut session = Session::new(Origin::Tutorial, TUTORIAL, dir.clone());
    let blue = hidden(&session, Color::Blue);
    session.act(PlayerAction::Uncover, Input::click(blue, Button::Left));
    drop(session);
    let session = Session::new(Origin::Tutorial, TUTORIAL, dir);
    assert!(session.game().is_uncovered(blue), "saved progress restored");
    // Nothing was written but the state directory.
    assert!(std::fs::read_dir(state.path()).unwrap().count() >= 1);
}

#[test]
fn an_edit_keeps_progress_on_cells_whose_colour_did_not_change() {
    let mut session = Session::new(Origin::Tutorial, TUTORIAL, None);
    let blue = hidden(&session, Color::Blue);
    session.act(PlayerAction::Uncover, Input::click(blue, Button::Left));
    let edited = TUTORIAL.replacen("1. Blue cells", "1. Blue cells, edited", 1);
    assert!(session.load_text(&edited));
    assert_eq!(session.level().title, "1. Blue cells, edited");
    assert!(session.game().is_uncovered(blue));
    assert!(!session.load_text(&edited), "the same text again changes nothing");
}

#[test]
fn clicks_are_reported_to_the_editor_and_its_cursor_is_followed() {
    let mut session = Session::new(Origin::Editor, "", None);
    assert_eq!(session.level().n_cells(), 0, "waiting for the first snapshot");
    session.load_text(TUTORIAL);
    let cell = hidden(&session, Color::Blue);
    let effects = session.act(PlayerAction::Uncover, Input::click(cell, Button::Left));
    assert_eq!(effects.send, Some(FromViewer::Clicked { level: 0, cell }));
    session.set_cursor(2, Some(pos(16, 16)));
    assert_eq!(
        session.position().0,
        2,
        "the viewer shows the level under the cursor"
    );
    let mut tutorial = Session::new(Origin::Tutorial, TUTORIAL, None);
    let cell = hidden(&tutorial, Color::Blue);
    assert_eq!(
        tutorial
            .act(PlayerAction::Uncover, Input::click(cell, Button::Left))
            .send,
        None
    );
}

#[test]
fn n_and_p_move_to_the_next_level_file_of_the_folder() {
    let dir = tempfile::tempdir().unwrap();
    let levels: Vec<String> = TUTORIAL
        .split("Hexcells level v1\n")
        .filter(|t| !t.is_empty())
        .map(|t| format!("Hexcells level v1\n{t}"))
        .collect();
    let a = dir.path().join("a.hexcells");
    let b = dir.path().join("b.hexcells");
    std::fs::write(&a, &levels[0]).unwrap();
    std::fs::write(&b, &levels[1]).unwrap();
    std::fs::write(dir.path().join("notes.txt"), "not a level").unwrap();
    let mut session = Session::new(Origin::File(a.clone()), &levels[0], None);
    let effects = session.act(PlayerAction::NextLevel, Input::default());
    assert_eq!(effects.watch, Some(b.clone()), "the app follows the new file");
    assert_eq!(session.origin(), &Origin::File(b));
    assert_eq!(session.level().title, "2. Black cells");
    let effects = session.act(PlayerAction::PreviousLevel, Input::default());
    assert_eq!(effects.watch, Some(a));
    assert_eq!(session.level().title, "1. Blue cells");
}

#[test]
fn an_engine_answer_for_a_game_that_moved_on_is_dropped() {
    let mut session = Session::new(Origin::Tutorial, TUTORIAL, None);
    let job = session.engine_job(PlayerAction::SolveAll).expect("a job");
    assert!(session.engine_job(PlayerAction::Undo).is_none());
    let blue = hidden(&session, Color::Blue);
    session.act(PlayerAction::Uncover, Input::click(blue, Button::Left));
    let before = session.game().moves().to_vec();
    assert!(!session.finish(job.run()), "stale answer");
    assert_eq!(session.game().moves(), &before[..]);
    let job = session.engine_job(PlayerAction::SolveAll).expect("a job");
    assert!(session.finish(job.run()));
    assert!(session.game().is_solved());
}

#[test]
fn in_a_pack_only_the_level_shown_is_checked_and_an_error_elsewhere_does_not_stop_it() {
    let mut session = Session::new(Origin::Tutorial, TUTORIAL, None);
    let blue = hidden(&session, Color::Blue);
    session.act(PlayerAction::Uncover, Input::click(blue, Button::Left));
    // A broken grid line in the second level.
    let second = TUTORIAL
        .match_indices("Hexcells level v1")
        .nth(1)
        .map(|(at, _)| at)
        .expect("a second level");
    let grid = second
        + TUTORIAL[second..]
            .match_indices('\n')
            .nth(6)
            .map(|(at, _)| at + 1)
            .expect("a grid line");
    let broken = format!("{}Zq{}", &TUTORIAL[..grid], &TUTORIAL[grid + 2..]);
    assert!(session.load_text(&broken));
    assert_eq!(session.banner(), None, "the level shown has no error");
    // The level shown still follows edits, with its progress.
    let edited = broken.replacen("1. Blue cells", "1. Blue cells, edited", 1);
    assert!(session.load_text(&edited));
    assert_eq!(session.level().title, "1. Blue cells, edited");
    assert!(session.game().is_uncovered(blue));
    // Moving to the broken level checks it.
    session.go_to(1);
    let banner = session.banner().expect("the second level's error").to_string();
    let line = TUTORIAL[..grid].matches('\n').count() + 1;
    assert!(banner.starts_with(&format!("{line}:1:")), "{banner}");
    session.go_to(0);
    assert_eq!(session.banner(), None);
}

#[test]
fn a_linked_viewer_follows_the_edits_of_a_pack_from_its_changes() {
    use hexcells_core::edit::{TextChange, TextPos};
    use hexcells_core::viewer_protocol::ToViewer;
    use hexcells_viewer::controller::{Controller, UserEvent};

    let session = Session::new(Origin::Editor, "", None);
    let mut modes = Controller::new(session, std::sync::Arc::new(|_| {}), false);
    modes.event(UserEvent::Editor(ToViewer::Snapshot {
        version: 1,
        text: TUTORIAL.to_string(),
    }));
    modes.event(UserEvent::Editor(ToViewer::Cursor { level: 1, cell: None }));
    let parsed = hexcells_core::format::parse(TUTORIAL);
    let title = &parsed.levels[1].level.title;
    assert_eq!(modes.title(), format!("{title} - hexcells-view"));
    // The title edited, in two changes applied one after the other.
    let line = parsed.levels[1].source.header[1].expect("a title line").line;
    let at = TextPos::new(line, 0);
    modes.event(UserEvent::Editor(ToViewer::Change {
        from: 1,
        version: 2,
        changes: vec![TextChange::insert(at, "Two"), TextChange::insert(at, "New ")],
    }));
    assert_eq!(modes.title(), format!("New Two{title} - hexcells-view"));
    // A change of a version the viewer does not have is not applied.
    modes.event(UserEvent::Editor(ToViewer::Change {
        from: 7,
        version: 8,
        changes: vec![TextChange::insert(at, "Lost ")],
    }));
    assert_eq!(modes.title(), format!("New Two{title} - hexcells-view"));
    // Lines added above the level shown: it moves, and stays.
    modes.event(UserEvent::Editor(ToViewer::Change {
        from: 2,
        version: 3,
        changes: vec![TextChange::insert(TextPos::new(0, 0), "\n\n")],
    }));
    assert_eq!(modes.title(), format!("New Two{title} - hexcells-view"));
}
