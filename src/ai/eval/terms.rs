//! The evaluation's terms, each a function that adds its centipawns for
//! each side into a [`Terms`] (the search's sum or the `eval` trace).

use crate::engine::{Bitboard, Color, Kind, Position, Square, MAX_KINDS};

use super::tables::Tables;
use super::trace::{SideTerms, Term, Terms};

/// What the terms after the pieces' share: the King zones (each King's
/// square and its neighbours), the squares each side's pieces but its King
/// attack (once, twice, by kind) and the attacks on each King's zone.
struct Attacks {
    zone: [Bitboard; 2],
    /// Attack weights on colour c's King zone.
    units: [i32; 2],
    /// Enemy pieces attacking colour c's King zone.
    attackers: [i32; 2],
    attacked: [Bitboard; 2],
    attacked2: [Bitboard; 2],
    reach: [[Bitboard; MAX_KINDS]; 2],
}

/// Adds every term of `pos`'s evaluation with the tables `t` into `acc`.
#[inline(always)]
pub(super) fn all<A: Terms>(pos: &Position, t: &Tables, acc: &mut A) {
    let rules = pos.rules();
    let mut a = Attacks {
        zone: [Color::White, Color::Black].map(|c| {
            let k = pos.king(c);
            pos.attacks_from(rules.king, c, k, Bitboard::EMPTY) | k.bb()
        }),
        units: [0; 2],
        attackers: [0; 2],
        attacked: [Bitboard::EMPTY; 2],
        attacked2: [Bitboard::EMPTY; 2],
        reach: [[Bitboard::EMPTY; MAX_KINDS]; 2],
    };
    for c in Color::BOTH {
        pieces(pos, t, c, &mut a, acc);
        hand(pos, t, c, acc);
    }
    threats(pos, t, &a, acc);
    for c in Color::BOTH {
        flank(pos, t, c, &a, acc);
        king_danger(pos, t, c, &a, acc);
    }
    campmate(pos, t, acc);
    acc.add(Term::Tempo, pos.side_to_move(), t.tempo);
}

/// The square `sq` of a piece of colour `c` seen from White's side.
#[inline]
fn relative(sq: Square, c: Color) -> usize {
    match c {
        Color::White => sq.index(),
        Color::Black => (8 - sq.rank() as usize) * 9 + sq.file() as usize,
    }
}

/// King steps from `a` to `b`.
#[inline]
fn steps(a: Square, b: Square) -> i32 {
    let df = (i32::from(b.file()) - i32::from(a.file())).abs();
    let dr = (i32::from(b.rank()) - i32::from(a.rank())).abs();
    df.max(dr)
}

/// The terms of colour `c`'s pieces on the board, in one pass over them:
/// material, piece squares, mobility (squares attacked, not own-occupied),
/// distance to both Kings, and pieces that attack no square next to
/// either King, by the product of those distances. The pass also fills
/// the attack maps and the attacks on the enemy King's zone.
#[inline(always)]
fn pieces<A: Terms>(pos: &Position, t: &Tables, c: Color, a: &mut Attacks, acc: &mut A) {
    let rules = pos.rules();
    let occ = pos.occupied();
    let ci = c.index();
    let ti = c.flip().index();
    let own = pos.pieces_of(c);
    let (own_king, enemy_king) = (pos.king(c), pos.king(c.flip()));
    let mut s = A::Side::default();
    for sq in own {
        let Some(p) = pos.piece_at(sq) else { continue };
        let k = p.kind.index();
        s.add(Term::Material, t.value[k]);
        s.add(Term::Squares, t.pst[k][relative(sq, c)] as i32);
        if rules.kind(p.kind).royal {
            continue;
        }
        let att = pos.attacks_from(p.kind, c, sq, occ);
        s.add(Term::Mobility, t.mobility[k] * (att & !own).count() as i32);
        let (d_own, d_enemy) = (steps(sq, own_king), steps(sq, enemy_king));
        let near = &t.near[usize::from(t.slider[k])];
        s.add(
            Term::Distance,
            near[0][d_own as usize] + near[1][d_enemy as usize],
        );
        let hits = att & a.zone[ti];
        if hits.any() {
            a.units[ti] += t.king_attack[k] * hits.count() as i32;
            a.attackers[ti] += 1;
        } else if t.proximity != 0 && (att & a.zone[ci]).is_empty() {
            s.add(Term::FarPieces, -(t.proximity * d_own * d_enemy / 4));
        }
        a.attacked2[ci] |= a.attacked[ci] & att;
        a.attacked[ci] |= att;
        a.reach[ci][k] |= att;
    }
    acc.add_side(c, s);
}

/// Colour `c`'s pieces in hand: each its hand value, and each kind held a
/// bonus.
#[inline(always)]
fn hand<A: Terms>(pos: &Position, t: &Tables, c: Color, acc: &mut A) {
    let mut s = 0;
    for kind in pos.rules().hand_kinds() {
        let n = pos.hand(c, kind) as i32;
        if n > 0 {
            s += t.hand[kind.index()] * n + t.hand_kind;
        }
    }
    acc.add(Term::Hand, c, s);
}

/// Threats of the side that just moved to the side to move's pieces (not
/// the King): pieces nothing defends, and pieces attacked by a piece worth
/// less.
#[inline(always)]
fn threats<A: Terms>(pos: &Position, t: &Tables, a: &Attacks, acc: &mut A) {
    if t.hanging == 0 && t.threat == 0 {
        return;
    }
    let rules = pos.rules();
    let us = pos.side_to_move();
    let (ui, ti) = (us.index(), us.flip().index());
    let targets = pos.pieces_of(us) & a.attacked[ti] & !pos.king(us).bb();
    let hanging = targets & !a.attacked[ui];
    let mut threats = 0;
    for sq in targets & a.attacked[ui] {
        let Some(p) = pos.piece_at(sq) else { continue };
        let v = t.value[p.kind.index()];
        threats +=
            i32::from((0..rules.kinds.len()).any(|k| t.value[k] < v && a.reach[ti][k].has(sq)));
    }
    acc.add(
        Term::Threats,
        us.flip(),
        t.hanging * hanging.count() as i32 + t.threat * threats,
    );
}

/// Colour `c`'s King flank (its file and the files beside it, on its own
/// five ranks): each square `c` attacks, against each square the enemy
/// attacks (twice for those it attacks twice).
#[inline(always)]
fn flank<A: Terms>(pos: &Position, t: &Tables, c: Color, a: &Attacks, acc: &mut A) {
    let (ci, ti) = (c.index(), c.flip().index());
    let fl = t.flank[ci][pos.king(c).index()];
    let cp = t.flank_defense * (fl & a.attacked[ci]).count() as i32
        - t.flank_attack * ((fl & a.attacked[ti]).count() + (fl & a.attacked2[ti]).count()) as i32;
    acc.add(Term::Flank, c, cp);
}

/// Colour `c`'s King danger: the enemy's attacks on its zone, safe checks
/// from the board or by drops, the enemy's pieces in hand, weak squares
/// next to it, less its shelter; quadratic, capped, and larger for the
/// King of the side that just moved (the attacker moves next).
#[inline(always)]
fn king_danger<A: Terms>(pos: &Position, t: &Tables, c: Color, a: &Attacks, acc: &mut A) {
    let rules = pos.rules();
    let occ = pos.occupied();
    let them = c.flip();
    let (ci, ti) = (c.index(), them.index());
    let ksq = pos.king(c);
    let z = a.zone[ci];
    // Squares where an enemy piece is safe from our pieces (our King
    // alone defends only the squares it touches when unsupported).
    let safe = !a.attacked[ci] & !pos.pieces_of(them) & !(z & !a.attacked[ti]);
    // Safe checks: a square from which a piece of the kind would attack the
    // King (the kind's own moves from the King's square, as all kinds are
    // left-right symmetric and each side's moves mirror the other's),
    // reached by an enemy piece of that kind or open to a drop.
    let mut checks = 0;
    let rays = pos.slider_rays(ksq, occ);
    for (i, info) in rules.kinds.iter().enumerate() {
        if info.royal {
            continue;
        }
        let board = a.reach[ti][i];
        let in_hand = i < rules.hand_kinds && pos.hand(them, Kind(i as u8)) > 0;
        if board.is_empty() && !in_hand {
            continue;
        }
        let from = pos.attacks_with_rays(Kind(i as u8), c, ksq, rays) & safe;
        if from.is_empty() {
            continue;
        }
        let weight = t.check_weight[i];
        checks += weight * (from & board).count() as i32;
        if in_hand {
            checks += weight * (from & !occ).count() as i32;
        }
    }
    // Weak squares: next to the King, attacked by the enemy, defended by
    // no piece of ours but the King.
    let weak = (z & a.attacked[ti] & !a.attacked[ci]).count() as i32;
    let mut hand_units = 0;
    let mut hand_kinds = 0;
    for kind in rules.hand_kinds() {
        if pos.hand(them, kind) > 0 {
            hand_units += t.drop_threat[kind.index()];
            hand_kinds += 1;
        }
    }
    let shelter = (z & pos.pieces_of(c)).count() as i32;
    let danger = a.units[ci] * (1 + a.attackers[ci].min(4)) / 2
        + hand_units
        + t.hand_cross * a.attackers[ci].min(4) * hand_kinds.min(4)
        + t.weak * weak
        + checks
        - t.shelter * shelter;
    if danger > 0 {
        let penalty = (danger * danger / t.danger_divisor).min(t.danger_cap);
        let penalty = if c == pos.side_to_move() {
            penalty
        } else {
            penalty * (100 + t.danger_waiting) / 100
        };
        acc.add(Term::KingDanger, c, -penalty);
    }
}

/// Mansindam: a King one step from the far rank with a free square there
/// threatens to win.
#[inline(always)]
fn campmate<A: Terms>(pos: &Position, t: &Tables, acc: &mut A) {
    if let Some((base, per_square)) = t.campmate {
        for c in Color::BOTH {
            let free = campmate_squares(pos, c);
            if free.any() {
                acc.add(Term::Campmate, c, base + per_square * free.count() as i32);
            }
        }
    }
}

/// Whether the side to move can campmate at once: a legal King move onto its
/// far rank (Mansindam).
pub(crate) fn can_campmate(pos: &Position) -> bool {
    let rules = pos.rules();
    if !rules.campmate {
        return false;
    }
    let us = pos.side_to_move();
    campmate_squares(pos, us).any()
}

/// Far-rank squares `color`'s King could step to now, unattacked.
pub(super) fn campmate_squares(pos: &Position, color: Color) -> Bitboard {
    let rules = pos.rules();
    let ksq = pos.king(color);
    let far = Bitboard::rank(color.far_rank());
    let steps =
        pos.attacks_from(rules.king, color, ksq, pos.occupied()) & far & !pos.pieces_of(color);
    if steps.is_empty() {
        return steps;
    }
    let occ = pos.occupied() ^ ksq.bb();
    let mut ok = Bitboard::EMPTY;
    for to in steps {
        if pos.attackers_to(to, color.flip(), occ).is_empty() {
            ok |= to.bb();
        }
    }
    ok
}
