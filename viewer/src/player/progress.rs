//! Progress and best results, saved per level in the user's state directory
//! (`$XDG_STATE_HOME/hexcells` or `~/.local/state/hexcells`), keyed by a hash of the
//! level's canonical text, so formatting edits keep the progress and real edits start
//! afresh. `level-<key>.json` holds the uncovered cells, mistakes, best result, dimmed
//! clues and undo steps (files from before dimmed clues and undo steps read as none);
//! beside it, `level-<key>.record` keeps the game's moves and guesses as a play record
//! (`docs/record-notation.md`), and exporting the record writes copies to `exports/`.
//! Files are written atomically (`hexcells_files`: temp file, then rename; an export, which
//! never replaces a file, temp file, then a hard link to its name). The level file itself is
//! never written.

use std::path::{Path, PathBuf};

use hexcells_core::format::print;
use hexcells_core::model::{name, parse_name};
use hexcells_core::play_record::{self, Record};
use hexcells_core::{Level, Pos};
use serde::{Deserialize, Serialize};

/// What is remembered about one level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelProgress {
    /// Cells the player uncovered, in order.
    pub moves: Vec<Pos>,
    /// Mistakes in the game in progress.
    pub mistakes: u32,
    /// The best finished game, if any.
    pub best: Option<Best>,
    /// Clues the player dimmed ("done with this one").
    pub dimmed: Vec<Pos>,
    /// How many cells each undo step uncovered, in order (a confirm of guesses or a
    /// solve is one step).
    pub undo_steps: Vec<usize>,
}

/// A finished game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Best {
    /// Fewest mistakes.
    pub mistakes: u32,
    /// Time in seconds, for that number of mistakes.
    pub seconds: u64,
}

impl Best {
    /// Whether `self` is a better result than `other`.
    pub fn beats(&self, other: &Best) -> bool {
        (self.mistakes, self.seconds) < (other.mistakes, other.seconds)
    }
}

/// The file's JSON; every field may be missing (older files have no `dimmed` and no
/// `undo_steps`).
#[derive(Serialize, Deserialize, Default)]
#[serde(default)]
struct ProgressDto {
    moves: Vec<String>,
    mistakes: u32,
    best_mistakes: Option<u32>,
    best_seconds: Option<u64>,
    dimmed: Vec<String>,
    undo_steps: Vec<usize>,
}

/// The default state directory, if the environment names one.
pub fn state_dir() -> Option<PathBuf> {
    let xdg = std::env::var_os("XDG_STATE_HOME").filter(|v| !v.is_empty());
    if let Some(dir) = xdg {
        return Some(PathBuf::from(dir).join("hexcells"));
    }
    let home = std::env::var_os("HOME").filter(|v| !v.is_empty())?;
    Some(PathBuf::from(home).join(".local").join("state").join("hexcells"))
}

/// The key of a level: FNV-1a 64 of its canonical text, in hex.
pub fn level_key(level: &Level) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in print(level).bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

fn file_for(dir: &Path, level: &Level) -> PathBuf {
    dir.join(format!("level-{}.json", level_key(level)))
}

/// The saved progress of `level` in `dir`; empty when none is saved or the file
/// cannot be read.
pub fn load(dir: &Path, level: &Level) -> LevelProgress {
    let Ok(text) = std::fs::read_to_string(file_for(dir, level)) else {
        return LevelProgress::default();
    };
    let Ok(dto) = serde_json::from_str::<ProgressDto>(&text) else {
        return LevelProgress::default();
    };
    LevelProgress {
        moves: dto.moves.iter().filter_map(|m| parse_name(m)).collect(),
        mistakes: dto.mistakes,
        best: dto
            .best_mistakes
            .zip(dto.best_seconds)
            .map(|(mistakes, seconds)| Best { mistakes, seconds }),
        dimmed: dto.dimmed.iter().filter_map(|m| parse_name(m)).collect(),
        undo_steps: dto.undo_steps,
    }
}

/// Saves `progress` of `level` in `dir` atomically.
pub fn save(dir: &Path, level: &Level, progress: &LevelProgress) -> std::io::Result<()> {
    let dto = ProgressDto {
        moves: progress.moves.iter().map(|p| name(*p)).collect(),
        mistakes: progress.mistakes,
        best_mistakes: progress.best.map(|b| b.mistakes),
        best_seconds: progress.best.map(|b| b.seconds),
        dimmed: progress.dimmed.iter().map(|p| name(*p)).collect(),
        undo_steps: progress.undo_steps.clone(),
    };
    let text = serde_json::to_string(&dto).map_err(std::io::Error::other)?;
    write_atomically(dir, &file_for(dir, level), &text)
}

/// Writes `text` to `path` in `dir` (made when missing) atomically, as every file
/// of the tools is written (`hexcells_files`).
fn write_atomically(dir: &Path, path: &Path, text: &str) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    hexcells_files::write_atomically(path, text.as_bytes())
}

fn record_file_for(dir: &Path, level: &Level) -> PathBuf {
    dir.join(format!("level-{}.record", level_key(level)))
}

/// The saved play record of `level` in `dir`, if one is saved and readable (lines
/// that cannot be read are skipped).
pub fn load_record(dir: &Path, level: &Level) -> Option<Record> {
    let text = std::fs::read_to_string(record_file_for(dir, level)).ok()?;
    Some(play_record::parse(&text).record)
}

/// Saves the play record of `level` in `dir` atomically, next to its progress.
pub fn save_record(dir: &Path, level: &Level, record: &Record) -> std::io::Result<()> {
    write_atomically(dir, &record_file_for(dir, level), &play_record::print(record))
}

/// Writes `record` to a new file `exports/<title or key>-<n>.record` under `dir`
/// (the first free `n` from 1) and returns its path. Existing files are never
/// overwritten, not even one made by another process while this one writes
/// (`hexcells_files::write_new_atomically`), and a reader never sees half a record.
pub fn export_record(dir: &Path, level: &Level, record: &Record) -> std::io::Result<PathBuf> {
    let exports = dir.join("exports");
    std::fs::create_dir_all(&exports)?;
    let stem = file_stem(&level.title).unwrap_or_else(|| level_key(level));
    let text = format!("# level: {}\n{}", level.title.trim(), play_record::print(record));
    for n in 1..10_000 {
        let path = exports.join(format!("{stem}-{n}.record"));
        // Names taken long ago cost no write; one taken just now is refused below.
        if std::fs::symlink_metadata(&path).is_ok() {
            continue;
        }
        match hexcells_files::write_new_atomically(&path, text.as_bytes()) {
            Ok(()) => return Ok(path),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other(format!(
        "too many exports of this level in {}",
        exports.display()
    )))
}

/// A file name made of the title's letters and digits, `-` between words; `None`
/// when nothing is left.
fn file_stem(title: &str) -> Option<String> {
    let mut stem = String::new();
    for c in title.chars().take(60) {
        if c.is_alphanumeric() {
            stem.push(c);
        } else if !stem.is_empty() && !stem.ends_with('-') {
            stem.push('-');
        }
    }
    let stem = stem.trim_end_matches('-').to_string();
    (!stem.is_empty()).then_some(stem)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexcells_core::format::parse;

    fn level(title: &str, row: &str) -> Level {
        let text = format!("Hexcells level v1\n{title}\nA\n\n\n{row:.<66}\n");
        parse(&text).levels.remove(0).level
    }

    #[test]
    fn progress_round_trips_and_is_keyed_by_content() {
        let dir = tempfile::tempdir().unwrap();
        let a = level("A", "x.o.");
        let b = level("A", "x.x.");
        let progress = LevelProgress {
            moves: vec![Pos::new(1, 0).unwrap(), Pos::new(0, 0).unwrap()],
            mistakes: 3,
            best: Some(Best {
                mistakes: 1,
                seconds: 42,
            }),
            dimmed: vec![Pos::new(4, 2).unwrap()],
            undo_steps: vec![2],
        };
        save(dir.path(), &a, &progress).unwrap();
        assert_eq!(load(dir.path(), &a), progress);
        assert_eq!(load(dir.path(), &b), LevelProgress::default());
        assert_ne!(level_key(&a), level_key(&b));
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temp file left behind");
    }

    #[test]
    fn exports_never_overwrite_and_are_named_after_the_title() {
        let dir = tempfile::tempdir().unwrap();
        let a = level("1. Blue / cells", "x.o.");
        let record = play_record::parse("F1b?\nF1k\n").record;
        let first = export_record(dir.path(), &a, &record).unwrap();
        let second = export_record(dir.path(), &a, &record).unwrap();
        assert!(
            first.ends_with("exports/1-Blue-cells-1.record"),
            "{}",
            first.display()
        );
        assert!(
            second.ends_with("exports/1-Blue-cells-2.record"),
            "{}",
            second.display()
        );
        let text = std::fs::read_to_string(&second).unwrap();
        assert_eq!(play_record::parse(&text).record, record, "{text}");
        let untitled = level("  ", "x.o.");
        let path = export_record(dir.path(), &untitled, &record).unwrap();
        let file = path.file_name().and_then(|f| f.to_str()).unwrap_or("");
        assert_eq!(file, format!("{}-1.record", level_key(&untitled)));
    }

    #[test]
    fn an_export_keeps_the_files_already_there_and_leaves_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let a = level("Taken", "x.o.");
        let exports = dir.path().join("exports");
        std::fs::create_dir_all(&exports).unwrap();
        std::fs::write(exports.join("Taken-1.record"), "someone's").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(dir.path().join("nowhere"), exports.join("Taken-2.record")).unwrap();
        let record = play_record::parse("F1b?\n").record;
        let path = export_record(dir.path(), &a, &record).unwrap();
        let third = if cfg!(unix) {
            "Taken-3.record"
        } else {
            "Taken-2.record"
        };
        assert!(path.ends_with(third), "{}", path.display());
        assert_eq!(
            std::fs::read_to_string(exports.join("Taken-1.record")).unwrap(),
            "someone's"
        );
        assert!(!dir.path().join("nowhere").exists(), "written through a link");
        let mut names: Vec<String> = std::fs::read_dir(&exports)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        let mut want = vec!["Taken-1.record", third];
        if cfg!(unix) {
            want.insert(1, "Taken-2.record");
        }
        assert_eq!(names, want);
    }

    #[test]
    fn a_file_from_before_dimmed_clues_still_reads() {
        let dir = tempfile::tempdir().unwrap();
        let a = level("A", "x.o.");
        let old = r#"{"moves":["A1","B1"],"mistakes":2,"best_mistakes":null,"best_seconds":null}"#;
        std::fs::write(file_for(dir.path(), &a), old).unwrap();
        let progress = load(dir.path(), &a);
        assert_eq!(progress.moves, [Pos::new(0, 0).unwrap(), Pos::new(1, 0).unwrap()]);
        assert_eq!(progress.mistakes, 2);
        assert!(progress.dimmed.is_empty() && progress.undo_steps.is_empty());
    }

    #[test]
    fn a_damaged_file_reads_as_no_progress() {
        let dir = tempfile::tempdir().unwrap();
        let a = level("A", "x.o.");
        std::fs::write(file_for(dir.path(), &a), "{not json").unwrap();
        assert_eq!(load(dir.path(), &a), LevelProgress::default());
        assert!(Best {
            mistakes: 0,
            seconds: 99
        }
        .beats(&Best {
            mistakes: 1,
            seconds: 5
        }));
    }
}
