//! Clocks with no referee: each page keeps both sides' clocks and checks the
//! time the other page reports with every move.
//!
//! A page measures its own player's time exactly: the turn starts when the
//! opponent's move arrives and ends when the player moves. It cannot measure
//! the opponent's, which starts on the other device when our move arrives
//! there; so it reckons the opponent's turn from the moment our move was
//! sent, which is earlier by the time our move took to travel, and the
//! opponent's move takes some time to come back. The difference is the lag.
//!
//! The rule (see [`NetClock::peer_move`]): the mover's reported time is
//! accepted when it is no more than the receiving page's own reckoning with
//! an allowance for lag, the allowance being [`LAG_PER_MOVE_MS`] on a move
//! and at most [`LAG_PER_GAME_MS`] over the game for each side (what a move
//! did use of it is spent). A report that claims more is not refused (the
//! move stands) but corrected to the reckoning with the whole allowance, and
//! the difference is recorded ([`Discrepancy`]). As lichess compensates lag
//! from the server's measure, this compensates it from the waiting page's.
//!
//! Times are whole milliseconds (`Date.now()`'s), byoyomi as on the local
//! clock (`web::clock`): after the main time each move must be made within a
//! period; a period overrun is lost and the next starts afresh; the
//! increment is added after every move made in time.

use serde::{Deserialize, Serialize};

use crate::engine::Color;

/// The most lag forgiven on one move.
pub const LAG_PER_MOVE_MS: u64 = 1_000;
/// The most lag forgiven to one side over a game.
pub const LAG_PER_GAME_MS: u64 = 30_000;
/// A page accepts the opponent's claim that its own player ran out of time
/// when its own clock would run out within this margin: the claiming page
/// reckons our turn as starting earlier than we do (by our move's travel).
pub const FLAG_MARGIN_MS: u64 = 1_000;

/// How a game is timed, as on the local clock (`web::clock::TimeControl`,
/// whose fields and bounds these are): `minutes` each, `increment_s` added
/// per move, then `periods` periods of `byoyomi_s` seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Control {
    pub minutes: u32,
    pub increment_s: u32,
    pub byoyomi_s: u32,
    pub periods: u32,
}

/// A side's clock between two of its turns: byoyomi periods left and main
/// time left. Ordered by how much time it gives (periods first: they are
/// spent only after the main time).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Time {
    pub periods: u32,
    pub main_ms: u64,
}

impl Time {
    /// No time at all (the flag has fallen).
    pub const OUT: Time = Time {
        periods: 0,
        main_ms: 0,
    };
}

impl Control {
    /// Whether the control is one the local clock's dialog can set: bounds
    /// of 600 minutes, 600 s of increment or byoyomi and 10 periods;
    /// periods if and only if byoyomi; some time to play with.
    pub fn is_valid(&self) -> bool {
        self.minutes <= 600
            && self.increment_s <= 600
            && self.byoyomi_s <= 600
            && self.periods <= 10
            && (self.periods == 0) == (self.byoyomi_s == 0)
            && (self.minutes > 0 || self.byoyomi_s > 0)
    }

    /// Each side's time at the start.
    pub fn start(&self) -> Time {
        Time {
            periods: self.periods,
            main_ms: u64::from(self.minutes) * 60_000,
        }
    }

    pub fn increment_ms(&self) -> u64 {
        u64::from(self.increment_s) * 1000
    }

    pub fn byoyomi_ms(&self) -> u64 {
        u64::from(self.byoyomi_s) * 1000
    }

    /// The clock after a turn of `spent` ms that started at `before`
    /// (before any increment); `None` when the time ran out during it.
    pub fn spend(&self, before: Time, spent: u64) -> Option<Time> {
        if spent < before.main_ms {
            return Some(Time {
                main_ms: before.main_ms - spent,
                ..before
            });
        }
        let byoyomi = self.byoyomi_ms();
        if byoyomi == 0 {
            return None;
        }
        let lost = (spent - before.main_ms) / byoyomi;
        let periods = u64::from(before.periods)
            .checked_sub(lost)
            .filter(|&p| p > 0)?;
        Some(Time {
            periods: periods as u32,
            main_ms: 0,
        })
    }

    /// The longest turn from `before` that ends at `after`, or `None` when no
    /// turn from `before` ends there.
    pub fn longest_turn(&self, before: Time, after: Time) -> Option<u64> {
        if after == Time::OUT {
            return None;
        }
        if after.periods == before.periods && after.main_ms > 0 {
            return before.main_ms.checked_sub(after.main_ms);
        }
        let lost = u64::from(before.periods.checked_sub(after.periods)?);
        (after.main_ms == 0 && after.periods > 0 && self.byoyomi_ms() > 0)
            .then(|| before.main_ms + (lost + 1) * self.byoyomi_ms() - 1)
    }

    /// The clock after a move in time: `after` plus the increment.
    fn credited(&self, after: Time) -> Time {
        Time {
            main_ms: after.main_ms + self.increment_ms(),
            ..after
        }
    }

    /// Each side's time once `moves` more moves of the given sides are
    /// counted with no time spent (their increments added): how a page that
    /// missed moves in a drop brings its clocks to the other's ply.
    pub fn caught_up(
        &self,
        mut times: [Time; 2],
        movers: impl IntoIterator<Item = Color>,
    ) -> [Time; 2] {
        for side in movers {
            times[side.index()] = self.credited(times[side.index()]);
        }
        times
    }
}

/// Two pages' clocks agreed after a reconnection: for each side the lower of
/// the two (both pages compute the same; neither can gain by its report).
pub fn agree(mine: [Time; 2], theirs: [Time; 2]) -> [Time; 2] {
    [mine[0].min(theirs[0]), mine[1].min(theirs[1])]
}

/// A side's clock as shown at some moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// Main time left (zero once in byoyomi or out of time).
    pub main_ms: u64,
    /// In byoyomi: the time left in the current period.
    pub period_ms: Option<u64>,
    /// Byoyomi periods left, the current one included.
    pub periods: u32,
}

impl Reading {
    /// No time left.
    pub fn out(&self) -> bool {
        self.main_ms == 0 && self.period_ms.is_none()
    }
}

/// A peer's reported time that claimed more than the allowance permits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Discrepancy {
    pub side: Color,
    /// What the peer reported, and what was counted instead (both before
    /// the increment).
    pub reported: Time,
    pub counted: Time,
}

/// How a peer's reported time was taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// As reported; `lag_ms` of the allowance was used.
    Accepted {
        lag_ms: u64,
    },
    Corrected(Discrepancy),
}

/// The peer's move came after its time ran out even with the allowance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Late {
    /// How long after its time ran out, with the allowance (0: at that
    /// very moment, which is already too late).
    pub over_ms: u64,
}

/// Our own last move, until the reply comes: a claim that our time ran out
/// before it arrived is judged by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct OwnMove {
    before: Time,
    spent: u64,
}

/// Both sides' clocks as one page keeps them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetClock {
    control: Control,
    me: Color,
    /// Each side's time when its last turn ended (increment added).
    time: [Time; 2],
    /// The side whose turn runs, and since when (by this page's clock).
    running: Option<(Color, u64)>,
    /// Lag allowance left per side.
    credit: [u64; 2],
    own: Option<OwnMove>,
    discrepancies: Vec<Discrepancy>,
}

impl NetClock {
    /// Clocks at the start, stopped; `me` is this page's player.
    pub fn new(control: Control, me: Color) -> NetClock {
        NetClock {
            control,
            me,
            time: [control.start(); 2],
            running: None,
            credit: [LAG_PER_GAME_MS; 2],
            own: None,
            discrepancies: Vec::new(),
        }
    }

    /// Clocks as they stood, stopped (a game resumed after a reload).
    pub fn with_times(control: Control, me: Color, time: [Time; 2]) -> NetClock {
        NetClock {
            time,
            ..NetClock::new(control, me)
        }
    }

    pub fn control(&self) -> Control {
        self.control
    }

    /// Each side's time when its last turn ended (the running turn not
    /// counted).
    pub fn times(&self) -> [Time; 2] {
        self.time
    }

    pub fn running(&self) -> Option<Color> {
        self.running.map(|(side, _)| side)
    }

    /// The side whose turn runs, and since when (by this page's clock).
    pub fn turn_started(&self) -> Option<(Color, u64)> {
        self.running
    }

    /// Lag allowance left to a side over the rest of the game.
    pub fn credit(&self, side: Color) -> u64 {
        self.credit[side.index()]
    }

    /// Every report corrected so far.
    pub fn discrepancies(&self) -> &[Discrepancy] {
        &self.discrepancies
    }

    /// `side`'s turn starts at `now` (a stopped clock is started).
    pub fn start(&mut self, side: Color, now: u64) {
        self.running = Some((side, now));
    }

    /// How long the running turn has lasted at `now`, and whose it is.
    fn turn(&self, now: u64) -> Option<(Color, u64)> {
        self.running
            .map(|(side, since)| (side, now.saturating_sub(since)))
    }

    /// The allowance on `side`'s current move.
    fn allowance(&self, side: Color) -> u64 {
        LAG_PER_MOVE_MS.min(self.credit[side.index()])
    }

    /// A side's clock at `now`, by this page's reckoning (no allowance).
    pub fn reading(&self, side: Color, now: u64) -> Reading {
        let before = self.time[side.index()];
        let spent = match self.turn(now) {
            Some((s, spent)) if s == side => spent,
            _ => 0,
        };
        if spent < before.main_ms {
            return Reading {
                main_ms: before.main_ms - spent,
                period_ms: None,
                periods: before.periods,
            };
        }
        match self.control.spend(before, spent) {
            Some(after) => {
                let byoyomi = self.control.byoyomi_ms();
                let over = spent - before.main_ms;
                Reading {
                    main_ms: 0,
                    period_ms: Some(byoyomi - over % byoyomi),
                    periods: after.periods,
                }
            }
            None => Reading {
                main_ms: 0,
                period_ms: None,
                periods: 0,
            },
        }
    }

    /// Charges the running turn up to `now` without an increment and stops
    /// the clock (the channel dropped, the game ended, a take-back).
    pub fn stop(&mut self, now: u64) {
        if let Some((side, spent)) = self.turn(now) {
            let i = side.index();
            self.time[i] = self.control.spend(self.time[i], spent).unwrap_or(Time::OUT);
        }
        self.running = None;
        self.own = None;
    }

    /// The turn passes to `side` at `now` with no move made (a take-back):
    /// the running turn is charged, no increment given.
    pub fn hand_over(&mut self, side: Color, now: u64) {
        self.stop(now);
        self.start(side, now);
    }

    /// This page's player moves at `now`: its time as it stands is what the
    /// move reports (before the increment); `None` (and nothing changes)
    /// when it has run out, or when it is not this player's turn.
    pub fn own_move(&mut self, now: u64) -> Option<Time> {
        let (side, spent) = self.turn(now).filter(|&(side, _)| side == self.me)?;
        let before = self.time[side.index()];
        let after = self.control.spend(before, spent)?;
        self.time[side.index()] = self.control.credited(after);
        self.own = Some(OwnMove { before, spent });
        self.running = Some((side.flip(), now));
        Some(after)
    }

    /// The peer's move arrives at `now` reporting `reported` (before the
    /// increment). Its turn ran, by this page's reckoning, from when our
    /// move was sent. With an allowance of `min(LAG_PER_MOVE_MS, credit)`:
    /// a report no better than the reckoning less the allowance is taken
    /// as it is, and the part of the allowance it used is spent; a better
    /// one, or one no turn could end at, is corrected to that figure and
    /// the whole allowance spent. A move after the time ran out even with
    /// the allowance is [`Late`], and nothing changes.
    pub fn peer_move(&mut self, reported: Time, now: u64) -> Result<Check, Late> {
        let Some((side, elapsed)) = self.turn(now).filter(|&(side, _)| side != self.me) else {
            // Not the peer's turn by this clock: the session refuses such a
            // move before it gets here.
            return Err(Late { over_ms: 0 });
        };
        let i = side.index();
        let before = self.time[i];
        let allowance = self.allowance(side);
        let Some(limit) = self
            .control
            .spend(before, elapsed.saturating_sub(allowance))
        else {
            return Err(Late {
                over_ms: self.overrun(before, elapsed.saturating_sub(allowance)),
            });
        };
        let longest = self.control.longest_turn(before, reported);
        let check = match longest {
            Some(longest) if reported <= limit => Check::Accepted {
                lag_ms: elapsed.saturating_sub(longest).min(allowance),
            },
            _ => Check::Corrected(Discrepancy {
                side,
                reported,
                counted: limit,
            }),
        };
        let (counted, used) = match check {
            Check::Accepted { lag_ms } => (reported, lag_ms),
            Check::Corrected(d) => {
                self.discrepancies.push(d);
                (limit, allowance)
            }
        };
        self.time[i] = self.control.credited(counted);
        self.credit[i] -= used;
        self.own = None;
        self.running = Some((self.me, now));
        Ok(check)
    }

    /// How long past the last moment a turn of `spent` ms from `before` is.
    fn overrun(&self, before: Time, spent: u64) -> u64 {
        let total = before.main_ms + u64::from(before.periods) * self.control.byoyomi_ms();
        spent.saturating_sub(total)
    }

    /// The running side, if its time has run out at `now`: this page's
    /// player when its own clock reaches zero, the peer when the reckoning
    /// reaches zero after the allowance on its move.
    pub fn overdue(&self, now: u64) -> Option<Color> {
        let (side, elapsed) = self.turn(now)?;
        let grace = if side == self.me {
            0
        } else {
            self.allowance(side)
        };
        let before = self.time[side.index()];
        self.control
            .spend(before, elapsed.saturating_sub(grace))
            .is_none()
            .then_some(side)
    }

    /// Whether the peer's claim at `now` that this page's player ran out is
    /// believable: our own clock runs out within [`FLAG_MARGIN_MS`] of now,
    /// or, when our move has been sent and not answered (`in_flight`), it
    /// was made within that margin of running out.
    pub fn claim_holds(&self, in_flight: bool, now: u64) -> bool {
        let me = self.me.index();
        match (in_flight, self.own, self.turn(now)) {
            (true, Some(own), _) => self
                .control
                .spend(own.before, own.spent + FLAG_MARGIN_MS)
                .is_none(),
            (false, _, Some((side, spent))) if side == self.me => self
                .control
                .spend(self.time[me], spent + FLAG_MARGIN_MS)
                .is_none(),
            _ => false,
        }
    }

    /// Our last move is withdrawn (it came too late: see
    /// [`NetClock::claim_holds`]); our clock reads zero and stops.
    pub fn withdraw_own(&mut self) {
        self.time[self.me.index()] = Time::OUT;
        self.running = None;
        self.own = None;
    }

    /// The clock of the side that ran out reads zero and the clock stops.
    pub fn flag(&mut self, side: Color) {
        self.time[side.index()] = Time::OUT;
        self.running = None;
        self.own = None;
    }

    /// Replaces both times (agreed after a reconnection), stopped.
    pub fn set_times(&mut self, time: [Time; 2]) {
        self.time = time;
        self.running = None;
        self.own = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BYOYOMI: Control = Control {
        minutes: 1,
        increment_s: 0,
        byoyomi_s: 10,
        periods: 2,
    };

    fn time(periods: u32, main_ms: u64) -> Time {
        Time { periods, main_ms }
    }

    #[test]
    fn a_turn_spends_the_main_time_then_the_periods() {
        let start = BYOYOMI.start();
        assert_eq!(start, time(2, 60_000));
        assert_eq!(BYOYOMI.spend(start, 59_999), Some(time(2, 1)));
        // The main time gone, the first period runs (and is kept by a move).
        assert_eq!(BYOYOMI.spend(start, 60_000), Some(time(2, 0)));
        assert_eq!(BYOYOMI.spend(start, 69_999), Some(time(2, 0)));
        assert_eq!(BYOYOMI.spend(start, 70_000), Some(time(1, 0)));
        assert_eq!(BYOYOMI.spend(start, 79_999), Some(time(1, 0)));
        assert_eq!(BYOYOMI.spend(start, 80_000), None);
        // Without byoyomi the flag falls with the main time.
        let fischer = Control {
            minutes: 1,
            increment_s: 2,
            byoyomi_s: 0,
            periods: 0,
        };
        assert_eq!(fischer.spend(fischer.start(), 59_999), Some(time(0, 1)));
        assert_eq!(fischer.spend(fischer.start(), 60_000), None);
    }

    #[test]
    fn the_longest_turn_to_a_reported_time_is_exact() {
        let start = BYOYOMI.start();
        assert_eq!(BYOYOMI.longest_turn(start, time(2, 1)), Some(59_999));
        assert_eq!(BYOYOMI.longest_turn(start, time(2, 0)), Some(69_999));
        assert_eq!(BYOYOMI.longest_turn(start, time(1, 0)), Some(79_999));
        // No turn ends with more time than it began with, with main time
        // and fewer periods, or with no time.
        assert_eq!(BYOYOMI.longest_turn(start, time(2, 60_001)), None);
        assert_eq!(BYOYOMI.longest_turn(start, time(3, 0)), None);
        assert_eq!(BYOYOMI.longest_turn(start, time(1, 5)), None);
        assert_eq!(BYOYOMI.longest_turn(start, Time::OUT), None);
    }

    #[test]
    fn controls_are_valid_within_the_local_clocks_bounds() {
        assert!(BYOYOMI.is_valid());
        let with = |minutes, byoyomi_s, periods| Control {
            minutes,
            increment_s: 0,
            byoyomi_s,
            periods,
        };
        assert!(!with(0, 0, 0).is_valid());
        assert!(with(0, 30, 1).is_valid());
        assert!(!with(5, 30, 0).is_valid());
        assert!(!with(5, 0, 3).is_valid());
        assert!(!with(601, 0, 0).is_valid());
        assert!(!with(5, 30, 11).is_valid());
    }
}
