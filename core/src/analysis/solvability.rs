//! What the deduction engine's [`Report`] means for the text: a diagnostic per stuck
//! cell, a one-line summary, the hover note on each cell, the step list, and edits
//! for the engine's suggested fixes.

use super::curve::{pack_curve, score_text, CurvePoint, Standing};
use super::target::{target_at, Target};
use super::text_fix::{FixKind, LineEdit, TextFix};
use crate::diagnostic::{Code, Diagnostic};
use crate::format::Parse;
use crate::format::ParsedLevel;
use crate::generate::UnneededClues;
use crate::model::{name, Color, Item, Pos};
use crate::solve::{Change, ClueRef, Reasoning, Report, Verdict};

/// One HC0301 diagnostic per stuck cell, related to the clues that count it, or
/// one HC0302 when the engine gave up. None for a solvable level or a cancelled run.
pub fn solve_diagnostics(parsed: &ParsedLevel, report: &Report) -> Vec<Diagnostic> {
    let source = &parsed.source;
    match report.verdict {
        Verdict::Solvable | Verdict::Cancelled => Vec::new(),
        Verdict::GaveUp => vec![Diagnostic::new(
            Code::GaveUp,
            source.level_range(),
            "the solvability analysis gave up within its budget, so the verdict is unknown; raise `hexcells.solver.timeLimitMs` or simplify the level",
        )],
        Verdict::Stuck { after_round } => {
            // The clues counting each cell, found once for all stuck cells (a large
            // stuck level has hundreds).
            let clues: Vec<crate::model::Clue> = crate::model::Clue::all_shown(&parsed.level).collect();
            let mut counted_by: Vec<Vec<usize>> = vec![Vec::new(); Pos::all().count()];
            for (k, clue) in clues.iter().enumerate() {
                for member in &clue.members {
                    counted_by[member.index()].push(k);
                }
            }
            report
            .stuck
            .iter()
            .filter_map(|&pos| {
                let range = source.range_of(pos)?;
                let when = if after_round == 0 {
                    "no visible clue decides it at the start".to_string()
                } else {
                    format!("after round {after_round} no visible clue decides it")
                };
                let mut d = Diagnostic::new(
                    Code::Stuck,
                    range,
                    format!("{} can't be deduced: {when}; reveal it or a neighbour, or add a number that counts it", name(pos)),
                );
                for clue in counted_by[pos.index()].iter().map(|&k| &clues[k]) {
                    if let Some(r) = source.range_of(clue.at) {
                        d = d.with_related(r, format!("{} counts it", name(clue.at)));
                    }
                }
                Some(d)
            })
            .collect()
        }
    }
}

/// A one-line verdict: "solvable in 12 rounds, hardest step 3 clues; medium (3 of
/// 5)", "stuck: 9 cells".
pub fn summary(report: &Report) -> String {
    let mut text = verdict_summary(report);
    if let (Verdict::Solvable, Some(g), true) = (
        report.verdict,
        report.difficulty.grade,
        report.difficulty.largest_explanation > 0,
    ) {
        text.push_str(&format!("; {} ({} of 5)", g.name(), g.number()));
    }
    text
}

/// The verdict without the grade: "solvable in 12 rounds, hardest step 3 clues",
/// "stuck: 9 cells".
fn verdict_summary(report: &Report) -> String {
    match report.verdict {
        Verdict::Solvable => {
            let rounds = report.rounds();
            let hardest = report.difficulty.largest_explanation;
            if hardest == 0 {
                // Verdict only: no explanations were asked for.
                return format!("solvable in {rounds} round{}", plural(rounds));
            }
            format!(
                "solvable in {rounds} round{}, hardest step {hardest} clue{}",
                plural(rounds),
                plural(hardest)
            )
        }
        Verdict::Stuck { .. } => format!("stuck: {} cell{}", report.stuck.len(), plural(report.stuck.len())),
        Verdict::GaveUp => "analysis gave up".into(),
        Verdict::Cancelled => "analysis cancelled".into(),
    }
}

/// What the code lens above a level says: its verdict ([`summary`]), "checking
/// solvability…" before the engine's `report`, or "not analysed: fix the syntax
/// errors first" for a level the engine does not read (not `analysed`). In a pack,
/// its place on the pack's curve comes first (`point`, of `n_levels`): "level 3 of 4
/// · easy 0 · easier than level 2 · solvable in 2 rounds, hardest step 2 clues".
pub fn lens_text(report: Option<&Report>, analysed: bool, point: Option<(&CurvePoint, usize)>) -> String {
    let verdict = match report {
        Some(report) if point.is_some() => verdict_summary(report),
        Some(report) => summary(report),
        None if analysed => "checking solvability…".into(),
        None => "not analysed: fix the syntax errors first".into(),
    };
    let Some((point, n_levels)) = point else {
        return verdict;
    };
    let mut text = format!("level {} of {n_levels}", point.number);
    if let Standing::Graded { .. } = point.standing {
        text.push_str(&format!(" · {}", point.standing.words()));
    }
    text.push_str(&format!(" · {verdict}"));
    if let Some(mark) = point.mark().filter(|_| point.standing != Standing::Pending) {
        text.push_str(&format!(" · {mark}"));
    }
    text
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The solvability note for the hover at (`line`, `column`), given the report of
/// each of the text's levels (by index, `None` when there is none): the cell's round
/// and forcing clues, or the level's verdict on its header.
pub fn note_at<'r>(
    parse: &Parse,
    line: u32,
    column: u32,
    report_of: impl Fn(usize) -> Option<&'r Report>,
) -> Option<String> {
    match target_at(parse, line, column)? {
        Target::Item { level_idx, pos, .. } => {
            hover_note(parse.levels.get(level_idx)?, pos, report_of(level_idx)?)
        }
        Target::Header { level_idx, .. } => {
            let report = report_of(level_idx)?;
            let mut note = format!("Verdict: {}", summary(report));
            if let (Some(difficulty), Some(order)) = (report.difficulty.describe(), report.difficulty.order) {
                note.push_str(&format!(
                    "\n\nDifficulty: {difficulty} (score {}, tie-break {}; see the grade in `docs/rules.md`)",
                    score_text(order.score),
                    score_text(order.tie_break)
                ));
            }
            let n_levels = parse.levels.len();
            if n_levels > 1 {
                let points = pack_curve(parse, |k| Standing::of(report_of(k), true));
                if let Some(point) = points.get(level_idx) {
                    note.push_str(&format!("\n\nIn this pack: {}", point.describe(n_levels)));
                }
            }
            Some(note)
        }
    }
}

/// The hover note for the item at `pos`: when a player uncovers it and why (the
/// clues, the rule's name and sentence, and the deduction in words).
pub fn hover_note(parsed: &ParsedLevel, pos: Pos, report: &Report) -> Option<String> {
    let cell = match parsed.level.get(pos)? {
        Item::Cell(cell) => cell,
        Item::Column(_) => return None,
    };
    if cell.revealed {
        return Some("Revealed at the start".into());
    }
    if let Some(d) = report.deduction_at(pos) {
        let clues = describe_clues(&d.explanation.clues);
        let why = if clues.is_empty() {
            String::new()
        } else {
            format!(", forced by {clues}")
        };
        let mut note = format!("Uncovered in round {} as {}{why}", d.round, d.color.as_str());
        // The rule: its name and sentence, then the deduction in words.
        if let Some(rule) = d.explanation.rule {
            let info = rule.info();
            note.push_str(&format!(
                "\n\n**{}** (`{}`): {}\n\n{}",
                info.name, info.id, info.sentence, d.explanation.text
            ));
        }
        return Some(note);
    }
    match report.verdict {
        Verdict::Stuck { after_round } if report.stuck.contains(&pos) => Some(format!(
            "Stuck: no visible clue decides it after round {after_round}"
        )),
        _ => None,
    }
}

/// One uncovering step, for the step list of `hexcells.solve`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveStep {
    /// The cell's Hexix name.
    pub cell: String,
    /// Its colour.
    pub color: Color,
    /// The round, from 1.
    pub round: usize,
    /// The clues that force it, by name ("remaining counter" for the counter).
    pub clues: Vec<String>,
    /// "single clue", "several clues" or "remaining counter".
    pub reasoning: &'static str,
}

/// Every step of the report, in order.
pub fn steps(report: &Report) -> Vec<SolveStep> {
    report
        .deductions
        .iter()
        .map(|d| SolveStep {
            cell: name(d.pos),
            color: d.color,
            round: d.round,
            clues: d.explanation.clues.iter().map(clue_name).collect(),
            reasoning: match d.explanation.reasoning {
                Reasoning::SingleClue => "single clue",
                Reasoning::SeveralClues => "several clues",
                Reasoning::RemainingCounter => "remaining counter",
            },
        })
        .collect()
}

/// The engine's fix as text edits on the level's groups.
pub fn fix_edits(parsed: &ParsedLevel, fix: &crate::solve::LevelFix) -> Option<TextFix> {
    // The changes applied to a copy, then one edit per place: a cell both revealed
    // and given a number gets one edit.
    let mut level = parsed.level.clone();
    let mut places = Vec::new();
    for change in &fix.changes {
        let (pos, item) = match *change {
            Change::Reveal(pos) => match level.get(pos)? {
                Item::Cell(mut cell) => {
                    cell.revealed = true;
                    (pos, Item::Cell(cell))
                }
                Item::Column(_) => return None,
            },
            Change::SetHint(pos, hint) => match level.get(pos)? {
                Item::Cell(mut cell) => {
                    cell.hint = hint;
                    (pos, Item::Cell(cell))
                }
                Item::Column(mut column) => {
                    column.hint = hint;
                    (pos, Item::Column(column))
                }
            },
            Change::AddColumn(pos, direction, hint) => {
                (pos, Item::Column(crate::model::Column { direction, hint }))
            }
        };
        level.set(pos, Some(item));
        if !places.contains(&pos) {
            places.push(pos);
        }
    }
    let changes: Vec<(Pos, Option<Item>)> = places.into_iter().map(|pos| (pos, level.get(pos))).collect();
    item_edits(
        parsed,
        &changes,
        format!("{}: makes the level solvable", fix.description),
    )
}

/// One HC0303 hint per clue a player never needs.
pub fn unneeded_diagnostics(parsed: &ParsedLevel, unneeded: &UnneededClues) -> Vec<Diagnostic> {
    let grade = unneeded.grade.map_or("", |g| g.name());
    unneeded
        .each
        .iter()
        .filter_map(|clue| {
            let range = parsed.source.range_of(clue.at)?;
            Some(Diagnostic::new(
                Code::ClueNotNeeded,
                range,
                format!(
                    "{} of {} is never needed: without it the level is still solvable, at difficulty {grade}",
                    clue.what,
                    name(clue.at)
                ),
            ))
        })
        .collect()
}

/// The quick fixes for the clues a player never needs on lines `lines`: remove each,
/// and remove every one that can go together.
pub fn unneeded_fixes(
    parsed: &ParsedLevel,
    unneeded: &UnneededClues,
    lines: std::ops::RangeInclusive<u32>,
) -> Vec<TextFix> {
    let mut out: Vec<TextFix> = unneeded
        .each
        .iter()
        .filter(|clue| {
            parsed
                .source
                .range_of(clue.at)
                .is_some_and(|r| lines.contains(&r.line))
        })
        .filter_map(|clue| {
            item_edits(
                parsed,
                &clue.without,
                format!(
                    "Remove {} of {}: a player never needs it",
                    clue.what,
                    name(clue.at)
                ),
            )
        })
        .collect();
    if !out.is_empty() && unneeded.together > 1 {
        out.extend(item_edits(
            parsed,
            &unneeded.together_without,
            format!(
                "Remove the {} clues a player never needs (together the level keeps its grade)",
                unneeded.together
            ),
        ));
    }
    out
}

/// Edits that put each item of `changes` at its position (`None`: empty), titled `title`;
/// `None` when a position is not in the text.
fn item_edits(parsed: &ParsedLevel, changes: &[(Pos, Option<Item>)], title: String) -> Option<TextFix> {
    let mut edits = Vec::new();
    for (pos, item) in changes {
        let text = match item {
            None => "..".to_string(),
            Some(Item::Cell(cell)) => {
                let first = match (cell.color, cell.revealed) {
                    (Color::Black, false) => 'o',
                    (Color::Black, true) => 'O',
                    (Color::Blue, false) => 'x',
                    (Color::Blue, true) => 'X',
                };
                format!("{first}{}", cell.hint.symbol())
            }
            Some(Item::Column(column)) => format!("{}{}", column.direction.symbol(), column.hint.symbol()),
        };
        edits.push(LineEdit::new(parsed.source.range_of(*pos)?, text));
    }
    edits.sort_by_key(|e| e.range);
    Some(TextFix {
        title,
        kind: FixKind::QuickFix,
        edits,
        preferred: false,
    })
}

fn clue_name(clue: &ClueRef) -> String {
    match clue {
        ClueRef::Clue(pos) => name(*pos),
        ClueRef::RemainingCounter => "remaining counter".into(),
    }
}

fn describe_clues(clues: &[ClueRef]) -> String {
    let names: Vec<String> = clues.iter().map(clue_name).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_support::level;
    use crate::format::parse;
    use crate::solve::{analyze, Budget};

    #[test]
    fn a_ring_of_six_is_solved_in_one_round() {
        let (text, _) = level(&["..x...", "x...x.", "..O+..", "x...x.", "..x..."]);
        let parsed = &parse(&text).levels[0];
        let report = analyze(&parsed.level, &Budget::default());
        assert_eq!(
            summary(&report),
            "solvable in 1 round, hardest step 1 clue; easy (1 of 5)"
        );
        assert!(solve_diagnostics(parsed, &report).is_empty());
        let centre = Pos::new(11, 10).expect("pos");
        let above = Pos::new(11, 8).expect("pos");
        assert_eq!(
            hover_note(parsed, centre, &report).as_deref(),
            Some("Revealed at the start")
        );
        assert_eq!(
            hover_note(parsed, above, &report).as_deref(),
            Some(
                "Uncovered in round 1 as blue, forced by L11\n\n**Finish with blue** (`finish-blue`): A clue whose hidden cells are exactly as many as the blue it still needs has only blue hidden cells left.\n\nL11 = 6 needs 6 blue and has 6 cells hidden"
            )
        );
        assert_eq!(steps(&report).len(), 6);
        let parse = parse(&text);
        assert_eq!(
            note_at(&parse, 1, 0, |k| (k == 0).then_some(&report)).as_deref(),
            Some(
                "Verdict: solvable in 1 round, hardest step 1 clue; easy (1 of 5)\n\nDifficulty: easy (1 of 5): every step finishes a clue or reads the counter alone; 1 step (score 0, tie-break 1; see the grade in `docs/rules.md`)"
            )
        );
        assert_eq!(note_at(&parse, 1, 0, |_| None), None);
    }

    #[test]
    fn two_lone_cells_are_stuck() {
        let (text, _) = level(&["x.....", "......", "....o."]);
        let parsed = &parse(&text).levels[0];
        let report = analyze(&parsed.level, &Budget::default());
        assert_eq!(summary(&report), "stuck: 2 cells");
        let messages: Vec<String> = solve_diagnostics(parsed, &report)
            .into_iter()
            .map(|d| d.message)
            .collect();
        assert_eq!(
            messages,
            [
                "K9 can't be deduced: no visible clue decides it at the start; reveal it or a neighbour, or add a number that counts it",
                "M11 can't be deduced: no visible clue decides it at the start; reveal it or a neighbour, or add a number that counts it"
            ]
        );
    }

    #[test]
    fn in_a_pack_the_lens_and_the_header_hover_say_where_a_level_stands() {
        let ring = level(&["..x...", "x...x.", "..O+..", "x...x.", "..x..."]).0;
        let two_rounds = level(&["....|+", "", "....x.", "..o...o+", "....O+", "..o...o.", "....o."]).0;
        let stuck = level(&["x.....", "......", "....o."]).0;
        let text = [ring.as_str(), &two_rounds, &ring, &stuck].concat();
        let parse = parse(&text);
        let reports: Vec<Report> = parse
            .levels
            .iter()
            .map(|p| analyze(&p.level, &Budget::default()))
            .collect();
        let points = pack_curve(&parse, |k| Standing::of(reports.get(k), true));
        let lens = |k: usize| lens_text(Some(&reports[k]), true, Some((&points[k], 4)));
        assert_eq!(
            lens(0),
            "level 1 of 4 · easy 0 · solvable in 1 round, hardest step 1 clue"
        );
        assert_eq!(
            lens(2),
            "level 3 of 4 · easy 0 · solvable in 1 round, hardest step 1 clue · easier than level 2 (same score, fewer lesser steps)"
        );
        assert_eq!(lens(3), "level 4 of 4 · stuck: 2 cells · not compared");
        let pending = CurvePoint {
            number: 1,
            title: "T".into(),
            standing: Standing::Pending,
            easier_than: None,
        };
        assert_eq!(
            lens_text(None, true, Some((&pending, 4))),
            "level 1 of 4 · checking solvability…"
        );
        assert_eq!(
            lens_text(None, false, None),
            "not analysed: fix the syntax errors first"
        );
        let header = |k: usize| {
            let line = parse.levels[k].source.first_line + 1;
            note_at(&parse, line, 0, |i| reports.get(i)).unwrap_or_default()
        };
        assert!(
            header(2).ends_with(
                "\n\nIn this pack: level 3 of 4 · easy 0 · easier than level 2 (same score, fewer lesser steps)"
            ),
            "{}",
            header(2)
        );
        assert!(
            header(3).ends_with("\n\nIn this pack: level 4 of 4 · stuck · not compared"),
            "{}",
            header(3)
        );
    }
}
