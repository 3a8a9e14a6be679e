//! The pack overview's grades: every level of the text graded by the deduction engine
//! as an [`OverviewJob`] on any thread (the window runs it beside itself), its curve
//! handed back to [`Session::overview_done`], which keeps it while it is the curve of
//! the text shown. A new text while the overview shows is graded again
//! ([`Session::overview_refresh`]).

use hexcells_core::analysis::{curve, CurvePoint, Standing};
use hexcells_core::format::parse;
use hexcells_core::solve::{self, Budget};
use hexcells_core::{Code, Severity};

use super::session::Session;
use crate::keys::player::PlayerAction;

/// Grading every level of a text, taken from the session by [`Session::overview_job`].
#[derive(Debug)]
pub struct OverviewJob {
    text: String,
    budget: Budget,
}

/// The curve an [`OverviewJob`] found, with the text it graded.
#[derive(Debug)]
pub struct OverviewDone {
    text: String,
    points: Vec<CurvePoint>,
}

impl OverviewJob {
    /// Grades every level (this can take a while on a large pack): a level with
    /// syntax errors, or without cells, is not read, as `hexcells check` does not.
    pub fn run(self) -> OverviewDone {
        let parsed = parse(&self.text);
        let standings: Vec<(&str, Standing)> = parsed
            .levels
            .iter()
            .map(|p| {
                let unreadable = p.diagnostics.iter().any(|d| {
                    d.is_syntax_error() || (d.severity == Severity::Error && d.code == Code::NoCells)
                });
                let standing = if unreadable {
                    Standing::Invalid
                } else {
                    Standing::of_report(&solve::verdict_and_grade(&p.level, &self.budget))
                };
                (p.level.title.as_str(), standing)
            })
            .collect();
        let points = curve(standings);
        OverviewDone {
            text: self.text,
            points,
        }
    }
}

impl Session {
    /// Starts grading the pack when the overview action shows it and has no curve of
    /// the text yet; hand the answer to [`Session::overview_done`]. `None` for other
    /// actions, and when [`Session::act`] toggles the overview without grading.
    pub fn overview_job(&mut self, action: PlayerAction) -> Option<OverviewJob> {
        if action != PlayerAction::Overview || self.show_overview {
            return None;
        }
        self.show_overview = true;
        self.overview_refresh().or_else(|| {
            // The curve is the text's already: showing it is all.
            self.show_overview = false;
            None
        })
    }

    /// While the overview shows, a job to grade the text when its curve is not the
    /// text's and none is being graded for it.
    pub fn overview_refresh(&mut self) -> Option<OverviewJob> {
        let text = self.text();
        let fresh = self.curve.as_ref().is_some_and(|(graded, _)| graded == text);
        if !self.show_overview || fresh || self.grading.as_deref() == Some(text) {
            return None;
        }
        let text = text.to_string();
        self.grading = Some(text.clone());
        Some(OverviewJob {
            text,
            budget: self.budget.clone(),
        })
    }

    /// Keeps the curve `done` found when it is the curve of the text shown. Returns
    /// whether the overview changed.
    pub fn overview_done(&mut self, done: OverviewDone) -> bool {
        if self.grading.as_deref() == Some(done.text.as_str()) {
            self.grading = None;
        }
        if done.text != self.text() {
            return false;
        }
        self.curve = Some((done.text, done.points));
        self.show_overview
    }

    /// Shows or hides the overview, grading the pack first when it has no curve of
    /// the text (here, on this thread).
    pub(super) fn toggle_overview(&mut self) {
        match self.overview_job(PlayerAction::Overview) {
            Some(job) => {
                self.overview_done(job.run());
            }
            None => self.show_overview = !self.show_overview,
        }
    }
}
