//! The corpus levels whose author gave them a difficulty: in the level's own title
//! ("Bugs (Easy) 1-1", "NO.4(hard)", "Extreme Challenge #1") or in the title of the
//! post that shared it (`post-labels.tsv`, read through `hexcells-corpus`). Each
//! level counts once, however many files hold it (the same cells and colours,
//! wherever on the grid); the post's label wins over the title's. Labels are on the five-step scale, 1 easy to 5 hard.

use std::collections::{HashMap, HashSet};

use hexcells_core::model::{Color, Pos};
use hexcells_core::solve::ReplayStep;
use hexcells_core::Level;
use hexcells_corpus::Corpus;

/// A level its author labelled: the label (1 easy to 5 hard), the author (the same
/// spelling for the same person in both sources), and where it is in the bench's
/// list of levels.
pub struct Label {
    /// 1 easy to 5 hard.
    pub label: u8,
    /// The author, lower case, without a `[deleted]/` or `u/` before it.
    pub author: String,
    /// Where the level is in the bench's list.
    pub level_idx: usize,
    /// Whether the label is the level's own title's (not a post's).
    pub from_title: bool,
}

/// A labelled level with a grade: the author's label, the author, the replay.
pub struct Graded<'a> {
    /// 1 easy to 5 hard.
    pub label: u8,
    /// As in [`Label`].
    pub author: &'a str,
    /// The easiest-first replay the score reads.
    pub steps: &'a [ReplayStep],
    /// Whether the label is the level's own title's.
    pub from_title: bool,
}

/// The labelled levels among `levels` (names as `file#index`), in list order.
pub fn find(corpus: &Corpus, levels: &[(String, Level)]) -> Vec<Label> {
    let posted: HashMap<String, (u8, String)> = corpus
        .post_labels()
        .into_iter()
        .map(|p| (p.file, (p.rank, p.series)))
        .collect();
    // The post's label of a level, by its content, for every file that holds it.
    let mut by_content: HashMap<Content, (u8, String)> = HashMap::new();
    for (name, level) in levels {
        let file = name.rsplit_once('#').map_or(name.as_str(), |(f, _)| f);
        if let Some(label) = posted.get(file) {
            by_content.insert(content(level), label.clone());
        }
    }
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for (level_idx, (_, level)) in levels.iter().enumerate() {
        let key = content(level);
        let (label, author, from_title) = match by_content.get(&key) {
            Some((rank, series)) => (*rank, series.clone(), false),
            None => match title_label(&level.title) {
                Some(label) => (label, level.author.clone(), true),
                None => continue,
            },
        };
        if !seen.insert(key) {
            continue;
        }
        out.push(Label {
            label,
            author: person(&author),
            level_idx,
            from_title,
        });
    }
    out
}

/// A level's cells and colours, from its top-left cell.
pub type Content = Vec<(i32, i32, Color)>;

/// What makes two files the same level: its cells and their colours, where they
/// are against each other (the same board moved on the grid, with other header
/// text, clues shown or cells revealed, is still the same level).
pub fn content(level: &Level) -> Content {
    let cells: Vec<(Pos, Color)> = level.cells().map(|(pos, c)| (pos, c.color)).collect();
    let min_x = cells.iter().map(|(p, _)| i32::from(p.x())).min().unwrap_or(0);
    let min_y = cells.iter().map(|(p, _)| i32::from(p.y())).min().unwrap_or(0);
    let mut key: Vec<(i32, i32, Color)> = cells
        .iter()
        .map(|(p, color)| (i32::from(p.x()) - min_x, i32::from(p.y()) - min_y, *color))
        .collect();
    key.sort_unstable_by_key(|(x, y, color)| (*x, *y, *color == Color::Blue));
    key
}

/// One spelling of an author: `[deleted]/mathgrant` and `Mathgrant` are `mathgrant`.
pub fn person(author: &str) -> String {
    let name = author.rsplit('/').next().unwrap_or(author);
    name.trim().trim_start_matches("u/").to_lowercase()
}

/// The difficulty a title gives as its author's label: a difficulty in parentheses
/// (`Bugs (Easy) 1-1`, `NO.4(hard)`, `Modulo (Medium/Hard)`), or a title that
/// starts with `Extreme` (hard, the scale's top); a title that only uses the word
/// ("Looks easy enough") has none.
fn title_label(title: &str) -> Option<u8> {
    let t = title.to_lowercase();
    if t.starts_with("extreme") {
        return Some(5);
    }
    let open = t.find('(')?;
    let inside = &t[open + 1..open + 1 + t[open + 1..].find(')')?];
    let inside = inside.trim().replace(['/', ' '], "-");
    match inside.as_str() {
        "easy" => Some(1),
        "easy-medium" => Some(2),
        "medium" | "normal" => Some(3),
        "medium-hard" | "normal-hard" => Some(4),
        "hard" => Some(5),
        _ => None,
    }
}
