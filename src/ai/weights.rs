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
        107, 240, 472, 667, 944, 944, 1367, 1527, 0, 339, 539, 941, 1366, 1062, 1154, 0, 0, 0, 0, 0,
    ],
    hand_value: [
        61, 344, 41, 88, 18, 81, -441, -248, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ],
    mobility_kind: [
        80, -9, 32, 23, 4, 4, -25, -25, 0, -30, 12, 1, -39, 7, 7, 0, 0, 0, 0, 0,
    ],
    pawn_rank: [-100, 32, -69, -49, -2, 126, 116, 205, 0],
    king_rank: [-127, -80, 321, -683, 419, -1455, 0, 40, 0],
    near_own: [0, 108, -24, 4, 18, -58, 150, 342, -364],
    near_enemy: [0, -320, -30, 48, -6, 6, 0, 4, -38],
    slider_own: [0, 60, -20, -12, -50, -80, 0, -18, -70],
    slider_enemy: [0, -364, 258, 110, 58, 36, 18, 40, -16],
    hand_percent: 5,
    hand_piece: -80,
    hand_kind: -6,
    mobility: 15,
    pawn_centre: -20,
    king_file: -168,
    short_centre: 73,
    short_forward: 58,
    slider_centre: 41,
    attack_base: 9,
    attack_per_1000: -5,
    check_base: 13,
    check_per_1000: -3,
    hand_threat: 3,
    hand_cross: 2,
    weak: 8,
    shelter: -4,
    danger_divisor: 15,
    danger_cap: 2681,
    danger_waiting: 400,
    hanging: 96,
    threat: 189,
    mobility_short: 23,
    flank_attack: 42,
    flank_defense: 46,
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
