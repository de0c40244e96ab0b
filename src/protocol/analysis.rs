//! The analysis board's messages: a position to analyse or a game to
//! review ([`Analyse`]), the engine's lines as they deepen ([`Analysis`]),
//! and a reviewed game ([`GameReview`]). Evaluations travel from White's
//! view, as the evaluation bar, the graph and a game record's `[%eval]`
//! show them.

#[cfg(target_arch = "wasm32")]
use serde::{Deserialize, Serialize};

use super::{MoveSpec, Player, Side};

/// How many best lines the analysis board shows.
pub const ANALYSIS_LINES: u8 = 3;

/// A position to analyse, or a game to review: the variant, the start
/// position and the moves played from it (so that repetitions count).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct Analyse {
    /// The page's number for this request, given back in every answer: an
    /// answer for another position is never shown.
    pub id: u32,
    pub variant: String,
    pub fen: String,
    pub moves: Vec<String>,
    /// How many best lines (1 to 16).
    pub lines: u8,
    /// At most this many nodes (the worker's own budget when none; a
    /// review's budget is fixed).
    pub nodes: Option<u64>,
}

/// What a reviewed game's record says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct ReviewGame {
    pub game: Analyse,
    /// For the record's tags, as the game's own record names them.
    pub players: [Player; 2],
    pub level: u8,
    /// `2026.11.24`.
    pub date: String,
}

/// An evaluation from White's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub enum Eval {
    /// Centipawns: above zero, White is better.
    Cp(i32),
    /// A forced mate in this many moves: White mates when above zero,
    /// Black when below.
    Mate(i32),
    /// The game is over there, won by this side.
    Won(Side),
}

impl Eval {
    /// The evaluation as the page writes it: `+0.35`, `-1.20`, `0.00`,
    /// `#3` (White mates in 3), `#-2` (Black mates in 2), `1-0`.
    pub fn text(self) -> String {
        match self {
            Eval::Cp(c) => {
                let sign = match c {
                    0 => "",
                    c if c > 0 => "+",
                    _ => "-",
                };
                let a = c.unsigned_abs();
                format!("{sign}{}.{:02}", a / 100, a % 100)
            }
            Eval::Mate(n) => format!("#{n}"),
            Eval::Won(Side::White) => "1-0".into(),
            Eval::Won(Side::Black) => "0-1".into(),
        }
    }

    /// White's expected score (0 to 1000), for the bar and the graph: the
    /// review's curve `1 / (1 + 10^(-cp/400))` (within 2.5), a mate as a win.
    /// (From a table: the page's wasm then needs no `powf`.)
    pub fn white_share(self) -> u32 {
        match self {
            Eval::Cp(c) => {
                let a = c.unsigned_abs();
                let (i, f) = ((a / SHARE_STEP) as usize, a % SHARE_STEP);
                let ahead = match (SHARE.get(i), SHARE.get(i + 1)) {
                    (Some(&lo), Some(&hi)) => lo + ((hi - lo) * f + SHARE_STEP / 2) / SHARE_STEP,
                    _ => 1000,
                };
                if c < 0 {
                    1000 - ahead
                } else {
                    ahead
                }
            }
            Eval::Mate(n) if n > 0 => 1000,
            Eval::Won(Side::White) => 1000,
            _ => 0,
        }
    }

    /// The same evaluation from `side`'s view, as centipawns (a mate as
    /// ±10,000 less its distance), to compare moves.
    pub fn for_side(self, side: Side) -> i32 {
        let white = match self {
            Eval::Cp(c) => c,
            Eval::Mate(n) if n > 0 => 10_000 - n,
            Eval::Mate(n) => -10_000 - n,
            Eval::Won(Side::White) => 10_000,
            Eval::Won(Side::Black) => -10_000,
        };
        match side {
            Side::White => white,
            Side::Black => -white,
        }
    }
}

/// `1000 / (1 + 10^(-cp/400))` every [`SHARE_STEP`] centipawns from 0
/// (beyond the last, 1000).
const SHARE: [u32; 29] = [
    500, 571, 640, 703, 760, 808, 849, 882, 909, 930, 947, 960, 969, 977, 983, 987, 990, 993, 994,
    996, 997, 998, 998, 999, 999, 999, 999, 1000, 1000,
];
const SHARE_STEP: u32 = 50;

/// One of the best lines.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct LineView {
    pub eval: Eval,
    /// Its first move, for the arrow and to play it.
    pub first: MoveSpec,
    /// The line in SAN, from the position analysed.
    pub san: Vec<String>,
}

/// The engine's view of a position after an iteration of its search.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct Analysis {
    /// The [`Analyse::id`] this answers.
    pub id: u32,
    pub depth: u32,
    pub nodes: u64,
    /// Best first; empty when the game is over in the position.
    pub lines: Vec<LineView>,
    /// The position's evaluation when it has no lines (a finished game).
    pub over: Option<Eval>,
    /// The search has finished: no deeper line will come.
    pub done: bool,
}

/// How bad a move was, by the expected score it gave away (thresholds in
/// `ai::review`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    pub const ALL: [Mark; 3] = [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder];

    /// The annotation a record writes after the move: `?!`, `?`, `??`.
    pub const fn suffix(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// For the page's `data-mark` attributes and class names.
    pub const fn id(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

/// One move of a reviewed game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct MoveMark {
    pub mark: Option<Mark>,
    /// The engine's move instead, when it prefers another.
    pub better: Option<MoveSpec>,
    pub better_san: Option<String>,
    /// Centipawns lost (0 to 1000).
    pub loss: u32,
}

/// One side's moves of a reviewed game, in numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct SideSummary {
    pub moves: u32,
    pub inaccuracies: u32,
    pub mistakes: u32,
    pub blunders: u32,
    /// Centipawns lost per move, on average.
    pub average_loss: u32,
}

impl SideSummary {
    pub fn count(&self, mark: Mark) -> u32 {
        match mark {
            Mark::Inaccuracy => self.inaccuracies,
            Mark::Mistake => self.mistakes,
            Mark::Blunder => self.blunders,
        }
    }
}

/// A game reviewed move by move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct GameReview {
    /// The [`Analyse::id`] this answers.
    pub id: u32,
    /// The moves reviewed (UCI), from the start position: the review belongs
    /// to this game and no other.
    pub moves: Vec<String>,
    /// Every position's evaluation, the start first (one more than moves).
    pub evals: Vec<Eval>,
    /// Every move's judgement.
    pub marks: Vec<MoveMark>,
    /// White's and Black's.
    pub summary: [SideSummary; 2],
    /// The game's record with the evaluations and marks as comments.
    pub pgn: String,
}

/// How far a review has come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct ReviewProgress {
    pub id: u32,
    /// Positions searched, of `total`.
    pub done: u32,
    pub total: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluations_read_as_the_page_writes_them() {
        assert_eq!(Eval::Cp(35).text(), "+0.35");
        assert_eq!(Eval::Cp(-120).text(), "-1.20");
        assert_eq!(Eval::Cp(-5).text(), "-0.05");
        assert_eq!(Eval::Cp(0).text(), "0.00");
        assert_eq!(Eval::Cp(1234).text(), "+12.34");
        assert_eq!(Eval::Mate(3).text(), "#3");
        assert_eq!(Eval::Mate(-2).text(), "#-2");
        assert_eq!(Eval::Won(Side::Black).text(), "0-1");
    }

    #[test]
    fn the_bar_follows_the_review_curve() {
        assert_eq!(Eval::Cp(0).white_share(), 500);
        // 10^(400/400) = 10: 1/1.1.
        assert_eq!(Eval::Cp(400).white_share(), 909);
        assert_eq!(Eval::Cp(-400).white_share(), 91);
        assert_eq!(Eval::Mate(1).white_share(), 1000);
        assert_eq!(Eval::Mate(-4).white_share(), 0);
        assert_eq!(Eval::Won(Side::White).white_share(), 1000);
        assert_eq!(Eval::Won(Side::Black).white_share(), 0);
        for cp in -4000..=4000 {
            let exact = 1000.0 / (1.0 + 10f64.powf(-f64::from(cp) / 400.0));
            let share = Eval::Cp(cp).white_share();
            assert!(
                (f64::from(share) - exact).abs() < 2.5,
                "{cp}: {share} {exact}"
            );
        }
        assert_eq!(Eval::Cp(i32::MIN).white_share(), 0);
    }

    #[test]
    fn evaluations_compare_from_either_side() {
        assert_eq!(Eval::Cp(35).for_side(Side::Black), -35);
        assert!(Eval::Mate(2).for_side(Side::White) > Eval::Mate(5).for_side(Side::White));
        assert!(Eval::Mate(-2).for_side(Side::Black) > Eval::Mate(-5).for_side(Side::Black));
        assert!(Eval::Mate(9).for_side(Side::White) > Eval::Cp(3000).for_side(Side::White));
        assert_eq!(Eval::Won(Side::Black).for_side(Side::Black), 10_000);
    }
}
