//! Small `Copy` types: colours, squares and 81-square bitboards.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// Files a–i and ranks 1–9.
pub const FILES: u8 = 9;
pub const RANKS: u8 = 9;
pub const SQUARES: usize = 81;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The rank (0-based) this side's pieces move towards: 8 for White, 0 for Black.
    #[inline]
    pub const fn far_rank(self) -> u8 {
        match self {
            Color::White => RANKS - 1,
            Color::Black => 0,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A square, `0..81`, numbered rank by rank from a1 (0) to i9 (80).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square(rank * FILES + file))
        } else {
            None
        }
    }

    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// # Safety-free contract
    /// The caller guarantees `index < 81`; used only on indices taken from bitboards.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u32) -> Square {
        debug_assert!(index < SQUARES as u32);
        Square(index as u8)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The square shifted by `(df, dr)`, if it stays on the board. (Off
    /// the left or bottom edge the file or rank is negative, and as a `u8`
    /// it is 247 or more, which [`Square::new`] refuses like any other.)
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        Square::new(f as u8, r as u8)
    }

    #[inline]
    pub const fn bb(self) -> Bitboard {
        Bitboard(1u128 << self.0)
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }

    /// Parses `a1`..`i9`.
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].wrapping_sub(b'a');
        let rank = b[1].wrapping_sub(b'1');
        Square::new(file, rank)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// A set of squares. Bits 81..128 are always zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u128);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const ALL: Bitboard = Bitboard((1u128 << SQUARES) - 1);

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub const fn has(self, sq: Square) -> bool {
        self.0 >> sq.0 & 1 != 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros()))
        }
    }

    /// The highest square, if any.
    #[inline]
    pub fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(127 - self.0.leading_zeros()))
        }
    }

    /// Whether any square of the set satisfies `f`.
    pub fn any_on(self, f: impl Fn(Square) -> bool) -> bool {
        Iterator::any(&mut self.into_iter(), f)
    }

    /// All squares of one rank (0-based).
    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(0x1ffu128 << (rank as u32 * FILES as u32))
    }

    /// All squares of one file (0-based).
    pub const fn file(file: u8) -> Bitboard {
        let mut bits = 0u128;
        let mut r = 0;
        while r < RANKS {
            bits |= 1u128 << (r * FILES + file);
            r += 1;
        }
        Bitboard(bits)
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index_unchecked(self.0.trailing_zeros());
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

macro_rules! bit_ops {
    ($($tr:ident $f:ident $tra:ident $fa:ident $op:tt;)*) => {$(
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard { Bitboard(self.0 $op rhs.0) }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) { self.0 = self.0 $op rhs.0; }
        }
    )*};
}

bit_ops! {
    BitAnd bitand BitAndAssign bitand_assign &;
    BitOr bitor BitOrAssign bitor_assign |;
    BitXor bitxor BitXorAssign bitxor_assign ^;
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::ALL.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_and_a_rank_hold_their_nine_squares_and_no_other() {
        for i in 0..9u8 {
            let file: Vec<Square> = Bitboard::file(i).collect();
            let rank: Vec<Square> = Bitboard::rank(i).collect();
            assert_eq!(file.len(), 9, "file {i}");
            assert_eq!(rank.len(), 9, "rank {i}");
            assert!(file.iter().all(|s| s.file() == i));
            assert!(rank.iter().all(|s| s.rank() == i));
        }
    }

    #[test]
    fn iterating_squares_says_how_many_are_left() {
        let mut bb = Bitboard::file(4);
        assert_eq!(bb.size_hint(), (9, Some(9)));
        assert_eq!(bb.next(), Square::parse("e1"));
        assert_eq!(bb.next(), Square::parse("e2"));
        assert_eq!(bb.size_hint(), (7, Some(7)));
    }

    #[test]
    fn squares_stop_at_the_boards_edges() {
        assert_eq!(Square::from_index(80), Square::parse("i9"));
        assert_eq!(Square::from_index(81), None);
        let e5 = Square::parse("e5").unwrap();
        assert_eq!(e5.offset(-4, 4), Square::parse("a9"));
        assert_eq!(e5.offset(4, -4), Square::parse("i1"));
        for (df, dr) in [(-5, 0), (0, -5), (-5, -5), (5, 0), (0, 5), (-5, 5), (5, -5)] {
            assert_eq!(e5.offset(df, dr), None, "{df} {dr}");
        }
    }
}
