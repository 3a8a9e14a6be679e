//! The SVG backend draws the same frames as the pixel backend: each scene is drawn both
//! ways, the SVG rasterised with resvg, and the two pictures compared pixel by pixel,
//! text and shapes apart (text pixels: where the frame differs from the same frame
//! drawn without its text, grown by one pixel). `hexcells-view --svg` writes such a
//! frame with no display at all, and replaces a picture already there whole.

use std::collections::BTreeSet;
use std::process::Command;

use hexcells_core::analysis::{curve, Standing};
use hexcells_core::format::parse;
use hexcells_core::solve::{Grade, OrderKey};
use hexcells_core::{Color as CellColor, Direction, Item, Level, Pos};
use hexcells_viewer::render::canvas::{Canvas, Group, Tile};
use hexcells_viewer::render::palette::Rgb;
use hexcells_viewer::render::text::TextStyle;
use hexcells_viewer::render::{
    self, editor_frame, EditorScene, FrameLayout, PackOverview, Pixels, Scene, Svg,
};
use tiny_skia::{Color, Pixmap};

const W: u32 = 900;
const H: u32 = 640;

/// Shapes (cells, outlines, panels, bands) are the same paths through the same
/// rasteriser (tiny-skia, in resvg too): at most 1% of their pixels differ by more
/// than 8 of 255 in a channel (anti-aliased edges, which the pixels draw into a cached
/// tile first), and at most 0.05% by more than 32.
const SHAPES: [(u8, f64); 2] = [(8, 0.01), (32, 0.0005)];
/// Text is the same glyphs at the same places, fontdue's bitmaps in the pixels and the
/// font's outlines in the SVG: at most 2% of the pixels in and around the letters
/// differ by more than 32 of 255 in a channel (anti-aliasing apart).
const TEXT: (u8, f64) = (32, 0.02);

const COLUMNS: &str = include_str!("../../tests/levels/columns.hexcells");
const TOGETHER_APART: &str = include_str!("../../tests/levels/together-apart.hexcells");
const FLOWERS: &str = include_str!("../../tests/levels/flowers.hexcells");
/// The project's pack whose level 3 is easier than level 2, with level 4 stuck.
const CURVE: &str = include_str!("../../tests/levels/cli/curve.hexcells");

fn level(text: &str) -> Level {
    parse(text).levels.remove(0).level
}

/// The cells revealed at start, indexed by [`Pos::index`].
fn revealed(level: &Level) -> Vec<bool> {
    let mut uncovered = vec![false; Pos::all().count()];
    for (pos, item) in level.items() {
        if let Item::Cell(cell) = item {
            uncovered[pos.index()] = cell.revealed;
        }
    }
    uncovered
}

fn scene<'a>(level: &'a Level, uncovered: &'a [bool]) -> Scene<'a> {
    Scene {
        status: "level 1 of 1 · right click: black".to_string(),
        ..Scene::at_start(level, uncovered)
    }
}

/// Runs `hexcells-view` with the arguments `args` adds, with no display and its state
/// under `dir`, and requires it to succeed (`what` names the run when it does not).
fn export_without_display(
    dir: &std::path::Path,
    what: &str,
    args: impl FnOnce(&mut Command) -> &mut Command,
) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_hexcells-view"));
    command
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("XDG_STATE_HOME", dir.join("state"));
    let output = args(&mut command).output().unwrap();
    assert!(
        output.status.success(),
        "{what}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Forwards everything but text: the frame's shapes alone.
struct NoText<'c>(&'c mut dyn Canvas);

impl Canvas for NoText<'_> {
    fn size(&self) -> (u32, u32) {
        self.0.size()
    }
    fn clear(&mut self, color: Rgb) {
        self.0.clear(color);
    }
    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Color) {
        self.0.fill_rect(x, y, w, h, color);
    }
    fn fill_polygon(&mut self, points: &[(f32, f32)], color: Color) {
        self.0.fill_polygon(points, color);
    }
    fn stroke_polyline(&mut self, points: &[(f32, f32)], closed: bool, color: Color, width: f32) {
        self.0.stroke_polyline(points, closed, color, width);
    }
    fn tile(&mut self, tile: Tile, r: f32, cx: f32, cy: f32) {
        self.0.tile(tile, r, cx, cy);
    }
    fn text(&mut self, _: &str, _: f32, _: f32, _: TextStyle) {}
    fn begin(&mut self, group: Group) {
        self.0.begin(group);
    }
    fn end(&mut self) {
        self.0.end();
    }
}

/// The SVG rasterised by resvg.
fn rasterise(svg: &str) -> Pixmap {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("a valid SVG");
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).expect("a frame");
    resvg::render(&tree, tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    pixmap
}

/// What the comparison found: the share of shape pixels that differ by more than
/// each of [`SHAPES`]' thresholds, and of text pixels by more than [`TEXT`]'s.
#[derive(Debug)]
struct Difference {
    shapes: [f64; 2],
    text: f64,
    text_pixels: usize,
    svg_bytes: usize,
}

/// Draws a frame with `draw` as pixels, as pixels without text, and as SVG, and
/// compares the rasterised SVG with the pixels.
fn compare(name: &str, draw: &dyn Fn(&mut dyn Canvas)) -> Difference {
    let mut pixels = Pixmap::new(W, H).unwrap();
    draw(&mut Pixels(&mut pixels.as_mut()));
    let mut shapes = Pixmap::new(W, H).unwrap();
    draw(&mut NoText(&mut Pixels(&mut shapes.as_mut())));
    let mut svg = Svg::new(W, H);
    draw(&mut svg);
    let svg = svg.finish();
    let drawn = rasterise(&svg);
    assert_eq!((drawn.width(), drawn.height()), (W, H), "{name}");
    // Text pixels: where the letters change the frame, and one pixel around.
    let mut text = vec![false; (W * H) as usize];
    for (k, (a, b)) in pixels.pixels().iter().zip(shapes.pixels()).enumerate() {
        if a != b {
            let (x, y) = ((k as u32 % W) as i32, (k as u32 / W) as i32);
            for (dx, dy) in (-1..=1).flat_map(|dx| (-1..=1).map(move |dy| (dx, dy))) {
                let (nx, ny) = (x + dx, y + dy);
                if (0..W as i32).contains(&nx) && (0..H as i32).contains(&ny) {
                    text[(ny as u32 * W + nx as u32) as usize] = true;
                }
            }
        }
    }
    // Pixels that differ: of the shapes by more than each threshold, of the text.
    let (mut bad, mut all) = ([0usize; 3], [0usize; 2]);
    for (k, (a, b)) in pixels.pixels().iter().zip(drawn.pixels()).enumerate() {
        let diff = channel_difference(*a, *b);
        if text[k] {
            all[1] += 1;
            bad[2] += usize::from(diff > TEXT.0);
        } else {
            all[0] += 1;
            bad[0] += usize::from(diff > SHAPES[0].0);
            bad[1] += usize::from(diff > SHAPES[1].0);
        }
    }
    if std::env::var_os("HEXCELLS_SVG_TEST_OUT").is_some() {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
        pixels.save_png(dir.join(format!("{name}.png"))).unwrap();
        drawn.save_png(dir.join(format!("{name}.svg.png"))).unwrap();
        std::fs::write(dir.join(format!("{name}.svg")), &svg).unwrap();
    }
    let (shapes, text) = (all[0].max(1) as f64, all[1].max(1) as f64);
    Difference {
        shapes: [bad[0] as f64 / shapes, bad[1] as f64 / shapes],
        text: bad[2] as f64 / text,
        text_pixels: all[1],
        svg_bytes: svg.len(),
    }
}

/// The largest difference of a channel between two pixels (not premultiplied).
fn channel_difference(a: tiny_skia::PremultipliedColorU8, b: tiny_skia::PremultipliedColorU8) -> u8 {
    let (a, b) = (a.demultiply(), b.demultiply());
    let diffs = [
        a.red().abs_diff(b.red()),
        a.green().abs_diff(b.green()),
        a.blue().abs_diff(b.blue()),
    ];
    diffs.into_iter().max().unwrap_or(0)
}

fn check(name: &str, draw: &dyn Fn(&mut dyn Canvas)) {
    let d = compare(name, draw);
    println!(
        "{name}: shapes {:.3}% of pixels differ by > {}, {:.3}% by > {}; text {:.3}% of {} px by > {}; SVG {} bytes",
        100.0 * d.shapes[0],
        SHAPES[0].0,
        100.0 * d.shapes[1],
        SHAPES[1].0,
        100.0 * d.text,
        d.text_pixels,
        TEXT.0,
        d.svg_bytes
    );
    assert!(d.text_pixels > 500, "{name}: the frame has text");
    for (k, (_, max)) in SHAPES.iter().enumerate() {
        assert!(d.shapes[k] <= *max, "{name}: shapes drift: {d:?}");
    }
    assert!(d.text <= TEXT.1, "{name}: text drifts: {d:?}");
}

#[test]
fn the_player_frames_agree() {
    let columns = level(COLUMNS);
    let start = revealed(&columns);
    check("player", &|c| {
        let mut s = scene(&columns, &start);
        s.hover = columns.items().next().map(|(p, _)| p);
        render::draw(&s, c);
    });
    // Every column number, rotated, some dimmed; every cell shown.
    let all = vec![true; Pos::all().count()];
    let dimmed: Vec<Pos> = columns
        .items()
        .filter(|(_, item)| matches!(item, Item::Column(_)))
        .map(|(p, _)| p)
        .step_by(2)
        .collect();
    assert!(dimmed.len() >= 2);
    check("rotated-and-dimmed", &|c| {
        let mut s = scene(&columns, &all);
        s.dimmed = &dimmed;
        render::draw(&s, c);
    });

    let together = level(TOGETHER_APART);
    let start = revealed(&together);
    let mut guesses = vec![None; Pos::all().count()];
    for (k, (pos, _)) in together.cells().filter(|(p, _)| !start[p.index()]).enumerate() {
        guesses[pos.index()] = Some(if k % 2 == 0 {
            CellColor::Blue
        } else {
            CellColor::Black
        });
    }
    check("guesses", &|c| {
        let mut s = scene(&together, &start);
        s.guesses = &guesses;
        s.mistakes = 3;
        render::draw(&s, c);
    });
    check("solution-preview", &|c| {
        let mut s = scene(&together, &start);
        s.show_solution = true;
        render::draw(&s, c);
    });

    let flowers = level(FLOWERS);
    let start = revealed(&flowers);
    let clues: Vec<Pos> = flowers
        .cells()
        .filter(|(p, _)| start[p.index()])
        .map(|(p, _)| p)
        .collect();
    let hidden: Vec<Pos> = flowers
        .cells()
        .filter(|(p, _)| !start[p.index()])
        .map(|(p, _)| p)
        .collect();
    check("highlights-and-hint", &|c| {
        let mut s = scene(&flowers, &start);
        s.highlights = &clues;
        s.rule_clues = &clues;
        s.hint = hidden.first().copied();
        s.cursor = hidden.last().copied();
        s.banner = Some("line 7: a cell cannot follow a column number here".to_string());
        s.label = Some("playtest: Tab returns to the editor");
        render::draw(&s, c);
    });
    let rows: Vec<(String, String)> = [
        ("? / F1", "show or hide this panel"),
        ("left click", "uncover a blue cell"),
        ("right click", "uncover a black cell"),
        (
            "Shift+click",
            "mark a guess; again to change it, a third time to clear it",
        ),
        ("H", "a hint: the easiest cell to uncover next, and why"),
    ]
    .iter()
    .map(|(k, w)| (k.to_string(), w.to_string()))
    .collect();
    let keys = vec!["? / F1 all keys".to_string(), "Z undo".to_string()];
    check("help-panel", &|c| {
        let mut s = scene(&flowers, &start);
        s.help = Some(&rows);
        s.keys = &keys;
        render::draw(&s, c);
    });
    // The pack overview: every band, a level easier than the one before it, each kind
    // of level without a grade, the level shown ringed.
    let graded = |grade: Grade, score: f64, tie_break: f64| Standing::Graded {
        grade,
        order: OrderKey { score, tie_break },
    };
    let points = curve([
        ("One", graded(Grade::Easy, 0.0, 3.0)),
        ("Two", graded(Grade::EasyMedium, 1.0, 2.0)),
        ("Three", graded(Grade::Easy, 0.0, 7.0)),
        ("Four", Standing::Stuck),
        ("Five", graded(Grade::Medium, 4.5, 9.0)),
        ("Six", Standing::Invalid),
        ("Seven", graded(Grade::MediumHard, 9.75, 20.0)),
        ("Eight", graded(Grade::Hard, 40.0, 60.0)),
        ("Nine", Standing::GaveUp),
        ("Ten", Standing::Pending),
    ]);
    check("pack-overview", &|c| {
        let mut s = scene(&flowers, &start);
        s.overview = Some(PackOverview {
            points: &points,
            current: 2,
            heading: "The pack's difficulty curve · O hides it",
        });
        render::draw(&s, c);
    });
}

#[test]
fn the_editor_frames_agree() {
    let flowers = level(FLOWERS);
    let items: Vec<Pos> = flowers.items().map(|(p, _)| p).collect();
    let selection: BTreeSet<Pos> = items.iter().copied().take(4).collect();
    let free = |dx: i32| items[0].offset(dx, 0).expect("a free place on the grid");
    let paint = [(free(-4), CellColor::Blue), (free(4), CellColor::Black)];
    let lasso = [(100.0, 120.0), (180.0, 110.0), (200.0, 190.0), (120.0, 200.0)];
    let keys = vec!["? / F1 all keys".to_string(), "Ctrl+S save".to_string()];
    let editor = |level: &Level, c: &mut dyn Canvas, first_steps: &[String]| {
        let scene = EditorScene {
            level,
            layout: FrameLayout::whole_grid(W, H, 1.0),
            selection: &selection,
            paint: &paint,
            column: Some((free(-8), Direction::Down)),
            moving: Some((2, 0)),
            lasso: &lasso,
            stuck: &items[4..5],
            problems: &items[5..6],
            hover: items.get(6).copied(),
            cursor: items.get(7).copied(),
            verdict: "solvable in 3 rounds · grade 2",
            status: "selected 4 items",
            keys: &keys,
            panel: None,
            first_steps,
            prompt: Some("Title: Flowers"),
            untitled: "(no title: Ctrl+D)",
            banner: None,
            scale: 1.0,
        };
        editor_frame::draw(&scene, c);
    };
    check("editor-selection", &|c| editor(&flowers, c, &[]));
    let empty = Level::new();
    let steps = vec![
        "left click: a blue cell".to_string(),
        "right click: a black cell".to_string(),
        "drag out of a cell: a column number".to_string(),
    ];
    check("editor-first-steps", &|c| editor(&empty, c, &steps));
}

/// `hexcells-view --svg` with no display: the second level of a pack, and the
/// editor's frame; each SVG names its cells and agrees with `--png` of the same frame.
#[test]
fn the_command_line_writes_an_svg_without_a_display() {
    let tmp = tempfile::tempdir().unwrap();
    let pack = tmp.path().join("pack.hexcells");
    std::fs::write(&pack, format!("{COLUMNS}\n{FLOWERS}")).unwrap();
    for (name, extra) in [
        ("pack-level-2", &["--level", "2"][..]),
        ("editor", &["--edit", "--level", "2"][..]),
    ] {
        let (svg, png) = (tmp.path().join("out.svg"), tmp.path().join("out.png"));
        export_without_display(tmp.path(), name, |c| {
            c.args(["--size", "800x600", "--svg"])
                .arg(&svg)
                .arg("--png")
                .arg(&png)
                .args(extra)
                .arg(&pack)
        });
        let svg = std::fs::read_to_string(&svg).unwrap();
        assert!(
            svg.contains(r#"data-cell="Q11""#),
            "{name}: the flowers' top cell by name"
        );
        assert!(svg.contains(">Flowers</text>"), "{name}: the title as text");
        let png = Pixmap::load_png(&png).unwrap();
        let drawn = rasterise(&svg);
        let differ = png
            .pixels()
            .iter()
            .zip(drawn.pixels())
            .filter(|(a, b)| channel_difference(**a, **b) > TEXT.0)
            .count();
        // Text and shapes together: what the scenes above allow, over the whole frame.
        let share = differ as f64 / (800.0 * 600.0);
        println!(
            "{name}: {:.3}% of the pixels differ by > {}",
            100.0 * share,
            TEXT.0
        );
        assert!(share < 0.002, "{name}: {share}");
    }
    let refused = Command::new(env!("CARGO_BIN_EXE_hexcells-view"))
        .arg("--svg")
        .arg(&pack)
        .arg(&pack)
        .output()
        .unwrap();
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("is the level file"));
    assert!(std::fs::read_to_string(&pack)
        .unwrap()
        .starts_with("Hexcells level v1"));
}

/// `--svg OUT` and `--png OUT` over pictures already there: each is replaced whole
/// (a reader that holds the old file keeps reading it, not half a new one), keeps its
/// mode, and nothing is left beside it.
#[test]
fn the_command_line_replaces_a_picture_whole() {
    let tmp = tempfile::tempdir().unwrap();
    let pack = tmp.path().join("pack.hexcells");
    std::fs::write(&pack, FLOWERS).unwrap();
    let out = tmp.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let (svg, png) = (out.join("frame.svg"), out.join("frame.png"));
    for (picture, held) in [(&svg, "held.svg"), (&png, "held.png")] {
        std::fs::write(picture, "an old picture").unwrap();
        std::fs::hard_link(picture, tmp.path().join(held)).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(picture, std::fs::Permissions::from_mode(0o640)).unwrap();
        }
    }
    export_without_display(tmp.path(), "over old pictures", |c| {
        c.args(["--size", "320x240", "--svg"])
            .arg(&svg)
            .arg("--png")
            .arg(&png)
            .arg(&pack)
    });
    assert!(std::fs::read_to_string(&svg)
        .unwrap()
        .contains(r#"data-cell="Q11""#));
    assert_eq!(Pixmap::load_png(&png).unwrap().width(), 320);
    for held in ["held.svg", "held.png"] {
        assert_eq!(
            std::fs::read_to_string(tmp.path().join(held)).unwrap(),
            "an old picture",
            "{held}: the picture was rewritten in place"
        );
    }
    #[cfg(unix)]
    for picture in [&svg, &png] {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(picture).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640, "{}", picture.display());
    }
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["frame.png", "frame.svg"]);
}

#[test]
fn an_svg_of_the_pack_overview_names_each_levels_point() {
    let tmp = tempfile::tempdir().unwrap();
    let pack = tmp.path().join("curve.hexcells");
    std::fs::write(&pack, CURVE).unwrap();
    let svg = tmp.path().join("overview.svg");
    export_without_display(tmp.path(), "the overview", |c| {
        c.args(["--size", "900x640", "--level", "3", "--overview", "--svg"])
            .arg(&svg)
            .arg(&pack)
    });
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(
        svg.contains(r#"<g data-part="overview">"#),
        "the overview's panel"
    );
    for level in 1..=5 {
        assert!(
            svg.contains(&format!(r#"<g data-level="{level}">"#)),
            "level {level}'s point"
        );
    }
    assert!(!svg.contains(r#"data-level="6""#));
    assert!(svg.contains(">The pack's difficulty curve · O hides it</text>"));
    // The level easier than the one before it is red, the stuck one is crossed out
    // on the strip below the bands: points of their own kinds.
    let group = |level: usize| {
        let start = svg.find(&format!(r#"<g data-level="{level}">"#)).unwrap();
        let end = start + svg[start..].find("</g>").unwrap();
        svg[start..end].to_string()
    };
    assert_ne!(group(3), group(1).replace(">1<", ">3<"), "level 3 is marked");
    assert!(
        group(4).matches("<path").count() >= 3,
        "the stuck level: a cell and a cross"
    );
}
