//! Static evaluation, in centipawns from the side to move's point of view.
//!
//! Terms: material on the board and in hand (a piece in hand is worth more than
//! on the board: it can go anywhere), promotion (through the promoted kinds'
//! values), piece-square terms per variant, slider mobility, King safety
//! (attacked squares around the King, enemy pieces in hand that could be
//! dropped there, own guards), and in Mansindam the campmate threat of a King
//! near the far rank.

use std::sync::OnceLock;

use crate::engine::{atom, Bitboard, Color, Kind, Position, Rules, Square, Variant, MAX_KINDS};

/// Evaluation weights for one variant, built once from the piece tables.
pub(crate) struct Tables {
    /// Board value by kind.
    pub value: [i32; MAX_KINDS],
    /// Value of one piece of a hand kind in hand.
    pub hand: [i32; MAX_KINDS],
    /// Piece-square bonus by kind and square, from White's side.
    pst: [[i16; 81]; MAX_KINDS],
    /// Per attacked square (sliders only).
    mobility: [i32; MAX_KINDS],
    /// Weight of an attack on a square next to the enemy King.
    king_attack: [i32; MAX_KINDS],
    /// Weight of a hand piece as a drop threat near the enemy King.
    drop_threat: [i32; MAX_KINDS],
    slider: [bool; MAX_KINDS],
    campmate: bool,
}

/// Board values (centipawns) by the kind's own letter.
fn base_value(variant: Variant, letter: char) -> i32 {
    match variant {
        Variant::Mansindam => match letter {
            'P' => 100,
            'N' => 320,
            'B' => 460,
            'R' => 600,
            'C' => 800,
            'M' => 900,
            'Q' => 1050,
            'A' => 1250,
            'G' => 420,
            'E' => 620,
            'H' => 720,
            'T' => 860,
            'I' => 960,
            'S' => 1080,
            _ => 0,
        },
        Variant::Pandemonium => match letter {
            'P' => 100,
            'N' => 290,
            'B' => 460,
            'R' => 600,
            'F' => 190,
            'E' => 350,
            'A' => 160,
            'U' => 170,
            'V' => 180,
            'G' => 400,
            'O' => 430,
            'H' => 720,
            'D' => 860,
            'Q' => 1000,
            'W' => 520,
            'C' => 800,
            'T' => 620,
            'M' => 900,
            _ => 0,
        },
    }
}

impl Tables {
    fn build(variant: Variant) -> Tables {
        let rules = variant.rules();
        let mut t = Tables {
            value: [0; MAX_KINDS],
            hand: [0; MAX_KINDS],
            pst: [[0; 81]; MAX_KINDS],
            mobility: [0; MAX_KINDS],
            king_attack: [0; MAX_KINDS],
            drop_threat: [0; MAX_KINDS],
            slider: [false; MAX_KINDS],
            campmate: rules.campmate,
        };
        for (i, k) in rules.kinds.iter().enumerate() {
            let v = base_value(variant, k.letter);
            t.value[i] = v;
            t.slider[i] = k.atoms & (1 << atom::ROOK | 1 << atom::BISHOP) != 0;
            t.mobility[i] = if t.slider[i] { params().mobility } else { 0 };
            t.king_attack[i] = if k.royal { 0 } else { 2 + v / 300 };
            if i < rules.hand_kinds {
                t.hand[i] = v + v * params().hand / 100 + 10;
                t.drop_threat[i] = 1 + v / 250;
            }
            for sq in Square::all() {
                t.pst[i][sq.index()] = pst(variant, rules, Kind(i as u8), sq) as i16;
            }
        }
        t
    }
}

fn pst(variant: Variant, rules: &Rules, kind: Kind, sq: Square) -> i32 {
    let info = rules.kind(kind);
    let r = sq.rank() as i32; // White's point of view: 0 = own back rank
    let f = sq.file() as i32;
    let centre = 4 - (f - 4).abs().max((r - 4).abs()); // 0..4
    if info.royal {
        let by_rank: [i32; 9] = match variant {
            Variant::Mansindam => [0, -8, -20, -30, -30, -20, 0, 40, 0],
            Variant::Pandemonium => [0, -10, -25, -40, -50, -55, -60, -60, -60],
        };
        return by_rank[r as usize] - 3 * (f - 4).abs().min(2);
    }
    if kind == rules.pawn {
        let by_rank = [0, 0, 4, 10, 18, 28, 40, 20, 0];
        return by_rank[r as usize] + if (2..=6).contains(&f) { 3 } else { 0 };
    }
    let slider = info.atoms & (1 << atom::ROOK | 1 << atom::BISHOP) != 0;
    if slider {
        2 * centre
    } else {
        // Short-range pieces work near the front and the centre.
        4 * centre + 3 * r.min(6)
    }
}

/// Weights that self-play tuning varies. Natively they can be overridden for
/// an experiment with `PANTHEON_EVAL="king=120,hand=20,mobility=4"` (percent of
/// the King-safety penalty, hand premium in percent of the board value,
/// centipawns per square of slider mobility); the defaults are the tuned ones.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Params {
    pub king: i32,
    pub hand: i32,
    pub mobility: i32,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            king: 100,
            hand: 12,
            mobility: 3,
        }
    }
}

static PARAMS: OnceLock<Params> = OnceLock::new();

pub(crate) fn params() -> &'static Params {
    PARAMS.get_or_init(|| {
        #[cfg(not(target_arch = "wasm32"))]
        if let Ok(spec) = std::env::var("PANTHEON_EVAL") {
            return Params::parse(&spec);
        }
        Params::default()
    })
}

impl Params {
    /// The defaults with `name=value` overrides, comma-separated (`king=150,hand=20`);
    /// unknown names and unreadable values are skipped.
    #[cfg(not(target_arch = "wasm32"))]
    fn parse(spec: &str) -> Params {
        let mut p = Params::default();
        for item in spec.split(',') {
            let Some((k, v)) = item.split_once('=') else {
                continue;
            };
            let Ok(v) = v.trim().parse::<i32>() else {
                continue;
            };
            match k.trim() {
                "king" => p.king = v,
                "hand" => p.hand = v,
                "mobility" => p.mobility = v,
                _ => {}
            }
        }
        p
    }
}

static MANSINDAM: OnceLock<Tables> = OnceLock::new();
static PANDEMONIUM: OnceLock<Tables> = OnceLock::new();

pub(crate) fn tables(variant: Variant) -> &'static Tables {
    match variant {
        Variant::Mansindam => MANSINDAM.get_or_init(|| Tables::build(variant)),
        Variant::Pandemonium => PANDEMONIUM.get_or_init(|| Tables::build(variant)),
    }
}

#[inline]
fn relative(sq: Square, c: Color) -> usize {
    match c {
        Color::White => sq.index(),
        Color::Black => (8 - sq.rank() as usize) * 9 + sq.file() as usize,
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
fn campmate_squares(pos: &Position, color: Color) -> Bitboard {
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

/// The evaluation of `pos` for the side to move.
pub(crate) fn evaluate(pos: &Position) -> i32 {
    let rules = pos.rules();
    let t = tables(rules.variant);
    let occ = pos.occupied();
    let mut score = [0i32; 2];
    // King zones (King square and its neighbours) and attack tallies on them.
    let zone = [Color::White, Color::Black].map(|c| {
        let k = pos.king(c);
        pos.attacks_from(rules.king, c, k, Bitboard::EMPTY) | k.bb()
    });
    let mut attack_units = [0i32; 2]; // against colour c's King
    let mut attackers = [0i32; 2];
    let mut guarded = [Bitboard::EMPTY; 2]; // zone squares of c guarded by c

    for c in Color::BOTH {
        let ci = c.index();
        let own = pos.pieces_of(c);
        let enemy_zone = zone[c.flip().index()];
        let own_zone = zone[ci];
        let mut s = 0;
        for sq in own {
            let Some(p) = pos.piece_at(sq) else { continue };
            let k = p.kind.index();
            s += t.value[k] + t.pst[k][relative(sq, c)] as i32;
            if rules.kind(p.kind).royal {
                continue;
            }
            let att = pos.attacks_from(p.kind, c, sq, occ);
            if t.slider[k] {
                s += t.mobility[k] * (att & !own).count() as i32;
            }
            let hits = att & enemy_zone;
            if hits.any() {
                attack_units[c.flip().index()] += t.king_attack[k] * hits.count() as i32;
                attackers[c.flip().index()] += 1;
            }
            guarded[ci] |= att & own_zone;
        }
        for kind in rules.hand_kinds() {
            let n = pos.hand(c, kind) as i32;
            if n > 0 {
                let v = t.hand[kind.index()];
                // The first piece of a kind adds the most choice.
                s += v * n + 15;
            }
        }
        score[ci] = s;
    }

    let king_scale = params().king;
    for c in Color::BOTH {
        let ci = c.index();
        let them = c.flip();
        let z = zone[ci];
        // Drop threats: enemy hand pieces and empty, unguarded squares near the King.
        let holes = (z & !occ & !guarded[ci]).count() as i32;
        let mut hand_units = 0;
        for kind in rules.hand_kinds() {
            if pos.hand(them, kind) > 0 {
                hand_units += t.drop_threat[kind.index()];
            }
        }
        let shelter = (z & pos.pieces_of(c)).count() as i32;
        let danger = attack_units[ci] * (1 + attackers[ci].min(4)) / 2 + hand_units * (2 + holes)
            - 2 * shelter
            - (z & guarded[ci]).count() as i32;
        if danger > 0 {
            score[ci] -= (danger * danger / 8).min(900) * king_scale / 100;
        }
    }

    if t.campmate {
        // A King one step from the far rank with a free square threatens to win.
        for c in Color::BOTH {
            let free = campmate_squares(pos, c);
            if free.any() {
                score[c.index()] += 150 + 40 * free.count() as i32;
            }
        }
    }

    let us = pos.side_to_move();
    score[us.index()] - score[us.flip().index()] + 12
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_are_balanced() {
        for v in Variant::ALL {
            let pos = Position::start(v);
            // Only the tempo bonus separates the sides.
            assert_eq!(evaluate(&pos), 12, "{v}");
        }
    }

    #[test]
    fn a_piece_in_hand_is_worth_more_than_on_the_board() {
        for v in Variant::ALL {
            let t = tables(v);
            for k in v.rules().hand_kinds() {
                assert!(t.hand[k.index()] > t.value[k.index()]);
            }
        }
    }
}
