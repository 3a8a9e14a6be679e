//! One level of a published page: its frame as SVG (the window's scene at the level's
//! start, every look drawn: [`draw_page_frame`]) and the data its script plays from,
//! so the script neither reads the level nor works out any geometry:
//!
//! - `items`: a letter per item, in the order of the frame's `data-cell` groups: `b`
//!   and `k` a blue and a black cell hidden at the start, `B` and `K` revealed ones,
//!   `c` a column number (this is the level's solution);
//! - `labels`: the number an item shows, as drawn (`3`, `{2}`, `-4-`), or `""`;
//! - `clues`: for each item that shows a number, the items it counts (its flower, its
//!   ring of neighbours, its column), by their place in `items`;
//! - `nav`: for each item, the item the arrow keys move to (up, right, down, left), or
//!   -1: the nearest in that direction on screen;
//! - `at`: each item's centre in the frame, where the page puts the focus ring (drawn
//!   around the frame's origin);
//! - `digits`: how many digits each counter's runs have (remaining, mistakes);
//! - `key`: the key of the level's progress (a hash of its canonical text, as the
//!   window's saved progress has it).

use hexcells_core::format::decode_entities;
use hexcells_core::model::Clue;
use hexcells_core::{Color, Item, Level, Pos};
use serde::Serialize;

use crate::player::progress::level_key;
use crate::render::{draw_page_frame, FrameLayout, Scene, Svg};

/// The circumradius of a page's hexagons in the frame's own pixels (the page scales
/// the frame to the browser's window): about the window's on a large level.
const RADIUS: f32 = 26.0;
/// The least width of a page's frame: the title and both counters fit.
const MIN_WIDTH: u32 = 480;
/// The most digits the mistakes counter shows (9999 past that; the end says the number).
const MISTAKE_DIGITS: usize = 4;

/// A level as its page holds it.
#[derive(Clone, Debug)]
pub struct LevelPage {
    /// The title as shown (entities decoded).
    pub title: String,
    /// The author as shown.
    pub author: String,
    /// The key of its progress: a hash of its canonical text.
    pub key: String,
    /// The frame, every look drawn.
    pub svg: String,
    /// What the script plays from, as JSON.
    pub data: String,
}

/// The data of [`LevelPage::data`].
#[derive(Serialize)]
struct LevelData {
    key: String,
    items: String,
    labels: Vec<String>,
    clues: Vec<Vec<usize>>,
    nav: Vec<[i32; 4]>,
    at: Vec<[f32; 2]>,
    digits: [usize; 2],
}

/// The frame size of `level`'s page: its board at the page's radius.
pub fn frame_size(level: &Level) -> (u32, u32) {
    FrameLayout::frame_for(level, RADIUS, 1.0, MIN_WIDTH)
}

/// The page of the level `scene` shows at its start (the window's scene: nothing
/// uncovered but the revealed cells, no mistakes), drawn at [`frame_size`].
pub fn level_page(scene: &Scene) -> LevelPage {
    let level = scene.level;
    let size = frame_size(level);
    let digits = [digit_count(level.n_blue_remaining_at_start()), MISTAKE_DIGITS];
    let mut svg = Svg::new(size.0, size.1);
    draw_page_frame(scene, digits, &mut svg);
    let key = level_key(level);
    let data = LevelData {
        key: key.clone(),
        items: level.items().map(|(_, item)| letter(item)).collect(),
        labels: level.items().map(|(pos, _)| label(level, pos)).collect(),
        clues: clue_members(level),
        nav: navigation(level),
        at: centres(level, size),
        digits,
    };
    LevelPage {
        title: decode_entities(&level.title).into_owned(),
        author: decode_entities(&level.author).into_owned(),
        key,
        svg: svg.finish(),
        data: serde_json::to_string(&data).unwrap_or_default(),
    }
}

/// How many digits `n` has.
fn digit_count(n: usize) -> usize {
    n.to_string().len()
}

fn letter(item: Item) -> char {
    match item {
        Item::Cell(cell) => match (cell.color, cell.revealed) {
            (Color::Blue, false) => 'b',
            (Color::Blue, true) => 'B',
            (Color::Black, false) => 'k',
            (Color::Black, true) => 'K',
        },
        Item::Column(_) => 'c',
    }
}

/// The number the item at `pos` shows once visible, as drawn, or `""`.
fn label(level: &Level, pos: Pos) -> String {
    let shows = match level.get(pos) {
        Some(Item::Cell(cell)) => cell.hint.shows_number(),
        Some(Item::Column(_)) => true,
        None => false,
    };
    match Clue::at(level, pos) {
        Some(clue) if shows => clue.hint.display(clue.count(level)),
        _ => String::new(),
    }
}

/// The place of each item in the level's item order, by [`Pos::index`].
fn places(level: &Level) -> Vec<Option<usize>> {
    let mut places = vec![None; Pos::all().count()];
    for (k, (pos, _)) in level.items().enumerate() {
        places[pos.index()] = Some(k);
    }
    places
}

fn clue_members(level: &Level) -> Vec<Vec<usize>> {
    let places = places(level);
    level
        .items()
        .map(|(pos, _)| match Clue::at(level, pos) {
            Some(clue) if !label(level, pos).is_empty() => {
                clue.members.iter().filter_map(|m| places[m.index()]).collect()
            }
            _ => Vec::new(),
        })
        .collect()
}

/// Each item's centre in a frame of `size`, to a tenth of a pixel.
fn centres(level: &Level, size: (u32, u32)) -> Vec<[f32; 2]> {
    let layout = FrameLayout::new(level, size.0, size.1, 1.0);
    let tenth = |v: f32| (v * 10.0).round() / 10.0;
    level
        .items()
        .map(|(pos, _)| {
            let (x, y) = layout.cell_centre(pos);
            [tenth(x), tenth(y)]
        })
        .collect()
}

/// The screen's directions of the arrow keys: up, right, down, left.
const ARROWS: [(f32, f32); 4] = [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)];

/// For each item, the item each arrow key moves to: the nearest one within 50° or so
/// of the key's direction on screen (the distance along it, plus twice the distance
/// aside). Left and right zigzag over a row of hexagons, down from an even column and
/// up from an odd one, so that one undoes the other.
fn navigation(level: &Level) -> Vec<[i32; 4]> {
    let at: Vec<(Pos, (f32, f32))> = level
        .items()
        .map(|(pos, _)| (pos, (1.5 * f32::from(pos.x()), 0.866 * f32::from(pos.y()))))
        .collect();
    at.iter()
        .map(|&(pos, (x, y))| {
            std::array::from_fn(|k| {
                let (dx, dy) = ARROWS[k];
                let mut best: Option<(f32, usize)> = None;
                for (j, &(_, (bx, by))) in at.iter().enumerate() {
                    let (vx, vy) = (bx - x, by - y);
                    let along = vx * dx + vy * dy;
                    let aside = vx * dy - vy * dx;
                    if along < 0.1 || aside.abs() > 1.2 * along {
                        continue;
                    }
                    // Sideways moves prefer a row's zigzag: down from an even column.
                    let zig = if pos.x() % 2 == 0 { vy < 0.0 } else { vy > 0.0 };
                    let cost = along + 2.0 * aside.abs() + if dx != 0.0 && zig { 0.01 } else { 0.0 };
                    if best.is_none_or(|(c, _)| cost < c) {
                        best = Some((cost, j));
                    }
                }
                best.map_or(-1, |(_, j)| j as i32)
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexcells_core::fixture::{level, pos};

    #[test]
    fn items_labels_and_clues_are_in_the_frame_s_order() {
        // A column number over a hidden blue flower and a blue cell, and a revealed black
        // number beside the flower.
        let level = level(&["|+", "..O+", "x+", "", "x."]);
        let order: Vec<Pos> = level.items().map(|(p, _)| p).collect();
        assert_eq!(order, [pos(0, 0), pos(1, 1), pos(0, 2), pos(0, 4)]);
        assert_eq!(level.items().map(|(_, i)| letter(i)).collect::<String>(), "cKbb");
        let labels: Vec<String> = order.iter().map(|p| label(&level, *p)).collect();
        assert_eq!(labels, ["2", "1", "1", ""]);
        let clues = clue_members(&level);
        assert_eq!(clues[0], [2, 3], "the column counts the cells below it");
        assert_eq!(clues[1], [2], "the black number its one neighbour");
        assert_eq!(clues[2], [1, 3], "the flower");
        assert!(clues[3].is_empty());
    }

    #[test]
    fn the_arrows_undo_each_other_and_reach_every_item() {
        for text in [
            include_str!("../../../tests/levels/columns.hexcells"),
            include_str!("../../../tests/levels/flowers.hexcells"),
            include_str!("../../../tests/levels/together-apart.hexcells"),
        ] {
            let level = hexcells_core::format::parse(text).levels.remove(0).level;
            let nav = navigation(&level);
            for (k, moves) in nav.iter().enumerate() {
                for (arrow, back) in [(0, 2), (1, 3), (2, 0), (3, 1)] {
                    let to = moves[arrow];
                    if to >= 0 && nav[to as usize][back] >= 0 {
                        // Going back lands at most one step from where it started.
                        let home = nav[to as usize][back] as usize;
                        let (a, b) = (order(&level)[k], order(&level)[home]);
                        assert!(a.distance(b) <= 1, "{}: {arrow} then back", level.title);
                    }
                }
            }
            let mut seen = vec![false; nav.len()];
            let mut todo = vec![0];
            while let Some(k) = todo.pop() {
                if !std::mem::replace(&mut seen[k], true) {
                    todo.extend(nav[k].iter().filter(|&&j| j >= 0).map(|&j| j as usize));
                }
            }
            assert!(
                seen.iter().all(|s| *s),
                "{}: every item by the arrows",
                level.title
            );
        }
    }

    fn order(level: &Level) -> Vec<Pos> {
        level.items().map(|(p, _)| p).collect()
    }
}
