//! `hexcells`: checks Hexcells levels from the command line and serves them to editors.

mod lsp;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("lsp") {
        if let Err(e) = lsp::run() {
            eprintln!("hexcells: {e:#}");
            std::process::exit(2);
        }
        return;
    }
    for file in args.iter().skip(1) {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        let parse = hexcells_core::format::parse(&text);
        for d in parse.all_diagnostics() {
            println!(
                "{file}:{}:{}: {}[{}]: {}",
                d.range.line + 1,
                d.range.start + 1,
                d.severity.as_str(),
                d.code,
                d.message
            );
        }
    }
}
