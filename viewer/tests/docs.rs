//! docs/viewer.md lists every default binding of the player: keys in backticks
//! (`` `Shift+S` ``), mouse buttons by name (`Shift+left click`).

use hexcells_viewer::keys::{defaults, Input};

#[test]
fn the_viewer_doc_lists_every_binding() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/viewer.md");
    let doc = std::fs::read_to_string(path).expect("docs/viewer.md");
    let missing: Vec<String> = defaults()
        .iter()
        .map(|b| match b.chord.input {
            Input::Mouse(_) => b.chord.label(),
            _ => format!("`{}`", b.chord.label()),
        })
        .filter(|label| !doc.contains(label.as_str()))
        .collect();
    assert!(missing.is_empty(), "docs/viewer.md does not list {missing:?}");
}
