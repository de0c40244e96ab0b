//! The evaluation's weights (see [`super::eval::Weights`]). Written by hand
//! first; `lab/src/bin/tune.rs` fits them to games and, with `--write`, rewrites
//! this file.

use super::eval::{Taper, Weights};
use crate::engine::Variant;

pub fn defaults(variant: Variant) -> Taper {
    match variant {
        Variant::Mansindam => Taper {
            empty: MANSINDAM,
            full: MANSINDAM_FULL,
        },
        Variant::Pandemonium => Taper {
            empty: PANDEMONIUM,
            full: PANDEMONIUM_FULL,
        },
    }
}

/// Kinds: P N B R C M Q A K G E H T I S.
const MANSINDAM: Weights = Weights {
    value: [
        97, 226, 526, 667, 944, 944, 1287, 1399, 0, 345, 681, 937, 1452, 1146, 1198, 0, 0, 0, 0, 0,
    ],
    hand_value: [
        71, 526, 75, 222, 36, 183, -269, -292, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ],
    mobility_kind: [
        52, -9, 34, 19, 4, 4, -17, -19, 0, -44, 38, 13, -63, 7, -5, 0, 0, 0, 0, 0,
    ],
    pawn_rank: [-330, -314, -65, -35, 0, 164, 114, 27, 0],
    king_rank: [-353, 10, 263, -305, 791, -1455, 0, 40, 0],
    near_own: [0, 96, -50, 8, 40, -32, 128, 42, -246],
    near_enemy: [0, 10, -60, 24, -10, 4, 0, -2, -154],
    slider_own: [0, 90, -2, 4, -48, -28, 44, 158, 62],
    slider_enemy: [0, -214, 160, 108, 102, 74, 70, 72, -16],
    hand_percent: 15,
    hand_piece: 14,
    hand_kind: -114,
    mobility: 15,
    pawn_centre: -8,
    king_file: -118,
    short_centre: 47,
    short_forward: 56,
    slider_centre: 37,
    attack_base: 5,
    attack_per_1000: -5,
    check_base: 3,
    check_per_1000: -3,
    hand_threat: 3,
    hand_cross: -4,
    weak: 2,
    shelter: -4,
    danger_divisor: 9,
    danger_cap: 2941,
    danger_waiting: 700,
    hanging: 100,
    threat: 235,
    mobility_short: 25,
    flank_attack: 32,
    flank_defense: 28,
    proximity: 4,
    campmate_base: 150,
    campmate_square: 40,
    tempo: 12,
};

/// Kinds: P N B R C M Q A K G E H T I S.
const MANSINDAM_FULL: Weights = Weights {
    value: [
        131, 332, 484, 667, 980, 1080, 1417, 1583, 0, 399, 461, 993, 1606, 986, 1198, 0, 0, 0, 0, 0,
    ],
    hand_value: [
        33, 250, 63, 260, 142, 55, -449, -106, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ],
    mobility_kind: [
        -6, -3, 22, 33, 16, 4, -19, -11, 0, 2, 4, -15, -27, 15, 29, 0, 0, 0, 0, 0,
    ],
    pawn_rank: [278, 410, 129, 9, -138, 30, -252, -157, 0],
    king_rank: [83, -306, 587, -305, 797, -1455, 0, 40, 0],
    near_own: [0, 406, 22, -86, -94, -146, 224, 696, -284],
    near_enemy: [0, -368, 34, 266, 178, 32, -4, 48, 154],
    slider_own: [0, 344, 32, 8, -128, -286, -166, -222, -170],
    slider_enemy: [0, -280, 542, 394, 60, -50, 14, 34, -42],
    hand_percent: -7,
    hand_piece: -72,
    hand_kind: -54,
    mobility: 27,
    pawn_centre: 42,
    king_file: -34,
    short_centre: 131,
    short_forward: 52,
    slider_centre: -23,
    attack_base: 9,
    attack_per_1000: -5,
    check_base: 13,
    check_per_1000: -3,
    hand_threat: 3,
    hand_cross: 2,
    weak: 12,
    shelter: -4,
    danger_divisor: 15,
    danger_cap: 3013,
    danger_waiting: 460,
    hanging: 230,
    threat: 245,
    mobility_short: 7,
    flank_attack: 84,
    flank_defense: 88,
    proximity: 10,
    campmate_base: 150,
    campmate_square: 40,
    tempo: 12,
};

/// Kinds: P N B R F E A U V K G O H D Q W C T M.
const PANDEMONIUM: Weights = Weights {
    value: [
        -38, 143, 364, 462, 90, 462, 108, 109, 90, 0, -7, 477, 715, 700, 1294, 454, 999, 979, 783,
        0,
    ],
    hand_value: [
        11, 203, -58, 28, 25, -30, 57, 67, 59, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ],
    mobility_kind: [
        68, 38, 13, 7, 30, -19, 32, 36, 24, 0, 37, -3, -9, -3, -28, 7, -13, -17, 20, 0,
    ],
    pawn_rank: [-25, 173, 66, 55, 71, 155, 96, 48, -201],
    king_rank: [214, 92, 45, -446, 581, 60, -1439, -1439, -1439],
    near_own: [0, 40, -24, -8, 0, -24, 24, 0, -64],
    near_enemy: [0, -104, 104, 56, -24, 0, 0, 16, -16],
    slider_own: [0, 24, -8, 32, -8, -64, -96, 32, 48],
    slider_enemy: [0, 104, 96, 56, -16, -24, -8, -8, -8],
    hand_percent: -38,
    hand_piece: 91,
    hand_kind: 20,
    mobility: 15,
    pawn_centre: 33,
    king_file: -66,
    short_centre: 1,
    short_forward: 37,
    slider_centre: 11,
    attack_base: 4,
    attack_per_1000: -1,
    check_base: 22,
    check_per_1000: -11,
    hand_threat: 7,
    hand_cross: 1,
    weak: 5,
    shelter: -6,
    danger_divisor: 20,
    danger_cap: 615,
    danger_waiting: 150,
    hanging: 96,
    threat: 76,
    mobility_short: 3,
    flank_attack: 21,
    flank_defense: 42,
    proximity: 11,
    campmate_base: 0,
    campmate_square: 0,
    tempo: 12,
};

/// The same as with empty hands: no set of its own has played better.
const PANDEMONIUM_FULL: Weights = PANDEMONIUM;
