//! Edits on real-looking texts: only the changed groups move, whatever the author's
//! layout; broken grids are refused.

use super::*;
use crate::diagnostic::Code;
use crate::fixture::{self, pos};
use crate::format::parse;
use crate::format::HeaderField;
use crate::model::{Color, Direction};

fn edited(text: &str, op: Op) -> String {
    let changes = changes(text, 0, &op).unwrap_or_else(|e| panic!("{op:?}: {e}"));
    let out = apply(text, &changes);
    assert_eq!(
        apply(&out, &inverse(text, &changes)),
        text,
        "the inverse restores the text"
    );
    out
}

#[test]
fn one_click_rewrites_one_group() {
    let text = fixture::text("Title", &["..x.", "", "..o+"]);
    let changes = changes(
        &text,
        0,
        &Op::Create {
            cells: vec![pos(3, 1)],
            color: Color::Blue,
        },
    )
    .unwrap();
    assert_eq!(
        changes,
        [TextChange::new(TextPos::new(6, 6), TextPos::new(6, 8), "x.")]
    );
}

#[test]
fn a_colour_change_rewrites_the_marks_it_touches() {
    let text = fixture::text("Title", &["..x.", "", "..on", "", "..x."]);
    let out = edited(&text, Op::Flip { pos: pos(1, 4) });
    assert_eq!(out, fixture::text("Title", &["..x.", "", "..oc", "", "..o."]));
}

#[test]
fn the_authors_layout_survives() {
    // Indented with a tab, trailing spaces, CRLF, cropped rows, no final newline.
    let text = "Hexcells level v1\r\nT\r\nA\r\n\r\n\r\n\t..x.  \r\n\t\r\n\t..o+";
    let out = edited(
        text,
        Op::Create {
            cells: vec![pos(3, 1)],
            color: Color::Black,
        },
    );
    assert_eq!(
        out,
        "Hexcells level v1\r\nT\r\nA\r\n\r\n\r\n\t..x.  \r\n\t......o+\r\n\t..o+"
    );
    // A cell below the last grid line adds lines, as wide as the widest one.
    let out = edited(
        text,
        Op::Create {
            cells: vec![pos(0, 4)],
            color: Color::Blue,
        },
    );
    assert_eq!(
        out,
        "Hexcells level v1\r\nT\r\nA\r\n\r\n\r\n\t..x.  \r\n\t\r\n\t..o+\r\n....\r\nx..."
    );
}

#[test]
fn other_levels_of_a_pack_stay_byte_identical() {
    let first = fixture::text("Title", &["x."]);
    let second = fixture::text("Title", &["", "..o+"]).replace("Title", "Second");
    let text = format!("{first}\n{second}");
    let changes = changes(&text, 1, &Op::ToggleRevealed { pos: pos(1, 1) }).unwrap();
    let out = apply(&text, &changes);
    assert_eq!(
        out,
        format!(
            "{first}\n{}",
            fixture::text("Title", &["", "..O+"]).replace("Title", "Second")
        )
    );
    assert!(changes.iter().all(|c| c.start.line == 5 + 33 + 1 + 5 + 1));
}

#[test]
fn header_lines_are_replaced_alone() {
    let text = fixture::text("Title", &["x."]);
    let out = edited(
        &text,
        Op::SetHeader {
            field: HeaderField::Author,
            text: "Someone Else".into(),
        },
    );
    assert_eq!(out, text.replace("\nhexcells tests\n", "\nSomeone Else\n"));
}

#[test]
fn a_new_file_becomes_a_level() {
    let out = edited(
        "",
        Op::Create {
            cells: vec![pos(4, 4)],
            color: Color::Blue,
        },
    );
    let parsed = parse(&out);
    assert_eq!(parsed.levels.len(), 1);
    assert!(parsed.levels[0].level.cell(pos(4, 4)).is_some());
}

#[test]
fn a_column_follows_the_drag_and_the_colours() {
    let text = fixture::text("Title", &["", "", "", "", "..x.", "", "..x."]);
    let out = edited(
        &text,
        Op::AddColumn {
            cell: pos(1, 4),
            direction: Direction::Down,
        },
    );
    assert_eq!(
        out,
        fixture::text("Title", &["", "", "..|+", "", "..x.", "", "..x."])
    );
    let cycled = edited(&out, Op::Cycle { pos: pos(1, 2) });
    assert_eq!(
        cycled,
        fixture::text("Title", &["", "", "..|c", "", "..x.", "", "..x."])
    );
    // Blacking out the lower cell leaves one blue: still together. Deleting the upper
    // cell takes the column along.
    let deleted = edited(
        &cycled,
        Op::Delete {
            items: vec![pos(1, 4)],
        },
    );
    assert_eq!(deleted, fixture::text("Title", &["", "", "", "", "", "", "..x."]));
}

#[test]
fn broken_grids_are_refused_with_the_error() {
    let text = fixture::text("Title", &["..q."]);
    let err = changes(&text, 0, &Op::Cycle { pos: pos(0, 0) }).unwrap_err();
    assert!(
        matches!(&err, EditError::Unparsed { line: 5, message } if message.contains("unknown item `q`")),
        "{err}"
    );
    assert!(err.to_string().starts_with("line 6: unknown item `q`"), "{err}");
    assert_eq!(
        changes(&text, 3, &Op::Cycle { pos: pos(0, 0) }),
        Err(EditError::NoLevel { idx: 3 })
    );
    // The rest of the pack can still be edited.
    let pack = format!("{text}{}", fixture::text("Title", &["o+"]));
    assert!(changes(&pack, 1, &Op::Cycle { pos: pos(0, 0) }).is_ok());
}

#[test]
fn a_level_without_its_magic_line_is_refused_as_every_tool_refuses_it() {
    // HC0101 is a syntax error like the others (`Diagnostic::is_syntax_error`): `fmt`
    // and `convert` refuse the text and `check` does not analyse it, so the visual
    // editor does not edit the level either. In each of its three forms, the edit
    // used to go through and leave the first line as it was.
    let text = fixture::text("Title", &["..x.", "", "..o+"]);
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let cycle = Op::Cycle { pos: pos(1, 0) };
    for (form, broken) in [
        (
            "a wrong magic line",
            text.replacen("Hexcells level v1", "Hexcells level v2", 1),
        ),
        ("no magic line: the title first", lines[1..].concat()),
        ("no header at all: a bare grid", lines[5..].concat()),
    ] {
        let err = changes(&broken, 0, &cycle).unwrap_err();
        let EditError::Unparsed { line: 0, message } = &err else {
            panic!("{form}: {err:?}");
        };
        let first = &parse(&broken).levels[0].diagnostics[0];
        assert_eq!(
            (first.code, &first.message),
            (Code::MissingMagic, message),
            "{form}"
        );
    }
    // Naming a bare grid is refused too: it used to write the whole header above it.
    let named = Op::SetHeader {
        field: HeaderField::Title,
        text: "Named".into(),
    };
    let bare = lines[5..].concat();
    assert!(matches!(
        changes(&bare, 0, &named),
        Err(EditError::Unparsed { line: 0, .. })
    ));
    // A level with another syntax error too is refused with the first, HC0101: it
    // used to quote the other one, here the missing author line (HC0102).
    let pack = format!("Some title\n{text}");
    let codes: Vec<Code> = parse(&pack).levels[0]
        .diagnostics
        .iter()
        .map(|d| d.code)
        .collect();
    assert_eq!(codes[..2], [Code::MissingMagic, Code::MissingHeader]);
    let err = changes(&pack, 0, &cycle).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("line 1: the level has no `Hexcells level v1` line"),
        "{err}"
    );
    // The pack's next level still takes the edit.
    assert!(changes(&pack, 1, &cycle).is_ok());
}

#[test]
fn a_pasted_level_rewrites_only_what_differs() {
    let text = fixture::text("Title", &["x.", "", "o+"]);
    let mut level = parse(&text).levels[0].level.clone();
    level.title = "New".into();
    level.set(pos(0, 2), None);
    let changes = changes(&text, 0, &Op::ReplaceLevel(Box::new(level))).unwrap();
    assert_eq!(changes.len(), 2);
    assert_eq!(
        apply(&text, &changes),
        fixture::text("Title", &["x."]).replace("Title", "New")
    );
}
