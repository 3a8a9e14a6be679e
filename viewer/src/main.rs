//! `hexcells-view`: a live preview of a Hexcells level that is also a player.

fn main() {}
