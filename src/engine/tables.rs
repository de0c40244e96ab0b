//! Board geometry shared by both games: slider rays, the squares between two
//! squares, the leaper atoms, and the Zobrist keys. Built once on first use.

use std::sync::LazyLock;

use super::types::{Bitboard, Color, Square, SQUARES};
use super::variant::{atom, MAX_HAND, MAX_KINDS};

/// Ray directions `(file, rank)`. The first four run towards higher square
/// indices, the last four towards lower ones.
const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
];
const ROOK_DIRS: [usize; 4] = [0, 1, 4, 5];
const BISHOP_DIRS: [usize; 4] = [2, 3, 6, 7];

/// Most pieces of one kind a hand can hold (both sides' Pawns in Mansindam).
pub const MAX_HAND_COUNT: usize = 18;

pub struct Geometry {
    rays: [[Bitboard; SQUARES]; 8],
    between: Box<[[Bitboard; SQUARES]; SQUARES]>,
    /// Leaper atom attacks by colour (only the Pawn step differs), atom and square.
    atom_leaps: [[[Bitboard; SQUARES]; atom::COUNT]; 2],
    rook_empty: [Bitboard; SQUARES],
    bishop_empty: [Bitboard; SQUARES],
    pub zobrist: Zobrist,
}

pub struct Zobrist {
    /// By piece code (colour * 32 + kind) and square.
    pub piece: Box<[[u64; SQUARES]; 64]>,
    /// By colour, hand kind and count.
    pub hand: [[[u64; MAX_HAND_COUNT + 1]; MAX_HAND]; 2],
    pub black_to_move: u64,
}

pub static GEO: LazyLock<Geometry> = LazyLock::new(Geometry::build);

#[inline]
pub fn geo() -> &'static Geometry {
    &GEO
}

impl Geometry {
    fn build() -> Geometry {
        let mut rays = [[Bitboard::EMPTY; SQUARES]; 8];
        for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
            for sq in Square::all() {
                let mut bb = Bitboard::EMPTY;
                let mut cur = sq;
                while let Some(next) = cur.offset(df, dr) {
                    bb |= next.bb();
                    cur = next;
                }
                rays[d][sq.index()] = bb;
            }
        }
        let mut between = Box::new([[Bitboard::EMPTY; SQUARES]; SQUARES]);
        for a in Square::all() {
            for &(df, dr) in DIRECTIONS.iter() {
                let mut cur = a;
                let mut passed = Bitboard::EMPTY;
                while let Some(b) = cur.offset(df, dr) {
                    between[a.index()][b.index()] = passed;
                    passed |= b.bb();
                    cur = b;
                }
            }
        }
        let mut atom_leaps = [[[Bitboard::EMPTY; SQUARES]; atom::COUNT]; 2];
        for color in Color::BOTH {
            for a in 0..atom::COUNT as u8 {
                for sq in Square::all() {
                    let mut bb = Bitboard::EMPTY;
                    for &(df, dr) in atom::offsets(a) {
                        let dr = if color == Color::White { dr } else { -dr };
                        if let Some(to) = sq.offset(df, dr) {
                            bb |= to.bb();
                        }
                    }
                    atom_leaps[color.index()][a as usize][sq.index()] = bb;
                }
            }
        }
        let mut rook_empty = [Bitboard::EMPTY; SQUARES];
        let mut bishop_empty = [Bitboard::EMPTY; SQUARES];
        for sq in 0..SQUARES {
            for d in ROOK_DIRS {
                rook_empty[sq] |= rays[d][sq];
            }
            for d in BISHOP_DIRS {
                bishop_empty[sq] |= rays[d][sq];
            }
        }
        Geometry {
            rays,
            between,
            atom_leaps,
            rook_empty,
            bishop_empty,
            zobrist: Zobrist::build(),
        }
    }

    #[inline]
    fn ray(&self, d: usize, sq: Square, occ: Bitboard) -> Bitboard {
        let ray = self.rays[d][sq.index()];
        let blockers = ray & occ;
        let nearest = if d < 4 {
            blockers.first()
        } else {
            blockers.last()
        };
        match nearest {
            Some(b) => ray ^ self.rays[d][b.index()],
            None => ray,
        }
    }

    #[inline]
    pub fn rook_attacks(&self, sq: Square, occ: Bitboard) -> Bitboard {
        self.ray(0, sq, occ) | self.ray(1, sq, occ) | self.ray(4, sq, occ) | self.ray(5, sq, occ)
    }

    #[inline]
    pub fn bishop_attacks(&self, sq: Square, occ: Bitboard) -> Bitboard {
        self.ray(2, sq, occ) | self.ray(3, sq, occ) | self.ray(6, sq, occ) | self.ray(7, sq, occ)
    }

    /// Slider attacks for a kind's atom set.
    #[inline]
    pub fn slider_attacks(&self, atoms: u8, sq: Square, occ: Bitboard) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        if atoms & (1 << atom::ROOK) != 0 {
            bb |= self.rook_attacks(sq, occ);
        }
        if atoms & (1 << atom::BISHOP) != 0 {
            bb |= self.bishop_attacks(sq, occ);
        }
        bb
    }

    /// The slider attacks of an atom set, from a square's Rook and Bishop
    /// attacks computed once.
    #[inline]
    pub fn pick(atoms: u8, rook: Bitboard, bishop: Bitboard) -> Bitboard {
        let has = |a: u8| atoms & (1 << a) != 0;
        match (has(atom::ROOK), has(atom::BISHOP)) {
            (true, true) => rook | bishop,
            (true, false) => rook,
            (false, true) => bishop,
            (false, false) => Bitboard::EMPTY,
        }
    }

    /// Squares strictly between two squares on a line (empty if not aligned).
    #[inline]
    pub fn between(&self, a: Square, b: Square) -> Bitboard {
        self.between[a.index()][b.index()]
    }

    /// Squares from which a leaper atom of `color` reaches `sq`.
    #[inline]
    pub fn atom_sources(&self, a: u8, color: Color, sq: Square) -> Bitboard {
        // Every atom is symmetric under a half turn, except the Pawn step, whose
        // reverse is the other colour's Pawn step.
        self.atom_leaps[color.flip().index()][a as usize][sq.index()]
    }

    #[inline]
    pub fn rook_empty(&self, sq: Square) -> Bitboard {
        self.rook_empty[sq.index()]
    }

    #[inline]
    pub fn bishop_empty(&self, sq: Square) -> Bitboard {
        self.bishop_empty[sq.index()]
    }
}

impl Zobrist {
    fn build() -> Zobrist {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            // splitmix64: fixed seed, so hashes are the same on every platform.
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let mut piece = Box::new([[0u64; SQUARES]; 64]);
        for row in piece.iter_mut() {
            for k in row.iter_mut() {
                *k = next();
            }
        }
        let mut hand = [[[0u64; MAX_HAND_COUNT + 1]; MAX_HAND]; 2];
        for side in hand.iter_mut() {
            for kind in side.iter_mut() {
                // Count 0 hashes to nothing, so an empty hand adds no key.
                for k in kind.iter_mut().skip(1) {
                    *k = next();
                }
            }
        }
        let black_to_move = next();
        const _: () = assert!(MAX_KINDS <= 32, "piece codes are colour * 32 + kind");
        Zobrist {
            piece,
            hand,
            black_to_move,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn sliders_stop_at_blockers() {
        let g = geo();
        let occ = sq("e7").bb() | sq("c5").bb();
        let rook = g.rook_attacks(sq("e5"), occ);
        assert!(rook.has(sq("e6")) && rook.has(sq("e7")) && !rook.has(sq("e8")));
        assert!(rook.has(sq("d5")) && rook.has(sq("c5")) && !rook.has(sq("b5")));
        assert_eq!(rook.count(), 2 + 4 + 4 + 2);
        assert_eq!(g.bishop_attacks(sq("a1"), Bitboard::EMPTY).count(), 8);
    }

    /// The rays from one square in different directions share no square
    /// (so the Rook's and the Bishop's attacks may join their rays with `|`
    /// or `^` alike: `.cargo/mutants.toml` excludes that mutant for it).
    #[test]
    fn rays_from_a_square_are_disjoint() {
        let g = geo();
        for i in 0..81 {
            let sq = Square::from_index(i).unwrap();
            for d in 0..8 {
                for e in d + 1..8 {
                    assert_eq!(
                        g.rays[d][sq.index()] & g.rays[e][sq.index()],
                        Bitboard::EMPTY,
                        "{sq} {d} {e}"
                    );
                }
            }
        }
    }

    /// The keys are the same on every platform and in every build (a
    /// review's result and the search's tables depend on them): the start
    /// positions' hashes, and one with pieces in hand, pinned.
    #[test]
    fn hashes_are_fixed() {
        use crate::engine::{Position, Variant};
        let hash = |v: Variant, fen: &str| Position::from_fen(v, fen).unwrap().hash();
        assert_eq!(
            Position::start(Variant::Mansindam).hash(),
            0x827c_fcb6_59b0_3218
        );
        assert_eq!(
            Position::start(Variant::Pandemonium).hash(),
            0x0b74_16e7_4aeb_8aca
        );
        assert_eq!(
            hash(
                Variant::Pandemonium,
                "4k4/9/9/9/9/9/9/9/4K4[PPbn] b - - 0 1"
            ),
            0xe4ea_d8e0_d930_9dcb
        );
    }

    #[test]
    fn between() {
        let g = geo();
        assert_eq!(g.between(sq("a1"), sq("a4")), sq("a2").bb() | sq("a3").bb());
        assert_eq!(g.between(sq("a1"), sq("b3")), Bitboard::EMPTY);
        assert_eq!(g.between(sq("e5"), sq("b2")), sq("d4").bb() | sq("c3").bb());
    }
}
