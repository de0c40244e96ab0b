//! A chess clock for two players at one device: minutes per side plus an
//! increment per move. The page keeps it (the engine knows no time); it
//! follows the game's snapshots and tells when a side's time is up, which
//! the worker then records as a loss on time.
//!
//! Plain Rust with time passed in (milliseconds since 1970, as
//! `Date.now()` gives them), tested natively.

use std::fmt;

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

/// A clock as it is saved with its game (`web::saved`, line 6), so that a
/// reload finds it as it was: `clock PLIES INCREMENT WHITE BLACK RUNNING SINCE`
/// with times in whole milliseconds. PLIES is the length of the game the clock
/// last followed, RUNNING is `w`, `b` or `-`, and SINCE (`-` when stopped) is
/// when the running side's time began to run. Time goes on while the page is
/// away, as on a clock on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockLine {
    plies: usize,
    increment_ms: u64,
    left: [u64; 2],
    running: Option<(Side, u64)>,
}

impl ClockLine {
    /// The clock in a saved line (`None` unless it is exactly as written).
    pub fn parse(line: &str) -> Option<ClockLine> {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [tag, plies, increment, white, black, side, since] = fields[..] else {
            return None;
        };
        let ms = |s: &str| s.parse::<u64>().ok().filter(|&n| n < 1 << 53);
        let running = match (side, since) {
            ("-", "-") => None,
            ("w" | "b", since) => Some((Side::parse(side)?, ms(since)?)),
            _ => return None,
        };
        (tag == "clock").then_some(())?;
        Some(ClockLine {
            plies: plies.parse().ok()?,
            increment_ms: ms(increment)?,
            left: [ms(white)?, ms(black)?],
            running,
        })
    }
}

impl fmt::Display for ClockLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [white, black] = self.left;
        write!(
            f,
            "clock {} {} {white} {black} ",
            self.plies, self.increment_ms
        )?;
        match self.running {
            Some((side, since)) => write!(f, "{} {since}", &side.id()[..1]),
            None => write!(f, "- -"),
        }
    }
}

impl Clock {
    /// What is saved of the clock, once it follows a game.
    pub fn line(&self) -> Option<ClockLine> {
        let (_, plies) = self.game?;
        let ms = |t: f64| t.max(0.0).round() as u64;
        Some(ClockLine {
            plies,
            increment_ms: ms(self.increment_ms),
            left: self.left.map(ms),
            running: self.running.map(|(side, since)| (side, ms(since))),
        })
    }

    /// The saved clock, timing the game of `snap` again: the game read back
    /// with it, either as long as the clock knew it or one move longer (the
    /// move was saved, and the page went away before the clock followed it;
    /// following the snapshot charges that move as usual). Otherwise the
    /// clock belonged to another game and is not resumed.
    pub fn resume(line: &ClockLine, snap: &Snapshot) -> Option<Clock> {
        let plies = snap.san.len();
        (line.plies == plies || line.plies + 1 == plies).then(|| Clock {
            increment_ms: line.increment_ms as f64,
            left: line.left.map(|t| t as f64),
            running: line.running.map(|(side, since)| (side, since as f64)),
            game: Some((snap.game_id, line.plies)),
        })
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
    use crate::worker::testing::{play, two_players, Ask};
    use crate::worker::Session;

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
        s.ask(Request::TakeBack { reopened: false }).unwrap();
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
        s.ask(Request::Resign(Side::White)).unwrap();
        clock.follow(&s.snapshot(), 5_000.0);
        assert_eq!(clock.running(), None);
        assert_eq!(clock.left(Side::White, 1e9), 55_000.0);
        let mut other = s.snapshot();
        other.game_id = 4;
        assert!(!clock.times(&other));
    }

    #[test]
    fn a_saved_clock_resumes_where_it_stood_and_time_runs_on_meanwhile() {
        let mut s = session();
        let mut clock = Clock::new(5, 2);
        clock.follow(&s.snapshot(), 1_000.0);
        play(&mut s, "e3e4");
        clock.follow(&s.snapshot(), 31_000.0);
        let line = clock.line().unwrap();
        assert_eq!(line.to_string(), "clock 1 2000 272000 300000 b 31000");
        assert_eq!(ClockLine::parse(&line.to_string()), Some(line.clone()));
        // The page is reloaded: a new worker gives the game a new id.
        let mut again = s.snapshot();
        again.game_id += 1;
        let mut resumed = Clock::resume(&line, &again).unwrap();
        resumed.follow(&again, 41_000.0);
        // Black's time ran through the reload; no increment, no move.
        assert_eq!(resumed.running(), Some(Side::Black));
        assert_eq!(resumed.left(Side::Black, 41_000.0), 290_000.0);
        assert_eq!(resumed.left(Side::White, 41_000.0), 272_000.0);
        // Saved before Black's reply reached the clock: the reply is charged.
        play(&mut s, "e7e6");
        let mut longer = s.snapshot();
        longer.game_id += 1;
        let mut resumed = Clock::resume(&line, &longer).unwrap();
        resumed.follow(&longer, 51_000.0);
        assert_eq!(resumed.running(), Some(Side::White));
        assert_eq!(resumed.left(Side::Black, 51_000.0), 282_000.0);
        // Another game: the clock is not resumed.
        play(&mut s, "e4e5");
        assert_eq!(Clock::resume(&line, &s.snapshot()), None);
        // A clock that stopped (the game ended) stays stopped.
        s.ask(Request::Resign(Side::Black)).unwrap();
        clock.follow(&s.snapshot(), 60_000.0);
        let stopped = clock.line().unwrap().to_string();
        assert!(stopped.ends_with(" - -"), "{stopped}");
        assert_eq!(ClockLine::parse(&stopped).unwrap().to_string(), stopped);
        // A clock that never followed a game has nothing to save.
        assert_eq!(Clock::new(1, 0).line(), None);
    }

    #[test]
    fn only_a_well_formed_clock_line_is_read() {
        for bad in [
            "",
            "clock",
            "clock 1 2000 272000 300000 b",
            "clock 1 2000 272000 300000 b 31000 9",
            "clack 1 2000 272000 300000 b 31000",
            "clock -1 2000 272000 300000 b 31000",
            "clock 1 2000 2.5 300000 b 31000",
            "clock 1 2000 272000 300000 x 31000",
            "clock 1 2000 272000 300000 - 31000",
            "clock 1 2000 272000 300000 w -",
            "clock 1 2000 99999999999999999999 300000 w 5",
        ] {
            assert_eq!(ClockLine::parse(bad), None, "{bad:?}");
        }
        assert!(ClockLine::parse("clock 0 0 60000 60000 w 0").is_some());
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
