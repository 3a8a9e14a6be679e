//! `hexcells-view --export-record OUT FILE` writes the saved play record of a level
//! without opening a window, and never the level file.

use std::process::Command;

use hexcells_core::play_record;
use hexcells_core::Color;
use hexcells_viewer::keys::player::PlayerAction;
use hexcells_viewer::keys::Button;
use hexcells_viewer::player::{Input, Origin, Session, TUTORIAL};

#[test]
fn the_saved_record_is_exported_from_the_command_line() {
    let tmp = tempfile::tempdir().unwrap();
    let level_file = tmp.path().join("tutorial.hexcells");
    std::fs::write(&level_file, TUTORIAL).unwrap();
    let state = tmp.path().join("state");
    let mut session = Session::new(
        Origin::File(level_file.clone()),
        TUTORIAL,
        Some(state.join("hexcells")),
    );
    let blue = session
        .level()
        .cells()
        .find(|(p, c)| c.color == Color::Blue && !session.game().is_uncovered(*p))
        .map(|(p, _)| p)
        .expect("a hidden blue cell");
    session.act(PlayerAction::Uncover, Input::click(blue, Button::Right));
    session.act(PlayerAction::Uncover, Input::click(blue, Button::Left));
    let expected = play_record::print(&session.game().record());
    drop(session);

    let out = tmp.path().join("game.record");
    let status = Command::new(env!("CARGO_BIN_EXE_hexcells-view"))
        .env("XDG_STATE_HOME", &state)
        .arg("--export-record")
        .arg(&out)
        .arg(&level_file)
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), expected);
    assert_eq!(std::fs::read_to_string(&level_file).unwrap(), TUTORIAL);

    let refused = Command::new(env!("CARGO_BIN_EXE_hexcells-view"))
        .env("XDG_STATE_HOME", &state)
        .arg("--export-record")
        .arg(&level_file)
        .arg(&level_file)
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("would overwrite the level file"));
    assert_eq!(std::fs::read_to_string(&level_file).unwrap(), TUTORIAL);
}
