//! Keeps `cargo test --workspace` building the `hexcells-view` binary (cargo builds
//! a package's binaries only for its integration tests).

#[test]
fn viewer_binary_exists() {
    assert!(std::path::Path::new(env!("CARGO_BIN_EXE_hexcells-view")).exists());
}
