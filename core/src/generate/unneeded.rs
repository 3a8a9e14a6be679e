//! Clues a player never needs: on a solvable level, each clue (a revealed cell, a
//! number, a `{n}` / `-n-` form, a column number) whose removal leaves the level
//! solvable at the same grade, and a set of them that can all go together.
//!
//! Each clue costs the engine's fast verdict without it (from the rounds the level
//! without it shares with the level, each later round asking only about the cells
//! the level knew by then), and when that is still solvable, the replay that grades
//! it (after the level's own first steps that read nothing the clue changes; with
//! only the explanations it falls back on, those of a round seen before answered
//! from the engine's memo; up to the step whose score passes the level's grade,
//! when one does, or reaches it, when it is the hardest): one re-solve and one
//! re-grade per clue at most, two clues at a time unless [`Limits::one_core`].
//! The engine runs with the generator's conflict budget (a clue the engine cannot
//! settle within it counts as needed), and the caller's cancel flag stops the work.
//!
//! A number or column number that the grade's replay does not cite costs nothing: it
//! is never needed. Each step of the replay follows from the clues it cites, so the
//! level without such a clue is still solved by the same steps; and the replay
//! cites, besides the clues of the steps it takes, those of every rule it found for
//! a cell it looked at and of every explanation it compared, so none of its choices
//! read the clue, and the steps, hence the grade, stay. (Not a revealed cell: hiding
//! it adds a cell to deduce.) Two things the citations do not cover could still
//! change the replay in principle: the engine's rounds, of which the replay reads
//! which cells a player looks at (without the clue a cell might be forced a round
//! later), and the explanations' search (a deletion pass that started with the clue
//! may end at another minimal set). On the whole corpus and its versions a number
//! apart (1,251 solvable levels, 42,747 such clues) neither ever did: the answer
//! without a question was the re-solve's every time. [`unneeded_clues_from_scratch`]
//! asks about every clue, and a test compares the two.

use crate::model::{Item, Level, Pos};
use crate::solve::{Grade, Resume};

use super::clues::Draft;
use super::engine::{Engine, Limits, Stop};
use super::from_drawing::FillError;
use super::prune::{self, Piece, Trace};

/// One clue a player never needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unneeded {
    /// Where it is: the cell or the column number.
    pub at: Pos,
    /// What it is, in words: `the revealed cell`, `the number`, `the {n} / -n- form`,
    /// `the column number`.
    pub what: &'static str,
    /// The level without it, as the items that change: each position with its new
    /// item (`None`: the position becomes empty).
    pub without: Vec<(Pos, Option<Item>)>,
}

/// The clues a level never needs, and the grade it keeps.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UnneededClues {
    /// The level's grade, kept without any one of them.
    pub grade: Option<Grade>,
    /// Each clue a player never needs, in grid order.
    pub each: Vec<Unneeded>,
    /// How many of them can go together (taken away in grid order while the level
    /// keeps its grade), and the items that change when they do.
    pub together: usize,
    /// The items that change when those go together.
    pub together_without: Vec<(Pos, Option<Item>)>,
}

/// The clues `level` never needs; empty when it is not solvable (within the budget).
/// [`FillError::Cancelled`] when the caller's cancel flag was set.
pub fn unneeded_clues(level: &Level, limits: &Limits) -> Result<UnneededClues, FillError> {
    let mut engine = Engine::new(limits);
    find(level, &mut engine, Asked::CitedOnly).map_err(|Stop| FillError::Cancelled)
}

/// [`unneeded_clues`] the old way, the oracle its tests compare it with: every clue
/// is asked about with a re-solve of the level without it, cited by the grade's
/// replay or not, and nothing is kept from one re-solve to the next but the rounds
/// they share ([`Limits::from_scratch`]). The same answer, slower (for a caller's
/// switch to the old path).
///
/// The "together" part is found the same way by both: one removal after the other,
/// each judged by a re-solve.
pub fn unneeded_clues_from_scratch(level: &Level, limits: &Limits) -> Result<UnneededClues, FillError> {
    let limits = Limits {
        from_scratch: true,
        ..limits.clone()
    };
    let mut engine = Engine::new(&limits);
    find(level, &mut engine, Asked::Every).map_err(|Stop| FillError::Cancelled)
}

/// Which clues cost the engine a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Asked {
    /// Only the clues the grade's replay cites; a number or column number it does
    /// not cite is never needed (the level without it replays the same steps).
    CitedOnly,
    /// Every clue.
    Every,
}

fn find(level: &Level, engine: &mut Engine, asked: Asked) -> Result<UnneededClues, Stop> {
    let Some((report, cited, proofs)) = engine.check_citing(level)? else {
        return Ok(UnneededClues::default());
    };
    let Some(grade) = report.difficulty.grade else {
        return Ok(UnneededClues::default());
    };
    let draft = Draft::of(level);
    let trace = Trace::new(&draft, report.deductions, proofs);
    // The grade of `draft` without `piece` (`None`: stuck, or gone already).
    let grade_without = |draft: &Draft, trace: &Trace, piece: Piece, engine: &mut Engine| {
        let mut without = draft.clone();
        if !prune::remove(&mut without, piece) {
            return Ok(None);
        }
        // Only "the same grade?" is asked: a replay whose score passes it stops there.
        let resume = Resume {
            at_most: Some(grade),
            ..trace.resume(draft, &[piece])
        };
        let report = engine.check_proving(&without.level(), resume, true)?;
        Ok(report.map(|(r, proofs)| (r.difficulty.grade, r.deductions, proofs)))
    };
    // Each clue alone, on the level as it is: independent, so two at a time.
    let pieces = prune::pieces(&draft);
    // A number or column number the replay does not cite: no question.
    let uncited = |piece: Piece| {
        asked == Asked::CitedOnly
            && matches!(piece, Piece::Number(_) | Piece::Column(_))
            && cited.binary_search(&position(&draft, piece)).is_err()
    };
    let asked_about: Vec<Piece> = pieces.iter().copied().filter(|&p| !uncited(p)).collect();
    let answers = prune::each_side_by_side(&asked_about, engine, |piece, engine| {
        Ok(grade_without(&draft, &trace, piece, engine)?.is_some_and(|(g, _, _)| g == Some(grade)))
    })?;
    let mut answers = answers.into_iter();
    let not_needed: Vec<bool> = pieces
        .iter()
        .map(|&p| uncited(p) || answers.next().unwrap_or(false))
        .collect();
    let unneeded_pieces: Vec<Piece> = pieces
        .iter()
        .zip(&not_needed)
        .filter(|(_, not_needed)| **not_needed)
        .map(|(piece, _)| *piece)
        .collect();
    let mut each: Vec<Unneeded> = unneeded_pieces
        .iter()
        .map(|&piece| {
            let mut without = draft.clone();
            prune::remove(&mut without, piece);
            Unneeded {
                at: position(&draft, piece),
                what: match piece {
                    Piece::Reveal(_) => "the revealed cell",
                    Piece::Number(_) => "the number",
                    Piece::Special(_) | Piece::ColumnSpecial(_) => "the {n} / -n- form",
                    Piece::Column(_) => "the column number",
                },
                without: changes(&draft, &without),
            }
        })
        .collect();
    each.sort_by_key(|u| u.at);
    // Together: one after the other while the level keeps its grade.
    let mut leaner = draft.clone();
    let mut leaner_trace = trace;
    let mut together = 0;
    for piece in unneeded_pieces {
        if let Some((Some(g), rounds, proofs)) = grade_without(&leaner, &leaner_trace, piece, engine)? {
            if g == grade {
                prune::remove(&mut leaner, piece);
                leaner_trace = Trace::new(&leaner, rounds, proofs);
                together += 1;
            }
        }
    }
    Ok(UnneededClues {
        grade: Some(grade),
        together_without: changes(&draft, &leaner),
        each,
        together,
    })
}

/// Where `piece` sits.
fn position(draft: &Draft, piece: Piece) -> Pos {
    match piece {
        Piece::Reveal(i) | Piece::Number(i) | Piece::Special(i) => draft.cells[i],
        Piece::Column(j) | Piece::ColumnSpecial(j) => draft.columns[j].map_or(draft.cells[0], |(pos, _)| pos),
    }
}

/// The items of `after` that differ from `before`'s, in grid order.
fn changes(before: &Draft, after: &Draft) -> Vec<(Pos, Option<Item>)> {
    let (a, b) = (before.level(), after.level());
    let mut out: Vec<(Pos, Option<Item>)> = a
        .items()
        .filter(|(pos, item)| b.get(*pos) != Some(*item))
        .map(|(pos, _)| (pos, b.get(pos)))
        .collect();
    out.sort_by_key(|(pos, _)| *pos);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture;

    #[test]
    fn clues_the_counter_makes_redundant_are_not_needed_and_removing_one_keeps_the_grade() {
        // The one hidden cell is black by the counter alone (no blue cell is left):
        // neither number is needed, nor is either black cell's reveal.
        let level = fixture::level(&["O+..X.", "..o...", "O+...."]);
        let found = unneeded_clues(&level, &Limits::default()).expect("not cancelled");
        assert!(found.grade.is_some());
        for clue in &found.each {
            let mut without = level.clone();
            for (pos, item) in &clue.without {
                without.set(*pos, *item);
            }
            let report = crate::solve::analyze(&without, &crate::solve::Budget::default());
            assert_eq!(report.verdict, crate::solve::Verdict::Solvable, "{clue:?}");
            assert_eq!(report.difficulty.grade, found.grade, "{clue:?}");
        }
        let places: Vec<(Pos, &str)> = found.each.iter().map(|u| (u.at, u.what)).collect();
        for at in [fixture::pos(0, 0), fixture::pos(0, 2)] {
            assert!(places.contains(&(at, "the number")), "{places:?}");
        }
        assert!(
            found.together >= 1 && found.together <= found.each.len(),
            "{found:?}"
        );
    }
}
