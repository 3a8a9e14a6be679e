//! A text and its parse kept up to date as the text changes ([`LiveParse`]): an update
//! reads again only the levels whose lines changed, and moves the others (a level
//! shifted by an edit above it keeps its parse, with new line numbers). The result is
//! always what [`parse`](super::parse) gives for the whole text.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::ops::Range;

use super::parse::{file_diagnostics, level_pieces, Parse, ParsedLevel};
use crate::diagnostic::TextRange;
use crate::model::Level;

/// A text with its parse, read again level by level as it changes.
#[derive(Clone, Debug, Default)]
pub struct LiveParse {
    text: String,
    parse: Parse,
    /// Per level: where its piece is in `text`.
    pieces: Vec<PieceAt>,
}

/// Where a level's piece is, and what it holds in a word.
#[derive(Clone, Debug)]
struct PieceAt {
    bytes: Range<usize>,
    at_start: bool,
    fingerprint: Fingerprint,
}

/// 128 bits that stand for a level as read (its header and grid, not where its lines
/// are nor how they are spaced): levels that read alike have the same fingerprint, and
/// two that read differently have the same one with a chance of one in 2^128, so a
/// fingerprint can key what is worked out from a level (the engine's answers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fingerprint(pub u128);

impl LiveParse {
    /// `text`, parsed.
    pub fn new(text: String) -> LiveParse {
        let mut live = LiveParse::default();
        live.update(text);
        live
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The text's parse: the same as [`parse`](super::parse) of [`LiveParse::text`].
    pub fn parse(&self) -> &Parse {
        &self.parse
    }

    /// The fingerprint of level `level_idx`: it stays while the level reads the same,
    /// and is worked out only when the level is read.
    pub fn fingerprint(&self, level_idx: usize) -> Option<Fingerprint> {
        self.pieces.get(level_idx).map(|p| p.fingerprint)
    }

    /// The lines of level `level_idx`, as in the text.
    pub fn level_text(&self, level_idx: usize) -> Option<&str> {
        self.pieces.get(level_idx).map(|p| &self.text[p.bytes.clone()])
    }

    /// Takes the new `text`: the levels whose lines are in the old text too keep their
    /// parse (moved to where they are now), the others are read. Returns the indices of
    /// the levels read, in order.
    pub fn update(&mut self, text: String) -> Vec<usize> {
        let old_text = std::mem::take(&mut self.text);
        let old_pieces = std::mem::take(&mut self.pieces);
        let mut old_levels: Vec<Option<ParsedLevel>> = std::mem::take(&mut self.parse.levels)
            .into_iter()
            .map(Some)
            .collect();
        let old_piece = |k: usize| {
            let p = old_pieces.get(k)?;
            let text = &old_text[p.bytes.clone()];
            Some((text, skips_mark(text, p.at_start)))
        };
        // The old levels by their lines, built only when a level is not where it was.
        let mut by_text: Option<HashMap<(&str, bool), Vec<usize>>> = None;

        let pieces = level_pieces(&text);
        let mut levels = Vec::with_capacity(pieces.len());
        let mut at = Vec::with_capacity(pieces.len());
        let mut read = Vec::new();
        for (k, piece) in pieces.iter().enumerate() {
            let key = (piece.text, skips_mark(piece.text, piece.at_start));
            let same_place = (old_piece(k) == Some(key) && old_levels[k].is_some()).then_some(k);
            let found = same_place.or_else(|| {
                let index = by_text.get_or_insert_with(|| {
                    let mut index: HashMap<(&str, bool), Vec<usize>> = HashMap::new();
                    for j in 0..old_pieces.len() {
                        if let Some(key) = old_piece(j) {
                            index.entry(key).or_default().push(j);
                        }
                    }
                    index
                });
                index
                    .get(&key)?
                    .iter()
                    .copied()
                    .find(|&j| old_levels[j].is_some())
            });
            let bytes = offset_in(&text, piece.text);
            match found.and_then(|j| Some((j, old_levels[j].take()?))) {
                Some((j, mut parsed)) => {
                    move_to(&mut parsed, piece.first_line);
                    levels.push(parsed);
                    at.push(PieceAt {
                        bytes,
                        at_start: piece.at_start,
                        fingerprint: old_pieces[j].fingerprint,
                    });
                }
                None => {
                    let parsed = piece.parse();
                    at.push(PieceAt {
                        bytes,
                        at_start: piece.at_start,
                        fingerprint: fingerprint(&parsed.level),
                    });
                    levels.push(parsed);
                    read.push(k);
                }
            }
        }
        self.parse = Parse {
            diagnostics: file_diagnostics(&pieces),
            levels,
        };
        drop(pieces);
        self.pieces = at;
        self.text = text;
        read
    }
}

/// Whether a piece's first line loses a byte order mark: the only way where a piece
/// starts changes how it reads.
fn skips_mark(text: &str, at_start: bool) -> bool {
    at_start && text.starts_with('\u{feff}')
}

/// The bytes of `part`, a slice of `text`, in `text`.
fn offset_in(text: &str, part: &str) -> Range<usize> {
    let start = part.as_ptr() as usize - text.as_ptr() as usize;
    start..start + part.len()
}

/// The fingerprint of a level as read: two independent 64-bit hashes of it.
pub fn fingerprint(level: &Level) -> Fingerprint {
    let half = |salt: u8| {
        let mut hasher = DefaultHasher::new();
        salt.hash(&mut hasher);
        level.hash(&mut hasher);
        hasher.finish()
    };
    Fingerprint(u128::from(half(1)) << 64 | u128::from(half(2)))
}

/// Moves a level's parse so that it starts on text line `first_line`: every line
/// number in it (source map, diagnostics and their related places) shifts alike.
fn move_to(parsed: &mut ParsedLevel, first_line: u32) {
    let from = parsed.source.first_line;
    if from == first_line {
        return;
    }
    let delta = i64::from(first_line) - i64::from(from);
    let shift = |line: &mut u32| *line = (i64::from(*line) + delta) as u32;
    let shift_range = |range: &mut TextRange| shift(&mut range.line);
    let source = &mut parsed.source;
    shift(&mut source.first_line);
    shift(&mut source.end_line);
    source.header.iter_mut().flatten().for_each(shift_range);
    for grid_line in &mut source.grid {
        shift(&mut grid_line.line);
    }
    for d in &mut parsed.diagnostics {
        shift_range(&mut d.range);
        for related in &mut d.related {
            shift_range(&mut related.range);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse;

    fn level(title: &str, row: &str) -> String {
        let mut text = format!("Hexcells level v1\n{title}\nUs\n\n\n");
        for y in 0..33 {
            let line = if y == 10 { row } else { "" };
            text.push_str(&format!("{line:.<66}\n"));
        }
        text
    }

    #[test]
    fn an_edit_reads_only_the_level_it_changes() {
        let (a, b, c) = (level("A", "x.O+x."), level("B", "o.X+"), level("C", "xxxx"));
        let mut live = LiveParse::new(format!("{a}{b}{c}"));
        assert_eq!(live.parse().levels.len(), 3);
        let fingerprints: Vec<_> = (0..3).map(|k| live.fingerprint(k)).collect();

        // A changed cell in B.
        let edited_b = b.replacen("o.X+", "O.X+", 1);
        assert_eq!(live.update(format!("{a}{edited_b}{c}")), [1]);
        assert_eq!(live.parse(), &parse(live.text()));
        assert_eq!(live.fingerprint(0), fingerprints[0]);
        assert_ne!(live.fingerprint(1), fingerprints[1]);
        assert_eq!(live.fingerprint(2), fingerprints[2]);

        // Blank lines after A and B: they read again, the same; C moves down.
        let fingerprints: Vec<_> = (0..3).map(|k| live.fingerprint(k)).collect();
        let text = format!("{a}\n\n{edited_b}\n{c}");
        assert_eq!(live.update(text.clone()), [0, 1]);
        assert_eq!(live.parse(), &parse(&text));
        assert_eq!(
            (0..3).map(|k| live.fingerprint(k)).collect::<Vec<_>>(),
            fingerprints
        );
        assert_eq!(
            live.level_text(2).map(|t| t.starts_with("Hexcells level v1\nC")),
            Some(true)
        );

        // A level removed and one pasted twice.
        live.update(format!("{a}{edited_b}{c}"));
        let text = format!("{c}{a}{a}");
        // C was last (with the empty line after the final line break), A's second
        // copy has nothing left to take: both are read, the first A moves.
        assert_eq!(live.update(text.clone()), [0, 2]);
        assert_eq!(live.parse(), &parse(&text));
        assert_eq!(live.fingerprint(1), live.fingerprint(2));

        // Blank, then a level again.
        assert_eq!(live.update("\n \n".into()), Vec::<usize>::new());
        assert_eq!(live.parse(), &parse("\n \n"));
        assert_eq!(live.update(b.clone()), [0]);
        assert_eq!(live.parse(), &parse(&b));
    }

    #[test]
    fn a_byte_order_mark_belongs_to_the_first_level_only() {
        let a = level("A", "x.O+x.");
        let with_mark = format!("\u{feff}{a}{a}");
        let mut live = LiveParse::new(with_mark.clone());
        assert_eq!(live.parse(), &parse(&with_mark));
        // The marked first level moves down: it reads differently there.
        let text = format!("{a}\u{feff}{a}");
        live.update(text.clone());
        assert_eq!(live.parse(), &parse(&text));
    }
}
