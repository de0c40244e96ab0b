//! What the engine lab's binaries share that is not the game's: the SPRT
//! table of `lab/sprt.md` (`sprt_table`) and the puzzle set's themes and
//! check (`puzzle_set`).

pub mod puzzle_set;
pub mod sprt_table;
