//! Static exchange evaluation: what a move wins or loses on its square if both
//! sides then capture there, least valuable piece first, each free to stop.
//!
//! In a drop game a capture swings twice (the piece leaves the board and joins
//! the captor's hand), so a piece's exchange value is its board value plus its
//! hand value ([`Tables::see`]). Pieces that are pinned still take part (the
//! answer is an estimate, as in every engine that uses one); promotions made
//! by the exchange are not counted.

use super::eval::Tables;
use crate::engine::{Bitboard, Color, Kind, Move, Position, Square};

/// Whether `m` wins at least `threshold` (in exchange units) once the
/// exchange on its square is played out. A drop captures nothing: it is
/// judged by whether the dropped piece survives there.
pub(crate) fn see_ge(pos: &Position, t: &Tables, m: Move, threshold: i32) -> bool {
    let to = m.to();
    let us = pos.side_to_move();
    let (mover, mut occ) = match (m.from(), m.drop_kind()) {
        (Some(from), _) => {
            let Some(p) = pos.piece_at(from) else {
                return false;
            };
            (p.kind, pos.occupied() ^ from.bb())
        }
        (None, Some(kind)) => (kind, pos.occupied()),
        _ => return false,
    };
    let victim = pos.piece_at(to).map_or(0, |p| t.see[p.kind.index()]);
    // What we have won so far, less the threshold.
    let mut swap = victim - threshold;
    if swap < 0 {
        return false;
    }
    // If the mover is taken for nothing in return, is it still enough?
    swap = t.see[mover.index()] - swap;
    if swap <= 0 {
        return true;
    }
    occ |= to.bb();
    let mut attackers = both_attackers(pos, to, occ) & occ;
    let mut side = us;
    // 1 while the side that made the last capture keeps the exchange's result.
    let mut res = 1;
    loop {
        side = side.flip();
        attackers &= occ;
        let ours = attackers & pos.pieces_of(side);
        if ours.is_empty() {
            break;
        }
        res ^= 1;
        let (sq, kind) = least_valuable(pos, t, ours).expect("an attacker stands on its square");
        if pos.rules().kind(kind).royal {
            // The King may take only if nothing takes it back.
            return if (attackers & pos.pieces_of(side.flip())).any() {
                res ^ 1
            } else {
                res
            } == 1;
        }
        swap = t.see[kind.index()] - swap;
        if swap < res {
            break;
        }
        occ ^= sq.bb();
        // Lines open behind the piece that moved in.
        attackers |= both_attackers(pos, to, occ);
    }
    res == 1
}

/// The least valuable of `pieces` (by exchange value) and its kind.
pub(crate) fn least_valuable(
    pos: &Position,
    t: &Tables,
    pieces: Bitboard,
) -> Option<(Square, Kind)> {
    pieces
        .into_iter()
        .filter_map(|s| pos.piece_at(s).map(|p| (s, p.kind)))
        .min_by_key(|&(_, k)| t.see[k.index()])
}

fn both_attackers(pos: &Position, sq: Square, occ: Bitboard) -> Bitboard {
    pos.attackers_to(sq, Color::White, occ) | pos.attackers_to(sq, Color::Black, occ)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::eval;
    use crate::engine::Variant;

    /// `e1e5` or `N@e5` (Mansindam's Knight is kind 1), legal or not: the
    /// exchange does not ask.
    fn see(variant: Variant, fen: &str, mv: &str, threshold: i32) -> bool {
        let pos = Position::from_fen(variant, fen).expect("a readable FEN");
        let sq = |s: &str| Square::parse(s).expect("a square");
        let m = match mv.split_once('@') {
            Some((_, to)) => Move::drop(Kind(1), sq(to)),
            None => Move::normal(sq(&mv[..2]), sq(&mv[2..]), false),
        };
        see_ge(&pos, eval::tables(variant).at(&pos), m, threshold)
    }

    /// What the exchanges of a Mansindam position count each kind as (the
    /// values depend on the pieces in hand).
    fn values(fen: &str) -> [i32; crate::engine::MAX_KINDS] {
        let pos = Position::from_fen(Variant::Mansindam, fen).expect("a readable FEN");
        eval::tables(Variant::Mansindam).at(&pos).see
    }

    const EMPTY_HANDS: &str = "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1";

    #[test]
    fn a_free_piece_is_won_and_a_defended_one_costs_the_captor() {
        let [p, n, r] = [0, 1, 3].map(|i| values(EMPTY_HANDS)[i]);
        // White Rook e1 takes an undefended Knight on e5.
        let free = "4k4/9/9/9/4n4/9/9/9/4R3K[] w - - 0 1";
        assert!(see(Variant::Mansindam, free, "e1e5", n));
        assert!(!see(Variant::Mansindam, free, "e1e5", n + 1));
        // The same Knight defended by a Pawn on e6: Rook for Knight.
        let guarded = "4k4/9/9/4p4/4n4/9/9/9/4R3K[] w - - 0 1";
        assert!(see(Variant::Mansindam, guarded, "e1e5", n - r));
        assert!(!see(Variant::Mansindam, guarded, "e1e5", n - r + 1));
        assert!(!see(Variant::Mansindam, guarded, "e1e5", 0));
        // A second Rook behind the first (an x-ray) wins the Pawn back too.
        let battery = "4k4/9/9/4p4/4n4/9/9/4R4/4R3K[] w - - 0 1";
        assert!(see(Variant::Mansindam, battery, "e2e5", n - r + p));
        assert!(!see(Variant::Mansindam, battery, "e2e5", n - r + p + 1));
        assert!(p > 0 && n > p && r > n);
    }

    #[test]
    fn a_drop_onto_an_attacked_square_is_judged_by_what_it_loses() {
        // A Knight dropped on e5, where the black Rook on e9 takes it.
        let fen = "4rk3/9/9/9/9/9/9/9/8K[N] w - - 0 1";
        let n = values(fen)[1];
        assert!(see(Variant::Mansindam, fen, "N@e5", -n));
        assert!(!see(Variant::Mansindam, fen, "N@e5", -n + 1));
        // On d5 nothing takes it.
        assert!(see(Variant::Mansindam, fen, "N@d5", 0));
    }

    #[test]
    fn the_king_takes_only_what_is_not_defended() {
        let p = values(EMPTY_HANDS)[0];
        // The white King on e1 takes a Pawn on e2 defended by a Rook on e9.
        let defended = "4rk3/9/9/9/9/9/9/4p4/4K4[] w - - 0 1";
        assert!(!see(Variant::Mansindam, defended, "e1e2", 1));
        let alone = "5k3/9/9/9/9/9/9/4p4/4K4[] w - - 0 1";
        assert!(see(Variant::Mansindam, alone, "e1e2", p));
    }

    #[test]
    fn a_king_recaptures_only_where_nothing_takes_it_back() {
        let [p, n, r] = [0, 1, 3].map(|i| values(EMPTY_HANDS)[i]);
        // Rook e1 takes the Pawn on e8 and the black King on e9 takes it.
        let king_takes = "4k4/4p4/9/9/9/9/9/9/4R3K[] w - - 0 1";
        assert!(!see(Variant::Mansindam, king_takes, "e1e8", 0));
        assert!(see(Variant::Mansindam, king_takes, "e1e8", p - r));
        // With a second Rook behind, the King cannot take: the Pawn is won.
        let covered = "4k4/4p4/9/9/9/9/9/4R4/4R3K[] w - - 0 1";
        assert!(see(Variant::Mansindam, covered, "e2e8", p));
        assert!(!see(Variant::Mansindam, covered, "e2e8", p + 1));
        // Rook e5 takes the Knight on e2, Rook e8 takes back, and the white
        // King on d1 takes that Rook: the Knight is won...
        let once = "9/4r4/9/9/4R4/9/9/4n4/3K4k[] w - - 0 1";
        assert!(see(Variant::Mansindam, once, "e5e2", n));
        assert!(!see(Variant::Mansindam, once, "e5e2", n + 1));
        // ...unless a Queen on e9, seen once e8 has moved, defends e2 again:
        // then the King stays, and the Rook is lost for the Knight.
        let twice = "4q4/4r4/9/9/4R4/9/9/4n4/3K4k[] w - - 0 1";
        assert!(!see(Variant::Mansindam, twice, "e5e2", 0));
        assert!(see(Variant::Mansindam, twice, "e5e2", n - r));
    }
}
