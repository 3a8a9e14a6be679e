//! The level information prompt (SixCells' level information dialog, Labyrinthos'
//! metadata): a one-line prompt per field in the window, for the title, the author and
//! the two custom text lines, each with SixCells' length limit. Enter applies the
//! field and goes to the next one, Esc closes the prompt.

use hexcells_core::format::HeaderField;
use hexcells_core::Level;

/// The fields in prompt order, with their names and SixCells' limits (characters).
const FIELDS: [(HeaderField, &str, usize); 4] = [
    (HeaderField::Title, "title", 50),
    (HeaderField::Author, "author", 20),
    (HeaderField::CustomText1, "custom text 1", 120),
    (HeaderField::CustomText2, "custom text 2", 120),
];

/// A key for the prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PromptKey {
    /// Text typed.
    Text(String),
    /// Delete the last character.
    Backspace,
    /// Apply the field.
    Enter,
    /// Close the prompt.
    Escape,
}

/// What a key did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PromptResult {
    /// The prompt goes on (typing, or the next field).
    Open,
    /// This field's text is to be applied; the prompt goes on to the next field, or
    /// closes after the last.
    Apply(HeaderField, String),
    /// Closed without applying.
    Closed,
}

/// The open prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    field_idx: usize,
    text: String,
    /// The text the field had when the prompt reached it.
    original: String,
}

impl Prompt {
    /// A prompt on the title of `level`.
    pub fn new(level: &Level) -> Prompt {
        let mut prompt = Prompt {
            field_idx: 0,
            text: String::new(),
            original: String::new(),
        };
        prompt.load(level);
        prompt
    }

    fn load(&mut self, level: &Level) {
        let text = match FIELDS[self.field_idx].0 {
            HeaderField::Title | HeaderField::Magic => &level.title,
            HeaderField::Author => &level.author,
            HeaderField::CustomText1 => &level.custom_text[0],
            HeaderField::CustomText2 => &level.custom_text[1],
        };
        self.text = text.clone();
        self.original = text.clone();
    }

    /// The line to show: `title (3/50): My level▏ · Enter apply · Esc close`.
    pub fn line(&self) -> String {
        let (_, what, limit) = FIELDS[self.field_idx];
        let n = self.text.chars().count();
        format!("{what} ({n}/{limit}): {}▏ · Enter apply · Esc close", self.text)
    }

    /// Handles a key; `level` is the level as it is now (for the next field's text).
    pub fn key(&mut self, key: PromptKey, level: &Level) -> PromptResult {
        let (field, _, limit) = FIELDS[self.field_idx];
        match key {
            PromptKey::Text(typed) => {
                for c in typed.chars().filter(|c| !c.is_control()) {
                    if self.text.chars().count() < limit {
                        self.text.push(c);
                    }
                }
                PromptResult::Open
            }
            PromptKey::Backspace => {
                self.text.pop();
                PromptResult::Open
            }
            PromptKey::Escape => PromptResult::Closed,
            PromptKey::Enter => {
                let text = std::mem::take(&mut self.text);
                let changed = text != self.original;
                if self.field_idx + 1 < FIELDS.len() {
                    self.field_idx += 1;
                    self.load(level);
                } else {
                    self.field_idx = FIELDS.len();
                }
                match (changed, self.is_done()) {
                    (true, _) => PromptResult::Apply(field, text),
                    (false, true) => PromptResult::Closed,
                    (false, false) => PromptResult::Open,
                }
            }
        }
    }

    /// Whether every field has been through (the prompt closes after applying).
    pub fn is_done(&self) -> bool {
        self.field_idx >= FIELDS.len()
    }

    /// Reloads the current field's text from the level (after the previous field's
    /// edit arrived, the level may read differently).
    pub fn refresh(&mut self, level: &Level) {
        if !self.is_done() && self.text == self.original {
            self.load(level);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_come_one_by_one_with_their_limits() {
        let mut level = Level::new();
        level.title = "Old".into();
        level.author = "Me".into();
        let mut prompt = Prompt::new(&level);
        assert!(prompt.line().starts_with("title (3/50): Old▏"));
        prompt.key(PromptKey::Backspace, &level);
        prompt.key(PromptKey::Text("d!\n".into()), &level);
        assert_eq!(
            prompt.key(PromptKey::Enter, &level),
            PromptResult::Apply(HeaderField::Title, "Old!".into())
        );
        // The author is left as it is: nothing to apply.
        assert!(prompt.line().starts_with("author (2/20): Me▏"));
        prompt.key(PromptKey::Text("x".repeat(40)), &level);
        assert!(prompt.line().starts_with("author (20/20)"));
        assert_eq!(prompt.key(PromptKey::Escape, &level), PromptResult::Closed);

        let mut prompt = Prompt::new(&level);
        for _ in 0..3 {
            assert_eq!(prompt.key(PromptKey::Enter, &level), PromptResult::Open);
        }
        assert_eq!(prompt.key(PromptKey::Enter, &level), PromptResult::Closed);
        assert!(prompt.is_done());
    }
}
