//! Paints the editor's frame: every cell in its true colour (a cell hidden at start
//! keeps the game's orange rim, a revealed one does not), every number and column
//! number, the free places of the lattice as faint dots, the selection, the cells a
//! player gets stuck on and the items with problems, the previews of the gesture in
//! progress, and the header and footer (verdict, message, the key line's parts that
//! fit, prompt); over the board, an empty level's first steps or the help panel.

use std::collections::BTreeSet;

use hexcells_core::edit::lattice_parity;
use hexcells_core::format::decode_entities;
use hexcells_core::model::name;
use hexcells_core::{Color as CellColor, Direction, Item, Level, Pos};
use tiny_skia::Color;

use super::board::{centred, draw_banner, draw_number, draw_title, outline_cell};
use super::canvas::{hexagon_at, Canvas, Group, Tile};
use super::frame_text::FrameText;
use super::layout::FrameLayout;
use super::palette;
use super::text::{self, left, Anchor, TextStyle};
use super::{help, key_line};

/// Everything one editor frame shows.
#[derive(Clone, Debug)]
pub struct EditorScene<'a> {
    /// The level as the text reads.
    pub level: &'a Level,
    /// Where things go on screen (the whole grid, zoomed and panned).
    pub layout: FrameLayout,
    /// The selected items.
    pub selection: &'a BTreeSet<Pos>,
    /// New cells the gesture in progress would create.
    pub paint: &'a [(Pos, CellColor)],
    /// The column number a drag out of a cell would create.
    pub column: Option<(Pos, Direction)>,
    /// The step the selection is being dragged by.
    pub moving: Option<(i32, i32)>,
    /// A freehand selection loop being drawn.
    pub lasso: &'a [(f32, f32)],
    /// Cells a perfect player gets stuck on.
    pub stuck: &'a [Pos],
    /// Items with a problem.
    pub problems: &'a [Pos],
    /// The item under the pointer.
    pub hover: Option<Pos>,
    /// The cell under the text editor's cursor.
    pub cursor: Option<Pos>,
    /// "solvable in 6 rounds", "checking…".
    pub verdict: &'a str,
    /// The last message (a refusal, a save).
    pub status: &'a str,
    /// The parts of the key line, most needed first: as many as fit show, whole.
    pub keys: &'a [String],
    /// The help panel's rows (keys or gesture, what it does), when it shows.
    pub panel: Option<&'a [(String, String)]>,
    /// The first steps an empty level shows over the board (none once it has items).
    pub first_steps: &'a [String],
    /// The open level information prompt.
    pub prompt: Option<&'a str>,
    /// What stands for a missing title: `(no title: Ctrl+D)`, with the keys in force.
    pub untitled: &'a str,
    /// The first syntax error of the level, while it has one.
    pub banner: Option<&'a str>,
    /// Interface scale (HiDPI).
    pub scale: f32,
}

/// The outline of a cell a player gets stuck on.
const STUCK: palette::Rgb = palette::Rgb(220, 30, 30);
/// The outline of an item with a problem.
const PROBLEM: palette::Rgb = palette::Rgb(240, 150, 0);
/// Selected items: a pale veil over them (SixCells draws them half transparent).
fn selected_veil() -> Color {
    Color::from_rgba8(255, 255, 255, 140)
}

/// Draws `scene` over the whole of `canvas`; returns its words as drawn.
pub fn draw(scene: &EditorScene, canvas: &mut dyn Canvas) -> FrameText {
    let mut words = FrameText {
        size: canvas.size(),
        ..FrameText::default()
    };
    canvas.clear(palette::BACKGROUND);
    let layout = &scene.layout;
    draw_lattice(scene, layout, canvas);
    draw_items(scene, layout, canvas);
    draw_marks(scene, layout, canvas);
    draw_previews(scene, layout, canvas);
    draw_header(scene, layout, canvas, &mut words);
    draw_footer(scene, layout, canvas, &mut words);
    match scene.panel {
        Some(rows) => {
            canvas.begin(Group::Part("help"));
            help::draw("Editor: every key and click", rows, layout, canvas);
            canvas.end();
            words.panel = rows.to_vec();
        }
        None if !scene.first_steps.is_empty() => {
            canvas.begin(Group::Part("first-steps"));
            draw_first_steps(scene.first_steps, layout, canvas);
            canvas.end();
            words.first_steps = scene.first_steps.to_vec();
        }
        None => {}
    }
    words
}

/// The first steps of an empty level, on a panel over the middle of the board: the
/// two lines that make cells each start with a cell of the colour they make.
fn draw_first_steps(steps: &[String], layout: &FrameLayout, canvas: &mut dyn Canvas) {
    let s = layout.scale;
    let size = 16.0 * s;
    let line = size * 1.6;
    let swatch = size * 0.6;
    let pad = size;
    let text_w = steps
        .iter()
        .map(|t| text::measure(t, size).0)
        .fold(0.0f32, f32::max);
    let panel_w = (text_w + 3.0 * pad + 2.0 * swatch).min(layout.width - 16.0 * s);
    let panel_h = line * steps.len() as f32 + pad;
    let board_top = layout.header;
    let board_h = layout.height - layout.header - layout.footer;
    let x0 = (layout.width - panel_w) / 2.0;
    let y0 = board_top + ((board_h - panel_h) / 2.0).max(0.0);
    help::panel(canvas, x0, y0, panel_w, panel_h, s);
    let text_x = x0 + 2.0 * pad + swatch;
    let room = (x0 + panel_w - pad - text_x).max(1.0);
    for (k, step) in steps.iter().enumerate() {
        let y = y0 + pad / 2.0 + line * k as f32 + (line - size) / 2.0;
        // A cell of the colour the line makes: "a blue cell", "a black cell".
        let color = if step.contains("a blue cell") {
            Some(palette::BLUE)
        } else if step.contains("a black cell") {
            Some(palette::BLACK)
        } else {
            None
        };
        if let Some(color) = color {
            let (cx, cy) = (x0 + pad + swatch / 2.0, y + size * 0.55);
            canvas.fill_polygon(&hexagon_at(cx, cy, swatch), color.color());
        }
        let step = text::fit(step, size, room);
        canvas.text(&step, text_x, y, left(size, palette::TEXT.color()));
    }
}

/// Faint dots on the free places of the lattice, so authors see where cells go.
fn draw_lattice(scene: &EditorScene, layout: &FrameLayout, canvas: &mut dyn Canvas) {
    if layout.radius < 6.0 {
        return;
    }
    let parity = lattice_parity(scene.level);
    let dot = Color::from_rgba8(190, 190, 190, 255);
    let size = (layout.radius * 0.08).max(1.0);
    let (w, h) = canvas.size();
    let (w, h) = (w as f32, h as f32);
    for pos in Pos::all() {
        if parity.is_some_and(|p| p != pos.parity()) || scene.level.get(pos).is_some() {
            continue;
        }
        let (cx, cy) = layout.cell_centre(pos);
        if cx < 0.0 || cy < 0.0 || cx > w || cy > h {
            continue;
        }
        canvas.fill_rect(cx - size, cy - size, 2.0 * size, 2.0 * size, dot);
    }
}

fn draw_items(scene: &EditorScene, layout: &FrameLayout, canvas: &mut dyn Canvas) {
    let r = layout.radius;
    for (pos, item) in scene.level.items() {
        let (cx, cy) = layout.cell_centre(pos);
        canvas.begin(Group::Item(pos));
        draw_item(scene.level, pos, item, cx, cy, r, canvas);
        if scene.selection.contains(&pos) {
            canvas.fill_polygon(&layout.hexagon(pos, r * 0.94), selected_veil());
        }
        canvas.end();
    }
}

/// One item, true colour and number, centred on `(cx, cy)`.
fn draw_item(level: &Level, pos: Pos, item: Item, cx: f32, cy: f32, r: f32, canvas: &mut dyn Canvas) {
    match item {
        Item::Cell(cell) => {
            let (rim, fill) = match cell.color {
                CellColor::Blue => (palette::BLUE_RIM, palette::BLUE),
                CellColor::Black => (palette::BLACK_RIM, palette::BLACK),
            };
            // Hidden at start: the game's orange rim around the true colour.
            let rim = if cell.revealed { rim } else { palette::HIDDEN };
            let tile = Tile::Cell {
                rim,
                fill,
                core: None,
            };
            canvas.tile(tile, r, cx, cy);
            if cell.hint.shows_number() {
                draw_number(canvas, level, pos, (cx, cy), r, palette::CELL_TEXT.color());
            }
        }
        Item::Column(_) => draw_number(canvas, level, pos, (cx, cy), r, palette::TEXT.color()),
    }
}

/// Outlines: stuck cells, problems, the hovered item, the text cursor.
fn draw_marks(scene: &EditorScene, layout: &FrameLayout, canvas: &mut dyn Canvas) {
    let r = layout.radius;
    let width = (2.0 * layout.scale).max(r * 0.08);
    for &pos in scene.problems {
        canvas.stroke_polyline(&layout.hexagon(pos, r * 0.99), true, PROBLEM.color(), width);
    }
    for &pos in scene.stuck {
        canvas.stroke_polyline(&layout.hexagon(pos, r * 0.9), true, STUCK.color(), width * 1.3);
    }
    if let Some(pos) = scene.cursor {
        outline_cell(canvas, layout, pos, palette::CURSOR.color(), width);
    }
    if let Some(pos) = scene.hover {
        outline_cell(canvas, layout, pos, palette::SOFT_TEXT.color(), width * 0.6);
    }
}

fn draw_previews(scene: &EditorScene, layout: &FrameLayout, canvas: &mut dyn Canvas) {
    let r = layout.radius;
    let translucent = |rgb: palette::Rgb| Color::from_rgba8(rgb.0, rgb.1, rgb.2, 130);
    for &(pos, color) in scene.paint {
        let fill = match color {
            CellColor::Blue => palette::BLUE,
            CellColor::Black => palette::BLACK,
        };
        canvas.fill_polygon(&layout.hexagon(pos, r * 0.9), translucent(fill));
    }
    if let Some((pos, direction)) = scene.column {
        let (cx, cy) = layout.cell_centre(pos);
        let style = centred(r * 0.8, translucent(palette::TEXT), direction.angle() as f32);
        canvas.text("?", cx, cy, style);
        let ring = layout.hexagon(pos, r * 0.7);
        canvas.stroke_polyline(&ring, true, translucent(palette::TEXT), 1.5);
    }
    if let Some((dx, dy)) = scene.moving {
        for &pos in scene.selection {
            let Some(to) = pos.offset(dx, dy) else { continue };
            let Some(item) = scene.level.get(pos) else {
                continue;
            };
            let color = match item {
                Item::Cell(c) if c.color == CellColor::Blue => palette::BLUE,
                Item::Cell(_) => palette::BLACK,
                Item::Column(_) => palette::TEXT,
            };
            canvas.fill_polygon(&layout.hexagon(to, r * 0.9), translucent(color));
        }
    }
    if scene.lasso.len() > 1 {
        let width = 1.5 * layout.scale;
        canvas.stroke_polyline(scene.lasso, false, palette::CURSOR.color(), width);
    }
}

fn draw_header(scene: &EditorScene, layout: &FrameLayout, canvas: &mut dyn Canvas, words: &mut FrameText) {
    let s = layout.scale;
    canvas.fill_rect(0.0, 0.0, layout.width, layout.header, palette::BACKGROUND.color());
    // The right column (label, counts, verdict) takes a little under half the
    // width, and the title the rest.
    let right_w = (layout.width * 0.45).max(320.0 * s).min(layout.width - 200.0 * s);
    let text_w = (layout.width - right_w - 20.0 * s).max(10.0);
    let title = decode_entities(&scene.level.title);
    let title = if title.is_empty() {
        scene.untitled.into()
    } else {
        title
    };
    draw_title(canvas, s, &title, &decode_entities(&scene.level.author), text_w);
    let n_blue = scene.level.n_blue_remaining_at_start();
    let right = TextStyle {
        anchor: Anchor::TopRight,
        ..left(14.0 * s, palette::TEXT.color())
    };
    canvas.text("EDITOR", layout.width - 12.0 * s, 8.0 * s, right);
    words.label = "EDITOR".to_string();
    words.title = title.to_string();
    let counts = format!("{} cells, {n_blue} blue to find", scene.level.n_cells());
    canvas.text(&counts, layout.width - 12.0 * s, 28.0 * s, right);
    // The verdict line, as `Editor::verdict` builds it: the whole parts that fit its
    // room at the right, most needed first (the first cut if it alone does not).
    let parts: Vec<String> = scene
        .verdict
        .split(key_line::SEPARATOR)
        .map(str::to_string)
        .collect();
    let shown = key_line::fit(&parts, 13.0 * s, right_w);
    let verdict = if shown.is_empty() {
        text::fit(scene.verdict, 13.0 * s, right_w)
    } else {
        shown.join(key_line::SEPARATOR)
    };
    words.verdict = verdict.clone();
    let color = if scene.verdict.starts_with("stuck") {
        STUCK
    } else {
        palette::SOFT_TEXT
    };
    canvas.begin(Group::Part("verdict"));
    canvas.text(
        &verdict,
        layout.width - 12.0 * s,
        46.0 * s,
        TextStyle {
            color: color.color(),
            ..right
        },
    );
    canvas.end();
}

fn draw_footer(scene: &EditorScene, layout: &FrameLayout, canvas: &mut dyn Canvas, words: &mut FrameText) {
    let s = layout.scale;
    let top = layout.height - layout.footer;
    canvas.fill_rect(0.0, top, layout.width, layout.footer, palette::BACKGROUND.color());
    let custom: Vec<String> = scene
        .level
        .custom_text
        .iter()
        .map(|t| decode_entities(t).into_owned())
        .collect();
    let custom = custom
        .iter()
        .filter(|t| !t.is_empty())
        .cloned()
        .collect::<Vec<_>>()
        .join(" · ");
    let custom = text::fit(&custom, 13.0 * s, layout.width - 24.0 * s);
    canvas.text(
        &custom,
        layout.width / 2.0,
        top + 6.0 * s,
        centred(13.0 * s, palette::SOFT_TEXT.color(), 0.0),
    );
    let hover = scene.hover.map(name).unwrap_or_default();
    let hover_w = text::measure("AG33", 14.0 * s).0 + 16.0 * s;
    let status = text::fit(scene.status, 13.0 * s, layout.width - hover_w - 24.0 * s);
    if !status.is_empty() {
        words.status.push(status.clone());
    }
    canvas.begin(Group::Part("status"));
    let style = left(13.0 * s, palette::TEXT.color());
    canvas.text(&status, 12.0 * s, top + 26.0 * s, style);
    canvas.end();
    let hover_style = TextStyle {
        anchor: Anchor::TopRight,
        ..left(14.0 * s, palette::TEXT.color())
    };
    canvas.begin(Group::Part("hover"));
    canvas.text(&hover, layout.width - 12.0 * s, top + 26.0 * s, hover_style);
    canvas.end();
    words.keys = key_line::fit(scene.keys, 12.0 * s, layout.width - 24.0 * s);
    canvas.begin(Group::Part("keys"));
    let style = left(12.0 * s, palette::SOFT_TEXT.color());
    canvas.text(&words.key_line(), 12.0 * s, top + 46.0 * s, style);
    canvas.end();
    if let Some(prompt) = scene.prompt {
        let h = 30.0 * s;
        let y = top - h - 4.0 * s;
        canvas.begin(Group::Part("prompt"));
        canvas.fill_rect(8.0 * s, y, layout.width - 16.0 * s, h, Color::WHITE);
        let line = text::fit(prompt, 15.0 * s, layout.width - 32.0 * s);
        let style = left(15.0 * s, palette::TEXT.color());
        canvas.text(&line, 16.0 * s, y + 6.0 * s, style);
        canvas.end();
    }
    if let Some(banner) = scene.banner {
        draw_banner(canvas, layout, banner);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexcells_core::fixture::{level, pos};
    use tiny_skia::Pixmap;

    fn pixel(pixmap: &Pixmap, (x, y): (f32, f32)) -> (u8, u8, u8) {
        let p = pixmap.pixel(x as u32, y as u32).unwrap().demultiply();
        (p.red(), p.green(), p.blue())
    }

    #[test]
    fn true_colours_with_hidden_and_revealed_apart() {
        let lvl = level(&["", "", "", "", "....x...X...o...O."]);
        let selection = BTreeSet::new();
        let layout = FrameLayout::whole_grid(1280, 800, 1.0);
        let scene = EditorScene {
            level: &lvl,
            layout,
            selection: &selection,
            paint: &[],
            column: None,
            moving: None,
            lasso: &[],
            stuck: &[],
            problems: &[],
            hover: None,
            cursor: None,
            verdict: "",
            status: "",
            keys: &[],
            panel: None,
            first_steps: &[],
            prompt: None,
            untitled: "",
            banner: None,
            scale: 1.0,
        };
        let mut pixmap = Pixmap::new(1280, 800).unwrap();
        super::super::render_editor(&scene, &mut pixmap.as_mut());
        let at = |x| layout.cell_centre(pos(x, 4));
        let rim = |x| {
            let (cx, cy) = at(x);
            (cx + 0.86 * layout.radius, cy)
        };
        let blue = palette::BLUE;
        let black = palette::BLACK;
        assert_eq!(pixel(&pixmap, at(2)), (blue.0, blue.1, blue.2));
        assert_eq!(pixel(&pixmap, at(4)), (blue.0, blue.1, blue.2));
        assert_eq!(pixel(&pixmap, at(6)), (black.0, black.1, black.2));
        let hidden = palette::HIDDEN;
        assert_eq!(
            pixel(&pixmap, rim(2)),
            (hidden.0, hidden.1, hidden.2),
            "hidden: orange rim"
        );
        assert_ne!(
            pixel(&pixmap, rim(4)),
            (hidden.0, hidden.1, hidden.2),
            "revealed: no orange"
        );
        assert_ne!(pixel(&pixmap, rim(8)), (hidden.0, hidden.1, hidden.2));
    }
}
