//! The messages between two players' pages, and their bytes.
//!
//! A [`Frame`] is the protocol version, the game's id and one [`Message`],
//! as postcard writes them (as the page and the worker exchange theirs).
//! The version is the first byte of every frame, in every version to come,
//! so that a frame from a newer page is refused by name ("version 3; this
//! page speaks 2") before anything else in it is read. [`decode`] refuses
//! whatever is not a frame this page would write: more than [`MAX_FRAME`]
//! bytes (checked before reading), bytes missing or left over, a tag no
//! message has, text longer or of other characters than its field allows,
//! a time control the local clock could not be set to. There is no free
//! text: a move is a few ASCII letters, a start position a FEN, greetings
//! are [`Phrase`]s.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::clock::{Control, Time};
use crate::engine::{Color, Variant};

/// The version of the messages this page reads and writes (2: a
/// [`Resume`] says whether its sender claimed the game).
pub const PROTOCOL_VERSION: u8 = 2;
/// The most bytes a frame may have (a frame this page writes has at most
/// about 400: an invitation with the longest FEN).
pub const MAX_FRAME: usize = 1024;
/// The longest start FEN (as `web::link::MAX_FEN`).
pub const MAX_FEN: usize = 300;
/// The longest move text (UCI: `e3e4`, `c6c7+`, `P@e5`).
pub const MAX_MOVE_TEXT: usize = 8;
/// The most moves a [`Resume`] repeats.
pub const MAX_TAIL: usize = 16;
/// The most days per move a correspondence game may give.
pub const MAX_DAYS: u8 = 14;

/// One message with what every message carries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    pub version: u8,
    /// The game the message is about: chosen at random by the inviting
    /// page, and a new one for every rematch.
    pub game_id: u64,
    pub message: Message,
}

impl Frame {
    /// A message of this version about game `game_id`.
    pub fn new(game_id: u64, message: Message) -> Frame {
        Frame {
            version: PROTOCOL_VERSION,
            game_id,
            message,
        }
    }
}

/// What one page tells the other.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Message {
    /// The terms of a game, from the page that invites.
    Invite(Invite),
    /// The invited page takes the terms: the game starts.
    Accept,
    /// A move: `ply` moves were played before it; the mover's time when it
    /// moved, before the increment (none in a game without a clock).
    Move {
        ply: u32,
        uci: String,
        clock: Option<Time>,
    },
    Resign,
    /// Take back my last move (and the reply to it, if it has come);
    /// `ply` moves were played when asked.
    TakebackRequest {
        ply: u32,
    },
    /// The answer; when accepted, `ply` is the number of moves left.
    TakebackAnswer {
        accept: bool,
        ply: u32,
    },
    /// A new game with the colours swapped, numbered `game_id`.
    Rematch {
        game_id: u64,
    },
    RematchAnswer {
        accept: bool,
    },
    Phrase(Phrase),
    /// Keepalive: the sender's clock when sent, echoed by [`Message::Pong`].
    Ping {
        sent_ms: u64,
    },
    Pong {
        echo_ms: u64,
    },
    /// After a reconnection: where the sender's game stands.
    Resume(Resume),
    /// The side to move after `ply` moves ran out of time.
    Flag {
        ply: u32,
    },
}

/// The terms of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invite {
    #[serde(with = "wire_variant")]
    pub variant: Variant,
    /// `None`: the variant's standard start.
    pub start_fen: Option<String>,
    /// The side the inviting player plays.
    #[serde(with = "wire_color")]
    pub inviter: Color,
    pub timing: Timing,
}

/// How a game is timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Timing {
    Untimed,
    /// A clock, live (see `net::clock`).
    Live(Control),
    /// Correspondence: this many days for each move (kept by the pages'
    /// links, not by a clock).
    DaysPerMove(u8),
}

/// The few things players can say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phrase {
    Hello,
    GoodGame,
    Thanks,
}

impl Phrase {
    pub const ALL: [Phrase; 3] = [Phrase::Hello, Phrase::GoodGame, Phrase::Thanks];

    /// The English text (the page shows its own translation).
    pub const fn text(self) -> &'static str {
        match self {
            Phrase::Hello => "Hello",
            Phrase::GoodGame => "Good game",
            Phrase::Thanks => "Thanks",
        }
    }
}

/// Where a page's game stands, sent when a channel opens again: `ply`
/// moves, the last `tail` of them in full, a digest of those before
/// ([`moves_digest`]), both clocks as they stopped, and whether the sender
/// claimed the game while the channel was down (its game ended there, the
/// other side losing as on time).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resume {
    pub ply: u32,
    pub digest: u64,
    pub tail: Vec<String>,
    pub clocks: Option<[Time; 2]>,
    pub claimed: bool,
}

/// A digest of a move list (64-bit FNV-1a of the moves, each followed by a
/// comma): the same on every page and every build.
pub fn moves_digest<S: AsRef<str>>(moves: &[S]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in moves.iter().flat_map(|m| m.as_ref().bytes().chain([b','])) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// A text field of a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    StartFen,
    Move,
}

impl Field {
    const fn name(self) -> &'static str {
        match self {
            Field::StartFen => "start position",
            Field::Move => "move",
        }
    }
}

/// Why bytes are not a frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    Empty,
    /// More than [`MAX_FRAME`] bytes (not read).
    TooLong {
        len: usize,
    },
    /// Another version of the messages.
    WrongVersion {
        got: u8,
    },
    /// The bytes end inside the frame.
    Truncated,
    /// Bytes after the end of the frame.
    TrailingBytes {
        extra: usize,
    },
    /// A message, or a value in it, of a kind no message has.
    UnknownTag,
    /// A number, a flag or a text that is not written so.
    Malformed,
    /// A text longer than its field allows (or empty).
    TextLength {
        field: Field,
        len: usize,
    },
    /// A text with characters its field never has.
    TextCharacters {
        field: Field,
    },
    /// A clock that the local clock could not be set to.
    BadControl,
    /// Days per move outside `1..=MAX_DAYS`.
    BadDays {
        days: u8,
    },
    /// A [`Resume`] repeating more than [`MAX_TAIL`] moves, or more moves
    /// than it counts.
    BadTail {
        len: usize,
    },
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Empty => write!(f, "an empty message"),
            NetError::TooLong { len } => {
                write!(f, "a message of {len} bytes (at most {MAX_FRAME})")
            }
            NetError::WrongVersion { got } => write!(
                f,
                "a message of version {got}; this page speaks version {PROTOCOL_VERSION}"
            ),
            NetError::Truncated => write!(f, "a message cut short"),
            NetError::TrailingBytes { extra } => {
                write!(f, "{extra} bytes after the end of the message")
            }
            NetError::UnknownTag => write!(f, "a message of an unknown kind"),
            NetError::Malformed => write!(f, "a message that is not written as messages are"),
            NetError::TextLength { field, len } => {
                write!(f, "a {} of {len} characters", field.name())
            }
            NetError::TextCharacters { field } => {
                write!(f, "a {} with characters it cannot have", field.name())
            }
            NetError::BadControl => write!(f, "a time control the clock cannot be set to"),
            NetError::BadDays { days } => {
                write!(f, "{days} days per move (1 to {MAX_DAYS})")
            }
            NetError::BadTail { len } => write!(f, "a resumption repeating {len} moves"),
        }
    }
}

impl std::error::Error for NetError {}

/// The bytes of a frame.
pub fn encode(frame: &Frame) -> Vec<u8> {
    // Serialising plain data into a growing buffer cannot fail.
    postcard::to_allocvec(frame).unwrap_or_default()
}

/// A frame from its bytes, checked (see the module's documentation).
pub fn decode(bytes: &[u8]) -> Result<Frame, NetError> {
    if bytes.len() > MAX_FRAME {
        return Err(NetError::TooLong { len: bytes.len() });
    }
    match bytes.first() {
        None => return Err(NetError::Empty),
        Some(&got) if got != PROTOCOL_VERSION => return Err(NetError::WrongVersion { got }),
        Some(_) => {}
    }
    let (frame, rest) = postcard::take_from_bytes::<Frame>(bytes).map_err(read_error)?;
    if !rest.is_empty() {
        return Err(NetError::TrailingBytes { extra: rest.len() });
    }
    check(&frame.message)?;
    Ok(frame)
}

fn read_error(e: postcard::Error) -> NetError {
    match e {
        postcard::Error::DeserializeUnexpectedEnd => NetError::Truncated,
        // An enum's index out of range is serde's own error.
        postcard::Error::DeserializeBadEnum | postcard::Error::SerdeDeCustom => {
            NetError::UnknownTag
        }
        _ => NetError::Malformed,
    }
}

/// The checks serde's shapes do not make.
fn check(message: &Message) -> Result<(), NetError> {
    match message {
        Message::Invite(invite) => {
            if let Some(fen) = &invite.start_fen {
                check_fen(fen)?;
            }
            check_timing(invite.timing)
        }
        Message::Move { uci, .. } => check_move(uci),
        Message::Resume(resume) => {
            let len = resume.tail.len();
            if len > MAX_TAIL || len as u64 > u64::from(resume.ply) {
                return Err(NetError::BadTail { len });
            }
            resume.tail.iter().try_for_each(|m| check_move(m))
        }
        _ => Ok(()),
    }
}

/// A FEN: printable ASCII, at most [`MAX_FEN`] characters.
pub fn check_fen(fen: &str) -> Result<(), NetError> {
    let field = Field::StartFen;
    if fen.is_empty() || fen.len() > MAX_FEN {
        return Err(NetError::TextLength {
            field,
            len: fen.chars().count(),
        });
    }
    if !fen.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        return Err(NetError::TextCharacters { field });
    }
    Ok(())
}

/// A move's text: letters, digits, `@`, `+` and `=`, at most
/// [`MAX_MOVE_TEXT`] of them.
pub fn check_move(uci: &str) -> Result<(), NetError> {
    let field = Field::Move;
    if uci.is_empty() || uci.len() > MAX_MOVE_TEXT {
        return Err(NetError::TextLength {
            field,
            len: uci.chars().count(),
        });
    }
    if !uci
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"@+=".contains(&b))
    {
        return Err(NetError::TextCharacters { field });
    }
    Ok(())
}

/// A timing this page could play by.
pub fn check_timing(timing: Timing) -> Result<(), NetError> {
    match timing {
        Timing::Untimed => Ok(()),
        Timing::Live(control) if control.is_valid() => Ok(()),
        Timing::Live(_) => Err(NetError::BadControl),
        Timing::DaysPerMove(days) if (1..=MAX_DAYS).contains(&days) => Ok(()),
        Timing::DaysPerMove(days) => Err(NetError::BadDays { days }),
    }
}

/// The engine's variants on the wire (a tag of their own, so that the
/// engine needs no serde).
mod wire_variant {
    use super::*;

    #[derive(Serialize, Deserialize)]
    enum Wire {
        Mansindam,
        Pandemonium,
    }

    pub fn serialize<S: serde::Serializer>(v: &Variant, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Variant::Mansindam => Wire::Mansindam,
            Variant::Pandemonium => Wire::Pandemonium,
        }
        .serialize(s)
    }

    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        Ok(match Wire::deserialize(d)? {
            Wire::Mansindam => Variant::Mansindam,
            Wire::Pandemonium => Variant::Pandemonium,
        })
    }
}

/// The engine's colours on the wire.
pub(crate) mod wire_color {
    use super::*;

    #[derive(Serialize, Deserialize)]
    enum Wire {
        White,
        Black,
    }

    pub fn serialize<S: serde::Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        match c {
            Color::White => Wire::White,
            Color::Black => Wire::Black,
        }
        .serialize(s)
    }

    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        Ok(match Wire::deserialize(d)? {
            Wire::White => Color::White,
            Wire::Black => Color::Black,
        })
    }
}
