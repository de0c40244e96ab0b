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
        155, 211, 587, 689, 975, 950, 1143, 1206, 0, 229, 666, 949, 975, 1111, 1111, 0, 0, 0, 0, 0,
    ],
    hand_value: [
        1, 300, -126, 47, -84, -32, -212, 56, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ],
    pawn_rank: [130, 79, -8, 32, 75, 174, 146, 76, 0],
    king_rank: [-177, -78, 508, -1132, -30, -1455, 0, 40, 0],
    hand_percent: 6,
    hand_piece: -68,
    hand_kind: 6,
    mobility: 17,
    pawn_centre: -20,
    king_file: -188,
    short_centre: 52,
    short_forward: 52,
    slider_centre: 59,
    attack_base: 14,
    attack_per_1000: -8,
    check_base: 13,
    check_per_1000: -3,
    hand_threat: 3,
    hand_cross: 1,
    weak: 5,
    shelter: -4,
    danger_divisor: 15,
    danger_cap: 2232,
    danger_waiting: 400,
    hanging: 65,
    threat: 193,
    mobility_short: 33,
    flank_attack: 7,
    flank_defense: 25,
    proximity: 17,
    campmate_base: 150,
    campmate_square: 40,
    tempo: 12,
};

/// Kinds: P N B R F E A U V K G O H D Q W C T M.
const PANDEMONIUM: Weights = Weights {
    value: [
        87, 246, 443, 500, 99, 438, 88, 117, 88, 0, 198, 481, 685, 716, 1041, 442, 940, 894, 999, 0,
    ],
    hand_value: [
        -77, 193, -113, 30, 80, 8, 100, 99, 64, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ],
    pawn_rank: [-260, 154, 35, 82, 92, 129, 71, 21, -122],
    king_rank: [256, 111, 9, -242, 142, -87, -992, -992, -992],
    hand_percent: -33,
    hand_piece: 90,
    hand_kind: -3,
    mobility: 15,
    pawn_centre: -15,
    king_file: -100,
    short_centre: 35,
    short_forward: 57,
    slider_centre: 20,
    attack_base: 11,
    attack_per_1000: -5,
    check_base: 23,
    check_per_1000: -19,
    hand_threat: 7,
    hand_cross: 0,
    weak: 5,
    shelter: -2,
    danger_divisor: 15,
    danger_cap: 868,
    danger_waiting: 120,
    hanging: 48,
    threat: 68,
    mobility_short: -8,
    flank_attack: -18,
    flank_defense: 56,
    proximity: 14,
    campmate_base: 0,
    campmate_square: 0,
    tempo: 12,
};
