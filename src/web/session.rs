//! The worker's side of the game: the engine's [`Game`] (the single source of
//! truth), who plays each side, and the snapshots the page shows.
//!
//! Plain Rust with no web dependency, so it is tested natively; the worker
//! entry (`src/bin/worker.rs`) only moves messages in and out.

use std::str::FromStr;

use crate::ai::{self, Searcher};
use crate::engine::{
    read_pgn, write_pgn, Color, Game, Move, Outcome, PgnHeader, Reason, SetupError, Square, Variant,
};
use crate::protocol::{
    take_back_count, EndReason, Ending, Hint, KindView, Load, MoveSpec, MoveView, NewGame,
    PieceView, Player, Request, Side, Snapshot, DEFAULT_LEVEL,
};
use crate::web::errors::Localized;
use crate::web::i18n::{fill, Lang, Text};

/// How long the computer thinks about a hint, in milliseconds.
pub const HINT_MS: f64 = 1000.0;

/// The transposition table's size in the worker (megabytes).
const TABLE_MB: usize = 16;

pub struct Session {
    /// The language of refusals.
    lang: Lang,
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
            lang: Lang::En,
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

    fn text(&self) -> &'static Text {
        self.lang.text()
    }

    /// An engine error in the session's language.
    fn say(&self, e: &dyn Localized) -> String {
        self.say_in(e, self.game.variant())
    }

    /// An engine error about a game of `variant` (one being set up).
    fn say_in(&self, e: &dyn Localized, variant: Variant) -> String {
        e.localized(self.lang, variant)
    }

    /// Carries out a request. On an error the game is unchanged.
    pub fn handle(&mut self, request: Request) -> Result<(), String> {
        match request {
            Request::NewGame(new) => self.new_game(new),
            Request::Play(spec) => self.play(spec),
            Request::Resign(side) => {
                if self.players[side.index()] != Player::Human {
                    return Err(self.text().only_human_resigns.into());
                }
                self.game
                    .resign(color(side))
                    .map(|_| ())
                    .map_err(|e| self.say(&e))
            }
            Request::SetLang(lang) => {
                self.lang = lang;
                Ok(())
            }
            Request::TakeBack => self.take_back(),
            Request::Load(load) => self.load(load),
            Request::Flag(side) => self
                .game
                .lose_on_time(color(side))
                .map(|_| ())
                .map_err(|e| self.say(&e)),
            // Change nothing: the worker answers them with `Session::hint`,
            // `Session::snapshot_at` and `Session::record`.
            Request::Hint | Request::ShowMove(_) | Request::Record { .. } | Request::Parse(_) => {
                Ok(())
            }
        }
    }

    /// Starts a game. A game from a link that cannot be set up as it says
    /// starts anyway, from the standard position (or, when one of its moves
    /// cannot be played, from the position before that move), and the
    /// error says what could not be used.
    fn new_game(&mut self, new: NewGame) -> Result<(), String> {
        let fen = new.fen.as_deref().filter(|f| !f.trim().is_empty());
        let moves = new.moves.iter().map(String::as_str);
        // The game, and what could not be set up (with the words a link's
        // refusal uses for it).
        let (game, refusal) = match Variant::from_str(&new.variant) {
            Ok(variant) => {
                let (game, error) = Game::from_uci_moves_partly(variant, fen, moves);
                let refusal = error.map(|e| {
                    let template = match e {
                        SetupError::Move { .. } => self.text().link_bad_move,
                        SetupError::Fen(_) => self.text().link_bad_fen,
                    };
                    (self.say_in(&e, variant), template)
                });
                (game, refusal)
            }
            Err(e) => (
                Game::new(Variant::Mansindam),
                Some((self.say(&e), self.text().link_bad_fen)),
            ),
        };
        let refusal = match refusal {
            Some((message, _)) if !new.from_link => return Err(message),
            refusal => refusal.map(|(m, template)| fill(template, &[("detail", &m)])),
        };
        self.game = game;
        self.players = new.players;
        self.level = new.level.clamp(1, ai::LEVELS);
        self.game_id = new.id;
        self.searcher.new_game();
        refusal.map_or(Ok(()), Err)
    }

    /// A pasted PGN record or FEN position becomes the game. A text that
    /// starts with a tag (`[`) or has no `/` is read as PGN, anything else
    /// as FEN; the error says which was tried and what is wrong where.
    fn load(&mut self, load: Load) -> Result<(), String> {
        let variant = Variant::from_str(&load.variant).map_err(|e| self.say(&e))?;
        let text = load.text.trim();
        if text.is_empty() {
            return Err(self.text().nothing_to_read.into());
        }
        let game = if text.starts_with('[') || !text.contains('/') {
            read_pgn(text, variant).map_err(|e| format!("PGN: {}", self.say_in(&e, variant)))?
        } else {
            Game::from_fen(variant, text)
                .map_err(|e| format!("FEN: {}", self.say_in(&e, variant)))?
        };
        self.game = game;
        self.players = load.players;
        self.level = load.level.clamp(1, ai::LEVELS);
        self.game_id = load.id;
        self.searcher.new_game();
        Ok(())
    }

    /// The game as PGN, the players named as the page shows them.
    pub fn record(&self, date: &str) -> String {
        let name = |side: Color| match self.players[side.index()] {
            Player::Human => "Player".to_string(),
            Player::Computer => format!("Computer (level {})", self.level),
        };
        let header = PgnHeader {
            date: date.chars().take(10).collect(),
            white: name(Color::White),
            black: name(Color::Black),
            ..PgnHeader::default()
        };
        write_pgn(&self.game, &header)
    }

    /// The legal move of a human that a typed move names (UCI or SAN).
    pub fn parse(&self, text: &str) -> Result<MoveSpec, String> {
        let text = text.trim();
        if !self.human_to_move() {
            return Err(self.text().not_human_turn.into());
        }
        let m = self
            .game
            .position()
            .parse_move(text)
            .map_err(|e| self.say(&e))?;
        if !self.game.legal_moves().contains(m) {
            return Err(fill(self.text().third_time, &[("move", text)]));
        }
        Ok(spec_of(m))
    }

    fn play(&mut self, spec: MoveSpec) -> Result<(), String> {
        if !self.human_to_move() {
            return Err(self.text().not_human_turn.into());
        }
        let m = self
            .game
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| spec_of(m) == spec)
            .ok_or(self.text().not_legal)?;
        self.game.play(m).map(|_| ()).map_err(|e| self.say(&e))
    }

    fn take_back(&mut self) -> Result<(), String> {
        if !self.players.contains(&Player::Human) {
            return Err(self.text().no_human_player.into());
        }
        if self.game.withdraw_declaration() {
            // A resignation (or time loss) is taken back alone.
            return Ok(());
        }
        let to_move = side(self.game.position().side_to_move());
        let count = take_back_count(self.players, to_move, self.game.ply_count());
        if count == 0 {
            return Err(self.text().nothing_to_take_back.into());
        }
        for _ in 0..count {
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

    /// Lets the computer play its move, if it is its turn, at its level (by
    /// the clock `now`, in milliseconds, for the level's time guard).
    /// Returns the move.
    pub fn play_computer(&mut self, now: &dyn Fn() -> f64) -> Option<Move> {
        if !self.computer_to_move() {
            return None;
        }
        let mut limits = ai::level(self.level);
        // Different games, different choices among equal moves.
        limits.seed = u64::from(self.game_id) << 16 ^ self.game.ply_count() as u64;
        let result = self.searcher.search(&self.game, &limits, now, &mut |_| {});
        let m = result.best?;
        self.game.play(m).ok()?;
        Some(m)
    }

    /// The best move for the side to move, searched for [`HINT_MS`] by the
    /// clock `now`; `None` once the game is over.
    pub fn hint(&mut self, now: &dyn Fn() -> f64) -> Option<Hint> {
        let result = self.searcher.hint(&self.game, HINT_MS, now);
        let best = result.best?;
        let pos = self.game.position();
        Some(Hint {
            game_id: self.game_id,
            ply: self.game.ply_count() as u32,
            spec: spec_of(best),
            san: pos.san(best),
            score: result.score.to_string(),
            line: ai::san_line(pos, &result.pv),
            depth: result.depth,
        })
    }

    /// Everything the page shows. `thinking`: the computer is about to move.
    pub fn snapshot(&self) -> Snapshot {
        self.snapshot_of(&self.game, true)
    }

    /// The game as it stood after its first `ply` moves, for looking back
    /// (no moves to play, nobody thinking); `None` past the last move.
    pub fn snapshot_at(&self, ply: usize) -> Option<Snapshot> {
        if ply > self.game.ply_count() {
            return None;
        }
        let mut past = self.game.clone();
        while past.ply_count() > ply {
            past.undo();
        }
        Some(self.snapshot_of(&past, false))
    }

    /// A snapshot of `game` (this session's, or a copy of it set back);
    /// `live`: the game being played, whose moves the page may make.
    fn snapshot_of(&self, game: &Game, live: bool) -> Snapshot {
        let pos = game.position();
        let rules = pos.rules();
        let kinds = rules
            .kinds
            .iter()
            .map(|k| KindView {
                letter: k.letter,
                name: k.name.to_string(),
                hanja: k.hanja.chars().next().unwrap_or(' '),
                royal: k.royal,
                betza: k.betza.to_string(),
                atoms: k.atoms,
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
        let moves = if live && self.human_to_move() {
            game.legal_moves()
                .iter()
                .map(|&m| MoveView {
                    spec: spec_of(m),
                    ends_game: game.repetition_verdict(m).map(ending),
                })
                .collect()
        } else {
            Vec::new()
        };
        let to_move = pos.side_to_move();
        Snapshot {
            game_id: self.game_id,
            variant: game.variant().id().to_string(),
            kinds,
            hand_kinds: rules.hand_kinds as u8,
            board,
            hands,
            to_move: side(to_move),
            moves,
            last_move: game
                .moves()
                .last()
                .map(|m| (m.from().map(|s| s.index() as u8), m.to().index() as u8)),
            check: pos.in_check().then(|| pos.king(to_move).index() as u8),
            san: game.san_moves().map(str::to_string).collect(),
            ending: game.outcome().map(ending),
            players: self.players,
            level: self.level,
            thinking: live && self.computer_to_move(),
            fen: pos.fen(),
            start_fen: game.start_position().fen(),
            uci: game.uci_moves(),
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
            Reason::Time => EndReason::Time,
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
            id: 7,
            variant: variant.into(),
            fen: fen.map(str::to_string),
            players,
            level,
            ..NewGame::default()
        }))
        .unwrap();
        s
    }

    #[test]
    fn the_computer_answers_with_a_legal_move_at_every_level() {
        for variant in ["mansindam", "pandemonium"] {
            for level in 1..=ai::LEVELS {
                let mut s = new_game(variant, None, [Player::Computer, Player::Human], level);
                assert!(s.snapshot().thinking);
                let before = s.game().clone();
                let start = Instant::now();
                let now = || start.elapsed().as_secs_f64() * 1000.0;
                let m = s.play_computer(&now).expect("a move");
                assert!(before.legal_moves().contains(m), "{variant} level {level}");
                let snap = s.snapshot();
                assert_eq!(snap.game_id, 7, "the page's number for the game");
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
        assert_eq!(s.play_computer(&|| 0.0), None);
        assert_eq!(s.hint(&|| 0.0), None);
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
                id: 8,
                variant: "chess".into(),
                ..NewGame::default()
            },
            NewGame {
                id: 8,
                fen: Some("not a fen".into()),
                ..NewGame::default()
            },
            NewGame {
                id: 8,
                moves: vec!["e3e4".into(), "zz".into()],
                ..NewGame::default()
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
    fn a_link_that_cannot_be_set_up_starts_what_it_can_and_says_why() {
        let mut s = new_game("mansindam", None, [Player::Human, Player::Computer], 2);
        let link = |fen: Option<&str>, moves: &[&str]| NewGame {
            id: 5,
            variant: "pandemonium".into(),
            fen: fen.map(String::from),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            players: [Player::Human, Player::Human],
            from_link: true,
            ..NewGame::default()
        };
        // A bad move: the game goes on from the position before it.
        let refusal = s.handle(Request::NewGame(link(None, &["e4e5", "c7c6", "e5e9"])));
        assert_eq!(
            refusal.unwrap_err(),
            "The link's moves stop at one that cannot be played (move 3: e5e9 is not a legal \
             move in this position); the game goes on from the position before it."
        );
        let snap = s.snapshot();
        assert_eq!((snap.game_id, snap.variant.as_str()), (5, "pandemonium"));
        assert_eq!(snap.uci, ["e4e5", "c7c6"]);
        assert_eq!(snap.players, [Player::Human, Player::Human]);
        // A bad FEN: the standard start.
        let refusal = s.handle(Request::NewGame(link(Some("9/9 w"), &["e3e4"])));
        assert!(refusal
            .unwrap_err()
            .starts_with("The link's position could not be used ("));
        let snap = s.snapshot();
        assert_eq!(snap.start_fen, Variant::Pandemonium.start_fen());
        assert!(snap.uci.is_empty());
        // In Korean too.
        s.handle(Request::SetLang(Lang::Ko)).unwrap();
        let refusal = s.handle(Request::NewGame(link(None, &["zz"])));
        assert!(refusal.unwrap_err().starts_with("링크의 수 가운데"));
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
        s.play_computer(&|| 0.0).unwrap();
        assert_eq!(s.snapshot().san.len(), 2);
        s.handle(Request::TakeBack).unwrap();
        let snap = s.snapshot();
        assert_eq!(snap.san.len(), 0);
        assert!(snap.human_to_move());
    }

    #[test]
    fn a_game_resumed_in_a_new_session_is_the_same_game() {
        let mut s = new_game("pandemonium", None, [Player::Human, Player::Computer], 1);
        let first = s.snapshot().moves[0].spec;
        s.handle(Request::Play(first)).unwrap();
        // The computer is to move: a restarted worker gets the game as it is,
        // or (Take back while it thinks) without the player's move.
        let thinking = s.snapshot();
        assert!(thinking.thinking);
        let mut resumed = Session::new();
        resumed.handle(Request::NewGame(thinking.resume())).unwrap();
        assert_eq!(resumed.snapshot(), thinking);
        let mut taken_back = Session::new();
        taken_back
            .handle(Request::NewGame(thinking.taken_back().unwrap()))
            .unwrap();
        s.handle(Request::TakeBack).unwrap();
        assert_eq!(taken_back.snapshot(), s.snapshot());
        assert_eq!(s.snapshot().san.len(), 0);
        assert_eq!(s.snapshot().taken_back(), None, "nothing to take back");
    }

    #[test]
    fn a_hint_is_the_best_move_with_its_evaluation() {
        // White drops the Rook on the ninth rank: mate.
        let mut s = new_game(
            "pandemonium",
            Some("4k4/9/4K4/9/9/9/9/9/9[R] w - - 0 1"),
            [Player::Human, Player::Human],
            3,
        );
        let start = Instant::now();
        let hint = s
            .hint(&|| start.elapsed().as_secs_f64() * 1000.0)
            .expect("a hint");
        assert_eq!(hint.score, "#1");
        assert!(
            hint.san.starts_with("R@") && hint.san.ends_with("9#"),
            "{}",
            hint.san
        );
        assert_eq!(hint.line, vec![hint.san.clone()]);
        assert_eq!((hint.game_id, hint.ply), (7, 0));
        let listed = s.snapshot().moves.iter().any(|m| m.spec == hint.spec);
        assert!(listed, "the hint is a legal move");
    }

    fn load(s: &mut Session, text: &str, variant: &str) -> Result<(), String> {
        s.handle(Request::Load(Load {
            id: 9,
            text: text.into(),
            variant: variant.into(),
            players: [Player::Human, Player::Human],
            level: 2,
        }))
    }

    #[test]
    fn a_record_reads_back_as_the_same_game() {
        let mut s = new_game("pandemonium", None, [Player::Human, Player::Computer], 4);
        for uci in ["e4e5", "e6e5", "c3c4", "c7c6"] {
            let m = s.game().position().parse_uci(uci).unwrap();
            s.game.play(m).unwrap();
        }
        let pgn = s.record("2026.11.23");
        assert!(pgn.contains("[Variant \"Pandemonium\"]"), "{pgn}");
        assert!(pgn.contains("[Date \"2026.11.23\"]"), "{pgn}");
        assert!(pgn.contains("[Black \"Computer (level 4)\"]"), "{pgn}");
        let before = s.snapshot();
        // Read as Mansindam by default: the Variant tag decides.
        let mut other = new_game("mansindam", None, [Player::Human, Player::Human], 1);
        load(&mut other, &pgn, "mansindam").unwrap();
        let after = other.snapshot();
        assert_eq!((after.game_id, after.variant.as_str()), (9, "pandemonium"));
        assert_eq!((&after.san, &after.fen), (&before.san, &before.fen));
        assert_eq!(after.players, [Player::Human, Player::Human]);
        // A FEN is read as the chosen game.
        load(&mut other, &before.fen, "pandemonium").unwrap();
        assert_eq!(other.snapshot().fen, before.fen);
        assert!(other.snapshot().san.is_empty());
    }

    #[test]
    fn an_unreadable_record_leaves_the_game_as_it_was() {
        let mut s = new_game("mansindam", None, [Player::Human, Player::Human], 1);
        let before = s.snapshot();
        let cases = [
            ("", "nothing to read: paste a FEN or a PGN record"),
            (
                "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNRR[] w - - 0 1",
                "FEN: rank 1 has 10 files; it needs 9",
            ),
            ("1. Pe4 Pe6 2. Kz9", "PGN: line 1: move 3 (Kz9): "),
            (
                "[Variant \"Chess\"]\n\n1. e4",
                "PGN: line 1: unknown variant \"Chess\"",
            ),
        ];
        for (text, expected) in cases {
            let err = load(&mut s, text, "mansindam").unwrap_err();
            assert!(err.starts_with(expected), "{text:?}: {err}");
            assert_eq!(s.snapshot(), before, "{text:?}");
        }
    }

    #[test]
    fn typed_moves_are_found_among_the_legal_ones() {
        let mut s = new_game(
            "pandemonium",
            Some("4k4/9/9/P8/9/9/9/9/4K4[R] w - - 0 1"),
            [Player::Human, Player::Human],
            1,
        );
        let spec = |s: &Session, t: &str| s.parse(t);
        assert_eq!(spec(&s, "a6a7+").map(|m| m.promotes), Ok(true));
        assert_eq!(spec(&s, "a6a7").map(|m| m.promotes), Ok(false));
        assert_eq!(spec(&s, "Pa7=G").map(|m| m.promotes), Ok(true));
        assert_eq!(
            spec(&s, " R@e5 ").map(|m| (m.drop, m.to)),
            Ok((Some(3), 40))
        );
        assert_eq!(
            spec(&s, "e1e3"),
            Err("e1e3 is not a legal move in this position".to_string())
        );
        assert!(spec(&s, "zz").is_err());
        s.handle(Request::Resign(Side::White)).unwrap();
        assert_eq!(
            s.parse("e1d1"),
            Err("it is not a human player's turn".to_string())
        );
    }
}

/// For the tests of the page's logic that need a game to play.
#[cfg(test)]
pub(crate) mod testing {
    use super::Session;
    use crate::protocol::{NewGame, Player, Request};

    /// A Mansindam game between two players, numbered `id`.
    pub fn two_players(id: u32) -> Session {
        let mut s = Session::new();
        s.handle(Request::NewGame(NewGame {
            id,
            players: [Player::Human, Player::Human],
            ..NewGame::default()
        }))
        .unwrap();
        s
    }

    /// Plays a legal move given as UCI.
    pub fn play(s: &mut Session, uci: &str) {
        let spec = s.parse(uci).unwrap();
        s.handle(Request::Play(spec)).unwrap();
    }
}
