//! docs/viewer.md is the one place for the viewer's keys in every mode: its section of
//! each mode (the heading that names `` `[player]` `` or `` `[editor]` ``, the table of
//! `keys.toml`) has a row per action with its id and every default chord of it, in
//! backticks as `keys.toml` writes them (`` `Shift+S` ``, `` `Shift+Click` ``).

use hexcells_viewer::keys::{editor, player, Bindable};

fn doc() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/viewer.md");
    std::fs::read_to_string(path).expect("docs/viewer.md")
}

/// The table rows of the section whose heading names `[section]`.
fn rows<'a>(doc: &'a str, section: &str) -> Vec<&'a str> {
    let heading = format!("`[{section}]`");
    doc.lines()
        .skip_while(|l| !(l.starts_with("## ") && l.contains(&heading)))
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .filter(|l| l.starts_with('|'))
        .collect()
}

/// What the mode's rows do not show: `[player] hint: `H``.
fn missing<A: Bindable>(doc: &str) -> Vec<String> {
    let rows = rows(doc, A::SECTION);
    let mut missing = Vec::new();
    for action in A::ALL {
        let id = format!("`{}`", action.id());
        let Some(row) = rows.iter().find(|r| r.contains(&id)) else {
            missing.push(format!("[{}] a row for {id}", A::SECTION));
            continue;
        };
        for text in action.defaults() {
            if !row.contains(&format!("`{text}`")) {
                missing.push(format!("[{}] {id}: `{text}`", A::SECTION));
            }
        }
    }
    missing
}

#[test]
fn the_viewer_doc_lists_every_binding_of_the_player_and_the_editor() {
    let doc = doc();
    let mut absent = missing::<player::PlayerAction>(&doc);
    absent.extend(missing::<editor::EditorAction>(&doc));
    assert!(absent.is_empty(), "docs/viewer.md does not show {absent:#?}");
}
