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
        141, 213, 583, 599, 931, 900, 1081, 1170, 0, 172, 635, 792, 999, 1044, 1080, 0, 0, 0, 0, 0,
    ],
    hand_value: [
        3, 183, -149, 170, -98, -55, -171, -11, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ],
    pawn_rank: [294, -24, -6, 18, 24, 92, 164, 168, 0],
    king_rank: [532, 444, -277, -1029, -30, -891, 0, 40, 0],
    hand_percent: 12,
    hand_piece: -72,
    hand_kind: 100,
    mobility: 17,
    pawn_centre: 25,
    king_file: -190,
    short_centre: 54,
    short_forward: 68,
    slider_centre: 60,
    attack_base: 17,
    attack_per_1000: -9,
    check_base: 15,
    check_per_1000: 5,
    hand_threat: 3,
    weak: 10,
    shelter: 3,
    danger_divisor: 10,
    danger_cap: 2175,
    hanging: -130,
    threat: 102,
    mobility_short: 26,
    flank_attack: 3,
    flank_defense: 32,
    proximity: 17,
    campmate_base: 150,
    campmate_square: 40,
    tempo: 12,
};

/// Kinds: P N B R F E A U V K G O H D Q W C T M.
const PANDEMONIUM: Weights = Weights {
    value: [
        50, 236, 428, 472, 92, 416, 96, 118, 52, 0, 236, 484, 672, 672, 1004, 398, 920, 852, 998, 0,
    ],
    hand_value: [
        -132, 156, -90, 8, 20, 6, 40, 32, 30, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ],
    pawn_rank: [-74, 132, 26, 72, 46, 146, 114, 6, -266],
    king_rank: [390, 174, -43, -132, -248, -505, -558, -558, -558],
    hand_percent: -32,
    hand_piece: 90,
    hand_kind: 105,
    mobility: 15,
    pawn_centre: 65,
    king_file: -71,
    short_centre: 38,
    short_forward: 57,
    slider_centre: 10,
    attack_base: 14,
    attack_per_1000: -7,
    check_base: 24,
    check_per_1000: -15,
    hand_threat: 7,
    weak: 16,
    shelter: 3,
    danger_divisor: 16,
    danger_cap: 1244,
    hanging: -90,
    threat: 42,
    mobility_short: -8,
    flank_attack: -16,
    flank_defense: 60,
    proximity: 14,
    campmate_base: 0,
    campmate_square: 0,
    tempo: 12,
};
