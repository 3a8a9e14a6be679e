//! Hover: what an item or header line means to a player, in Markdown.

use super::target::{target_at, Target};
use crate::diagnostic::TextRange;
use crate::format::Parse;
use crate::format::{decode_entities, HeaderField, ParsedLevel};
use crate::model::{name, Clue, ClueKind, Color, Direction, Hint, Item, Pos};

/// The hover text for a range of the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HoverInfo {
    /// What the hover is about (the item's group, the header line).
    pub range: TextRange,
    /// The text, in Markdown.
    pub markdown: String,
}

/// The hover at character (`line`, `column`): an item of the grid or a header line.
pub fn hover(parse: &Parse, line: u32, column: u32) -> Option<HoverInfo> {
    match target_at(parse, line, column)? {
        Target::Item {
            level_idx,
            pos,
            range,
        } => {
            let parsed = parse.levels.get(level_idx)?;
            Some(HoverInfo {
                range,
                markdown: item_markdown(parsed, pos)?,
            })
        }
        Target::Header {
            level_idx,
            field,
            range,
        } => Some(HoverInfo {
            range,
            markdown: header_markdown(parse, level_idx, field)?,
        }),
    }
}

fn item_markdown(parsed: &ParsedLevel, pos: Pos) -> Option<String> {
    let level = &parsed.level;
    let item = level.get(pos)?;
    let clue = Clue::at(level, pos)?;
    let title = match item {
        Item::Cell(cell) => format!(
            "**{}** · {} cell, {} at start",
            name(pos),
            cell.color.as_str(),
            if cell.revealed { "revealed" } else { "hidden" }
        ),
        Item::Column(column) => format!(
            "**{}** · column number `{}` pointing {}",
            name(pos),
            column.direction.symbol(),
            describe_direction(column.direction)
        ),
    };
    let count = clue.count(level);
    let members = match clue.kind {
        ClueKind::Neighbours => format!("{count} of its {} neighbours are blue", clue.members.len()),
        ClueKind::Flower => format!(
            "{count} of the {} cells of its flower are blue",
            clue.members.len()
        ),
        ClueKind::Column => format!(
            "{count} of the {} cells along its ray are blue",
            clue.members.len()
        ),
    };
    let arrangement = match clue.together(level) {
        Some(true) if count > 1 => ", together",
        Some(false) => ", not together",
        _ => "",
    };
    let shows = if clue.hint.shows_number() {
        format!("Shows `{}`: {members}{arrangement}", clue.hint.display(count))
    } else {
        let with = match clue.together(level) {
            Some(true) if count > 1 => Hint::Together.display(count),
            Some(false) if count > 1 => Hint::Apart.display(count),
            _ => count.to_string(),
        };
        format!("Shows no number; with one it would show `{with}`: {members}{arrangement}")
    };
    let mut out = format!("{title}\n\n{shows}");
    if clue.kind == ClueKind::Flower && matches!(clue.hint, Hint::Together | Hint::Apart) {
        out.push_str("\n\nA blue cell's number has no {n} or -n- form");
    }
    let counted_by = Clue::all_shown(level)
        .filter(|c| c.members.contains(&pos))
        .map(|c| name(c.at))
        .collect::<Vec<_>>();
    if !counted_by.is_empty() {
        out.push_str(&format!("\n\nCounted by {}", counted_by.join(", ")));
    }
    Some(out)
}

fn describe_direction(direction: Direction) -> &'static str {
    match direction {
        Direction::DownRight => "down and right",
        Direction::Down => "down",
        Direction::DownLeft => "down and left",
    }
}

fn header_markdown(parse: &Parse, level_idx: usize, field: HeaderField) -> Option<String> {
    let parsed = parse.levels.get(level_idx)?;
    let level = &parsed.level;
    let title = if level.title.trim().is_empty() {
        "(untitled)".to_string()
    } else {
        decode_entities(&level.title).into_owned()
    };
    let author = if level.author.trim().is_empty() {
        String::new()
    } else {
        format!(" by {}", decode_entities(&level.author))
    };
    let n_columns = level.columns().count();
    let n_shown = level.cells().filter(|(_, c)| c.hint.shows_number()).count();
    let n_black = level.cells().filter(|(_, c)| c.color == Color::Black).count();
    let mut out = format!(
        "**{title}**{author}\n\n{} cells: {} blue, {n_black} black; {} blue remaining at start\n\n{n_shown} cell numbers, {n_columns} column numbers",
        level.n_cells(),
        level.n_blue(),
        level.n_blue_remaining_at_start(),
    );
    if parse.levels.len() > 1 {
        out.push_str(&format!(
            "\n\nLevel {} of {} in this pack",
            level_idx + 1,
            parse.levels.len()
        ));
    }
    out.push_str(&format!("\n\n_{}_", field.describe()));
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_support::level;
    use crate::format::parse;

    fn check(rows: &[&str], expect: &str) {
        let (text, (line, column)) = level(rows);
        let got = hover(&parse(&text), line, column).map(|h| h.markdown);
        assert_eq!(got.as_deref().unwrap_or("(none)"), expect);
    }

    #[test]
    fn black_cell_with_together_number() {
        check(
            &["..x...", "$0oc..", "..x...", "..o..."],
            "**K10** · black cell, hidden at start\n\nShows `{2}`: 2 of its 2 neighbours are blue, together",
        );
    }

    #[test]
    fn hidden_cell_without_number_says_what_it_would_show() {
        check(
            &["..x.", "....", "..O+", "..x.", "..$0o."],
            "**L13** · black cell, hidden at start\n\nShows no number; with one it would show `0`: 0 of its 1 neighbours are blue\n\nCounted by L11",
        );
    }

    #[test]
    fn column_number() {
        check(
            &["$0|+", "x.", "..", "o.", "..", "x."],
            "**K9** · column number `|` pointing down\n\nShows `2`: 2 of the 3 cells along its ray are blue, not together",
        );
    }

    #[test]
    fn header_totals() {
        let (text, _) = level(&["x.o+X."]);
        let got = hover(&parse(&text), 1, 0).map(|h| h.markdown).unwrap_or_default();
        assert_eq!(
            got,
            "**Test** by Us\n\n3 cells: 2 blue, 1 black; 1 blue remaining at start\n\n1 cell numbers, 0 column numbers\n\n_title_"
        );
    }

    #[test]
    fn nothing_on_empty_groups_or_past_the_end() {
        let (text, _) = level(&["x."]);
        let parsed = parse(&text);
        assert_eq!(hover(&parsed, 13, 0), None);
        assert_eq!(hover(&parsed, 9999, 9999), None);
    }
}
