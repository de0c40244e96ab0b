//! The worker's side of the game: the engine's [`Game`] (the single source of
//! truth), who plays each side, and the snapshots the page shows.
//!
//! Plain Rust with no web dependency, so it is tested natively; the worker
//! entry (`src/bin/worker.rs`) only moves messages in and out.

use std::str::FromStr;

use crate::engine::{Color, Game, Move, Outcome, Reason, Square, Variant};
use crate::protocol::{
    EndReason, Ending, KindView, MoveSpec, MoveView, NewGame, PieceView, Player, Request, Side,
    Snapshot,
};

use super::opponent;

/// How long the computer thinks about a move, in milliseconds.
pub const THINK_MS: f64 = 1000.0;

pub struct Session {
    game: Game,
    players: [Player; 2],
    game_id: u32,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// Mansindam, a human with White against the computer.
    pub fn new() -> Session {
        Session {
            game: Game::new(Variant::Mansindam),
            players: [Player::Human, Player::Computer],
            game_id: 0,
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Carries out a request. On an error the game is unchanged.
    pub fn handle(&mut self, request: Request) -> Result<(), String> {
        match request {
            Request::NewGame(new) => self.new_game(new),
            Request::Play(spec) => self.play(spec),
            Request::Resign(side) => {
                if self.players[side.index()] != Player::Human {
                    return Err("only a human player can resign".into());
                }
                self.game
                    .resign(color(side))
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            }
            Request::TakeBack => self.take_back(),
        }
    }

    fn new_game(&mut self, new: NewGame) -> Result<(), String> {
        let variant = Variant::from_str(&new.variant).map_err(|e| e.to_string())?;
        let fen = new.fen.as_deref().filter(|f| !f.trim().is_empty());
        let game = Game::from_uci_moves(variant, fen, new.moves.iter().map(String::as_str))?;
        self.game = game;
        self.players = new.players;
        self.game_id = self.game_id.wrapping_add(1);
        Ok(())
    }

    fn play(&mut self, spec: MoveSpec) -> Result<(), String> {
        if !self.human_to_move() {
            return Err("it is not a human player's turn".into());
        }
        let m = self
            .game
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| spec_of(m) == spec)
            .ok_or("that move is not legal here")?;
        self.game.play(m).map(|_| ()).map_err(|e| e.to_string())
    }

    fn take_back(&mut self) -> Result<(), String> {
        if !self.players.contains(&Player::Human) {
            return Err("no human player".into());
        }
        if matches!(self.game.outcome(), Some(o) if o.reason == Reason::Resignation) {
            // Undo the resignation only, keeping every move.
            let fen = self.game.start_position().fen();
            let moves = self.game.uci_moves();
            self.game = Game::from_uci_moves(
                self.game.variant(),
                Some(&fen),
                moves.iter().map(String::as_str),
            )?;
            return Ok(());
        }
        if self.game.ply_count() == 0 {
            return Err("no move to take back".into());
        }
        self.game.undo();
        while self.game.ply_count() > 0 && self.player_to_move() == Player::Computer {
            self.game.undo();
        }
        Ok(())
    }

    fn player_to_move(&self) -> Player {
        self.players[side(self.game.position().side_to_move()).index()]
    }

    pub fn human_to_move(&self) -> bool {
        !self.game.is_over() && self.player_to_move() == Player::Human
    }

    pub fn computer_to_move(&self) -> bool {
        !self.game.is_over() && self.player_to_move() == Player::Computer
    }

    /// Lets the computer play its move, if it is its turn. Returns the move.
    pub fn play_computer(&mut self, now: &dyn Fn() -> f64, budget_ms: f64) -> Option<Move> {
        if !self.computer_to_move() {
            return None;
        }
        let choice = opponent::choose_move(&self.game, now, budget_ms)?;
        self.game.play(choice.mv).ok()?;
        Some(choice.mv)
    }

    /// Everything the page shows. `thinking`: the computer is about to move.
    pub fn snapshot(&self) -> Snapshot {
        let pos = self.game.position();
        let rules = pos.rules();
        let kinds = rules
            .kinds
            .iter()
            .map(|k| KindView {
                letter: k.letter,
                name: k.name.to_string(),
                promoted: k.promoted,
                promotes_to: k.promotes_to.map(|p| p.index() as u8),
            })
            .collect();
        let board = Square::all()
            .map(|sq| {
                pos.piece_at(sq).map(|p| PieceView {
                    side: side(p.color),
                    kind: p.kind.index() as u8,
                })
            })
            .collect();
        let hands = [Color::White, Color::Black]
            .map(|c| rules.hand_kinds().map(|k| pos.hand(c, k)).collect());
        let moves = if self.human_to_move() {
            self.game
                .legal_moves()
                .iter()
                .map(|&m| MoveView {
                    spec: spec_of(m),
                    ends_game: self.game.repetition_verdict(m).map(ending),
                })
                .collect()
        } else {
            Vec::new()
        };
        let to_move = pos.side_to_move();
        Snapshot {
            game_id: self.game_id,
            variant: self.game.variant().id().to_string(),
            variant_name: self.game.variant().name().to_string(),
            kinds,
            hand_kinds: rules.hand_kinds as u8,
            board,
            hands,
            to_move: side(to_move),
            moves,
            last_move: self
                .game
                .moves()
                .last()
                .map(|m| (m.from().map(|s| s.index() as u8), m.to().index() as u8)),
            check: pos.in_check().then(|| pos.king(to_move).index() as u8),
            san: self.game.san_moves().map(str::to_string).collect(),
            ending: self.game.outcome().map(ending),
            players: self.players,
            thinking: self.computer_to_move(),
            start_fen: self.game.start_position().fen(),
            uci: self.game.uci_moves(),
        }
    }
}

fn spec_of(m: Move) -> MoveSpec {
    MoveSpec {
        from: m.from().map(|s| s.index() as u8),
        drop: m.drop_kind().map(|k| k.index() as u8),
        to: m.to().index() as u8,
        promotes: m.promotes(),
    }
}

fn side(c: Color) -> Side {
    match c {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

fn color(s: Side) -> Color {
    match s {
        Side::White => Color::White,
        Side::Black => Color::Black,
    }
}

fn ending(o: Outcome) -> Ending {
    Ending {
        winner: side(o.winner),
        reason: match o.reason {
            Reason::Checkmate => EndReason::Checkmate,
            Reason::Stalemate => EndReason::Stalemate,
            Reason::Campmate => EndReason::Campmate,
            Reason::Repetition => EndReason::Repetition,
            Reason::PerpetualCheck => EndReason::PerpetualCheck,
            Reason::Resignation => EndReason::Resignation,
        },
    }
}
