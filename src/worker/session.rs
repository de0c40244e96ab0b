//! The worker's side of the game: the engine's [`Game`] (the single source of
//! truth), who plays each side, and the snapshots the page shows.
//!
//! [`Session::handle`] answers every request; [`Session::computer_move`]
//! plays the computer's turn. Plain Rust with no web dependency, so it is
//! tested natively; the worker's entry (`src/bin/study_worker.rs`, `src/bin/play_worker.rs`) only moves
//! messages in and out.

use std::str::FromStr;

use crate::ai::{self, Limits, Searcher};
use crate::engine::{
    read_pgn, write_pgn, Color, Game, Move, Outcome, PgnHeader, Reason, SetupError, Square, Variant,
};
use crate::protocol::{
    take_back_count, EndReason, Ending, Hint, KindView, Lang, Load, MoveSpec, MoveView, NewGame,
    PieceView, Player, Request, Response, Side, Snapshot, TimeLeft, DEFAULT_LEVEL, LEVELS,
};
use crate::worker::messages::{link_fallback, third_time, Fallback, Localized, Refusal};

/// The analysis board's requests: an analysis, a review.
#[cfg(feature = "study")]
mod study;

/// The board editor's requests: a position set up, judged.
#[cfg(feature = "study")]
mod setup;

/// A game against a friend on another device.
#[cfg(feature = "study")]
mod friend;

// The page offers the levels the AI has.
const _: () = assert!(LEVELS == ai::LEVELS);

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
    /// The computer's time for its next move, in a timed game.
    computer_time: Option<TimeLeft>,
    /// The game against a friend, while one is open.
    #[cfg(feature = "study")]
    online: Option<friend::Online>,
    /// The game by link (correspondence), while one is open.
    #[cfg(feature = "study")]
    letter: Option<friend::Letter>,
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
            computer_time: None,
            #[cfg(feature = "study")]
            online: None,
            #[cfg(feature = "study")]
            letter: None,
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// One of the worker's own refusals, in the session's language.
    fn refuse(&self, refusal: Refusal) -> String {
        refusal.text(self.lang).to_string()
    }

    /// An engine error in the session's language.
    fn say(&self, e: &dyn Localized) -> String {
        self.say_in(e, self.game.variant())
    }

    /// An engine error about a game of `variant` (one being set up).
    fn say_in(&self, e: &dyn Localized, variant: Variant) -> String {
        e.localized(self.lang, variant)
    }

    /// Answers a request: the page's one way into the worker. Each answer
    /// is told to `post` as soon as it is known (an analysis after every
    /// iteration, a review after every position). A request that changes
    /// the game is answered with a snapshot (after the refusal, if it was
    /// refused: the game is then unchanged); an illegal move is refused
    /// silently (the page offers only legal ones). `now` is the clock, in
    /// milliseconds, for the hint's time limit.
    pub fn stream(
        &mut self,
        request: Request,
        now: &dyn Fn() -> f64,
        post: &mut dyn FnMut(Response),
    ) {
        #[cfg(feature = "study")]
        let request = match self.online_request(request, now() as u64) {
            Ok(answers) => {
                answers.into_iter().for_each(post);
                return;
            }
            Err(request) => *request,
        };
        let answers = match request {
            Request::Hint => self.hint(now).map(Response::Hint).into_iter().collect(),
            Request::Record { date } => vec![Response::Record(self.record(&date))],
            Request::ShowMove(ply) => self
                .snapshot_at(ply as usize)
                .map(|past| Response::Past(Box::new(past)))
                .into_iter()
                .collect(),
            // Nothing on the board changes (a snapshot now would be taken
            // for the game being started).
            Request::SetLang(lang) => {
                self.lang = lang;
                Vec::new()
            }
            Request::ComputerTime(time) => {
                self.computer_time = Some(time);
                Vec::new()
            }
            Request::PlayTyped(text) => match self.typed(&text) {
                Ok(m) if m.ends_game.is_some() => vec![Response::Confirm(m)],
                Ok(m) => {
                    let result = self.play(m.spec);
                    self.answer(result, false)
                }
                Err(e) => vec![Response::Error(e)],
            },
            Request::Play(spec) => {
                let result = self.play(spec);
                self.answer(result, true)
            }
            Request::NewGame(new) => {
                let result = self.new_game(new);
                self.answer(result, false)
            }
            Request::Resign(side) => {
                let result = self.resign(side);
                self.answer(result, false)
            }
            Request::TakeBack { reopened } => {
                let result = self.take_back(reopened);
                self.answer(result, false)
            }
            Request::Load(load) => {
                let result = self.load(load);
                self.answer(result, false)
            }
            #[cfg(feature = "study")]
            Request::Setup(request) => vec![Response::Setup(self.setup(request).map(Box::new))],
            #[cfg(feature = "study")]
            Request::Friend(request) => self.friend(request, now() as u64),
            #[cfg(feature = "study")]
            Request::Analyse(a) => {
                if let Err(e) = self.analyse(&a, now, post) {
                    post(Response::Error(e));
                }
                return;
            }
            #[cfg(feature = "study")]
            Request::Review(r) => {
                let last = match self.review(&r, post) {
                    Ok(review) => Response::Reviewed(Box::new(review)),
                    Err(e) => Response::Error(e),
                };
                post(last);
                return;
            }
            Request::Flag(side) => {
                let result = self
                    .game
                    .lose_on_time(color(side))
                    .map(|_| ())
                    .map_err(|e| self.say(&e));
                self.answer(result, false)
            }
        };
        answers.into_iter().for_each(post);
    }

    /// The answers to a request, all at once: [`Session::stream`]
    /// collected.
    pub fn handle(&mut self, request: Request, now: &dyn Fn() -> f64) -> Vec<Response> {
        let mut out = Vec::new();
        self.stream(request, now, &mut |r| out.push(r));
        out
    }

    /// The answer to a request that may have changed the game: its refusal
    /// (unless `quiet`), then the game as it stands.
    fn answer(&self, result: Result<(), String>, quiet: bool) -> Vec<Response> {
        let refusal = result.err().filter(|_| !quiet).map(Response::Error);
        let snapshot = Response::Snapshot(Box::new(self.snapshot()));
        refusal.into_iter().chain([snapshot]).collect()
    }

    /// Plays the computer's move if it is its turn, at its level (by the
    /// clock `now`, in milliseconds, for the level's time guard), and
    /// answers with the game as it stands then.
    pub fn computer_move(&mut self, now: &dyn Fn() -> f64) -> Vec<Response> {
        if !self.computer_to_move() {
            return Vec::new();
        }
        self.play_computer(now);
        vec![Response::Snapshot(Box::new(self.snapshot()))]
    }

    fn resign(&mut self, side: Side) -> Result<(), String> {
        if self.players[side.index()] != Player::Human {
            return Err(self.refuse(Refusal::OnlyHumanResigns));
        }
        if !self.game.is_over() && side != self::side(self.game.position().side_to_move()) {
            return Err(self.refuse(Refusal::NotYourTurnToResign));
        }
        self.game
            .resign(color(side))
            .map(|_| ())
            .map_err(|e| self.say(&e))
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
                    let fallback = match e {
                        SetupError::Move { .. } => Fallback::BeforeBadMove,
                        SetupError::Fen(_) => Fallback::Start,
                    };
                    (self.say_in(&e, variant), fallback)
                });
                (game, refusal)
            }
            Err(e) => (
                Game::new(Variant::Mansindam),
                Some((self.say(&e), Fallback::Start)),
            ),
        };
        let refusal = match refusal {
            Some((message, _)) if !new.from_link => return Err(message),
            refusal => refusal.map(|(m, fallback)| link_fallback(fallback, &m, self.lang)),
        };
        self.game = game;
        self.players = new.players;
        self.computer_time = new.clock;
        self.level = new.level.clamp(1, LEVELS);
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
            return Err(self.refuse(Refusal::NothingToRead));
        }
        let game = if text.starts_with('[') || !text.contains('/') {
            read_pgn(text, variant).map_err(|e| format!("PGN: {}", self.say_in(&e, variant)))?
        } else {
            Game::from_fen(variant, text)
                .map_err(|e| format!("FEN: {}", self.say_in(&e, variant)))?
        };
        self.game = game;
        self.players = load.players;
        self.level = load.level.clamp(1, LEVELS);
        self.game_id = load.id;
        self.searcher.new_game();
        Ok(())
    }

    /// The game as PGN, the players named as the page shows them.
    fn record(&self, date: &str) -> String {
        write_pgn(&self.game, &header_of(self.players, self.level, date))
    }

    /// The legal move of a human that a typed move names (UCI or SAN),
    /// with the ending it would cause.
    fn typed(&self, text: &str) -> Result<MoveView, String> {
        let text = text.trim();
        if !self.human_to_move() {
            return Err(self.refuse(Refusal::NotHumanTurn));
        }
        let m = self
            .game
            .position()
            .parse_move(text)
            .map_err(|e| self.say(&e))?;
        if !self.game.legal_moves().contains(m) {
            return Err(third_time(text, self.lang));
        }
        Ok(MoveView {
            spec: spec_of(m),
            ends_game: self.game.repetition_verdict(m).map(ending),
        })
    }

    fn play(&mut self, spec: MoveSpec) -> Result<(), String> {
        if !self.human_to_move() {
            return Err(self.refuse(Refusal::NotHumanTurn));
        }
        let m = self
            .game
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| spec_of(m) == spec)
            .ok_or_else(|| self.refuse(Refusal::NotLegal))?;
        self.game.play(m).map(|_| ()).map_err(|e| self.say(&e))
    }

    /// Takes back the last move (see [`take_back_count`]), or a
    /// resignation. A game that has ended is taken back only when the
    /// player `reopened` it, and one lost on time never.
    fn take_back(&mut self, reopened: bool) -> Result<(), String> {
        if !self.players.contains(&Player::Human) {
            return Err(self.refuse(Refusal::NoHumanPlayer));
        }
        match self.game.outcome() {
            Some(o) if o.reason == Reason::Time => return Err(self.refuse(Refusal::LostOnTime)),
            Some(_) if !reopened => return Err(self.refuse(Refusal::GameEnded)),
            _ => {}
        }
        if self.game.withdraw_declaration() {
            // A resignation is taken back alone.
            return Ok(());
        }
        let to_move = side(self.game.position().side_to_move());
        let count = take_back_count(self.players, to_move, self.game.ply_count());
        if count == 0 {
            return Err(self.refuse(Refusal::NothingToTakeBack));
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
    fn play_computer(&mut self, now: &dyn Fn() -> f64) -> Option<Move> {
        if !self.computer_to_move() {
            return None;
        }
        let mut limits = ai::level(self.level);
        // Different games, different choices among equal moves.
        limits.seed = u64::from(self.game_id) << 16 ^ self.game.ply_count() as u64;
        // On a clock, within its share of its time.
        let time = self.computer_time.take();
        if let Some(t) = time {
            limits = limits.tightened(&Limits::from_byoyomi_clock(
                t.main_ms as f64,
                t.increment_ms as f64,
                t.byoyomi_ms as f64,
            ));
        }
        let start = now();
        let result = self.searcher.search(&self.game, &limits, now, &mut |_| {});
        let m = result.best?;
        if time.is_some_and(|t| now() - start > t.total_ms() as f64) {
            // It overran all its time: lost, as a human would be.
            let side = self.game.position().side_to_move();
            self.game.lose_on_time(side).ok()?;
            return None;
        }
        self.game.play(m).ok()?;
        Some(m)
    }

    /// The best move for the side to move, searched for [`HINT_MS`] by the
    /// clock `now`; `None` once the game is over.
    fn hint(&mut self, now: &dyn Fn() -> f64) -> Option<Hint> {
        let result = self.searcher.hint(&self.game, HINT_MS, now);
        let best = result.best?;
        let pos = self.game.position();
        Some(Hint {
            game_id: self.game_id,
            ply: self.game.ply_count() as u32,
            spec: spec_of(best),
            san: pos.san(best),
            score: result.score.for_people(self.game.variant()).to_string(),
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
        let kinds = kind_views(game.variant());
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

/// A variant's pieces as the page shows them.
fn kind_views(variant: Variant) -> Vec<KindView> {
    variant
        .rules()
        .kinds
        .iter()
        .map(|k| KindView {
            letter: k.letter,
            name: k.name.to_string(),
            korean: variant
                .korean_piece_name(k.letter)
                .unwrap_or(k.name)
                .to_string(),
            hanja: k.hanja.chars().next().unwrap_or(' '),
            royal: k.royal,
            betza: k.betza.to_string(),
            atoms: k.atoms,
            promoted: k.promoted,
            promotes_to: k.promotes_to.map(|p| p.index() as u8),
        })
        .collect()
}

/// A record's tags: the date, and the players named as the page shows them.
fn header_of(players: [Player; 2], level: u8, date: &str) -> PgnHeader {
    let name = |side: Color| match players[side.index()] {
        Player::Computer => format!("Computer (level {level})"),
        // (Both pages of a game between friends write the same record.)
        _ => "Player".to_string(),
    };
    PgnHeader {
        date: date.chars().take(10).collect(),
        white: name(Color::White),
        black: name(Color::Black),
        ..PgnHeader::default()
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
    use super::testing::Ask;
    use super::*;
    use std::time::Instant;

    fn new_game(variant: &str, fen: Option<&str>, players: [Player; 2], level: u8) -> Session {
        let mut s = Session::new();
        s.ask(Request::NewGame(NewGame {
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
    fn on_a_clock_the_computer_thinks_within_its_time_or_loses_on_it() {
        let players = [Player::Human, Player::Computer];
        let byoyomi = TimeLeft {
            main_ms: 0,
            increment_ms: 0,
            byoyomi_ms: 1_000,
            periods: 1,
        };
        // In time (a clock that stands still): it plays, and the time it
        // was given is used up.
        let mut s = new_game("mansindam", None, players, 1);
        super::testing::play(&mut s, "e3e4");
        s.ask(Request::ComputerTime(byoyomi)).unwrap();
        assert_eq!(s.computer_time, Some(byoyomi));
        s.computer_move(&|| 0.0);
        assert_eq!(s.snapshot().san.len(), 2);
        assert_eq!(s.computer_time, None);
        // A search that overran its whole time (a clock that leaps a
        // ten seconds at each look): Black loses on time and plays nothing.
        let mut s = new_game("mansindam", None, players, 1);
        super::testing::play(&mut s, "e3e4");
        s.ask(Request::ComputerTime(byoyomi)).unwrap();
        let t = std::cell::Cell::new(0.0);
        let leaping = || {
            t.set(t.get() + 10_000.0);
            t.get()
        };
        let answer = s.computer_move(&leaping);
        let Some(Response::Snapshot(snap)) = answer.first() else {
            panic!("{answer:?}")
        };
        assert_eq!(snap.san.len(), 1);
        let ending = snap.ending.expect("the game is over");
        assert_eq!(
            (ending.winner, ending.reason),
            (Side::White, EndReason::Time)
        );
        // The time comes with the game, too (the computer moves first).
        let mut s = new_game("mansindam", None, [Player::Computer, Player::Human], 1);
        s.ask(Request::NewGame(NewGame {
            id: 1,
            players: [Player::Computer, Player::Human],
            clock: Some(byoyomi),
            ..NewGame::default()
        }))
        .unwrap();
        assert_eq!(s.computer_time, Some(byoyomi));
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
            s.ask(Request::Resign(Side::Black)).is_err(),
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
            assert!(s.ask(Request::NewGame(bad)).is_err());
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
        assert_eq!(
            s.handle(Request::Play(nonsense), &|| 0.0),
            [Response::Snapshot(Box::new(s.snapshot()))],
            "an illegal move is refused silently"
        );
        assert!(s.ask(Request::Resign(Side::Black)).is_err());
        assert!(
            s.ask(Request::TakeBack { reopened: false }).is_err(),
            "no move yet"
        );
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
            clock: None,
            ..NewGame::default()
        };
        // A bad move: the game goes on from the position before it.
        let refusal = s.ask(Request::NewGame(link(None, &["e4e5", "c7c6", "e5e9"])));
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
        let refusal = s.ask(Request::NewGame(link(Some("9/9 w"), &["e3e4"])));
        assert!(refusal
            .unwrap_err()
            .starts_with("The link's position could not be used ("));
        let snap = s.snapshot();
        assert_eq!(snap.start_fen, Variant::Pandemonium.start_fen());
        assert!(snap.uci.is_empty());
        // In Korean too.
        s.ask(Request::SetLang(Lang::Ko)).unwrap();
        let refusal = s.ask(Request::NewGame(link(None, &["zz"])));
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
        s.ask(Request::Play(e3e4)).unwrap();
        assert!(s.computer_to_move());
        s.play_computer(&|| 0.0).unwrap();
        assert_eq!(s.snapshot().san.len(), 2);
        s.ask(Request::TakeBack { reopened: false }).unwrap();
        let snap = s.snapshot();
        assert_eq!(snap.san.len(), 0);
        assert!(snap.human_to_move());
    }

    #[test]
    fn a_game_resumed_in_a_new_session_is_the_same_game() {
        let mut s = new_game("pandemonium", None, [Player::Human, Player::Computer], 1);
        let first = s.snapshot().moves[0].spec;
        s.ask(Request::Play(first)).unwrap();
        // The computer is to move: a restarted worker gets the game as it is,
        // or (Take back while it thinks) without the player's move.
        let thinking = s.snapshot();
        assert!(thinking.thinking);
        let mut resumed = Session::new();
        resumed.ask(Request::NewGame(thinking.resume())).unwrap();
        assert_eq!(resumed.snapshot(), thinking);
        let mut taken_back = Session::new();
        taken_back
            .ask(Request::NewGame(thinking.taken_back().unwrap()))
            .unwrap();
        s.ask(Request::TakeBack { reopened: false }).unwrap();
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
        s.ask(Request::Load(Load {
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
        let spec = |s: &Session, t: &str| s.typed(t).map(|m| m.spec);
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
        s.ask(Request::Resign(Side::White)).unwrap();
        assert_eq!(
            spec(&s, "e1d1"),
            Err("it is not a human player's turn".to_string())
        );
    }

    #[test]
    fn a_typed_move_is_played_in_one_request() {
        let mut s = new_game("mansindam", None, [Player::Human, Player::Human], 1);
        let answers = s.handle(Request::PlayTyped("Pe4".into()), &|| 0.0);
        assert_eq!(answers, [Response::Snapshot(Box::new(s.snapshot()))]);
        assert_eq!(s.snapshot().san, ["Pe4"]);
        // A move that cannot be read or played: only the refusal, no change.
        let answers = s.handle(Request::PlayTyped("e3e5".into()), &|| 0.0);
        assert_eq!(
            answers,
            [Response::Error(
                "e3e5 is not a legal move in this position".into()
            )]
        );
        assert_eq!(s.snapshot().san, ["Pe4"]);
    }

    #[test]
    fn a_typed_move_that_loses_by_repetition_is_sent_back_to_be_confirmed() {
        let fen = "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1";
        let mut s = new_game("pandemonium", Some(fen), [Player::Human, Player::Human], 1);
        // The Kings shuffle until the start position would come a third time.
        for m in ["e1d1", "e9d9", "d1e1", "d9e9", "e1d1", "e9d9", "d1e1"] {
            s.ask(Request::PlayTyped(m.into())).unwrap();
        }
        let answers = s.handle(Request::PlayTyped("d9e9".into()), &|| 0.0);
        let [Response::Confirm(m)] = answers.as_slice() else {
            panic!("expected a question, got {answers:?}");
        };
        assert_eq!(m.ends_game.map(|e| e.winner), Some(Side::White));
        assert_eq!(s.snapshot().san.len(), 7, "not played until confirmed");
        s.ask(Request::Play(m.spec)).unwrap();
        assert_eq!(
            s.snapshot().ending,
            Some(Ending {
                winner: Side::White,
                reason: EndReason::Repetition
            })
        );
    }

    #[test]
    fn a_game_lost_on_time_stays_lost() {
        let mut s = new_game("mansindam", None, [Player::Human, Player::Human], 1);
        for m in ["e3e4", "e7e6"] {
            s.ask(Request::PlayTyped(m.into())).unwrap();
        }
        s.ask(Request::Flag(Side::White)).unwrap();
        let lost = s.snapshot();
        assert_eq!(
            lost.ending,
            Some(Ending {
                winner: Side::Black,
                reason: EndReason::Time
            })
        );
        assert_eq!(
            s.ask(Request::TakeBack { reopened: true }),
            Err("a game lost on time cannot be taken back".into())
        );
        assert_eq!(s.snapshot(), lost, "the moves and the result stay");
    }

    #[test]
    fn an_ended_game_is_taken_back_only_once_reopened() {
        // The browser tests' Mansindam mate (tests/browser/games.txt).
        let mut s = new_game("mansindam", None, [Player::Human, Player::Human], 1);
        for m in ["c1a2", "d9b8", "b3b4", "g9f8", "a2f7+"] {
            s.ask(Request::PlayTyped(m.into())).unwrap();
        }
        let mated = s.snapshot();
        assert_eq!(mated.ending.map(|e| e.reason), Some(EndReason::Checkmate));
        assert_eq!(
            s.ask(Request::TakeBack { reopened: false }),
            Err("the game has ended: reopen it to take moves back".into())
        );
        s.ask(Request::SetLang(Lang::Ko)).unwrap();
        assert_eq!(
            s.ask(Request::TakeBack { reopened: false }),
            Err("끝난 대국입니다. 대국을 다시 열어야 무를 수 있습니다".into())
        );
        assert_eq!(s.snapshot(), mated, "the moves and the result stay");
        // Reopened: the mating move goes, and the game with it.
        s.ask(Request::TakeBack { reopened: true }).unwrap();
        let reopened = s.snapshot();
        assert_eq!((reopened.ending, reopened.san.len()), (None, 4));
        // A resignation too.
        s.ask(Request::Resign(Side::White)).unwrap();
        assert!(s.ask(Request::TakeBack { reopened: false }).is_err());
        assert_eq!(s.snapshot().san.len(), 4);
        s.ask(Request::TakeBack { reopened: true }).unwrap();
        assert_eq!(
            s.snapshot(),
            reopened,
            "the resignation alone is taken back"
        );
    }

    #[test]
    fn the_result_is_written_as_the_record_writes_it() {
        let mut s = new_game("mansindam", None, [Player::Human, Player::Human], 1);
        assert!(s.record("").contains("[Result \"*\"]"));
        s.ask(Request::Resign(Side::White)).unwrap();
        let ending = s.snapshot().ending.unwrap();
        assert_eq!(ending.result(), "0-1");
        let pgn = s.record("");
        assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
        assert!(pgn.trim_end().ends_with("\n0-1"), "{pgn}");
        let mut s = new_game("mansindam", None, [Player::Human, Player::Human], 1);
        for m in ["c1a2", "d9b8", "b3b4", "g9f8", "a2f7+"] {
            s.ask(Request::PlayTyped(m.into())).unwrap();
        }
        assert_eq!(s.snapshot().ending.unwrap().result(), "1-0");
        assert!(s.record("").contains("[Result \"1-0\"]"));
    }

    #[test]
    fn a_rematch_is_the_same_game_from_its_start() {
        let fen = "3k5/9/9/2P6/9/9/9/9/4K4[R] w - - 0 1";
        let mut s = new_game(
            "pandemonium",
            Some(fen),
            [Player::Computer, Player::Human],
            4,
        );
        s.play_computer(&|| 0.0).unwrap();
        s.ask(Request::Resign(Side::Black)).unwrap();
        let over = s.snapshot();
        let again = over.rematch(false);
        assert_eq!(
            again,
            NewGame {
                id: 7,
                variant: "pandemonium".into(),
                fen: Some(fen.into()),
                moves: Vec::new(),
                players: [Player::Computer, Player::Human],
                level: 4,
                from_link: false,
                clock: None,
            }
        );
        let swapped = over.rematch(true);
        assert_eq!(swapped.players, [Player::Human, Player::Computer]);
        assert_eq!(
            NewGame {
                players: again.players,
                ..swapped
            },
            again
        );
        let mut next = Session::new();
        next.ask(Request::NewGame(again)).unwrap();
        let snap = next.snapshot();
        assert_eq!((snap.start_fen.as_str(), snap.san.len()), (fen, 0));
        assert_eq!((snap.ending, snap.level), (None, 4));
    }

    #[test]
    fn a_player_resigns_only_on_their_own_turn() {
        let mut s = new_game("mansindam", None, [Player::Human, Player::Human], 1);
        assert_eq!(
            s.ask(Request::Resign(Side::Black)),
            Err("a player may resign only on their own turn".into())
        );
        s.ask(Request::SetLang(Lang::Ko)).unwrap();
        assert_eq!(
            s.ask(Request::Resign(Side::Black)),
            Err("자기 차례에만 기권할 수 있습니다".into())
        );
        assert!(s.snapshot().ending.is_none());
        s.ask(Request::Resign(Side::White)).unwrap();
        assert_eq!(
            s.snapshot().ending,
            Some(Ending {
                winner: Side::Black,
                reason: EndReason::Resignation
            })
        );
    }
}

/// For tests and tools that drive a session natively.
#[cfg(not(target_arch = "wasm32"))]
pub mod testing {
    use std::time::Instant;

    use super::Session;
    use crate::protocol::{Hint, NewGame, Player, Request, Response, Snapshot};

    /// A request whose refusal comes back as an `Err` (the other answers
    /// dropped), with a real clock for searches.
    pub trait Ask {
        fn ask(&mut self, request: Request) -> Result<(), String>;
    }

    impl Ask for Session {
        fn ask(&mut self, request: Request) -> Result<(), String> {
            let responses = self.handle(request, &clock());
            match responses.into_iter().find_map(|r| match r {
                Response::Error(e) => Some(e),
                _ => None,
            }) {
                Some(e) => Err(e),
                None => Ok(()),
            }
        }
    }

    /// Milliseconds since the first call.
    pub fn clock() -> impl Fn() -> f64 {
        let start = Instant::now();
        move || start.elapsed().as_secs_f64() * 1000.0
    }

    /// A Mansindam game between two players, numbered `id`.
    pub fn two_players(id: u32) -> Session {
        let mut s = Session::new();
        s.ask(Request::NewGame(NewGame {
            id,
            players: [Player::Human, Player::Human],
            ..NewGame::default()
        }))
        .unwrap();
        s
    }

    /// A game of `variant` between two players, from `fen` (the standard
    /// start when `None`).
    pub fn game(variant: &str, fen: Option<&str>) -> Session {
        let mut s = Session::new();
        s.ask(Request::NewGame(NewGame {
            variant: variant.into(),
            fen: fen.map(str::to_string),
            players: [Player::Human, Player::Human],
            ..NewGame::default()
        }))
        .unwrap();
        s
    }

    /// Plays a legal move given as UCI (or SAN).
    pub fn play(s: &mut Session, uci: &str) {
        s.ask(Request::PlayTyped(uci.into())).unwrap();
    }

    /// The hint for the position on the board.
    pub fn hint(s: &mut Session) -> Option<Hint> {
        s.handle(Request::Hint, &clock())
            .into_iter()
            .find_map(|r| match r {
                Response::Hint(h) => Some(h),
                _ => None,
            })
    }

    /// The position after `ply` moves, as looking back shows it.
    pub fn past(s: &mut Session, ply: u32) -> Option<Snapshot> {
        s.handle(Request::ShowMove(ply), &clock())
            .into_iter()
            .find_map(|r| match r {
                Response::Past(p) => Some(*p),
                _ => None,
            })
    }
}
