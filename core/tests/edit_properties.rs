//! Property tests of the visual editor's text changes (`hexcells_core::edit`): on
//! levels written in any of the layouts real files use (cropped, indented, CRLF, packs,
//! with or without a final newline), applying an operation's changes and parsing gives
//! the level with the operation applied; lines the changes do not touch stay
//! byte-identical; every rewritten group really changed; the inverse changes restore
//! the bytes; and a level whose grid does not parse is refused.

mod support;

use hexcells_core::edit::{self, apply, apply_op, inverse, EditError, Op, TextChange};
use hexcells_core::format::{parse, print, HeaderField};
use hexcells_core::{Level, Pos};
use proptest::prelude::*;
use support::strategies::{self, color, direction};

/// Items stay in a small corner so that operations often meet them and their clues.
const AREA_W: i32 = 10;
const AREA_H: i32 = 16;

fn pos() -> impl Strategy<Value = Pos> {
    (0..AREA_W, 0..AREA_H).prop_map(|(x, y)| Pos::new(x, y).expect("inside the grid"))
}

/// Header text that reads as neither a grid line nor the magic line.
fn header_text() -> impl Strategy<Value = String> {
    "[a-m ]{0,10}"
}

fn level() -> impl Strategy<Value = Level> {
    strategies::level(header_text, pos(), 0..40)
}

fn positions() -> impl Strategy<Value = Vec<Pos>> {
    proptest::collection::vec(pos(), 1..5)
}

fn header_field() -> impl Strategy<Value = HeaderField> {
    prop_oneof![
        Just(HeaderField::Title),
        Just(HeaderField::Author),
        Just(HeaderField::CustomText1),
        Just(HeaderField::CustomText2)
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (positions(), color()).prop_map(|(cells, color)| Op::Create { cells, color }),
        2 => positions().prop_map(|items| Op::Delete { items }),
        3 => pos().prop_map(|pos| Op::Cycle { pos }),
        3 => pos().prop_map(|pos| Op::Flip { pos }),
        2 => pos().prop_map(|pos| Op::ToggleRevealed { pos }),
        2 => (pos(), direction()).prop_map(|(cell, direction)| Op::AddColumn { cell, direction }),
        3 => (positions(), -3..4i32, -3..4i32, prop::bool::weighted(0.8)).prop_map(|(items, dx, dy, even)| {
            // Mostly lattice steps, sometimes a refused half step.
            let dy = if even && (dx + dy) % 2 != 0 { dy + 1 } else { dy };
            Op::Move { items, dx, dy }
        }),
        1 => (header_field(), header_text()).prop_map(|(field, text)| Op::SetHeader { field, text }),
        1 => level().prop_map(|level| Op::ReplaceLevel(Box::new(level))),
    ]
}

/// `op` with its places moved onto the level's items where `picks` say so, so that
/// operations on cells and column numbers mostly find one.
fn retarget(op: Op, level: &Level, picks: &[Option<prop::sample::Index>]) -> Op {
    let items: Vec<Pos> = level.items().map(|(p, _)| p).collect();
    let mut picks = picks.iter().cycle();
    let mut at = |pos: Pos| match picks.next() {
        Some(Some(pick)) if !items.is_empty() => items[pick.index(items.len())],
        _ => pos,
    };
    match op {
        Op::Delete { items } => Op::Delete {
            items: items.into_iter().map(&mut at).collect(),
        },
        Op::Cycle { pos } => Op::Cycle { pos: at(pos) },
        Op::Flip { pos } => Op::Flip { pos: at(pos) },
        Op::ToggleRevealed { pos } => Op::ToggleRevealed { pos: at(pos) },
        Op::AddColumn { cell, direction } => Op::AddColumn {
            cell: at(cell),
            direction,
        },
        Op::Move { items, dx, dy } => Op::Move {
            items: items.into_iter().map(&mut at).collect(),
            dx,
            dy,
        },
        other => other,
    }
}

fn picks() -> impl Strategy<Value = Vec<Option<prop::sample::Index>>> {
    proptest::collection::vec(
        proptest::option::weighted(0.8, any::<prop::sample::Index>()),
        1..5,
    )
}

/// How a level's text is laid out.
#[derive(Clone, Debug)]
struct Style {
    crop: bool,
    indent: &'static str,
    trailing: &'static str,
    crlf: bool,
    final_newline: bool,
    bom: bool,
}

fn style() -> impl Strategy<Value = Style> {
    (
        any::<bool>(),
        prop_oneof![Just(""), Just("  "), Just("\t")],
        prop_oneof![Just(""), Just("  ")],
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(crop, indent, trailing, crlf, final_newline, bom)| Style {
            crop,
            indent,
            trailing,
            crlf,
            final_newline,
            bom,
        })
}

/// `level`'s text in `style`.
fn write(level: &Level, style: &Style) -> String {
    let canonical = print(level);
    let mut lines: Vec<String> = canonical.lines().map(String::from).collect();
    if style.crop {
        for line in lines.iter_mut().skip(5) {
            while line.ends_with("..") {
                line.truncate(line.len() - 2);
            }
        }
        while lines.len() > 6 && lines.last().is_some_and(String::is_empty) {
            lines.pop();
        }
        // An empty grid cropped to nothing would leave the header without its end.
        if lines[5].is_empty() {
            lines[5] = "..".into();
        }
    }
    for line in lines.iter_mut().skip(5) {
        *line = format!("{}{line}{}", style.indent, style.trailing);
    }
    let eol = if style.crlf { "\r\n" } else { "\n" };
    let mut text = lines.join(eol);
    if style.final_newline {
        text.push_str(eol);
    }
    text
}

/// A text of one to three levels, the edited one at `idx`.
fn pack() -> impl Strategy<Value = (String, usize)> {
    (
        level(),
        style(),
        proptest::option::of(level()),
        proptest::option::of(level()),
    )
        .prop_map(|(level, style, before, after)| {
            let mut text = String::new();
            let mut idx = 0;
            if let Some(before) = before {
                text.push_str(&print(&before));
                idx = 1;
            }
            let own = write(&level, &style);
            text.push_str(&own);
            if let Some(after) = after {
                if !own.ends_with('\n') {
                    text.push_str(if style.crlf { "\r\n" } else { "\n" });
                }
                text.push_str(&print(&after));
            }
            if style.bom {
                text.insert(0, '\u{feff}');
            }
            (text, idx)
        })
}

/// Lines of the old text that no change touches come through byte for byte.
fn assert_untouched_lines_kept(old: &str, new: &str, changes: &[TextChange]) {
    let old_lines: Vec<&str> = old.split('\n').collect();
    let new_lines: Vec<&str> = new.split('\n').collect();
    let mut shift: i64 = 0;
    let mut next = changes.iter().peekable();
    for (line, text) in old_lines.iter().enumerate() {
        let line = line as u32;
        let mut touched = false;
        while let Some(c) = next.peek() {
            if c.start.line > line {
                break;
            }
            if c.end.line >= line {
                touched = true;
            }
            if c.end.line > line {
                break;
            }
            shift += c.new_text.matches('\n').count() as i64 - i64::from(c.end.line - c.start.line);
            next.next();
        }
        if !touched {
            let at = (i64::from(line) + shift) as usize;
            assert_eq!(
                new_lines.get(at),
                Some(text),
                "old line {line} moved to {at} changed"
            );
        }
    }
}

/// Every change replaces something with something else; a rewrite of grid groups in
/// place changes every group it covers.
fn assert_minimal(old: &str, changes: &[TextChange]) {
    for c in changes {
        let inverse = inverse(old, std::slice::from_ref(c));
        let replaced = &inverse[0].new_text;
        assert_ne!(replaced, &c.new_text, "a change that changes nothing: {c:?}");
        let in_grid = c.start.line == c.end.line
            && replaced.len() == c.new_text.len()
            && replaced.len() % 2 == 0
            && c.new_text.chars().all(|ch| ".oOxX\\|/+cn".contains(ch));
        if in_grid {
            let a: Vec<char> = replaced.chars().collect();
            let b: Vec<char> = c.new_text.chars().collect();
            for (ga, gb) in a.chunks(2).zip(b.chunks(2)) {
                assert_ne!(ga, gb, "group {ga:?} rewritten unchanged in {c:?}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn changes_give_the_edited_level_and_nothing_else((text, idx) in pack(), op in op(), picks in picks()) {
        let before = parse(&text);
        let level = &before.levels[idx].level;
        let op = retarget(op, level, &picks);
        let expected = apply_op(level, &op);
        match edit::changes(&text, idx, &op) {
            Ok(changes) => {
                let expected = expected.expect("the model accepts what the text accepts");
                let out = apply(&text, &changes);
                let after = parse(&out);
                prop_assert_eq!(after.levels.len(), before.levels.len());
                prop_assert_eq!(&after.levels[idx].level, &expected);
                for (i, (a, b)) in after.levels.iter().zip(&before.levels).enumerate() {
                    if i != idx {
                        prop_assert_eq!(&a.level, &b.level);
                    }
                }
                assert_untouched_lines_kept(&text, &out, &changes);
                let crlf_only = |t: &str| t.split('\n').rev().skip(1).all(|l| l.ends_with('\r'));
                if crlf_only(&text) && text.contains('\n') {
                    prop_assert!(crlf_only(&out), "a CRLF text got a bare LF");
                }
                assert_minimal(&text, &changes);
                prop_assert_eq!(apply(&out, &inverse(&text, &changes)), text);
                prop_assert_eq!(changes.is_empty(), &expected == level);
            }
            // Refusals come from the model (an overlap, an empty place), never from the text.
            Err(e) => prop_assert_eq!(Err(e), expected.map(|_| ())),
        }
    }

    #[test]
    fn a_level_whose_grid_does_not_parse_is_refused(
        (text, idx) in pack(),
        op in op(),
        row in 0usize..6,
        bad in prop_oneof![Just('q'), Just('7')],
    ) {
        // Break the first character of some grid line of the edited level.
        let line = parse(&text).levels[idx].source.grid.get(row).map(|g| (g.line, g.indent));
        let Some((line, indent)) = line else { return Ok(()) };
        let mut lines: Vec<String> = text.split('\n').map(String::from).collect();
        let target = &mut lines[line as usize];
        let at = target.char_indices().nth(indent as usize).map(|(i, _)| i);
        let Some(at) = at.filter(|&i| !target[i..].starts_with('\r')) else { return Ok(()) };
        target.replace_range(at..at + 1, &bad.to_string());
        let broken = lines.join("\n");
        let refused = edit::changes(&broken, idx, &op);
        prop_assert!(
            matches!(&refused, Err(EditError::Unparsed { line: l, .. }) if *l == line),
            "{:?}", refused
        );
    }
}

#[test]
fn a_header_that_would_read_as_grid_is_left_to_the_text_editor() {
    // A cropped grid: a second custom text line that looks like a grid line would be
    // read as the grid's first line.
    let text = "Hexcells level v1\nT\nA\n\n\nx.\n..o+\n";
    let op = Op::SetHeader {
        field: HeaderField::CustomText2,
        text: "x.o.".into(),
    };
    assert_eq!(edit::changes(text, 0, &op), Err(EditError::Misread));
}
