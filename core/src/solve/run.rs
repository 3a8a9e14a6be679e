//! The engine's run over a level: round after round, the cells a perfect player
//! uncovers (`deduce/` decides each round), until none is hidden or none is forced;
//! then their explanations (`explain/`) and the grade (`difficulty/`), as much of
//! them as the caller asks for.
//!
//! May import: every part of the engine but `advice/`.

use crate::model::{Level, Pos};
use crate::solve::budget::{Budget, Clock, Stop};
use crate::solve::deduce::{Deducer, Proof};
use crate::solve::difficulty::{self, GradeMemo, ReplayRecord};
use crate::solve::explain::{explain_all, explain_all_with, Purpose};
use crate::solve::proofs::{Proofs, SureCells};
use crate::solve::puzzle::{Puzzle, Values};
use crate::solve::reason::sat::SatBackend;
use crate::solve::report::{Deduction, Explanation, Grade, Report, Verdict};

/// Verdict, rounds and a minimal explanation for every uncovered cell.
pub fn analyze(level: &Level, budget: &Budget) -> Report {
    analyze_with(level, budget, SatBackend::default())
}

/// Like [`analyze`] but explanations may be empty: the fast path.
pub fn verdict(level: &Level, budget: &Budget) -> Report {
    verdict_with(level, budget, SatBackend::default())
}

/// [`analyze`] without the explanations in words: every [`Explanation`]'s `text`
/// is empty, its clues, rule and minimality are the same, and so are the rounds
/// and the grade. For callers that print no explanation (`hexcells check`).
pub fn analyze_without_words(level: &Level, budget: &Budget) -> Report {
    run(
        level,
        budget,
        SatBackend::default(),
        Detail::Clues,
        Start::Fresh,
        None,
    )
}

/// [`analyze`] with a chosen SAT backend.
pub fn analyze_with(level: &Level, budget: &Budget, backend: SatBackend) -> Report {
    run(level, budget, backend, Detail::Words, Start::Fresh, None)
}

/// [`verdict`] with a chosen SAT backend.
pub fn verdict_with(level: &Level, budget: &Budget, backend: SatBackend) -> Report {
    run(level, budget, backend, Detail::Verdict, Start::Fresh, None)
}

/// [`verdict`] with the grade: the rounds, and the easiest-first replay that
/// grades them, which works out only the explanations it falls back on (those
/// of a round where no named rule settles a cell), and those only as far as it
/// reads them. The grade, the score and the replay's steps are those [`analyze`]
/// gives, but for the clue count of a step wider than a chain reads (more than 8
/// clues: a contradiction whatever its minimal set, so of the same effort), which
/// is not minimised, and so the reasons that name it; the deductions carry no
/// explanation, so the summary's counts of rules, clues and counter uses are 0.
/// For callers that only ask how hard a level is (the generator, the drawing's
/// clues): most rounds of an easy or medium level are never explained.
pub fn verdict_and_grade(level: &Level, budget: &Budget) -> Report {
    verdict_and_grade_from(level, budget, None, Resume::default(), true)
}

/// [`verdict_and_grade`], with the answers of the replay's pair questions and the
/// explanations of its rounds kept in `memo` (and read from it): the same report,
/// faster when `memo` already holds answers of a level much like this one (the
/// generator grades version after version of one level, a clue apart).
pub fn verdict_and_grade_with(level: &Level, budget: &Budget, memo: &GradeMemo) -> Report {
    verdict_and_grade_from(level, budget, Some(memo), Resume::default(), true)
}

/// How much a run works out besides the rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Detail {
    /// The verdict and the rounds; no explanations.
    Verdict,
    /// The verdict, the rounds and the grade; explanations only where the replay
    /// needs them.
    Grade,
    /// Each deduction's clues and rule, and the grade.
    Clues,
    /// Also each explanation in words.
    Words,
}

/// The report [`analyze`] gives, from the report [`verdict`] gave for the same
/// level: the rounds are not worked out again, only explained (what a language
/// server that published the verdict first needs next). A verdict that gave up or
/// was cancelled has no rounds to start from: the level is analysed from scratch.
pub fn explain_verdict(level: &Level, verdict: &Report, budget: &Budget) -> Report {
    if matches!(verdict.verdict, Verdict::GaveUp | Verdict::Cancelled) {
        return analyze(level, budget);
    }
    let backend = SatBackend::default();
    let clock = Clock::start(budget);
    let puzzle = Puzzle::new(level);
    let mut known = puzzle.initial_values();
    let mut deductions: Vec<Deduction> = Vec::with_capacity(verdict.deductions.len());
    let mut outcome = verdict.verdict;
    for round in verdict.deductions.chunk_by(|a, b| a.round == b.round) {
        let forced: Vec<usize> = round.iter().filter_map(|d| puzzle.cell_at(d.pos)).collect();
        let explained = clock
            .check()
            .and_then(|()| explain_all(&puzzle, &known, backend, &clock, &forced, None));
        let explanations = match explained {
            Ok(explanations) => explanations,
            Err(stop) => {
                outcome = stopped(stop);
                break;
            }
        };
        for (d, explanation) in round.iter().zip(explanations) {
            deductions.push(Deduction {
                explanation,
                ..d.clone()
            });
        }
        for &i in &forced {
            known[i] = Some(puzzle.blue[i]);
        }
    }
    let grader = Grader {
        backend,
        clock: &clock,
        explained: true,
        memo: None,
        at_most: None,
        resume_from: None,
    };
    finish(&puzzle, outcome, deductions, &known, Some(grader)).0
}

/// What grades a solvable run: the replay's engine and clock, and whether the
/// run's deductions carry their explanations.
struct Grader<'c> {
    backend: SatBackend,
    clock: &'c Clock,
    explained: bool,
    memo: Option<&'c GradeMemo>,
    /// See [`Resume::at_most`].
    at_most: Option<Grade>,
    /// The replay of the version whose proofs the run took ([`Resume::proofs`]).
    resume_from: Option<&'c ReplayRecord>,
}

/// [`verdict`] with the cells `deduced` uncovered from the start, as a player who
/// already deduced them has them. For a level edited only by adding information
/// (a reveal, a number, a column, `{}` or `-n-`), the cells the unedited level
/// uncovers are uncovered in the edited one too, whatever the order: so its verdict
/// and stuck cells come out the same, only faster. Rounds count from there.
pub(crate) fn verdict_after(level: &Level, budget: &Budget, deduced: &[Pos]) -> Report {
    run(
        level,
        budget,
        SatBackend::default(),
        Detail::Verdict,
        Start::Deduced(deduced),
        None,
    )
}

/// [`verdict_and_grade_with`] (or with `graded` false, [`verdict`]) of a level
/// that takes what `resume` says of a level judged before: the same report as from
/// the start, faster (the generator judges levels a clue apart).
pub fn verdict_and_grade_from(
    level: &Level,
    budget: &Budget,
    memo: Option<&GradeMemo>,
    resume: Resume<'_>,
    graded: bool,
) -> Report {
    verdict_and_grade_proving(level, budget, memo, resume, graded).0
}

/// [`verdict_and_grade_from`], with the proofs of its rounds' cells, which a run of
/// a version of the level may take ([`Resume::proofs`]).
pub fn verdict_and_grade_proving(
    level: &Level,
    budget: &Budget,
    memo: Option<&GradeMemo>,
    resume: Resume<'_>,
    graded: bool,
) -> (Report, Proofs) {
    let detail = if graded { Detail::Grade } else { Detail::Verdict };
    let (report, _, proofs) = run_citing(
        level,
        budget,
        SatBackend::default(),
        detail,
        Start::Rounds(resume),
        memo,
    );
    (report, proofs)
}

/// What a run may take from a level judged before.
#[derive(Clone, Copy, Debug, Default)]
pub struct Resume<'a> {
    /// The deductions of rounds 1 to r of a level this one differs from only by
    /// information a player sees once those rounds are played (the number, or its
    /// `{n}` / `-n-`, of a cell uncovered in round r or later). Those rounds are the
    /// same in both (the cells they uncover are forced without what differs), so
    /// the run starts after them.
    pub first_rounds: &'a [Deduction],
    /// When this level shows at most what a level judged before shows (that level
    /// without a clue, a reveal or a `{n}` / `-n-`): per cell that level uncovers,
    /// the round after which it has (0: revealed from the start). A cell forced in
    /// this level's round r is known to that level after its round r (by induction:
    /// it knows at least as much after each round, and a cell forced with less
    /// information is forced with more), so the round asks only about those.
    pub richer: Option<&'a [(Pos, usize)]>,
    /// When the caller only asks whether the grade is at most this one (the
    /// generator's "no harder than the target", the never-needed clues' "the same
    /// grade"): the grade's replay stops at the first step whose score passes this
    /// grade's band. The score only grows step by step, so the level's grade is above
    /// it too. The report then carries the grade of the steps so far: above this one,
    /// and maybe below the level's own (its steps and reasons stop there too). When
    /// this is the hardest grade, the replay stops as well at the first step whose
    /// score reaches it: the report carries that grade, which is the level's, but
    /// only the steps so far. Otherwise, when the grade is at most this one, the
    /// report is the whole one.
    pub at_most: Option<Grade>,
    /// The proofs of the rounds of a version of this level judged before
    /// ([`verdict_and_grade_proving`]), richer or poorer: a cell that version forced
    /// by clues this level shows unchanged is forced here too, unasked, in the first
    /// round that starts with every member of those clues uncovered that was
    /// uncovered when that version forced it (every cell, for a proof that used the
    /// counter). Knowing more of the cells a proof reads only rules out colourings,
    /// so the proof still holds. When that version was graded, the grade's replay
    /// here starts after its first steps that read nothing the two show differently
    /// (`difficulty/resume.rs`). Any version of the level may give its proofs (a
    /// cell revealed, a clue changed): a version with another solution (a cell
    /// painted or erased) gives none.
    pub proofs: Option<&'a Proofs>,
}

/// [`verdict_and_grade_from`], graded, with where the clues its grade's replay
/// cites are shown, in grid order (none when the level is not solvable): the
/// never-needed clues ask no question about a number or column number that is not
/// among them (see `generate/unneeded.rs` for why, and what was measured).
pub(crate) fn verdict_and_grade_citing(
    level: &Level,
    budget: &Budget,
    memo: Option<&GradeMemo>,
    resume: Resume<'_>,
) -> (Report, Vec<Pos>, Proofs) {
    run_citing(
        level,
        budget,
        SatBackend::default(),
        Detail::Grade,
        Start::Rounds(resume),
        memo,
    )
}

/// Where a run starts.
#[derive(Clone, Copy)]
enum Start<'a> {
    /// From the level's revealed cells.
    Fresh,
    /// With these cells uncovered too; rounds count from there, and no grade.
    Deduced(&'a [Pos]),
    /// After these rounds, which are the level's own, and maybe bounded by a richer
    /// level's.
    Rounds(Resume<'a>),
}

fn run(
    level: &Level,
    budget: &Budget,
    backend: SatBackend,
    detail: Detail,
    start: Start<'_>,
    memo: Option<&GradeMemo>,
) -> Report {
    run_citing(level, budget, backend, detail, start, memo).0
}

/// [`run`], with where the clues the grade's replay cites are shown (none when the
/// run is not graded), and the proofs of its rounds' cells.
fn run_citing(
    level: &Level,
    budget: &Budget,
    backend: SatBackend,
    detail: Detail,
    start: Start<'_>,
    memo: Option<&GradeMemo>,
) -> (Report, Vec<Pos>, Proofs) {
    let clock = Clock::start(budget);
    let puzzle = Puzzle::new(level);
    let mut known = puzzle.initial_values();
    let (deduced, first_rounds): (Vec<Pos>, &[Deduction]) = match start {
        Start::Fresh => (Vec::new(), &[]),
        Start::Deduced(cells) => (cells.to_vec(), &[]),
        Start::Rounds(resume) => (
            resume.first_rounds.iter().map(|d| d.pos).collect(),
            resume.first_rounds,
        ),
    };
    // Per cell: the round after which a richer level knows it (none: never).
    let richer: Option<Vec<usize>> = match start {
        Start::Rounds(Resume {
            richer: Some(richer), ..
        }) => Some(puzzle.rounds_after(richer)),
        _ => None,
    };
    for &pos in &deduced {
        if let Some(i) = puzzle.cell_at(pos) {
            known[i] = Some(puzzle.blue[i]);
        }
    }
    let mut deductions = first_rounds.to_vec();
    let mut deducer = Deducer::new(&puzzle, backend);
    let mut round = first_rounds.last().map_or(0, |d| d.round);
    // The other version's proofs, and this run's: those of the shared rounds first.
    let taken = match start {
        Start::Rounds(Resume {
            proofs: Some(proofs), ..
        }) => Some(proofs),
        _ => None,
    };
    let sure_cells = taken.map(|proofs| SureCells::new(&puzzle, proofs));
    let mut proofs = taken.map_or_else(Proofs::default, |taken| taken.up_to(round));
    let verdict = loop {
        if known.iter().all(Option::is_some) {
            break Verdict::Solvable;
        }
        if let Err(stop) = clock.check() {
            break stopped(stop);
        }
        let may_force: Option<Vec<bool>> = richer
            .as_ref()
            .map(|after| after.iter().map(|&r| r <= round + 1).collect());
        // The other version's proofs that hold at this round's start.
        let sure = sure_cells.as_ref().map_or_else(Vec::new, |sure| {
            sure.at_start(&puzzle, &known, may_force.as_deref())
        });
        let this_round = Round {
            number: round + 1,
            may_force: may_force.as_deref(),
            sure: &sure,
        };
        match one_round(&puzzle, &known, backend, &clock, detail, this_round, &mut deducer) {
            Ok(found) if found.is_empty() => break Verdict::Stuck { after_round: round },
            Ok(found) => {
                round += 1;
                for d in &found {
                    if let Some(i) = puzzle.cell_at(d.pos) {
                        known[i] = Some(puzzle.blue[i]);
                        if let Some(proof) = deducer.proof(i) {
                            proofs.add(&puzzle, d.pos, round, proof);
                        }
                    }
                }
                deductions.extend(found);
            }
            Err(stop) => break stopped(stop),
        }
    };
    // The grade replays the solution from the start.
    let from_the_start = !matches!(start, Start::Deduced(_));
    let grader = (detail != Detail::Verdict && from_the_start).then_some(Grader {
        backend,
        clock: &clock,
        explained: detail != Detail::Grade,
        memo,
        at_most: match start {
            Start::Rounds(resume) => resume.at_most,
            Start::Fresh | Start::Deduced(_) => None,
        },
        resume_from: taken.and_then(Proofs::replay),
    });
    proofs.set_uncovered(&puzzle, &deductions);
    let (report, cited, record) = finish(&puzzle, verdict, deductions, &known, grader);
    proofs.set_replay(record);
    (report, cited, proofs)
}

/// The report of a run that ended with `verdict` after `deductions`, with `known`
/// uncovered: graded by `grader` (a replay with the engine) when it is given and
/// the level is solvable. A replay that the clock stops leaves the level ungraded
/// and the verdict says why. With it, where the clues the replay cites are shown,
/// and the replay's record.
fn finish(
    puzzle: &Puzzle,
    mut verdict: Verdict,
    deductions: Vec<Deduction>,
    known: &Values,
    grader: Option<Grader<'_>>,
) -> (Report, Vec<Pos>, Option<ReplayRecord>) {
    let stuck = (0..puzzle.cells.len())
        .filter(|i| known[*i].is_none())
        .map(|i| puzzle.cells[i])
        .collect();
    let engine = grader
        .filter(|_| verdict == Verdict::Solvable)
        .map(|g| difficulty::ReplayEngine {
            backend: g.backend,
            clock: g.clock,
            explained: g.explained,
            memo: g.memo,
            at_most: g.at_most,
            resume_from: g.resume_from,
        });
    let initial = puzzle.initial_values();
    let (difficulty, cited, record) = match difficulty::summarise(puzzle, &initial, &deductions, engine) {
        Ok(summary) => summary,
        Err(stop) => {
            verdict = stopped(stop);
            difficulty::summarise(puzzle, &initial, &deductions, None).unwrap_or_default()
        }
    };
    let report = Report {
        verdict,
        deductions,
        stuck,
        difficulty,
    };
    (report, cited, record)
}

/// The verdict of a run that `stop` ended.
fn stopped(stop: Stop) -> Verdict {
    match stop {
        Stop::GaveUp => Verdict::GaveUp,
        Stop::Cancelled => Verdict::Cancelled,
    }
}

/// A round of a run: its number, the cells it may force when a richer level
/// bounds them (see [`Resume::richer`]), and those it forces by a proof taken from
/// that level (see [`Resume::proofs`]).
struct Round<'a> {
    number: usize,
    may_force: Option<&'a [bool]>,
    sure: &'a [(usize, Proof)],
}

/// The deductions of one round (empty when nothing is forced).
fn one_round(
    puzzle: &Puzzle,
    known: &Values,
    backend: SatBackend,
    clock: &Clock,
    detail: Detail,
    round: Round<'_>,
    deducer: &mut Deducer<'_>,
) -> Result<Vec<Deduction>, Stop> {
    let forced = deducer.forced_cells(known, clock, round.may_force, round.sure)?;
    let round = round.number;
    let explanations = match detail {
        Detail::Verdict | Detail::Grade => vec![Explanation::default(); forced.len()],
        Detail::Clues => explain_all_with(puzzle, known, backend, clock, &forced, None, Purpose::Clues)?,
        Detail::Words => explain_all(puzzle, known, backend, clock, &forced, None)?,
    };
    let out = forced
        .iter()
        .zip(explanations)
        .map(|(&i, explanation)| Deduction {
            pos: puzzle.cells[i],
            color: puzzle.color(i),
            round,
            explanation,
        })
        .collect();
    Ok(out)
}
