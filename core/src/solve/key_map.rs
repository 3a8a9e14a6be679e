//! Hash maps keyed by the engine's own small numbers (clue and cell indices, cell
//! positions, and what a clue shows: its hint and count), with a hasher of a
//! multiply and a rotation per word.
//!
//! The standard library's hasher resists keys chosen to collide, which costs a few
//! dozen instructions per word; the engine's keys come from its own numbering or
//! from a 33 by 33 grid, not from an adversary, and its memo of pair answers alone
//! is asked over a million times on the corpus. No map here is iterated, so nothing
//! the engine says depends on the order a hasher gives.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A hash map with [`KeyHasher`].
pub(crate) type KeyMap<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;

/// The hasher of [`KeyMap`]: each word is mixed in with an odd multiplier (the
/// golden ratio's, which spreads consecutive numbers apart), and `finish` folds the
/// high half, where the multiply leaves most of its mixing, into the low half, from
/// which a table takes its bucket.
#[derive(Clone, Copy, Default)]
pub(crate) struct KeyHasher {
    state: u64,
}

const MULTIPLIER: u64 = 0x9e37_79b9_7f4a_7c15;

impl KeyHasher {
    fn add(&mut self, word: u64) {
        self.state = (self.state.rotate_left(26) ^ word).wrapping_mul(MULTIPLIER);
    }
}

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_i32(&mut self, n: i32) {
        self.add(u64::from(n as u32));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.state ^ (self.state >> 32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    fn hash<T: std::hash::Hash>(value: T) -> u64 {
        BuildHasherDefault::<KeyHasher>::default().hash_one(value)
    }

    #[test]
    fn keys_that_differ_in_one_place_hash_apart() {
        // The triples a pair memo keeps: every one of a few thousand lands in its own
        // bucket of a table of 2^16 far more often than not.
        let mut buckets = std::collections::HashSet::new();
        let mut n = 0;
        for a in 0..12 {
            for b in a + 1..13 {
                for i in 0..40usize {
                    buckets.insert(hash((a, b, i)) & 0xffff);
                    n += 1;
                }
            }
        }
        assert!(
            buckets.len() * 100 >= n * 95,
            "{} buckets for {n} keys",
            buckets.len()
        );
        assert_ne!(hash((1usize, 2usize)), hash((2usize, 1usize)));
        assert_ne!(hash((vec![1usize, 2], true)), hash((vec![1usize, 2], false)));
    }

    #[test]
    fn a_key_map_finds_what_it_keeps() {
        let mut map: KeyMap<(usize, usize), usize> = KeyMap::default();
        for a in 0..100 {
            map.insert((a, a * 7), a);
        }
        assert_eq!(map.len(), 100);
        assert!((0..100).all(|a| map.get(&(a, a * 7)) == Some(&a)));
        assert_eq!(map.get(&(3, 22)), None);
    }
}
