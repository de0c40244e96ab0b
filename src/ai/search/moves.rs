//! The search's questions about moves: quiet or not, legal here or not
//! (a table move may come from another position), whether it gives check,
//! and the captures, promotions and checking drops of quiescence.

use crate::ai::see::{least_valuable, see_ge};
use crate::engine::{Bitboard, Color, Kind, Move, MoveList, Piece, Position, Square};

use super::Search;

/// Whether a quiet move (no capture, no promotion) gives check, known
/// before it is made: the piece attacks the enemy King from its new
/// square, or it leaves a line along which one of ours then attacks it.
/// (The side to move never attacks the enemy King now, so no piece of
/// ours attacks it after the move unless the move made it so.)
pub(crate) fn quiet_gives_check(pos: &Position, m: Move) -> bool {
    let us = pos.side_to_move();
    let ksq = pos.king(us.flip());
    let to = m.to();
    let (kind, occ) = match (m.from(), m.drop_kind()) {
        (Some(from), _) => match pos.piece_at(from) {
            Some(p) => (p.kind, pos.occupied() ^ from.bb() ^ to.bb()),
            None => return false,
        },
        (None, Some(kind)) => (kind, pos.occupied() | to.bb()),
        _ => return false,
    };
    if pos.attacks_from(kind, us, to, occ).has(ksq) {
        return true;
    }
    m.from().is_some_and(|from| {
        let (df, dr) = (
            i32::from(from.file()) - i32::from(ksq.file()),
            i32::from(from.rank()) - i32::from(ksq.rank()),
        );
        (df == 0 || dr == 0 || df.abs() == dr.abs()) && pos.attackers_to(ksq, us, occ).any()
    })
}

impl Search<'_> {
    #[inline]
    pub(super) fn is_capture(&self, m: Move) -> bool {
        !m.is_drop() && self.pos.piece_at(m.to()).is_some()
    }

    /// A quiet move neither captures nor promotes (the history tables learn
    /// from these, and the reductions and prunings of quiet moves apply).
    #[inline]
    pub(super) fn is_quiet(&self, m: Move) -> bool {
        !self.is_capture(m) && !m.promotes()
    }

    /// Pandemonium offers every promotion both ways; the promoted piece moves
    /// as the unpromoted one and more, so inside the tree the move that declines
    /// is not searched.
    #[inline]
    pub(super) fn declines_promotion(&self, m: Move) -> bool {
        if self.rules.promotion_compulsory || m.promotes() {
            return false;
        }
        let Some(from) = m.from() else { return false };
        let us = self.pos.side_to_move();
        let zone = self.rules.zone(us);
        (zone.has(from) || zone.has(m.to()))
            && self
                .pos
                .piece_at(from)
                .is_some_and(|p| self.rules.kind(p.kind).promotes_to.is_some())
    }

    /// Whether a move (from the table, maybe from another position) can be
    /// played here: right piece, reachable square, allowed promotion or drop.
    /// Whether it leaves the King attacked is checked after making it.
    pub(super) fn pseudo_legal(&self, m: Move) -> bool {
        let pos = &self.pos;
        let us = pos.side_to_move();
        let to = m.to();
        let occ = pos.occupied();
        match (m.from(), m.drop_kind()) {
            (Some(from), _) => {
                let Some(p) = pos.piece_at(from) else {
                    return false;
                };
                if p.color != us || pos.pieces_of(us).has(to) {
                    return false;
                }
                if !pos.attacks_from(p.kind, us, from, occ).has(to) {
                    return false;
                }
                let zone = self.rules.zone(us);
                let can = self.rules.kind(p.kind).promotes_to.is_some()
                    && (zone.has(from) || zone.has(to));
                if m.promotes() {
                    can
                } else {
                    !(can && self.rules.promotion_compulsory)
                }
            }
            (None, Some(kind)) => {
                if kind.index() >= self.rules.hand_kinds || pos.hand(us, kind) == 0 || occ.has(to) {
                    return false;
                }
                if kind == self.rules.pawn && self.rules.pawn_drop_limits {
                    if to.rank() == us.far_rank() {
                        return false;
                    }
                    let file = Bitboard::file(to.file());
                    let pawn = Piece {
                        color: us,
                        kind: self.rules.pawn,
                    };
                    if (file & pos.pieces_of(us)).any_on(|sq| pos.piece_at(sq) == Some(pawn)) {
                        return false;
                    }
                }
                true
            }
            _ => false,
        }
    }

    /// Whether the piece that just moved to `sq` cannot be won there by the
    /// side now to move (its least valuable attacker takes, exchange follows).
    pub(super) fn holds(&self, sq: Square) -> bool {
        let them = self.pos.side_to_move();
        let occ = self.pos.occupied();
        let t = self.tables();
        match least_valuable(&self.pos, t, self.pos.attackers_to(sq, them, occ)) {
            None => true,
            Some((from, _)) => !see_ge(&self.pos, t, Move::normal(from, sq, false), 1),
        }
    }

    /// After a pseudo-legal move of `us`: whether it left our King attacked
    /// (the move is then illegal).
    pub(super) fn left_king_attacked(&self, us: Color) -> bool {
        self.pos
            .attackers_to(self.pos.king(us), us.flip(), self.pos.occupied())
            .any()
    }

    pub(super) fn promotion_gain(&self, m: Move) -> i32 {
        if !m.promotes() {
            return 0;
        }
        let Some(p) = m.from().and_then(|f| self.pos.piece_at(f)) else {
            return 0;
        };
        match self.rules.kind(p.kind).promotes_to {
            Some(k) => {
                let value = &self.tables().value;
                value[k.index()] - value[p.kind.index()]
            }
            None => 0,
        }
    }

    /// The piece a move moves (or drops) and its square, as the stack keeps it.
    pub(super) fn piece_to(&self, m: Move) -> u16 {
        let kind = match (m.from(), m.drop_kind()) {
            (Some(from), _) => self.pos.piece_at(from).map_or(0, |p| p.kind.index()),
            (_, Some(k)) => k.index(),
            _ => 0,
        };
        (kind * 81 + m.to().index()) as u16
    }

    /// Captures (promoting when allowed), and quiet promotions at the first
    /// quiescence ply; pseudo-legal, checked after making.
    pub(super) fn noisy_moves(&self, list: &mut MoveList, promotions: bool) {
        let us = self.pos.side_to_move();
        let own = self.pos.pieces_of(us);
        let enemy = self.pos.pieces_of(us.flip());
        let occ = own | enemy;
        let zone = self.rules.zone(us);
        for from in own {
            let Some(p) = self.pos.piece_at(from) else {
                continue;
            };
            let info = self.rules.kind(p.kind);
            let att = self.pos.attacks_from(p.kind, us, from, occ) & !own;
            let caps = att & enemy;
            let can_promote = info.promotes_to.is_some();
            for to in caps {
                let promote = can_promote && (zone.has(from) || zone.has(to));
                list.push(Move::normal(from, to, promote));
            }
            if promotions && can_promote {
                let quiet_zone = if zone.has(from) {
                    att & !occ
                } else {
                    att & !occ & zone
                };
                for to in quiet_zone {
                    list.push(Move::normal(from, to, true));
                }
            }
        }
    }

    /// Drops that give check and that the opponent cannot win on their
    /// square, after the captures.
    pub(super) fn checking_drops(&self, order: &mut Vec<(i32, Move)>) {
        let us = self.pos.side_to_move();
        let them = us.flip();
        let king = self.pos.king(them);
        let occ = self.pos.occupied();
        let t = self.tables();
        for k in 0..self.rules.hand_kinds {
            let kind = Kind(k as u8);
            if self.pos.hand(us, kind) == 0 {
                continue;
            }
            // Where our piece of this kind would attack the King: where the
            // opponent's would go from the King's square (the pieces are
            // left-right symmetric).
            for sq in self.pos.attacks_from(kind, them, king, occ) & !occ {
                let m = Move::drop(kind, sq);
                if self.pseudo_legal(m) && see_ge(&self.pos, t, m, 0) {
                    order.push((-1, m));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::super::Persistent;
    use super::*;
    use crate::ai::tests::random_game_positions;
    use crate::ai::{Limits, Rng};
    use crate::engine::Variant;

    /// The table's move may come from another position (a stale entry or two
    /// positions sharing a slot), so `pseudo_legal` is asked about moves of
    /// other positions: it must accept every legal move, and a move it
    /// accepts that is not legal must be so only because it leaves the
    /// mover's King attacked (the search checks that after making it).
    #[test]
    fn a_move_from_another_position_is_played_only_if_it_could_be() {
        for v in Variant::ALL {
            // Positions of random games and every move legal in any of them,
            // also with the promotion flag turned the other way.
            let games = random_game_positions(v, &mut Rng::new(17), 6, 80);
            let mut moves = Vec::new();
            for game in &games {
                for &m in game.legal_moves().iter() {
                    moves.push(m);
                    if let Some(from) = m.from() {
                        moves.push(Move::normal(from, m.to(), !m.promotes()));
                    }
                }
            }
            moves.sort_by_key(|m| m.bits());
            moves.dedup();
            let (stop, now) = (AtomicBool::new(false), || 0.0);
            let mut p = Persistent::new(1);
            let (mut accepted, mut refused) = (0, 0);
            for game in games.iter().step_by(7) {
                let s = Search::new(game, &mut p, &stop, &now, &Limits::depth(1));
                let pos = game.position();
                let legal = pos.legal_moves();
                let us = pos.side_to_move();
                for &m in &moves {
                    let ok = s.pseudo_legal(m);
                    if legal.contains(m) {
                        assert!(ok, "{v} {}: {m:?} is legal", pos.fen());
                    } else if ok {
                        let mut after = pos.clone();
                        after.make_move(m);
                        let k = after.king(us);
                        assert!(
                            after.attackers_to(k, us.flip(), after.occupied()).any(),
                            "{v} {}: {m:?} is not legal here",
                            pos.fen()
                        );
                    }
                    if ok {
                        accepted += 1;
                    } else {
                        refused += 1;
                    }
                }
            }
            assert!(
                accepted > 1_000 && refused > 100_000,
                "{v}: {accepted} {refused}"
            );
        }
    }
}
