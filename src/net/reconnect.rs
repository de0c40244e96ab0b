//! The channel between the pages comes and goes (a reload, a network
//! change); the game stays. This is the state of the channel, and the rule
//! by which two pages that met again agree where their game stands.
//!
//! While the channel is down no clock runs, on either page: a player whose
//! network failed should not lose on time for it. Each page knows whether
//! it is the one that left ([`Left`]): a page restored after a reload left,
//! and so did a page that lost its network (the browser says it is
//! offline); the other page waits. Only the waiting page shows "Your
//! friend is disconnected" with a countdown of [`GRACE_MS`]; when it
//! reaches zero its player may claim the game (the absent side loses as on
//! time), wait on, or go on by correspondence link, which always works.
//! The page that left shows how to reconnect, and no claim. A player cannot move while the channel is
//! down, so an absence buys no thinking time but the countdown's.
//!
//! A claim is told when the two pages meet again: the claimer's `Resume`
//! says so, and the returning page ends its game where the claim was made
//! (a move of its own that never reached the claimer is taken back, one of
//! the claimer's it missed is played), its side losing as on time. Neither
//! page can check the other's countdown (their clocks differ, and a reload
//! forgets when the channel dropped), so a claim is taken on the
//! claimer's word, as a resignation is. When both pages claimed (each saw
//! the other gone: the network between them failed), the claims lapse and
//! the game goes on.
//!
//! When the channel opens again, each page sends a `Resume`: its move count,
//! its last moves in full and a digest of the others, and its clocks. Each
//! page then checks the other's against its own game ([`reconcile`]): the
//! two move lists must agree up to the shorter one; the page that is behind
//! (a move was lost in the drop) plays the missing moves from the other's
//! tail, each checked by its engine; anything else is a conflict and the
//! game goes on only by link. The clocks are then agreed by
//! `net::clock::agree` (after the page behind has counted the increments of
//! the moves it caught up), and the side to move's clock starts again.

use std::fmt;

use super::message::{moves_digest, Resume, MAX_TAIL};

/// How long the waiting player waits before it may claim the game.
pub const GRACE_MS: u64 = 60_000;

/// Which page left when the channel dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Left {
    /// This page: it was reloaded, or it lost its network.
    Us,
    /// The other page went away; this one waits, and may claim.
    Them,
}

/// The channel to the other page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Connection {
    /// Not yet opened (the invitation and its answer travel by link).
    Connecting,
    Connected,
    /// The channel dropped at `since`, `left` by one page.
    Disconnected {
        since: u64,
        left: Left,
    },
    /// The channel is open again and the pages compare their games; it
    /// first dropped at `since`.
    Reconnecting {
        since: u64,
        left: Left,
    },
    /// The pages found their games different: only a link goes on.
    Failed,
}

/// What happens to the channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    Opened,
    /// The channel closed at `now`; `left` says which page went.
    Closed {
        now: u64,
        left: Left,
    },
    /// Both pages' `Resume`s agreed.
    Resumed,
    /// They did not.
    Conflict,
}

impl Connection {
    /// The state after `signal`; a signal that does not fit the state
    /// leaves it as it is.
    pub fn next(self, signal: Signal) -> Connection {
        use Connection::*;
        match (self, signal) {
            (Connecting, Signal::Opened) => Connected,
            (Connected, Signal::Closed { now, left }) => Disconnected { since: now, left },
            (Disconnected { since, left }, Signal::Opened) => Reconnecting { since, left },
            // Dropped again while comparing: the countdown goes on from the
            // first drop; a page that left either time left.
            (Reconnecting { since, left }, Signal::Closed { left: now_left, .. }) => Disconnected {
                since,
                left: if now_left == Left::Us { Left::Us } else { left },
            },
            (Reconnecting { .. }, Signal::Resumed) => Connected,
            (Reconnecting { .. }, Signal::Conflict) => Failed,
            (state, _) => state,
        }
    }

    /// Whether messages of the game travel (moves, answers, phrases).
    pub fn is_open(self) -> bool {
        self == Connection::Connected
    }

    /// The countdown at `now` while the channel is down or being resumed:
    /// milliseconds left before the waiting player may claim.
    pub fn countdown(self, now: u64) -> Option<u64> {
        match self {
            Connection::Disconnected { since, .. } | Connection::Reconnecting { since, .. } => {
                Some(GRACE_MS.saturating_sub(now.saturating_sub(since)))
            }
            _ => None,
        }
    }

    /// Whether the waiting player may claim the game at `now`: the channel
    /// is down, the other page is the one that left, and the countdown has
    /// run out.
    pub fn may_claim(self, now: u64) -> bool {
        matches!(
            self,
            Connection::Disconnected {
                left: Left::Them,
                ..
            }
        ) && self.countdown(now) == Some(0)
    }

    /// This page lost its network: a drop under way is this page's doing.
    pub fn went_offline(self) -> Connection {
        match self {
            Connection::Disconnected { since, .. } => Connection::Disconnected {
                since,
                left: Left::Us,
            },
            Connection::Reconnecting { since, .. } => Connection::Reconnecting {
                since,
                left: Left::Us,
            },
            state => state,
        }
    }
}

/// Where a page's game stands, as its `Resume` says: `moves` played, the
/// last of them (at most [`MAX_TAIL`]) in full.
pub fn resume_of<S: AsRef<str>>(moves: &[S], clocks: Option<[super::clock::Time; 2]>) -> Resume {
    let base = moves.len().saturating_sub(MAX_TAIL);
    Resume {
        ply: moves.len() as u32,
        digest: moves_digest(&moves[..base]),
        tail: moves[base..]
            .iter()
            .map(|m| m.as_ref().to_string())
            .collect(),
        clocks,
        claimed: false,
    }
}

/// Why two pages' games cannot be resumed together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Conflict {
    /// This page is further behind than the other's tail reaches.
    TooFarBehind { mine: usize, theirs: usize },
    /// The games differ at this move (from 1), or before it (the digest of
    /// the moves before the other's tail differs: `number` is the first
    /// move of the tail).
    Differ { number: usize },
    /// A move this page would catch up is not legal here.
    Illegal { number: usize, uci: String },
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Conflict::TooFarBehind { mine, theirs } => write!(
                f,
                "this page has {mine} moves and the other {theirs}: too far apart to resume"
            ),
            Conflict::Differ { number } => {
                write!(f, "the two games differ at move {number} or before")
            }
            Conflict::Illegal { number, uci } => {
                write!(f, "move {number}, {uci}, is not legal")
            }
        }
    }
}

impl std::error::Error for Conflict {}

/// Checks the other page's `Resume` against this page's moves: the moves
/// this page must play to catch up (none when it is level or ahead; the
/// other then catches up from ours).
pub fn reconcile<S: AsRef<str>>(mine: &[S], theirs: &Resume) -> Result<Vec<String>, Conflict> {
    let ply = theirs.ply as usize;
    // `decode` has checked that the tail is no longer than the count.
    let base = ply - theirs.tail.len();
    if mine.len() < base {
        return Err(Conflict::TooFarBehind {
            mine: mine.len(),
            theirs: ply,
        });
    }
    if moves_digest(&mine[..base]) != theirs.digest {
        return Err(Conflict::Differ { number: base + 1 });
    }
    let overlap = mine.len().min(ply);
    if let Some(i) = (base..overlap).find(|&i| mine[i].as_ref() != theirs.tail[i - base]) {
        return Err(Conflict::Differ { number: i + 1 });
    }
    // When this page is ahead, the other must be able to catch up.
    if mine.len() > ply && mine.len() - ply > MAX_TAIL {
        return Err(Conflict::TooFarBehind {
            mine: mine.len(),
            theirs: ply,
        });
    }
    Ok(theirs.tail[overlap - base..].to_vec())
}
