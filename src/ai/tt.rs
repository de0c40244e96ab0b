//! The transposition table: 16-byte entries in buckets of two, sized in
//! megabytes (a browser tab gets at most 64).

use crate::engine::Move;

use super::search::{MATE_BOUND, MAX_PLY};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    Exact = 1,
    Lower = 2,
    Upper = 3,
}

#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    key: u64,
    mv: u16,
    score: i16,
    depth: i8,
    /// Bound in bits 0–1 (0 = empty), generation in bits 2–7.
    flags: u8,
    _pad: u16,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

pub(crate) struct Tt {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

/// Most megabytes a table may take.
pub const MAX_TT_MB: usize = 1024;

impl Tt {
    pub fn new(megabytes: usize) -> Tt {
        let bytes = megabytes.clamp(1, MAX_TT_MB) << 20;
        let mut n = bytes / std::mem::size_of::<Entry>();
        n = 1 << (usize::BITS - 1 - n.leading_zeros()); // round down to a power of two
        Tt {
            entries: vec![Entry::default(); n],
            mask: n - 1,
            generation: 0,
        }
    }

    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.generation = 0;
    }

    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key as usize) & self.mask & !1
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let i = self.slot(key);
        for e in &self.entries[i..i + 2] {
            if e.key == key && e.flags & 3 != 0 {
                let bound = match e.flags & 3 {
                    1 => Bound::Exact,
                    2 => Bound::Lower,
                    _ => Bound::Upper,
                };
                return Some(Hit {
                    mv: if e.mv == 0 {
                        None
                    } else {
                        Move::from_bits(e.mv)
                    },
                    score: from_tt(e.score as i32, ply),
                    depth: e.depth as i32,
                    bound,
                });
            }
        }
        None
    }

    pub fn store(
        &mut self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        depth: i32,
        bound: Bound,
        ply: usize,
    ) {
        let i = self.slot(key);
        let gen = self.generation;
        // Same key, else an empty slot, else the shallower or older entry.
        let pick = {
            let [a, b] = [&self.entries[i], &self.entries[i + 1]];
            if a.key == key || a.flags & 3 == 0 {
                i
            } else if b.key == key || b.flags & 3 == 0 {
                i + 1
            } else {
                let worth = |e: &Entry| {
                    let age = (gen.wrapping_sub(e.flags >> 2)) & 63;
                    e.depth as i32 - 4 * age as i32
                };
                if worth(a) <= worth(b) {
                    i
                } else {
                    i + 1
                }
            }
        };
        let e = &mut self.entries[pick];
        // Keep a deeper result for the same position unless this one is exact.
        if e.key == key && e.flags & 3 != 0 && depth < e.depth as i32 - 2 && bound != Bound::Exact {
            return;
        }
        let old_move = if e.key == key { e.mv } else { 0 };
        *e = Entry {
            key,
            mv: mv.map_or(old_move, |m| m.bits()),
            score: to_tt(score, ply) as i16,
            depth: depth.clamp(-1, 127) as i8,
            flags: bound as u8 | gen << 2,
            _pad: 0,
        };
    }

    /// Permille of sampled slots used in this search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let n = self.entries.len().min(1000);
        let used = self.entries[..n]
            .iter()
            .filter(|e| e.flags & 3 != 0 && e.flags >> 2 == self.generation)
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

/// Mate scores are stored relative to the node, read back relative to the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    debug_assert!(ply < MAX_PLY);
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
