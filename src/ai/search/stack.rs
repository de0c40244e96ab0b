//! What the search keeps for each ply of the line it is searching: one
//! [`Stack`] entry per ply, from the root (ply 0) down.

use crate::ai::score::{INF, MAX_PLY};
use crate::engine::Move;

/// Plies the stack holds: the deepest ply and the child it may look at.
pub(super) const STACK: usize = MAX_PLY + 2;

/// One ply of the line being searched.
pub(super) struct Stack {
    /// The two quiet moves that last refuted a move at this ply, the newer
    /// first.
    pub killers: [Move; 2],
    /// The piece moved from this ply and where it went (absolute square,
    /// `kind * 81 + square`); `None` for a null move.
    pub moved: Option<u16>,
    /// The static evaluation at this ply (`-INF` in check).
    pub static_eval: i32,
    /// The move a singular-extension search leaves out at this ply.
    pub excluded: Option<Move>,
    /// The move into this ply was a null move.
    pub null_move: bool,
    /// This ply's moves with their order keys, kept to avoid allocating at
    /// every node.
    pub moves: Vec<(i32, Move)>,
}

impl Stack {
    /// A stack for a search: every ply empty.
    pub fn new() -> [Stack; STACK] {
        std::array::from_fn(|_| Stack {
            killers: [Move::NULL; 2],
            moved: None,
            static_eval: -INF,
            excluded: None,
            null_move: false,
            moves: Vec::with_capacity(256),
        })
    }

    /// `m` refuted a move at this ply: it becomes the first killer.
    #[inline]
    pub fn add_killer(&mut self, m: Move) {
        if self.killers[0] != m {
            self.killers[1] = self.killers[0];
            self.killers[0] = m;
        }
    }
}
