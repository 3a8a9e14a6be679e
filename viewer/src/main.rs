//! `hexcells-view`: a live preview of a Hexcells level that is also a player and an
//! editor. Command-line entry: a window on FILE (or on the embedded tutorial), the
//! editor on FILE with `--edit`, or one frame rendered to a PNG with `--png` or to an
//! SVG with `--svg` (no window, no display).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use hexcells_core::format::parse;
use hexcells_core::play_record;
use hexcells_viewer::app::{self, LaunchOptions};
use hexcells_viewer::editor::document::Link;
use hexcells_viewer::editor::mode::EditMode;
use hexcells_viewer::player::progress::state_dir;
use hexcells_viewer::player::{Origin, Session, TUTORIAL};
use hexcells_viewer::render::{self, editor_frame, Canvas, Pixels, Svg};

const USAGE: &str =
    "usage: hexcells-view [--png OUT.png] [--svg OUT.svg] [--size WxH] [--level N] [--swap-buttons] [--stdin] [FILE]
       hexcells-view --edit [--png OUT.png] [--svg OUT.svg] [--level N] FILE
       hexcells-view --export-record OUT.record [--level N] [FILE]
       hexcells-view --version

  FILE            the level file to show and follow (default: the tutorial pack)
  --edit          open the level editor on FILE (which need not exist yet: it is
                  created on the first Ctrl+S); the file is written only on Ctrl+S
  --png OUT.png   render one frame to OUT.png and exit (no window)
  --svg OUT.svg   render one frame to OUT.svg and exit (no window, no display:
                  vector shapes, letters as outlines, each cell's group named
                  by data-cell, e.g. data-cell=\"F7\")
  --size WxH      frame size for --png and --svg (default 1280x800)
  --level N       start at level N of a pack (from 1)
  --swap-buttons  the right button uncovers, guesses and creates blue, the left
                  black (also [mouse] blue = \"right\" in keys.toml)
  --stdin         take document snapshots on stdin, report clicks on stdout
                  (used by the language server)
  --export-record OUT.record
                  write the saved play record of the level to OUT.record
                  (`-` for stdout) and exit (no window)
  -V, --version   print the version and exit

in the window, ? or F1 lists every key (and the editor's clicks) of the mode you are
in. docs/viewer.md has every key and click of both, and how keys.toml in your
config directory (~/.config/hexcells/keys.toml on Linux) changes them. The default
player keys: click uncovers (left blue, right black), Shift+click marks a guess,
C / D / X confirm / deny / clear the guesses, H hint, S the next round as guesses,
Shift+S solve all, Z undo, R clear progress, E export the play record, Ctrl+C / Ctrl+V
copy / paste a level, V show solution, Tab the level editor, wheel or + - 0 zoom,
middle drag pan";

/// Validated command-line options.
struct Args {
    file: Option<PathBuf>,
    png: Option<PathBuf>,
    svg: Option<PathBuf>,
    size: (u32, u32),
    level: usize,
    swap_buttons: bool,
    stdin: bool,
    edit: bool,
    export_record: Option<PathBuf>,
}

fn parse_args() -> anyhow::Result<Args> {
    let mut args = Args {
        file: None,
        png: None,
        svg: None,
        size: (1280, 800),
        level: 1,
        swap_buttons: false,
        stdin: false,
        edit: false,
        export_record: None,
    };
    let mut it = std::env::args_os().skip(1);
    while let Some(arg) = it.next() {
        match arg.to_str() {
            Some("-h" | "--help") => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            Some("-V" | "--version") => {
                println!("hexcells-view {}", env!("CARGO_PKG_VERSION"));
                std::process::exit(0);
            }
            Some("--png") => args.png = Some(it.next().context("--png needs a file name")?.into()),
            Some("--svg") => args.svg = Some(it.next().context("--svg needs a file name")?.into()),
            Some("--size") => {
                let value = it.next().context("--size needs WxH")?;
                let value = value.to_string_lossy();
                let (w, h) = value.split_once('x').context("--size needs WxH, e.g. 1280x800")?;
                let (w, h): (u32, u32) = (w.parse()?, h.parse()?);
                if !(16..=8192).contains(&w) || !(16..=8192).contains(&h) {
                    bail!("--size must be between 16x16 and 8192x8192");
                }
                args.size = (w, h);
            }
            Some("--level") => {
                let value = it.next().context("--level needs a number")?;
                args.level = match value.to_string_lossy().trim().parse() {
                    Ok(0) => bail!("--level 0: levels are numbered from 1 (the first level is --level 1)"),
                    Ok(n) => n,
                    Err(_) => bail!("--level needs a level number, from 1"),
                };
            }
            Some("--swap-buttons") => args.swap_buttons = true,
            Some("--stdin") => args.stdin = true,
            Some("--edit") => args.edit = true,
            Some("--export-record") => {
                let out = it.next().context("--export-record needs a file name")?;
                args.export_record = Some(out.into());
            }
            Some(s) if s.starts_with('-') && s.len() > 1 => bail!("unknown option {s}\n\n{USAGE}"),
            _ if args.file.is_none() => args.file = Some(arg.into()),
            _ => bail!("only one FILE can be given\n\n{USAGE}"),
        }
    }
    if args.edit && (args.stdin || args.export_record.is_some()) {
        bail!("--edit cannot be combined with --stdin or --export-record");
    }
    if args.edit && args.file.is_none() {
        bail!(
            "--edit needs the FILE to edit (it is created on the first save if it does not exist)\n\n{USAGE}"
        );
    }
    if args.export_record.is_some() && (args.stdin || args.png.is_some() || args.svg.is_some()) {
        bail!("--export-record cannot be combined with --stdin, --png or --svg");
    }
    for out in [&args.png, &args.svg].into_iter().flatten() {
        if args.file.as_ref().is_some_and(|file| same_file(out, file)) {
            bail!(
                "{} is the level file: give another file name to write the picture to",
                out.display()
            );
        }
    }
    if let (Some(out), Some(file)) = (&args.export_record, &args.file) {
        if same_file(out, file) {
            bail!(
                "--export-record would overwrite the level file {}",
                file.display()
            );
        }
    }
    Ok(args)
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// `--export-record OUT`: the saved play record of the level on screen, to OUT
/// (written via a temp file and a rename) or to stdout for `-`.
fn export_record(session: &Session, out: &Path) -> anyhow::Result<()> {
    let text = play_record::print(&session.game().record());
    if out == Path::new("-") {
        let mut stdout = std::io::stdout().lock();
        return match stdout.write_all(text.as_bytes()) {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
            _ => Ok(()),
        };
    }
    let tmp = out.with_extension(format!("record.tmp{}", std::process::id()));
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, out).with_context(|| format!("cannot write {}", out.display()))
}

/// One frame on `canvas` (`--png`, `--svg`): the player's on the session's level, or
/// with `--edit` the editor's on level `--level` of `text`, checked first.
fn draw_frame(args: &Args, session: &Session, text: &str, canvas: &mut dyn Canvas) {
    if args.edit {
        let mut mode = EditMode::new(text.to_string(), Link::Standalone, args.level - 1, None);
        let layout = mode.layout(args.size.0, args.size.1, 1.0);
        mode.editor.check_now(&hexcells_core::solve::Budget::default());
        mode.editor
            .with_scene(layout, None, None, |scene| editor_frame::draw(scene, canvas));
    } else {
        session.with_scene(1.0, |scene| render::draw(scene, canvas));
    }
}

fn run() -> anyhow::Result<()> {
    let args = parse_args()?;
    // The editor's file may not exist yet: it starts as an empty level.
    let on_disk = match (&args.file, args.edit) {
        (Some(path), true) if !path.exists() => None,
        (Some(path), true) => {
            Some(std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?)
        }
        _ => None,
    };
    let (origin, text) = match (&args.file, args.stdin) {
        (Some(path), _) if args.edit => (
            Origin::File(path.clone()),
            on_disk
                .clone()
                .unwrap_or_else(|| hexcells_core::format::print(&hexcells_core::Level::new())),
        ),
        (Some(path), _) => {
            let text =
                std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
            (Origin::File(path.clone()), text)
        }
        (None, true) => (Origin::Editor, String::new()),
        (None, false) => (Origin::Tutorial, TUTORIAL.to_string()),
    };
    let picture = args.png.is_some() || args.svg.is_some();
    let state = if picture { None } else { state_dir() };
    let n_levels = parse(&text).levels.len();
    if !args.stdin && args.level > n_levels.max(1) {
        let file = args
            .file
            .as_ref()
            .map_or("the tutorial".into(), |f| f.display().to_string());
        match n_levels {
            0 => bail!("--level {}: {file} holds no level", args.level),
            1 => bail!("--level {}: {file} has 1 level (--level 1)", args.level),
            n => bail!("--level {}: {file} has {n} levels (--level 1 to {n})", args.level),
        }
    }
    let mut session = Session::new(origin, &text, state);
    session.swap_buttons = args.swap_buttons;
    session.go_to(args.level - 1);
    if let Some(out) = &args.export_record {
        return export_record(&session, out);
    }
    if let Some(out) = &args.png {
        let mut pixmap = tiny_skia::Pixmap::new(args.size.0, args.size.1).context("bad frame size")?;
        draw_frame(&args, &session, &text, &mut Pixels(&mut pixmap.as_mut()));
        pixmap
            .save_png(out)
            .with_context(|| format!("cannot write {}", out.display()))?;
    }
    if let Some(out) = &args.svg {
        let mut svg = Svg::new(args.size.0, args.size.1);
        draw_frame(&args, &session, &text, &mut svg);
        std::fs::write(out, svg.finish()).with_context(|| format!("cannot write {}", out.display()))?;
    }
    if picture {
        return Ok(());
    }
    let edit = args.edit.then(|| (args.file.clone(), on_disk));
    let watch = args.file.filter(|_| !args.stdin);
    app::run(
        session,
        LaunchOptions {
            watch,
            editor: args.stdin,
            edit,
            frame_text: std::env::var_os("HEXCELLS_VIEW_FRAME_TEXT")
                .filter(|v| !v.is_empty())
                .map(PathBuf::from),
        },
    )
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hexcells-view: {e:#}");
            ExitCode::from(2)
        }
    }
}
