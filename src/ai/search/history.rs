//! What the search learns about quiet moves across nodes and searches: the
//! history (by side, origin square or hand kind, and destination) and the
//! continuation history (by the piece moved and its square after the
//! opponent's last move and after our move before it). The killers are
//! per ply, in the [`super::stack::Stack`].

use crate::engine::{Color, Move, MAX_KINDS};

/// Rows of the history table: 81 origin squares, then one per hand kind.
const FROM_SLOTS: usize = 81 + 9;
/// The bound of every history entry.
const HISTORY_MAX: i32 = 16_384;
/// A moved piece for the continuation history: its kind and the square it
/// went to, seen from the side to move (`kind * 81 + square`).
const PIECE_TO: usize = MAX_KINDS * 81;

/// Moves a history entry of `i16` by `bonus`, less as it nears
/// ±[`HISTORY_MAX`] (so that it never leaves that range).
fn nudge(h: &mut i16, bonus: i32) {
    *h += (bonus - i32::from(*h) * bonus.abs() / HISTORY_MAX) as i16;
}

/// The move-ordering tables that live across searches.
pub(crate) struct History {
    main: Box<[[[i32; 81]; FROM_SLOTS]; 2]>,
    /// Continuation history: two planes (after the opponent's last move, after
    /// our move before it), each `PIECE_TO × PIECE_TO`.
    cont: Vec<i16>,
}

impl History {
    pub fn new() -> History {
        History {
            main: Box::new([[[0; 81]; FROM_SLOTS]; 2]),
            cont: vec![0; 2 * PIECE_TO * PIECE_TO],
        }
    }

    pub fn clear(&mut self) {
        for c in self.main.iter_mut() {
            for row in c.iter_mut() {
                row.fill(0);
            }
        }
        self.cont.fill(0);
    }

    #[inline]
    fn slot(m: Move) -> usize {
        match (m.from(), m.drop_kind()) {
            (Some(f), _) => f.index(),
            (None, Some(k)) => 81 + k.index(),
            _ => 0,
        }
    }

    /// A quiet move's order key: its history and its continuation history
    /// at `entries` ([`cont_entries`]).
    #[inline]
    pub fn key(&self, us: Color, m: Move, entries: [Option<usize>; 2]) -> i32 {
        let mut key = self.main[us.index()][Self::slot(m)][m.to().index()];
        for i in entries.into_iter().flatten() {
            key += i32::from(self.cont[i]);
        }
        key
    }

    /// Moves the history of `us`'s move `m` and its continuation history at
    /// `entries` by `bonus` (less as an entry nears the bound).
    pub fn update(&mut self, us: Color, m: Move, entries: [Option<usize>; 2], bonus: i32) {
        let h = &mut self.main[us.index()][Self::slot(m)][m.to().index()];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
        for i in entries.into_iter().flatten() {
            nudge(&mut self.cont[i], bonus);
        }
    }
}

/// A piece and square as the stack keeps them (`kind * 81 + square`), seen
/// from `us`, so that both sides share the continuation history.
#[inline]
fn relative(us: Color, pt: u16) -> usize {
    let (kind, sq) = (pt as usize / 81, pt as usize % 81);
    let sq = match us {
        Color::White => sq,
        Color::Black => (8 - sq / 9) * 9 + sq % 9,
    };
    kind * 81 + sq
}

/// Where the continuation-history rows of a node's moves begin, for `us`
/// to move after `prev`: the opponent's last move and our move before it
/// (`None` for a null move, or before the root).
#[inline]
pub(super) fn cont_rows(us: Color, prev: [Option<u16>; 2]) -> [Option<usize>; 2] {
    [0, 1].map(|plane| Some((plane * PIECE_TO + relative(us, prev[plane]?)) * PIECE_TO))
}

/// The entries of the move that moves (or drops) `piece_to` in a node's
/// continuation-history `rows` ([`cont_rows`]): each row plus the move's
/// relative piece and square.
#[inline]
pub(super) fn cont_entries(
    us: Color,
    piece_to: u16,
    rows: [Option<usize>; 2],
) -> [Option<usize>; 2] {
    let cur = relative(us, piece_to);
    rows.map(|row| row.map(|r| r + cur))
}
