//! The difficulty authors gave their levels in the titles of the posts that shared
//! them (`post-labels.tsv`: "[Level] The Trial (Medium)"), as plain rows: which
//! file, the label as written, its place on the five-step scale, and the author's
//! series. The grade's benchmark fits and checks on them; nothing else reads them.

use crate::Corpus;

/// The table of post-title labels, beside `MANIFEST.tsv`.
pub const POST_LABELS: &str = "post-labels.tsv";

/// One level's label from the title of the post that shared it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PostLabel {
    /// The level file, named as [`LevelFile::name`](crate::LevelFile::name) names it
    /// (`levels/owner__repo/name.hexcells`).
    pub file: String,
    /// The post's title.
    pub title: String,
    /// The label as its author wrote it: `Hard`, `Normal-Hard`, `Hard start`.
    pub label: String,
    /// Its place on the five-step scale: Easy 1, Easy-Medium 2, Medium 3,
    /// Medium-Hard 4, Hard 5.
    pub rank: u8,
    /// The author's series (their user name, `[deleted]/name` for a deleted account).
    pub series: String,
    /// The post's address.
    pub url: String,
}

impl Corpus {
    /// Every row of `post-labels.tsv` whose rank is 1 to 5, in the table's order;
    /// empty when the table is absent. A row it cannot read is left out and named
    /// on stderr.
    pub fn post_labels(&self) -> Vec<PostLabel> {
        let text = std::fs::read_to_string(self.dir().join(POST_LABELS)).unwrap_or_default();
        parse(&text)
    }
}

/// The rows of a `post-labels.tsv` text, found by their header's column names.
fn parse(text: &str) -> Vec<PostLabel> {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let column = |name: &str| header.iter().position(|h| *h == name);
    let (Some(file), Some(title), Some(label), Some(rank), Some(series), Some(url)) = (
        column("corpus_file").or_else(|| column("file")),
        column("post_title"),
        column("label"),
        column("label_rank"),
        column("series"),
        column("source"),
    ) else {
        if !text.is_empty() {
            eprintln!("{POST_LABELS}: its header lacks a column the reader needs");
        }
        return Vec::new();
    };
    let mut out = Vec::new();
    for (line_idx, line) in lines.enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let field = |k: usize| fields.get(k).map(|f| f.trim().to_string());
        let row = (|| {
            let rank: u8 = field(rank)?.parse().ok().filter(|r| (1..=5).contains(r))?;
            let file = field(file)?;
            // The table names files below `levels/`, the corpus's own tables with it.
            let file = if file.starts_with("levels/") {
                file
            } else {
                format!("levels/{file}")
            };
            Some(PostLabel {
                file,
                title: field(title)?,
                label: field(label)?,
                rank,
                series: field(series)?,
                url: field(url)?,
            })
        })();
        match row {
            Some(row) => out.push(row),
            None => eprintln!("{POST_LABELS}: line {} is not a label row", line_idx + 2),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_read_by_their_columns_and_bad_ones_are_left_out() {
        let text = "corpus_file\tpost_title\tlabel\tlabel_rank\tseries\tsource\n\
                    a__b/one.hexcells\t[Level] One (Hard)\tHard\t5\tann\thttps://x/1\n\
                    a__b/two.hexcells\t[Level] Two\tMedium\tthree\tann\thttps://x/2\n\
                    \n\
                    levels/c__d/three.hexcells\tThree (Normal)\tNormal\t3\tbob\thttps://x/3\n";
        let rows = parse(text);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].file, "levels/a__b/one.hexcells");
        assert_eq!((rows[0].label.as_str(), rows[0].rank), ("Hard", 5));
        assert_eq!(rows[1].file, "levels/c__d/three.hexcells");
        assert_eq!(rows[1].series, "bob");
        assert!(parse("file\tlabel\nx\t1\n").is_empty());
        assert!(parse("").is_empty());
    }
}
