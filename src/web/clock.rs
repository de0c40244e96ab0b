//! A chess clock for two players at one device: minutes per side plus an
//! increment per move. The page keeps it (the engine knows no time); it
//! follows the game's snapshots and tells when a side's time is up, which
//! the worker then records as a loss on time.
//!
//! Plain Rust with time passed in (milliseconds), tested natively.

use crate::protocol::{Side, Snapshot};

#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    pub increment_ms: f64,
    /// Time left per side (White, Black) when its turn last ended.
    left: [f64; 2],
    /// The side whose time is running, and since when.
    running: Option<(Side, f64)>,
    /// The game it times (the first one it sees) and its moves so far.
    game: Option<(u32, usize)>,
}

impl Clock {
    pub fn new(minutes: u32, increment_s: u32) -> Clock {
        let base = f64::from(minutes) * 60_000.0;
        Clock {
            increment_ms: f64::from(increment_s) * 1000.0,
            left: [base; 2],
            running: None,
            game: None,
        }
    }

    /// A side's time left at `now` (never below zero).
    pub fn left(&self, side: Side, now: f64) -> f64 {
        let spent = match self.running {
            Some((s, since)) if s == side => (now - since).max(0.0),
            _ => 0.0,
        };
        (self.left[side.index()] - spent).max(0.0)
    }

    pub fn running(&self) -> Option<Side> {
        self.running.map(|(s, _)| s)
    }

    /// Whether this clock times the game of `snap` (`false` once another
    /// game is shown: the clock belonged to the one before).
    pub fn times(&self, snap: &Snapshot) -> bool {
        self.game.is_none_or(|(id, _)| id == snap.game_id)
    }

    /// Follows a new snapshot of the game at `now`: a move charges the
    /// mover's time and adds the increment, a take-back only hands the
    /// turn over, the end of the game stops the clock.
    pub fn follow(&mut self, snap: &Snapshot, now: f64) {
        if !self.times(snap) {
            return;
        }
        let plies = snap.san.len();
        if let Some((side, since)) = self.running.take() {
            self.left[side.index()] -= (now - since).max(0.0);
            let moved = self.game.is_some_and(|(_, before)| plies > before);
            if moved {
                self.left[side.index()] += self.increment_ms;
            }
        }
        self.game = Some((snap.game_id, plies));
        if snap.ending.is_none() {
            self.running = Some((snap.to_move, now));
        }
    }

    /// The side whose time has run out at `now`.
    pub fn flagged(&self, now: f64) -> Option<Side> {
        self.running().filter(|&s| self.left(s, now) <= 0.0)
    }
}

/// `4:59`, `0:07.3` (tenths in the last ten seconds).
pub fn format(ms: f64) -> String {
    let ms = ms.max(0.0);
    if ms < 10_000.0 {
        let tenths = (ms / 100.0).floor() as u64;
        format!("0:{:02}.{}", tenths / 10, tenths % 10)
    } else {
        let s = (ms / 1000.0).ceil() as u64;
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Request;
    use crate::web::session::testing::{play, two_players};
    use crate::web::session::Session;

    fn session() -> Session {
        two_players(3)
    }

    #[test]
    fn each_side_spends_its_own_time_and_gains_the_increment() {
        let mut s = session();
        let mut clock = Clock::new(5, 2);
        clock.follow(&s.snapshot(), 1_000.0);
        assert_eq!(clock.running(), Some(Side::White));
        assert_eq!(clock.left(Side::White, 11_000.0), 290_000.0);
        assert_eq!(clock.left(Side::Black, 11_000.0), 300_000.0);
        play(&mut s, "e3e4");
        clock.follow(&s.snapshot(), 31_000.0);
        // White thought 30 s and gained 2 s; now Black's time runs.
        assert_eq!(clock.left(Side::White, 40_000.0), 272_000.0);
        assert_eq!(clock.left(Side::Black, 41_000.0), 290_000.0);
        // A take-back hands the turn back with no increment.
        s.handle(Request::TakeBack).unwrap();
        clock.follow(&s.snapshot(), 36_000.0);
        assert_eq!(clock.running(), Some(Side::White));
        assert_eq!(clock.left(Side::Black, 36_000.0), 295_000.0);
        assert_eq!(clock.flagged(36_000.0), None);
        assert_eq!(clock.flagged(36_000.0 + 272_000.0), Some(Side::White));
        assert_eq!(clock.left(Side::White, 1e9), 0.0);
    }

    #[test]
    fn the_clock_stops_at_the_end_and_ignores_other_games() {
        let mut s = session();
        let mut clock = Clock::new(1, 0);
        clock.follow(&s.snapshot(), 0.0);
        s.handle(Request::Resign(Side::White)).unwrap();
        clock.follow(&s.snapshot(), 5_000.0);
        assert_eq!(clock.running(), None);
        assert_eq!(clock.left(Side::White, 1e9), 55_000.0);
        let mut other = s.snapshot();
        other.game_id = 4;
        assert!(!clock.times(&other));
    }

    #[test]
    fn times_read_as_on_a_chess_clock() {
        assert_eq!(format(300_000.0), "5:00");
        assert_eq!(format(299_001.0), "5:00");
        assert_eq!(format(61_000.0), "1:01");
        assert_eq!(format(9_950.0), "0:09.9");
        assert_eq!(format(-5.0), "0:00.0");
    }
}
