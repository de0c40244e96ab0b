//! The clock of a game between two players at one device, as the page
//! keeps it: the clock itself, what the next game's clock is to be, and the
//! time of the last tick.

use crate::protocol::{Player, Side, Snapshot, TimeLeft};
use crate::web::clock::{Clock, ClockLine, TimeControl};

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

    /// The computer's time for its next move, when the game has a clock
    /// and a computer plays.
    pub fn computer_time(&self, players: [Player; 2]) -> Option<TimeLeft> {
        self.clock.as_ref()?.computer_time(players, self.now)
    }
}
