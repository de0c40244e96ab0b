//! The principal variation: the line each ply of the search expects, built
//! from the children's lines as moves raise alpha.

use crate::engine::Move;

use super::stack::STACK;

/// The lines by ply: the line at `ply` fills `moves[ply][ply..len[ply]]`.
pub(super) struct PvTable {
    moves: Box<[[Move; STACK]; STACK]>,
    len: [usize; STACK],
}

impl PvTable {
    pub fn new() -> PvTable {
        PvTable {
            moves: Box::new([[Move::NULL; STACK]; STACK]),
            len: [0; STACK],
        }
    }

    /// The line at `ply` becomes empty (before the node, or a child, is searched).
    #[inline]
    pub fn clear(&mut self, ply: usize) {
        self.len[ply] = ply;
    }

    /// The line at `ply` becomes `m` and then the child's line.
    pub fn update(&mut self, ply: usize, m: Move) {
        self.moves[ply][ply] = m;
        let child_len = self.len[ply + 1];
        for j in ply + 1..child_len {
            self.moves[ply][j] = self.moves[ply + 1][j];
        }
        self.len[ply] = child_len;
    }

    /// The principal variation from the root if it starts with `m`, else
    /// `m` alone.
    pub fn root_line(&self, m: Move) -> Vec<Move> {
        let pv = &self.moves[0][..self.len[0]];
        if pv.first() == Some(&m) {
            pv.to_vec()
        } else {
            vec![m]
        }
    }
}
