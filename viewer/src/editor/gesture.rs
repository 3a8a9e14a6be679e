//! The pointer in the editor (SixCells' controls): a press, the motion and the release
//! make one gesture, which paints new cells, cycles or flips an item, drags a column
//! number out of a cell, moves the selection or draws a freehand selection loop; the
//! modifiers' meaning comes from the bindings ([`Mods`]).

use std::time::{Duration, Instant};

use hexcells_core::edit::{apply_op, Op};
use hexcells_core::{Color, Direction, Level, Pos};

use super::document::Kind;
use super::{geometry, Editor, EditorOutcome, Request};
use crate::keys::Button;
use crate::render::FrameLayout;

/// Two clicks on one item closer than this make a double-click.
pub const DOUBLE_CLICK: Duration = Duration::from_millis(400);

/// What the modifiers held during a press mean, after the bindings (`select` and
/// `toggle-revealed` of `[editor]` in `keys.toml`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mods {
    /// Select (Shift by default): an item, or a freehand loop on empty space.
    pub select: bool,
    /// Toggle revealed at start (Alt or Ctrl by default, as in SixCells).
    pub revealed: bool,
}

/// The gesture in progress between a press and its release.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Gesture {
    /// Nothing pressed.
    #[default]
    Idle,
    /// Pressed on empty space: new cells of `color` on the places passed over.
    Paint {
        /// Their colour.
        color: Color,
        /// The places, in order.
        cells: Vec<Pos>,
    },
    /// Pressed on an item, not moved yet: a click when released here.
    OnItem {
        /// The item.
        pos: Pos,
        /// The button.
        button: Button,
        /// Where the press was.
        start: (f32, f32),
    },
    /// Dragging out of a cell: a column number pointing at it.
    Column {
        /// The cell.
        cell: Pos,
        /// The direction the pointer picks, if any.
        direction: Option<Direction>,
    },
    /// Dragging the selection by whole lattice steps.
    Move {
        /// Where the drag started.
        start: (f32, f32),
        /// The last step that fits.
        step: (i32, i32),
    },
    /// Shift + drag on empty space: a freehand loop.
    Lasso {
        /// The pointer's path.
        points: Vec<(f32, f32)>,
    },
    /// A drag that does nothing (a right drag off an item).
    Void,
}

/// The first click of a possible double-click: where, when, and the level before it.
#[derive(Clone, Debug)]
pub(super) struct Click {
    pos: Pos,
    at: Instant,
    before: Level,
}

impl Editor {
    /// A press of `button` at pixel `at`.
    pub fn press(
        &mut self,
        layout: &FrameLayout,
        at: (f32, f32),
        button: Button,
        mods: Mods,
    ) -> EditorOutcome {
        let hit = layout.cell_at(&self.level, at.0, at.1);
        self.gesture = match (hit, button) {
            (Some(pos), Button::Left) if mods.select => {
                if !self.selection.remove(&pos) {
                    self.selection.insert(pos);
                }
                Gesture::Void
            }
            (None, Button::Left) if mods.select => Gesture::Lasso { points: vec![at] },
            (Some(pos), Button::Left) if mods.revealed => {
                self.gesture = Gesture::Void;
                return self.request(Request::Op(Op::ToggleRevealed { pos }, Kind::Edit));
            }
            (Some(pos), _) => Gesture::OnItem {
                pos,
                button,
                start: at,
            },
            (None, button) => {
                let color = crate::keys::color_of(button, self.swap_buttons);
                let cells = geometry::nearest_free(&self.level, layout, at.0, at.1, &[])
                    .into_iter()
                    .collect();
                Gesture::Paint { color, cells }
            }
        };
        EditorOutcome::redraw()
    }

    /// The pointer moved to pixel `at` (with or without a button held).
    pub fn motion(&mut self, layout: &FrameLayout, at: (f32, f32)) -> EditorOutcome {
        match &mut self.gesture {
            Gesture::Idle | Gesture::Void => return EditorOutcome::default(),
            Gesture::Paint { cells, .. } => {
                match geometry::nearest_free(&self.level, layout, at.0, at.1, cells) {
                    Some(p) => cells.push(p),
                    None => return EditorOutcome::default(),
                }
            }
            Gesture::OnItem { pos, button, start } => {
                let (pos, start, button) = (*pos, *start, *button);
                if (at.0 - start.0).hypot(at.1 - start.1) < 0.35 * layout.radius {
                    return EditorOutcome::default();
                }
                self.gesture = match button {
                    Button::Right => Gesture::Void,
                    Button::Left if self.selection.contains(&pos) => Gesture::Move { start, step: (0, 0) },
                    Button::Left if self.level.cell(pos).is_some() => Gesture::Column {
                        cell: pos,
                        direction: geometry::column_direction(layout, pos, at.0, at.1),
                    },
                    Button::Left => Gesture::Void,
                };
                // The same motion moves what the gesture became.
                return self.motion(layout, at);
            }
            Gesture::Column { cell, direction } => {
                *direction = geometry::column_direction(layout, *cell, at.0, at.1);
            }
            Gesture::Move { start, step } => {
                let candidate = geometry::lattice_step(layout, *start, at);
                if candidate != *step {
                    let op = Op::Move {
                        items: self.selection.iter().copied().collect(),
                        dx: candidate.0,
                        dy: candidate.1,
                    };
                    match apply_op(&self.level, &op) {
                        Ok(_) => {
                            *step = candidate;
                            self.message = None;
                        }
                        Err(e) => self.message = Some(format!("cannot move there: {e}")),
                    }
                }
            }
            Gesture::Lasso { points } => points.push(at),
        }
        EditorOutcome::redraw()
    }

    /// The release of `button` at pixel `at`, `now` (for double-clicks).
    pub fn release(
        &mut self,
        layout: &FrameLayout,
        at: (f32, f32),
        button: Button,
        now: Instant,
    ) -> EditorOutcome {
        let gesture = std::mem::take(&mut self.gesture);
        let request = match gesture {
            Gesture::Idle | Gesture::Void => return EditorOutcome::redraw(),
            Gesture::Paint { color, cells } => {
                if cells.is_empty() {
                    self.message = Some("no free place there".into());
                    return EditorOutcome::redraw();
                }
                Request::Op(Op::Create { cells, color }, Kind::Edit)
            }
            Gesture::OnItem { pos, .. } if button == Button::Right => {
                Request::Op(Op::Delete { items: vec![pos] }, Kind::Edit)
            }
            Gesture::OnItem { pos, .. } => self.click(pos, now),
            Gesture::Column { cell, direction } => match direction {
                Some(direction) => Request::Op(Op::AddColumn { cell, direction }, Kind::Edit),
                None => return EditorOutcome::redraw(),
            },
            Gesture::Move { step, .. } => {
                if step == (0, 0) {
                    return EditorOutcome::redraw();
                }
                let op = Op::Move {
                    items: self.selection.iter().copied().collect(),
                    dx: step.0,
                    dy: step.1,
                };
                Request::Op(op, Kind::Edit)
            }
            Gesture::Lasso { mut points } => {
                points.push(at);
                let first = points[0];
                let travelled = points
                    .iter()
                    .any(|p| (p.0 - first.0).hypot(p.1 - first.1) > 0.35 * layout.radius);
                if travelled {
                    let hits = geometry::lasso(&self.level, layout, &points);
                    self.selection.extend(hits);
                } else {
                    self.selection.clear();
                }
                return EditorOutcome::redraw();
            }
        };
        self.request(request)
    }

    /// A click on the item at `pos`: cycle, or flip on a double-click.
    fn click(&mut self, pos: Pos, now: Instant) -> Request {
        match self.last_click.take() {
            Some(first) if first.pos == pos && now.duration_since(first.at) <= DOUBLE_CLICK => {
                // The first click cycled: the flip replaces it.
                match apply_op(&first.before, &Op::Flip { pos }) {
                    Ok(flipped) => Request::Op(Op::ReplaceLevel(Box::new(flipped)), Kind::Replacing),
                    Err(_) => Request::Op(Op::Cycle { pos }, Kind::Edit),
                }
            }
            _ => {
                self.last_click = Some(Click {
                    pos,
                    at: now,
                    before: self.level.clone(),
                });
                Request::Op(Op::Cycle { pos }, Kind::Edit)
            }
        }
    }
}
