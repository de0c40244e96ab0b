//! What the engine lab's binaries share that is not the game's: the SPRT
//! table of `lab/sprt.md` (`sprt_table`).

pub mod sprt_table;
