//! The transposition table: 16-byte entries in buckets of two, sized in
//! megabytes (a browser tab gets at most 64).

use crate::engine::Move;

use super::score::{MATE_BOUND, MAX_PLY};

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
    /// Bound in bits 0–1 (0 = empty), on the principal variation in bit
    /// 2, generation in bits 3–7.
    flags: u8,
    /// The position's static evaluation, or [`NO_EVAL`] (in check, or out
    /// of range).
    eval: i16,
}

const NO_EVAL: i16 = i16::MIN;

/// The flag bit of an entry on the principal variation.
const PV: u8 = 4;

/// Generations count modulo 32 (the mask of the five bits left for them).
const GENERATIONS: u8 = 31;

/// A node's result as the table keeps it: what a store is given and a
/// probe finds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Record {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    /// The static evaluation, when the storing node had one.
    pub eval: Option<i32>,
    /// The position is or has been on the principal variation.
    pub pv: bool,
}

impl Record {
    /// Whether this result settles a search of the window `alpha..beta`:
    /// exact, or a bound on the window's far side.
    pub fn decides(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
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
        self.generation = (self.generation + 1) & GENERATIONS;
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key as usize) & self.mask & !1
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<Record> {
        let i = self.slot(key);
        for e in &self.entries[i..i + 2] {
            if e.key == key && e.flags & 3 != 0 {
                let bound = match e.flags & 3 {
                    1 => Bound::Exact,
                    2 => Bound::Lower,
                    _ => Bound::Upper,
                };
                return Some(Record {
                    mv: if e.mv == 0 {
                        None
                    } else {
                        Move::from_bits(e.mv)
                    },
                    score: from_tt(e.score as i32, ply),
                    depth: e.depth as i32,
                    bound,
                    eval: (e.eval != NO_EVAL).then_some(e.eval as i32),
                    pv: e.flags & PV != 0,
                });
            }
        }
        None
    }

    pub fn store(&mut self, key: u64, ply: usize, r: Record) {
        let Record {
            mv,
            score,
            depth,
            bound,
            eval,
            pv,
        } = r;
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
                    let age = (gen.wrapping_sub(e.flags >> 3)) & GENERATIONS;
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
        // Once on the principal variation, a position stays marked so while
        // its entry lasts.
        let pv = pv || (e.key == key && e.flags & PV != 0);
        *e = Entry {
            key,
            mv: mv.map_or(old_move, |m| m.bits()),
            score: to_tt(score, ply) as i16,
            depth: depth.clamp(-1, 127) as i8,
            flags: bound as u8 | if pv { PV } else { 0 } | gen << 3,
            eval: eval
                .and_then(|v| i16::try_from(v).ok())
                .filter(|&v| v != NO_EVAL)
                .unwrap_or(NO_EVAL),
        };
    }

    /// Permille of sampled slots used in this search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let n = self.entries.len().min(1000);
        let used = self.entries[..n]
            .iter()
            .filter(|e| e.flags & 3 != 0 && e.flags >> 3 == self.generation)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::score::MATE;
    use crate::engine::{Kind, Square};

    /// A result without a static evaluation.
    fn rec(mv: Option<Move>, score: i32, depth: i32, bound: Bound) -> Record {
        Record {
            mv,
            score,
            depth,
            bound,
            eval: None,
            pv: false,
        }
    }

    fn a_move() -> Move {
        Move::drop(Kind(0), Square::all().nth(40).unwrap())
    }

    #[test]
    fn a_stored_entry_is_found_with_its_move_depth_and_bound() {
        let mut tt = Tt::new(1);
        for (key, bound) in [
            (10u64, Bound::Exact),
            (20, Bound::Lower),
            (30, Bound::Upper),
        ] {
            tt.store(key, 3, rec(Some(a_move()), -35, 7, bound));
            let hit = tt.probe(key, 3).unwrap();
            assert_eq!(
                (hit.mv, hit.score, hit.depth, hit.bound),
                (Some(a_move()), -35, 7, bound)
            );
        }
        // Another key in the same bucket is not this entry's.
        assert!(tt.probe(11, 3).is_none());
        assert!(Tt::new(1).probe(10, 0).is_none());
        // An empty slot holds no entry, even for the key 0 it is filled with.
        assert!(Tt::new(1).probe(0, 0).is_none());
        // A result without a move keeps the move known for the position.
        tt.store(10, 0, rec(None, 10, 8, Bound::Lower));
        assert_eq!(tt.probe(10, 0).unwrap().mv, Some(a_move()));
        // Depths beyond an i8 are kept as 127, below -1 as -1.
        tt.store(40, 0, rec(None, 0, 500, Bound::Exact));
        assert_eq!(tt.probe(40, 0).unwrap().depth, 127);
        tt.store(50, 0, rec(None, 0, -9, Bound::Exact));
        assert_eq!(tt.probe(50, 0).unwrap().depth, -1);
    }

    #[test]
    fn a_position_once_on_the_principal_variation_stays_marked() {
        let mut tt = Tt::new(1);
        let on_pv = |depth| Record {
            pv: true,
            ..rec(None, 0, depth, Bound::Exact)
        };
        tt.store(10, 0, rec(None, 0, 3, Bound::Upper));
        assert!(!tt.probe(10, 0).unwrap().pv);
        tt.store(10, 0, on_pv(4));
        let hit = tt.probe(10, 0).unwrap();
        assert_eq!((hit.pv, hit.bound, hit.depth), (true, Bound::Exact, 4));
        // A later result off the principal variation keeps the mark.
        tt.store(10, 0, rec(None, 5, 6, Bound::Lower));
        let hit = tt.probe(10, 0).unwrap();
        assert_eq!((hit.pv, hit.bound, hit.score), (true, Bound::Lower, 5));
        // The mark takes no generation bit: the entry is this search's.
        assert_eq!(tt.hashfull(), 1);
        // Another position taking its slot does not inherit it: the bucket's
        // other slot is filled first, then the shallower entry (ours) goes.
        let other = (tt.mask + 1) as u64 * 4 + 10;
        tt.store(other, 0, rec(None, 0, 9, Bound::Exact));
        tt.store(other + 1, 0, rec(None, 0, 9, Bound::Exact));
        assert!(tt.probe(10, 0).is_none());
        assert!(tt.probe(other + 1, 0).is_some_and(|h| !h.pv));
    }

    #[test]
    fn a_bound_decides_a_window_only_from_its_far_side() {
        let at = |bound| rec(None, 50, 1, bound);
        assert!(at(Bound::Exact).decides(0, 10));
        assert!(at(Bound::Lower).decides(0, 50));
        assert!(!at(Bound::Lower).decides(0, 51));
        assert!(at(Bound::Upper).decides(50, 60));
        assert!(!at(Bound::Upper).decides(49, 60));
    }

    #[test]
    fn the_static_evaluation_is_kept_when_it_fits() {
        let mut tt = Tt::new(1);
        for (key, eval, kept) in [
            (60u64, Some(-1234), Some(-1234)),
            (70, Some(32_767), Some(32_767)),
            (80, None, None),
            // Out of an i16's range, and the mark for none: not kept.
            (90, Some(40_000), None),
            (100, Some(i32::from(i16::MIN)), None),
        ] {
            let record = Record {
                eval,
                ..rec(None, 0, 3, Bound::Upper)
            };
            tt.store(key, 0, record);
            assert_eq!(tt.probe(key, 0).unwrap().eval, kept, "{eval:?}");
        }
    }

    #[test]
    fn mate_scores_are_kept_from_the_node_and_read_from_the_root() {
        // A mate in 5 plies from the root found at ply 3 is a mate in 2
        // from that node: read back at ply 1, it is a mate in 3 from there.
        let mut tt = Tt::new(1);
        tt.store(7, 3, rec(None, MATE - 5, 4, Bound::Exact));
        assert_eq!(tt.probe(7, 1).unwrap().score, MATE - 3);
        tt.store(8, 2, rec(None, -(MATE - 6), 4, Bound::Exact));
        assert_eq!(tt.probe(8, 5).unwrap().score, -(MATE - 9));
        // Other scores are the same from any ply.
        tt.store(9 << 20, 3, rec(None, MATE_BOUND - 1, 4, Bound::Exact));
        assert_eq!(tt.probe(9 << 20, 1).unwrap().score, MATE_BOUND - 1);
        tt.store(10 << 20, 3, rec(None, -(MATE_BOUND - 1), 4, Bound::Exact));
        assert_eq!(tt.probe(10 << 20, 1).unwrap().score, -(MATE_BOUND - 1));
        // The bound itself counts as a mate.
        tt.store(11 << 20, 3, rec(None, MATE_BOUND, 4, Bound::Exact));
        assert_eq!(tt.probe(11 << 20, 1).unwrap().score, MATE_BOUND + 2);
        tt.store(12 << 20, 3, rec(None, -MATE_BOUND, 4, Bound::Exact));
        assert_eq!(tt.probe(12 << 20, 1).unwrap().score, -MATE_BOUND - 2);
    }

    #[test]
    fn a_deeper_result_is_kept_unless_the_new_one_is_exact() {
        let mut tt = Tt::new(1);
        tt.store(1 << 20, 0, rec(None, 50, 10, Bound::Lower));
        tt.store(1 << 20, 0, rec(None, 20, 7, Bound::Upper));
        assert_eq!(tt.probe(1 << 20, 0).unwrap().depth, 10);
        // Two plies shallower still replaces it.
        tt.store(1 << 20, 0, rec(None, 20, 8, Bound::Upper));
        assert_eq!(tt.probe(1 << 20, 0).unwrap().depth, 8);
        tt.store(1 << 20, 0, rec(None, 30, 1, Bound::Exact));
        assert_eq!(tt.probe(1 << 20, 0).unwrap().score, 30);
    }

    #[test]
    fn a_full_bucket_gives_up_its_shallower_or_older_entry() {
        let mut tt = Tt::new(1);
        // Keys that differ by a multiple of the table's size share a bucket.
        let bucket = tt.mask + 1;
        let (a, b, c) = (bucket as u64, 2 * bucket as u64, 3 * bucket as u64);
        tt.store(a, 0, rec(None, 0, 9, Bound::Exact));
        tt.store(b, 0, rec(None, 0, 4, Bound::Exact));
        tt.store(c, 0, rec(None, 0, 6, Bound::Exact));
        // The shallower (b) made room for c.
        assert!(tt.probe(a, 0).is_some() && tt.probe(b, 0).is_none() && tt.probe(c, 0).is_some());
        // One search later a's depth 9 counts as 5 (four plies a search of
        // age), less than c's 6 stored again in this search: a makes room.
        tt.new_search();
        tt.store(c, 0, rec(None, 0, 6, Bound::Exact));
        tt.store(b, 0, rec(None, 0, 4, Bound::Exact));
        assert!(tt.probe(a, 0).is_none() && tt.probe(b, 0).is_some() && tt.probe(c, 0).is_some());
    }

    #[test]
    fn hashfull_counts_this_searchs_entries_per_mille() {
        let mut tt = Tt::new(1);
        assert_eq!(tt.hashfull(), 0);
        for key in 0..250u64 {
            tt.store(key * 2, 0, rec(None, 0, 1, Bound::Exact));
        }
        assert_eq!(tt.hashfull(), 250);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
        tt.store(0, 0, rec(None, 0, 1, Bound::Exact));
        assert_eq!(tt.hashfull(), 1);
        tt.clear();
        assert_eq!(tt.hashfull(), 0);
        assert!(tt.probe(0, 0).is_none());
    }
}
