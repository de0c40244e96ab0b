//! A chess clock for the game on the board: minutes per side plus an
//! increment per move, and byoyomi (after the main time, each move must be
//! made within a period of seconds; a period overrun is lost, the last one
//! loses the game), as lishogi and pychess offer for drop games. The page
//! keeps it; it follows the game's snapshots and tells when a human's time
//! is up, which the worker then records as a loss on time (the computer's
//! own time is judged in the worker, where it thinks: see
//! [`crate::protocol::TimeLeft`]).
//!
//! Plain Rust with time passed in (milliseconds since 1970, as
//! `Date.now()` gives them), tested natively.

use std::fmt;

use crate::protocol::{Player, Side, Snapshot, TimeLeft};

/// How a game is timed: `minutes` each, `increment_s` added per move, then
/// `periods` periods of `byoyomi_s` seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub minutes: u32,
    pub increment_s: u32,
    pub byoyomi_s: u32,
    pub periods: u32,
}

impl TimeControl {
    pub const fn fischer(minutes: u32, increment_s: u32) -> TimeControl {
        TimeControl {
            minutes,
            increment_s,
            byoyomi_s: 0,
            periods: 0,
        }
    }

    /// The New game dialog's quick choices.
    pub const PRESETS: [TimeControl; 6] = [
        TimeControl::fischer(3, 2),
        TimeControl::fischer(5, 3),
        TimeControl::fischer(10, 5),
        TimeControl::fischer(15, 10),
        TimeControl {
            minutes: 5,
            increment_s: 0,
            byoyomi_s: 10,
            periods: 3,
        },
        TimeControl {
            minutes: 10,
            increment_s: 0,
            byoyomi_s: 30,
            periods: 1,
        },
    ];

    /// A control from the dialog's fields, within sensible bounds; none
    /// when it would give no time at all.
    pub fn from_fields(
        minutes: u32,
        increment_s: u32,
        byoyomi_s: u32,
        periods: u32,
    ) -> Option<TimeControl> {
        let byoyomi_s = if periods == 0 { 0 } else { byoyomi_s.min(600) };
        let periods = if byoyomi_s == 0 { 0 } else { periods.min(10) };
        let control = TimeControl {
            minutes: minutes.min(600),
            increment_s: increment_s.min(600),
            byoyomi_s,
            periods,
        };
        (control.minutes > 0 || control.byoyomi_s > 0).then_some(control)
    }

    fn main_ms(&self) -> f64 {
        f64::from(self.minutes) * 60_000.0
    }

    fn increment_ms(&self) -> f64 {
        f64::from(self.increment_s) * 1000.0
    }

    fn byoyomi_ms(&self) -> f64 {
        f64::from(self.byoyomi_s) * 1000.0
    }
}

/// `5+3`, and `5+0b10x3` with byoyomi (10 s, 3 periods): how a clock line
/// writes its control.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.minutes, self.increment_s)?;
        if self.periods > 0 {
            write!(f, "b{}x{}", self.byoyomi_s, self.periods)?;
        }
        Ok(())
    }
}

impl TimeControl {
    /// The control as [`Display`](fmt::Display) writes it (`None` unless
    /// exactly so).
    pub fn parse(text: &str) -> Option<TimeControl> {
        // A sign or a leading zero is read here, but refused below: the
        // control would be written otherwise.
        let number = |s: &str| s.parse::<u32>().ok();
        let (minutes, rest) = text.split_once('+')?;
        let (increment, byoyomi) = match rest.split_once('b') {
            Some((increment, byoyomi)) => (increment, Some(byoyomi.split_once('x')?)),
            None => (rest, None),
        };
        let (byoyomi_s, periods) = match byoyomi {
            Some((b, p)) => (number(b)?, number(p)?),
            None => (0, 0),
        };
        let control = TimeControl {
            minutes: number(minutes)?,
            increment_s: number(increment)?,
            byoyomi_s,
            periods,
        };
        // Only the form a control is written in (no `b0x0`, no `b30x0`).
        (control.to_string() == text).then_some(control)
    }
}

/// A side's clock as it reads at some moment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    /// Main time left (zero once in byoyomi or out of time).
    pub main: f64,
    /// In byoyomi: the time left in the current period.
    pub period: Option<f64>,
    /// Byoyomi periods left, the current one included.
    pub periods: u32,
}

impl Reading {
    /// The time shown: the main time, or in byoyomi the period's.
    pub fn shown(&self) -> f64 {
        self.period.unwrap_or(self.main)
    }

    /// Under ten seconds to go before a period or the game is lost.
    pub fn low(&self) -> bool {
        self.shown() < 10_000.0
    }

    /// No time left: the game is lost on time.
    pub fn out(&self) -> bool {
        self.main <= 0.0 && self.period.is_none()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Clock {
    pub control: TimeControl,
    /// Main time left per side (White, Black) when its turn last ended.
    left: [f64; 2],
    /// Byoyomi periods left per side.
    periods: [u32; 2],
    /// The side whose time is running, and since when.
    running: Option<(Side, f64)>,
    /// The game it times (the first one it sees) and its moves so far.
    game: Option<(u32, usize)>,
}

impl Clock {
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            left: [control.main_ms(); 2],
            periods: [control.periods; 2],
            running: None,
            game: None,
        }
    }

    /// A side's clock at `now`: main time, then the byoyomi periods.
    pub fn reading(&self, side: Side, now: f64) -> Reading {
        let spent = match self.running {
            Some((s, since)) if s == side => (now - since).max(0.0),
            _ => 0.0,
        };
        let (left, periods) = (self.left[side.index()], self.periods[side.index()]);
        let byoyomi = self.control.byoyomi_ms();
        if left - spent > 0.0 {
            return Reading {
                main: left - spent,
                period: None,
                periods,
            };
        }
        if byoyomi == 0.0 {
            // The main time was all there was (and no period is counted).
            return Reading {
                main: 0.0,
                period: None,
                periods,
            };
        }
        let over = (spent - left.max(0.0)).max(0.0);
        // Each whole period overrun is lost; the next one starts afresh.
        let lost = (over / byoyomi).floor();
        let periods = periods.saturating_sub(lost.min(f64::from(u32::MAX)) as u32);
        let period = (periods > 0).then_some(byoyomi - (over - lost * byoyomi));
        Reading {
            main: 0.0,
            period,
            periods,
        }
    }

    /// A side's main time left at `now` (never below zero).
    pub fn left(&self, side: Side, now: f64) -> f64 {
        self.reading(side, now).main
    }

    pub fn running(&self) -> Option<Side> {
        self.running.map(|(s, _)| s)
    }

    /// The computer's time at `now`, for the worker to think by, when a
    /// computer plays.
    pub fn computer_time(&self, players: [Player; 2], now: f64) -> Option<TimeLeft> {
        let side = Side::BOTH
            .into_iter()
            .find(|s| players[s.index()] == Player::Computer)?;
        let reading = self.reading(side, now);
        let ms = |t: f64| t.max(0.0).round() as u64;
        Some(TimeLeft {
            main_ms: ms(reading.main),
            increment_ms: ms(self.control.increment_ms()),
            byoyomi_ms: ms(self.control.byoyomi_ms()),
            periods: reading.periods,
        })
    }

    /// Whether this clock times the game of `snap` (`false` once another
    /// game is shown: the clock belonged to the one before).
    pub fn times(&self, snap: &Snapshot) -> bool {
        self.game.is_none_or(|(id, _)| id == snap.game_id)
    }

    /// Follows a new snapshot of the game at `now`: a move charges the
    /// mover's time (a byoyomi period overrun is lost, the period in use
    /// starts afresh) and adds the increment, a take-back only hands the
    /// turn over, the end of the game stops the clock.
    pub fn follow(&mut self, snap: &Snapshot, now: f64) {
        if !self.times(snap) {
            return;
        }
        let plies = snap.san.len();
        if let Some(side) = self.running() {
            let reading = self.reading(side, now);
            let i = side.index();
            self.left[i] = reading.main;
            self.periods[i] = reading.periods;
            let moved = self.game.is_some_and(|(_, before)| plies > before);
            if moved {
                self.left[i] += self.control.increment_ms();
            }
        }
        self.running = None;
        self.game = Some((snap.game_id, plies));
        if snap.ending.is_none() {
            self.running = Some((snap.to_move, now));
        }
    }

    /// Set as another clock keeps the game (the online game's, which
    /// settles its time by the rule both pages follow): each side's main
    /// time and periods when its last turn ended, the side whose time runs
    /// and since when, and the game (its number and moves) it times.
    #[cfg(feature = "study")]
    pub fn set(
        &mut self,
        times: [(f64, u32); 2],
        running: Option<(Side, f64)>,
        game: (u32, usize),
    ) {
        self.left = times.map(|t| t.0);
        self.periods = times.map(|t| t.1);
        self.running = running;
        self.game = Some(game);
    }

    /// The human side (of `humans`) whose time has run out at `now`.
    pub fn flagged(&self, now: f64, humans: [bool; 2]) -> Option<Side> {
        self.running()
            .filter(|s| humans[s.index()] && self.reading(*s, now).out())
    }
}
/// A clock as it is saved with its game (`web::saved`, line 6), so that a
/// reload finds it as it was:
/// `clock PLIES CONTROL WHITE BLACK RUNNING SINCE WPERIODS BPERIODS`, with
/// times in whole milliseconds. PLIES is the length of the game the clock
/// last followed, CONTROL as [`TimeControl`] writes it, WHITE and BLACK the
/// main times left, RUNNING `w`, `b` or `-`, SINCE (`-` when stopped) when
/// the running side's time began to run, and the byoyomi periods left. Time
/// goes on while the page is away, as on a clock on the table. The line of
/// a game saved before byoyomi (`clock PLIES INCREMENT_MS WHITE BLACK
/// RUNNING SINCE`) is read too, its control unknown but for the increment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockLine {
    plies: usize,
    control: TimeControl,
    left: [u64; 2],
    running: Option<(Side, u64)>,
    periods: [u32; 2],
}

impl ClockLine {
    /// The clock in a saved line (`None` unless it is exactly as written).
    pub fn parse(line: &str) -> Option<ClockLine> {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let ms = |s: &str| s.parse::<u64>().ok().filter(|&n| n < 1 << 53);
        let (tag, plies, control, white, black, side, since, periods) = match fields[..] {
            [tag, plies, control, white, black, side, since, wp, bp] => {
                let control = TimeControl::parse(control)?;
                let periods = [wp.parse().ok()?, bp.parse().ok()?];
                (tag, plies, control, white, black, side, since, periods)
            }
            // Saved before byoyomi: the increment in milliseconds.
            [tag, plies, increment, white, black, side, since] => {
                let control = TimeControl::fischer(0, u32::try_from(ms(increment)? / 1000).ok()?);
                (tag, plies, control, white, black, side, since, [0, 0])
            }
            _ => return None,
        };
        let running = match (side, since) {
            ("-", "-") => None,
            ("w" | "b", since) => Some((Side::parse(side)?, ms(since)?)),
            _ => return None,
        };
        (tag == "clock" && periods.iter().all(|&p| p <= control.periods)).then_some(())?;
        Some(ClockLine {
            plies: plies.parse().ok()?,
            control,
            left: [ms(white)?, ms(black)?],
            running,
            periods,
        })
    }

    /// The control the saved game was started with (unknown for a line
    /// saved before byoyomi).
    pub fn control(&self) -> Option<TimeControl> {
        let c = self.control;
        TimeControl::from_fields(c.minutes, c.increment_s, c.byoyomi_s, c.periods)
    }
}

impl fmt::Display for ClockLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [white, black] = self.left;
        write!(f, "clock {} {} {white} {black} ", self.plies, self.control)?;
        match self.running {
            Some((side, since)) => write!(f, "{} {since}", &side.id()[..1])?,
            None => write!(f, "- -")?,
        }
        write!(f, " {} {}", self.periods[0], self.periods[1])
    }
}

impl Clock {
    /// What is saved of the clock, once it follows a game.
    pub fn line(&self) -> Option<ClockLine> {
        let (_, plies) = self.game?;
        let ms = |t: f64| t.max(0.0).round() as u64;
        Some(ClockLine {
            plies,
            control: self.control,
            left: self.left.map(ms),
            running: self.running.map(|(side, since)| (side, ms(since))),
            periods: self.periods,
        })
    }

    /// The saved clock, timing the game of `snap` again: the game read back
    /// with it, either as long as the clock knew it or one move longer (the
    /// move was saved, and the page went away before the clock followed it;
    /// following the snapshot charges that move as usual). Otherwise the
    /// clock belonged to another game and is not resumed.
    pub fn resume(line: &ClockLine, snap: &Snapshot) -> Option<Clock> {
        let plies = snap.san.len();
        (line.plies == plies || line.plies + 1 == plies).then(|| line.clock(snap.game_id))
    }
}

impl ClockLine {
    /// The saved clock, timing game `game_id`.
    pub fn clock(&self, game_id: u32) -> Clock {
        Clock {
            control: self.control,
            left: self.left.map(|t| t as f64),
            periods: self.periods,
            running: self.running.map(|(side, since)| (side, since as f64)),
            game: Some((game_id, self.plies)),
        }
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
    use crate::protocol::{Player, Request, TimeLeft};
    use crate::worker::testing::{play, two_players, Ask};
    use crate::worker::Session;

    const HUMANS: [bool; 2] = [true, true];

    fn session() -> Session {
        two_players(3)
    }

    #[test]
    fn each_side_spends_its_own_time_and_gains_the_increment() {
        let mut s = session();
        let mut clock = Clock::new(TimeControl::fischer(5, 2));
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
        assert_eq!(clock.flagged(36_000.0, HUMANS), None);
        assert_eq!(
            clock.flagged(36_000.0 + 272_000.0, HUMANS),
            Some(Side::White)
        );
        assert_eq!(clock.left(Side::White, 1e9), 0.0);
    }

    #[test]
    fn the_clock_stops_at_the_end_and_ignores_other_games() {
        let mut s = session();
        let mut clock = Clock::new(TimeControl::fischer(1, 0));
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
        let mut clock = Clock::new(TimeControl::fischer(5, 2));
        clock.follow(&s.snapshot(), 1_000.0);
        play(&mut s, "e3e4");
        clock.follow(&s.snapshot(), 31_000.0);
        let line = clock.line().unwrap();
        assert_eq!(line.to_string(), "clock 1 5+2 272000 300000 b 31000 0 0");
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
        assert!(stopped.ends_with(" - - 0 0"), "{stopped}");
        assert_eq!(ClockLine::parse(&stopped).unwrap().to_string(), stopped);
        // A clock that never followed a game has nothing to save.
        assert_eq!(Clock::new(TimeControl::fischer(1, 0)).line(), None);
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
        for bad in [
            "clock 1 5+2 272000 300000 b 31000 0",
            "clock 1 5+2 272000 300000 b 31000 1 0",
            "clock 1 5+2b10x3 272000 300000 b 31000 4 3",
            "clock 1 5+2b0x0 272000 300000 b 31000 0 0",
            "clock 1 5+ 272000 300000 b 31000 0 0",
            "clock 1 +2 272000 300000 b 31000 0 0",
            "clock 1 5+2b10 272000 300000 b 31000 0 0",
            "clock 1 05+2 272000 300000 b 31000 0 0",
            "clock 1 5++2 272000 300000 b 31000 0 0",
            "clock 1 5+2b+10x3 272000 300000 b 31000 0 0",
        ] {
            assert_eq!(ClockLine::parse(bad), None, "{bad:?}");
        }
        assert!(ClockLine::parse("clock 0 0 60000 60000 w 0").is_some());
        // Times are whole milliseconds below 2^53 (exact as a JavaScript number).
        assert!(ClockLine::parse("clock 0 1+0 9007199254740991 60000 w 0 0 0").is_some());
        assert_eq!(
            ClockLine::parse("clock 0 1+0 9007199254740992 60000 w 0 0 0"),
            None
        );
        assert!(ClockLine::parse("clock 0 1+0b30x3 60000 60000 w 0 3 1").is_some());
    }

    #[test]
    fn a_line_saved_before_byoyomi_is_read_with_its_increment() {
        let old = ClockLine::parse("clock 1 2000 272000 300000 b 31000").unwrap();
        assert_eq!(old.to_string(), "clock 1 0+2 272000 300000 b 31000 0 0");
        // Its minutes were not saved: no control to play a rematch with.
        assert_eq!(old.control(), None);
        let new = ClockLine::parse("clock 1 5+2 272000 300000 b 31000 0 0").unwrap();
        assert_eq!(new.control(), Some(TimeControl::fischer(5, 2)));
    }

    #[test]
    fn controls_are_written_and_read_back_exactly() {
        let byoyomi = TimeControl::from_fields(10, 0, 30, 3).unwrap();
        assert_eq!(byoyomi.to_string(), "10+0b30x3");
        assert_eq!(TimeControl::parse("10+0b30x3"), Some(byoyomi));
        assert_eq!(TimeControl::fischer(3, 2).to_string(), "3+2");
        for preset in TimeControl::PRESETS {
            assert_eq!(TimeControl::parse(&preset.to_string()), Some(preset));
        }
        // Fields with no time at all give no clock; periods need seconds.
        assert_eq!(TimeControl::from_fields(0, 5, 0, 0), None);
        assert_eq!(TimeControl::from_fields(0, 0, 30, 0), None);
        assert_eq!(
            TimeControl::from_fields(5, 0, 0, 3),
            Some(TimeControl::fischer(5, 0))
        );
        assert_eq!(
            TimeControl::from_fields(0, 0, 20, 1).map(|c| c.to_string()),
            Some("0+0b20x1".into())
        );
        assert_eq!(
            TimeControl::from_fields(9999, 9999, 0, 0),
            Some(TimeControl::fischer(600, 600))
        );
    }

    #[test]
    fn byoyomi_periods_are_used_up_one_by_one_then_the_flag_falls() {
        let mut s = session();
        let mut clock = Clock::new(TimeControl::from_fields(1, 0, 10, 2).unwrap());
        clock.follow(&s.snapshot(), 0.0);
        let at = |clock: &Clock, t: f64| clock.reading(Side::White, t);
        assert_eq!(
            at(&clock, 30_000.0),
            Reading {
                main: 30_000.0,
                period: None,
                periods: 2
            }
        );
        // The main time is gone: the first period runs.
        assert_eq!(
            at(&clock, 63_000.0),
            Reading {
                main: 0.0,
                period: Some(7_000.0),
                periods: 2
            }
        );
        assert!(at(&clock, 63_000.0).low() && !at(&clock, 63_000.0).out());
        // The time shown is the main time, then the period's; low below ten
        // seconds of either.
        assert_eq!(at(&clock, 30_000.0).shown(), 30_000.0);
        assert_eq!(at(&clock, 63_000.0).shown(), 7_000.0);
        assert!(!at(&clock, 30_000.0).low());
        assert!(!at(&clock, 50_000.0).low() && at(&clock, 50_001.0).low());
        assert!(!at(&clock, 60_000.0).low() && at(&clock, 60_001.0).low());
        // A period overrun is lost; the next one starts afresh.
        assert_eq!(
            at(&clock, 71_000.0),
            Reading {
                main: 0.0,
                period: Some(9_000.0),
                periods: 1
            }
        );
        // A move in time keeps the periods left, and the next turn starts
        // a whole period.
        play(&mut s, "e3e4");
        clock.follow(&s.snapshot(), 75_000.0);
        assert_eq!(
            clock.reading(Side::White, 90_000.0),
            Reading {
                main: 0.0,
                period: Some(10_000.0),
                periods: 1
            }
        );
        assert_eq!(clock.reading(Side::Black, 75_000.0).main, 60_000.0);
        play(&mut s, "e7e6");
        clock.follow(&s.snapshot(), 75_000.0);
        assert_eq!(clock.flagged(84_999.0, HUMANS), None);
        assert_eq!(clock.flagged(85_000.0, HUMANS), Some(Side::White));
        assert!(at(&clock, 85_000.0).out());
        // Only a human's flag is the page's to call.
        assert_eq!(clock.flagged(85_000.0, [false, true]), None);
        // What the computer would have to think with, as White.
        let players = [Player::Computer, Player::Human];
        assert_eq!(
            clock.computer_time(players, 80_000.0),
            Some(TimeLeft {
                main_ms: 0,
                increment_ms: 0,
                byoyomi_ms: 10_000,
                periods: 1
            })
        );
        assert_eq!(clock.computer_time([Player::Human; 2], 80_000.0), None);
    }

    #[test]
    fn times_read_as_on_a_chess_clock() {
        assert_eq!(format(300_000.0), "5:00");
        assert_eq!(format(299_001.0), "5:00");
        assert_eq!(format(61_000.0), "1:01");
        assert_eq!(format(10_000.0), "0:10");
        assert_eq!(format(9_999.0), "0:09.9");
        assert_eq!(format(9_950.0), "0:09.9");
        assert_eq!(format(-5.0), "0:00.0");
    }
}
