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
        117, 214, 530, 605, 926, 886, 1089, 1169, 0, 248, 604, 718, 950, 1020, 1054, 0, 0, 0, 0, 0,
    ],
    pawn_rank: [196, -33, -40, -3, 7, 87, 181, 84, 0],
    king_rank: [523, 404, -598, -608, -30, -470, 0, 40, 0],
    hand_percent: 12,
    hand_piece: -60,
    hand_kind: 94,
    hand_value: [
        17, 188, -90, 158, -97, -43, -183, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ],
    mobility: 18,
    pawn_centre: 32,
    king_file: -85,
    short_centre: 101,
    short_forward: 78,
    slider_centre: 69,
    attack_base: 19,
    attack_per_1000: -9,
    check_base: 14,
    check_per_1000: 5,
    hand_threat: 3,
    weak: 10,
    shelter: 3,
    danger_divisor: 10,
    danger_cap: 1778,
    hanging: -138,
    threat: 96,
    campmate_base: 150,
    campmate_square: 40,
    tempo: 12,
};

/// Kinds: P N B R F E A U V K G O H D Q W C T M.
const PANDEMONIUM: Weights = Weights {
    value: [
        -16, 230, 420, 416, 110, 434, 132, 142, 88, 0, 280, 478, 672, 672, 1016, 368, 920, 844,
        992, 0,
    ],
    pawn_rank: [24, 104, 16, 58, 30, 124, 64, -12, -152],
    king_rank: [312, 70, -97, -240, -66, -447, -196, -196, -196],
    hand_percent: -32,
    hand_piece: 82,
    hand_kind: 127,
    hand_value: [
        -96, 128, -104, 24, -8, -16, -8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ],
    mobility: 15,
    pawn_centre: 95,
    king_file: 55,
    short_centre: 40,
    short_forward: 35,
    slider_centre: 6,
    attack_base: 14,
    attack_per_1000: -13,
    check_base: 24,
    check_per_1000: -15,
    hand_threat: 7,
    weak: 30,
    shelter: 3,
    danger_divisor: 16,
    danger_cap: 1488,
    hanging: -80,
    threat: 48,
    campmate_base: 0,
    campmate_square: 0,
    tempo: 12,
};
