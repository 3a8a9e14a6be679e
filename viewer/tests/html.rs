//! `hexcells-view --html OUT FILE` against the real binary: a pack becomes one page with
//! its list, that page runs only its own script and style (by hash) and names nothing
//! to fetch; a level with a syntax error is refused with its diagnostics and nothing
//! written (exit 2), as is a `--level` past the pack's end (with the count); a stuck
//! level is published with the verdict as a warning; the page replaces an existing
//! file atomically; markup in a title or an author is text. The page in a browser is
//! `tests/web/html.js`'s.

use std::path::Path;
use std::process::{Command, Output};

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use sha2::{Digest, Sha256};

const LEVELS: [&str; 3] = [
    include_str!("../../tests/levels/flowers.hexcells"),
    include_str!("../../tests/levels/columns.hexcells"),
    include_str!("../../tests/levels/together-apart.hexcells"),
];
const TYPO: &str = include_str!("../../tests/levels/cli/typo.hexcells");
const STUCK: &str = include_str!("../../tests/levels/cli/coin-toss.hexcells");

fn view(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexcells-view"))
        .current_dir(dir)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("XDG_STATE_HOME", dir.join("state"))
        .args(args)
        .output()
        .unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The text of the page's one `<tag>` element without attributes.
fn inline<'a>(page: &'a str, tag: &str) -> &'a str {
    let start = page.find(&format!("<{tag}>")).expect("the element") + tag.len() + 2;
    let end = start + page[start..].find(&format!("</{tag}>")).expect("its end");
    &page[start..end]
}

fn hash(text: &str) -> String {
    format!("sha256-{}", STANDARD.encode(Sha256::digest(text.as_bytes())))
}

#[test]
fn a_pack_is_one_page_that_runs_its_own_script_and_style_alone_and_fetches_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("pack.hexcells"), LEVELS.join("\n")).unwrap();
    let output = view(&["--html", "pack.html", "pack.hexcells"], tmp.path());
    assert!(output.status.success(), "{}", stderr(&output));
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(said.starts_with("pack.html: 3 levels, "), "{said}");
    assert!(stderr(&output).is_empty(), "{}", stderr(&output));
    let page = std::fs::read_to_string(tmp.path().join("pack.html")).unwrap();
    for k in 1..=3 {
        assert!(
            page.contains(&format!("<template id=\"level-{k}\"><svg ")),
            "level {k}"
        );
        assert!(page.contains(&format!(
            "<script type=\"application/json\" id=\"data-{k}\">{{\"key\":"
        )));
    }
    assert!(page.contains(">1. Flowers</option>") && page.contains(">3. Together and apart</option>"));
    assert!(page.contains("<title>pack (3 levels)</title>"));
    // The policy, in the page itself: its one script and one style by hash, nothing else.
    let policy = format!(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src '{}'; style-src '{}'; base-uri 'none'; form-action 'none'\">",
        hash(inline(&page, "script")),
        hash(inline(&page, "style"))
    );
    assert!(page.contains(&policy), "{}", &page[..600]);
    assert!(
        page.find(&policy) < page.find("<style>"),
        "the policy comes before what it governs"
    );
    // Nothing to fetch: the one address in it is the SVG's namespace, a name.
    let rest = page.replace("http://www.w3.org/2000/svg", "");
    for fetch in ["http:", "https:", " src=", "url(", "@import", "<link", "<iframe"] {
        assert!(!rest.contains(fetch), "{fetch}");
    }
    // Every look of each hidden cell is drawn: the page only switches them.
    let hidden = page.matches("<g data-look=\"hidden\">").count();
    assert!(hidden > 10 && hidden == page.matches("<g data-look=\"shown\">").count());
    assert_eq!(
        page.matches("<g data-look=\"digits-1\">").count(),
        6,
        "both counters' of each level"
    );

    // --level N: that level alone, without a list.
    let output = view(
        &["--html", "second.html", "--level", "2", "pack.hexcells"],
        tmp.path(),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let second = std::fs::read_to_string(tmp.path().join("second.html")).unwrap();
    assert!(second.contains("<title>Columns</title>") && !second.contains("<select"));
    assert!(!second.contains("id=\"level-2\""));
}

#[test]
fn a_syntax_error_or_a_level_past_the_end_writes_nothing_and_says_why() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("typo.hexcells"), TYPO).unwrap();
    std::fs::write(tmp.path().join("pack.hexcells"), LEVELS.join("\n")).unwrap();
    std::fs::write(tmp.path().join("page.html"), "kept").unwrap();
    let output = view(&["--html", "page.html", "typo.hexcells"], tmp.path());
    assert_eq!(output.status.code(), Some(2));
    let said = stderr(&output);
    assert!(
        said.contains("typo.hexcells:16:21: error[HC0106]: unknown item `Q`"),
        "{said}"
    );
    assert!(
        said.contains("typo.hexcells has errors to fix first (above): nothing written"),
        "{said}"
    );
    assert_eq!(
        std::fs::read_to_string(tmp.path().join("page.html")).unwrap(),
        "kept"
    );

    // In a pack, one broken level refuses the page; --level picks a good one.
    std::fs::write(
        tmp.path().join("mixed.hexcells"),
        format!("{}\n{TYPO}", LEVELS[0]),
    )
    .unwrap();
    let output = view(&["--html", "page.html", "mixed.hexcells"], tmp.path());
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("mixed.hexcells[2] has errors to fix first"),
        "{}",
        stderr(&output)
    );
    let output = view(
        &["--html", "page.html", "--level", "1", "mixed.hexcells"],
        tmp.path(),
    );
    assert!(output.status.success(), "{}", stderr(&output));

    for (level, count) in [
        ("4", "pack.hexcells has 3 levels (--level 1 to 3)"),
        ("0", "levels are numbered from 1"),
    ] {
        let output = view(
            &["--html", "other.html", "--level", level, "pack.hexcells"],
            tmp.path(),
        );
        assert_eq!(output.status.code(), Some(2), "--level {level}");
        assert!(stderr(&output).contains(count), "{}", stderr(&output));
        assert!(!tmp.path().join("other.html").exists());
    }
    for (args, why) in [
        (
            &["--html", "pack.hexcells", "pack.hexcells"][..],
            "is the level file",
        ),
        (
            &["--html", "o.html", "--png", "o.png", "pack.hexcells"][..],
            "cannot be combined",
        ),
        (
            &["--html", "o.html", "--size", "800x600", "pack.hexcells"][..],
            "--size is for --png and --svg",
        ),
        (&["--html", "o.html"][..], "--html needs the level FILE"),
        (
            &["--html", "o.html", "missing.hexcells"][..],
            "cannot read missing.hexcells",
        ),
    ] {
        let output = view(args, tmp.path());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(stderr(&output).contains(why), "{args:?}: {}", stderr(&output));
    }
    assert!(!tmp.path().join("o.html").exists());
    assert!(std::fs::read_to_string(tmp.path().join("pack.hexcells"))
        .unwrap()
        .starts_with("Hexcells level v1"));
}

#[test]
fn a_stuck_level_is_published_with_a_warning_and_replaces_the_page_atomically() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("stuck.hexcells"), STUCK).unwrap();
    std::fs::write(tmp.path().join("page.html"), "an older page").unwrap();
    let output = view(&["--html", "page.html", "stuck.hexcells"], tmp.path());
    assert!(output.status.success(), "{}", stderr(&output));
    let said = stderr(&output);
    assert!(
        said.contains("stuck.hexcells:16:21: warning[HC0301]: stuck after round 0: 2 cells can't be deduced: K11, L12; published all the same"),
        "{said}"
    );
    let page = std::fs::read_to_string(tmp.path().join("page.html")).unwrap();
    assert!(page.starts_with("<!doctype html>") && page.contains("<title>Coin toss</title>"));
    let left: Vec<String> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("tmp"))
        .collect();
    assert!(left.is_empty(), "no temporary file stays: {left:?}");
}

#[test]
fn markup_in_a_title_or_an_author_is_text_everywhere_on_the_page() {
    let tmp = tempfile::tempdir().unwrap();
    let marked = LEVELS[0].replacen(
        "\nFlowers\nhexcells project\n",
        "\n<img src=x onerror=ran=1>\n<script>ran=2</script>\n",
        1,
    );
    std::fs::write(tmp.path().join("marked.hexcells"), &marked).unwrap();
    std::fs::write(
        tmp.path().join("pack.hexcells"),
        format!("{marked}\n{}", LEVELS[1]),
    )
    .unwrap();
    for (file, out) in [("marked.hexcells", "one.html"), ("pack.hexcells", "pack.html")] {
        let output = view(&["--html", out, file], tmp.path());
        assert!(output.status.success(), "{}", stderr(&output));
        let page = std::fs::read_to_string(tmp.path().join(out)).unwrap();
        assert!(!page.contains("<img") && !page.contains("<script>ran"), "{out}");
        assert_eq!(
            page.matches("<script>").count(),
            1,
            "{out}: the page's own script alone"
        );
        assert!(page.contains("&lt;img src=x onerror=ran=1"), "{out}");
        assert!(page.contains("&lt;script&gt;ran=2&lt;/script&gt;"), "{out}");
    }
    let one = std::fs::read_to_string(tmp.path().join("one.html")).unwrap();
    assert!(one.contains("<title>&lt;img src=x onerror=ran=1&gt;</title>"));
    assert!(one.contains("<meta name=\"author\" content=\"&lt;script&gt;ran=2&lt;/script&gt;\">"));
    let pack = std::fs::read_to_string(tmp.path().join("pack.html")).unwrap();
    assert!(pack.contains(">1. &lt;img src=x onerror=ran=1&gt;</option>"));
}
