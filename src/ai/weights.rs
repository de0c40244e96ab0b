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
        100, 320, 460, 600, 800, 900, 1050, 1250, 0, 420, 620, 720, 860, 960, 1080, 0, 0, 0, 0, 0,
    ],
    hand_percent: 12,
    hand_piece: 10,
    hand_kind: 15,
    mobility: 3,
    pawn_rank: [0, 0, 4, 10, 18, 28, 40, 20, 0],
    pawn_centre: 3,
    king_rank: [0, -8, -20, -30, -30, -20, 0, 40, 0],
    king_file: 3,
    short_centre: 4,
    short_forward: 3,
    slider_centre: 2,
    attack_base: 2,
    attack_per_1000: 3,
    check_base: 4,
    check_per_1000: 5,
    hand_threat: 3,
    weak: 6,
    shelter: 3,
    danger_divisor: 16,
    danger_cap: 1200,
    campmate_base: 150,
    campmate_square: 40,
    tempo: 12,
};

/// Kinds: P N B R F E A U V K G O H D Q W C T M.
const PANDEMONIUM: Weights = Weights {
    value: [
        100, 290, 460, 600, 190, 350, 160, 170, 180, 0, 400, 430, 720, 860, 1000, 520, 800, 620,
        900, 0,
    ],
    hand_percent: 12,
    hand_piece: 10,
    hand_kind: 15,
    mobility: 3,
    pawn_rank: [0, 0, 4, 10, 18, 28, 40, 20, 0],
    pawn_centre: 3,
    king_rank: [0, -10, -25, -40, -50, -55, -60, -60, -60],
    king_file: 3,
    short_centre: 4,
    short_forward: 3,
    slider_centre: 2,
    attack_base: 2,
    attack_per_1000: 3,
    check_base: 4,
    check_per_1000: 5,
    hand_threat: 3,
    weak: 6,
    shelter: 3,
    danger_divisor: 16,
    danger_cap: 1200,
    campmate_base: 0,
    campmate_square: 0,
    tempo: 12,
};
