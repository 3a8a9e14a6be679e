//! `hexcells replay LEVEL RECORD`: checks a play record against a level (each move
//! on a covered cell, with the right colour or marked `?` as a mistake) and says
//! where it went wrong. (`hexcells solve --record` writes such records.)

use std::io::Write;

use hexcells_core::format::parse;
use hexcells_core::model::name;
use hexcells_core::play_record::{self, Move, MoveOutcome, Replay};
use hexcells_core::Color;

use super::args::ReplayArgs;
use super::exit::Status;
use super::input::{self, Source};
use super::pack;
use super::phrases::plural;

/// Runs `hexcells replay`: exit 0 when every move agrees with the level, 1 when a
/// move or line does not.
pub fn run(args: &ReplayArgs, out: &mut dyn Write) -> anyhow::Result<Status> {
    let level_source = Source::from_arg(&args.level_file);
    let levels = parse(&input::read_text(&level_source)?).levels;
    let level = &pack::pick(&levels, args.level, &level_source.to_string())?.level;
    let record_source = Source::from_arg(&args.record);
    let parsed_record = play_record::parse(&input::read_text(&record_source)?);
    let mut status = Status::Clean;
    for problem in &parsed_record.problems {
        writeln!(
            out,
            "{record_source}:{}:{}: error: {}",
            problem.range.line + 1,
            problem.range.start + 1,
            problem.message
        )?;
        status = Status::Findings;
    }
    let replay = play_record::replay(level, &parsed_record.record);
    let moves = &parsed_record.record.moves;
    for (i, outcome) in replay.outcomes.iter().enumerate() {
        let (Some(mv), Some(line)) = (moves.get(i), parsed_record.move_lines.get(i)) else {
            continue;
        };
        let cell = name(mv.pos);
        let said = color_word(mv.color);
        let why = match outcome {
            MoveOutcome::Uncovered | MoveOutcome::RecordedMistake => continue,
            MoveOutcome::WrongColor => format!(
                "{cell} is {}, not {said} (write `{cell}{}?` if the player made this mistake)",
                color_word(mv.color.other()),
                letter(mv.color)
            ),
            MoveOutcome::NotAMistake => {
                format!("{cell} is {said}, so this move is no mistake (drop the `?`)")
            }
            MoveOutcome::NoCell => format!("there is no cell at {cell}"),
            MoveOutcome::AlreadyUncovered => format!("{cell} is already uncovered"),
        };
        writeln!(out, "{record_source}:{}: move {}: {why}", line + 1, i + 1)?;
        status = Status::Findings;
    }
    let mistakes = plural(replay.n_mistakes, "mistake", "mistakes");
    let n_moves = plural(moves.len(), "move", "moves");
    if replay.finished {
        writeln!(out, "{n_moves}, {mistakes}: level finished")?;
    } else {
        writeln!(out, "{n_moves}, {mistakes}: {}", describe_covered(&replay, moves))?;
    }
    Ok(status)
}

/// Cells named before "and N more" in the last line.
const MAX_NAMED_CELLS: usize = 12;

/// `2 cells still covered: S15 (move 16 chose black, but it is blue), T16`: a cell that
/// a move tried and left covered says which move, and why.
fn describe_covered(replay: &Replay, moves: &[Move]) -> String {
    let mut names: Vec<String> = replay
        .covered
        .iter()
        .take(MAX_NAMED_CELLS)
        .map(|&pos| {
            let cell = name(pos);
            let last_try = moves
                .iter()
                .zip(&replay.outcomes)
                .enumerate()
                .rev()
                .find(|(_, (mv, _))| mv.pos == pos);
            match last_try {
                Some((i, (mv, MoveOutcome::WrongColor | MoveOutcome::RecordedMistake))) => format!(
                    "{cell} (move {} chose {}, but it is {})",
                    i + 1,
                    color_word(mv.color),
                    color_word(mv.color.other())
                ),
                Some((i, (_, MoveOutcome::NotAMistake))) => {
                    format!("{cell} (move {} is marked `?`, so it left it covered)", i + 1)
                }
                _ => cell,
            }
        })
        .collect();
    if replay.covered.len() > MAX_NAMED_CELLS {
        names.push(format!("and {} more", replay.covered.len() - MAX_NAMED_CELLS));
    }
    format!(
        "{} still covered: {}",
        plural(replay.covered.len(), "cell", "cells"),
        names.join(", ")
    )
}

fn color_word(color: Color) -> &'static str {
    color.as_str()
}

fn letter(color: Color) -> char {
    match color {
        Color::Blue => 'b',
        Color::Black => 'k',
    }
}
