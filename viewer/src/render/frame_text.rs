//! The words of a frame as drawn: what the renderers return beside the pixels, fitted
//! to the frame (the key line's parts that fit, the help panel's rows, the pack
//! overview's levels, the first steps of an empty level, the header's label). Tests and tools read these instead of the
//! pixels; the window writes them to a file when asked (`HEXCELLS_VIEW_FRAME_TEXT`),
//! one `name: value` line each, which [`FrameText::read`] reads back.

use super::key_line::SEPARATOR;

/// The words of one frame.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FrameText {
    /// The frame's size in pixels.
    pub size: (u32, u32),
    /// The title as shown (or what stands for a missing one).
    pub title: String,
    /// The mode's label in the header: `EDITOR`, `playtest: Tab returns to the
    /// editor`, or nothing in the player.
    pub label: String,
    /// The editor's verdict line.
    pub verdict: String,
    /// The status lines, as drawn (the player's may hold the start of the key line).
    pub status: Vec<String>,
    /// The parts of the key line that show, whole, in order.
    pub keys: Vec<String>,
    /// The first steps an empty level shows in the editor.
    pub first_steps: Vec<String>,
    /// The help panel's rows (keys, what they do), when it shows.
    pub panel: Vec<(String, String)>,
    /// The pack overview, when it shows: its heading, then a line per level (number,
    /// title, grade and score, and its mark, tab-separated).
    pub overview: Vec<String>,
}

impl FrameText {
    /// The key line as shown: its parts joined by ` · `.
    pub fn key_line(&self) -> String {
        self.keys.join(SEPARATOR)
    }

    /// One `name: value` line per word (a panel row's keys and text split by a tab).
    pub fn write(&self) -> String {
        let mut out = format!("size: {}x{}\n", self.size.0, self.size.1);
        let mut line = |name: &str, value: &str| {
            out.push_str(&format!("{name}: {}\n", value.replace('\n', " ")));
        };
        line("title", &self.title);
        line("label", &self.label);
        line("verdict", &self.verdict);
        for status in &self.status {
            line("status", status);
        }
        line("keys", &self.key_line());
        for step in &self.first_steps {
            line("first step", step);
        }
        for (keys, what) in &self.panel {
            line("panel", &format!("{keys}\t{what}"));
        }
        for row in &self.overview {
            line("overview", row);
        }
        out
    }

    /// Reads what [`FrameText::write`] wrote (lines it does not know are skipped).
    pub fn read(text: &str) -> FrameText {
        let mut frame = FrameText::default();
        for line in text.lines() {
            let Some((name, value)) = line.split_once(": ") else {
                continue;
            };
            let value = value.to_string();
            match name {
                "size" => {
                    let (w, h) = value.split_once('x').unwrap_or_default();
                    frame.size = (w.parse().unwrap_or(0), h.parse().unwrap_or(0));
                }
                "title" => frame.title = value,
                "label" => frame.label = value,
                "verdict" => frame.verdict = value,
                "status" => frame.status.push(value),
                "keys" if !value.is_empty() => {
                    frame.keys = value.split(SEPARATOR).map(str::to_string).collect();
                }
                "first step" => frame.first_steps.push(value),
                "panel" => {
                    let (keys, what) = value.split_once('\t').unwrap_or((&value, ""));
                    frame.panel.push((keys.to_string(), what.to_string()));
                }
                "overview" => frame.overview.push(value),
                _ => {}
            }
        }
        frame
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_written_reads_back() {
        let frame = FrameText {
            size: (640, 480),
            title: "Flowers: a test".into(),
            label: "playtest: Tab returns to the editor".into(),
            verdict: "solvable in 3 rounds".into(),
            status: vec!["level 1 of 2 · ? / F1 all keys".into()],
            keys: vec!["? / F1 all keys".into(), "Ctrl+S save".into()],
            first_steps: vec!["Left-click an empty place: a blue cell".into()],
            panel: vec![("Ctrl+Z".into(), "undo an edit".into())],
            overview: vec![
                "the pack's difficulty curve".into(),
                "3\tFlowers\teasy 0\teasier than level 2".into(),
            ],
        };
        assert_eq!(FrameText::read(&frame.write()), frame);
        assert_eq!(frame.key_line(), "? / F1 all keys · Ctrl+S save");
        assert_eq!(
            FrameText::read(&FrameText::default().write()),
            FrameText::default()
        );
    }
}
