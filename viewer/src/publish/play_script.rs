//! Test support, for the differential test of the published page against the window's
//! player (`tests/web/html.js`): debug builds' hidden `--play-script [--level N]
//! [--swap-buttons] FILE` prints, as JSON, a click sequence for each level and what
//! the window's player shows after each click, from the player itself ([`Session::act`]
//! as the window calls it). Release builds refuse the option.
//!
//! The sequence uncovers every cell in the engine's order (its rounds, then the cells
//! it gets stuck on), and mixes in, by a fixed pseudo-random draw per level: a wrong
//! click before a right one (a mistake), right clicks that dim an uncovered number
//! and some that restore it, left clicks on flowers and column numbers (their
//! highlight), clicks on column numbers of both buttons, and clicks on cells already
//! uncovered (nothing, or a mark of their number).

use hexcells_core::format::parse;
use hexcells_core::model::name;
use hexcells_core::solve::{self, Budget};
use hexcells_core::{Item, Level, Pos};
use serde::Serialize;

use crate::keys::player::PlayerAction;
use crate::keys::{color_of, Button};
use crate::player::progress::level_key;
use crate::player::{Input, Origin, Session};

/// The script of every level (or of level `level`, from 1) of `text`, as JSON.
pub fn play_script(text: &str, level: Option<usize>, swap_buttons: bool) -> anyhow::Result<String> {
    let n = parse(text).levels.len();
    let picked: Vec<usize> = match level {
        None => (0..n).collect(),
        Some(k) if (1..=n).contains(&k) => vec![k - 1],
        Some(k) => anyhow::bail!("--level {k}: the file has {n} levels"),
    };
    let mut session = Session::new(Origin::Tutorial, text, None);
    session.swap_buttons = swap_buttons;
    let levels: Vec<LevelScript> = picked
        .into_iter()
        .map(|idx| {
            session.go_to(idx);
            let clicks = clicks(session.level(), swap_buttons);
            let steps = clicks
                .into_iter()
                .map(|(pos, button)| {
                    session.act(PlayerAction::Uncover, Input::click(pos, button));
                    step(&session, pos, button)
                })
                .collect();
            LevelScript {
                level: idx + 1,
                steps,
            }
        })
        .collect();
    Ok(serde_json::to_string(&Script { levels })?)
}

#[derive(Serialize)]
struct Script {
    levels: Vec<LevelScript>,
}

#[derive(Serialize)]
struct LevelScript {
    /// The level's number in the file, from 1.
    level: usize,
    steps: Vec<Step>,
}

/// One click and what the player shows after it.
#[derive(Serialize)]
struct Step {
    cell: String,
    button: &'static str,
    /// Every uncovered cell (revealed ones included), in the level's item order.
    uncovered: Vec<String>,
    remaining: usize,
    mistakes: u32,
    /// The dimmed numbers, in the level's item order.
    dimmed: Vec<String>,
    solved: bool,
}

fn step(session: &Session, pos: Pos, button: Button) -> Step {
    let game = session.game();
    let level = game.level();
    let dimmed = game.clue_marks();
    Step {
        cell: name(pos),
        button: match button {
            Button::Left => "left",
            Button::Right => "right",
        },
        uncovered: level
            .cells()
            .filter(|(p, _)| game.is_uncovered(*p))
            .map(|(p, _)| name(p))
            .collect(),
        remaining: game.remaining(),
        mistakes: game.mistakes(),
        dimmed: level
            .items()
            .filter(|(p, _)| dimmed.is_dimmed(*p))
            .map(|(p, _)| name(p))
            .collect(),
        solved: game.is_solved(),
    }
}

/// The clicks of a level's script (see the module's doc).
fn clicks(level: &Level, swap_buttons: bool) -> Vec<(Pos, Button)> {
    let report = solve::verdict(level, &Budget::default());
    let mut order: Vec<Pos> = report.deductions.iter().map(|d| d.pos).collect();
    order.extend(report.stuck.iter().copied());
    for (pos, cell) in level.cells() {
        if !cell.revealed && !order.contains(&pos) {
            order.push(pos);
        }
    }
    let columns: Vec<Pos> = level.columns().map(|(p, _)| p).collect();
    let button_for = |color| {
        if color_of(Button::Left, swap_buttons) == color {
            Button::Left
        } else {
            Button::Right
        }
    };
    let mut draw = Draw::new(&level_key(level));
    let mut out = Vec::new();
    for (k, &pos) in order.iter().enumerate() {
        let Some(cell) = level.cell(pos) else { continue };
        let right = button_for(cell.color);
        if draw.one_in(6) {
            out.push((pos, other(right)));
        }
        out.push((pos, right));
        if cell.hint.shows_number() && draw.one_in(3) {
            out.push((pos, Button::Right));
            if draw.one_in(2) {
                out.push((pos, Button::Right));
            }
        }
        if matches!(level.get(pos), Some(Item::Cell(c)) if c.hint.shows_number()) && draw.one_in(5) {
            out.push((pos, Button::Left));
        }
        if !columns.is_empty() && draw.one_in(8) {
            let column = columns[draw.below(columns.len())];
            out.push((
                column,
                if draw.one_in(2) {
                    Button::Left
                } else {
                    Button::Right
                },
            ));
        }
        if k > 0 && draw.one_in(12) {
            let earlier = order[draw.below(k)];
            out.push((
                earlier,
                if draw.one_in(2) {
                    Button::Left
                } else {
                    Button::Right
                },
            ));
        }
    }
    out
}

fn other(button: Button) -> Button {
    match button {
        Button::Left => Button::Right,
        Button::Right => Button::Left,
    }
}

/// A fixed pseudo-random draw (xorshift), seeded by the level's key.
struct Draw(u64);

impl Draw {
    fn new(key: &str) -> Draw {
        Draw(u64::from_str_radix(key, 16).unwrap_or(1).max(1))
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn one_in(&mut self, n: u64) -> bool {
        self.next() % n == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_script_uncovers_every_cell_with_mistakes_and_dims_on_the_way() {
        let text = include_str!("../../../tests/levels/flowers.hexcells");
        let script: serde_json::Value =
            serde_json::from_str(&play_script(text, None, false).unwrap()).unwrap();
        let steps = script["levels"][0]["steps"].as_array().unwrap();
        let last = steps.last().unwrap();
        assert_eq!(last["solved"], true);
        assert_eq!(last["remaining"], 0);
        let mistakes = last["mistakes"].as_u64().unwrap();
        assert!(mistakes > 0, "a wrong click or more");
        assert!(
            steps.iter().any(|s| !s["dimmed"].as_array().unwrap().is_empty()),
            "a dimmed number"
        );
        // The same script each time.
        assert_eq!(
            play_script(text, None, false).unwrap(),
            play_script(text, None, false).unwrap()
        );
        assert!(play_script(text, Some(2), false).is_err());
    }
}
