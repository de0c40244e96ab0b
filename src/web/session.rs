//! The worker's side of the game: the engine's [`Game`] (the single source of
//! truth), who plays each side, and the snapshots the page shows.
//!
//! Plain Rust with no web dependency, so it is tested natively; the worker
//! entry (`src/bin/worker.rs`) only moves messages in and out.

use std::str::FromStr;

use crate::ai::{self, Searcher};
use crate::engine::{Color, Game, Move, Outcome, Reason, Square, Variant};
use crate::protocol::{
    EndReason, Ending, KindView, MoveSpec, MoveView, NewGame, PieceView, Player, Request, Side,
    Snapshot, DEFAULT_LEVEL,
};

/// The longest the computer thinks about a move, in milliseconds.
pub const THINK_MS: f64 = 1500.0;

/// The transposition table's size in the worker (megabytes).
const TABLE_MB: usize = 16;

pub struct Session {
    game: Game,
    players: [Player; 2],
    /// The computer's playing level, `1..=ai::LEVELS`.
    level: u8,
    game_id: u32,
    searcher: Searcher,
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
            level: DEFAULT_LEVEL,
            game_id: 0,
            searcher: Searcher::new(TABLE_MB),
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
        self.level = new.level.clamp(1, ai::LEVELS);
        self.game_id = self.game_id.wrapping_add(1);
        self.searcher.new_game();
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

    /// Lets the computer play its move, if it is its turn, thinking at most
    /// `budget_ms` milliseconds (by the clock `now`). Returns the move.
    pub fn play_computer(&mut self, now: &dyn Fn() -> f64, budget_ms: f64) -> Option<Move> {
        if !self.computer_to_move() {
            return None;
        }
        let mut limits = ai::level(self.level);
        limits.movetime_ms = Some(limits.movetime_ms.map_or(budget_ms, |t| t.min(budget_ms)));
        // Different games, different choices among equal moves.
        limits.seed = u64::from(self.game_id) << 16 ^ self.game.ply_count() as u64;
        let result = self.searcher.search(&self.game, &limits, now, &mut |_| {});
        let m = result.best?;
        self.game.play(m).ok()?;
        Some(m)
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
            level: self.level,
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    fn new_game(variant: &str, fen: Option<&str>, players: [Player; 2], level: u8) -> Session {
        let mut s = Session::new();
        s.handle(Request::NewGame(NewGame {
            variant: variant.into(),
            fen: fen.map(str::to_string),
            moves: vec![],
            players,
            level,
        }))
        .unwrap();
        s
    }

    #[test]
    fn the_computer_answers_with_a_legal_move_in_time_at_every_level() {
        for variant in ["mansindam", "pandemonium"] {
            for level in 1..=ai::LEVELS {
                let mut s = new_game(variant, None, [Player::Computer, Player::Human], level);
                assert!(s.snapshot().thinking);
                let before = s.game().clone();
                let start = Instant::now();
                let now = || start.elapsed().as_secs_f64() * 1000.0;
                let m = s.play_computer(&now, THINK_MS).expect("a move");
                let ms = now();
                assert!(before.legal_moves().contains(m), "{variant} level {level}");
                // Natively, in an unoptimised test build on a busy machine: generous.
                assert!(ms < 4.0 * THINK_MS, "{variant} level {level}: {ms} ms");
                let snap = s.snapshot();
                assert!(!snap.thinking && snap.human_to_move());
                assert_eq!(snap.san.len(), 1);
                assert!(!snap.moves.is_empty());
            }
        }
    }

    #[test]
    fn the_computer_respects_the_end_of_the_game() {
        // White to move is checkmated already: nothing to play.
        let mut s = new_game(
            "mansindam",
            Some("4k4/9/9/9/9/9/4r4/4q4/4K4[] w - - 0 1"),
            [Player::Computer, Player::Human],
            3,
        );
        let snap = s.snapshot();
        assert!(snap.ending.is_some() && !snap.thinking && snap.moves.is_empty());
        assert_eq!(s.play_computer(&|| 0.0, THINK_MS), None);
        assert!(
            s.handle(Request::Resign(Side::Black)).is_err(),
            "the game is over"
        );
    }

    #[test]
    fn refusals_leave_the_game_as_it_was() {
        let mut s = new_game("pandemonium", None, [Player::Human, Player::Computer], 2);
        let id = s.snapshot().game_id;
        for bad in [
            NewGame {
                variant: "chess".into(),
                fen: None,
                moves: vec![],
                players: [Player::Human, Player::Human],
                level: 1,
            },
            NewGame {
                variant: "mansindam".into(),
                fen: Some("not a fen".into()),
                moves: vec![],
                players: [Player::Human, Player::Human],
                level: 1,
            },
            NewGame {
                variant: "mansindam".into(),
                fen: None,
                moves: vec!["e3e4".into(), "zz".into()],
                players: [Player::Human, Player::Human],
                level: 1,
            },
        ] {
            assert!(s.handle(Request::NewGame(bad)).is_err());
        }
        assert_eq!(s.snapshot().game_id, id);
        assert_eq!(s.snapshot().variant, "pandemonium");
        // Not a legal move; the computer's side cannot resign; a move for the wrong side.
        let nonsense = MoveSpec {
            from: Some(80),
            drop: None,
            to: 0,
            promotes: true,
        };
        assert!(s.handle(Request::Play(nonsense)).is_err());
        assert!(s.handle(Request::Resign(Side::Black)).is_err());
        assert!(s.handle(Request::TakeBack).is_err(), "no move yet");
        assert_eq!(s.snapshot().san.len(), 0);
    }

    #[test]
    fn take_back_against_the_computer_returns_to_the_human_turn() {
        let mut s = new_game("mansindam", None, [Player::Human, Player::Computer], 1);
        let e3e4 = s
            .snapshot()
            .moves
            .iter()
            .find(|m| m.spec.from == Some(22) && m.spec.to == 31)
            .unwrap()
            .spec;
        s.handle(Request::Play(e3e4)).unwrap();
        assert!(s.computer_to_move());
        s.play_computer(&|| 0.0, THINK_MS).unwrap();
        assert_eq!(s.snapshot().san.len(), 2);
        s.handle(Request::TakeBack).unwrap();
        let snap = s.snapshot();
        assert_eq!(snap.san.len(), 0);
        assert!(snap.human_to_move());
    }
}
