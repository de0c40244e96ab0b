//! The links two players send each other, in a URL's fragment (`#…`, which
//! the browser never sends to the site's server).
//!
//! - `#rtc=…`: a WebRTC connection description ([`RtcLink`]): the offer of
//!   the page that invites (with the game's terms), or the answer of the
//!   page that joins. Its bytes are postcard's (a version byte first), as
//!   base64url. The description travels compact ([`super::sdp`], some 120
//!   bytes for Chromium's 700) and is read back as its expansion, which
//!   the browser accepts as the same connection; a description that
//!   cannot be compacted (another browser's) travels as text, its CRLF line
//!   ends as LF, and is given back as it was.
//! - `#corr=1&…`: a correspondence game ([`CorrLink`]): the whole game after
//!   each move, readable (`game=`, `variant=`, `fen=` when not the standard
//!   start, `moves=` in UCI separated by commas as in share links, `you=`
//!   the side the link's recipient plays, `days=` per move if any). Opening
//!   one replays every move with the engine ([`CorrLink::replay`]); a move
//!   that is not legal, or one changed since the link before
//!   ([`CorrLink::follows`]), is named.
//!
//! Reading is strict: a link is read back exactly as it was written, and
//! anything else is refused with the part that is wrong.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::message::{check_fen, check_move, check_timing, Invite, NetError, MAX_DAYS};
use super::sdp;
use crate::engine::{Color, FenError, Game, SetupError, Variant};

/// The version of the links' contents.
pub const LINK_VERSION: u8 = 2;
/// The longest connection description carried (SDP of a data channel with
/// a few candidates is 500 to 2,000 bytes).
pub const MAX_SDP: usize = 8 * 1024;
/// The most moves a correspondence link may carry (as `web::link`).
pub const MAX_MOVES: usize = 2000;

/// Which half of a connection a description is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    Offer,
    Answer,
}

/// A connection description for the other page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RtcLink {
    pub role: Role,
    pub game_id: u64,
    /// The terms, in the offer of a new game (none in an answer, or in the
    /// offer that reconnects a game the other page knows).
    pub invite: Option<Invite>,
    pub sdp: String,
}

#[derive(Serialize, Deserialize)]
struct RtcWire {
    version: u8,
    role: Role,
    game_id: u64,
    invite: Option<Invite>,
    sdp: WireSdp,
}

/// A description as it travels.
#[derive(Serialize, Deserialize)]
enum WireSdp {
    /// [`sdp::compact`]'s bytes.
    Compact(Vec<u8>),
    /// The text, LF line ends.
    Text(String),
}

/// Why a link cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Not a link of this kind (another fragment).
    NotThisKind,
    /// A link of another version.
    WrongVersion {
        got: String,
    },
    /// Characters that base64url does not have, or a length it never has.
    NotBase64,
    /// Bytes that are not a description as written here.
    Unreadable,
    TooLong {
        len: usize,
    },
    /// The terms in it cannot be played.
    Terms(NetError),
    /// A part the link must have.
    Missing(&'static str),
    /// A part given twice, or one links do not have.
    Unexpected(String),
    /// A part whose value cannot be used (shortened to 40 characters).
    Bad {
        part: &'static str,
        value: String,
    },
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::NotThisKind => write!(f, "not a game link"),
            LinkError::WrongVersion { got } => {
                write!(
                    f,
                    "a link of version {got}; this page reads version {LINK_VERSION}"
                )
            }
            LinkError::NotBase64 => write!(f, "the link has been cut or changed"),
            LinkError::Unreadable => write!(f, "the link cannot be read"),
            LinkError::TooLong { len } => write!(f, "a link of {len} characters is too long"),
            LinkError::Terms(e) => write!(f, "the game in the link cannot be played: {e}"),
            LinkError::Missing(part) => write!(f, "the link has no {part}"),
            LinkError::Unexpected(part) => write!(f, "the link has an unexpected {part}"),
            LinkError::Bad { part, value } => {
                write!(f, "the link's {part} '{value}' cannot be used")
            }
        }
    }
}

impl std::error::Error for LinkError {}

impl RtcLink {
    /// The fragment, without its `#`: `rtc=` and the description,
    /// compact when [`sdp::compact`] can carry it (then [`RtcLink::read`]
    /// gives back its expansion), as text otherwise.
    pub fn fragment(&self) -> String {
        let sdp = match sdp::compact(&self.sdp) {
            Ok(bytes) => WireSdp::Compact(bytes),
            Err(_) => WireSdp::Text(self.sdp.replace("\r\n", "\n")),
        };
        let wire = RtcWire {
            version: LINK_VERSION,
            role: self.role,
            game_id: self.game_id,
            invite: self.invite.clone(),
            sdp,
        };
        let bytes = postcard::to_allocvec(&wire).unwrap_or_default();
        format!("rtc={}", base64url(&bytes))
    }

    /// A fragment (with or without its `#`) read back.
    pub fn read(fragment: &str) -> Result<RtcLink, LinkError> {
        let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
        let text = fragment
            .strip_prefix("rtc=")
            .ok_or(LinkError::NotThisKind)?;
        if text.len() > MAX_SDP * 2 {
            return Err(LinkError::TooLong { len: text.len() });
        }
        let bytes = from_base64url(text).ok_or(LinkError::NotBase64)?;
        match bytes.first() {
            Some(&LINK_VERSION) => {}
            Some(&v) => return Err(LinkError::WrongVersion { got: v.to_string() }),
            None => return Err(LinkError::Unreadable),
        }
        let (wire, rest) =
            postcard::take_from_bytes::<RtcWire>(&bytes).map_err(|_| LinkError::Unreadable)?;
        if !rest.is_empty() {
            return Err(LinkError::Unreadable);
        }
        let sdp = match wire.sdp {
            WireSdp::Compact(bytes) => sdp::expand(&bytes).map_err(|_| LinkError::Unreadable)?,
            WireSdp::Text(text) => {
                if text.contains('\r') {
                    return Err(LinkError::Unreadable);
                }
                if text.len() > MAX_SDP {
                    return Err(LinkError::TooLong { len: text.len() });
                }
                text.replace('\n', "\r\n")
            }
        };
        if let Some(invite) = &wire.invite {
            if let Some(fen) = &invite.start_fen {
                check_fen(fen).map_err(LinkError::Terms)?;
            }
            check_timing(invite.timing).map_err(LinkError::Terms)?;
        }
        Ok(RtcLink {
            role: wire.role,
            game_id: wire.game_id,
            invite: wire.invite,
            sdp,
        })
    }
}

/// A correspondence game as its link carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorrLink {
    pub game_id: u64,
    pub variant: Variant,
    /// `None`: the variant's standard start.
    pub start_fen: Option<String>,
    /// UCI moves.
    pub moves: Vec<String>,
    /// The side the link's recipient plays.
    pub recipient: Color,
    pub days_per_move: Option<u8>,
}

/// Why a correspondence link's game cannot be played on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CorrError {
    /// The start position cannot be read (the engine's reason).
    Fen(FenError),
    /// Move `number` (from 1) is not legal.
    Illegal {
        number: usize,
        uci: String,
        reason: String,
    },
    /// Another game than the link before.
    OtherGame,
    /// Move `number` is not what the link before said (`now` is `None`
    /// when this link stops before it).
    Edited {
        number: usize,
        was: String,
        now: Option<String>,
    },
}

impl fmt::Display for CorrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CorrError::Fen(e) => write!(f, "the start position cannot be used: {e}"),
            CorrError::Illegal { number, uci, .. } => {
                write!(f, "move {number}, {uci}, is not legal")
            }
            CorrError::OtherGame => write!(f, "the link is of another game"),
            CorrError::Edited { number, was, now } => match now {
                Some(now) => write!(f, "move {number} was {was} and is now {now}"),
                None => write!(f, "move {number}, {was}, is missing"),
            },
        }
    }
}

impl std::error::Error for CorrError {}

impl CorrLink {
    /// The fragment, without its `#`.
    pub fn fragment(&self) -> String {
        let mut out = format!(
            "corr={LINK_VERSION}&game={:016x}&variant={}",
            self.game_id,
            self.variant.id()
        );
        if let Some(fen) = &self.start_fen {
            out.push_str("&fen=");
            out.push_str(&percent_encode(fen));
        }
        out.push_str("&moves=");
        out.push_str(&percent_encode(&self.moves.join(",")));
        out.push_str("&you=");
        out.push_str(&self.recipient.name().to_ascii_lowercase());
        if let Some(days) = self.days_per_move {
            out.push_str(&format!("&days={days}"));
        }
        out
    }

    /// A fragment (with or without its `#`) read back: exactly the parts
    /// [`CorrLink::fragment`] writes, each once.
    pub fn read(fragment: &str) -> Result<CorrLink, LinkError> {
        let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
        if fragment.len() > MAX_MOVES * 8 + 1024 {
            return Err(LinkError::TooLong {
                len: fragment.len(),
            });
        }
        let mut parts = fragment.split('&');
        let version = parts
            .next()
            .and_then(|p| p.strip_prefix("corr="))
            .ok_or(LinkError::NotThisKind)?;
        if version != LINK_VERSION.to_string() {
            return Err(LinkError::WrongVersion {
                got: shorten(version),
            });
        }
        let mut seen: Vec<&str> = Vec::new();
        let (mut game_id, mut variant, mut fen, mut moves, mut recipient, mut days) =
            (None, None, None, None, None, None);
        for part in parts {
            let (key, raw) = part.split_once('=').unwrap_or((part, ""));
            if seen.contains(&key) {
                return Err(LinkError::Unexpected(shorten(key)));
            }
            seen.push(key);
            let value = percent_decode(raw).ok_or(LinkError::Bad {
                part: "text",
                value: shorten(raw),
            })?;
            let bad = |part: &'static str| LinkError::Bad {
                part,
                value: shorten(&value),
            };
            match key {
                "game" => {
                    let id = (value.len() == 16)
                        .then(|| u64::from_str_radix(&value, 16).ok())
                        .flatten()
                        .filter(|_| {
                            value
                                .bytes()
                                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
                        });
                    game_id = Some(id.ok_or_else(|| bad("game"))?);
                }
                "variant" => {
                    let v = Variant::ALL.into_iter().find(|v| v.id() == value);
                    variant = Some(v.ok_or_else(|| bad("variant"))?);
                }
                "fen" => {
                    check_fen(&value).map_err(|_| bad("fen"))?;
                    fen = Some(value);
                }
                "moves" => {
                    let list: Vec<String> = if value.is_empty() {
                        Vec::new()
                    } else {
                        value.split(',').map(str::to_string).collect()
                    };
                    if list.len() > MAX_MOVES || list.iter().any(|m| check_move(m).is_err()) {
                        return Err(bad("moves"));
                    }
                    moves = Some(list);
                }
                "you" => {
                    let side = Color::BOTH
                        .into_iter()
                        .find(|c| c.name().to_ascii_lowercase() == value);
                    recipient = Some(side.ok_or_else(|| bad("you"))?);
                }
                "days" => {
                    let d = value
                        .parse::<u8>()
                        .ok()
                        .filter(|d| (1..=MAX_DAYS).contains(d) && d.to_string() == value);
                    days = Some(d.ok_or_else(|| bad("days"))?);
                }
                _ => return Err(LinkError::Unexpected(shorten(key))),
            }
        }
        Ok(CorrLink {
            game_id: game_id.ok_or(LinkError::Missing("game"))?,
            variant: variant.ok_or(LinkError::Missing("variant"))?,
            start_fen: fen,
            moves: moves.ok_or(LinkError::Missing("moves"))?,
            recipient: recipient.ok_or(LinkError::Missing("you"))?,
            days_per_move: days,
        })
    }

    /// The game, every move replayed by the engine.
    pub fn replay(&self) -> Result<Game, CorrError> {
        let moves = self.moves.iter().map(String::as_str);
        Game::from_uci_moves(self.variant, self.start_fen.as_deref(), moves).map_err(|e| match e {
            SetupError::Fen(e) => CorrError::Fen(e),
            SetupError::Move { number, error } => CorrError::Illegal {
                number,
                uci: self.moves[number - 1].clone(),
                reason: error.to_string(),
            },
        })
    }

    /// Whether this link continues `earlier` (the one this page last sent
    /// or received): the same game, and every move of it unchanged.
    pub fn follows(&self, earlier: &CorrLink) -> Result<(), CorrError> {
        if (self.game_id, self.variant, &self.start_fen)
            != (earlier.game_id, earlier.variant, &earlier.start_fen)
        {
            return Err(CorrError::OtherGame);
        }
        let changed = earlier
            .moves
            .iter()
            .enumerate()
            .find(|&(i, m)| self.moves.get(i) != Some(m));
        match changed {
            Some((i, was)) => Err(CorrError::Edited {
                number: i + 1,
                was: was.clone(),
                now: self.moves.get(i).cloned(),
            }),
            None => Ok(()),
        }
    }

    /// The link to send after the recipient plays `uci`: the move added,
    /// for the other player.
    pub fn after_move(&self, uci: &str) -> CorrLink {
        let mut next = self.clone();
        next.moves.push(uci.to_string());
        next.recipient = self.recipient.flip();
        next
    }
}

fn shorten(s: &str) -> String {
    s.chars().take(40).collect()
}

/// Percent-encodes all but letters, digits and `-._~/,:@+` (the FEN's `+`
/// and `/` and the moves' `@` and `+` stay readable; a space is `%20`).
fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/,:@+".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The text of a percent-encoded value, `+` kept as it is (a fragment is
/// not a form); `None` for a broken escape or bytes that are not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

const BASE64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Bytes as base64url, without padding.
pub fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for k in 0..=chunk.len() {
            out.push(BASE64URL[(n >> (18 - 6 * k) & 63) as usize] as char);
        }
    }
    out
}

/// The bytes of base64url without padding; `None` for other characters, a
/// length no encoding has, or unused bits that are not zero (so that each
/// byte string has one text).
pub fn from_base64url(text: &str) -> Option<Vec<u8>> {
    let digits: Vec<u32> = text
        .bytes()
        .map(|c| BASE64URL.iter().position(|&d| d == c).map(|d| d as u32))
        .collect::<Option<_>>()?;
    if digits.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &d)| n | d << (18 - 6 * i));
        let len = chunk.len() - 1;
        if n & ((1 << (24 - 8 * len)) - 1) != 0 {
            return None;
        }
        out.extend((0..len).map(|i| (n >> (16 - 8 * i)) as u8));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_is_the_standard_alphabet_with_dash_and_underscore() {
        assert_eq!(base64url(b""), "");
        assert_eq!(base64url(b"f"), "Zg");
        assert_eq!(base64url(b"fo"), "Zm8");
        assert_eq!(base64url(b"foo"), "Zm9v");
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
        assert_eq!(from_base64url("Zm9v").as_deref(), Some(&b"foo"[..]));
        assert_eq!(from_base64url("-_8").as_deref(), Some(&[0xfb, 0xff][..]));
        // A length no encoding has, padding, other letters, stray bits.
        assert_eq!(from_base64url("Zm9vY"), None);
        assert_eq!(from_base64url("Zg=="), None);
        assert_eq!(from_base64url("Z+8"), None);
        assert_eq!(from_base64url("Zh"), None);
    }

    #[test]
    fn percent_escapes_read_back() {
        let fen = "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1";
        let encoded = percent_encode(fen);
        assert_eq!(
            encoded,
            "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR%5B%5D%20w%20-%20-%200%201"
        );
        assert_eq!(percent_decode(&encoded).as_deref(), Some(fen));
        assert_eq!(percent_decode("%2"), None);
        assert_eq!(percent_decode("%zz"), None);
        assert_eq!(percent_decode("%FF"), None);
    }
}
