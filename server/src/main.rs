//! `hexcells`: checks Hexcells levels from the command line and serves them to editors.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
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
