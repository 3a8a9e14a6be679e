//! Compiles the generated parser (`src/parser.c`, without warnings: it is not
//! ours to fix) and the external scanner (`src/scanner.c`, with them) with the
//! system's C compiler.

fn main() {
    let src = std::path::Path::new("src");
    for (file, warnings) in [("parser.c", false), ("scanner.c", true)] {
        let path = src.join(file);
        let mut build = cc::Build::new();
        build.std("c11").include(src).warnings(warnings).file(&path);
        #[cfg(target_env = "msvc")]
        build.flag("-utf-8");
        build.compile(&format!("tree-sitter-hexcells-{}", file.trim_end_matches(".c")));
        println!("cargo:rerun-if-changed={}", path.display());
    }
    println!("cargo:rerun-if-changed=src/tree_sitter/parser.h");
}
