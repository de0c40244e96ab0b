//! One live game between two pages, as one of them holds it: the terms,
//! the game (checked by this page's engine), both clocks, what is asked and
//! not yet answered, and the channel.
//!
//! [`Session::receive`] reads the other page's bytes and applies them only
//! when everything in them fits: a refusal ([`Refusal`]) leaves the game,
//! the clocks and every request exactly as they were (the page logs it).
//! The local player's actions return the bytes to send.
//!
//! A take-back, as on lichess, takes the game back to the position before
//! the requester's last move: one move when the opponent has not replied
//! yet, two when the reply has come (or more if the answerer moved on while
//! the request waited). While its request waits the requester cannot move;
//! two requests that cross both lapse. The clocks keep their times and the
//! turn passes, as on the local clock.

use std::fmt;

use super::clock::{agree, Check, Late, NetClock, Time};
use super::message::{
    self, decode, encode, Frame, Invite, Message, NetError, Phrase, Resume, Timing,
};
use super::reconnect::{reconcile, resume_of, Conflict, Connection, Left, Signal};
use crate::engine::{Color, FenError, Game, Move, Outcome, PlayError, Reason};

/// A take-back asked and not yet answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Takeback {
    pub by: Color,
    /// Moves played when it was asked.
    pub ply: u32,
}

/// A rematch offered and not yet answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RematchOffer {
    pub by: Color,
    pub game_id: u64,
}

/// What a message from the other page did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The invitation was accepted: the game starts.
    Started,
    /// The opponent's move, played; how its time was taken; the end of the
    /// game it caused.
    Moved {
        uci: String,
        clock: Option<Check>,
        outcome: Option<Outcome>,
    },
    Resigned(Outcome),
    /// The opponent asks to take back this many moves; answer with
    /// [`Session::answer_takeback`].
    TakebackAsked {
        plies: usize,
    },
    /// Our request and the opponent's crossed: both lapse.
    TakebackCrossed,
    /// Our request was accepted: this many moves were taken back.
    TakenBack {
        plies: usize,
    },
    TakebackDeclined,
    /// A rematch is offered; answer with [`Session::answer_rematch`].
    RematchOffered {
        game_id: u64,
    },
    /// A rematch is agreed: start it with [`Session::rematch`].
    RematchAgreed {
        game_id: u64,
    },
    RematchDeclined,
    Phrase(Phrase),
    /// Send `reply` back.
    Ping {
        reply: Vec<u8>,
    },
    Pong {
        round_trip_ms: u64,
    },
    /// The game goes on after a reconnection; `caught_up` moves were played
    /// from the other page's; `reply` (our own `Resume`, if we had not sent
    /// it yet) is to be sent.
    Resumed {
        caught_up: Vec<String>,
        reply: Option<Vec<u8>>,
    },
    /// The opponent claimed the game while the channel was down: our game
    /// ends where the claim was made, our side losing as on time; `reply`
    /// as in [`Event::Resumed`].
    Claimed {
        outcome: Outcome,
        reply: Option<Vec<u8>>,
    },
    /// Both pages claimed the game while the channel was down: both claims
    /// lapse and the game goes on, as in [`Event::Resumed`].
    ClaimsLapsed {
        caught_up: Vec<String>,
        reply: Option<Vec<u8>>,
    },
    /// A side lost on time: the opponent's own page said so, or it judged
    /// that our time ran out and our clock agrees.
    Flagged(Outcome),
}

/// Why a message from the other page was not applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    Unreadable(NetError),
    WrongGame {
        expected: u64,
        got: u64,
    },
    /// A game message before the game started.
    NotStarted,
    /// An invitation or an acceptance for a game already started.
    AlreadyStarted,
    GameOver,
    /// The channel is being resumed: only `Resume` (and keepalives) count.
    NotResumed,
    /// A move when it is not the opponent's turn.
    OutOfTurn,
    WrongPly {
        expected: u32,
        got: u32,
    },
    /// A move the rules do not allow here (the engine's reason).
    Illegal {
        ply: u32,
        uci: String,
        reason: String,
    },
    ClockMissing,
    ClockUnexpected,
    /// A move after the mover's time ran out, even with the allowance.
    Late {
        over_ms: u64,
    },
    /// A message about a request when there is none, or a request when
    /// one waits.
    NoTakebackPending,
    TakebackPending,
    NothingToTakeBack,
    NoRematchPending,
    /// A rematch offer while the game goes on.
    RematchNotNow,
    /// A claim that our time ran out while our clock shows this much.
    FlagTooEarly {
        left_ms: u64,
    },
    /// A flag in a game without a clock.
    Untimed,
    /// The other page's game cannot be resumed with ours.
    Conflict(Conflict),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Unreadable(e) => write!(f, "unreadable: {e}"),
            Refusal::WrongGame { expected, got } => {
                write!(
                    f,
                    "a message for game {got:016x}, not this game {expected:016x}"
                )
            }
            Refusal::NotStarted => write!(f, "the game has not started"),
            Refusal::AlreadyStarted => write!(f, "the game has already started"),
            Refusal::GameOver => write!(f, "the game is over"),
            Refusal::NotResumed => write!(f, "the game is being resumed"),
            Refusal::OutOfTurn => write!(f, "a move out of turn"),
            Refusal::WrongPly { expected, got } => {
                write!(
                    f,
                    "a message for move {} while this is move {}",
                    got + 1,
                    expected + 1
                )
            }
            Refusal::Illegal { ply, uci, reason } => {
                write!(f, "move {}, {uci}, is not legal: {reason}", ply + 1)
            }
            Refusal::ClockMissing => write!(f, "a move without its clock in a timed game"),
            Refusal::ClockUnexpected => write!(f, "a clock in a game without one"),
            Refusal::Late { over_ms } => write!(f, "a move {over_ms} ms after the time ran out"),
            Refusal::NoTakebackPending => write!(f, "an answer to a take-back nobody asked for"),
            Refusal::TakebackPending => write!(f, "a take-back is already waiting"),
            Refusal::NothingToTakeBack => write!(f, "no move to take back"),
            Refusal::NoRematchPending => write!(f, "an answer to a rematch nobody offered"),
            Refusal::RematchNotNow => write!(f, "a rematch offer while the game goes on"),
            Refusal::FlagTooEarly { left_ms } => {
                write!(f, "a claim that our time ran out, with {left_ms} ms left")
            }
            Refusal::Untimed => write!(f, "a flag in a game without a clock"),
            Refusal::Conflict(c) => write!(f, "the games cannot be resumed: {c}"),
        }
    }
}

impl std::error::Error for Refusal {}

/// Why the local player's action was not done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LocalError {
    NotStarted,
    AlreadyStarted,
    GameOver,
    /// The channel is down: nothing can be sent.
    NotConnected,
    NotYourTurn,
    Illegal(PlayError),
    OutOfTime,
    TakebackPending,
    NothingToTakeBack,
    NoTakebackAsked,
    /// A rematch only after the game.
    RematchNotNow,
    NoRematchOffered,
    /// The countdown has not run out (or the opponent is here).
    CannotClaim,
}

impl fmt::Display for LocalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LocalError::NotStarted => write!(f, "the game has not started"),
            LocalError::AlreadyStarted => write!(f, "the game has already started"),
            LocalError::GameOver => write!(f, "the game is over"),
            LocalError::NotConnected => write!(f, "the opponent is not connected"),
            LocalError::NotYourTurn => write!(f, "it is not your turn"),
            LocalError::Illegal(e) => e.fmt(f),
            LocalError::OutOfTime => write!(f, "your time has run out"),
            LocalError::TakebackPending => write!(f, "a take-back is waiting for an answer"),
            LocalError::NothingToTakeBack => write!(f, "no move to take back"),
            LocalError::NoTakebackAsked => write!(f, "no take-back was asked"),
            LocalError::RematchNotNow => write!(f, "a rematch only after the game"),
            LocalError::NoRematchOffered => write!(f, "no rematch was offered"),
            LocalError::CannotClaim => write!(f, "the game cannot be claimed now"),
        }
    }
}

impl std::error::Error for LocalError {}

/// Why terms cannot make a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TermsError {
    Message(NetError),
    Fen(FenError),
    /// The bytes are a frame, but not an invitation.
    NotAnInvite,
    /// A saved move (from 1) that cannot be played.
    Move {
        number: usize,
        uci: String,
        reason: String,
    },
}

impl fmt::Display for TermsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TermsError::Message(e) => e.fmt(f),
            TermsError::Fen(e) => write!(f, "the start position cannot be used: {e}"),
            TermsError::NotAnInvite => write!(f, "not an invitation"),
            TermsError::Move {
                number,
                uci,
                reason,
            } => write!(f, "move {number}, {uci}, is not legal: {reason}"),
        }
    }
}

impl std::error::Error for TermsError {}

/// Everything a session holds, to compare (a refused message changes none
/// of it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub game_id: u64,
    pub me: Color,
    pub start_fen: String,
    pub fen: String,
    pub moves: Vec<String>,
    pub outcome: Option<Outcome>,
    pub started: bool,
    pub clock: Option<NetClock>,
    pub takeback: Option<Takeback>,
    pub rematch: Option<RematchOffer>,
    pub connection: Connection,
    pub resume_sent: Option<Resume>,
    pub claimed_by: Option<Color>,
}

/// How a game ended that no move ended, kept with a finished game so that
/// a reload shows its result (a board's ending comes back with its moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Declared {
    /// This side resigned.
    Resigned(#[serde(with = "super::message::wire_color")] Color),
    /// This side's clock ran out.
    Flagged(#[serde(with = "super::message::wire_color")] Color),
    /// This side claimed the game while the other was away.
    Claimed(#[serde(with = "super::message::wire_color")] Color),
}

#[derive(Clone, Debug)]
pub struct Session {
    game_id: u64,
    terms: Invite,
    me: Color,
    game: Game,
    started: bool,
    clock: Option<NetClock>,
    takeback: Option<Takeback>,
    rematch: Option<RematchOffer>,
    connection: Connection,
    resume_sent: Option<Resume>,
    /// The side that claimed the game while the channel was down (ours is
    /// told to the other page in our `Resume` when it opens again).
    claimed_by: Option<Color>,
    /// This page lost its network since the channel was last open: a drop
    /// is this page's doing, and gives it no claim.
    offline: bool,
}

impl Session {
    /// A game offered on `terms` as game `game_id`, and the invitation's
    /// bytes (for the invitation link).
    pub fn invite(game_id: u64, terms: Invite) -> Result<(Session, Vec<u8>), TermsError> {
        let session = Session::new(game_id, terms.clone(), terms.inviter)?;
        let bytes = encode(&Frame::new(game_id, Message::Invite(terms)));
        Ok((session, bytes))
    }

    /// The invited page's game, from the invitation's bytes (it starts with
    /// [`Session::accept`]).
    pub fn join(bytes: &[u8]) -> Result<Session, TermsError> {
        let frame = decode(bytes).map_err(TermsError::Message)?;
        let Message::Invite(terms) = frame.message else {
            return Err(TermsError::NotAnInvite);
        };
        Session::guest(frame.game_id, terms)
    }

    /// The invited page's game, from the terms an invitation link carried
    /// (it starts with [`Session::accept`]).
    pub fn guest(game_id: u64, terms: Invite) -> Result<Session, TermsError> {
        let me = terms.inviter.flip();
        Session::new(game_id, terms, me)
    }

    /// A game started earlier, as it was saved (a reload): its moves and
    /// clocks; the channel is down until it opens again, this page being
    /// the one that left. An ending that no move made (a resignation, a
    /// flag, a claim) is restored by [`Session::end_as`].
    pub fn restore(
        game_id: u64,
        terms: Invite,
        me: Color,
        moves: &[String],
        clocks: Option<[Time; 2]>,
        now: u64,
    ) -> Result<Session, TermsError> {
        let mut session = Session::new(game_id, terms, me)?;
        for (i, m) in moves.iter().enumerate() {
            let mv = session.game.position().parse_uci(m);
            let played = mv
                .map_err(PlayError::from)
                .and_then(|mv| session.game.play(mv));
            if let Err(error) = played {
                return Err(TermsError::Move {
                    number: i + 1,
                    uci: m.clone(),
                    reason: error.to_string(),
                });
            }
        }
        if let (Some(clock), Some(times)) = (session.clock.as_mut(), clocks) {
            clock.set_times(times);
        }
        session.started = true;
        session.connection = Connection::Disconnected {
            since: now,
            left: Left::Us,
        };
        Ok(session)
    }

    /// A restored game (see [`Session::restore`]) ends as it had ended
    /// (`declared`): a finished game comes back finished after a reload.
    pub fn end_as(&mut self, declared: Declared) -> Result<Outcome, PlayError> {
        let outcome = match declared {
            Declared::Resigned(side) => self.game.resign(side),
            Declared::Flagged(side) => self.game.lose_on_time(side),
            Declared::Claimed(side) => self.game.lose_on_time(side.flip()),
        }?;
        if let Declared::Claimed(side) = declared {
            self.claimed_by = Some(side);
        }
        Ok(outcome)
    }

    /// How the game ended, when no move ended it.
    pub fn declared(&self) -> Option<Declared> {
        let outcome = self.game.outcome()?;
        let loser = outcome.winner.flip();
        match (outcome.reason, self.claimed_by) {
            (Reason::Resignation, _) => Some(Declared::Resigned(loser)),
            (Reason::Time, Some(claimer)) => Some(Declared::Claimed(claimer)),
            (Reason::Time, None) => Some(Declared::Flagged(loser)),
            _ => None,
        }
    }

    fn new(game_id: u64, terms: Invite, me: Color) -> Result<Session, TermsError> {
        if let Some(fen) = &terms.start_fen {
            message::check_fen(fen).map_err(TermsError::Message)?;
        }
        message::check_timing(terms.timing).map_err(TermsError::Message)?;
        let game = match &terms.start_fen {
            Some(fen) => Game::from_fen(terms.variant, fen).map_err(TermsError::Fen)?,
            None => Game::new(terms.variant),
        };
        let clock = match terms.timing {
            Timing::Live(control) => Some(NetClock::new(control, me)),
            _ => None,
        };
        Ok(Session {
            game_id,
            terms,
            me,
            game,
            started: false,
            clock,
            takeback: None,
            rematch: None,
            connection: Connection::Connecting,
            resume_sent: None,
            claimed_by: None,
            offline: false,
        })
    }

    pub fn game_id(&self) -> u64 {
        self.game_id
    }

    pub fn terms(&self) -> &Invite {
        &self.terms
    }

    /// This page's player's side.
    pub fn me(&self) -> Color {
        self.me
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn clock(&self) -> Option<&NetClock> {
        self.clock.as_ref()
    }

    pub fn connection(&self) -> Connection {
        self.connection
    }

    pub fn takeback(&self) -> Option<Takeback> {
        self.takeback
    }

    pub fn rematch_offer(&self) -> Option<RematchOffer> {
        self.rematch
    }

    /// The side that won the game by a claim while the channel was down.
    pub fn claimed_by(&self) -> Option<Color> {
        self.claimed_by
    }

    pub fn is_started(&self) -> bool {
        self.started
    }

    pub fn state(&self) -> State {
        State {
            game_id: self.game_id,
            me: self.me,
            start_fen: self.game.start_position().fen(),
            fen: self.game.position().fen(),
            moves: self.game.uci_moves(),
            outcome: self.game.outcome(),
            started: self.started,
            clock: self.clock.clone(),
            takeback: self.takeback,
            rematch: self.rematch,
            connection: self.connection,
            resume_sent: self.resume_sent.clone(),
            claimed_by: self.claimed_by,
        }
    }

    fn frame(&self, message: Message) -> Vec<u8> {
        encode(&Frame::new(self.game_id, message))
    }

    fn peer(&self) -> Color {
        self.me.flip()
    }

    /// The side that makes move `ply` (from 0).
    fn mover(&self, ply: usize) -> Color {
        let first = self.game.start_position().side_to_move();
        if ply.is_multiple_of(2) {
            first
        } else {
            first.flip()
        }
    }

    /// How many moves a take-back asked by `side` removes: back to before
    /// its last move (0 when it has made none).
    fn takeback_plies(&self, side: Color) -> usize {
        let count = self.game.ply_count();
        (0..count)
            .rev()
            .find(|&i| self.mover(i) == side)
            .map_or(0, |i| count - i)
    }

    fn ply(&self) -> u32 {
        self.game.ply_count() as u32
    }

    /// The game has ended: the clock stops and requests lapse.
    fn finish(&mut self, now: u64) {
        if let Some(clock) = self.clock.as_mut() {
            clock.stop(now);
        }
        self.takeback = None;
    }

    fn take_back(&mut self, plies: usize, now: u64) {
        for _ in 0..plies {
            self.game.undo();
        }
        let to_move = self.game.position().side_to_move();
        if let Some(clock) = self.clock.as_mut() {
            clock.hand_over(to_move, now);
        }
        self.takeback = None;
    }

    // ----- The channel -----

    /// The channel opened at `now`: the first time, nothing to send; after
    /// a drop, our `Resume` to send.
    pub fn channel_opened(&mut self, now: u64) -> Option<Vec<u8>> {
        let _ = now;
        self.offline = false;
        self.connection = self.connection.next(Signal::Opened);
        if !matches!(self.connection, Connection::Reconnecting { .. }) {
            return None;
        }
        let resume = self.my_resume();
        self.resume_sent = Some(resume.clone());
        Some(self.frame(Message::Resume(resume)))
    }

    /// The channel dropped at `now`: no clock runs until it is resumed.
    pub fn channel_closed(&mut self, now: u64) {
        if self.connection == Connection::Connected {
            if let Some(clock) = self.clock.as_mut() {
                clock.stop(now);
            }
        }
        let left = if self.offline { Left::Us } else { Left::Them };
        self.connection = self.connection.next(Signal::Closed { now, left });
        self.resume_sent = None;
    }

    /// The browser says this page's network went (`online` false) or came
    /// back. A drop while offline is this page's: it waits to reconnect
    /// and cannot claim. Back online with the channel still open, the
    /// blip is forgotten.
    pub fn network_changed(&mut self, online: bool) {
        if online {
            if self.connection.is_open() {
                self.offline = false;
            }
        } else {
            self.offline = true;
            self.connection = self.connection.went_offline();
        }
    }

    fn my_resume(&self) -> Resume {
        self.resume_with(self.clock.as_ref())
    }

    /// Our `Resume` with `clock`'s times.
    fn resume_with(&self, clock: Option<&NetClock>) -> Resume {
        Resume {
            claimed: self.claimed_by == Some(self.me),
            ..resume_of(&self.game.uci_moves(), clock.map(NetClock::times))
        }
    }

    /// The opponent has been away for the whole countdown: the game is
    /// ours, the absent side losing as on time.
    pub fn claim(&mut self, now: u64) -> Result<Outcome, LocalError> {
        self.playing()?;
        if !self.connection.may_claim(now) {
            return Err(LocalError::CannotClaim);
        }
        let outcome = self
            .game
            .lose_on_time(self.peer())
            .map_err(LocalError::Illegal)?;
        self.claimed_by = Some(self.me);
        self.finish(now);
        Ok(outcome)
    }

    // ----- The local player's actions -----

    fn playing(&self) -> Result<(), LocalError> {
        if !self.started {
            return Err(LocalError::NotStarted);
        }
        if self.game.is_over() {
            return Err(LocalError::GameOver);
        }
        Ok(())
    }

    fn connected(&self) -> Result<(), LocalError> {
        if self.connection.is_open() {
            Ok(())
        } else {
            Err(LocalError::NotConnected)
        }
    }

    /// The invited page takes the terms at `now`: the game starts (White's
    /// clock runs) and the acceptance is to be sent.
    pub fn accept(&mut self, now: u64) -> Result<Vec<u8>, LocalError> {
        self.connected()?;
        if self.started {
            return Err(LocalError::AlreadyStarted);
        }
        self.start(now);
        Ok(self.frame(Message::Accept))
    }

    fn start(&mut self, now: u64) {
        self.started = true;
        let to_move = self.game.position().side_to_move();
        if let Some(clock) = self.clock.as_mut() {
            clock.start(to_move, now);
        }
    }

    /// Plays our move (UCI or SAN) at `now`; the bytes to send.
    pub fn play_local(&mut self, text: &str, now: u64) -> Result<Vec<u8>, LocalError> {
        self.playing()?;
        self.connected()?;
        if self.game.position().side_to_move() != self.me {
            return Err(LocalError::NotYourTurn);
        }
        if self.takeback.is_some_and(|t| t.by == self.me) {
            return Err(LocalError::TakebackPending);
        }
        let mv = self
            .game
            .position()
            .parse_move(text)
            .map_err(|e| LocalError::Illegal(e.into()))?;
        self.legal(mv).map_err(LocalError::Illegal)?;
        let clock = match self.clock.as_mut() {
            Some(clock) => Some(clock.own_move(now).ok_or(LocalError::OutOfTime)?),
            None => None,
        };
        let ply = self.ply();
        let uci = self.game.position().uci(mv);
        if self.game.play(mv).map_err(LocalError::Illegal)?.is_some() {
            self.finish(now);
        }
        Ok(self.frame(Message::Move { ply, uci, clock }))
    }

    /// Whether `mv` may be played now (the repetition rule included), with
    /// the game untouched.
    fn legal(&self, mv: Move) -> Result<(), PlayError> {
        if self.game.legal_moves().contains(mv) {
            return Ok(());
        }
        // The engine names the reason.
        let mut trial = self.game.clone();
        trial.play(mv)?;
        Err(PlayError::Move(crate::engine::MoveError::Illegal(
            self.game.position().uci(mv),
        )))
    }

    pub fn resign(&mut self, now: u64) -> Result<Vec<u8>, LocalError> {
        self.playing()?;
        self.connected()?;
        self.game.resign(self.me).map_err(LocalError::Illegal)?;
        self.finish(now);
        Ok(self.frame(Message::Resign))
    }

    pub fn request_takeback(&mut self) -> Result<Vec<u8>, LocalError> {
        self.playing()?;
        self.connected()?;
        if self.takeback.is_some() {
            return Err(LocalError::TakebackPending);
        }
        if self.takeback_plies(self.me) == 0 {
            return Err(LocalError::NothingToTakeBack);
        }
        let ply = self.ply();
        self.takeback = Some(Takeback { by: self.me, ply });
        Ok(self.frame(Message::TakebackRequest { ply }))
    }

    pub fn answer_takeback(&mut self, accept: bool, now: u64) -> Result<Vec<u8>, LocalError> {
        self.playing()?;
        self.connected()?;
        if self.takeback.is_none_or(|t| t.by != self.peer()) {
            return Err(LocalError::NoTakebackAsked);
        }
        if accept {
            self.take_back(self.takeback_plies(self.peer()), now);
        }
        self.takeback = None;
        let ply = self.ply();
        Ok(self.frame(Message::TakebackAnswer { accept, ply }))
    }

    /// Offers a rematch, numbered `game_id` (a new random number).
    pub fn offer_rematch(&mut self, game_id: u64) -> Result<Vec<u8>, LocalError> {
        self.connected()?;
        if !self.game.is_over() {
            return Err(LocalError::RematchNotNow);
        }
        self.rematch = Some(RematchOffer {
            by: self.me,
            game_id,
        });
        Ok(self.frame(Message::Rematch { game_id }))
    }

    /// Answers the opponent's offer: the bytes to send, and the new game's
    /// number when accepted (start it with [`Session::rematch`]).
    pub fn answer_rematch(&mut self, accept: bool) -> Result<(Vec<u8>, Option<u64>), LocalError> {
        self.connected()?;
        let offer = self
            .rematch
            .filter(|o| o.by == self.peer())
            .ok_or(LocalError::NoRematchOffered)?;
        self.rematch = None;
        let bytes = self.frame(Message::RematchAnswer { accept });
        Ok((bytes, accept.then_some(offer.game_id)))
    }

    /// The rematch agreed as game `game_id`: the same terms, the colours
    /// swapped, started at `now` on the same channel.
    pub fn rematch(&self, game_id: u64, now: u64) -> Session {
        let terms = Invite {
            inviter: self.terms.inviter.flip(),
            ..self.terms.clone()
        };
        let mut next =
            Session::new(game_id, terms, self.me.flip()).expect("the terms made a game before");
        next.connection = self.connection;
        next.start(now);
        next
    }

    pub fn say(&self, phrase: Phrase) -> Result<Vec<u8>, LocalError> {
        self.connected()?;
        Ok(self.frame(Message::Phrase(phrase)))
    }

    pub fn ping(&self, now: u64) -> Vec<u8> {
        self.frame(Message::Ping { sent_ms: now })
    }

    /// Looks at the clocks at `now` (the page calls it often): when the
    /// side to move has run out, the game is lost on time and the flag is
    /// to be sent.
    pub fn tick(&mut self, now: u64) -> Option<(Outcome, Vec<u8>)> {
        self.playing().ok()?;
        let side = self.clock.as_ref()?.overdue(now)?;
        let outcome = self.game.lose_on_time(side).ok()?;
        if let Some(clock) = self.clock.as_mut() {
            clock.flag(side);
        }
        self.takeback = None;
        let ply = self.ply();
        Some((outcome, self.frame(Message::Flag { ply })))
    }

    // ----- The other page's messages -----

    /// Reads and applies the other page's bytes, received at `now`.
    pub fn receive(&mut self, bytes: &[u8], now: u64) -> Result<Event, Refusal> {
        let frame = decode(bytes).map_err(Refusal::Unreadable)?;
        if frame.game_id != self.game_id {
            return Err(Refusal::WrongGame {
                expected: self.game_id,
                got: frame.game_id,
            });
        }
        match frame.message {
            Message::Ping { sent_ms } => Ok(Event::Ping {
                reply: self.frame(Message::Pong { echo_ms: sent_ms }),
            }),
            Message::Pong { echo_ms } => Ok(Event::Pong {
                round_trip_ms: now.saturating_sub(echo_ms),
            }),
            Message::Resume(resume) => self.on_resume(resume, now),
            _ if matches!(
                self.connection,
                Connection::Disconnected { .. }
                    | Connection::Reconnecting { .. }
                    | Connection::Failed
            ) =>
            {
                Err(Refusal::NotResumed)
            }
            Message::Invite(_) => Err(Refusal::AlreadyStarted),
            Message::Accept => self.on_accept(now),
            Message::Move { ply, uci, clock } => self.on_move(ply, uci, clock, now),
            Message::Resign => self.on_resign(now),
            Message::TakebackRequest { ply } => self.on_takeback_request(ply),
            Message::TakebackAnswer { accept, ply } => self.on_takeback_answer(accept, ply, now),
            Message::Rematch { game_id } => self.on_rematch(game_id),
            Message::RematchAnswer { accept } => self.on_rematch_answer(accept),
            Message::Phrase(phrase) => Ok(Event::Phrase(phrase)),
            Message::Flag { ply } => self.on_flag(ply, now),
        }
    }

    fn in_play(&self) -> Result<(), Refusal> {
        match self.playing() {
            Err(LocalError::NotStarted) => Err(Refusal::NotStarted),
            Err(_) => Err(Refusal::GameOver),
            Ok(()) => Ok(()),
        }
    }

    fn on_accept(&mut self, now: u64) -> Result<Event, Refusal> {
        // Only the inviting page waits for an acceptance.
        if self.started || self.me != self.terms.inviter {
            return Err(Refusal::AlreadyStarted);
        }
        self.start(now);
        Ok(Event::Started)
    }

    fn on_move(
        &mut self,
        ply: u32,
        uci: String,
        reported: Option<Time>,
        now: u64,
    ) -> Result<Event, Refusal> {
        self.in_play()?;
        if self.game.position().side_to_move() != self.peer() {
            return Err(Refusal::OutOfTurn);
        }
        if ply != self.ply() {
            return Err(Refusal::WrongPly {
                expected: self.ply(),
                got: ply,
            });
        }
        if self.takeback.is_some_and(|t| t.by == self.peer()) {
            return Err(Refusal::TakebackPending);
        }
        let illegal = |reason: String| Refusal::Illegal {
            ply,
            uci: uci.clone(),
            reason,
        };
        let mv = self
            .game
            .position()
            .parse_uci(&uci)
            .map_err(|e| illegal(e.to_string()))?;
        self.legal(mv).map_err(|e| illegal(e.to_string()))?;
        let check = match (reported, self.clock.as_mut()) {
            (Some(time), Some(clock)) => Some(
                clock
                    .peer_move(time, now)
                    .map_err(|Late { over_ms }| Refusal::Late { over_ms })?,
            ),
            (None, None) => None,
            (None, Some(_)) => return Err(Refusal::ClockMissing),
            (Some(_), None) => return Err(Refusal::ClockUnexpected),
        };
        let outcome = self.game.play(mv).expect("checked as legal");
        if outcome.is_some() {
            self.finish(now);
        }
        Ok(Event::Moved {
            uci,
            clock: check,
            outcome,
        })
    }

    fn on_resign(&mut self, now: u64) -> Result<Event, Refusal> {
        self.in_play()?;
        let outcome = self
            .game
            .resign(self.peer())
            .map_err(|_| Refusal::GameOver)?;
        self.finish(now);
        Ok(Event::Resigned(outcome))
    }

    fn on_takeback_request(&mut self, ply: u32) -> Result<Event, Refusal> {
        self.in_play()?;
        match self.takeback {
            Some(t) if t.by == self.me => {
                self.takeback = None;
                return Ok(Event::TakebackCrossed);
            }
            Some(_) => return Err(Refusal::TakebackPending),
            None => {}
        }
        let count = self.ply();
        // Asked when our last move had not reached the requester yet: it
        // still means its own last move.
        let crossed = ply + 1 == count && self.mover(ply as usize) == self.me;
        if ply != count && !crossed {
            return Err(Refusal::WrongPly {
                expected: count,
                got: ply,
            });
        }
        let plies = self.takeback_plies(self.peer());
        if plies == 0 {
            return Err(Refusal::NothingToTakeBack);
        }
        self.takeback = Some(Takeback {
            by: self.peer(),
            ply,
        });
        Ok(Event::TakebackAsked { plies })
    }

    fn on_takeback_answer(&mut self, accept: bool, ply: u32, now: u64) -> Result<Event, Refusal> {
        self.in_play()?;
        if self.takeback.is_none_or(|t| t.by != self.me) {
            return Err(Refusal::NoTakebackPending);
        }
        if !accept {
            self.takeback = None;
            return Ok(Event::TakebackDeclined);
        }
        let plies = self.takeback_plies(self.me);
        let expected = (self.game.ply_count() - plies) as u32;
        if ply != expected {
            return Err(Refusal::WrongPly { expected, got: ply });
        }
        self.take_back(plies, now);
        Ok(Event::TakenBack { plies })
    }

    fn on_rematch(&mut self, game_id: u64) -> Result<Event, Refusal> {
        if !self.game.is_over() {
            return Err(Refusal::RematchNotNow);
        }
        match self.rematch {
            // Offers that cross: both pages start the lower number.
            Some(mine) if mine.by == self.me => {
                self.rematch = None;
                Ok(Event::RematchAgreed {
                    game_id: mine.game_id.min(game_id),
                })
            }
            _ => {
                self.rematch = Some(RematchOffer {
                    by: self.peer(),
                    game_id,
                });
                Ok(Event::RematchOffered { game_id })
            }
        }
    }

    fn on_rematch_answer(&mut self, accept: bool) -> Result<Event, Refusal> {
        let offer = self
            .rematch
            .filter(|o| o.by == self.me)
            .ok_or(Refusal::NoRematchPending)?;
        self.rematch = None;
        Ok(if accept {
            Event::RematchAgreed {
                game_id: offer.game_id,
            }
        } else {
            Event::RematchDeclined
        })
    }

    fn on_flag(&mut self, ply: u32, now: u64) -> Result<Event, Refusal> {
        self.in_play()?;
        let Some(clock) = self.clock.as_ref() else {
            return Err(Refusal::Untimed);
        };
        let count = self.ply();
        let flagged = self.mover(ply as usize);
        // Our move was on its way when the other page called our flag.
        let in_flight = ply + 1 == count && flagged == self.me;
        if ply != count && !in_flight {
            return Err(Refusal::WrongPly {
                expected: count,
                got: ply,
            });
        }
        if flagged == self.me && !clock.claim_holds(in_flight, now) {
            let reading = clock.reading(self.me, now);
            return Err(Refusal::FlagTooEarly {
                left_ms: reading.period_ms.unwrap_or(reading.main_ms),
            });
        }
        if in_flight {
            self.game.undo();
        }
        let outcome = self
            .game
            .lose_on_time(flagged)
            .map_err(|_| Refusal::GameOver)?;
        if let Some(clock) = self.clock.as_mut() {
            clock.flag(flagged);
        }
        self.takeback = None;
        Ok(Event::Flagged(outcome))
    }

    fn on_resume(&mut self, theirs: Resume, now: u64) -> Result<Event, Refusal> {
        if !self.started {
            return Err(Refusal::NotStarted);
        }
        if self.connection == Connection::Failed {
            return Err(Refusal::Conflict(Conflict::Differ { number: 0 }));
        }
        if self.clock.is_some() != theirs.clocks.is_some() {
            return Err(if self.clock.is_some() {
                Refusal::ClockMissing
            } else {
                Refusal::ClockUnexpected
            });
        }
        // What we said (or say now) of our game, our clocks stopped.
        let mut clock = self.clock.clone();
        if self.connection == Connection::Connected {
            if let Some(c) = clock.as_mut() {
                c.stop(now);
            }
        }
        let mine = match &self.resume_sent {
            Some(sent) => sent.clone(),
            None => self.resume_with(clock.as_ref()),
        };
        let moves = self.game.uci_moves();
        let mut caught_up = match reconcile(&moves, &theirs) {
            Ok(moves) => moves,
            Err(conflict) => {
                self.connection = Connection::Failed;
                return Err(Refusal::Conflict(conflict));
            }
        };
        let mut game = self.game.clone();
        // A claim stands where it was made; two claims lapse.
        let claimed = self.claimed_by == Some(self.me);
        let lapsed = claimed && theirs.claimed;
        if lapsed {
            game.withdraw_declaration();
        } else if claimed {
            // Our game ended at our claim: moves of theirs we never saw
            // are not played.
            caught_up.clear();
        } else if theirs.claimed {
            // Moves of ours that never reached the claimer are taken back.
            while game.ply_count() > theirs.ply as usize {
                game.undo();
            }
        }
        for (k, uci) in caught_up.iter().enumerate() {
            let played = game
                .position()
                .parse_uci(uci)
                .map_err(PlayError::from)
                .and_then(|mv| game.play(mv));
            if played.is_err() {
                self.connection = Connection::Failed;
                return Err(Refusal::Conflict(Conflict::Illegal {
                    number: moves.len() + k + 1,
                    uci: uci.clone(),
                }));
            }
        }
        // (A game that ended on the board keeps its end.)
        let claim = if theirs.claimed && !lapsed {
            game.lose_on_time(self.me).ok()
        } else {
            None
        };
        if let (Some(c), Some(my_times), Some(their_times)) =
            (clock.as_mut(), mine.clocks, theirs.clocks)
        {
            // Both pages bring the clocks to the longer game's ply, then
            // take the lower figure for each side.
            let control = c.control();
            let mine_at = mine.ply as usize;
            let theirs_at = theirs.ply as usize;
            let end = game.ply_count();
            let movers = |from: usize| (from..end).map(|i| self.mover(i)).collect::<Vec<_>>();
            let agreed = agree(
                control.caught_up(my_times, movers(mine_at)),
                control.caught_up(their_times, movers(theirs_at)),
            );
            c.set_times(agreed);
            if !game.is_over() {
                c.start(game.position().side_to_move(), now);
            }
        }
        let reply = self
            .resume_sent
            .is_none()
            .then(|| self.frame(Message::Resume(mine)));
        self.game = game;
        self.clock = clock;
        self.takeback = None;
        self.rematch = None;
        self.resume_sent = None;
        self.connection = Connection::Connected;
        if lapsed {
            self.claimed_by = None;
            return Ok(Event::ClaimsLapsed { caught_up, reply });
        }
        Ok(match claim {
            Some(outcome) => {
                self.claimed_by = Some(self.peer());
                Event::Claimed { outcome, reply }
            }
            None => Event::Resumed { caught_up, reply },
        })
    }
}
