//! The clock of a game between two players at one device, as the page
//! keeps it: the clock itself, what the next game's clock is to be, and the
//! time of the last tick.

use crate::protocol::{Player, Request, Side, Snapshot, TimeLeft};
use crate::web::clock::{Clock, ClockLine, TimeControl};

use super::State;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct ClockState {
    pub clock: Option<Clock>,
    /// The clock asked for the game being started.
    pub wish: Option<TimeControl>,
    /// The clock the game shown was started with, for a rematch.
    pub started: Option<TimeControl>,
    /// The clock saved with the game being resumed, for its first snapshot.
    pub saved: Option<ClockLine>,
    /// The time of the last tick or snapshot (ms).
    pub now: f64,
    /// The side whose time ran out (the worker is told once).
    pub flag: Option<Side>,
}

impl ClockState {
    /// A new game's clock: the one asked for, else the one it was saved with.
    pub fn new_game(&mut self, snap: &Snapshot) {
        let saved = self.saved.take();
        self.started = self.wish.take();
        self.clock = match (self.started, saved) {
            (Some(control), _) => Some(Clock::new(control)),
            (None, Some(line)) => {
                self.started = line.control();
                Clock::resume(&line, snap)
            }
            (None, None) => None,
        };
        self.flag = None;
    }

    /// The clock follows the game shown, at `now`.
    pub fn follow(&mut self, snap: Option<&Snapshot>, now: f64) {
        self.now = now;
        if let (Some(clock), Some(snap)) = (self.clock.as_mut(), snap) {
            clock.follow(snap, now);
        }
    }

    /// A tick at `now`: the human side whose flag falls now, the first time
    /// (the computer's time is judged where it thinks, in the worker).
    pub fn tick(&mut self, now: f64, players: [Player; 2]) -> Option<Side> {
        self.now = now;
        if self.flag.is_some() {
            return None;
        }
        let humans = players.map(|p| p == Player::Human);
        self.flag = self.clock.as_ref().and_then(|c| c.flagged(now, humans));
        self.flag
    }

    /// The clock of a game against a friend, as the online game keeps it
    /// (its moves `plies`).
    #[cfg(feature = "study")]
    pub fn follow_friend(&mut self, view: &crate::protocol::friend::FriendView, plies: usize) {
        let (crate::net::Timing::Live(c), Some(times)) = (view.terms.timing, view.clock) else {
            return;
        };
        let control = TimeControl {
            minutes: c.minutes,
            increment_s: c.increment_s,
            byoyomi_s: c.byoyomi_s,
            periods: c.periods,
        };
        let clock = self.clock.get_or_insert_with(|| Clock::new(control));
        if clock.control != control {
            *clock = Clock::new(control);
        }
        clock.set(
            times.times.map(|t| (t.main_ms as f64, t.periods)),
            times.running.map(|(side, since)| (side, since as f64)),
            (view.id, plies),
        );
        self.started = Some(control);
    }

    /// The running side's time is out at `now` (the online game is asked
    /// to call the flag: its rule allows for lag).
    #[cfg(feature = "study")]
    pub fn out(&mut self, now: f64) -> bool {
        self.now = now;
        self.clock
            .as_ref()
            .and_then(|c| c.running().map(|side| c.reading(side, now).out()))
            .unwrap_or(false)
    }

    /// The computer's time for its next move, when the game has a clock
    /// and a computer plays.
    pub fn computer_time(&self, players: [Player; 2]) -> Option<TimeLeft> {
        self.clock.as_ref()?.computer_time(players, self.now)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum ClockAction {
    /// A new game was asked for, with this side at the bottom and this
    /// clock.
    Start(Side, Option<TimeControl>),
    /// The clock follows the snapshot just shown, at this time.
    Follow(f64),
    /// The game being resumed had this clock.
    Resume(ClockLine),
    /// The clock's display moves on (and a fallen flag is told).
    Tick(f64),
}

impl State {
    /// The clock: returns the requests the worker must hear (a fallen
    /// flag, a premove played once the clock has followed the reply).
    pub(super) fn reduce_clock(&mut self, action: ClockAction) -> Vec<Request> {
        match action {
            ClockAction::Start(side, clock) => {
                self.clock.wish = clock;
                self.view.bottom_wish = Some(side);
                self.dialogs.open = None;
                self.premove = None;
                // A game started here is played, whatever the link said.
                self.view.viewer = false;
            }
            ClockAction::Follow(now) => {
                self.clock.follow(self.snapshot.as_deref(), now);
                // The premove goes once the clock has followed the reply, so
                // that the computer's time sent with it is right.
                return self.play_premove();
            }
            ClockAction::Resume(line) => self.clock.saved = Some(line),
            #[cfg(feature = "study")]
            ClockAction::Tick(now) if self.befriended() => {
                if self.clock.out(now) {
                    return vec![Request::Friend(
                        crate::protocol::friend::FriendRequest::Tick,
                    )];
                }
            }
            ClockAction::Tick(now) => {
                let players = self
                    .snapshot
                    .as_ref()
                    .map_or([Player::Human; 2], |s| s.players);
                return self
                    .clock
                    .tick(now, players)
                    .map(Request::Flag)
                    .into_iter()
                    .collect();
            }
        }
        Vec::new()
    }
}
