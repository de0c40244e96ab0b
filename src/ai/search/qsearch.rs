//! Quiescence search: at the leaves, captures and promotions (on its first
//! ply also quiet promotions and drops that give check and hold their
//! square) until the position is quiet; in check, every evasion. It reads
//! and writes the transposition table.

use crate::ai::eval::can_campmate;
use crate::ai::score::{mate_in, mated_in, INF, MAX_PLY};
use crate::ai::see::see_ge;
use crate::ai::tt::{Bound, Record};
use crate::engine::{Move, MoveList};

use super::repetition::{game_over, Repetition};
use super::Search;

/// How deep quiescence follows evasions before it stands on the static
/// evaluation.
const MAX_EVASION_PLY: usize = 8;

impl Search<'_> {
    /// Quiescence at `ply`, its `qply`th ply (from 0).
    pub(super) fn qsearch(&mut self, alpha: i32, beta: i32, ply: usize, qply: usize) -> i32 {
        let table = self.features.qsearch_tt && ply < MAX_PLY;
        // The first ply tries more moves than the later ones: its result
        // counts as deeper.
        let depth = if qply == 0 { 0 } else { -1 };
        let key = self.pos.hash();
        let hit = if table {
            self.p.tt.probe(key, ply)
        } else {
            None
        };
        if let Some(h) = hit.filter(|h| beta - alpha == 1 && h.depth >= depth) {
            if h.decides(alpha, beta) {
                return h.score;
            }
        }
        // The static evaluation: known from the table, else computed by
        // the node and told back (for the table).
        let mut stand = hit.and_then(|h| h.eval);
        let mut buf = std::mem::take(&mut self.stack[ply].moves);
        let s = self.qsearch_node(&mut buf, alpha, beta, ply, qply, &mut stand);
        self.stack[ply].moves = buf;
        if table && !self.aborted {
            let bound = if s >= beta {
                Bound::Lower
            } else if s > alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let record = Record {
                mv: None,
                score: s,
                depth,
                bound,
                eval: stand,
                pv: false,
            };
            self.p.tt.store(key, ply, record);
        }
        s
    }

    fn qsearch_node(
        &mut self,
        order: &mut Vec<(i32, Move)>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
        stand: &mut Option<i32>,
    ) -> i32 {
        if let Some(s) = self.enter(ply) {
            return s;
        }
        if self.pos.in_check() {
            return self.evasions(order, alpha, beta, ply, qply);
        }

        if can_campmate(&self.pos) {
            return mate_in(ply + 1);
        }
        let stand = *stand.get_or_insert_with(|| self.evaluate());
        if stand >= beta {
            return stand;
        }
        if stand > alpha {
            alpha = stand;
        }
        self.noisy_order(order, stand, alpha, qply);
        order.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
        let us = self.pos.side_to_move();
        let mut best = stand;
        for &(_, m) in order.iter() {
            let undo = self.pos.make_move(m);
            // Pseudo-legal: our King must not be left attacked.
            if self.left_king_attacked(us) {
                self.pos.unmake_move(m, undo);
                continue;
            }
            let gc = self.pos.in_check();
            let rep = self.push(gc);
            let score = match rep {
                Repetition::Illegal => {
                    self.take_back(m, undo);
                    continue;
                }
                Repetition::Over(v) => -game_over(v, ply + 1),
                Repetition::No => -self.qsearch(-beta, -alpha, ply + 1, qply + 1),
            };
            self.take_back(m, undo);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// In check: every evasion, drops that block included, captures of the
    /// most valuable pieces first.
    fn evasions(
        &mut self,
        order: &mut Vec<(i32, Move)>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        let moves = self.pos.legal_moves();
        if moves.is_empty() {
            return mated_in(ply);
        }
        let mut best = -INF;
        let mut legal = 0;
        order.clear();
        let t = self.tables();
        order.extend(moves.iter().map(|&m| {
            let v = self
                .pos
                .piece_at(m.to())
                .map_or(0, |p| t.value[p.kind.index()]);
            (v - if m.is_drop() { 1 } else { 0 }, m)
        }));
        order.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
        for &(_, m) in order.iter() {
            if self.declines_promotion(m) {
                continue;
            }
            let undo = self.pos.make_move(m);
            let gc = self.pos.in_check();
            let rep = self.push(gc);
            let score = match rep {
                Repetition::Illegal => {
                    self.take_back(m, undo);
                    continue;
                }
                Repetition::Over(v) => -game_over(v, ply + 1),
                Repetition::No => {
                    if qply >= MAX_EVASION_PLY {
                        -self.evaluate()
                    } else {
                        -self.qsearch(-beta, -alpha, ply + 1, qply + 1)
                    }
                }
            };
            legal += 1;
            self.take_back(m, undo);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if legal == 0 {
            return mated_in(ply);
        }
        best
    }

    /// The moves quiescence tries, with their order keys, into `order`:
    /// captures and promotions that could reach `alpha` from the static
    /// evaluation `stand` (delta pruning) and do not lose in the exchange,
    /// by victim and attacker; on the first ply then the checking drops.
    fn noisy_order(&self, order: &mut Vec<(i32, Move)>, stand: i32, alpha: i32, qply: usize) {
        let mut list = MoveList::new();
        self.noisy_moves(&mut list, qply == 0);
        order.clear();
        let t = self.tables();
        for &m in list.iter() {
            let from = m.from().expect("board move");
            let mover = self.pos.piece_at(from).map(|p| p.kind);
            let (victim, swing) = self.pos.piece_at(m.to()).map_or((0, 0), |p| {
                let k = p.kind.index();
                (t.value[k], t.see[k])
            });
            let gain = self.promotion_gain(m);
            // Delta pruning: even winning the piece cannot reach alpha.
            let won = if self.features.delta_swing {
                swing
            } else {
                victim
            };
            let margin = if self.features.wide_delta { 400 } else { 150 };
            if stand + won + gain + margin <= alpha {
                continue;
            }
            let a = mover.map_or(0, |k| {
                if self.rules.kind(k).royal {
                    0
                } else {
                    t.value[k.index()]
                }
            });
            // Skip captures and promotions that lose in the exchange.
            if !see_ge(&self.pos, t, m, -gain) {
                continue;
            }
            order.push((victim * 8 - a / 16 + gain, m));
        }
        if self.features.qsearch_checks && qply == 0 {
            self.checking_drops(order);
        }
    }
}
