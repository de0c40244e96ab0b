//! The computer opponent: search and evaluation on top of [`crate::engine`].
//!
//! Pure Rust with no web or operating-system dependency: time comes from a
//! clock the caller passes in (milliseconds, e.g. `performance.now()` in a web
//! worker, `Instant` natively), randomness from a seed.
//!
//! ```
//! use pantheon::ai::{level, Searcher};
//! use pantheon::engine::{Game, Variant};
//!
//! let game = Game::new(Variant::Mansindam);
//! let mut searcher = Searcher::new(16);
//! let mut limits = level(3);
//! limits.movetime_ms = None; // a seeded level without a clock is deterministic
//! let clock = || 0.0;
//! let result = searcher.search(&game, &limits, &clock, &mut |_info| {});
//! let best = result.best.expect("the game is not over");
//! assert!(game.legal_moves().contains(best));
//! ```
//!
//! * [`Searcher`] owns the transposition table and move-ordering history; keep
//!   one per game session and call [`Searcher::new_game`] between games.
//! * [`Limits`] says how long to think (depth, nodes, milliseconds) and how
//!   well ([`level`] gives the playing levels `1..=LEVELS`).
//! * Stopping: natively, [`Searcher::stop_flag`] gives an `Arc<AtomicBool>`
//!   another thread may set; in a single-threaded worker the deadline
//!   (`movetime_ms`) is the stop. A stopped search still returns a legal move.
//! * The search never returns an illegal move: it picks from
//!   [`Game::legal_moves`], which applies Mansindam's repetition rule, and it
//!   scores Pandemonium's losing repetitions as lost.

mod eval;
pub mod puzzle;
pub mod review;
mod rng;
mod score;
mod search;
mod see;
mod tt;
mod weights;

#[cfg(test)]
mod tests;

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::engine::{Game, Move, Position, Variant};

pub use eval::{Term, Trace};
pub use rng::Rng;
pub use search::Features;

/// The evaluation's weights and tables, for the tuner (`lab/src/bin/tune.rs`).
#[cfg(not(target_arch = "wasm32"))]
pub mod tuning {
    pub use super::eval::{evaluate_with, Tables, Taper, TaperedTables, Weights, FULL_HANDS};
    pub use super::weights::defaults;
}
pub use tt::MAX_TT_MB;

/// How many playing levels [`level`] knows.
pub const LEVELS: u8 = 6;

/// The table size a browser tab should use (megabytes).
pub const DEFAULT_TT_MB: usize = 32;

/// A search result's value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns (100 = one Pawn).
    Cp(i32),
    /// Mate in so many moves of the side to move (negative: it gets mated).
    /// `Mate(0)`: the side to move has already lost (the game is over).
    Mate(i32),
}

impl Score {
    /// The UCI form: `cp 35` or `mate -3`.
    pub fn uci(self) -> String {
        match self {
            Score::Cp(c) => format!("cp {c}"),
            Score::Mate(n) => format!("mate {n}"),
        }
    }

    /// The score in the units people read, Fairy-Stockfish's: centipawns
    /// such that `1 / (1 + 10^(-cp/400))` is the side to move's expected
    /// score. The search's own centipawns are larger: they are multiplied by
    /// the slope K that `tune` fits between our evaluation and Fairy-Stockfish's
    /// judgement (lab/tuning.md). Mates stay as they are.
    pub fn for_people(self, variant: Variant) -> Score {
        match self {
            Score::Cp(c) => Score::Cp(c * people_per_mille(variant) / 1000),
            mate => mate,
        }
    }

    /// A number for sorting and charts: centipawns, mates as ±100000 minus the distance.
    pub fn as_cp(self) -> i32 {
        match self {
            Score::Cp(c) => c,
            Score::Mate(n) if n > 0 => 100_000 - n,
            Score::Mate(n) => -100_000 - n,
        }
    }
}

/// K of [`Score::for_people`], per mille, for the search's centipawns: the
/// evaluation's K (`tune --passes 0` on the labelled positions of
/// `lab/data/tuning/` with the weights of 2f7303d: Mansindam 0.256,
/// Pandemonium 0.436; with the distance tables of 6d98084 it reads 0.255
/// and 0.425; the values stay, as the puzzle set was checked with them)
/// over the share of the evaluation the search counts
/// ([`search::EVAL_SCALE`], sixteenths).
const fn people_per_mille(variant: Variant) -> i32 {
    let k = match variant {
        Variant::Mansindam => 256,
        Variant::Pandemonium => 436,
    };
    k * 16 / search::EVAL_SCALE[variant as usize]
}

/// The static evaluation of `pos` term by term (UCI's `eval`), with the
/// part the search counts by `features`' scale: its `search` is the
/// static evaluation the search gives the position.
pub fn trace(pos: &Position, features: &Features) -> Trace {
    let mut trace = eval::trace(pos);
    let variant = pos.variant();
    trace.scale = features.eval_scale[variant as usize];
    trace.search = features.scaled(variant, trace.total());
    trace
}

/// Centipawns as Pawns with two decimals (`1.20`, `-0.05`), with a `+`
/// before a score not below zero when `plus`. Integer arithmetic: float
/// formatting would add some 20 KB to the worker's wasm.
pub(crate) fn pawns(cp: i32, plus: bool) -> String {
    let a = cp.unsigned_abs();
    let sign = match cp {
        c if c < 0 => "-",
        _ if plus => "+",
        _ => "",
    };
    format!("{sign}{}.{:02}", a / 100, a % 100)
}

/// For people: `+1.25`, `-0.40`, `#3` (mates in 3), `#-2` (gets mated in 2).
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Cp(c) => write!(f, "{}", pawns(c, true)),
            Score::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// What to search and how long. `Default` is unlimited: set at least one of
/// `depth`, `nodes` or `movetime_ms` (or stop the search from another thread).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Stop once this many nodes are searched (after the first iteration).
    pub nodes: Option<u64>,
    /// Hard deadline in milliseconds from the start of the search.
    pub movetime_ms: Option<f64>,
    /// Start no new iteration after this many milliseconds (defaults to
    /// `movetime_ms`); set by [`Limits::from_clock`].
    pub soft_ms: Option<f64>,
    /// Weaker play: each root move's score is shifted by a random amount in
    /// `-noise_cp..=noise_cp` before choosing (0 = always the best move), in
    /// the evaluation's centipawns: the search scales it as it scales the
    /// evaluation ([`Features::eval_scale`]).
    pub noise_cp: i32,
    /// Seeds the randomness; the same seed, position, limits without a clock
    /// and a fresh [`Searcher`] give the same move.
    pub seed: u64,
    /// How many best moves to rank, each with its line and score (analysis;
    /// 0 and 1 both mean one). The weaker levels' noise ignores it.
    pub multipv: usize,
    /// Pruning switches, for experiments.
    pub features: Features,
}

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    pub fn movetime(ms: f64) -> Limits {
        Limits {
            movetime_ms: Some(ms),
            ..Limits::default()
        }
    }

    /// Limits for a game clock: `remaining_ms` on the mover's clock, `inc_ms`
    /// added per move, `moves_to_go` until the next time control if known.
    pub fn from_clock(remaining_ms: f64, inc_ms: f64, moves_to_go: Option<u32>) -> Limits {
        let remaining = remaining_ms.max(0.0);
        let mtg = moves_to_go.unwrap_or(35).clamp(1, 50) as f64;
        // Leave a margin for the protocol and the process.
        let usable = (remaining - 50.0).max(remaining * 0.2);
        let soft = (usable / mtg + inc_ms * 0.75).min(usable * 0.4);
        let hard = (soft * 3.0).min(usable * 0.6).max(soft);
        Limits {
            movetime_ms: Some(hard.max(5.0)),
            soft_ms: Some(soft.max(2.0)),
            ..Limits::default()
        }
    }

    /// Limits for a clock with byoyomi: the main time's share as
    /// [`Limits::from_clock`] gives it, and then up to most of one period,
    /// never into the next (a period overrun is lost). Without byoyomi, as
    /// `from_clock`.
    pub fn from_byoyomi_clock(main_ms: f64, inc_ms: f64, byoyomi_ms: f64) -> Limits {
        let main = Limits::from_clock(main_ms, inc_ms, None);
        if byoyomi_ms <= 0.0 {
            return main;
        }
        let (soft, hard) = if main_ms > 0.0 {
            (main.soft_ms.unwrap_or(0.0), main.movetime_ms.unwrap_or(0.0))
        } else {
            (0.0, 0.0)
        };
        // A margin for the messages and a slow device's timer.
        let period = (byoyomi_ms - 300.0).max(byoyomi_ms * 0.5);
        Limits {
            movetime_ms: Some(hard + period * 0.9),
            soft_ms: Some(soft + period * 0.5),
            ..Limits::default()
        }
    }

    /// The same limits, tightened by `other`'s wherever it is stricter.
    pub fn tightened(mut self, other: &Limits) -> Limits {
        fn min<T: PartialOrd + Copy>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(x), Some(y)) => Some(if y < x { y } else { x }),
                (x, None) => x,
                (None, y) => y,
            }
        }
        self.depth = min(self.depth, other.depth);
        self.nodes = min(self.nodes, other.nodes);
        self.movetime_ms = min(self.movetime_ms, other.movetime_ms);
        self.soft_ms = min(self.soft_ms, other.soft_ms);
        self
    }
}

/// The limits of playing level `n` (clamped to `1..=LEVELS`): 1 is a beginner
/// who sees one move ahead and often picks a worse move, 6 thinks a few
/// seconds. Each level is node-limited, so with `movetime_ms = None` it plays
/// the same on any machine; the deadline only guards slow devices.
pub fn level(n: u8) -> Limits {
    let (depth, nodes, movetime_ms, noise_cp) = match n.clamp(1, LEVELS) {
        1 => (Some(1), None, 1_000.0, 250),
        2 => (Some(2), None, 1_000.0, 90),
        3 => (Some(3), Some(50_000), 1_500.0, 30),
        4 => (None, Some(60_000), 2_000.0, 0),
        5 => (None, Some(300_000), 3_000.0, 0),
        _ => (None, Some(1_500_000), 4_000.0, 0),
    };
    Limits {
        depth,
        nodes,
        movetime_ms: Some(movetime_ms),
        noise_cp,
        ..Limits::default()
    }
}

/// Progress of a running search, sent after every completed iteration.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    /// Which line (1 = the best; more with [`Limits::multipv`]).
    pub multipv: u32,
    pub score: Score,
    pub nodes: u64,
    pub time_ms: f64,
    pub nps: u64,
    /// Permille of the table written in this search.
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

/// The answer of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play; `None` only when the game is over.
    pub best: Option<Move>,
    /// The value for the side to move (also the hint's evaluation).
    pub score: Score,
    /// The last completed iteration.
    pub depth: u32,
    pub seldepth: u32,
    pub nodes: u64,
    pub time_ms: f64,
    /// The expected line, starting with `best`.
    pub pv: Vec<Move>,
    /// The best lines, best first ([`Limits::multipv`] of them, or fewer when
    /// there are fewer moves); the first is `score` and `pv`.
    pub lines: Vec<Line>,
}

impl SearchResult {
    /// The answer when there is no move to play (the game is over): no
    /// move, mate score 0, nothing searched.
    pub fn none() -> SearchResult {
        SearchResult {
            best: None,
            score: Score::Mate(0),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            time_ms: 0.0,
            pv: Vec::new(),
            lines: Vec::new(),
        }
    }
}

/// One of the best lines of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub score: Score,
    pub pv: Vec<Move>,
}

/// Moves as UCI strings (`e3e4`, `c6c7+`, `P@e5`), played from `pos`.
pub fn uci_line(pos: &Position, moves: &[Move]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        if !p.is_legal(m) {
            break;
        }
        out.push(p.uci(m));
        p.make_move(m);
    }
    out
}

/// Moves as SAN (`Pe4`, `Nxd5`, `P@e8#`), played from `pos`.
pub fn san_line(pos: &Position, moves: &[Move]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        if !p.is_legal(m) {
            break;
        }
        out.push(p.san(m));
        p.make_move(m);
    }
    out
}

/// The search engine. Owns the transposition table (`tt_megabytes`, at most
/// [`MAX_TT_MB`]; a browser tab should use [`DEFAULT_TT_MB`] or less).
pub struct Searcher {
    state: search::Persistent,
    stop: Arc<AtomicBool>,
}

impl Searcher {
    pub fn new(tt_megabytes: usize) -> Searcher {
        Searcher {
            state: search::Persistent::new(tt_megabytes),
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Forgets everything learnt (table, history): call between games, and
    /// before a search that must be reproducible.
    pub fn new_game(&mut self) {
        self.state.clear();
    }

    /// A flag that stops the running search when set (from another thread).
    /// [`Searcher::search`] clears it when it returns (a flag set before a
    /// search starts stops that search at once).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Searches the game's current position. `now_ms` is a clock in
    /// milliseconds (any origin); `on_info` hears about every finished
    /// iteration. Returns the best move (`None` only if the game is over),
    /// its score and line.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        now_ms: &dyn Fn() -> f64,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let stop = Arc::clone(&self.stop);
        if game.is_over() {
            self.stop.store(false, Ordering::Relaxed);
            return SearchResult::none();
        }
        let mut search = search::Search::new(game, &mut self.state, &stop, now_ms, limits);
        let result = search.run(game, limits, on_info);
        self.stop.store(false, Ordering::Relaxed);
        result
    }

    /// The best move and its evaluation for the side to move, within `movetime_ms`
    /// (for a hint button).
    pub fn hint(
        &mut self,
        game: &Game,
        movetime_ms: f64,
        now_ms: &dyn Fn() -> f64,
    ) -> SearchResult {
        self.search(game, &Limits::movetime(movetime_ms), now_ms, &mut |_| {})
    }
}
