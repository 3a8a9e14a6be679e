//! Why the cells of a run's rounds are forced, kept for the next versions of the
//! level: a cell the exact checker proved forced keeps the clues its refutation used
//! (each where it is shown, with a digest of what it says) and whether it used the
//! counter; a cell the rules' quick forms forced keeps the clue or pair that forced it
//! and the clues of the round's cells those read (`rules::Reason`). Those alone force
//! the cell whatever else a version shows, so a run of another version, richer or
//! poorer, takes the cell as forced, unasked, in the first round that shows those
//! clues unchanged and has uncovered every member of them that the proving version
//! had when it proved the cell (every cell, for a proof that used the counter):
//! knowing more of the cells a proof reads only rules colourings out ([`SureCells`]).

use crate::model::{Pos, GRID_SIZE};
use crate::solve::deduce::Proof;
use crate::solve::difficulty::ReplayRecord;
use crate::solve::puzzle::{Puzzle, Values};
use crate::solve::report::Deduction;

/// Why the cells of a run's rounds are forced, where the engine's exact checker or
/// the rules' quick forms said: per cell, the clues that force it (each where it is
/// shown, with a digest of what it says), and whether with the counter. Those alone
/// force the cell whatever else a version of the level shows.
#[derive(Clone, Debug, Default)]
pub struct Proofs {
    proved: Vec<Proved>,
    /// The clues of every proof, one after the other (each proof's at its range):
    /// each where it is shown, with a digest of what it says. Most cells of a run
    /// have a proof, and a vector each cost an allocation for every one of them.
    clues: Vec<(Pos, u64)>,
    /// Each cell the run uncovered, and the round after which it had it (0:
    /// revealed).
    uncovered: Vec<(Pos, usize)>,
    /// The digest of the run's solution ([`Puzzle::solution_digest`]): a version
    /// with another solution (a cell painted or erased) takes none of the proofs.
    solution: u64,
    /// The run's grade replay, when it was graded: another version's replay
    /// starts after the steps that read nothing the two show differently.
    replay: Option<ReplayRecord>,
}

/// One cell's proof, see [`Proofs`].
#[derive(Clone, Debug)]
struct Proved {
    pos: Pos,
    round: usize,
    /// Where its clues are in [`Proofs::clues`].
    clues: std::ops::Range<u32>,
    counter: bool,
}

impl Proofs {
    /// The proofs of the cells uncovered in rounds 1 to `round` (rounds another run
    /// shares, so that run keeps them for the versions after it).
    pub(crate) fn up_to(&self, round: usize) -> Proofs {
        let mut kept = Proofs::default();
        for p in self.proved.iter().filter(|p| p.round <= round) {
            let start = kept.clues.len() as u32;
            kept.clues.extend_from_slice(self.clues_of(p));
            kept.proved.push(Proved {
                clues: start..kept.clues.len() as u32,
                ..p.clone()
            });
        }
        kept
    }

    /// Keeps the proof of the cell at `pos`, forced in round `round` of `puzzle`.
    pub(crate) fn add(&mut self, puzzle: &Puzzle, pos: Pos, round: usize, proof: &Proof) {
        let start = self.clues.len() as u32;
        self.clues.extend(
            proof
                .clues
                .iter()
                .map(|&c| (puzzle.clues[c].at, puzzle.clue_digest(c))),
        );
        self.proved.push(Proved {
            pos,
            round,
            clues: start..self.clues.len() as u32,
            counter: proof.counter,
        });
    }

    /// The clues of proof `p`.
    fn clues_of(&self, p: &Proved) -> &[(Pos, u64)] {
        &self.clues[p.clues.start as usize..p.clues.end as usize]
    }

    /// Keeps which cells the run uncovered, and when (those `puzzle` reveals, then
    /// the `deductions`), and the solution it proved them for.
    pub(crate) fn set_uncovered(&mut self, puzzle: &Puzzle, deductions: &[Deduction]) {
        self.solution = puzzle.solution_digest();
        self.uncovered = (0..puzzle.cells.len())
            .filter(|&i| puzzle.revealed[i])
            .map(|i| (puzzle.cells[i], 0))
            .chain(deductions.iter().map(|d| (d.pos, d.round)))
            .collect();
    }

    /// Keeps the run's grade replay (`None`: it was not graded).
    pub(crate) fn set_replay(&mut self, replay: Option<ReplayRecord>) {
        self.replay = replay;
    }

    /// The run's grade replay, when it was graded.
    pub(crate) fn replay(&self) -> Option<&ReplayRecord> {
        self.replay.as_ref()
    }

    /// Each cell the run uncovered, and the round after which it had it (0:
    /// revealed): a richer version's bound ([`Resume::richer`]).
    ///
    /// [`Resume::richer`]: crate::solve::Resume::richer
    pub(crate) fn uncovered(&self) -> &[(Pos, usize)] {
        &self.uncovered
    }

    /// How many cells have a proof.
    pub fn len(&self) -> usize {
        self.proved.len()
    }

    /// Whether no cell has one.
    pub fn is_empty(&self) -> bool {
        self.proved.is_empty()
    }
}

/// The proofs a run takes from another version's ([`Resume::proofs`]), read against
/// this level's clues and cells: at the start of each round, the cells they prove.
/// None when the other version has another solution (see [`Proofs`]).
///
/// [`Resume::proofs`]: crate::solve::Resume::proofs
pub(crate) struct SureCells {
    /// The other version's proofs whose clues this level shows unchanged, in this
    /// level's terms: the cell, the round that version proved it in, where its
    /// clues are in `clues`, and whether with the counter.
    proved: Vec<(usize, usize, std::ops::Range<usize>, bool)>,
    /// The clues of those proofs, one after the other.
    clues: Vec<usize>,
    /// Per cell: the round after which the other version has it (`usize::MAX`: never).
    after: Vec<usize>,
}

impl SureCells {
    pub(crate) fn new(puzzle: &Puzzle, proofs: &Proofs) -> SureCells {
        let mut sure = SureCells {
            proved: Vec::new(),
            clues: Vec::new(),
            after: puzzle.rounds_after(&proofs.uncovered),
        };
        if proofs.solution != puzzle.solution_digest() {
            return sure;
        }
        // Per grid position: the clue of this level shown there, if any.
        let mut clue_at = vec![None::<usize>; usize::from(GRID_SIZE) * usize::from(GRID_SIZE)];
        for (c, clue) in puzzle.clues.iter().enumerate() {
            clue_at[clue.at.index()] = Some(c);
        }
        for p in &proofs.proved {
            let Some(i) = puzzle.cell_at(p.pos) else {
                continue;
            };
            let start = sure.clues.len();
            for &(at, digest) in proofs.clues_of(p) {
                match clue_at[at.index()] {
                    Some(c) if puzzle.clue_digest(c) == digest => sure.clues.push(c),
                    _ => break,
                }
            }
            if sure.clues.len() - start == p.clues.len() {
                sure.proved.push((i, p.round, start..sure.clues.len(), p.counter));
            } else {
                sure.clues.truncate(start);
            }
        }
        sure
    }

    /// The hidden cells of `known` (among `may_force`, when given) that the other
    /// version proved with clues this level shows unchanged, visible with `known`,
    /// and whose members (every cell, for the counter) this level knows wherever
    /// that version knew them when it proved the cell; with their proofs in this
    /// level's terms.
    pub(crate) fn at_start(
        &self,
        puzzle: &Puzzle,
        known: &Values,
        may_force: Option<&[bool]>,
    ) -> Vec<(usize, Proof)> {
        let after = &self.after;
        // Whether cell `m` is uncovered here wherever the other version had it at
        // the start of its round `round`.
        let caught_up = |m: usize, round: usize| known[m].is_some() || after[m] >= round;
        let mut everything_from = None::<usize>;
        self.proved
            .iter()
            .filter(|(i, _, _, _)| known[*i].is_none() && may_force.is_none_or(|may| may[*i]))
            .filter_map(|(i, round, clues, counter)| {
                let clues = &self.clues[clues.clone()];
                if !clues.iter().all(|&c| puzzle.clue_visible(c, known)) {
                    return None;
                }
                let members_known = if *counter {
                    // Every cell: caught up for the rounds up to the first after
                    // which the other version knows a cell hidden here.
                    let caught_up_to = *everything_from.get_or_insert_with(|| {
                        (0..known.len())
                            .filter(|&m| known[m].is_none())
                            .map(|m| after[m])
                            .min()
                            .unwrap_or(usize::MAX)
                    });
                    *round <= caught_up_to
                } else {
                    clues
                        .iter()
                        .all(|&c| puzzle.clues[c].members.iter().all(|&m| caught_up(m, *round)))
                };
                members_known.then(|| {
                    (
                        *i,
                        Proof {
                            clues: clues.to_vec(),
                            counter: *counter,
                        },
                    )
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse;
    use crate::model::{Cell, Color, Item, Level};
    use crate::solve::fixture_rounds::{GENERATED_FIXTURES, SOLVE_FIXTURES};
    use crate::solve::{verdict, verdict_and_grade_proving, Budget, Resume};

    /// Versions of `level` an author makes one edit after the other: a hidden cell
    /// revealed, a revealed one hidden again, a cell painted the other colour.
    fn edits(level: &Level) -> Vec<(&'static str, Level)> {
        let cells: Vec<(Pos, Cell)> = level.cells().collect();
        let mut out = Vec::new();
        for (k, (pos, cell)) in cells.iter().enumerate().step_by(5) {
            let mut edited = level.clone();
            let mut changed = *cell;
            let what = match k % 3 {
                0 => {
                    changed.revealed = !cell.revealed;
                    "revealed or hidden"
                }
                _ => {
                    changed.color = match cell.color {
                        Color::Blue => Color::Black,
                        Color::Black => Color::Blue,
                    };
                    "painted"
                }
            };
            edited.set(*pos, Some(Item::Cell(changed)));
            out.push((what, edited));
        }
        out
    }

    /// A version that takes the proofs of the version edited before it gets the
    /// verdict it gets from scratch; its proofs come from the same solution only.
    #[test]
    fn a_verdict_from_the_proofs_of_the_version_before_is_the_verdict_from_scratch() {
        let budget = Budget::default();
        let (mut n_versions, mut n_taken, mut n_refused) = (0, 0, 0);
        for text in SOLVE_FIXTURES.iter().chain(&GENERATED_FIXTURES) {
            for parsed in parse(text).levels {
                let mut before = parsed.level;
                let (_, mut proofs) =
                    verdict_and_grade_proving(&before, &budget, None, Resume::default(), false);
                for (what, version) in edits(&before) {
                    let resume = Resume {
                        proofs: Some(&proofs),
                        ..Resume::default()
                    };
                    let (report, next) = verdict_and_grade_proving(&version, &budget, None, resume, false);
                    assert_eq!(report, verdict(&version, &budget), "{}: {what}", before.title);
                    let puzzle = Puzzle::new(&version);
                    let taken = SureCells::new(&puzzle, &proofs).proved.len();
                    if puzzle.solution_digest() == Puzzle::new(&before).solution_digest() {
                        n_taken += usize::from(taken > 0);
                    } else {
                        assert_eq!(taken, 0, "{}: {what}", before.title);
                        n_refused += usize::from(!proofs.is_empty());
                    }
                    n_versions += 1;
                    (before, proofs) = (version, next);
                }
            }
        }
        assert!(n_versions > 30, "versions: {n_versions}");
        assert!(n_taken > 5, "versions that took proofs: {n_taken}");
        assert!(n_refused > 5, "painted versions that refused proofs: {n_refused}");
    }
}
