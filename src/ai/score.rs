//! The search's scores: the mate scores and their bounds, the deepest ply,
//! and the public form of a score.

use super::Score;

/// The score of a mate at the root; a mate `n` plies away is `MATE - n`.
pub(crate) const MATE: i32 = 30_000;
/// Scores at or beyond this are mates.
pub(crate) const MATE_BOUND: i32 = MATE - 1_000;
/// Beyond every score: the window's open ends.
pub(crate) const INF: i32 = 31_000;
/// The deepest ply the search reaches.
pub(crate) const MAX_PLY: usize = 96;

/// The score of the side to move mated at `ply`.
#[inline]
pub(crate) fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// The score of the side to move mating at `ply`.
#[inline]
pub(crate) fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// A score in the public form.
pub(crate) fn public_score(s: i32) -> Score {
    if s >= MATE_BOUND {
        Score::Mate((MATE - s + 1) / 2)
    } else if s <= -MATE_BOUND {
        Score::Mate(-(MATE + s) / 2)
    } else {
        Score::Cp(s)
    }
}
