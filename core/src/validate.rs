//! Model checks: problems a level has whatever its text looked like (numbers that
//! contradict the level's own colours, colliding items, ...).
//!
//! [`problems`] works on a [`Level`] alone, naming cells by position, so levels built
//! in code (the generator) are checked the same way; the parser maps the positions to
//! text ranges with the level's source map (`format/placed_problems.rs`).

use crate::diagnostic::Code;
use crate::model::{name, Clue, ClueKind, Color, Hint, Item, Level, Pos, GRID_SIZE};

/// A model problem at a grid position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Its code.
    pub code: Code,
    /// Where it is; `None` for a level-wide problem.
    pub at: Option<Pos>,
    /// What is wrong and what to try.
    pub message: String,
    /// Other positions involved, with why.
    pub related: Vec<(Pos, String)>,
}

impl Problem {
    fn new(code: Code, at: Option<Pos>, message: String) -> Problem {
        Problem {
            code,
            at,
            message,
            related: Vec::new(),
        }
    }
}

/// Where the Hexcells game draws its own interface over the top rows of the grid,
/// as the SixCells editor maps it: for grid lines 1 to 11, `(a, b, c, d)` says that
/// groups `x < a` and `x >= d` are under the menu (top left) or the counters (top
/// right), and groups `a <= x < b` and `c <= x < d` touch their border. Lines below
/// are free, except the last two when the level shows both custom text lines.
const GAME_UI_ROWS: [(u8, u8, u8, u8); 11] = [
    (5, 30, 30, 30),
    (5, 6, 29, 30),
    (4, 5, 29, 30),
    (4, 5, 29, 30),
    (3, 4, 29, 30),
    (3, 3, 29, 30),
    (2, 3, 29, 33),
    (1, 2, 33, 33),
    (1, 2, 33, 33),
    (0, 1, 33, 33),
    (0, 1, 33, 33),
];

/// How much of the game's interface covers a grid position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UiCover {
    /// Nothing.
    Free,
    /// The border of the menu or the counters: a cell there is partly hidden.
    Border,
    /// The menu, the counters or the custom text: anything there is hidden.
    Under,
}

/// How much of the game's interface covers `pos` in `level` (the custom text lines
/// take the last two grid lines when both are set).
pub fn ui_cover(level: &Level, pos: Pos) -> UiCover {
    let (x, y) = (pos.x(), pos.y());
    let bottom_text = !level.custom_text[0].trim().is_empty() && !level.custom_text[1].trim().is_empty();
    if bottom_text && y >= GRID_SIZE - 2 {
        return UiCover::Under;
    }
    match GAME_UI_ROWS.get(usize::from(y)) {
        Some(&(a, _, _, d)) if x < a || x >= d => UiCover::Under,
        Some(&(_, b, c, _)) if x < b || x >= c => UiCover::Border,
        _ => UiCover::Free,
    }
}

/// Every model problem of `level`, in grid order.
pub fn problems(level: &Level) -> Vec<Problem> {
    let mut out = Vec::new();
    if level.n_cells() == 0 {
        out.push(Problem::new(
            Code::NoCells,
            None,
            "the level has no cells; add blue (`x`) or black (`o`) cells to the grid".into(),
        ));
    }
    for (pos, item) in level.items() {
        check_item(level, pos, item, &mut out);
    }
    check_parity(level, &mut out);
    out
}

fn check_item(level: &Level, pos: Pos, item: Item, out: &mut Vec<Problem>) {
    // Names are built only for problems: most items have none.
    let at = || name(pos);
    // Items overlap on screen when one sits right below another.
    if let Some(below) = pos.offset(0, 1).filter(|p| level.get(*p).is_some()) {
        let below_item = level.get(below).map_or("item", describe);
        let mut p = Problem::new(
            Code::CollidingItems,
            Some(below),
            format!(
                "{below_item} {} overlaps {} {} right above it: items one line apart in the same column are drawn on top of each other; move one of them",
                name(below),
                describe(item),
                at()
            ),
        );
        p.related.push((pos, format!("{} {}", describe(item), at())));
        out.push(p);
    }
    // A column number's digits are small: only the interface itself hides them.
    let hidden = match (ui_cover(level, pos), item) {
        (UiCover::Under, _) | (UiCover::Border, Item::Cell(_)) => true,
        (UiCover::Border, Item::Column(_)) | (UiCover::Free, _) => false,
    };
    if hidden {
        let what = if pos.y() >= GRID_SIZE - 2 {
            "on the last two grid lines, where the game shows the two custom text lines; move it up or keep to one custom text line"
        } else {
            "in a top corner, where the game draws its menu (left) or its counters (right), so players may not see it; move the level down or inwards"
        };
        out.push(Problem::new(
            Code::UnderGameUi,
            Some(pos),
            format!("{} {} is {what}", describe(item), at()),
        ));
    }
    // Only columns and `c`/`n` numbers need their members.
    let needs_clue = match item {
        Item::Column(_) => true,
        Item::Cell(cell) => matches!(cell.hint, Hint::Together | Hint::Apart),
    };
    let Some(clue) = needs_clue.then(|| Clue::at(level, pos)).flatten() else {
        return;
    };
    match item {
        Item::Column(column) => {
            if column.hint == Hint::None {
                out.push(Problem::new(
                    Code::ColumnWithoutNumber,
                    Some(pos),
                    format!(
                        "column number {} has `.` as its second character; write `+`, `c` or `n` after `{}`",
                        at(),
                        column.direction.symbol()
                    ),
                ));
            }
            if clue.members.is_empty() {
                out.push(Problem::new(
                    Code::ColumnPointsAtNothing,
                    Some(pos),
                    format!("column number {} points at no cell, so it always shows 0; point it at cells or remove it", at()),
                ));
            }
        }
        Item::Cell(cell)
            if cell.color == Color::Blue && matches!(cell.hint, Hint::Together | Hint::Apart) =>
        {
            out.push(Problem::new(
                Code::TogetherOnFlower,
                Some(pos),
                format!(
                    "blue cell {} has `{}`, but a flower number has no {{n}} or -n- form; use `+`",
                    at(),
                    cell.hint.symbol()
                ),
            ));
            return;
        }
        Item::Cell(_) => {}
    }
    check_together(level, &clue, out);
}

fn check_together(level: &Level, clue: &Clue, out: &mut Vec<Problem>) {
    if !matches!(clue.hint, Hint::Together | Hint::Apart) {
        return;
    }
    let Some(together) = clue.together(level) else {
        return;
    };
    let at = name(clue.at);
    let count = clue.count(level);
    let what = if clue.kind == ClueKind::Column {
        "along its column"
    } else {
        "around it"
    };
    let shown = clue.hint.display(count);
    let blue: Vec<Pos> = clue
        .members
        .iter()
        .copied()
        .filter(|p| level.is_blue(*p))
        .collect();
    let how_many = if count == 0 {
        "no blue cell"
    } else {
        "a single blue cell"
    };
    let mut problem = if clue.hint == Hint::Together && count <= 1 {
        Problem::new(
            Code::TogetherOnSmallCount,
            Some(clue.at),
            format!("{at} shows {shown}: with {how_many} {what}, {{}} adds nothing; use `+`"),
        )
    } else if clue.hint == Hint::Apart && count <= 1 {
        Problem::new(
            Code::HintContradictsSolution,
            Some(clue.at),
            format!(
                "{at} shows {shown}, but {how_many} {what} cannot be apart (-n- needs at least 2); use `+`"
            ),
        )
    } else if clue.hint == Hint::Together && !together {
        Problem::new(
            Code::HintContradictsSolution,
            Some(clue.at),
            format!("{at} shows {shown}, but its {count} blue cells {what} are not together; use `n` ({}) or change the colours", Hint::Apart.display(count)),
        )
    } else if clue.hint == Hint::Apart && together {
        Problem::new(
            Code::HintContradictsSolution,
            Some(clue.at),
            format!("{at} shows {shown}, but its {count} blue cells {what} are together; use `c` ({}) or change the colours", Hint::Together.display(count)),
        )
    } else {
        return;
    };
    problem.related = blue
        .into_iter()
        .map(|p| (p, format!("blue cell {}", name(p))))
        .collect();
    out.push(problem);
}

fn check_parity(level: &Level, out: &mut Vec<Problem>) {
    let mut by_parity: [Vec<Pos>; 2] = [Vec::new(), Vec::new()];
    for (pos, _) in level.cells() {
        by_parity[usize::from(pos.parity())].push(pos);
    }
    if by_parity[0].is_empty() || by_parity[1].is_empty() {
        return;
    }
    let (minority, majority) = if by_parity[0].len() < by_parity[1].len() {
        (&by_parity[0], &by_parity[1])
    } else {
        (&by_parity[1], &by_parity[0])
    };
    // One problem per level, at the first stray cell, listing every stray cell: a
    // level shifted by one line half-way would otherwise earn hundreds of warnings.
    let Some(&first) = minority.first() else {
        return;
    };
    let n_minority = minority.len();
    let examples: Vec<String> = minority.iter().take(4).map(|p| name(*p)).collect();
    let examples = if n_minority > examples.len() {
        format!("{}, ...", examples.join(", "))
    } else {
        examples.join(", ")
    };
    let n_majority = majority.len();
    let message = if n_minority == 1 {
        format!("cell {examples} is off the lattice of the other {n_majority} cells, so it never touches them; shift it one line up or down")
    } else {
        format!("{n_minority} cells ({examples}) are off the lattice of the other {n_majority} cells, so they never touch them; shift them one line up or down")
    };
    let mut problem = Problem::new(Code::MixedParity, Some(first), message);
    problem.related = minority
        .iter()
        .map(|p| (*p, format!("{} is off the lattice", name(*p))))
        .collect();
    out.push(problem);
}

/// `"black cell"`, `"blue cell"` or `"column number"`, for messages.
fn describe(item: Item) -> &'static str {
    match item {
        Item::Cell(cell) if cell.color == Color::Blue => "blue cell",
        Item::Cell(_) => "black cell",
        Item::Column(_) => "column number",
    }
}
