//! Moves and move lists.

use std::fmt;
use std::mem::MaybeUninit;

use super::types::{Square, SQUARES};
use super::variant::Kind;

/// A board move or a drop, packed in 16 bits:
/// bits 0–6 the destination, bits 7–13 the origin square or `81 + hand kind`
/// for a drop, bit 14 set when the move promotes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Move(u16);

const PROMOTE: u16 = 1 << 14;

impl Move {
    /// Not a move; never generated (it would go from a1 to a1).
    pub const NULL: Move = Move(0);

    #[inline]
    pub const fn normal(from: Square, to: Square, promote: bool) -> Move {
        Move(to.index() as u16 | (from.index() as u16) << 7 | if promote { PROMOTE } else { 0 })
    }

    #[inline]
    pub const fn drop(kind: Kind, to: Square) -> Move {
        Move(to.index() as u16 | (SQUARES as u16 + kind.0 as u16) << 7)
    }

    #[inline]
    pub fn to(self) -> Square {
        Square::from_index_unchecked((self.0 & 0x7f) as u32)
    }

    #[inline]
    fn origin(self) -> u16 {
        (self.0 >> 7) & 0x7f
    }

    /// The origin square of a board move; `None` for a drop.
    #[inline]
    pub fn from(self) -> Option<Square> {
        let o = self.origin();
        if (o as usize) < SQUARES {
            Some(Square::from_index_unchecked(o as u32))
        } else {
            None
        }
    }

    /// The dropped kind of a drop; `None` for a board move.
    #[inline]
    pub fn drop_kind(self) -> Option<Kind> {
        let o = self.origin() as usize;
        if o >= SQUARES {
            Some(Kind((o - SQUARES) as u8))
        } else {
            None
        }
    }

    #[inline]
    pub const fn is_drop(self) -> bool {
        ((self.0 >> 7) & 0x7f) as usize >= SQUARES
    }

    #[inline]
    pub const fn promotes(self) -> bool {
        self.0 & PROMOTE != 0
    }

    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Rebuilds a move from [`Move::bits`]; `None` for a pattern no move has.
    pub fn from_bits(bits: u16) -> Option<Move> {
        let m = Move(bits);
        let ok = bits >> 15 == 0
            && (m.0 & 0x7f) < SQUARES as u16
            && (m.origin() as usize) < SQUARES + super::variant::MAX_HAND
            && !(m.is_drop() && m.promotes());
        ok.then_some(m)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.from(), self.drop_kind()) {
            (Some(from), _) => write!(
                f,
                "{}{}{}",
                from,
                self.to(),
                if self.promotes() { "+" } else { "" }
            ),
            (None, Some(k)) => write!(f, "#{}@{}", k.0, self.to()),
            _ => f.write_str("?"),
        }
    }
}

/// Room for every legal move of any position of either game: at most 9 hand
/// kinds × 79 empty squares of drops, plus board moves.
pub const MAX_MOVES: usize = 2048;

/// A fixed-capacity list of moves that lives on the stack. Its room is
/// left unwritten until a move is pushed: the search makes a list at every
/// node, and filling 4 KB there each time cost 2 % of its time.
pub struct MoveList {
    len: usize,
    /// The first `len` are written; the rest are not read.
    moves: [MaybeUninit<Move>; MAX_MOVES],
}

impl MoveList {
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            len: 0,
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
        }
    }

    #[inline]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES);
        if self.len < MAX_MOVES {
            self.moves[self.len] = MaybeUninit::new(m);
            self.len += 1;
        }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        let written = &self.moves[..self.len];
        // SAFETY: `push` wrote each of the first `len` entries, and
        // `MaybeUninit<Move>` has the layout of `Move`.
        unsafe { &*(std::ptr::from_ref(written) as *const [Move]) }
    }

    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let m = self.as_slice()[i];
            if keep(m) {
                self.moves[j] = MaybeUninit::new(m);
                j += 1;
            }
        }
        self.len = j;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(index: usize) -> Square {
        Square::from_index(index).unwrap()
    }

    #[test]
    fn a_move_knows_whether_it_is_a_drop_and_packs_into_its_bits() {
        // The last square and the last hand kind: every field at its end.
        let (a1, i9) = (square(0), square(SQUARES - 1));
        let drop = Move::drop(Kind(8), i9);
        assert!(drop.is_drop() && !drop.promotes());
        assert_eq!(
            (drop.from(), drop.drop_kind(), drop.to()),
            (None, Some(Kind(8)), i9)
        );
        for promote in [false, true] {
            let m = Move::normal(i9, a1, promote);
            assert!(!m.is_drop());
            assert_eq!((m.from(), m.to(), m.promotes()), (Some(i9), a1, promote));
            assert_eq!(Move::from_bits(m.bits()), Some(m));
        }
        assert_eq!(Move::from_bits(drop.bits()), Some(drop));
        // A drop cannot promote; the top bit is no move's.
        assert_eq!(Move::from_bits(drop.bits() | PROMOTE), None);
        assert_eq!(Move::from_bits(1 << 15), None);
        // A square one past the board, an origin one past the last hand kind.
        assert_eq!(Move::from_bits(SQUARES as u16), None);
        let past_hand = (SQUARES + crate::engine::MAX_HAND) as u16;
        assert_eq!(Move::from_bits(past_hand << 7), None);
        assert!(Move::from_bits((past_hand - 1) << 7).is_some());
    }

    /// Debug output names the move (a failing assertion prints it).
    #[test]
    fn a_move_debug_prints_as_its_squares_or_its_drop() {
        let (a1, i9) = (square(0), square(SQUARES - 1));
        assert_eq!(format!("{:?}", Move::normal(i9, a1, true)), "i9a1+");
        assert_eq!(format!("{:?}", Move::normal(a1, i9, false)), "a1i9");
        assert_eq!(format!("{:?}", Move::drop(Kind(8), i9)), "#8@i9");
    }
}
