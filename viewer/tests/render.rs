//! Renderer facts on the project's own levels: draw a frame into a pixel buffer and
//! probe pixels (colours at cell centres, text inside cells, the error banner), not
//! byte-exact images.

use hexcells_core::fixture::{self, pos};
use hexcells_core::{Color, Level, Pos};
use hexcells_viewer::keys::player::PlayerAction;
use hexcells_viewer::player::game::Game;
use hexcells_viewer::player::{Input, Origin, Session};
use hexcells_viewer::render::palette::{self, Rgb};
use hexcells_viewer::render::{render, FrameLayout};
use tiny_skia::Pixmap;

const W: u32 = 640;
const H: u32 = 480;

/// A small level: a revealed black 2 at (4, 4) with blue cells above and below it,
/// black cells on its sides, and a column number above (4, 0).
fn small_level() -> String {
    fixture::text(
        "render facts",
        &[
            "........|+",
            "",
            "........x.",
            "......o...o.",
            "........O+",
            "......o...o.",
            "........x.",
        ],
    )
}

fn frame(session: &Session) -> Pixmap {
    let mut pixmap = Pixmap::new(W, H).unwrap();
    session.with_scene(1.0, |scene| render(scene, &mut pixmap.as_mut()));
    pixmap
}

fn pixel_at(pixmap: &Pixmap, (x, y): (f32, f32)) -> Rgb {
    let p = pixmap.pixel(x as u32, y as u32).unwrap().demultiply();
    Rgb(p.red(), p.green(), p.blue())
}

fn layout(level: &Level) -> FrameLayout {
    FrameLayout::new(level, W, H, 1.0)
}

/// Pixels inside the hexagon's inner circle at `pos` for which `f` holds.
fn count_in_cell(pixmap: &Pixmap, layout: &FrameLayout, pos: Pos, f: impl Fn(Rgb) -> bool) -> usize {
    let (cx, cy) = layout.cell_centre(pos);
    let r = layout.radius * 0.6;
    let mut n = 0;
    for y in (cy - r) as i32..=(cy + r) as i32 {
        for x in (cx - r) as i32..=(cx + r) as i32 {
            let (dx, dy) = (x as f32 - cx, y as f32 - cy);
            if dx * dx + dy * dy <= r * r && f(pixel_at(pixmap, (x as f32, y as f32))) {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn hidden_cells_are_orange_and_uncovered_ones_take_their_colour() {
    let mut session = Session::new(Origin::Tutorial, &small_level(), None);
    let lay = layout(session.level());
    let before = frame(&session);
    assert_eq!(pixel_at(&before, lay.cell_centre(pos(4, 2))), palette::HIDDEN);
    session.act(
        PlayerAction::Uncover,
        Input::click(pos(4, 2), hexcells_viewer::keys::Button::Left),
    );
    session.act(
        PlayerAction::Uncover,
        Input::click(pos(3, 3), hexcells_viewer::keys::Button::Right),
    );
    let after = frame(&session);
    assert_eq!(pixel_at(&after, lay.cell_centre(pos(4, 2))), palette::BLUE);
    assert_eq!(pixel_at(&after, lay.cell_centre(pos(5, 3))), palette::HIDDEN);
    // The black cell's centre may be covered by nothing: it has no number.
    assert_eq!(pixel_at(&after, lay.cell_centre(pos(3, 3))), palette::BLACK);
}

#[test]
fn a_revealed_number_draws_light_pixels_in_its_black_cell() {
    let session = Session::new(Origin::Tutorial, &small_level(), None);
    let pixmap = frame(&session);
    let lay = layout(session.level());
    let light = count_in_cell(&pixmap, &lay, pos(4, 4), |c| c.0 > 200 && c.1 > 200 && c.2 > 200);
    let black = count_in_cell(&pixmap, &lay, pos(4, 4), |c| c == palette::BLACK);
    assert!(light > 20, "{light} light pixels for the 2");
    assert!(black > light, "the cell stays mostly black");
    // A hidden cell shows no number.
    let light_hidden = count_in_cell(&pixmap, &lay, pos(4, 2), |c| c.0 > 250 && c.2 > 250);
    assert_eq!(light_hidden, 0);
}

#[test]
fn a_column_number_draws_dark_pixels_in_its_place() {
    let session = Session::new(Origin::Tutorial, &small_level(), None);
    let pixmap = frame(&session);
    let lay = layout(session.level());
    let dark = count_in_cell(&pixmap, &lay, pos(4, 0), |c| c.0 < 90 && c.1 < 90 && c.2 < 90);
    assert!(dark > 20, "{dark} dark pixels for the column's 2");
}

#[test]
fn the_solution_preview_shows_every_colour() {
    let mut session = Session::new(Origin::Tutorial, &small_level(), None);
    session.act(PlayerAction::ToggleSolution, Input::default());
    let pixmap = frame(&session);
    let lay = layout(session.level());
    assert_eq!(pixel_at(&pixmap, lay.cell_centre(pos(4, 6))), palette::BLUE);
    assert_eq!(pixel_at(&pixmap, lay.cell_centre(pos(5, 5))), palette::BLACK);
}

#[test]
fn an_error_shows_a_banner_and_keeps_the_last_good_level() {
    let mut session = Session::new(Origin::Tutorial, &small_level(), None);
    let good = frame(&session);
    let bottom = (W as f32 / 2.0, H as f32 - 3.0);
    assert_eq!(pixel_at(&good, bottom), palette::BACKGROUND);
    let broken = small_level().replace("O+", "Q+");
    assert!(session.load_text(&broken));
    let banner = session.banner().expect("a banner").to_string();
    assert!(banner.starts_with("10:"), "{banner}");
    let pixmap = frame(&session);
    assert_eq!(pixel_at(&pixmap, bottom), palette::BANNER);
    let lay = layout(session.level());
    assert!(session.level().cell(pos(4, 4)).is_some(), "last good level kept");
    assert_eq!(pixel_at(&pixmap, lay.cell_centre(pos(4, 2))), palette::HIDDEN);
    // Recovery as soon as the text is valid again.
    session.load_text(&small_level());
    assert_eq!(session.banner(), None);
    assert_eq!(pixel_at(&frame(&session), bottom), palette::BACKGROUND);
}

#[test]
fn every_tutorial_level_renders_at_small_and_hidpi_sizes() {
    let session = Session::new(Origin::Tutorial, hexcells_viewer::player::TUTORIAL, None);
    let (_, n) = session.position();
    assert!(n >= 5);
    for (w, h, scale) in [(400, 300, 1.0), (1600, 1200, 2.0)] {
        let mut pixmap = Pixmap::new(w, h).unwrap();
        session.with_scene(scale, |scene| render(scene, &mut pixmap.as_mut()));
        let lay = FrameLayout::new(session.level(), w, h, scale);
        for (p, cell) in session.level().cells() {
            let expected = match (session.game().is_uncovered(p), cell.color) {
                (false, _) => palette::HIDDEN,
                (true, Color::Blue) => palette::BLUE,
                (true, Color::Black) => palette::BLACK,
            };
            if cell.hint.shows_number() && session.game().is_uncovered(p) {
                continue;
            }
            assert_eq!(
                pixel_at(&pixmap, lay.cell_centre(p)),
                expected,
                "{w}x{h} at {p:?}"
            );
        }
    }
    let _ = Game::new(Level::new());
}

#[test]
fn a_guess_is_drawn_unlike_hidden_and_uncovered_cells() {
    use hexcells_viewer::keys::Button;
    let mut session = Session::new(Origin::Tutorial, &small_level(), None);
    let lay = layout(session.level());
    let (blue, black) = (pos(4, 2), pos(3, 3));
    session.act(PlayerAction::Guess, Input::click(blue, Button::Left));
    session.act(PlayerAction::Guess, Input::click(black, Button::Right));
    let pixmap = frame(&session);
    for (cell, core) in [(blue, palette::GUESS_BLUE), (black, palette::GUESS_BLACK)] {
        let (cx, cy) = lay.cell_centre(cell);
        assert_eq!(pixel_at(&pixmap, (cx, cy)), core, "{cell:?}");
        // The ring around the core stays the hidden cell's orange.
        assert_eq!(pixel_at(&pixmap, (cx + 0.68 * lay.radius, cy)), palette::HIDDEN);
        assert_ne!(core, palette::BLUE);
        assert_ne!(core, palette::BLACK);
    }
    session.act(PlayerAction::ConfirmGuesses, Input::default());
    let pixmap = frame(&session);
    assert_eq!(pixel_at(&pixmap, lay.cell_centre(blue)), palette::BLUE);
    assert_eq!(pixel_at(&pixmap, lay.cell_centre(black)), palette::BLACK);
}

#[test]
fn dimmed_numbers_are_faint_and_come_back() {
    use hexcells_viewer::keys::Button;
    let mut session = Session::new(Origin::Tutorial, &small_level(), None);
    let lay = layout(session.level());
    let (column, number) = (pos(4, 0), pos(4, 4));
    let dark = |c: Rgb| c.0 < 90 && c.1 < 90 && c.2 < 90;
    let light = |c: Rgb| c.0 > 200 && c.1 > 200 && c.2 > 200;
    let faint = |c: Rgb| c != palette::BACKGROUND && !dark(c);
    session.act(PlayerAction::Uncover, Input::click(column, Button::Right));
    session.act(PlayerAction::Uncover, Input::click(number, Button::Right));
    let pixmap = frame(&session);
    assert_eq!(count_in_cell(&pixmap, &lay, column, dark), 0, "no dark pixel");
    assert!(
        count_in_cell(&pixmap, &lay, column, faint) > 20,
        "but a faint number"
    );
    assert_eq!(count_in_cell(&pixmap, &lay, number, light), 0);
    session.act(PlayerAction::Uncover, Input::click(column, Button::Right));
    let pixmap = frame(&session);
    assert!(count_in_cell(&pixmap, &lay, column, dark) > 20, "restored");
}

#[test]
fn highlight_all_outlines_every_beam_and_the_help_panel_covers_the_board() {
    let mut session = Session::new(Origin::Tutorial, &small_level(), None);
    let lay = layout(session.level());
    let member = pos(4, 2);
    let highlight = |c: Rgb| c == palette::HIGHLIGHT;
    let ring = |pixmap: &Pixmap| {
        let (cx, cy) = lay.cell_centre(member);
        let mut n = 0;
        for y in (cy - lay.radius) as i32..=(cy + lay.radius) as i32 {
            for x in (cx - lay.radius) as i32..=(cx + lay.radius) as i32 {
                n += usize::from(highlight(pixel_at(pixmap, (x as f32, y as f32))));
            }
        }
        n
    };
    assert_eq!(ring(&frame(&session)), 0);
    session.act(PlayerAction::HighlightAll, Input::default());
    assert!(
        ring(&frame(&session)) > 20,
        "the column's beam outlines its cells"
    );
    session.act(PlayerAction::HighlightAll, Input::default());
    assert_eq!(ring(&frame(&session)), 0, "again: cleared");

    let white = |pixmap: &Pixmap| {
        pixmap
            .pixels()
            .iter()
            .filter(|p| p.red() == 255 && p.green() == 255 && p.blue() == 255)
            .count()
    };
    let before = white(&frame(&session));
    session.act(PlayerAction::ToggleHelp, Input::default());
    assert!(session.shows_help());
    let with_help = white(&frame(&session));
    assert!(
        with_help > before + (W * H / 10) as usize,
        "{before} -> {with_help}"
    );
}

/// Pixels of colour `colour` on the rim of the hexagon at `pos` (between 0.85 and
/// 1.05 of the cell radius from its centre).
fn count_on_rim(pixmap: &Pixmap, layout: &FrameLayout, pos: Pos, colour: Rgb) -> usize {
    let (cx, cy) = layout.cell_centre(pos);
    let (inner, outer) = (layout.radius * 0.85, layout.radius * 1.05);
    let mut n = 0;
    for y in (cy - outer) as i32..=(cy + outer) as i32 {
        for x in (cx - outer) as i32..=(cx + outer) as i32 {
            let d = ((x as f32 - cx).powi(2) + (y as f32 - cy).powi(2)).sqrt();
            if (inner..=outer).contains(&d) && pixel_at(pixmap, (x as f32, y as f32)) == colour {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn a_hint_names_its_rule_and_outlines_the_clues_it_reads() {
    let mut session = Session::new(Origin::Tutorial, &small_level(), None);
    let lay = layout(session.level());
    session.act(PlayerAction::Hint, Input::default());
    let status = session.status().to_string();
    assert!(
        status.matches(" · ").count() >= 2,
        "rule name and sentence: {status}"
    );
    let clues = session.with_scene(1.0, |scene| scene.rule_clues.to_vec());
    assert!(!clues.is_empty(), "{status}");
    let with_hint = frame(&session);
    for &clue in &clues {
        assert!(
            count_on_rim(&with_hint, &lay, clue, palette::HINT) > 10,
            "{clue:?} is outlined: {status}"
        );
    }
    // Once the status line moves on, the outlines go with it.
    session.act(PlayerAction::ClearProgress, Input::default());
    assert_ne!(session.status(), status);
    assert!(session.with_scene(1.0, |scene| scene.rule_clues.is_empty()));
    // (The hinted cell keeps its outline, which may touch a clue's rim.)
    let plain = frame(&session);
    for &clue in &clues {
        let (before, after) = (
            count_on_rim(&with_hint, &lay, clue, palette::HINT),
            count_on_rim(&plain, &lay, clue, palette::HINT),
        );
        assert!(
            after < before / 2,
            "{clue:?}: {after} of {before} outline pixels left"
        );
    }
}

/// A level of two rounds: a column 1 and a black 1 share the cells around the
/// 1, then the 1 above it finishes.
fn two_round_level() -> String {
    fixture::text(
        "two rounds",
        &[
            "",
            "",
            "",
            "",
            "",
            "",
            "....................|+",
            "",
            "....................x.",
            "..................o...o+",
            "....................O+",
            "..................o...o.",
            "....................o.",
        ],
    )
}

#[test]
fn solving_a_round_names_its_hardest_rule() {
    let mut session = Session::new(Origin::Tutorial, &two_round_level(), None);
    session.act(PlayerAction::SolveRound, Input::default());
    let status = session.status().to_string();
    assert!(status.contains("marked as guesses"), "{status}");
    assert!(status.contains(" · hardest: "), "{status}");
    assert!(
        session.with_scene(1.0, |scene| !scene.rule_clues.is_empty()),
        "{status}"
    );
}
