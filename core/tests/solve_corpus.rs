//! The engine on the shared corpus (`../shared/corpus` beside the project, or
//! `HEXCELLS_CORPUS`): every level listed in `expected-verdicts.tsv` gets its verdict,
//! and no level of the corpus panics or makes the engine give up; on a sample of the
//! corpus, every explanation is re-checked independently (it forces its cell, and is
//! minimal when it says so), and every deduction a named rule explains re-derives
//! from its listed clues alone with the exact checker (a sample in the default
//! test run; all of the corpus with `HEXCELLS_CORPUS_FULL=1`). Every level keeps
//! the grade recorded in `tests/fixtures/corpus-grades.tsv` (a sample, or all).
//!
//! Skips with a printed notice when the corpus is absent. With `--features minisat`,
//! both SAT backends must give identical verdicts and stuck cells on every level.

use std::collections::BTreeMap;

use hexcells_core::fixture::without_number;
use hexcells_core::format::parse;
use hexcells_core::solve::{self, Budget, Grade, GradeModel, ReplayStep, Report, Rule, SatBackend, Verdict};
use hexcells_core::Level;
use hexcells_corpus::Corpus;

/// Every corpus file (its name below the corpus directory) with its first level.
fn corpus_levels() -> Option<Vec<(String, Level)>> {
    let corpus = Corpus::find()?;
    let levels = corpus
        .levels()
        .into_iter()
        .filter_map(|file| Some((file.name, parse(&file.text).levels.into_iter().next()?.level)))
        .collect();
    Some(levels)
}

/// The verdicts `expected-verdicts.tsv` lists, by file.
fn expected_verdicts() -> BTreeMap<String, String> {
    let corpus = Corpus::locate();
    let table = corpus.map(|c| c.table("expected-verdicts.tsv", "verdict"));
    table.unwrap_or_default().into_iter().collect()
}

/// Every `default`th corpus level, or every one with `HEXCELLS_CORPUS_FULL=1`.
fn sample_step(default: usize) -> usize {
    hexcells_corpus::sample(default, usize::MAX).0
}

fn word(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Solvable => "solvable",
        Verdict::Stuck { .. } => "stuck",
        Verdict::GaveUp => "gave_up",
        Verdict::Cancelled => "cancelled",
    }
}

#[test]
fn every_corpus_level_gets_its_verdict_and_none_gives_up() {
    let Some(levels) = corpus_levels() else {
        return;
    };
    let expected = expected_verdicts();
    assert!(!expected.is_empty(), "expected-verdicts.tsv lists levels");
    let budget = Budget::default();
    let mut wrong = Vec::new();
    let mut counts = BTreeMap::new();
    let mut n_checked = 0;
    for (name, level) in &levels {
        let report = solve::verdict(level, &budget);
        *counts.entry(word(report.verdict)).or_insert(0) += 1;
        if matches!(report.verdict, Verdict::GaveUp | Verdict::Cancelled) {
            wrong.push(format!("{name}: {:?}", report.verdict));
        }
        if let Some(want) = expected.get(name) {
            n_checked += 1;
            if word(report.verdict) != want {
                wrong.push(format!("{name}: got {:?}, expected {want}", report.verdict));
            }
        }
    }
    println!(
        "{} levels: {counts:?}; {n_checked} checked against expected-verdicts.tsv",
        levels.len()
    );
    assert_eq!(n_checked, expected.len(), "every listed level was found");
    assert!(
        wrong.is_empty(),
        "{} wrong verdicts:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// Levels re-checked: every `SAMPLE`th corpus file (the re-check asks a fresh SAT
/// solver per clue per explanation, so all 443 would take minutes in a debug build);
/// `HEXCELLS_CORPUS_FULL=1` takes all.
const SAMPLE: usize = 7;

#[test]
fn explanations_on_a_sample_of_the_corpus_force_their_cells_and_are_minimal() {
    let Some(levels) = corpus_levels() else {
        return;
    };
    let step = sample_step(SAMPLE);
    let budget = Budget::default();
    let mut bad = Vec::new();
    let (mut n_checked, mut n_minimal) = (0, 0);
    for (name, level) in levels.iter().step_by(step) {
        let report = solve::analyze(level, &budget);
        for (k, d) in report.deductions.iter().enumerate() {
            let check = solve::check_explanation(level, &report, k);
            n_checked += 1;
            match check {
                Some(c) if c.forces && (c.minimal || !d.explanation.minimal) => {
                    n_minimal += usize::from(c.minimal);
                }
                _ => bad.push(format!(
                    "{name}: {:?} round {}: {:?} -> {check:?}",
                    d.pos, d.round, d.explanation
                )),
            }
        }
    }
    println!("re-checked {n_checked} explanations, {n_minimal} shown minimal");
    assert!(n_checked > 1000, "the sample has explanations: {n_checked}");
    assert!(
        bad.is_empty(),
        "{} explanations fail the re-check:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// Levels re-derived by default: every `RULE_SAMPLE`th corpus file (the analysis
/// of all 443 takes minutes in a debug build); `HEXCELLS_CORPUS_FULL=1` takes all.
const RULE_SAMPLE: usize = 4;

#[test]
fn every_named_rule_deduction_re_derives_from_its_clues_and_every_explanation_is_shown_minimal() {
    let Some(levels) = corpus_levels() else {
        return;
    };
    let step = sample_step(RULE_SAMPLE);
    let budget = Budget::default();
    let mut bad = Vec::new();
    let mut by_rule: BTreeMap<&str, usize> = BTreeMap::new();
    let mut not_minimal = Vec::new();
    let (mut n_levels, mut n_named) = (0, 0);
    for (name, level) in levels.iter().step_by(step) {
        n_levels += 1;
        let report = solve::analyze(level, &budget);
        for (k, d) in report.deductions.iter().enumerate() {
            // The engine shows every explanation minimal (issue 16).
            if !d.explanation.minimal && !d.explanation.clues.is_empty() {
                not_minimal.push(format!("{name}: {:?} round {}", d.pos, d.round));
            }
            let Some(rule) = d.explanation.rule else {
                bad.push(format!("{name}: {:?} has no rule", d.pos));
                continue;
            };
            *by_rule.entry(rule.id()).or_default() += 1;
            if rule == Rule::Contradiction {
                continue;
            }
            n_named += 1;
            // The exact checker on the listed clues alone; where it stops at its
            // limit (a sum over many clues and the counter), a fresh SAT encoding.
            let again = solve::rederive(level, &report, k)
                .or_else(|| solve::check_explanation(level, &report, k).map(|c| c.forces));
            if again != Some(true) {
                bad.push(format!(
                    "{name}: {:?} round {} by {}: {:?} -> {again:?}",
                    d.pos,
                    d.round,
                    rule.id(),
                    d.explanation.clues
                ));
            }
        }
    }
    println!("{n_levels} levels: {n_named} named-rule deductions re-derived; by rule {by_rule:?}");
    assert!(n_named > 1000, "the levels have named-rule deductions: {n_named}");
    assert!(
        bad.is_empty(),
        "{} named-rule deductions do not re-derive:\n{}",
        bad.len(),
        bad.join("\n")
    );
    assert!(
        not_minimal.is_empty(),
        "{} explanations are not shown minimal:\n{}",
        not_minimal.len(),
        not_minimal.join("\n")
    );
}

#[cfg(feature = "minisat")]
#[test]
fn both_sat_backends_agree_on_every_corpus_level() {
    let Some(levels) = corpus_levels() else {
        return;
    };
    let budget = Budget::default();
    let summary = |r: &Report| (r.verdict, r.stuck.clone(), r.rounds());
    let mut differ = Vec::new();
    for (name, level) in &levels {
        let a = solve::verdict_with(level, &budget, SatBackend::Cadical);
        let b = solve::verdict_with(level, &budget, SatBackend::Minisat);
        assert!(
            !matches!(a.verdict, Verdict::GaveUp | Verdict::Cancelled),
            "{name}: cadical {:?}",
            a.verdict
        );
        if summary(&a) != summary(&b) {
            differ.push(format!(
                "{name}: cadical {:?} / minisat {:?}",
                a.verdict, b.verdict
            ));
        }
    }
    println!("compared cadical and minisat on {} levels", levels.len());
    assert!(differ.is_empty(), "backends differ:\n{}", differ.join("\n"));
}

#[cfg(not(feature = "minisat"))]
#[allow(dead_code)]
fn backends_are_named(_: SatBackend, _: fn(&Report)) {}

#[test]
fn explaining_a_verdict_gives_the_analysis_on_a_sample_of_the_corpus() {
    let Some(levels) = corpus_levels() else {
        return;
    };
    let step = sample_step(SAMPLE);
    let budget = Budget::default();
    let mut n_levels = 0;
    for (name, level) in levels.iter().step_by(step) {
        let verdict = solve::verdict(level, &budget);
        let analysis = solve::analyze(level, &budget);
        assert_eq!(
            solve::explain_verdict(level, &verdict, &budget),
            analysis,
            "{name}"
        );
        n_levels += 1;
    }
    println!("{n_levels} levels: explain_verdict gives analyze's report");
}

#[test]
fn grading_without_explanations_gives_the_analysis_grade_on_a_sample_of_the_corpus() {
    let Some(levels) = corpus_levels() else {
        return;
    };
    let step = sample_step(SAMPLE);
    let budget = Budget::default();
    let mut n_graded = 0;
    for (name, level) in levels.iter().step_by(step) {
        let analysis = solve::analyze_without_words(level, &budget);
        let graded = solve::verdict_and_grade(level, &budget);
        assert_eq!(graded.verdict, analysis.verdict, "{name}");
        let (a, g) = (&analysis.difficulty, &graded.difficulty);
        assert_eq!(
            (g.grade, g.score, g.order, g.steps_by_effort),
            (a.grade, a.score, a.order, a.steps_by_effort),
            "{name}"
        );
        // The steps, but for the clue count of a step wider than a chain reads,
        // which the grade does not minimise (its effort is the same).
        let chain_wide = |steps: &[ReplayStep]| -> Vec<ReplayStep> {
            let mut steps = steps.to_vec();
            for step in &mut steps {
                if step.n_clues > 8 {
                    step.n_clues = usize::MAX;
                }
            }
            steps
        };
        assert_eq!(chain_wide(&g.steps), chain_wide(&a.steps), "{name}");
        let cells = |r: &Report| r.deductions.iter().map(|d| (d.pos, d.round)).collect::<Vec<_>>();
        assert_eq!(cells(&graded), cells(&analysis), "{name}");
        n_graded += usize::from(g.grade.is_some());
    }
    assert!(n_graded > 0, "no level of the sample was graded");
    println!("{n_graded} graded levels: verdict_and_grade gives analyze's grade, score and replay");
}

#[test]
fn pair_answers_kept_across_versions_of_a_level_change_no_grade() {
    let Some(levels) = corpus_levels() else {
        return;
    };
    let budget = Budget::default();
    let mut n_versions = 0;
    for (name, level) in levels.iter().step_by(sample_step(2 * SAMPLE)) {
        // The level, then versions a clue apart, all graded with one memo, as the
        // generator grades them.
        let answers = solve::GradeMemo::default();
        let mut versions = vec![level.clone()];
        versions.extend(
            level
                .cells()
                .filter_map(|(pos, _)| without_number(level, pos))
                .take(4),
        );
        for version in &versions {
            let kept = solve::verdict_and_grade_with(version, &budget, &answers);
            let fresh = solve::verdict_and_grade(version, &budget);
            assert_eq!(kept.verdict, fresh.verdict, "{name}");
            assert_eq!(kept.difficulty, fresh.difficulty, "{name}");
            n_versions += 1;
        }
    }
    assert!(n_versions > 0, "no level graded");
    println!("{n_versions} versions graded alike with pair answers kept across them");
}

#[test]
fn a_run_from_the_rounds_two_levels_share_gives_the_report_from_the_start() {
    let Some(levels) = corpus_levels() else {
        return;
    };
    let budget = Budget::default();
    let mut n_resumed = 0;
    let mut n_cut_short = 0;
    let mut n_reached = 0;
    let hardest = Grade::ALL[Grade::ALL.len() - 1];
    let mut n_proved = 0;
    let mut n_richer = 0;
    for (name, level) in levels.iter().step_by(sample_step(2 * SAMPLE)) {
        let (report, proofs) =
            solve::verdict_and_grade_proving(level, &budget, None, solve::Resume::default(), true);
        assert_eq!(report, solve::verdict_and_grade(level, &budget), "{name}");
        n_proved += proofs.len();
        // What the level uncovers, and after which round: the bound of a version
        // that shows less (when the level is solvable, its rounds are all there).
        let uncovered: Vec<(hexcells_core::model::Pos, usize)> = level
            .cells()
            .filter(|(_, cell)| cell.revealed)
            .map(|(pos, _)| (pos, 0))
            .chain(report.deductions.iter().map(|d| (d.pos, d.round)))
            .collect();
        let richer = (report.verdict == Verdict::Solvable).then_some(&uncovered[..]);
        // Versions without the number of a cell uncovered in round r: rounds 1 to
        // r are the level's own, the run starts after them.
        for d in report.deductions.iter().step_by(7).take(4) {
            let Some(version) = without_number(level, d.pos) else {
                continue;
            };
            let shared: Vec<_> = report
                .deductions
                .iter()
                .filter(|e| e.round <= d.round)
                .cloned()
                .collect();
            let proved = richer.and(Some(&proofs));
            for (graded, richer, proofs) in [
                (true, None, None),
                (false, None, None),
                (true, richer, None),
                (false, richer, None),
                (true, richer, proved),
                (false, richer, proved),
            ] {
                let resume = solve::Resume {
                    first_rounds: &shared,
                    richer,
                    at_most: None,
                    proofs,
                };
                let resumed = solve::verdict_and_grade_from(&version, &budget, None, resume, graded);
                let fresh = match graded {
                    true => solve::verdict_and_grade(&version, &budget),
                    false => solve::verdict(&version, &budget),
                };
                let what = format!(
                    "{name} without {:?}, bounded: {}, proofs taken: {}",
                    d.pos,
                    richer.is_some(),
                    proofs.is_some()
                );
                assert_eq!(resumed.verdict, fresh.verdict, "{what}");
                assert_eq!(resumed.deductions, fresh.deductions, "{what}");
                assert_eq!(resumed.stuck, fresh.stuck, "{what}");
                assert_eq!(resumed.difficulty, fresh.difficulty, "{what}");
                if !graded {
                    continue;
                }
                // Asked only whether the grade is at most each grade in turn: the
                // whole report when it is; a grade above the one asked when not;
                // the hardest grade, with the start of the steps, when it is the
                // one asked and the level's (no later step can change it).
                for at_most in Grade::ALL {
                    let resume = solve::Resume {
                        at_most: Some(at_most),
                        ..resume
                    };
                    let asked = solve::verdict_and_grade_from(&version, &budget, None, resume, true);
                    let what = format!("{what}, at most {at_most:?}");
                    assert_eq!(asked.verdict, fresh.verdict, "{what}");
                    assert_eq!(asked.deductions, fresh.deductions, "{what}");
                    match fresh.difficulty.grade {
                        Some(grade) if grade > at_most => {
                            assert!(asked.difficulty.grade.is_some_and(|g| g > at_most), "{what}");
                            n_cut_short += 1;
                        }
                        Some(grade) if grade == at_most && at_most == hardest => {
                            assert_eq!(asked.difficulty.grade, Some(grade), "{what}");
                            let (steps, all) = (&asked.difficulty.steps, &fresh.difficulty.steps);
                            assert!(
                                all.starts_with(steps),
                                "{what}: {steps:?} is not how {all:?} starts"
                            );
                            n_reached += 1;
                        }
                        _ => assert_eq!(asked.difficulty, fresh.difficulty, "{what}"),
                    }
                }
            }
            n_resumed += 1;
        }
        // Versions that show more (a hidden cell revealed) take the level's proofs
        // too: knowing more only rules colourings out.
        for d in report.deductions.iter().skip(3).step_by(11).take(3) {
            let version = revealed(level, d.pos);
            let resume = solve::Resume {
                proofs: Some(&proofs),
                ..solve::Resume::default()
            };
            let (taken, _) = solve::verdict_and_grade_proving(&version, &budget, None, resume, true);
            let what = format!("{name} with {:?} revealed, proofs taken", d.pos);
            assert_eq!(taken, solve::verdict_and_grade(&version, &budget), "{what}");
            n_richer += 1;
        }
    }
    assert!(n_resumed > 0, "no version resumed");
    assert!(n_richer > 0, "no richer version took proofs");
    assert!(n_proved > 0, "no cell came with its proof");
    assert!(
        n_cut_short > 0,
        "no replay stopped once its score passed the grade asked"
    );
    println!("{n_resumed} versions: the run from their shared rounds gives the report from the start");
    println!("{n_proved} cells proved by the exact checker, whose proofs the versions took");
    println!("{n_richer} versions with a cell revealed took them too, with the report from the start");
    println!("{n_cut_short} replays stopped once their score passed the grade asked, above it");
    println!("{n_reached} replays stopped once their score reached the hardest grade, the one asked");
}

/// `level` with the cell at `pos` revealed.
fn revealed(level: &Level, pos: hexcells_core::model::Pos) -> Level {
    let mut version = level.clone();
    if let Some(mut cell) = level.cell(pos) {
        cell.revealed = true;
        version.set(pos, Some(hexcells_core::model::Item::Cell(cell)));
    }
    version
}

/// The grade of every corpus file as issue 50 fitted it (`-`: none, a stuck level),
/// one `file<TAB>grade` line each, below this crate's directory.
const GRADES: &str = "tests/fixtures/corpus-grades.tsv";

#[test]
fn no_corpus_level_changes_its_grade() {
    let Some(levels) = corpus_levels() else {
        return;
    };
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GRADES);
    // `HEXCELLS_BLESS=1` writes the grades of every level again (a deliberate change
    // of the grade, to be reviewed in the diff).
    let bless = std::env::var_os("HEXCELLS_BLESS").is_some();
    let recorded: BTreeMap<String, String> = std::fs::read_to_string(&path)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| line.split_once('\t'))
        .map(|(file, grade)| (file.to_string(), grade.to_string()))
        .collect();
    let step = if bless { 1 } else { sample_step(SAMPLE) };
    let budget = Budget::default();
    let mut lines = String::new();
    let mut changed = Vec::new();
    let mut keyed = Vec::new();
    for (name, level) in levels.iter().step_by(step) {
        let report = solve::verdict_and_grade(level, &budget);
        let d = &report.difficulty;
        let grade = d.grade.map_or("-", |g| g.name());
        lines.push_str(&format!("{name}\t{grade}\n"));
        if recorded.get(name).map(String::as_str) != Some(grade) {
            changed.push(format!("{name}: {grade}, recorded {:?}", recorded.get(name)));
        }
        // The order key starts with the score the grade is a band of.
        if let (Some(g), Some(order)) = (d.grade, d.order) {
            assert_eq!(d.score, Some(order.score), "{name}");
            assert_eq!(GradeModel::TUNED.grade(order.score), g, "{name}");
            keyed.push((order, g, name));
        }
    }
    // Ordered by their keys, the levels' grades never fall: the tie-break orders
    // levels within a grade, never across.
    keyed.sort_by_key(|(order, _, _)| *order);
    for pair in keyed.windows(2) {
        assert!(pair[0].1 <= pair[1].1, "{} before {}", pair[0].2, pair[1].2);
    }
    if bless {
        std::fs::write(&path, lines).expect("write the recorded grades");
        return;
    }
    println!(
        "{} levels graded as recorded in {GRADES}",
        levels.len().div_ceil(step)
    );
    assert!(
        changed.is_empty(),
        "{} grades changed (HEXCELLS_BLESS=1 records them, for a deliberate change):\n{}",
        changed.len(),
        changed.join("\n")
    );
}
