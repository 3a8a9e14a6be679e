//! The player's frame: its [`Scene`] (plain data the player builds for each frame),
//! painted: the header (title, author or the playtest's label, counters), the
//! hexagons with their numbers (dimmed ones faint), guesses, column numbers rotated
//! with their rays, highlights, the footer (custom text, status and the key line's
//! parts that fit on up to two lines, cell name under the mouse, error banner) and,
//! when asked, the pack overview and the panel of every key.

use hexcells_core::format::decode_entities;
use hexcells_core::model::{name, Clue};
use hexcells_core::{Color as CellColor, Item, Level, Pos};

use tiny_skia::Color;

use super::canvas::{Canvas, Group, Tile};
use super::frame_text::FrameText;
use super::layout::FrameLayout;
use super::overview::{self, PackOverview};
use super::palette::{self, Rgb};
use super::text::{self, left, Anchor, TextStyle};
use super::{help, key_line};

/// Everything one frame shows. Plain data, built by the session for each frame.
#[derive(Clone, Debug)]
pub struct Scene<'a> {
    /// The level on screen.
    pub level: &'a Level,
    /// Which cells are uncovered, indexed by [`Pos::index`] (revealed-at-start cells
    /// count as uncovered).
    pub uncovered: &'a [bool],
    /// The player's guesses on hidden cells, indexed by [`Pos::index`] (may be empty).
    pub guesses: &'a [Option<CellColor>],
    /// Show every cell's solution colour ("show solution" preview).
    pub show_solution: bool,
    /// The cell under the mouse, named in the footer.
    pub hover: Option<Pos>,
    /// The cell a hint points at.
    pub hint: Option<Pos>,
    /// The cell under the editor's cursor.
    pub cursor: Option<Pos>,
    /// Clues whose members are highlighted (a blue cell's flower, a column's beam).
    pub highlights: &'a [Pos],
    /// The clues the rule of a hint (or of a solve's hardest step) reads, outlined.
    pub rule_clues: &'a [Pos],
    /// Clues whose numbers are dimmed ("done with this one").
    pub dimmed: &'a [Pos],
    /// The panel of every binding (keys, what they do), when it shows.
    pub help: Option<&'a [(String, String)]>,
    /// The pack overview (its difficulty curve), when it shows.
    pub overview: Option<PackOverview<'a>>,
    /// Blue cells still hidden.
    pub remaining: usize,
    /// Wrong guesses so far.
    pub mistakes: u32,
    /// The first error of the text, shown on a red band while the text has errors.
    pub banner: Option<String>,
    /// One line of status: a hint's reason, "solved", the level's place in a pack.
    pub status: String,
    /// The parts of the key line, most needed first, that follow the status (empty
    /// while a message takes the status lines): as many as fit show, whole.
    pub keys: &'a [String],
    /// The label of the editor's playtest, in the header.
    pub label: Option<&'a str>,
    /// Interface scale (HiDPI).
    pub scale: f32,
}

impl<'a> Scene<'a> {
    /// `level` as a player finds it, with `uncovered` the cells shown: nothing guessed,
    /// pointed at or highlighted, no panel, the counters at the start, no status, at
    /// scale 1.
    pub fn at_start(level: &'a Level, uncovered: &'a [bool]) -> Scene<'a> {
        Scene {
            level,
            uncovered,
            guesses: &[],
            show_solution: false,
            hover: None,
            hint: None,
            cursor: None,
            highlights: &[],
            rule_clues: &[],
            dimmed: &[],
            help: None,
            overview: None,
            remaining: level.n_blue_remaining_at_start(),
            mistakes: 0,
            banner: None,
            status: String::new(),
            keys: &[],
            label: None,
            scale: 1.0,
        }
    }
}

/// Paints `scene` laid out by `layout`; returns its words as drawn.
pub fn draw(scene: &Scene, layout: &FrameLayout, canvas: &mut dyn Canvas) -> FrameText {
    let mut words = FrameText {
        size: canvas.size(),
        ..FrameText::default()
    };
    canvas.clear(palette::BACKGROUND);
    draw_cells(scene, layout, canvas);
    draw_highlights(scene, layout, canvas);
    draw_header(scene, layout, canvas, &mut words);
    draw_footer(scene, layout, canvas, &mut words);
    if let Some(overview) = &scene.overview {
        overview::draw(overview, layout, canvas, &mut words);
    }
    if let Some(rows) = scene.help {
        canvas.begin(Group::Part("help"));
        help::draw("Keys", rows, layout, canvas);
        canvas.end();
        words.panel = rows.to_vec();
    }
    words
}

fn is_uncovered(scene: &Scene, pos: Pos) -> bool {
    scene.uncovered.get(pos.index()).copied().unwrap_or(false)
}

fn draw_cells(scene: &Scene, layout: &FrameLayout, canvas: &mut dyn Canvas) {
    for (pos, item) in scene.level.items() {
        canvas.begin(Group::Item(pos));
        draw_item(scene, layout, canvas, pos, item);
        canvas.end();
    }
}

/// The item `item` at `pos` as `scene` shows it: a cell's hexagon (hidden, uncovered or
/// previewed, with its guess) and its number when it shows, or a column number.
pub(super) fn draw_item(scene: &Scene, layout: &FrameLayout, canvas: &mut dyn Canvas, pos: Pos, item: Item) {
    let r = layout.radius;
    let (cx, cy) = layout.cell_centre(pos);
    let dimmed = scene.dimmed.contains(&pos);
    match item {
        Item::Cell(cell) => {
            let uncovered = is_uncovered(scene, pos);
            let shown = uncovered || scene.show_solution;
            let (rim, fill) = match (shown, cell.color) {
                (false, _) => (palette::HIDDEN_RIM, palette::HIDDEN),
                (true, CellColor::Blue) => (palette::BLUE_RIM, palette::BLUE),
                (true, CellColor::Black) => (palette::BLACK_RIM, palette::BLACK),
            };
            // A previewed cell that is still hidden keeps an orange rim.
            let rim = if shown && !uncovered { palette::HIDDEN } else { rim };
            let guess = match scene.guesses.get(pos.index()).copied().flatten() {
                Some(_) if uncovered || scene.show_solution => None,
                Some(CellColor::Blue) => Some(palette::GUESS_BLUE),
                Some(CellColor::Black) => Some(palette::GUESS_BLACK),
                None => None,
            };
            let tile = Tile::Cell {
                rim,
                fill,
                core: guess,
            };
            canvas.tile(tile, r, cx, cy);
            if shown && cell.hint.shows_number() {
                let color = faded(palette::CELL_TEXT, dimmed);
                draw_number(canvas, scene.level, pos, (cx, cy), r, color);
            }
        }
        Item::Column(_) => {
            let color = faded(palette::TEXT, dimmed);
            draw_number(canvas, scene.level, pos, (cx, cy), r, color);
        }
    }
}

/// A number's colour: faint when the player dimmed it.
fn faded(color: Rgb, dimmed: bool) -> Color {
    let alpha = if dimmed { palette::DIMMED_ALPHA } else { 255 };
    Color::from_rgba8(color.0, color.1, color.2, alpha)
}

/// The outline of a highlighted flower's or beam's member, as a tile.
pub(super) fn highlight_tile(layout: &FrameLayout) -> Tile {
    Tile::Outline {
        color: palette::HIGHLIGHT,
        width: highlight_width(layout).to_bits(),
    }
}

fn highlight_width(layout: &FrameLayout) -> f32 {
    (2.0 * layout.scale).max(layout.radius * 0.08)
}

fn draw_highlights(scene: &Scene, layout: &FrameLayout, canvas: &mut dyn Canvas) {
    let r = layout.radius;
    let width = highlight_width(layout);
    // Each member once, however many highlighted clues share it, from a cached tile:
    // highlight-all outlines hundreds of cells on a large level.
    let mut outlined = vec![false; Pos::all().count()];
    let outline = highlight_tile(layout);
    for clue in scene.highlights.iter().filter_map(|p| Clue::at(scene.level, *p)) {
        for member in &clue.members {
            if std::mem::replace(&mut outlined[member.index()], true) {
                continue;
            }
            let (cx, cy) = layout.cell_centre(*member);
            canvas.tile(outline, r, cx, cy);
        }
    }
    if let Some(pos) = scene.hover {
        outline_cell(canvas, layout, pos, palette::SOFT_TEXT.color(), width * 0.6);
    }
    if let Some(pos) = scene.cursor {
        outline_cell(canvas, layout, pos, palette::CURSOR.color(), width);
    }
    for &pos in scene.rule_clues {
        outline_cell(canvas, layout, pos, palette::HINT.color(), width);
    }
    if let Some(pos) = scene.hint {
        outline_cell(canvas, layout, pos, palette::HINT.color(), width * 1.5);
    }
}

fn draw_header(scene: &Scene, layout: &FrameLayout, canvas: &mut dyn Canvas, words: &mut FrameText) {
    let values = [scene.remaining.to_string(), scene.mistakes.to_string()];
    draw_header_with(scene, layout, canvas, words, &mut |canvas, k, cx, y, style| {
        canvas.text(&values[k], cx, y, style);
    });
}

/// Where a counter's value goes (its centre, top and style) and which counter it is
/// (0: remaining, 1: mistakes), for [`draw_header_with`]'s caller to draw it.
pub(super) type CounterValue<'a> = dyn FnMut(&mut dyn Canvas, usize, f32, f32, TextStyle) + 'a;

/// The header: title, author (or the playtest's label), and the counters' boxes and
/// labels, whose values `value` draws.
pub(super) fn draw_header_with(
    scene: &Scene,
    layout: &FrameLayout,
    canvas: &mut dyn Canvas,
    words: &mut FrameText,
    value: &mut CounterValue,
) {
    let s = layout.scale;
    let counters_w = 2.0 * 96.0 * s + 8.0 * s;
    let text_w = (layout.width - counters_w - 24.0 * s).max(10.0);
    let title = decode_entities(&scene.level.title);
    let author = decode_entities(&scene.level.author);
    match scene.label {
        Some(label) => {
            // The playtest's label takes the author's place, and the author follows it.
            draw_title(canvas, s, &title, "", text_w);
            let badge_w = draw_badge(canvas, s, label, 12.0 * s, 36.0 * s, text_w);
            let rest = text_w - badge_w - 8.0 * s;
            if rest > 40.0 * s {
                let author = text::fit(&author, 14.0 * s, rest);
                let style = left(14.0 * s, palette::SOFT_TEXT.color());
                canvas.text(&author, 20.0 * s + badge_w, 38.0 * s, style);
            }
            words.label = label.to_string();
        }
        None => draw_title(canvas, s, &title, &author, text_w),
    }
    words.title = title.into_owned();
    for (k, label) in ["REMAINING", "MISTAKES"].iter().enumerate() {
        let x = layout.width - (2 - k) as f32 * (96.0 + 4.0) * s - 4.0 * s;
        canvas.begin(Group::Part(if k == 0 { "remaining" } else { "mistakes" }));
        canvas.fill_rect(x, 8.0 * s, 96.0 * s, 48.0 * s, palette::BLUE.color());
        let cx = x + 48.0 * s;
        canvas.text(
            label,
            cx,
            17.0 * s,
            centred(10.0 * s, palette::CELL_TEXT.color(), 0.0),
        );
        value(
            canvas,
            k,
            cx,
            39.0 * s,
            centred(20.0 * s, palette::CELL_TEXT.color(), 0.0),
        );
        canvas.end();
    }
}

pub(super) fn draw_footer(
    scene: &Scene,
    layout: &FrameLayout,
    canvas: &mut dyn Canvas,
    words: &mut FrameText,
) {
    let s = layout.scale;
    let top = layout.height - layout.footer;
    canvas.begin(Group::Part("custom-text"));
    for (k, line) in scene.level.custom_text.iter().enumerate() {
        let line = decode_entities(line);
        let line = text::fit(&line, 14.0 * s, layout.width - 24.0 * s);
        let y = top + 12.0 * s + 18.0 * s * k as f32;
        canvas.text(
            &line,
            layout.width / 2.0,
            y,
            centred(14.0 * s, palette::SOFT_TEXT.color(), 0.0),
        );
    }
    canvas.end();
    let status_y = top + 42.0 * s;
    let hover = scene.hover.map(name).unwrap_or_default();
    let hover_w = text::measure("AG33", 14.0 * s).0 + 16.0 * s;
    let width = layout.width - hover_w - 24.0 * s;
    let lines = if scene.keys.is_empty() {
        text::wrap(&scene.status, 13.0 * s, width, 2)
    } else {
        let (lines, shown) = key_line::fit_lines(&scene.status, scene.keys, 13.0 * s, width, 2);
        words.keys = shown;
        lines
    };
    words.status = lines.clone();
    canvas.begin(Group::Part("status"));
    for (k, line) in lines.iter().enumerate() {
        canvas.text(
            line,
            12.0 * s,
            status_y + 17.0 * s * k as f32,
            left(13.0 * s, palette::TEXT.color()),
        );
    }
    canvas.end();
    let hover_style = TextStyle {
        anchor: Anchor::TopRight,
        ..left(14.0 * s, palette::TEXT.color())
    };
    canvas.begin(Group::Part("hover"));
    canvas.text(&hover, layout.width - 12.0 * s, status_y, hover_style);
    canvas.end();
    if let Some(banner) = &scene.banner {
        draw_banner(canvas, layout, banner);
    }
}

/// The number of the clue at `pos` (a numbered cell or a column number), centred on
/// `centre` and turned along a column number's direction, in a cell of radius `r`.
pub(super) fn draw_number(
    canvas: &mut dyn Canvas,
    level: &Level,
    pos: Pos,
    centre: (f32, f32),
    r: f32,
    color: Color,
) {
    let Some(clue) = Clue::at(level, pos) else { return };
    let label = clue.hint.display(clue.count(level));
    let (max_width, rotation) = match level.get(pos) {
        Some(Item::Column(column)) => (1.6 * r, column.direction.angle() as f32),
        _ => (1.3 * r, 0.0),
    };
    let size = fitted_size(&label, 0.8 * r, max_width);
    canvas.text(&label, centre.0, centre.1, centred(size, color, rotation));
}

/// The level's title and author at the top left, each cut to `width` (`s`: the scale).
pub(super) fn draw_title(canvas: &mut dyn Canvas, s: f32, title: &str, author: &str, width: f32) {
    let title = text::fit(title, 22.0 * s, width);
    canvas.begin(Group::Part("title"));
    let style = left(22.0 * s, palette::TEXT.color());
    canvas.text(&title, 12.0 * s, 8.0 * s, style);
    canvas.end();
    let author = text::fit(author, 14.0 * s, width);
    let style = left(14.0 * s, palette::SOFT_TEXT.color());
    canvas.begin(Group::Part("author"));
    canvas.text(&author, 12.0 * s, 38.0 * s, style);
    canvas.end();
}

/// `label` in white on a coloured band with its top-left at `(x, y)`, cut to `width`;
/// returns the band's width.
pub(super) fn draw_badge(canvas: &mut dyn Canvas, s: f32, label: &str, x: f32, y: f32, width: f32) -> f32 {
    let size = 13.0 * s;
    let pad = 6.0 * s;
    let label = text::fit(label, size, (width - 2.0 * pad).max(1.0));
    let (w, h) = text::measure(&label, size);
    let band_w = w + 2.0 * pad;
    let band_h = h + 2.0 * s + pad / 2.0;
    canvas.begin(Group::Part("label"));
    canvas.fill_rect(x, y, band_w, band_h, palette::PLAYTEST.color());
    let style = left(size, palette::CELL_TEXT.color());
    canvas.text(&label, x + pad, y + pad / 4.0, style);
    canvas.end();
    band_w
}

/// The red band at the bottom that names the text's first error.
pub(super) fn draw_banner(canvas: &mut dyn Canvas, layout: &FrameLayout, banner: &str) {
    let s = layout.scale;
    let h = 24.0 * s;
    canvas.begin(Group::Part("banner"));
    canvas.fill_rect(0.0, layout.height - h, layout.width, h, palette::BANNER.color());
    let banner = text::fit(banner, 13.0 * s, layout.width - 24.0 * s);
    let y = layout.height - h + 4.0 * s;
    let style = left(13.0 * s, palette::CELL_TEXT.color());
    canvas.text(&banner, 12.0 * s, y, style);
    canvas.end();
}

/// `size`, or smaller so that `label` is at most `max_width` wide.
pub(super) fn fitted_size(label: &str, size: f32, max_width: f32) -> f32 {
    let width = text::measure(label, size).0;
    if width > max_width && width > 0.0 {
        size * max_width / width
    } else {
        size
    }
}

pub(super) fn centred(size: f32, color: Color, rotation: f32) -> TextStyle {
    TextStyle {
        size,
        color,
        rotation,
        anchor: Anchor::Centre,
    }
}

/// Outlines the hexagon at `pos`, just inside its edge: the cursor, the hover, a hint.
pub(super) fn outline_cell(
    canvas: &mut dyn Canvas,
    layout: &FrameLayout,
    pos: Pos,
    color: Color,
    width: f32,
) {
    canvas.stroke_polyline(&layout.hexagon(pos, layout.radius * 0.98), true, color, width);
}
