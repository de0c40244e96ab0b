//! A game against a friend on another device, between the page and the
//! worker (the study bundle's). The worker holds the game as
//! `net::Session` keeps it, checking every message of the other page with
//! its engine; the page carries bytes between the worker and the data
//! channel, and shows what the worker says.
//!
//! The page never reads the other page's bytes itself: it hands them to
//! the worker ([`FriendRequest::Incoming`]) and sends on whatever the
//! worker gives it to send ([`FriendNews::Send`]).

#[cfg(target_arch = "wasm32")]
use serde::{Deserialize, Serialize};

use super::Side;
use crate::net::{Invite, Phrase, Time};

/// What the page asks about the online game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub enum FriendRequest {
    /// Starts holding game `game_id` on `terms`, this page playing `me`
    /// (numbered `id` among the page's games, as a new game is), or goes on
    /// with one saved earlier (after a reload).
    Open {
        id: u32,
        game_id: u64,
        terms: Invite,
        me: Side,
        saved: Option<SavedGame>,
    },
    /// The data channel opened (`true`) or closed.
    Channel(bool),
    /// The invited player's page, its channel open: the terms are taken
    /// and the game starts.
    Accept,
    /// Bytes the other page sent.
    Incoming(Vec<u8>),
    /// Ask the opponent to take back this page's last move.
    TakebackAsk,
    TakebackAnswer(bool),
    /// Offer a game with the colours swapped (numbered `game_id`, a new
    /// random number), or answer the opponent's offer.
    RematchOffer(u64),
    RematchAnswer(bool),
    Say(Phrase),
    /// The opponent stayed away for the whole countdown: the game is ours.
    Claim,
    /// A look at the clocks: a flag that fell is called.
    Tick,
}

/// A game saved after a move, to go on with after a reload.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct SavedGame {
    pub moves: Vec<String>,
    /// Each side's time when its last turn ended.
    pub clocks: Option<[Time; 2]>,
}

/// What the worker says about the online game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub enum FriendNews {
    /// Bytes to send to the other page.
    Send(Vec<u8>),
    /// The online game as it stands (after every change).
    State(Box<FriendView>),
    /// What the other page did that the player is told.
    Event(FriendEvent),
    /// Something the other page sent was refused (the game is as it was):
    /// why, in English, for the log.
    Refused(String),
}

/// The online game, beside the snapshot of its board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct FriendView {
    /// The page's number of the game (as the snapshot's).
    pub id: u32,
    pub game_id: u64,
    pub terms: Invite,
    pub me: Side,
    /// The invitation was accepted.
    pub started: bool,
    pub link: LinkState,
    /// A take-back asked and not answered: by whom.
    pub takeback: Option<Side>,
    /// A rematch offered and not answered: by whom.
    pub rematch: Option<Side>,
    pub clock: Option<ClockView>,
    /// The moves, to save the game (as [`SavedGame`]).
    pub moves: Vec<String>,
}

/// The channel to the other page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub enum LinkState {
    /// Not yet opened.
    Connecting,
    Connected,
    /// Down since `since` (the worker's clock, ms since 1970); the game may
    /// be claimed at `claim_at`.
    Away {
        since: u64,
        claim_at: u64,
    },
    /// Open again; the pages compare their games.
    Resuming,
    /// The pages' games differ: only a link can go on.
    Failed,
}

/// Both clocks as the online game keeps them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct ClockView {
    /// Each side's time when its last turn ended.
    pub times: [Time; 2],
    /// The side whose time runs, and since when (the worker's clock, ms
    /// since 1970, as the page's).
    pub running: Option<(Side, u64)>,
}

/// What the other page did, to tell the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub enum FriendEvent {
    /// The invitation was accepted.
    Started,
    Phrase(Phrase),
    TakebackAsked,
    /// This page's request was answered.
    TakebackAccepted,
    TakebackDeclined,
    /// The two players asked at once: both requests lapse.
    TakebackCrossed,
    RematchOffered,
    RematchDeclined,
    /// A rematch began.
    Rematch,
    /// The game goes on after the channel dropped.
    Resumed,
}
