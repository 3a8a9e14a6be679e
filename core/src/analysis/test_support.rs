//! Small levels for the analysis tests, written out to the full 33 x 33 grid.

/// A level whose grid is `rows` placed at group 10 of line 8 (away from the
/// game's interface), with `$0` marking a cursor; returns the text and the
/// cursor's (line, column).
pub fn level(rows: &[&str]) -> (String, (u32, u32)) {
    let mut text = String::from("Hexcells level v1\nTest\nUs\n\n\n");
    let mut cursor = (0, 0);
    for y in 0..33usize {
        let mut line = ".".repeat(20);
        if let Some(row) = y.checked_sub(8).and_then(|i| rows.get(i)) {
            if let Some(at) = row.find("$0") {
                cursor = (5 + y as u32, 20 + at as u32);
            }
            line.push_str(&row.replace("$0", ""));
        }
        while line.len() < 66 {
            line.push('.');
        }
        text.push_str(&line);
        text.push('\n');
    }
    (text, cursor)
}
