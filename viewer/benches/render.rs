//! Frame render benchmark.
fn main() {}
