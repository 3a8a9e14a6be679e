//! The easiest-first replay: the engine's solution played again as a player who
//! always takes the easiest deduction there is. At each step, every cell the named
//! rules of the lowest effort settle is uncovered at once; only when no named rule
//! settles a cell does the player fall back on the engine's explanation (a sum, a
//! what-if or a contradiction) of one cell. Each [`ReplayStep`] records what the
//! score reads: its effort, and how many cells the player could have taken at it.
//! [`ReplayEngine`] says how the replay asks the engine for the explanations it needs.
//! The replay also says which clues it cited ([`Replay::cited`]): a clue no step reads
//! can go without changing the steps' readings, which the never-needed clues use.
//! And it records its steps ([`ReplayRecord`]), from which the replay of another
//! version of the level starts when its first steps read nothing the two show
//! differently (`resume.rs`).
//!
//! [`ReplayStep`]: crate::solve::ReplayStep

use super::grade_memo::GradeMemo;
use super::resume::{Prefix, ReplayRecord};
use super::score::GradeModel;
use crate::model::Pos;
use crate::solve::budget::{Clock, Stop};
use crate::solve::explain::{explain_kept, Purpose};
use crate::solve::puzzle::{Puzzle, Values};
use crate::solve::reason::sat::SatBackend;
use crate::solve::report::{ClueRef, Deduction, Explanation, Grade, ReplayStep as Step};
use crate::solve::rules::{self, PairMemo, Rule, View};

/// How the replay asks the engine for a harder explanation.
pub(crate) struct ReplayEngine<'c> {
    pub(crate) backend: SatBackend,
    pub(crate) clock: &'c Clock,
    /// Whether the deductions carry their explanations; when not, the replay works
    /// out those of a round when it first falls back on it.
    pub(crate) explained: bool,
    /// Pair answers and round explanations lent by the caller, kept across
    /// versions of a level.
    pub(crate) memo: Option<&'c GradeMemo>,
    /// When the caller only asks whether the grade is at most this one: the replay
    /// stops at the first step whose score passes the grade's band (the score only
    /// grows, step by step, so the whole replay's grade is above it too), or, when
    /// this is the hardest grade, at the first step whose score reaches it (no later
    /// step can change the grade then).
    pub(crate) at_most: Option<Grade>,
    /// The replay of another version of the level, whose first steps this one
    /// takes as they are when they read nothing the two show differently; its
    /// citations then cover only the steps after them.
    pub(crate) resume_from: Option<&'c ReplayRecord>,
}

/// The hardest grade: a replay whose score reaches it keeps it to the end.
const HARDEST: Grade = Grade::ALL[Grade::ALL.len() - 1];

/// The effort of a deduction's explanation.
fn effort(rule: Rule, clues: usize) -> u8 {
    rule.effort(clues).clamp(1, 5)
}

/// A cell the named rules settle: its effort, rule and clues.
type Named = (u8, Rule, usize);

/// A cell's named rule, with the clues it reads (puzzle clue indices).
type NamedBy = (Named, Vec<usize>);

/// The replay's steps, the clues they cite, and its record.
pub(super) struct Replay {
    pub(super) steps: Vec<Step>,
    /// Where each clue the replay read to choose and weigh its steps is shown, in
    /// grid order: the clues of the rule found for every cell a step looked at (not
    /// only the cells it took), of every clue a step of effort 1 counted finished,
    /// and of the engine's explanation of every cell a fallback step compared.
    pub(super) cited: Vec<Pos>,
    /// The steps, as another version's replay may start from them.
    pub(super) record: ReplayRecord,
}

/// The easiest-first replay of `deductions` from the cells `initial` uncovered.
/// Fails only when `engine` works out the rounds' explanations itself and its
/// clock stops it.
pub(super) fn replay(
    puzzle: &Puzzle,
    initial: &Values,
    deductions: &[Deduction],
    engine: &ReplayEngine<'_>,
) -> Result<Replay, Stop> {
    let mut rounds = RoundExplanations::new(initial, deductions, engine.explained);
    // The steps another version's replay took as this one would, when it did.
    let Prefix {
        mut steps,
        settled: mut settled_by_step,
        mut known,
    } = engine
        .resume_from
        .and_then(|record| record.prefix(puzzle, deductions, initial))
        .unwrap_or_else(|| Prefix {
            steps: Vec::new(),
            settled: Vec::new(),
            known: initial.clone(),
        });
    // Per clue: whether a step cited it (`cited_at` adds the explanations' clues).
    let mut cited = vec![false; puzzle.clues.len()];
    let mut cited_at: Vec<Pos> = Vec::new();
    // The solution's cells and rounds still hidden, in order (pruned at each step).
    let mut open: Vec<(usize, usize)> = deductions
        .iter()
        .filter_map(|d| Some((puzzle.cell_at(d.pos)?, d.round)))
        .collect();
    let mut round = steps.last().map_or(1, |s| s.round);
    let mut tally = Tally::new(puzzle, &known);
    // The views of the steps ask the same pairs of clues again until a cell of
    // theirs is uncovered.
    let pairs = PairMemo::default();
    // Per cell: the rule that settles it without the counter and its clues (inner
    // `None`: none does), kept until a clue near it changes.
    let mut near: Vec<Option<Option<NamedBy>>> = vec![None; puzzle.cells.len()];
    let mut passed = Passed::new(engine.at_most);
    loop {
        if passed.by(&steps) {
            break;
        }
        open.retain(|(i, _)| known[*i].is_none());
        let Some(&(_, first)) = open.iter().min_by_key(|(_, r)| *r) else {
            break;
        };
        round = round.max(first);
        let hidden = known.iter().filter(|v| v.is_none()).count();
        // Effort 1 first (a clue finished, the counter alone), where the last step
        // changed a clue (everywhere before the first step); the other rules only
        // when that finds nothing.
        let last = settled_by_step.last().map(Vec::as_slice);
        let quick = tally.finished(puzzle, &known, last, &mut cited);
        let settled = if quick.is_empty() {
            let visible = puzzle.visible_clues(&known);
            let mut view = View::new(puzzle, &known, &visible);
            view.texts = false;
            view.pair_memo = Some(&pairs);
            view.pair_answers = engine.memo.map(|m| &m.pairs);
            let mut named: Vec<(usize, Named)> = Vec::new();
            // A player looks at the cells of this round and the next.
            for &(i, _) in open.iter().filter(|(_, r)| *r <= round + 1) {
                let rule = near[i]
                    .get_or_insert_with(|| {
                        rules::name_near(&view, i).map(|f| {
                            let n_clues = f.clues.len() + usize::from(f.counter);
                            ((effort(f.rule, n_clues), f.rule, n_clues), f.clues)
                        })
                    })
                    .as_ref();
                if let Some((_, clues)) = rule {
                    for &c in clues {
                        cited[c] = true;
                    }
                }
                named.extend(rule.map(|(r, _)| (i, *r)));
            }
            let mut looked_at = vec![false; puzzle.cells.len()];
            for &(i, _) in open.iter().filter(|(_, r)| *r <= round + 1) {
                looked_at[i] = true;
            }
            for (i, f) in rules::counter_settles(&view) {
                if looked_at[i] {
                    for &c in &f.clues {
                        cited[c] = true;
                    }
                    let n_clues = f.clues.len() + 1;
                    named.push((i, (effort(f.rule, n_clues), f.rule, n_clues)));
                }
            }
            match named.iter().map(|(_, (e, _, _))| *e).min() {
                Some(least) => {
                    let mut at_least: Vec<(usize, Named)> =
                        named.into_iter().filter(|(_, (e, _, _))| *e == least).collect();
                    at_least.sort_unstable_by_key(|(i, (_, rule, n))| (*i, *rule, *n));
                    at_least.dedup_by_key(|(i, _)| *i);
                    let (_, (_, rule, n_clues)) = at_least[0];
                    steps.push(Step {
                        effort: least,
                        rule: Some(rule),
                        n_clues,
                        hidden,
                        open: at_least.len(),
                        round,
                    });
                    at_least.into_iter().map(|(i, _)| i).collect()
                }
                None => {
                    // The engine's explanation of this round's easiest cell.
                    let explained = rounds.of(puzzle, round, engine)?;
                    let (i, (e, rule, n_clues)) =
                        easiest_fallback(puzzle, explained, &known, round, engine, &mut cited_at);
                    steps.push(Step {
                        effort: e,
                        rule: Some(rule),
                        n_clues,
                        hidden,
                        open: 1,
                        round,
                    });
                    vec![i]
                }
            }
        } else {
            // Every cell a clue or the counter finishes is in view, not only those
            // near the last step that the player takes now.
            steps.push(Step {
                effort: 1,
                rule: None,
                n_clues: 1,
                hidden,
                open: tally.finished(puzzle, &known, None, &mut cited).len(),
                round,
            });
            quick
        };
        for &i in &settled {
            known[i] = Some(puzzle.blue[i]);
            tally.uncover(puzzle, i);
        }
        forget_near(puzzle, &settled, &mut near);
        settled_by_step.push(settled);
    }
    cited_at.extend(
        (0..puzzle.clues.len())
            .filter(|&c| cited[c])
            .map(|c| puzzle.clues[c].at),
    );
    cited_at.sort_unstable();
    cited_at.dedup();
    let record = ReplayRecord::new(puzzle, deductions, &steps, &settled_by_step);
    Ok(Replay {
        steps,
        cited: cited_at,
        record,
    })
}

/// Whether the replay's score has settled how it compares with a grade (see
/// [`ReplayEngine::at_most`]), summed as the steps come.
struct Passed {
    at_most: Option<Grade>,
    score: f64,
    summed: usize,
}

impl Passed {
    fn new(at_most: Option<Grade>) -> Passed {
        Passed {
            at_most,
            score: 0.0,
            summed: 0,
        }
    }

    /// Whether `steps` (the replay so far) score above the band, or reach the
    /// hardest grade: either way the rest of the replay cannot change the answer.
    fn by(&mut self, steps: &[Step]) -> bool {
        let Some(at_most) = self.at_most else {
            return false;
        };
        let model = GradeModel::TUNED;
        self.score += model.score(&steps[self.summed..]);
        self.summed = steps.len();
        let so_far = model.grade(self.score);
        so_far > at_most || so_far == HARDEST
    }
}

/// The deductions of each round with their explanations: the run's own, or, for a
/// run that only found the rounds, worked out when the replay first falls back on
/// a round, with the same cells known as a run with explanations, and as far as
/// the replay reads them (so the same efforts). Most rounds of an easy level are
/// never explained.
struct RoundExplanations<'d> {
    deductions: &'d [Deduction],
    /// Whether `deductions` carry their explanations.
    explained: bool,
    initial: Values,
    /// Per round, once worked out: its deductions with their explanations.
    worked_out: Vec<Option<Vec<Deduction>>>,
}

impl<'d> RoundExplanations<'d> {
    fn new(initial: &Values, deductions: &'d [Deduction], explained: bool) -> Self {
        let rounds = deductions.last().map_or(0, |d| d.round);
        RoundExplanations {
            deductions,
            explained,
            initial: initial.clone(),
            worked_out: vec![None; rounds + 1],
        }
    }

    /// The deductions of `round`, explained.
    fn of(&mut self, puzzle: &Puzzle, round: usize, engine: &ReplayEngine<'_>) -> Result<&[Deduction], Stop> {
        let of_round = |d: &&Deduction| d.round == round;
        if self.explained {
            let start = self.deductions.partition_point(|d| d.round < round);
            let end = self.deductions.partition_point(|d| d.round <= round);
            return Ok(&self.deductions[start..end]);
        }
        if self.worked_out.get(round).is_some_and(Option::is_none) {
            // What was known when the round began: the cells of the rounds before.
            let mut known = self.initial.clone();
            for d in self.deductions.iter().take_while(|d| d.round < round) {
                if let Some(i) = puzzle.cell_at(d.pos) {
                    known[i] = Some(puzzle.blue[i]);
                }
            }
            let forced: Vec<usize> = self
                .deductions
                .iter()
                .filter(of_round)
                .filter_map(|d| puzzle.cell_at(d.pos))
                .collect();
            let explanations = explain_kept(
                engine.memo.map(|m| &m.rounds),
                puzzle,
                &known,
                engine.backend,
                engine.clock,
                &forced,
                Purpose::Clues,
            )?;
            let explained = self
                .deductions
                .iter()
                .filter(of_round)
                .zip(explanations)
                .map(|(d, explanation)| Deduction {
                    explanation,
                    ..d.clone()
                })
                .collect();
            self.worked_out[round] = Some(explained);
        }
        Ok(self
            .worked_out
            .get(round)
            .and_then(Option::as_deref)
            .unwrap_or(&[]))
    }
}

/// Forgets what the rules said of the cells near those `uncovered`: members of
/// the clues that hold or show them, and of the clues that share a cell with
/// those (what a pair or a group of clues reads).
fn forget_near(puzzle: &Puzzle, uncovered: &[usize], near: &mut [Option<Option<NamedBy>>]) {
    // Each clue once, by marks: a step that uncovers many cells reaches the same
    // clues many times over.
    let n_clues = puzzle.clues.len();
    let first = clues_at(puzzle, uncovered);
    let mut second = vec![false; n_clues];
    for c in (0..n_clues).filter(|&c| first[c]) {
        for &m in &puzzle.clues[c].members {
            for &d in puzzle.clues_of_cell(m) {
                second[d] = true;
            }
        }
    }
    for c in (0..n_clues).filter(|&c| second[c]) {
        for &m in &puzzle.clues[c].members {
            near[m] = None;
        }
    }
}

/// Per clue: whether it holds or shows one of `cells`.
fn clues_at(puzzle: &Puzzle, cells: &[usize]) -> Vec<bool> {
    let mut at = vec![false; puzzle.clues.len()];
    for &u in cells {
        for c in puzzle
            .clues_of_cell(u)
            .iter()
            .copied()
            .chain(puzzle.clue_of_owner[u])
        {
            at[c] = true;
        }
    }
    at
}

/// Each clue's hidden members and blue ones, kept up to date as the replay
/// uncovers cells: what the rules of effort 1 need, without a [`View`] per step.
struct Tally {
    /// Per clue: hidden members.
    open: Vec<usize>,
    /// Per clue: blue members uncovered.
    blue: Vec<usize>,
    /// Hidden cells, and blue ones among them.
    hidden: usize,
    hidden_blue: usize,
}

impl Tally {
    fn new(puzzle: &Puzzle, known: &Values) -> Tally {
        let count = |c: usize, f: &dyn Fn(Option<bool>) -> bool| {
            puzzle.clues[c].members.iter().filter(|&&m| f(known[m])).count()
        };
        let n_clues = puzzle.clues.len();
        let hidden: Vec<usize> = (0..known.len()).filter(|&i| known[i].is_none()).collect();
        Tally {
            open: (0..n_clues).map(|c| count(c, &|v| v.is_none())).collect(),
            blue: (0..n_clues).map(|c| count(c, &|v| v == Some(true))).collect(),
            hidden: hidden.len(),
            hidden_blue: hidden.iter().filter(|&&i| puzzle.blue[i]).count(),
        }
    }

    /// Records that cell `i` was uncovered.
    fn uncover(&mut self, puzzle: &Puzzle, i: usize) {
        for &c in puzzle.clues_of_cell(i) {
            self.open[c] -= 1;
            self.blue[c] += usize::from(puzzle.blue[i]);
        }
        self.hidden -= 1;
        self.hidden_blue -= usize::from(puzzle.blue[i]);
    }

    /// The hidden cells a visible clue finishes (all its blue shown, or as many
    /// hidden members as blue it needs), among the clues that hold or show a cell
    /// of `last` (every clue when `None`); all hidden cells when the counter alone
    /// settles them. Marks in `cited` each clue that finishes a cell.
    fn finished(
        &self,
        puzzle: &Puzzle,
        known: &Values,
        last: Option<&[usize]>,
        cited: &mut [bool],
    ) -> Vec<usize> {
        if self.hidden_blue == 0 || self.hidden_blue == self.hidden {
            return (0..known.len()).filter(|&i| known[i].is_none()).collect();
        }
        let clues: Vec<usize> = match last {
            None => (0..puzzle.clues.len()).collect(),
            Some(last) => {
                let at = clues_at(puzzle, last);
                (0..puzzle.clues.len()).filter(|&c| at[c]).collect()
            }
        };
        let mut out: Vec<usize> = clues
            .into_iter()
            .filter(|&c| puzzle.clue_visible(c, known))
            .filter(|&c| {
                let need = puzzle.clues[c].count.saturating_sub(self.blue[c]);
                self.open[c] > 0 && (need == 0 || need == self.open[c])
            })
            .inspect(|&c| cited[c] = true)
            .flat_map(|c| puzzle.clues[c].members.iter().copied())
            .filter(|&m| known[m].is_none())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// Cells of a round whose explanation the replay asks again with what it knows.
const REEXPLAINED: usize = 1;

/// The cell of round `round` still hidden in `known` whose explanation takes the
/// least effort, and that effort. The engine's explanations are against what was
/// known when the round began; when the easiest is a contradiction over four or
/// more clues, the few easiest are asked again with what the replay knows now,
/// which may take fewer clues.
fn easiest_fallback(
    puzzle: &Puzzle,
    of_round: &[Deduction],
    known: &Values,
    round: usize,
    engine: &ReplayEngine<'_>,
    cited: &mut Vec<Pos>,
) -> (usize, Named) {
    let mut cite = |x: &Explanation| {
        cited.extend(x.clues.iter().filter_map(|c| match c {
            ClueRef::Clue(at) => Some(*at),
            ClueRef::RemainingCounter => None,
        }));
    };
    let reading = |x: &Explanation| {
        let rule = x.rule.unwrap_or(Rule::Contradiction);
        (effort(rule, x.clues.len()), rule, x.clues.len())
    };
    let mut pending: Vec<(usize, Named)> = of_round
        .iter()
        .filter(|d| d.round == round)
        .filter_map(|d| {
            let i = puzzle.cell_at(d.pos)?;
            known[i].is_none().then(|| {
                cite(&d.explanation);
                (i, reading(&d.explanation))
            })
        })
        .collect();
    pending.sort_by_key(|(i, (e, _, _))| (*e, *i));
    let Some(&easiest) = pending.first() else {
        return (0, (5, Rule::Contradiction, 0));
    };
    // Only the hardest readings (effort 5) are worth the engine's time: what the
    // replay knows more rarely helps the others.
    if easiest.1 .0 < 5 {
        return easiest;
    }
    let again: Vec<usize> = pending.iter().take(REEXPLAINED).map(|(i, _)| *i).collect();
    let Ok(explanations) = explain_kept(
        engine.memo.map(|m| &m.rounds),
        puzzle,
        known,
        engine.backend,
        engine.clock,
        &again,
        Purpose::Effort,
    ) else {
        return easiest;
    };
    again
        .iter()
        .zip(explanations)
        .map(|(&i, x)| {
            cite(&x);
            (i, reading(&x))
        })
        .chain([easiest])
        .min_by_key(|(_, (e, _, _))| *e)
        .unwrap_or(easiest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hard_step() -> Step {
        Step {
            effort: 5,
            rule: Some(Rule::Contradiction),
            n_clues: 4,
            hidden: 10,
            open: 1,
            round: 1,
        }
    }

    /// After how many steps of effort 5 [`Passed`] stops a replay asked `at_most`.
    fn stops_after(at_most: Option<Grade>) -> Option<usize> {
        let mut passed = Passed::new(at_most);
        let mut steps = Vec::new();
        for n in 1..=40 {
            steps.push(hard_step());
            if passed.by(&steps) {
                return Some(n);
            }
        }
        None
    }

    /// How many steps of effort 5 the score needs to reach `grade`.
    fn steps_to(grade: Grade) -> usize {
        let model = GradeModel::TUNED;
        (1..=40)
            .find(|&n| model.grade(model.score(&vec![hard_step(); n])) >= grade)
            .expect("40 hard steps reach every grade")
    }

    #[test]
    fn a_replay_stops_once_its_score_passes_the_grade_asked_or_reaches_the_hardest() {
        assert_eq!(stops_after(None), None);
        // Past the band asked: the first step of the next grade.
        assert_eq!(
            stops_after(Some(Grade::Medium)),
            Some(steps_to(Grade::MediumHard))
        );
        assert_eq!(stops_after(Some(Grade::MediumHard)), Some(steps_to(Grade::Hard)));
        // The hardest grade asked: once the score reaches it, nothing can pass it.
        assert_eq!(stops_after(Some(Grade::Hard)), Some(steps_to(Grade::Hard)));
        assert!(steps_to(Grade::MediumHard) < steps_to(Grade::Hard));
    }
}
