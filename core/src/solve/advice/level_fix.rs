//! Fixes for stuck levels: small edits (a `c`/`n` on a number, a number on a cell, a
//! column number, a cell revealed at the start), each checked by running the engine
//! on the edited level. Single edits come first; when none is enough, edits are chained
//! greedily (each one the edit that uncovers most), up to three. Every edit only adds
//! information, so an edited level is checked from where the unedited one got stuck.

use std::time::Instant;

use crate::model::{name, Cell, Clue, ClueKind, Column, Direction, Hint, Item, Level, Pos};
use crate::solve::budget::Budget;
use crate::solve::report::Verdict;
use crate::solve::run::{verdict, verdict_after};

/// One edit to a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Reveal this cell at the start.
    Reveal(Pos),
    /// Give this cell a number or change how it shows it (`+`, `c`, `n`).
    SetHint(Pos, Hint),
    /// Put a column number here.
    AddColumn(Pos, Direction, Hint),
}

/// A set of edits that makes a stuck level solvable (checked by the engine).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelFix {
    /// The edits.
    pub changes: Vec<Change>,
    /// A sentence for the author.
    pub description: String,
}

/// Fixes returned at most.
const MAX_FIXES: usize = 5;
/// Edits tried at most per step.
const MAX_TRIED: usize = 80;
/// Edits chained at most.
const MAX_CHAIN: usize = 3;

/// Small edits that make a stuck level solvable, fewest changes first. Each fix is
/// checked by running the engine on the edited level.
pub fn suggest_fixes(level: &Level, budget: &Budget) -> Vec<LevelFix> {
    let started = Instant::now();
    let out_of_time = || {
        budget.time_limit.is_some_and(|t| started.elapsed() >= t)
            || budget
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
    };
    let report = verdict(level, budget);
    if !matches!(report.verdict, Verdict::Stuck { .. }) {
        return Vec::new();
    }
    let deduced: Vec<Pos> = report.deductions.iter().map(|d| d.pos).collect();
    let mut fixes = Vec::new();
    let mut best: Option<(usize, Change, Level)> = None;
    for change in candidates(level, &report.stuck) {
        if out_of_time() || fixes.len() >= MAX_FIXES {
            break;
        }
        let Some(edited) = apply(level, change) else {
            continue;
        };
        let after = verdict_after(&edited, budget, &deduced);
        match after.verdict {
            Verdict::Solvable => fixes.push(LevelFix {
                changes: vec![change],
                description: describe(&[change]),
            }),
            Verdict::Stuck { .. }
                if after.stuck.len() < report.stuck.len()
                    && best.as_ref().is_none_or(|b| after.stuck.len() < b.0) =>
            {
                best = Some((after.stuck.len(), change, edited));
            }
            _ => {}
        }
    }
    if fixes.is_empty() {
        if let Some((_, first, edited)) = best {
            if let Some(chain) = chain(edited, vec![first], deduced, budget, &out_of_time) {
                fixes.push(LevelFix {
                    description: describe(&chain),
                    changes: chain,
                });
            }
        }
    }
    fixes
}

/// Greedy: keep adding the edit that uncovers most until the level is solvable.
fn chain(
    mut level: Level,
    mut changes: Vec<Change>,
    mut deduced: Vec<Pos>,
    budget: &Budget,
    out_of_time: &dyn Fn() -> bool,
) -> Option<Vec<Change>> {
    while changes.len() < MAX_CHAIN {
        let report = verdict_after(&level, budget, &deduced);
        if report.verdict == Verdict::Solvable {
            return Some(changes);
        }
        deduced.extend(report.deductions.iter().map(|d| d.pos));
        let mut best: Option<(usize, Change, Level)> = None;
        for change in candidates(&level, &report.stuck) {
            if out_of_time() {
                return None;
            }
            let Some(edited) = apply(&level, change) else {
                continue;
            };
            let after = verdict_after(&edited, budget, &deduced);
            let n_stuck = match after.verdict {
                Verdict::Solvable => 0,
                Verdict::Stuck { .. } => after.stuck.len(),
                _ => continue,
            };
            if n_stuck < report.stuck.len() && best.as_ref().is_none_or(|b| n_stuck < b.0) {
                best = Some((n_stuck, change, edited));
                if n_stuck == 0 {
                    break;
                }
            }
        }
        let (_, change, edited) = best?;
        changes.push(change);
        level = edited;
    }
    (verdict_after(&level, budget, &deduced).verdict == Verdict::Solvable).then_some(changes)
}

/// Edits worth trying for these stuck cells, the least visible first.
fn candidates(level: &Level, stuck: &[Pos]) -> Vec<Change> {
    let is_stuck = |p: Pos| stuck.contains(&p);
    let mut together = Vec::new();
    let mut numbers = Vec::new();
    let mut columns = Vec::new();
    let mut reveals = Vec::new();
    // `c` / `n` on a plain number that counts stuck cells.
    for clue in Clue::all_shown(level) {
        if clue.hint == Hint::Plain
            && clue.kind != ClueKind::Flower
            && clue.count(level) >= 2
            && clue.members.iter().any(|p| is_stuck(*p))
        {
            let hint = if clue.together(level) == Some(true) {
                Hint::Together
            } else {
                Hint::Apart
            };
            together.push(Change::SetHint(clue.at, hint));
        }
    }
    // A number on a cell that shows none and sees stuck cells (uncovered at some
    // point: not stuck itself).
    for (pos, cell) in level.cells() {
        if cell.hint != Hint::None || is_stuck(pos) {
            continue;
        }
        if let Some(clue) = Clue::at(level, pos) {
            if clue.members.iter().any(|p| is_stuck(*p)) {
                numbers.push(Change::SetHint(pos, Hint::Plain));
            }
        }
    }
    // A column number in front of a line of stuck cells.
    for &s in stuck {
        for direction in [Direction::Down, Direction::DownRight, Direction::DownLeft] {
            if let Some(at) = column_spot(level, s, direction) {
                let change = Change::AddColumn(at, direction, Hint::Plain);
                if !columns.contains(&change) {
                    columns.push(change);
                }
            }
        }
    }
    for &s in stuck {
        reveals.push(Change::Reveal(s));
    }
    let mut out = together;
    out.extend(numbers);
    out.extend(columns);
    out.extend(reveals);
    out.truncate(MAX_TRIED);
    out
}

/// The empty position just before the first cell of the line through `cell`.
fn column_spot(level: &Level, cell: Pos, direction: Direction) -> Option<Pos> {
    let (dx, dy) = direction.step();
    let mut first = cell;
    let mut p = cell;
    while let Some(prev) = p.offset(-dx, -dy) {
        if level.cell(prev).is_some() {
            first = prev;
        }
        if level.column(prev).is_some() {
            return None;
        }
        p = prev;
    }
    let spot = first.offset(-dx, -dy)?;
    let free = level.get(spot).is_none()
        && spot
            .offset(0, 1)
            .is_none_or(|b| level.get(b).is_none() || b == first)
        && spot.offset(0, -1).is_none_or(|a| level.get(a).is_none());
    free.then_some(spot)
}

/// `level` with `change` made, or `None` when it does not apply.
fn apply(level: &Level, change: Change) -> Option<Level> {
    let mut edited = level.clone();
    match change {
        Change::Reveal(pos) => {
            let cell = level.cell(pos)?;
            edited.set(
                pos,
                Some(Item::Cell(Cell {
                    revealed: true,
                    ..cell
                })),
            );
        }
        Change::SetHint(pos, hint) => match level.get(pos)? {
            Item::Cell(cell) => {
                edited.set(pos, Some(Item::Cell(Cell { hint, ..cell })));
            }
            Item::Column(column) => {
                edited.set(pos, Some(Item::Column(Column { hint, ..column })));
            }
        },
        Change::AddColumn(pos, direction, hint) => {
            if level.get(pos).is_some() {
                return None;
            }
            edited.set(pos, Some(Item::Column(Column { direction, hint })));
        }
    }
    Some(edited)
}

/// A sentence for the author.
fn describe(changes: &[Change]) -> String {
    let parts: Vec<String> = changes
        .iter()
        .map(|c| match *c {
            Change::Reveal(pos) => format!("reveal {} at the start", name(pos)),
            Change::SetHint(pos, Hint::Together) => {
                format!("mark the number at {} as together {{n}}", name(pos))
            }
            Change::SetHint(pos, Hint::Apart) => format!("mark the number at {} as apart -n-", name(pos)),
            Change::SetHint(pos, _) => format!("show a number on {}", name(pos)),
            Change::AddColumn(pos, direction, _) => {
                format!("add a column number `{}` at {}", direction.symbol(), name(pos))
            }
        })
        .collect();
    let mut text = parts.join(", then ");
    if let Some(first) = text.get(..1) {
        text = first.to_uppercase() + &text[1..];
    }
    text + " to make the level solvable"
}
