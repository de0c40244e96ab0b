//! A game: a start position, the moves played, and the rules that need the
//! history (repetition, perpetual check) or end the game (mate, stalemate,
//! campmate, resignation).

use std::collections::HashMap;
use std::fmt;

use super::fen::FenError;
use super::moves::{Move, MoveList};
use super::notation::MoveError;
use super::position::{Position, Undo};
use super::types::Color;
use super::variant::{RepetitionRule, Variant};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    Checkmate,
    /// No legal move while not in check: a loss in both games.
    Stalemate,
    /// Mansindam: a King moved onto its far rank.
    Campmate,
    /// Pandemonium: the player who made a situation occur a third time lost.
    Repetition,
    /// Pandemonium: a third occurrence reached by one side checking on every move.
    PerpetualCheck,
    Resignation,
    /// A player's clock ran out (a game clock is kept outside the engine).
    Time,
}

impl Reason {
    /// Whether a player ended the game by a declaration rather than by a
    /// move (taking back the last move also takes the declaration back).
    pub const fn is_declared(self) -> bool {
        matches!(self, Reason::Resignation | Reason::Time)
    }

    pub const fn as_str(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Campmate => "campmate",
            Reason::Repetition => "repetition",
            Reason::PerpetualCheck => "perpetual check",
            Reason::Resignation => "resignation",
            Reason::Time => "time forfeit",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The end of a game. There are no draws in either game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub winner: Color,
    pub reason: Reason,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} wins by {}", self.winner, self.reason)
    }
}

impl Outcome {
    /// The PGN result string.
    pub const fn result(self) -> &'static str {
        match self.winner {
            Color::White => "1-0",
            Color::Black => "0-1",
        }
    }
}

/// Why a move was refused by [`Game::play`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    GameOver(Outcome),
    /// Mansindam: the move would make a situation occur a third time.
    IllegalRepetition(String),
    Move(MoveError),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(o) => write!(f, "the game is over: {o}"),
            PlayError::IllegalRepetition(m) => {
                write!(
                    f,
                    "{m} would repeat a position a third time, which Mansindam forbids"
                )
            }
            PlayError::Move(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

/// Why a start position and its moves do not make a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    Fen(FenError),
    /// The move with this number (from 1) cannot be played.
    Move {
        number: usize,
        error: PlayError,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Fen(e) => e.fmt(f),
            SetupError::Move { number, error } => write!(f, "move {number}: {error}"),
        }
    }
}

impl std::error::Error for SetupError {}

impl From<MoveError> for PlayError {
    fn from(e: MoveError) -> Self {
        PlayError::Move(e)
    }
}

/// One played move with what is needed to show it and take it back.
#[derive(Clone, Debug)]
struct Ply {
    mv: Move,
    undo: Undo,
    san: String,
    /// The move gave check.
    check: bool,
}

#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    plies: Vec<Ply>,
    /// Hash of the start position and of the position after every ply.
    hashes: Vec<u64>,
    /// How often each situation (hash) has occurred so far.
    seen: HashMap<u64, u32>,
    outcome: Option<Outcome>,
}

impl Game {
    pub fn new(variant: Variant) -> Game {
        Game::from_position(Position::start(variant))
    }

    pub fn from_fen(variant: Variant, fen: &str) -> Result<Game, FenError> {
        Ok(Game::from_position(Position::from_fen(variant, fen)?))
    }

    pub fn from_position(start: Position) -> Game {
        let mut game = Game {
            position: start.clone(),
            hashes: vec![start.hash()],
            seen: HashMap::from([(start.hash(), 1)]),
            start,
            plies: Vec::new(),
            outcome: None,
        };
        game.outcome = game.judge_position();
        game
    }

    /// A game from a start FEN (or the standard start) and UCI moves.
    pub fn from_uci_moves<'a>(
        variant: Variant,
        fen: Option<&str>,
        moves: impl IntoIterator<Item = &'a str>,
    ) -> Result<Game, SetupError> {
        match Game::from_uci_moves_partly(variant, fen, moves) {
            (game, None) => Ok(game),
            (_, Some(error)) => Err(error),
        }
    }

    /// As much of a game as can be set up: from the FEN (the standard start
    /// when it cannot be read), with the moves up to the first that cannot
    /// be played; and what stopped it, if anything did.
    pub fn from_uci_moves_partly<'a>(
        variant: Variant,
        fen: Option<&str>,
        moves: impl IntoIterator<Item = &'a str>,
    ) -> (Game, Option<SetupError>) {
        let mut game = match fen.map(|f| Game::from_fen(variant, f)) {
            None => Game::new(variant),
            Some(Ok(game)) => game,
            Some(Err(e)) => return (Game::new(variant), Some(SetupError::Fen(e))),
        };
        for (i, s) in moves.into_iter().enumerate() {
            let bad = |error| SetupError::Move {
                number: i + 1,
                error,
            };
            let played = match game.position.parse_uci(s) {
                Ok(m) => game.play(m).map_err(bad),
                Err(e) => Err(bad(e.into())),
            };
            if let Err(error) = played {
                return (game, Some(error));
            }
        }
        (game, None)
    }

    pub fn variant(&self) -> Variant {
        self.position.variant()
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn start_position(&self) -> &Position {
        &self.start
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.plies.iter().map(|p| p.mv)
    }

    pub fn san_moves(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.plies.iter().map(|p| p.san.as_str())
    }

    pub fn ply_count(&self) -> usize {
        self.plies.len()
    }

    /// Hashes of the start position and of the position after every ply.
    pub fn hashes(&self) -> &[u64] {
        &self.hashes
    }

    /// How many times the current situation has occurred (1 the first time).
    pub fn occurrences(&self) -> u32 {
        self.seen.get(&self.position.hash()).copied().unwrap_or(0)
    }

    /// The legal moves, with the repetition rule applied; none once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        if self.outcome.is_some() {
            return MoveList::new();
        }
        let mut list = self.position.legal_moves();
        if self.variant().rules().repetition == RepetitionRule::Illegal {
            list.retain(|m| !self.makes_third_occurrence(m));
        }
        list
    }

    fn makes_third_occurrence(&self, m: Move) -> bool {
        let mut after = self.position.clone();
        after.make_move(m);
        self.seen.get(&after.hash()).copied().unwrap_or(0) >= 2
    }

    /// Pandemonium: the outcome a legal move would cause by repetition, so a user
    /// interface can warn before it is played.
    pub fn repetition_verdict(&self, m: Move) -> Option<Outcome> {
        if self.variant().rules().repetition != RepetitionRule::Loses
            || !self.makes_third_occurrence(m)
        {
            return None;
        }
        let mut trial = self.clone();
        trial.push(m);
        trial.outcome
    }

    /// Plays a move given as UCI or SAN.
    pub fn play_str(&mut self, s: &str) -> Result<Move, PlayError> {
        if let Some(o) = self.outcome {
            return Err(PlayError::GameOver(o));
        }
        let m = self.position.parse_move(s)?;
        self.play(m)?;
        Ok(m)
    }

    /// Plays a legal move and judges the result.
    pub fn play(&mut self, m: Move) -> Result<Option<Outcome>, PlayError> {
        if let Some(o) = self.outcome {
            return Err(PlayError::GameOver(o));
        }
        if !self.position.is_legal(m) {
            return Err(PlayError::Move(MoveError::Illegal(self.position.uci(m))));
        }
        if self.variant().rules().repetition == RepetitionRule::Illegal
            && self.makes_third_occurrence(m)
        {
            return Err(PlayError::IllegalRepetition(self.position.san(m)));
        }
        self.push(m);
        Ok(self.outcome)
    }

    /// Appends a legal move and sets the outcome.
    fn push(&mut self, m: Move) {
        let san = self.position.san(m);
        let undo = self.position.make_move(m);
        let hash = self.position.hash();
        self.hashes.push(hash);
        let count = self.seen.entry(hash).or_insert(0);
        *count += 1;
        let third = *count >= 3;
        let check = self.position.in_check();
        self.plies.push(Ply {
            mv: m,
            undo,
            san,
            check,
        });
        self.outcome = if third && self.variant().rules().repetition == RepetitionRule::Loses {
            Some(self.judge_repetition())
        } else {
            self.judge_position()
        };
    }

    /// Pandemonium's verdict on a third occurrence just made by the last move.
    fn judge_repetition(&self) -> Outcome {
        let now = self.hashes.len() - 1;
        let hash = self.hashes[now];
        let first = self.hashes.iter().position(|&h| h == hash).unwrap_or(now);
        let mover = self.position.side_to_move().flip();
        // Ply k (0-based) leads from hashes[k] to hashes[k + 1]; its mover is the
        // side to move at hashes[k].
        let start_side = self.start.side_to_move();
        let mut all_checks = [true, true];
        for k in first..now {
            let side = if k % 2 == 0 {
                start_side
            } else {
                start_side.flip()
            };
            all_checks[side.index()] &= self.plies[k].check;
        }
        match all_checks {
            [true, false] => Outcome {
                winner: Color::Black,
                reason: Reason::PerpetualCheck,
            },
            [false, true] => Outcome {
                winner: Color::White,
                reason: Reason::PerpetualCheck,
            },
            _ => Outcome {
                winner: mover.flip(),
                reason: Reason::Repetition,
            },
        }
    }

    /// Mate, stalemate or campmate in the current position.
    fn judge_position(&self) -> Option<Outcome> {
        let pos = &self.position;
        let to_move = pos.side_to_move();
        if pos.campmate_over() {
            return Some(Outcome {
                winner: to_move.flip(),
                reason: Reason::Campmate,
            });
        }
        if self.legal_moves_ignoring_outcome().is_empty() {
            let reason = if pos.in_check() {
                Reason::Checkmate
            } else {
                Reason::Stalemate
            };
            return Some(Outcome {
                winner: to_move.flip(),
                reason,
            });
        }
        None
    }

    fn legal_moves_ignoring_outcome(&self) -> MoveList {
        let mut list = self.position.legal_moves();
        if self.variant().rules().repetition == RepetitionRule::Illegal {
            list.retain(|m| !self.makes_third_occurrence(m));
        }
        list
    }

    /// The side to move (or, with `color`, either side) gives up.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, PlayError> {
        self.concede(color, Reason::Resignation)
    }

    /// Takes back a resignation or a loss on time, keeping every move;
    /// `false` when the game did not end so.
    pub fn withdraw_declaration(&mut self) -> bool {
        let declared = self.outcome.is_some_and(|o| o.reason.is_declared());
        if declared {
            self.outcome = None;
        }
        declared
    }

    /// `color` lost on time (its clock, kept by the caller, ran out).
    pub fn lose_on_time(&mut self, color: Color) -> Result<Outcome, PlayError> {
        self.concede(color, Reason::Time)
    }

    fn concede(&mut self, color: Color, reason: Reason) -> Result<Outcome, PlayError> {
        if let Some(o) = self.outcome {
            return Err(PlayError::GameOver(o));
        }
        let o = Outcome {
            winner: color.flip(),
            reason,
        };
        self.outcome = Some(o);
        Ok(o)
    }

    /// Takes back the last move (and any result it caused, or a resignation).
    /// Returns the move, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        if self.outcome.is_some_and(|o| o.reason.is_declared()) {
            self.outcome = None;
        }
        let ply = self.plies.pop()?;
        let hash = self.hashes.pop().expect("one hash per ply");
        if let Some(c) = self.seen.get_mut(&hash) {
            *c -= 1;
            if *c == 0 {
                self.seen.remove(&hash);
            }
        }
        self.position.unmake_move(ply.mv, ply.undo);
        self.outcome = self.judge_position();
        Some(ply.mv)
    }

    /// The position after the first `ply` moves (0 = start).
    pub fn position_at(&self, ply: usize) -> Position {
        let mut pos = self.start.clone();
        for p in self.plies.iter().take(ply) {
            pos.make_move(p.mv);
        }
        pos
    }

    /// UCI strings of the moves played.
    pub fn uci_moves(&self) -> Vec<String> {
        let mut pos = self.start.clone();
        self.plies
            .iter()
            .map(|p| {
                let s = pos.uci(p.mv);
                pos.make_move(p.mv);
                s
            })
            .collect()
    }
}
