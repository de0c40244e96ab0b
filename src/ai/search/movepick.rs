//! Move ordering: the table's move first, before the others are generated;
//! then the others by their order keys, best first (a selection, one move
//! at a time, as most nodes cut after their first few moves). The keys:
//! campmate, good captures (by victim and attacker, winning or even in
//! the exchange), promotions, the killers, quiet moves by their histories,
//! and captures that lose in the exchange last.

use crate::ai::see::see_ge;
use crate::engine::{Move, MoveList};

use super::history::{cont_entries, cont_rows};
use super::Search;

/// The order key of the table's move.
pub(super) const TT_KEY: i32 = 1 << 30;
/// Order keys from this one up are captures that hold their exchange,
/// promotions and killers: moves the shallow prunings spare.
pub(super) const GOOD_KEY: i32 = 1 << 24;

/// A node's moves in order ([`MovePicker::next`]).
pub(super) struct MovePicker {
    /// The table's move, when it can be played here, still to be tried.
    pending: Option<Move>,
    /// The table's move, as the table gave it.
    tt_move: Option<Move>,
    /// The table's move when it can be played here (tried before the
    /// others, so left out of them).
    tt_first: Option<Move>,
    generated: bool,
    /// The next of the generated moves.
    i: usize,
}

impl MovePicker {
    /// The moves of a node whose table move is `tt_move` (`tt_first` when
    /// it can be played here), without `excluded`.
    pub fn new(tt_move: Option<Move>, tt_first: Option<Move>, excluded: Option<Move>) -> Self {
        MovePicker {
            pending: tt_first.filter(|&m| Some(m) != excluded),
            tt_move,
            tt_first,
            generated: false,
            i: 0,
        }
    }

    /// The next move with its order key and whether it is the table's move
    /// (still to be checked for legality); `None` when every move was given.
    /// The moves after the table's are generated and keyed into `order` on
    /// the first call that needs them.
    #[inline]
    pub fn next(
        &mut self,
        s: &Search,
        order: &mut Vec<(i32, Move)>,
        ply: usize,
    ) -> Option<(i32, Move, bool)> {
        if let Some(m) = self.pending.take() {
            return Some((TT_KEY, m, true));
        }
        if !self.generated {
            self.generated = true;
            let moves = s.pos.legal_moves();
            s.score_moves(&moves, self.tt_move, self.tt_first, ply, order);
        }
        let i = self.i;
        if i >= order.len() {
            return None;
        }
        // Selection: bring the best remaining move forward (the first of
        // equals; two plain passes run faster than one that compares and
        // branches).
        let rest = &order[i..];
        let top = rest.iter().map(|e| e.0).max().expect("a move is left");
        let bi = i + rest.iter().position(|e| e.0 == top).expect("it is there");
        order.swap(i, bi);
        self.i = i + 1;
        let (key, m) = order[i];
        Some((key, m, false))
    }
}

impl Search<'_> {
    /// Order keys for a node's moves, without `skip`.
    pub(super) fn score_moves(
        &self,
        moves: &MoveList,
        tt_move: Option<Move>,
        skip: Option<Move>,
        ply: usize,
        out: &mut Vec<(i32, Move)>,
    ) {
        out.clear();
        let us = self.pos.side_to_move();
        let king = self.rules.king;
        let rows = self.cont_rows(ply);
        let t = self.tables();
        for &m in moves.iter() {
            if Some(m) == skip {
                continue;
            }
            let key = if Some(m) == tt_move {
                TT_KEY
            } else if let Some(from) = m.from() {
                let mover = self.pos.piece_at(from).map_or(king, |p| p.kind);
                if self.rules.campmate && mover == king && m.to().rank() == us.far_rank() {
                    1 << 29
                } else if let Some(victim) = self.pos.piece_at(m.to()) {
                    let v = t.value[victim.kind.index()];
                    let a = if mover == king {
                        0
                    } else {
                        t.value[mover.index()]
                    };
                    let good = see_ge(&self.pos, t, m, 0);
                    let mvv = v * 8 - a / 16 + self.promotion_gain(m);
                    if good {
                        (1 << 26) + mvv
                    } else {
                        -GOOD_KEY + mvv
                    }
                } else if m.promotes() {
                    (1 << 25) + self.promotion_gain(m)
                } else {
                    self.quiet_order(m, ply, rows)
                }
            } else {
                self.quiet_order(m, ply, rows)
            };
            out.push((key, m));
        }
    }

    /// A quiet move's order key: the killers first, then by history;
    /// `rows` are the node's [`Self::cont_rows`].
    fn quiet_order(&self, m: Move, ply: usize, rows: [Option<usize>; 2]) -> i32 {
        let killers = &self.stack[ply].killers;
        if killers[0] == m {
            GOOD_KEY + 2
        } else if killers[1] == m {
            GOOD_KEY + 1
        } else {
            let us = self.pos.side_to_move();
            self.p.history.key(us, m, self.cont_entries(m, rows))
        }
    }

    /// Where the continuation-history rows of the moves at `ply` begin:
    /// after the opponent's last move and after our move before it.
    fn cont_rows(&self, ply: usize) -> [Option<usize>; 2] {
        if !self.features.cont_history {
            return [None, None];
        }
        let prev = [1, 2].map(|back| self.stack[ply.checked_sub(back)?].moved);
        cont_rows(self.pos.side_to_move(), prev)
    }

    /// `m`'s entries in the node's continuation-history `rows`.
    #[inline]
    fn cont_entries(&self, m: Move, rows: [Option<usize>; 2]) -> [Option<usize>; 2] {
        cont_entries(self.pos.side_to_move(), self.piece_to(m), rows)
    }

    /// A quiet move refuted the move before it at `ply` (with a history
    /// `bonus`): it becomes a killer and gains history; the quiet moves
    /// tried before it, `tried`, lose as much.
    pub(super) fn quiet_cutoff(&mut self, m: Move, tried: &[Move], ply: usize, bonus: i32) {
        self.stack[ply].add_killer(m);
        self.update_history(m, ply, bonus);
        for &q in tried {
            self.update_history(q, ply, -bonus);
        }
    }

    fn update_history(&mut self, m: Move, ply: usize, bonus: i32) {
        let us = self.pos.side_to_move();
        let entries = self.cont_entries(m, self.cont_rows(ply));
        self.p.history.update(us, m, entries, bonus);
    }
}
