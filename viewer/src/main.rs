//! `hexcells-view`: a live preview of a Hexcells level that is also a player and an
//! editor. Command-line entry: a window on FILE (or on the embedded tutorial), the
//! editor on FILE with `--edit`, or one frame rendered to a PNG with `--png` or to an
//! SVG with `--svg` (no window, no display), or the same player and editor served as
//! a page on loopback with `--serve` (no display), or a level or a pack published as
//! one page that plays in any browser with `--html`; the usage text, manual page and
//! completion scripts come from `cli.rs`. Exit status: 0, or 2 when it cannot do what
//! was asked (nothing written).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use hexcells_core::format::parse;
use hexcells_core::play_record;
use hexcells_viewer::app::{self, LaunchOptions};
use hexcells_viewer::cli::{self, USAGE};
use hexcells_viewer::editor::document::Link;
use hexcells_viewer::editor::mode::EditMode;
use hexcells_viewer::keys::player::PlayerAction;
use hexcells_viewer::player::progress::state_dir;
use hexcells_viewer::player::{Input, Origin, Session, TUTORIAL};
use hexcells_viewer::publish::{self, PublishOptions};
use hexcells_viewer::render::{self, editor_frame, Canvas, Pixels, Svg};
use hexcells_viewer::serve::{self, ServeOptions};

/// Validated command-line options.
struct Args {
    file: Option<PathBuf>,
    png: Option<PathBuf>,
    svg: Option<PathBuf>,
    html: Option<PathBuf>,
    /// Debug builds' hidden `--play-script` (the published page's differential test).
    play_script: bool,
    size: (u32, u32),
    level: usize,
    overview: bool,
    /// Whether `--level` was given (`--html` publishes every level without it).
    level_given: bool,
    size_given: bool,
    swap_buttons: bool,
    stdin: bool,
    edit: bool,
    export_record: Option<PathBuf>,
    serve: bool,
    port: u16,
}

fn parse_args() -> anyhow::Result<Args> {
    let mut args = Args {
        file: None,
        png: None,
        svg: None,
        html: None,
        play_script: false,
        size: (1280, 800),
        level: 1,
        overview: false,
        level_given: false,
        size_given: false,
        swap_buttons: false,
        stdin: false,
        edit: false,
        export_record: None,
        serve: false,
        port: 0,
    };
    let mut it = std::env::args_os().skip(1);
    while let Some(arg) = it.next() {
        match arg.to_str() {
            Some("-h" | "--help") => match print_and_exit(format!("{USAGE}\n").as_bytes())? {},
            Some("-V" | "--version") => {
                match print_and_exit(format!("hexcells-view {}\n", env!("CARGO_PKG_VERSION")).as_bytes())? {}
            }
            Some("--man") => {
                let mut page = Vec::new();
                cli::write_man(&mut page).context("cannot write the manual page")?;
                match print_and_exit(&page)? {}
            }
            Some("--completions") => {
                let name = it
                    .next()
                    .context("--completions needs a shell (bash, zsh, fish, elvish, powershell)")?;
                let name = name.to_string_lossy();
                let shell = cli::shell(&name).with_context(|| {
                    format!("--completions {name}: no such shell (bash, zsh, fish, elvish, powershell)")
                })?;
                let mut script = Vec::new();
                cli::write_completions(shell, &mut script);
                match print_and_exit(&script)? {}
            }
            Some("--png") => args.png = Some(it.next().context("--png needs a file name")?.into()),
            Some("--svg") => args.svg = Some(it.next().context("--svg needs a file name")?.into()),
            Some("--html") => args.html = Some(it.next().context("--html needs a file name")?.into()),
            // Test support only: release builds know no such option.
            Some("--play-script") if cfg!(debug_assertions) => args.play_script = true,
            Some("--size") => {
                let value = it.next().context("--size needs WxH")?;
                let value = value.to_string_lossy();
                let (w, h) = value.split_once('x').context("--size needs WxH, e.g. 1280x800")?;
                let (w, h): (u32, u32) = (w.parse()?, h.parse()?);
                if !(16..=8192).contains(&w) || !(16..=8192).contains(&h) {
                    bail!("--size must be between 16x16 and 8192x8192");
                }
                args.size = (w, h);
                args.size_given = true;
            }
            Some("--level") => {
                let value = it.next().context("--level needs a number")?;
                args.level = match value.to_string_lossy().trim().parse() {
                    Ok(0) => bail!("--level 0: levels are numbered from 1 (the first level is --level 1)"),
                    Ok(n) => n,
                    Err(_) => bail!("--level needs a level number, from 1"),
                };
                args.level_given = true;
            }
            Some("--serve") => args.serve = true,
            Some("--port") => {
                let value = it.next().context("--port needs a port number")?;
                args.port = value
                    .to_string_lossy()
                    .trim()
                    .parse()
                    .context("--port needs a port number from 0 to 65535 (0: a free one)")?;
            }
            Some("--overview") => args.overview = true,
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
    if args.overview && (args.edit || args.export_record.is_some()) {
        bail!("--overview is the player's: it cannot be combined with --edit or --export-record");
    }
    if args.edit && args.file.is_none() {
        bail!(
            "--edit needs the FILE to edit (it is created on the first save if it does not exist)\n\n{USAGE}"
        );
    }
    if args.serve && (args.png.is_some() || args.svg.is_some() || args.export_record.is_some()) {
        bail!("--serve cannot be combined with --png, --svg or --export-record");
    }
    if args.html.is_some() || args.play_script {
        let others = args.png.is_some()
            || args.svg.is_some()
            || args.serve
            || args.edit
            || args.stdin
            || args.export_record.is_some()
            || args.overview
            || (args.html.is_some() && args.play_script);
        if others {
            bail!(
                "--html cannot be combined with --png, --svg, --serve, --edit, --stdin, --export-record or --overview"
            );
        }
        if args.size_given {
            bail!("--size is for --png and --svg: the page fits its level to the browser's window");
        }
        if args.file.is_none() {
            bail!("--html needs the level FILE to publish\n\n{USAGE}");
        }
    }
    if args.port != 0 && !args.serve {
        bail!("--port is for --serve");
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
    if let (Some(out), Some(file)) = (&args.html, &args.file) {
        if same_file(out, file) {
            bail!(
                "{} is the level file: give another file name to write the page to",
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

/// Writes `bytes` (a usage text, a manual page, a completion script) to stdout and
/// ends the process: with 0 also when the reader has seen enough and closed the pipe
/// (`| head -n 1`), which is no failure.
fn print_and_exit(bytes: &[u8]) -> anyhow::Result<std::convert::Infallible> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e).context("cannot write to stdout"),
        _ => std::process::exit(0),
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// `--export-record OUT`: the saved play record of the level on screen, to OUT
/// (written atomically, `hexcells_files`) or to stdout for `-`.
fn export_record(session: &Session, out: &Path) -> anyhow::Result<()> {
    let text = play_record::print(&session.game().record());
    if out == Path::new("-") {
        let mut stdout = std::io::stdout().lock();
        return match stdout.write_all(text.as_bytes()) {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
            _ => Ok(()),
        };
    }
    hexcells_files::write_atomically(out, text.as_bytes())
        .with_context(|| format!("cannot write {}", out.display()))
}

/// `--png OUT`, `--svg OUT`: the picture written atomically (`hexcells_files`), so a
/// page or a build that reads OUT never sees half a picture.
fn write_picture(out: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    hexcells_files::write_atomically(out, bytes).with_context(|| format!("cannot write {}", out.display()))
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

/// `--html OUT FILE`: the page written, its warnings on stderr and one line on stdout.
fn write_html(args: &Args, file: &Path, out: &Path) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let options = PublishOptions {
        file: file.to_path_buf(),
        text,
        level: args.level_given.then_some(args.level),
        swap_buttons: args.swap_buttons,
        out: out.to_path_buf(),
    };
    let published = publish::write_page(&options, &mut std::io::stderr().lock())?;
    let levels = match published.levels {
        1 => "1 level".to_string(),
        n => format!("{n} levels"),
    };
    println!(
        "{}: {levels}, {:.0} kB; it plays in any browser, from the file or any web host",
        out.display(),
        published.bytes as f64 / 1000.0
    );
    Ok(())
}

fn run() -> anyhow::Result<()> {
    let args = parse_args()?;
    if let (Some(out), Some(file)) = (&args.html, &args.file) {
        return write_html(&args, file, out);
    }
    if let (true, Some(file)) = (args.play_script, &args.file) {
        let text =
            std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
        let script = publish::play_script(&text, args.level_given.then_some(args.level), args.swap_buttons)?;
        println!("{script}");
        return Ok(());
    }
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
    if args.overview {
        session.act(PlayerAction::Overview, Input::default());
    }
    if let Some(out) = &args.export_record {
        return export_record(&session, out);
    }
    if let Some(out) = &args.png {
        let mut pixmap = tiny_skia::Pixmap::new(args.size.0, args.size.1).context("bad frame size")?;
        draw_frame(&args, &session, &text, &mut Pixels(&mut pixmap.as_mut()));
        let png = pixmap.encode_png().context("cannot encode the frame as PNG")?;
        write_picture(out, &png)?;
    }
    if let Some(out) = &args.svg {
        let mut svg = Svg::new(args.size.0, args.size.1);
        draw_frame(&args, &session, &text, &mut svg);
        write_picture(out, svg.finish().as_bytes())?;
    }
    if picture {
        return Ok(());
    }
    let edit = args.edit.then(|| (args.file.clone(), on_disk));
    let watch = args.file.filter(|_| !args.stdin);
    if args.serve {
        return serve::run(
            session,
            ServeOptions {
                port: args.port,
                watch,
                edit,
                linked: args.stdin,
            },
        );
    }
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
