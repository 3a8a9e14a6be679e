//! The modes without a window: switching between player and editor, which mode a
//! key goes to, and what each mode says of itself from 640 px up.

use super::*;
use crate::player::TUTORIAL;
use std::sync::Arc;

const FRAME: Frame = Frame {
    width: 1280,
    height: 800,
    scale: 1.0,
};

fn key(modes: &mut Controller, chord: &str) {
    modes.key(FRAME, Chord::parse(chord).expect("a chord"));
}

#[test]
fn the_player_opens_the_editor_and_the_editor_plays_its_text() {
    let session = Session::new(Origin::Tutorial, TUTORIAL, None);
    let mut modes = Controller::new(session, Arc::new(|_| {}), false);
    assert!(!modes.title().contains("(editor)"), "{}", modes.title());
    key(&mut modes, "Tab");
    assert!(modes.take_redraw());
    assert!(modes.title().ends_with("(editor)"), "{}", modes.title());
    assert!(!modes.take_redraw(), "asked once");
    // The editor's playtest gives the window back to the player, on the edited text.
    key(&mut modes, "Tab");
    assert!(modes.take_redraw());
    assert!(!modes.title().contains("(editor)"), "{}", modes.title());
    assert!(modes.session.playtest);
    // Closing with nothing edited closes at once.
    assert!(modes.close_requested());
}

#[test]
fn a_key_goes_to_the_mode_that_has_the_window() {
    let session = Session::new(Origin::Tutorial, TUTORIAL, None);
    let mut modes = Controller::new(session, Arc::new(|_| {}), false);
    key(&mut modes, "N");
    assert_eq!(modes.session.position().0, 1, "the player's next level");
    key(&mut modes, "Tab");
    let level_idx = |modes: &Controller| modes.edit.as_ref().map(|m| m.editor.position().0);
    assert_eq!(level_idx(&modes), Some(1), "the editor opens on the level shown");
    key(&mut modes, "N");
    assert_eq!(level_idx(&modes), Some(2), "the editor's next level");
    assert_eq!(modes.session.position().0, 1, "the player stays");
}

/// The words of the frame `modes` draws in a `width` x `height` window.
fn words(modes: &Controller, width: u32, height: u32) -> FrameText {
    let mut pixmap = tiny_skia::Pixmap::new(width, height).expect("a frame");
    let frame = Frame {
        width,
        height,
        scale: 1.0,
    };
    modes.draw(frame, &mut pixmap.as_mut())
}

#[test]
fn both_modes_explain_themselves_from_640_px_up() {
    let session = Session::new(Origin::Tutorial, TUTORIAL, None);
    let mut modes = Controller::new(session, Arc::new(|_| {}), false);
    for width in [640, 900, 1280] {
        let player = words(&modes, width, 480);
        assert_eq!(player.keys[0], "? / F1 all keys", "{width}: {:?}", player.status);
        assert!(player.label.is_empty(), "not a playtest");
    }
    key(&mut modes, "Tab");
    for width in [640, 900, 1280] {
        let editor = words(&modes, width, 480);
        assert_eq!(
            editor.keys[..4],
            ["? / F1 all keys", "Ctrl+S save", "Tab playtest", "Ctrl+Z undo"],
            "{width}"
        );
        assert!(editor.panel.is_empty());
    }
    key(&mut modes, "F1");
    let panel = words(&modes, 640, 480).panel;
    assert!(panel.contains(&("Ctrl+S".to_string(), "save (standalone)".to_string())));
    key(&mut modes, "?");
    assert!(words(&modes, 640, 480).panel.is_empty(), "? hides it again");
    key(&mut modes, "Tab");
    let playtest = words(&modes, 640, 480);
    assert_eq!(playtest.label, "playtest: Tab returns to the editor");
    assert_eq!(playtest.keys[1], "Tab back to the editor");
    assert!(modes.title().ends_with("(playtest)"), "{}", modes.title());
}

#[test]
fn hint_keys_while_the_engine_works_start_one_more_job_not_one_a_key() {
    let (answers, answered) = std::sync::mpsc::channel();
    let session = Session::new(Origin::Tutorial, TUTORIAL, None);
    let post: Post = Arc::new(move |event| {
        let _ = answers.send(event);
    });
    let mut modes = Controller::new(session, post, false);
    // The first starts; the next two wait, the third in the second's place.
    for _ in 0..3 {
        key(&mut modes, "H");
    }
    let wait = std::time::Duration::from_secs(30);
    for n in 1..=2 {
        let event = answered
            .recv_timeout(wait)
            .unwrap_or_else(|_| panic!("answer {n}"));
        assert!(matches!(event, UserEvent::Engine(_)));
        // Taking the answer starts the waiting job.
        assert!(modes.event(event));
    }
    assert!(
        answered
            .recv_timeout(std::time::Duration::from_millis(300))
            .is_err(),
        "a third job ran"
    );
    // The level's first hint shows (the second job asked about the same game).
    assert!(modes.take_redraw());
    let status = words(&modes, 1280, 800).status.join(" ");
    assert!(
        !status.contains("thinking") && status.contains(" is "),
        "{status}"
    );
}
