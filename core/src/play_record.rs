//! Play records: a play-through in a short text notation, in the spirit of chess
//! notation, and a check of a record against a level.
//!
//! One move per line: the cell's Hexix name, `b` (uncovered blue) or `k` (uncovered
//! black), and `?` when the move was a mistake (the player chose that colour, it was
//! wrong, and the cell stayed covered). A round number may come first (`3. F7b`);
//! `#` starts a comment; blank lines are skipped. A cell and colour in parentheses,
//! `(J4k)`, is a guess (a pencil mark) the player left on a covered cell: not a move,
//! so replaying ignores it. See `docs/record-notation.md`.
//!
//! ```text
//! # hexcells record
//! 1. F7b
//! 1. G8k
//! 2. H9b?
//! 2. H9k
//! (J4k)
//! ```
//!
//! Parsing never fails: it returns the moves it could read and a problem for each
//! line it could not.

use std::collections::BTreeMap;

use crate::diagnostic::{escape_controls, TextRange};
use crate::model::notation::is_off_grid_name;
use crate::model::{name, parse_name, Color, Level, Pos};
use crate::solve::{PlayState, Report};

/// The first line [`print`] writes; optional when reading.
pub const HEADER: &str = "# hexcells record";

/// A whole play-through.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The moves, in the order played.
    pub moves: Vec<Move>,
    /// Guesses (pencil marks) left on covered cells at the end: not moves.
    pub guesses: Vec<Guess>,
}

/// A guess the player marked on a covered cell: it costs nothing and uncovers nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guess {
    /// The covered cell.
    pub pos: Pos,
    /// The colour the player thinks it is.
    pub color: Color,
}

/// One click of the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The cell clicked.
    pub pos: Pos,
    /// The colour the player chose for it.
    pub color: Color,
    /// Whether the record marks the move as a mistake (`?`).
    pub mistake: bool,
    /// The round number written before the move, if any.
    pub round: Option<usize>,
}

/// A line of a record that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordProblem {
    /// Where, in lines and characters from 0.
    pub range: TextRange,
    /// What is wrong and what to write instead.
    pub message: String,
}

/// What [`parse`] read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParsedRecord {
    /// The moves read.
    pub record: Record,
    /// The line (from 0) of each move, for messages.
    pub move_lines: Vec<u32>,
    /// Lines that could not be read (they are skipped).
    pub problems: Vec<RecordProblem>,
}

/// Reads a record; never fails.
pub fn parse(text: &str) -> ParsedRecord {
    let mut out = ParsedRecord::default();
    for (line_idx, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or("");
        let start = content.chars().take_while(|c| c.is_whitespace()).count();
        let trimmed = content.trim();
        if trimmed.is_empty() {
            continue;
        }
        let end = start + trimmed.chars().count();
        let read = match trimmed.strip_prefix('(') {
            Some(rest) => parse_guess(trimmed, rest).map(|guess| out.record.guesses.push(guess)),
            None => parse_move(trimmed).map(|mv| {
                out.record.moves.push(mv);
                out.move_lines.push(line_idx as u32);
            }),
        };
        match read {
            Ok(()) => {}
            Err(message) => out.problems.push(RecordProblem {
                range: TextRange {
                    line: line_idx as u32,
                    start: start as u32,
                    end: end as u32,
                },
                message: escape_controls(message),
            }),
        }
    }
    out
}

/// `(F7b)`: a guess; `rest` is the text after the opening parenthesis.
fn parse_guess(text: &str, rest: &str) -> Result<Guess, String> {
    let expected =
        || format!("cannot read guess `{text}`: expected a cell and a colour in parentheses, like `(F7b)`");
    let inner = rest.strip_suffix(')').ok_or_else(expected)?.trim();
    if inner.contains(['.', '?', '(', ')']) {
        return Err(expected());
    }
    let mv = parse_move(inner).map_err(|_| expected())?;
    Ok(Guess {
        pos: mv.pos,
        color: mv.color,
    })
}

fn parse_move(text: &str) -> Result<Move, String> {
    let (round, rest) = match text.split_once('.') {
        Some((number, rest)) if !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()) => {
            let round = number
                .parse::<usize>()
                .map_err(|_| format!("round number `{number}` is too large"))?;
            (Some(round), rest.trim())
        }
        _ => (None, text),
    };
    let (rest, mistake) = match rest.strip_suffix('?') {
        Some(rest) => (rest.trim_end(), true),
        None => (rest, false),
    };
    let expected =
        || format!("cannot read move `{text}`: expected a cell and a colour, like `F7b` or `3. G8k?`");
    let mut chars = rest.chars();
    let color = match chars.next_back() {
        Some('b' | 'B') => Color::Blue,
        Some('k' | 'K') => Color::Black,
        _ => return Err(expected()),
    };
    let cell = chars.as_str().trim_end();
    let pos = parse_name(cell).ok_or_else(|| {
        if cell.is_empty() {
            expected()
        } else if is_off_grid_name(cell) {
            format!("`{cell}` is off the grid: cells are named with columns A to AG and lines 1 to 33")
        } else {
            format!("`{cell}` is not a cell name (letters then a line number, like `F7`)")
        }
    })?;
    Ok(Move {
        pos,
        color,
        mistake,
        round,
    })
}

/// The canonical text of a record: the header, one move per line, then the guesses.
pub fn print(record: &Record) -> String {
    let mut out = String::from(HEADER);
    out.push('\n');
    for mv in &record.moves {
        if let Some(round) = mv.round {
            out.push_str(&format!("{round}. "));
        }
        out.push_str(&name(mv.pos));
        out.push(color_letter(mv.color));
        if mv.mistake {
            out.push('?');
        }
        out.push('\n');
    }
    for guess in &record.guesses {
        out.push_str(&format!("({}{})\n", name(guess.pos), color_letter(guess.color)));
    }
    out
}

fn color_letter(color: Color) -> char {
    match color {
        Color::Blue => 'b',
        Color::Black => 'k',
    }
}

/// The engine's solution as a record: every deduced cell, with its round.
pub fn from_report(report: &Report) -> Record {
    Record {
        moves: report
            .deductions
            .iter()
            .map(|d| Move {
                pos: d.pos,
                color: d.color,
                mistake: false,
                round: Some(d.round),
            })
            .collect(),
        guesses: Vec::new(),
    }
}

/// What happened to one move when replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveOutcome {
    /// The right colour: the cell is uncovered.
    Uncovered,
    /// A wrong colour, marked `?` in the record: counted as a mistake, as recorded.
    RecordedMistake,
    /// A wrong colour not marked `?`: the record does not match the level.
    WrongColor,
    /// Marked `?` but the colour is right: the record does not match the level.
    NotAMistake,
    /// There is no cell at that position.
    NoCell,
    /// The cell was already uncovered (revealed at the start or by an earlier move).
    AlreadyUncovered,
}

impl MoveOutcome {
    /// Whether the move is legal and agrees with the level.
    pub fn is_ok(self) -> bool {
        matches!(self, MoveOutcome::Uncovered | MoveOutcome::RecordedMistake)
    }
}

/// A record checked against a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The outcome of each move, in order.
    pub outcomes: Vec<MoveOutcome>,
    /// Mistakes the player made (recorded or not).
    pub n_mistakes: usize,
    /// Whether every cell is uncovered at the end.
    pub finished: bool,
    /// The cells still covered at the end, row by row.
    pub covered: Vec<Pos>,
}

impl Replay {
    /// The index of the first move that is illegal or disagrees with the level.
    pub fn first_error(&self) -> Option<usize> {
        self.outcomes.iter().position(|o| !o.is_ok())
    }
}

/// Plays `record` on `level` and says how each move went (guesses are not moves: they
/// change nothing).
pub fn replay(level: &Level, record: &Record) -> Replay {
    let mut uncovered: BTreeMap<Pos, bool> = level.cells().map(|(pos, cell)| (pos, cell.revealed)).collect();
    let mut n_mistakes = 0;
    let outcomes = record
        .moves
        .iter()
        .map(|mv| {
            let Some(cell) = level.cell(mv.pos) else {
                return MoveOutcome::NoCell;
            };
            if uncovered.get(&mv.pos).copied().unwrap_or(false) {
                return MoveOutcome::AlreadyUncovered;
            }
            let right = cell.color == mv.color;
            if !right {
                n_mistakes += 1;
            }
            match (right, mv.mistake) {
                (true, false) => {
                    uncovered.insert(mv.pos, true);
                    MoveOutcome::Uncovered
                }
                (true, true) => MoveOutcome::NotAMistake,
                (false, true) => MoveOutcome::RecordedMistake,
                (false, false) => MoveOutcome::WrongColor,
            }
        })
        .collect();
    let covered: Vec<Pos> = uncovered.iter().filter(|(_, u)| !**u).map(|(p, _)| *p).collect();
    Replay {
        outcomes,
        n_mistakes,
        finished: covered.is_empty(),
        covered,
    }
}

/// The player's marks after the moves of `record` that uncovered a cell, for
/// [`crate::solve::hint`] and for a viewer resuming a game.
pub fn play_state(level: &Level, record: &Record) -> PlayState {
    let replayed = replay(level, record);
    let marks = record
        .moves
        .iter()
        .zip(&replayed.outcomes)
        .filter(|(_, o)| **o == MoveOutcome::Uncovered)
        .map(|(mv, _)| (mv.pos, mv.color))
        .collect();
    PlayState { marks }
}

/// The move a player makes by uncovering `pos` as `color` on `level` (a mistake when
/// the colour is wrong), for a viewer that records as it goes.
pub fn move_for(level: &Level, pos: Pos, color: Color, round: Option<usize>) -> Move {
    Move {
        pos,
        color,
        mistake: level.cell(pos).is_some_and(|c| c.color != color),
        round,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_with_or_without_rounds_and_marks() {
        let parsed = parse("# hexcells record\n1. F7b\nG8k  # a comment\n\n 2.H9b?\nzz\n3. F7x\n");
        let text: Vec<String> = parsed.record.moves.iter().map(|m| format!("{m:?}")).collect();
        assert_eq!(parsed.record.moves.len(), 3, "{text:?}");
        assert_eq!(parsed.record.moves[0].round, Some(1));
        assert_eq!(parsed.record.moves[1].color, Color::Black);
        assert!(parsed.record.moves[2].mistake);
        assert_eq!(parsed.problems.len(), 2);
        assert_eq!(parsed.problems[0].range.line, 5);
        assert!(
            parsed.problems[1].message.contains("F7x"),
            "{}",
            parsed.problems[1].message
        );
    }

    #[test]
    fn a_name_off_the_grid_is_told_apart_from_a_misspelt_one() {
        let parsed = parse("Z99b\nF-7b\n");
        let messages: Vec<&str> = parsed.problems.iter().map(|p| p.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "`Z99` is off the grid: cells are named with columns A to AG and lines 1 to 33",
                "`F-7` is not a cell name (letters then a line number, like `F7`)",
            ]
        );
    }

    #[test]
    fn guesses_read_back_and_replay_ignores_them() {
        let text = "# hexcells record\nF1b\n(B1k)\n( C1b )\n(D1b?)\n(2. E1b)\n(F1k\n";
        let parsed = parse(text);
        assert_eq!(parsed.record.moves.len(), 1);
        let guesses: Vec<String> = parsed
            .record
            .guesses
            .iter()
            .map(|g| format!("{}{}", name(g.pos), color_letter(g.color)))
            .collect();
        assert_eq!(guesses, ["B1k", "C1b"]);
        let lines: Vec<u32> = parsed.problems.iter().map(|p| p.range.line).collect();
        assert_eq!(lines, [4, 5, 6], "{:?}", parsed.problems);
        assert!(parsed.problems[0].message.contains("like `(F7b)`"));
        assert_eq!(print(&parsed.record), "# hexcells record\nF1b\n(B1k)\n(C1b)\n");
        let level = crate::format::parse(&format!("Hexcells level v1\nT\nA\n\n\n{:.<66}\n", "o.o.x.o.o.x."))
            .levels
            .remove(0)
            .level;
        let without = Record {
            moves: parsed.record.moves.clone(),
            guesses: Vec::new(),
        };
        assert_eq!(replay(&level, &parsed.record), replay(&level, &without));
    }

    #[test]
    fn printing_reads_back() {
        let text = "# hexcells record\n1. F7b\nG8k\n2. AB12b?\n";
        let parsed = parse(text);
        assert!(parsed.problems.is_empty());
        assert_eq!(print(&parsed.record), text);
    }
}
