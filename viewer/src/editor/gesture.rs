//! The pointer in the editor (SixCells' controls): a press, the motion and the release
//! make one gesture, which paints new cells, cycles or flips an item, drags a column
//! number out of a cell, moves the selection or draws a freehand selection loop; the
//! modifiers' meaning comes from the bindings ([`Mods`]).
//!
//! Each [`PointerEvent`] comes in through `Editor::pointer` (`state.rs`), the editor's
//! one way in for the mouse; [`PointerState`] here works out the gesture and answers
//! with a [`Reaction`]: an operation for the editor to request, a redraw, or nothing.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use hexcells_core::edit::{apply_op, Op};
use hexcells_core::{Color, Direction, Level, Pos};

use super::document::Kind;
use super::geometry;
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

/// One pointer event in the editor's frame, at pixel `at`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PointerEvent {
    /// A press of `button`, with what the modifiers held mean.
    Press {
        /// Where.
        at: (f32, f32),
        /// Which button.
        button: Button,
        /// What the modifiers mean.
        mods: Mods,
    },
    /// The pointer moved (with or without a button held).
    Motion {
        /// Where to.
        at: (f32, f32),
    },
    /// The release of `button`, `now` (for double-clicks).
    Release {
        /// Where.
        at: (f32, f32),
        /// Which button.
        button: Button,
        /// When.
        now: Instant,
    },
}

/// The first click of a possible double-click: where, when, and the level before it.
#[derive(Clone, Debug)]
struct Click {
    pos: Pos,
    at: Instant,
    before: Level,
}

/// The pointer between events: the gesture in progress and the first click of a
/// possible double-click.
#[derive(Clone, Debug, Default)]
pub(super) struct PointerState {
    /// The gesture in progress.
    pub(super) gesture: Gesture,
    last_click: Option<Click>,
}

/// What a gesture works on: the editor's level, selection and message line.
pub(super) struct Target<'a> {
    pub(super) level: &'a Level,
    pub(super) selection: &'a mut BTreeSet<Pos>,
    pub(super) message: &'a mut Option<String>,
    /// The right button creates blue cells and the left black.
    pub(super) swap_buttons: bool,
}

/// What a pointer event asks of the editor.
#[derive(Debug)]
pub(super) enum Reaction {
    /// Nothing to show.
    Nothing,
    /// Draw again (the gesture, the selection or the message changed).
    Redraw,
    /// Change the text by this operation.
    Edit(Op, Kind),
}

impl PointerState {
    /// Forgets the first click: what comes next is no double-click.
    pub(super) fn forget_click(&mut self) {
        self.last_click = None;
    }

    /// Carries `event` on the gesture in the frame `layout`.
    pub(super) fn event(&mut self, on: Target<'_>, layout: &FrameLayout, event: PointerEvent) -> Reaction {
        match event {
            PointerEvent::Press { at, button, mods } => self.press(on, layout, at, button, mods),
            PointerEvent::Motion { at } => self.motion(on, layout, at),
            PointerEvent::Release { at, button, now } => self.release(on, layout, at, button, now),
        }
    }

    /// A press of `button` at pixel `at`.
    fn press(
        &mut self,
        on: Target<'_>,
        layout: &FrameLayout,
        at: (f32, f32),
        button: Button,
        mods: Mods,
    ) -> Reaction {
        let hit = layout.cell_at(on.level, at.0, at.1);
        self.gesture = match (hit, button) {
            (Some(pos), Button::Left) if mods.select => {
                if !on.selection.remove(&pos) {
                    on.selection.insert(pos);
                }
                Gesture::Void
            }
            (None, Button::Left) if mods.select => Gesture::Lasso { points: vec![at] },
            (Some(pos), Button::Left) if mods.revealed => {
                self.gesture = Gesture::Void;
                return Reaction::Edit(Op::ToggleRevealed { pos }, Kind::Edit);
            }
            (Some(pos), _) => Gesture::OnItem {
                pos,
                button,
                start: at,
            },
            (None, button) => {
                let color = crate::keys::color_of(button, on.swap_buttons);
                let cells = geometry::nearest_free(on.level, layout, at.0, at.1, &[])
                    .into_iter()
                    .collect();
                Gesture::Paint { color, cells }
            }
        };
        Reaction::Redraw
    }

    /// The pointer moved to pixel `at` (with or without a button held).
    fn motion(&mut self, on: Target<'_>, layout: &FrameLayout, at: (f32, f32)) -> Reaction {
        match &mut self.gesture {
            Gesture::Idle | Gesture::Void => return Reaction::Nothing,
            Gesture::Paint { cells, .. } => match geometry::nearest_free(on.level, layout, at.0, at.1, cells)
            {
                Some(p) => cells.push(p),
                None => return Reaction::Nothing,
            },
            Gesture::OnItem { pos, button, start } => {
                let (pos, start, button) = (*pos, *start, *button);
                if (at.0 - start.0).hypot(at.1 - start.1) < 0.35 * layout.radius {
                    return Reaction::Nothing;
                }
                self.gesture = match button {
                    Button::Right => Gesture::Void,
                    Button::Left if on.selection.contains(&pos) => Gesture::Move { start, step: (0, 0) },
                    Button::Left if on.level.cell(pos).is_some() => Gesture::Column {
                        cell: pos,
                        direction: geometry::column_direction(layout, pos, at.0, at.1),
                    },
                    Button::Left => Gesture::Void,
                };
                // The same motion moves what the gesture became.
                return self.motion(on, layout, at);
            }
            Gesture::Column { cell, direction } => {
                *direction = geometry::column_direction(layout, *cell, at.0, at.1);
            }
            Gesture::Move { start, step } => {
                let candidate = geometry::lattice_step(layout, *start, at);
                if candidate != *step {
                    let op = Op::Move {
                        items: on.selection.iter().copied().collect(),
                        dx: candidate.0,
                        dy: candidate.1,
                    };
                    match apply_op(on.level, &op) {
                        Ok(_) => {
                            *step = candidate;
                            *on.message = None;
                        }
                        Err(e) => *on.message = Some(format!("cannot move there: {e}")),
                    }
                }
            }
            Gesture::Lasso { points } => points.push(at),
        }
        Reaction::Redraw
    }

    /// The release of `button` at pixel `at`, `now` (for double-clicks).
    fn release(
        &mut self,
        on: Target<'_>,
        layout: &FrameLayout,
        at: (f32, f32),
        button: Button,
        now: Instant,
    ) -> Reaction {
        let gesture = std::mem::take(&mut self.gesture);
        match gesture {
            Gesture::Idle | Gesture::Void => Reaction::Redraw,
            Gesture::Paint { color, cells } => {
                if cells.is_empty() {
                    *on.message = Some("no free place there".into());
                    return Reaction::Redraw;
                }
                Reaction::Edit(Op::Create { cells, color }, Kind::Edit)
            }
            Gesture::OnItem { pos, .. } if button == Button::Right => {
                Reaction::Edit(Op::Delete { items: vec![pos] }, Kind::Edit)
            }
            Gesture::OnItem { pos, .. } => self.click(on.level, pos, now),
            Gesture::Column { cell, direction } => match direction {
                Some(direction) => Reaction::Edit(Op::AddColumn { cell, direction }, Kind::Edit),
                None => Reaction::Redraw,
            },
            Gesture::Move { step, .. } => {
                if step == (0, 0) {
                    return Reaction::Redraw;
                }
                let op = Op::Move {
                    items: on.selection.iter().copied().collect(),
                    dx: step.0,
                    dy: step.1,
                };
                Reaction::Edit(op, Kind::Edit)
            }
            Gesture::Lasso { mut points } => {
                points.push(at);
                let first = points[0];
                let travelled = points
                    .iter()
                    .any(|p| (p.0 - first.0).hypot(p.1 - first.1) > 0.35 * layout.radius);
                if travelled {
                    let hits = geometry::lasso(on.level, layout, &points);
                    on.selection.extend(hits);
                } else {
                    on.selection.clear();
                }
                Reaction::Redraw
            }
        }
    }

    /// A click on the item at `pos` of `level`: cycle, or flip on a double-click.
    fn click(&mut self, level: &Level, pos: Pos, now: Instant) -> Reaction {
        match self.last_click.take() {
            Some(first) if first.pos == pos && now.duration_since(first.at) <= DOUBLE_CLICK => {
                // The first click cycled: the flip replaces it.
                match apply_op(&first.before, &Op::Flip { pos }) {
                    Ok(flipped) => Reaction::Edit(Op::ReplaceLevel(Box::new(flipped)), Kind::Replacing),
                    Err(_) => Reaction::Edit(Op::Cycle { pos }, Kind::Edit),
                }
            }
            _ => {
                self.last_click = Some(Click {
                    pos,
                    at: now,
                    before: level.clone(),
                });
                Reaction::Edit(Op::Cycle { pos }, Kind::Edit)
            }
        }
    }
}
