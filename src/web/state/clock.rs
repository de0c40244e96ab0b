//! The clock of a game between two players at one device, as the page
//! keeps it: the clock itself, what the next game's clock is to be, and the
//! time of the last tick.

use crate::protocol::{Side, Snapshot};
use crate::web::clock::{Clock, ClockLine};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct ClockState {
    pub clock: Option<Clock>,
    /// The clock asked for the game being started (minutes, increment).
    pub wish: Option<(u32, u32)>,
    /// The clock the game shown was started with, for a rematch (not known
    /// of a game resumed after a reload).
    pub started: Option<(u32, u32)>,
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
        self.started = self.wish.take();
        self.clock = match (self.started, self.saved.take()) {
            (Some((minutes, increment)), _) => Some(Clock::new(minutes, increment)),
            (None, Some(line)) => Clock::resume(&line, snap),
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

    /// A tick at `now`: the side whose flag falls now, the first time.
    pub fn tick(&mut self, now: f64) -> Option<Side> {
        self.now = now;
        if self.flag.is_some() {
            return None;
        }
        self.flag = self.clock.as_ref().and_then(|c| c.flagged(now));
        self.flag
    }
}
