//! The evaluation's tables for one game, built from its weights: piece
//! values (board, hand, exchange), piece-square values, and the weights of
//! each term by kind; one set per count of pieces in hand (the taper).

use std::sync::OnceLock;

use crate::engine::{atom, Bitboard, Color, Kind, Position, Rules, Square, Variant, MAX_KINDS};

use super::params::{Taper, Weights, FULL_HANDS};

impl Taper {
    /// The defaults for `variant` (`weights.rs`), with any native override.
    pub fn of(variant: Variant) -> Taper {
        #[allow(unused_mut)]
        let mut w = crate::ai::weights::defaults(variant);
        #[cfg(not(target_arch = "wasm32"))]
        if let Ok(spec) = std::env::var("PANTHEON_EVAL") {
            w.set_all(variant, &spec);
        }
        w
    }
}

const SEE_FLOOR: i32 = 100;
const SEE_KING: i32 = 30_000;

/// The evaluation's tables for one variant, built from its weights.
pub struct Tables {
    /// Board value by kind.
    pub value: [i32; MAX_KINDS],
    /// Value of one piece of a hand kind in hand.
    pub hand: [i32; MAX_KINDS],
    /// What capturing a piece of each kind swings, for exchanges
    /// ([`super::see`]): its board value and the value it has in the captor's
    /// hand, each at least `SEE_FLOOR` (the fitted Pawn values are small or
    /// negative: its worth is in its square terms). The King's is larger
    /// than any exchange.
    pub see: [i32; MAX_KINDS],
    /// Piece-square bonus by kind and square, from White's side.
    pub(super) pst: [[i16; 81]; MAX_KINDS],
    /// Per attacked square.
    pub(super) mobility: [i32; MAX_KINDS],
    /// Weight of an attack on a square next to the enemy King.
    pub(super) king_attack: [i32; MAX_KINDS],
    /// Weight of a hand kind as a drop threat near the enemy King.
    pub(super) drop_threat: [i32; MAX_KINDS],
    /// Weight of a safe check by a kind (from the board or by a drop).
    pub(super) check_weight: [i32; MAX_KINDS],
    pub(super) slider: [bool; MAX_KINDS],
    pub(super) hand_kind: i32,
    pub(super) hand_cross: i32,
    pub(super) weak: i32,
    pub(super) shelter: i32,
    pub(super) danger_divisor: i32,
    pub(super) danger_cap: i32,
    pub(super) danger_waiting: i32,
    pub(super) hanging: i32,
    pub(super) threat: i32,
    pub(super) flank_attack: i32,
    pub(super) flank_defense: i32,
    pub(super) proximity: i32,
    /// By slider (1) or not (0), own King (0) or enemy King (1), distance.
    pub(super) near: [[[i32; 9]; 2]; 2],
    /// The King's flank by colour and King square.
    pub(super) flank: [[Bitboard; 81]; 2],
    pub(super) campmate: Option<(i32, i32)>,
    pub(super) tempo: i32,
}

impl Tables {
    pub fn build(variant: Variant, w: &Weights) -> Tables {
        let rules = variant.rules();
        let mut t = Tables {
            value: [0; MAX_KINDS],
            hand: [0; MAX_KINDS],
            see: [0; MAX_KINDS],
            pst: [[0; 81]; MAX_KINDS],
            mobility: [0; MAX_KINDS],
            king_attack: [0; MAX_KINDS],
            drop_threat: [0; MAX_KINDS],
            check_weight: [0; MAX_KINDS],
            slider: [false; MAX_KINDS],
            hand_kind: w.hand_kind,
            hand_cross: w.hand_cross,
            weak: w.weak,
            shelter: w.shelter,
            danger_divisor: w.danger_divisor.max(1),
            danger_cap: w.danger_cap,
            danger_waiting: w.danger_waiting,
            hanging: w.hanging,
            threat: w.threat,
            flank_attack: w.flank_attack,
            flank_defense: w.flank_defense,
            proximity: w.proximity,
            near: [[w.near_own, w.near_enemy], [w.slider_own, w.slider_enemy]],
            flank: [[Bitboard::EMPTY; 81]; 2],
            campmate: rules
                .campmate
                .then_some((w.campmate_base, w.campmate_square)),
            tempo: w.tempo,
        };
        for c in Color::BOTH {
            for k in Square::all() {
                t.flank[c.index()][k.index()] = flank(c, k);
            }
        }
        for (i, k) in rules.kinds.iter().enumerate() {
            let v = if k.royal { 0 } else { w.value[i] };
            t.value[i] = v;
            t.slider[i] = k.atoms & (1 << atom::ROOK | 1 << atom::BISHOP) != 0;
            t.mobility[i] = match (t.slider[i], k.royal) {
                (true, _) => w.mobility,
                (false, false) => w.mobility_short,
                (false, true) => 0,
            } + w.mobility_kind[i];
            if !k.royal {
                t.king_attack[i] = w.attack_base + v * w.attack_per_1000 / 1000;
                t.check_weight[i] = w.check_base + v * w.check_per_1000 / 1000;
            }
            if i < rules.hand_kinds {
                t.hand[i] = v + v * w.hand_percent / 100 + w.hand_piece + w.hand_value[i];
                t.drop_threat[i] = w.hand_threat * (250 + v) / 250;
            }
            for sq in Square::all() {
                t.pst[i][sq.index()] = pst(w, rules, Kind(i as u8), sq) as i16;
            }
        }
        for (i, k) in rules.kinds.iter().enumerate() {
            t.see[i] = if k.royal {
                SEE_KING
            } else {
                t.value[i].max(SEE_FLOOR) + t.hand[k.base.index()].max(SEE_FLOOR)
            };
        }
        t
    }
}

/// The flank of a King of `color` on `k`: its file and the two beside it
/// (the three nearest to the edge when it stands on one), on the five
/// ranks nearest to `color`'s side.
pub(super) fn flank(color: Color, k: Square) -> Bitboard {
    let middle = k.file().clamp(1, 7);
    let files = Bitboard::file(middle - 1) | Bitboard::file(middle) | Bitboard::file(middle + 1);
    let mut camp = Bitboard::EMPTY;
    for r in 0..5 {
        camp |= Bitboard::rank(match color {
            Color::White => r,
            Color::Black => 8 - r,
        });
    }
    files & camp
}

fn pst(w: &Weights, rules: &Rules, kind: Kind, sq: Square) -> i32 {
    let info = rules.kind(kind);
    let r = sq.rank() as usize; // White's point of view: 0 = own back rank
    let f = sq.file() as i32;
    let centre = 4 - (f - 4).abs().max((r as i32 - 4).abs()); // 0..4
    if info.royal {
        return w.king_rank[r] - w.king_file * (f - 4).abs().min(2);
    }
    if kind == rules.pawn {
        return w.pawn_rank[r]
            + if (2..=6).contains(&f) {
                w.pawn_centre
            } else {
                0
            };
    }
    if info.atoms & (1 << atom::ROOK | 1 << atom::BISHOP) != 0 {
        w.slider_centre * centre
    } else {
        w.short_centre * centre + w.short_forward * r.min(6) as i32
    }
}

/// A variant's tables for each count of pieces in both hands, up to
/// [`FULL_HANDS`] ([`Taper::at`]).
pub struct TaperedTables {
    by_hand: Vec<Tables>,
}

impl TaperedTables {
    /// Built once per game and process (`#[cold]` keeps it out of the
    /// search's hot code: inlined, it cost the native search 15 % of its
    /// speed by moving the hot loops).
    #[cold]
    pub fn build(variant: Variant, taper: &Taper) -> TaperedTables {
        TaperedTables {
            by_hand: (0..=FULL_HANDS)
                .map(|n| Tables::build(variant, &taper.at(n)))
                .collect(),
        }
    }

    /// The tables that weigh `pos`.
    #[inline]
    pub fn at(&self, pos: &Position) -> &Tables {
        &self.by_hand[pos.pieces_in_hand().min(FULL_HANDS)]
    }
}

static MANSINDAM: OnceLock<TaperedTables> = OnceLock::new();
static PANDEMONIUM: OnceLock<TaperedTables> = OnceLock::new();

pub(crate) fn tables(variant: Variant) -> &'static TaperedTables {
    let build = || TaperedTables::build(variant, &Taper::of(variant));
    match variant {
        Variant::Mansindam => MANSINDAM.get_or_init(build),
        Variant::Pandemonium => PANDEMONIUM.get_or_init(build),
    }
}
