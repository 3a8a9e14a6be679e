//! A pack's difficulty curve: each level's grade and score in the pack's order, and
//! which level is easier than the graded level before it. `hexcells check` prints it
//! after a pack, the language server says it in each level's code lens and header
//! hover, and the viewer draws it as the pack overview. It reorders nothing: authors
//! may order a pack for other reasons.
//!
//! Levels are compared by their order key ([`OrderKey`]: the score, then what orders
//! levels of equal score); a stuck level, one with errors, one the engine gave up on
//! or one not graded yet is shown as such and skipped: the next graded level is
//! compared with the graded level before it.

use crate::format::Parse;
use crate::solve::{Grade, OrderKey, Report, Verdict};

/// Where a level stands on its pack's curve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Standing {
    /// Graded: its grade and order key.
    Graded {
        /// The grade.
        grade: Grade,
        /// Where it stands among the others.
        order: OrderKey,
    },
    /// A perfect player gets stuck on it.
    Stuck,
    /// It has errors to fix first, so the engine did not read it.
    Invalid,
    /// The engine gave up within its limits.
    GaveUp,
    /// No grade yet (the engine has not answered, or answered the verdict only).
    Pending,
}

impl Standing {
    /// The standing the engine's `report` gives a level.
    pub fn of_report(report: &Report) -> Standing {
        let d = &report.difficulty;
        match (report.verdict, d.grade, d.order) {
            (Verdict::Solvable, Some(grade), Some(order)) => Standing::Graded { grade, order },
            (Verdict::Stuck { .. }, _, _) => Standing::Stuck,
            (Verdict::GaveUp, _, _) => Standing::GaveUp,
            _ => Standing::Pending,
        }
    }

    /// The standing of a level with the engine's `report`, if any; without one, a level
    /// the engine reads (`analysed`) is pending, else it has errors.
    pub fn of(report: Option<&Report>, analysed: bool) -> Standing {
        match report {
            Some(report) => Standing::of_report(report),
            None if analysed => Standing::Pending,
            None => Standing::Invalid,
        }
    }

    /// `easy-medium 1.5`, `stuck`, `not analysed`, `gave up` or `not graded yet`.
    pub fn words(&self) -> String {
        match self {
            Standing::Graded { grade, order } => format!("{} {}", grade.name(), score_text(order.score)),
            Standing::Stuck => "stuck".to_string(),
            Standing::Invalid => "not analysed".to_string(),
            Standing::GaveUp => "gave up".to_string(),
            Standing::Pending => "not graded yet".to_string(),
        }
    }

    /// The order key of a graded level.
    pub fn order(&self) -> Option<OrderKey> {
        match self {
            Standing::Graded { order, .. } => Some(*order),
            _ => None,
        }
    }
}

/// One level on its pack's curve.
#[derive(Clone, Debug, PartialEq)]
pub struct CurvePoint {
    /// The level's number in the pack, from 1.
    pub number: usize,
    /// Its title, as written.
    pub title: String,
    /// Where it stands.
    pub standing: Standing,
    /// When it is easier (a lesser order key) than the graded level before it: that
    /// level's number and whether their scores are equal (the tie-break decides).
    pub easier_than: Option<Easier>,
}

/// A level easier than the graded level before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Easier {
    /// The number of the graded level before it.
    pub than: usize,
    /// Whether the two scores are equal, so that the tie-break (fewer lesser steps)
    /// orders them.
    pub same_score: bool,
}

/// A curve built level by level, in the pack's order (as `check` streams a pack).
#[derive(Clone, Debug, Default)]
pub struct Curve {
    points: Vec<CurvePoint>,
    /// The last graded level so far: its number and order key.
    last_graded: Option<(usize, OrderKey)>,
}

impl Curve {
    /// Adds the next level, titled `title`, standing as `standing`; returns its point.
    pub fn push(&mut self, title: &str, standing: Standing) -> &CurvePoint {
        let number = self.points.len() + 1;
        let mut easier_than = None;
        if let Some(order) = standing.order() {
            if let Some((before, before_order)) = self.last_graded {
                if order < before_order {
                    easier_than = Some(Easier {
                        than: before,
                        same_score: order.score == before_order.score,
                    });
                }
            }
            self.last_graded = Some((number, order));
        }
        self.points.push(CurvePoint {
            number,
            title: title.to_string(),
            standing,
            easier_than,
        });
        &self.points[number - 1]
    }

    /// The levels so far.
    pub fn points(&self) -> &[CurvePoint] {
        &self.points
    }
}

/// The curve of `levels` (title, standing), in order.
pub fn curve<'t>(levels: impl IntoIterator<Item = (&'t str, Standing)>) -> Vec<CurvePoint> {
    let mut curve = Curve::default();
    for (title, standing) in levels {
        curve.push(title, standing);
    }
    curve.points
}

/// The curve of a text's levels, each standing as `standing_of` its index says.
pub fn pack_curve(parse: &Parse, standing_of: impl Fn(usize) -> Standing) -> Vec<CurvePoint> {
    curve(
        parse
            .levels
            .iter()
            .enumerate()
            .map(|(k, parsed)| (parsed.level.title.as_str(), standing_of(k))),
    )
}

impl CurvePoint {
    /// `easier than level 4`, `easier than level 4 (same score, fewer lesser steps)`,
    /// `not compared` for a level that is not graded, or `None`.
    pub fn mark(&self) -> Option<String> {
        if self.standing.order().is_none() {
            return Some("not compared".to_string());
        }
        let easier = self.easier_than?;
        let why = if easier.same_score {
            " (same score, fewer lesser steps)"
        } else {
            ""
        };
        Some(format!("easier than level {}{why}", easier.than))
    }

    /// The point in words, for a pack of `n_levels`: `level 5 of 12 · medium 3.5 ·
    /// easier than level 4`, `level 6 of 12 · stuck · not compared`.
    pub fn describe(&self, n_levels: usize) -> String {
        let mut text = format!("level {} of {n_levels} · {}", self.number, self.standing.words());
        if let Some(mark) = self.mark() {
            text.push_str(" · ");
            text.push_str(&mark);
        }
        text
    }
}

/// A score as the curve shows it: exact (scores are quarters: sums of 1, 1.5 and
/// 2.25), without trailing zeros: `0`, `1.5`, `9.75`.
pub fn score_text(score: f64) -> String {
    let text = format!("{score:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    text.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graded(score: f64, tie_break: f64) -> Standing {
        let grade = crate::solve::GradeModel::TUNED.grade(score);
        Standing::Graded {
            grade,
            order: OrderKey { score, tie_break },
        }
    }

    #[test]
    fn a_level_easier_than_the_graded_one_before_it_is_marked_and_others_are_skipped() {
        let points = curve([
            ("One", graded(0.0, 3.0)),
            ("Two", graded(1.0, 2.0)),
            ("Three", graded(0.0, 9.0)),
            ("Stuck", Standing::Stuck),
            ("Four", graded(0.0, 5.0)),
            ("Errors", Standing::Invalid),
            ("Five", graded(2.25, 0.0)),
        ]);
        let marks: Vec<Option<String>> = points.iter().map(CurvePoint::mark).collect();
        assert_eq!(
            marks,
            [
                None,
                None,
                Some("easier than level 2".to_string()),
                Some("not compared".to_string()),
                Some("easier than level 3 (same score, fewer lesser steps)".to_string()),
                Some("not compared".to_string()),
                None,
            ]
        );
        assert_eq!(
            points[2].describe(7),
            "level 3 of 7 · easy 0 · easier than level 2"
        );
        assert_eq!(points[3].describe(7), "level 4 of 7 · stuck · not compared");
        assert_eq!(points[6].describe(7), "level 7 of 7 · medium 2.25");
        assert_eq!(points[5].standing.words(), "not analysed");
        assert_eq!(Standing::GaveUp.words(), "gave up");
        assert_eq!(Standing::Pending.words(), "not graded yet");
        assert_eq!(points[4].title, "Four");
        assert_eq!(points[4].number, 5);
    }

    #[test]
    fn scores_show_exactly_without_trailing_zeros() {
        assert_eq!(score_text(0.0), "0");
        assert_eq!(score_text(1.0), "1");
        assert_eq!(score_text(1.5), "1.5");
        assert_eq!(score_text(9.75), "9.75");
        assert_eq!(score_text(22.25), "22.25");
        assert_eq!(score_text(120.0), "120");
    }
}
