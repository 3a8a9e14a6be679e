//! The named deduction rules on our own small levels: every
//! `fixtures/rules/NNN_<rule-id>.hexcells` is solved with explanations, and its
//! steps, printed as `solve --explain` prints them (`K9 black · finish-black · K11 =
//! 0 has its 0 blue`), are compared with `NNN_<rule-id>.expected` beside it. Each
//! fixture must earn the rule it is named after (the expected files end with the
//! level's difficulty grade, score and reasons), every rule of the catalogue needs
//! a fixture, every named deduction re-derives from its listed clues with the exact
//! checker (or a fresh SAT encoding where the checker stops at its limit), and
//! `docs/rules.md` lists every rule with its name and sentence.
//!
//! Run with `HEXCELLS_BLESS=1` to write or update the expected files, then review
//! the diff.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use hexcells_core::format::parse;
use hexcells_core::model::name;
use hexcells_core::solve::{self, Budget, Report, Rule, Verdict};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rules")
}

fn fixtures() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("fixtures/rules exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "hexcells"))
        .collect();
    paths.sort();
    paths
}

/// The rule id a fixture is named after: `007_shape-overlap.hexcells` gives
/// `shape-overlap`.
fn named_rule(path: &Path) -> String {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    stem.split_once('_')
        .map(|(_, id)| id.to_string())
        .unwrap_or_default()
}

/// The steps as `solve --explain` prints them, then the verdict.
fn render(report: &Report) -> String {
    let mut out = String::new();
    let mut round = 0;
    for d in &report.deductions {
        if d.round != round {
            round = d.round;
            let _ = writeln!(out, "round {round}:");
        }
        let rule = d.explanation.rule.map_or("(none)", Rule::id);
        let _ = writeln!(
            out,
            "  {} {} · {rule} · {}",
            name(d.pos),
            d.color.as_str(),
            d.explanation.text
        );
    }
    let _ = match report.verdict {
        Verdict::Solvable => writeln!(out, "solvable in {} round(s)", report.rounds()),
        other => writeln!(out, "{other:?}"),
    };
    let d = &report.difficulty;
    let _ = writeln!(
        out,
        "grade {}, score {}, tie-break {}, replay steps by effort {:?}",
        d.grade
            .map_or("none".to_string(), |g| format!("{} ({})", g.number(), g.name())),
        d.score.map_or("none".to_string(), |s| s.to_string()),
        d.order.map_or("none".to_string(), |k| k.tie_break.to_string()),
        d.steps_by_effort
    );
    for reason in &d.reasons {
        let _ = writeln!(out, "  {reason}");
    }
    out
}

/// Whether deduction `k` follows from its listed clues alone, by the exact checker,
/// or, where the checker stops at its limit (a sum over many clues and the counter),
/// by a fresh SAT encoding of the same clues.
fn re_derives(level: &hexcells_core::Level, report: &Report, k: usize) -> bool {
    match solve::rederive(level, report, k) {
        Some(forced) => forced,
        None => solve::check_explanation(level, report, k).is_some_and(|c| c.forces),
    }
}

#[test]
fn each_fixture_earns_its_rule_and_prints_its_steps() {
    let bless = std::env::var_os("HEXCELLS_BLESS").is_some();
    let paths = fixtures();
    assert!(!paths.is_empty(), "no fixtures in fixtures/rules");
    let mut failures = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("fixture is readable");
        let level = parse(&text).levels.remove(0).level;
        let report = solve::analyze(&level, &Budget::default());
        let id = named_rule(&path);
        let earned = report
            .deductions
            .iter()
            .any(|d| d.explanation.rule.map(Rule::id) == Some(id.as_str()));
        if !earned {
            failures.push(format!("{}: no deduction by `{id}`", path.display()));
        }
        for (k, d) in report.deductions.iter().enumerate() {
            if d.explanation.rule != Some(Rule::Contradiction) && !re_derives(&level, &report, k) {
                failures.push(format!(
                    "{}: {} does not re-derive from {:?}",
                    path.display(),
                    name(d.pos),
                    d.explanation.clues
                ));
            }
        }
        let actual = render(&report);
        let expected_path = path.with_extension("expected");
        if bless {
            std::fs::write(&expected_path, &actual).expect("write expected file");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != actual {
            failures.push(format!("{}:\n{actual}", expected_path.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "{} (HEXCELLS_BLESS=1 rewrites the expected files):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_rule_has_a_fixture() {
    let named: Vec<String> = fixtures().iter().map(|p| named_rule(p)).collect();
    let missing: Vec<&str> = Rule::ALL
        .iter()
        .map(|r| r.id())
        .filter(|id| !named.iter().any(|n| n == id))
        .collect();
    assert!(
        missing.is_empty(),
        "rules without a fixture in fixtures/rules: {missing:?}"
    );
}

#[test]
fn docs_list_every_rule_with_its_name_and_sentence() {
    let docs = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/rules.md"))
        .expect("docs/rules.md is readable");
    for rule in Rule::ALL {
        let info = rule.info();
        assert_eq!(Rule::from_id(info.id), Some(rule));
        for what in [
            format!("`{}`", info.id),
            info.name.to_string(),
            info.sentence.to_string(),
        ] {
            assert!(
                docs.contains(&what),
                "docs/rules.md does not say {what:?} for {}",
                info.id
            );
        }
    }
}
