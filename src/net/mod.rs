//! Play a friend on another device with no server: the protocol between two
//! players' pages, pure Rust and tested natively (the web layer opens the
//! WebRTC channel, shows the game and calls this).
//!
//! **What travels.** The pages find each other by links ([`link`]): the
//! inviting page's connection offer, with the game's terms, in a link the
//! player sends by any means; the invited page's answer in a link sent
//! back. A browser's description travels compact ([`sdp`]: its ICE
//! credentials, fingerprint, role, ports and candidates, the rest rebuilt
//! from templates), some 120 bytes instead of 700. Over the data channel then travel [`message::Frame`]s: the
//! version, the game's id (random, 64 bits, new for every rematch) and one
//! message: the acceptance of the terms, a move (UCI, with the mover's
//! clock), a resignation, a take-back asked and answered, a rematch offered
//! and answered, one of a few fixed phrases (no free text anywhere), a
//! keepalive, a resumption after a drop, a flag. A game can also go on, or
//! be played from the start, by correspondence: each move's link holds the
//! whole game ([`link::CorrLink`]).
//!
//! **Who checks what.** Each page trusts nothing the other sends: it reads
//! every frame itself ([`message::decode`]) and checks every move with its
//! own engine ([`session::Session::receive`]). A frame that cannot be read,
//! one of another version or another game, a move out of turn, with the
//! wrong move number, illegal, or after the game ended, an answer to
//! nothing asked: each is refused with its reason ([`session::Refusal`]),
//! which the page logs, and the game, the clocks and every request stay
//! exactly as they were.
//!
//! **The size limit.** A frame has at most [`message::MAX_FRAME`] (1,024)
//! bytes, checked before it is read; texts have their own limits (a move 8
//! ASCII characters, a FEN 300).
//!
//! **The version rule.** The first byte of every frame and of every link's
//! bytes is its version ([`message::PROTOCOL_VERSION`],
//! [`link::LINK_VERSION`]), in every version to come; a page refuses
//! another version by name rather than guessing, so two pages of different
//! releases say so instead of misreading each other. A change to any
//! message's bytes takes a new version.
//!
//! **The clock rule** ([`clock`]). Each page keeps both clocks. A move
//! carries the mover's time when it moved, which its own page measured
//! exactly. The receiving page reckons the mover's turn from when its own
//! move was sent, and accepts the reported time when it is no more than
//! that reckoning plus an allowance for lag: 1 s on a move
//! ([`clock::LAG_PER_MOVE_MS`]), 30 s over the game for each side
//! ([`clock::LAG_PER_GAME_MS`]). A report claiming more is corrected to the
//! reckoning plus the allowance and recorded; the move stands. A page calls
//! its own player's flag when its clock reaches zero, the opponent's when
//! its reckoning does after the allowance, and sends a `Flag`; the other
//! page accepts its own flag if its clock is within
//! [`clock::FLAG_MARGIN_MS`] of zero (withdrawing a move still on its way),
//! so both record the same result. Byoyomi works as on the local clock.
//!
//! **The reconnect rule** ([`reconnect`]). While the channel is down no
//! clock runs and no move can be made; after a countdown of 60 s the
//! waiting player may claim the game. When the channel opens again both
//! pages send where their game stands; the page behind plays the moves it
//! missed (each checked by its engine), the clocks are agreed (each side's
//! lower figure after the increments of the moves caught up), and the game
//! goes on at the same move. Games that differ are not resumed; the
//! correspondence link still is. A claim made while the channel was down
//! travels in the claimer's `Resume`: the returning page ends its game
//! where the claim was made, losing as on time; two claims lapse.
//!
//! Dependencies: `net` uses `engine` only (the web layer converts its
//! clock's `TimeControl` to [`clock::Control`], which has the same fields).

pub mod clock;
pub mod ice;
pub mod link;
pub mod message;
pub mod reconnect;
pub mod sdp;
pub mod session;

pub use clock::{Control, NetClock, Time};
pub use link::{CorrError, CorrLink, LinkError, RtcLink};
pub use message::{decode, encode, Frame, Invite, Message, NetError, Phrase, Timing};
pub use reconnect::{Conflict, Connection, Left};
pub use session::{Declared, Event, LocalError, Refusal, Session};
