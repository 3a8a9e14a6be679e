//! The SVG backend on the shared corpus's largest level (or a large one of our own):
//! prints the size of the SVG of a frame (goal under 200 kB) and the time to write it,
//! beside the pixel backend's time for the same frame, and how many pixels of the SVG
//! rasterised by resvg differ from the pixel backend's; asserts nothing.
//!
//! Frames: the player's at the start, the solution preview (every number shown), and
//! the editor's (every item, the lattice's free places as dots), all at 1280x800.

#[allow(dead_code)] // the scheduler's figures are the editor bench's
mod support;

use std::time::{Duration, Instant};

use hexcells_viewer::editor::document::Link;
use hexcells_viewer::editor::mode::EditMode;
use hexcells_viewer::player::{Origin, Session};
use hexcells_viewer::render::{self, editor_frame, Canvas, Pixels, Svg};
use support::{largest_level, ms};
use tiny_skia::Pixmap;

const W: u32 = 1280;
const H: u32 = 800;

fn median(mut samples: Vec<Duration>) -> f64 {
    samples.sort();
    ms(samples.get(samples.len() / 2).copied().unwrap_or_default())
}

/// Times `draw` on an SVG and on pixels; prints the SVG's size and both times.
fn measure(what: &str, draw: &dyn Fn(&mut dyn Canvas)) {
    let mut svg_times = Vec::new();
    let mut bytes = 0;
    for _ in 0..30 {
        let t = Instant::now();
        let mut svg = Svg::new(W, H);
        draw(&mut svg);
        let text = svg.finish();
        svg_times.push(t.elapsed());
        bytes = text.len();
    }
    let mut pixmap = Pixmap::new(W, H).expect("a frame");
    let mut pixel_times = Vec::new();
    for _ in 0..30 {
        let t = Instant::now();
        draw(&mut Pixels(&mut pixmap.as_mut()));
        pixel_times.push(t.elapsed());
    }
    println!(
        "  {what}: SVG {:.1} kB (goal < 200 kB), written in {:.2} ms (median of 30); pixels {:.2} ms",
        bytes as f64 / 1000.0,
        median(svg_times),
        median(pixel_times)
    );
    let mut svg = Svg::new(W, H);
    draw(&mut svg);
    let svg = svg.finish();
    let differ = [8, 32].map(|threshold| {
        let drawn = rasterise(&svg);
        let n = pixmap
            .pixels()
            .iter()
            .zip(drawn.pixels())
            .filter(|(a, b)| {
                let (a, b) = (a.demultiply(), b.demultiply());
                let d = [
                    a.red().abs_diff(b.red()),
                    a.green().abs_diff(b.green()),
                    a.blue().abs_diff(b.blue()),
                ];
                d.into_iter().max().unwrap_or(0) > threshold
            })
            .count();
        100.0 * n as f64 / f64::from(W * H)
    });
    println!(
        "    rasterised by resvg: {:.3}% of the pixels differ from the pixel backend's by > 8, {:.3}% by > 32",
        differ[0], differ[1]
    );
}

fn rasterise(svg: &str) -> Pixmap {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("a valid SVG");
    let mut pixmap = Pixmap::new(W, H).expect("a frame");
    resvg::render(&tree, tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    pixmap
}

fn main() {
    let (text, source) = largest_level();
    println!("SVG of a {W}x{H} frame, {source}:");
    let mut session = Session::new(Origin::Tutorial, &text, None);
    measure("player, at the start", &|canvas| {
        session.with_scene(1.0, |scene| render::draw(scene, canvas));
    });
    session.show_solution = true;
    measure("player, solution preview (every number)", &|canvas| {
        session.with_scene(1.0, |scene| render::draw(scene, canvas));
    });
    let mut mode = EditMode::new(text.clone(), Link::Standalone, 0, None);
    mode.editor.check_now(&hexcells_core::solve::Budget::default());
    let layout = mode.layout(W, H, 1.0);
    measure("editor", &|canvas| {
        mode.editor
            .with_scene(layout, None, None, |scene| editor_frame::draw(scene, canvas));
    });
}
