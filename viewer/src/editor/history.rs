//! Undo and redo for the whole editing session: each step is one edit, kept as the
//! text before and after it and the changes between them. A step can be undone only
//! while the text is still what the edit left (an edit made elsewhere since, in the
//! text editor or on disk, stops it rather than being overwritten).

use hexcells_core::edit::{self, TextChange};

/// One edit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryStep {
    /// The text before it.
    pub before: String,
    /// The text after it.
    pub after: String,
    /// The changes from `before` to `after`.
    pub changes: Vec<TextChange>,
}

impl HistoryStep {
    /// The step that `changes` make to `before`.
    pub fn new(before: &str, changes: Vec<TextChange>) -> HistoryStep {
        HistoryStep {
            after: edit::apply(before, &changes),
            before: before.to_string(),
            changes,
        }
    }
}

/// Which way through the history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UndoRedo {
    /// Back (undo).
    Undo,
    /// Forward again (redo).
    Redo,
}

/// The undo and redo stacks.
#[derive(Clone, Debug, Default)]
pub struct History {
    undo: Vec<HistoryStep>,
    redo: Vec<HistoryStep>,
}

impl History {
    /// Records a new edit; the redo stack is gone.
    pub fn record(&mut self, step: HistoryStep) {
        self.undo.push(step);
        self.redo.clear();
    }

    /// Records an edit that replaces the last one (a double-click's flip replaces the
    /// first click's cycle): undoing it goes back to before both.
    pub fn record_replacing_last(&mut self, step: HistoryStep) {
        match self.undo.pop() {
            Some(last) if last.after == step.before => {
                let changes = span_change(&last.before, &step.after);
                self.record(HistoryStep::new(&last.before, changes));
            }
            Some(last) => {
                self.undo.push(last);
                self.record(step);
            }
            None => self.record(step),
        }
    }

    /// The changes that take `text` one step `direction`, if that step's text is
    /// `text`; the reason otherwise.
    pub fn changes(&self, direction: UndoRedo, text: &str) -> Result<Vec<TextChange>, String> {
        let (stack, what) = match direction {
            UndoRedo::Undo => (&self.undo, "undo"),
            UndoRedo::Redo => (&self.redo, "redo"),
        };
        let step = stack.last().ok_or_else(|| format!("nothing to {what}"))?;
        match direction {
            UndoRedo::Undo if step.after == text => Ok(edit::inverse(&step.before, &step.changes)),
            UndoRedo::Redo if step.before == text => Ok(step.changes.clone()),
            _ => Err(format!("cannot {what}: the text was changed elsewhere since")),
        }
    }

    /// Moves the top step to the other stack, once its changes took effect.
    pub fn moved(&mut self, direction: UndoRedo) {
        let (from, to) = match direction {
            UndoRedo::Undo => (&mut self.undo, &mut self.redo),
            UndoRedo::Redo => (&mut self.redo, &mut self.undo),
        };
        if let Some(step) = from.pop() {
            to.push(step);
        }
    }

    /// Forgets everything (the text was replaced from outside).
    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
    }

    /// How many steps can be undone and redone.
    pub fn depth(&self) -> (usize, usize) {
        (self.undo.len(), self.redo.len())
    }
}

/// One change from `before` to `after`: the span between their common prefix and
/// suffix (none when they are equal).
fn span_change(before: &str, after: &str) -> Vec<TextChange> {
    use edit::TextPos;
    let prefix = before
        .char_indices()
        .zip(after.chars())
        .find(|((_, a), b)| a != b)
        .map_or(before.len().min(after.len()), |((i, _), _)| i);
    let suffix = before[prefix..]
        .chars()
        .rev()
        .zip(after[prefix..].chars().rev())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum::<usize>();
    let place = |text: &str, offset: usize| {
        let head = &text[..offset];
        let line = head.matches('\n').count() as u32;
        let column = head.rsplit('\n').next().map_or(0, |l| l.chars().count()) as u32;
        TextPos::new(line, column)
    };
    let before_end = before.len() - suffix;
    let after_end = after.len() - suffix;
    if prefix >= before_end && prefix >= after_end {
        return Vec::new();
    }
    vec![TextChange::new(
        place(before, prefix),
        place(before, before_end.max(prefix)),
        &after[prefix..after_end.max(prefix)],
    )]
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexcells_core::edit::TextPos;

    fn change(line: u32, a: u32, b: u32, text: &str) -> TextChange {
        TextChange::new(TextPos::new(line, a), TextPos::new(line, b), text)
    }

    #[test]
    fn undo_and_redo_walk_the_steps_while_the_text_is_theirs() {
        let mut history = History::default();
        let one = HistoryStep::new("ab\ncd\n", vec![change(1, 0, 1, "X")]);
        history.record(one.clone());
        let two = HistoryStep::new(&one.after, vec![change(0, 1, 2, "Y")]);
        history.record(two.clone());
        assert_eq!(two.after, "aY\nXd\n");

        let back = history.changes(UndoRedo::Undo, &two.after).unwrap();
        assert_eq!(edit::apply(&two.after, &back), one.after);
        history.moved(UndoRedo::Undo);
        assert_eq!(history.depth(), (1, 1));
        let again = history.changes(UndoRedo::Redo, &one.after).unwrap();
        assert_eq!(edit::apply(&one.after, &again), two.after);

        // Changed elsewhere: refused, not overwritten.
        let err = history.changes(UndoRedo::Undo, "something else").unwrap_err();
        assert_eq!(err, "cannot undo: the text was changed elsewhere since");
        // A new edit drops the redo stack.
        history.record(HistoryStep::new(&one.after, vec![change(0, 0, 0, "!")]));
        assert_eq!(
            history.changes(UndoRedo::Redo, &one.after).unwrap_err(),
            "nothing to redo"
        );
    }

    #[test]
    fn a_replacing_step_undoes_to_before_both() {
        let mut history = History::default();
        let first = HistoryStep::new("o+\n", vec![change(0, 1, 2, "c")]);
        history.record(first.clone());
        let second = HistoryStep::new(&first.after, vec![change(0, 0, 2, "x+")]);
        history.record_replacing_last(second.clone());
        assert_eq!(history.depth(), (1, 0));
        let back = history.changes(UndoRedo::Undo, &second.after).unwrap();
        assert_eq!(edit::apply(&second.after, &back), "o+\n");
    }
}
