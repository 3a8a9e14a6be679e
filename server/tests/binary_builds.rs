//! Keeps `cargo test --workspace` building the `hexcells` binary (cargo builds a
//! package's binaries only for its integration tests), and checks it starts.

#[test]
fn hexcells_binary_runs() {
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_hexcells"))
        .arg("--version")
        .output();
    assert!(status.is_ok(), "the hexcells binary could not be started");
}
