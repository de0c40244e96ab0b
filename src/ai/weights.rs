//! The evaluation's weights (see [`super::eval::Weights`]). Written by hand
//! first; `src/bin/tune.rs` fits them to games and, with `--write`, rewrites
//! this file.

use super::eval::Weights;
use crate::engine::Variant;

pub fn defaults(variant: Variant) -> Weights {
    match variant {
        Variant::Mansindam => MANSINDAM,
        Variant::Pandemonium => PANDEMONIUM,
    }
}

/// Kinds: P N B R C M Q A K G E H T I S.
const MANSINDAM: Weights = Weights {
    value: [
        108, 384, 524, 528, 896, 860, 994, 1202, 0, 340, 508, 592, 964, 880, 1128, 0, 0, 0, 0, 0,
    ],
    pawn_rank: [-128, -128, -20, 34, -6, 36, 168, -108, 0],
    king_rank: [128, -40, -148, -158, -30, -20, 0, 40, 0],
    hand_percent: 4,
    hand_piece: -70,
    hand_kind: 103,
    mobility: 19,
    pawn_centre: 83,
    king_file: -61,
    short_centre: 132,
    short_forward: 59,
    slider_centre: 58,
    attack_base: 10,
    attack_per_1000: 3,
    check_base: 12,
    check_per_1000: 5,
    hand_threat: 3,
    weak: 6,
    shelter: 3,
    danger_divisor: 16,
    danger_cap: 1328,
    campmate_base: 150,
    campmate_square: 40,
    tempo: 12,
};

/// Kinds: P N B R F E A U V K G O H D Q W C T M.
const PANDEMONIUM: Weights = Weights {
    value: [
        -48, 294, 388, 424, 110, 426, 124, 158, 64, 0, 392, 406, 752, 752, 1008, 408, 832, 876,
        944, 0,
    ],
    pawn_rank: [-112, 232, 16, 50, 78, 124, 40, -132, -96],
    king_rank: [200, -42, -209, -192, 70, -311, -60, -60, -60],
    hand_percent: -32,
    hand_piece: 90,
    hand_kind: 151,
    mobility: 15,
    pawn_centre: 111,
    king_file: 95,
    short_centre: 48,
    short_forward: 35,
    slider_centre: 30,
    attack_base: 14,
    attack_per_1000: -5,
    check_base: 24,
    check_per_1000: -15,
    hand_threat: 7,
    weak: 22,
    shelter: 3,
    danger_divisor: 16,
    danger_cap: 1432,
    campmate_base: 0,
    campmate_square: 0,
    tempo: 12,
};
