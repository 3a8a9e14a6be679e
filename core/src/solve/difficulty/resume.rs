//! Where a version's replay may start from another version's: the first steps of
//! the grade's replay (`replay.rs`) read nothing that the two versions show
//! differently, so they are the same steps in both, and the version's replay
//! starts after them instead of playing them again.
//!
//! A step reads the cells uncovered so far and the clues they show, the rounds of
//! the cells it looks at (those of its round and the next), and, when it falls back
//! on the engine, its round's explanations, made with what the round's start shows.
//! So a step of the recorded version is the same step in another version when
//! - both have the same cells, revealed at the start alike, with the same colours;
//! - both have the same cells in each round up to the step's next;
//! - every clue the two versions show differently (gone, added or changed) is still
//!   hidden at the step: its cell is neither uncovered by the replay yet nor by a
//!   round before the step's.
//!
//! The steps before the first that breaks one of these are the same in both, and
//! so is what the replay knows after them. Besides that, the replay keeps only
//! what it works out again from the clues a step reads (the rule found near each
//! cell, the pair answers, the round explanations): the version's replay starts
//! with those empty. It cites only the clues of the steps it takes itself, so a
//! caller that reads the citations ([`crate::solve::verdict_and_grade_citing`])
//! gives it nothing to start from.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use crate::model::Pos;
use crate::solve::puzzle::{Puzzle, Values};
use crate::solve::report::{Deduction, ReplayStep as Step};

/// A replay as another version of the level may start from it: what the version
/// compares (the cells, the clues, the rounds) and the steps with the cells each
/// uncovered. A replay that stopped early (its score passed the grade asked)
/// records the steps it took.
#[derive(Clone, Debug)]
pub(crate) struct ReplayRecord {
    /// A digest of the cells: where each is, whether it is revealed at the start,
    /// its colour.
    cells: u64,
    /// Each clue: where it is shown, a digest of what it says, and the cell that
    /// shows it (`None`: shown from the start); by place and digest.
    clues: Vec<(Pos, u64, Option<Pos>)>,
    /// Each cell the rounds uncover, with its round, in the rounds' order.
    rounds: Vec<(Pos, usize)>,
    /// The replay's steps, and the cells each uncovered.
    steps: Vec<Step>,
    settled: Vec<Vec<Pos>>,
}

/// The start of a replay taken from a record: its steps, the cells each
/// uncovered (this level's indices) and what the replay knows after them.
pub(super) struct Prefix {
    pub(super) steps: Vec<Step>,
    pub(super) settled: Vec<Vec<usize>>,
    pub(super) known: Values,
}

impl ReplayRecord {
    /// The record of the replay of `puzzle` from `deductions` that took `steps`,
    /// uncovering `settled` (cell indices) at each.
    pub(super) fn new(
        puzzle: &Puzzle,
        deductions: &[Deduction],
        steps: &[Step],
        settled: &[Vec<usize>],
    ) -> ReplayRecord {
        ReplayRecord {
            cells: cells_digest(puzzle),
            clues: clue_list(puzzle),
            rounds: deductions.iter().map(|d| (d.pos, d.round)).collect(),
            steps: steps.to_vec(),
            settled: settled
                .iter()
                .map(|cells| cells.iter().map(|&i| puzzle.cells[i]).collect())
                .collect(),
        }
    }

    /// The recorded steps that the replay of `puzzle` from `deductions` takes too,
    /// as they are, with what it knows after them (starting from `initial`); `None`
    /// when not even the first is the same (see the file's header).
    pub(super) fn prefix(
        &self,
        puzzle: &Puzzle,
        deductions: &[Deduction],
        initial: &Values,
    ) -> Option<Prefix> {
        let n = self.same_steps(puzzle, deductions);
        if n == 0 {
            return None;
        }
        let settled: Vec<Vec<usize>> = self.settled[..n]
            .iter()
            .map(|cells| {
                cells
                    .iter()
                    .map(|&pos| puzzle.cell_at(pos))
                    .collect::<Option<Vec<usize>>>()
            })
            .collect::<Option<_>>()?;
        let mut known = initial.clone();
        for &i in settled.iter().flatten() {
            known[i] = Some(puzzle.blue[i]);
        }
        Some(Prefix {
            steps: self.steps[..n].to_vec(),
            settled,
            known,
        })
    }

    /// How many of the recorded steps read nothing that `puzzle`, solved in
    /// `deductions`, shows differently.
    fn same_steps(&self, puzzle: &Puzzle, deductions: &[Deduction]) -> usize {
        if self.cells != cells_digest(puzzle) {
            return 0;
        }
        let steps = &self.steps;
        // A step reads the rounds up to its next one.
        let common = common_rounds(&self.rounds, deductions);
        let mut n = steps
            .iter()
            .position(|s| s.round.saturating_add(1) > common)
            .unwrap_or(steps.len());
        let theirs = clue_list(puzzle);
        let ours = &self.clues;
        let changed = ours
            .iter()
            .filter(|c| theirs.binary_search(c).is_err())
            .chain(theirs.iter().filter(|c| ours.binary_search(c).is_err()));
        let round_of: HashMap<Pos, usize> = self.rounds.iter().copied().collect();
        let mut step_of: HashMap<Pos, usize> = HashMap::new();
        for (k, cells) in self.settled.iter().enumerate() {
            step_of.extend(cells.iter().map(|&pos| (pos, k)));
        }
        for &(_, _, shown_by) in changed {
            // Shown from the start (a column number, a revealed cell's number).
            let Some(round) = shown_by.and_then(|pos| round_of.get(&pos)) else {
                return 0;
            };
            let uncovered = shown_by.and_then(|pos| step_of.get(&pos));
            let hidden_in_replay = uncovered.map_or(steps.len(), |&k| k + 1);
            let hidden_in_round = steps.iter().position(|s| s.round > *round).unwrap_or(steps.len());
            n = n.min(hidden_in_replay).min(hidden_in_round);
        }
        n
    }
}

/// The last round up to which `recorded` and `deductions` uncover the same cells
/// in each round (`usize::MAX` when every round is the same).
fn common_rounds(recorded: &[(Pos, usize)], deductions: &[Deduction]) -> usize {
    let (mut ours, mut theirs) = (recorded, deductions);
    let mut round = 0;
    loop {
        if ours.is_empty() && theirs.is_empty() {
            return usize::MAX;
        }
        let next = round + 1;
        let n_ours = ours.iter().take_while(|(_, r)| *r == next).count();
        let n_theirs = theirs.iter().take_while(|d| d.round == next).count();
        if n_ours == 0 || n_ours != n_theirs {
            return round;
        }
        let mut a: Vec<Pos> = ours[..n_ours].iter().map(|(pos, _)| *pos).collect();
        let mut b: Vec<Pos> = theirs[..n_theirs].iter().map(|d| d.pos).collect();
        a.sort_unstable();
        b.sort_unstable();
        if a != b {
            return round;
        }
        round = next;
        ours = &ours[n_ours..];
        theirs = &theirs[n_theirs..];
    }
}

/// A digest of `puzzle`'s cells: where each is, whether it is revealed at the
/// start, and its colour.
fn cells_digest(puzzle: &Puzzle) -> u64 {
    let mut hasher = DefaultHasher::new();
    puzzle.cells.len().hash(&mut hasher);
    for i in 0..puzzle.cells.len() {
        (puzzle.cells[i].index(), puzzle.revealed[i], puzzle.blue[i]).hash(&mut hasher);
    }
    hasher.finish()
}

/// Each clue of `puzzle`: where it is shown, its digest and the cell that shows
/// it, sorted.
fn clue_list(puzzle: &Puzzle) -> Vec<(Pos, u64, Option<Pos>)> {
    let mut clues: Vec<(Pos, u64, Option<Pos>)> = (0..puzzle.clues.len())
        .map(|c| {
            let clue = &puzzle.clues[c];
            (
                clue.at,
                puzzle.clue_digest(c),
                clue.owner.map(|o| puzzle.cells[o]),
            )
        })
        .collect();
    clues.sort_unstable();
    clues
}

#[cfg(test)]
mod tests {
    use crate::fixture::without_number;
    use crate::format::parse;
    use crate::solve::fixture_rounds::GENERATED_FIXTURES;
    use crate::solve::puzzle::Puzzle;
    use crate::solve::{verdict_and_grade, verdict_and_grade_proving, Budget, Resume, Verdict};

    #[test]
    fn a_version_without_a_number_shown_late_starts_from_the_first_steps_and_replays_alike() {
        let budget = Budget::default();
        let mut n_taken = 0;
        for text in GENERATED_FIXTURES {
            let level = parse(text).levels.remove(0).level;
            let (report, proofs) = verdict_and_grade_proving(&level, &budget, None, Resume::default(), true);
            let record = proofs.replay().expect("a graded run records its replay");
            for d in &report.deductions {
                let Some(version) = without_number(&level, d.pos) else {
                    continue;
                };
                let shared: Vec<_> = report
                    .deductions
                    .iter()
                    .filter(|e| e.round <= d.round)
                    .cloned()
                    .collect();
                let resume = Resume {
                    first_rounds: &shared,
                    richer: None,
                    at_most: None,
                    proofs: Some(&proofs),
                };
                let (resumed, _) = verdict_and_grade_proving(&version, &budget, None, resume, true);
                let fresh = verdict_and_grade(&version, &budget);
                assert_eq!(resumed, fresh, "without the number at {:?}", d.pos);
                if fresh.verdict != Verdict::Solvable {
                    continue;
                }
                // The steps taken from the record are the version's own first steps.
                let puzzle = Puzzle::new(&version);
                if let Some(prefix) = record.prefix(&puzzle, &fresh.deductions, &puzzle.initial_values()) {
                    let n = prefix.steps.len();
                    assert_eq!(
                        prefix.steps,
                        fresh.difficulty.steps[..n],
                        "without the number at {:?}",
                        d.pos
                    );
                    n_taken += 1;
                }
            }
            // The level itself takes every step.
            let puzzle = Puzzle::new(&level);
            let all = record.prefix(&puzzle, &report.deductions, &puzzle.initial_values());
            assert_eq!(all.map(|p| p.steps), Some(report.difficulty.steps.clone()));
        }
        assert!(n_taken > 0, "no version took a step from the record");
    }
}
