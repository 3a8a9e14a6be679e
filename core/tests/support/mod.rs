//! Shared helpers of core's integration tests: the proptest strategies for levels
//! ([`strategies`]). The shared corpus is read through the `hexcells-corpus` crate.

#![allow(dead_code)]

pub mod strategies;
