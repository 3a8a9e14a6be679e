//! Makes a solvable candidate lean: every clue, `{n}`/`-n-` and revealed cell is
//! taken away in turn (in random order) and stays away when the level is still
//! solvable, and no harder than the target.
//!
//! Solvability only shrinks as information goes, so one pass leaves a level in
//! which no single clue or reveal can be dropped. Pieces go in chunks that grow
//! after a success and shrink after a failure, which saves most engine calls; a
//! set is judged side by side with the set judged next if it is refused, on two
//! cores ([`JudgeAhead`]), with the same outcome as one at a time.

use crate::model::Hint;
use crate::solve::{Deduction, Grade, Proofs, Report, Resume};

use super::clues::Draft;
use super::engine::{Engine, Stop};
use super::rng::Rng;

/// Something the level shows that might not be needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Piece {
    /// A cell revealed at the start.
    Reveal(usize),
    /// A cell's number.
    Number(usize),
    /// A cell's `{n}` / `-n-` (back to a plain number).
    Special(usize),
    /// A column number.
    Column(usize),
    /// A column's `{n}` / `-n-`.
    ColumnSpecial(usize),
}

/// Removes what the level does not need; `report(done, total)` follows the work.
pub(super) fn prune(
    draft: &mut Draft,
    target: Grade,
    rng: &mut Rng,
    engine: &mut Engine,
    report: &mut dyn FnMut(usize, usize),
) -> Result<(), Stop> {
    let pieces = pieces(draft);
    prune_pieces(draft, pieces, Chunks::GENERATED, target, rng, engine, report).map(drop)
}

/// Everything `draft` shows that could be taken away, in grid order (cells, then
/// column numbers in the order found).
pub(super) fn pieces(draft: &Draft) -> Vec<Piece> {
    let mut pieces = Vec::new();
    for i in 0..draft.cells.len() {
        if draft.revealed[i] {
            pieces.push(Piece::Reveal(i));
        }
        match draft.hints[i] {
            Hint::None => {}
            Hint::Plain => pieces.push(Piece::Number(i)),
            Hint::Together | Hint::Apart => {
                pieces.push(Piece::Special(i));
                pieces.push(Piece::Number(i));
            }
        }
    }
    for (j, column) in draft.columns.iter().enumerate() {
        if let Some((_, column)) = column {
            if column.hint != Hint::Plain {
                pieces.push(Piece::ColumnSpecial(j));
            }
            pieces.push(Piece::Column(j));
        }
    }
    pieces
}

/// Removes those of `pieces` the level does not need, in a random order. Returns
/// the pieces kept because the level without them was too hard (not stuck): the
/// only ones that taking other pieces away may free; and the rounds of the level
/// left.
pub(super) fn prune_pieces(
    draft: &mut Draft,
    mut pieces: Vec<Piece>,
    chunks: Chunks,
    target: Grade,
    rng: &mut Rng,
    engine: &mut Engine,
    report: &mut dyn FnMut(usize, usize),
) -> Result<(Vec<Piece>, Trace), Stop> {
    rng.shuffle(&mut pieces);
    let total = pieces.len();
    // Pieces are taken away in chunks while that works (most early ones are not
    // needed), one by one where it does not; a piece refused alone is needed.
    let mut chunk = chunks.first;
    let mut done = 0;
    let mut too_hard = Vec::new();
    let mut judge = JudgeAhead::default();
    let mut trace = Trace::of(draft, target, engine)?;
    while done < total {
        report(done, total);
        let end = (done + chunk).min(total);
        // What is judged next if these are refused: the first half of them, or
        // the next piece alone.
        let if_refused = match chunk {
            1 => &pieces[(done + 1).min(total)..(done + 2).min(total)],
            _ => &pieces[done..(done + chunk / 2).min(total)],
        };
        let judged = judge.judge(draft, &trace, &pieces[done..end], if_refused, target, engine)?;
        let judgement = judged.judgement;
        if judgement == Judgement::Accepted {
            for piece in &pieces[done..end] {
                remove(draft, *piece);
            }
            trace.follow(draft, judged);
            judge.forget();
            done = end;
            chunk = (chunk * 2).min(chunks.most);
        } else {
            if chunk == 1 {
                if judgement == Judgement::TooHard {
                    too_hard.push(pieces[done]);
                }
                done += 1;
            }
            chunk = (chunk / 2).max(1);
        }
    }
    report(total, total);
    Ok((too_hard, trace))
}

/// How many pieces are taken away at once at first, and at most.
#[derive(Clone, Copy, Debug)]
pub(super) struct Chunks {
    pub(super) first: usize,
    pub(super) most: usize,
}

impl Chunks {
    /// For a generated candidate, which shows some of its clues at first (fixed:
    /// other chunks make other levels from the same seed).
    pub(super) const GENERATED: Chunks = Chunks { first: 8, most: 32 };
    /// For a drawing, which shows every clue it allows at first, most of them not
    /// needed: bigger chunks go faster (a quarter less time on the largest
    /// pictures than the generator's).
    pub(super) const DRAWING: Chunks = Chunks { first: 32, most: 128 };
}

/// Takes `piece` away; `false` when it is already gone.
pub(super) fn remove(draft: &mut Draft, piece: Piece) -> bool {
    match piece {
        Piece::Reveal(i) => std::mem::replace(&mut draft.revealed[i], false),
        Piece::Number(i) => std::mem::replace(&mut draft.hints[i], Hint::None) != Hint::None,
        Piece::Special(i) => {
            let special = matches!(draft.hints[i], Hint::Together | Hint::Apart);
            if special {
                draft.hints[i] = Hint::Plain;
            }
            special
        }
        Piece::Column(j) => draft.columns[j].take().is_some(),
        Piece::ColumnSpecial(j) => match &mut draft.columns[j] {
            Some((_, column)) if column.hint != Hint::Plain => {
                column.hint = Hint::Plain;
                true
            }
            _ => false,
        },
    }
}

/// What taking pieces away did to a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Judgement {
    /// Still solvable and no harder than the target.
    Accepted,
    /// Stuck, or the engine needs more than its budget. Taking more pieces away
    /// never makes it solvable again: a piece refused so stays needed.
    Stuck,
    /// Solvable but harder than the target. Taking other pieces away may change
    /// that (the grade is not monotone in the clues).
    TooHard,
}

/// What the engine's report on a level (`None`: stuck, or over its budget) says of
/// it against `target`.
pub(super) fn judgement(report: Option<&Report>, target: Grade) -> Judgement {
    match report {
        None => Judgement::Stuck,
        Some(_) if target == Grade::Hard => Judgement::Accepted,
        Some(report) if report.difficulty.grade.is_some_and(|g| g <= target) => Judgement::Accepted,
        Some(_) => Judgement::TooHard,
    }
}

/// A judgement, and the rounds of the level judged when it was accepted after a
/// call to the engine (the level the caller goes on with).
pub(super) struct Judged {
    pub(super) judgement: Judgement,
    rounds: Option<(Vec<Deduction>, Proofs)>,
}

/// The rounds of the level being pruned, which a level without a few of its
/// pieces shares up to where a player first sees one of them: the engine starts
/// there ([`crate::solve::verdict_and_grade_from`]), with the same report as from the start.
pub(super) struct Trace {
    rounds: Vec<Deduction>,
    /// Per cell of the draft: the round that uncovers it (0: revealed, or none).
    round_of: Vec<usize>,
    /// Why the rounds' cells are forced, where the engine said, and each cell the
    /// draft uncovers with the round after which it has it; `None` when the draft's
    /// rounds are not known (it was not solvable).
    proofs: Option<Proofs>,
}

impl Trace {
    /// The rounds of `draft` (none when it is stuck).
    pub(super) fn of(draft: &Draft, target: Grade, engine: &mut Engine) -> Result<Trace, Stop> {
        let report = engine.check_proving(&draft.level(), Resume::default(), target != Grade::Hard)?;
        Ok(match report {
            Some((report, proofs)) => Trace::new(draft, report.deductions, proofs),
            // Stuck (or past the budget): no rounds to share, nothing to bound by.
            None => Trace {
                rounds: Vec::new(),
                round_of: vec![0; draft.cells.len()],
                proofs: None,
            },
        })
    }

    /// The trace of `draft`, solvable with the rounds `rounds` (whose cells are
    /// forced for the reasons `proofs` gives).
    pub(super) fn new(draft: &Draft, rounds: Vec<Deduction>, proofs: Proofs) -> Trace {
        let mut round_of = vec![0; draft.cells.len()];
        for d in &rounds {
            if let Ok(i) = draft.cells.binary_search(&d.pos) {
                round_of[i] = d.round;
            }
        }
        Trace {
            rounds,
            round_of,
            proofs: Some(proofs),
        }
    }

    /// Goes on with the level `judged` accepted (`draft`, the pieces taken away).
    pub(super) fn follow(&mut self, draft: &Draft, judged: Judged) {
        if let Some((rounds, proofs)) = judged.rounds {
            *self = Trace::new(draft, rounds, proofs);
        }
    }

    /// What a run of `draft` without `pieces` takes from `draft`'s: the rounds they
    /// share, and `draft`'s as the bound of what each later round may force (the
    /// level without them shows less).
    pub(super) fn resume(&self, draft: &Draft, pieces: &[Piece]) -> Resume<'_> {
        Resume {
            first_rounds: self.shared(draft, pieces),
            richer: self.proofs.as_ref().map(Proofs::uncovered),
            at_most: None,
            proofs: self.proofs.as_ref(),
        }
    }

    /// The rounds `draft` without `pieces` shares with `draft`: those before a
    /// player sees any of them (a number, or its `{n}` / `-n-`, shows once its
    /// cell is uncovered; every other piece shows from the start).
    fn shared(&self, draft: &Draft, pieces: &[Piece]) -> &[Deduction] {
        let seen_after = |piece: &Piece| match *piece {
            Piece::Number(i) | Piece::Special(i) if !draft.revealed[i] => {
                self.round_of.get(i).copied().unwrap_or(0)
            }
            _ => 0,
        };
        let last = pieces.iter().map(seen_after).min().unwrap_or(0);
        &self.rounds[..self.rounds.partition_point(|d| d.round <= last)]
    }
}

/// Judges taking pieces away from a level, one set after the other, two at a time
/// when the engine may work side by side (two cores or more, see
/// [`Limits`](super::engine::Limits)): with a set, the set the caller judges next if this one is
/// refused (the first half of a chunk, or the next piece alone) is judged on the
/// same level on another thread. Refusals are about half the judgements of a
/// pruning, and most of them near its end. The judgements, and so the levels made,
/// are those of judging one set at a time.
#[derive(Default)]
pub(super) struct JudgeAhead {
    /// A set judged ahead on the current level, its judgement and the engine calls
    /// it took (counted when it is used, so that the count is the same on one core).
    ahead: Option<(Vec<Piece>, Judged, usize)>,
}

impl JudgeAhead {
    /// What taking `pieces` from `draft` does (`draft` is left as it is);
    /// `if_refused` is the set the caller judges next if these are refused.
    pub(super) fn judge(
        &mut self,
        draft: &Draft,
        trace: &Trace,
        pieces: &[Piece],
        if_refused: &[Piece],
        target: Grade,
        engine: &mut Engine,
    ) -> Result<Judged, Stop> {
        if let Some((ahead, judged, calls)) = self.ahead.take() {
            if ahead == pieces {
                engine.calls += calls;
                return Ok(judged);
            }
        }
        if !engine.side_by_side || if_refused.is_empty() {
            return judge_without(draft, trace, pieces, target, engine);
        }
        let mut other = engine.fork();
        let (judgement, ahead) = std::thread::scope(|scope| {
            let ahead = scope.spawn(|| judge_without(draft, trace, if_refused, target, &mut other));
            let judgement = judge_without(draft, trace, pieces, target, engine);
            (judgement, ahead.join())
        });
        let ahead = match ahead {
            Ok(ahead) => ahead?,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        self.ahead = Some((if_refused.to_vec(), ahead, other.calls));
        judgement
    }

    /// Forgets the set judged ahead: the caller changed the level.
    pub(super) fn forget(&mut self) {
        self.ahead = None;
    }
}

/// `judge(piece, engine)` for each of `pieces`, in order: when the engine may work
/// side by side, every other piece on a second thread with its own engine.
pub(super) fn each_side_by_side<T: Send>(
    pieces: &[Piece],
    engine: &mut Engine,
    judge: impl Fn(Piece, &mut Engine) -> Result<T, Stop> + Sync,
) -> Result<Vec<T>, Stop> {
    if !engine.side_by_side || pieces.len() < 2 {
        return pieces.iter().map(|p| judge(*p, engine)).collect();
    }
    let mut other = engine.fork();
    let (even, odd) = std::thread::scope(|scope| {
        let odd = scope.spawn(|| {
            pieces
                .iter()
                .skip(1)
                .step_by(2)
                .map(|p| judge(*p, &mut other))
                .collect::<Result<Vec<T>, Stop>>()
        });
        let even = pieces
            .iter()
            .step_by(2)
            .map(|p| judge(*p, engine))
            .collect::<Result<Vec<T>, Stop>>();
        (even, odd.join())
    });
    engine.calls += other.calls;
    let odd = match odd {
        Ok(odd) => odd?,
        Err(panic) => std::panic::resume_unwind(panic),
    };
    let mut even = even?.into_iter();
    let mut odd = odd.into_iter();
    Ok((0..pieces.len())
        .filter_map(|k| if k % 2 == 0 { even.next() } else { odd.next() })
        .collect())
}

/// What taking `pieces` from `draft` (whose rounds are `trace`) does: accepted
/// without a call when they are all gone already.
pub(super) fn judge_without(
    draft: &Draft,
    trace: &Trace,
    pieces: &[Piece],
    target: Grade,
    engine: &mut Engine,
) -> Result<Judged, Stop> {
    let mut without = draft.clone();
    let mut changed = false;
    for piece in pieces {
        changed |= remove(&mut without, *piece);
    }
    if !changed {
        return Ok(Judged {
            judgement: Judgement::Accepted,
            rounds: None,
        });
    }
    // A stuck level costs the fast verdict only: no replay, no explanation; a level
    // harder than the target, the replay up to where its score shows it.
    let resume = Resume {
        at_most: Some(target),
        ..trace.resume(draft, pieces)
    };
    let report = engine.check_proving(&without.level(), resume, target != Grade::Hard)?;
    let judgement = judgement(report.as_ref().map(|(r, _)| r), target);
    Ok(Judged {
        judgement,
        rounds: report
            .filter(|_| judgement == Judgement::Accepted)
            .map(|(r, proofs)| (r.deductions, proofs)),
    })
}
