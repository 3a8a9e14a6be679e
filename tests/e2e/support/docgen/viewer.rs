//! The viewer's key tables in `docs/viewer.md`: one row per action of the player's
//! and the editor's tables (`viewer/src/keys/player.rs`, `editor.rs`), with its
//! default chords, the user doc written above it there, and its id in `keys.toml`.

use hexcells_viewer::keys::{editor, player, Bindable};

use super::{table_cell, Section};

/// The two tables' parts of `docs/viewer.md`.
pub fn sections() -> Vec<Section> {
    vec![
        section::<player::PlayerAction>(),
        section::<editor::EditorAction>(),
    ]
}

/// The table of one mode: every action in the help panel's order.
fn section<A: Bindable>() -> Section {
    let mut text = String::from("\n| Binding | Action | `keys.toml` id |\n|---|---|---|\n");
    for action in A::ALL {
        let chords: Vec<String> = action.defaults().iter().map(|c| format!("`{c}`")).collect();
        text.push_str(&format!(
            "| {} | {} | `{}` |\n",
            table_cell(&chords.join(" / ")),
            table_cell(action.doc()),
            action.id()
        ));
    }
    text.push('\n');
    Section {
        source: format!("the `[{}]` table in viewer/src/keys", A::SECTION),
        text,
    }
}

/// The actions both tables hold: the figure of the generated docs.
pub fn action_count() -> usize {
    player::PlayerAction::ALL.len() + editor::EditorAction::ALL.len()
}
