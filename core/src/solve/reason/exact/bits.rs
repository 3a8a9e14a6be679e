//! The checker's bit sets: sets of small numbers (variables, constraints) as words
//! of 64 bits.

pub(super) fn set(bits: &mut [u64], i: usize) {
    bits[i / 64] |= 1 << (i % 64);
}

pub(super) fn unset(bits: &mut [u64], i: usize) {
    bits[i / 64] &= !(1 << (i % 64));
}

pub(super) fn has(bits: &[u64], i: usize) -> bool {
    bits.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
}

/// The smallest item in `bits`.
pub(super) fn first(bits: &[u64]) -> Option<usize> {
    let (w, word) = bits.iter().enumerate().find(|(_, w)| **w != 0)?;
    Some(w * 64 + word.trailing_zeros() as usize)
}

pub(super) fn union(bits: &mut [u64], other: &[u64]) {
    for (a, b) in bits.iter_mut().zip(other) {
        *a |= b;
    }
}
