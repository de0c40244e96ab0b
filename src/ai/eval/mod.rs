//! Static evaluation, in centipawns from the side to move's point of view.
//!
//! Terms ([`Term`], each a function of [`terms`]): material on the board
//! and in hand (a piece in hand is worth more than on the board: it can go
//! anywhere), promotion (through the promoted kinds' values), piece-square
//! values per variant, mobility, each piece's distance to either King,
//! pieces far from both Kings, threats, the King's flank, King danger
//! (attacked squares around the King, enemy pieces in hand that could be
//! dropped there, safe checks, own guards), in Mansindam the campmate
//! threat of a King near the far rank, and the side to move's tempo.
//!
//! The search adds the terms up ([`evaluate_with`]); UCI's `eval` prints
//! them one by one ([`trace`]), from the same code.
//!
//! Files: [`params`] (the weights' types), [`tables`] (the tables built
//! from them), [`terms`] (the terms), [`trace`] (adding them up).

mod params;
mod tables;
mod terms;
mod trace;

#[cfg(test)]
mod tests;

use crate::engine::Position;
#[cfg(test)]
use crate::engine::Variant;

#[cfg(not(target_arch = "wasm32"))]
pub use params::FULL_HANDS;
pub use params::{Taper, Weights};
pub(crate) use tables::tables;
pub use tables::{Tables, TaperedTables};
pub(crate) use terms::can_campmate;
pub use trace::{Term, Trace};

/// The evaluation of `pos` for the side to move.
#[cfg(test)]
pub(crate) fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, tables(pos.variant()).at(pos))
}

/// The evaluation of `pos` for the side to move, with the given tables:
/// the sum of its terms.
pub fn evaluate_with(pos: &Position, t: &Tables) -> i32 {
    let mut sum = trace::Sum::default();
    terms::all(pos, t, &mut sum);
    sum.for_side(pos.side_to_move())
}

/// The evaluation of `pos` term by term, with its game's tables (the
/// search's scale left at one: the caller fills it in).
pub(crate) fn trace(pos: &Position) -> Trace {
    let mut trace = Trace::new(pos.side_to_move());
    terms::all(pos, tables(pos.variant()).at(pos), &mut trace);
    trace
}
