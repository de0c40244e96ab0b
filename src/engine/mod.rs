//! The rules of Mansindam and Pandemonium: pure Rust, no I/O, no web.

mod fen;
mod game;
mod korean;
mod moves;
mod names;
mod notation;
mod pgn;
mod position;
mod tables;
mod types;
mod variant;

pub use fen::{FenError, Setup};
pub use game::{Game, Outcome, PlayError, Reason, SetupError};
pub use korean::Korean;
pub use moves::{Move, MoveList, MAX_MOVES};
pub use notation::MoveError;
pub use pgn::{read_pgn, write_pgn, write_pgn_annotated, MoveNote, PgnError, PgnHeader};
pub use position::{IllegalMove, Piece, Position, Undo};
pub use types::{Bitboard, Color, Square, FILES, RANKS, SQUARES};
pub use variant::{
    atom, Kind, KindInfo, RepetitionRule, Rules, UnknownVariant, Variant, MAX_HAND, MAX_KINDS,
};
