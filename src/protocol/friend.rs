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

use super::{Lang, Side};
use crate::net::link::{base64url, from_base64url, LinkError, LINK_VERSION};
use crate::net::message::{Field, MAX_DAYS, MAX_FRAME, PROTOCOL_VERSION};
use crate::net::{Declared, Invite, NetError, Phrase, Time};

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
    /// The browser says this device's network went or came back.
    Network {
        online: bool,
    },
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
    /// A new game by link (correspondence) on `terms`, this page playing
    /// `me`, numbered `id` among the page's games.
    NewByLink {
        id: u32,
        game_id: u64,
        terms: Invite,
        me: Side,
    },
    /// A game by link opened: the link's fragment (`corr=…`), every move
    /// replayed by the engine; `earlier`: the fragment of the same game as
    /// this page kept it, which the link must continue unchanged.
    ByLink {
        id: u32,
        fragment: String,
        earlier: Option<String>,
    },
}

/// A game saved after a move, to go on with after a reload.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct SavedGame {
    pub moves: Vec<String>,
    /// Each side's time when its last turn ended.
    pub clocks: Option<[Time; 2]>,
    /// How the game ended, when no move ended it.
    pub declared: Option<Declared>,
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
    /// The game by link as it stands (after every change).
    Letter(Box<LetterView>),
}

/// A game by link (correspondence), beside the snapshot of its board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub struct LetterView {
    /// The page's number of the game (as the snapshot's).
    pub id: u32,
    pub game_id: u64,
    pub me: Side,
    /// The link to send to the friend (a fragment, `corr=…`): the whole
    /// game after this player's move; none while it is this player's turn.
    pub to_send: Option<String>,
    /// The game as this page keeps it (a fragment addressed to this
    /// player): opened again from the list of games by link.
    pub kept: String,
    pub days_per_move: Option<u8>,
    pub over: bool,
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
    /// The game has ended.
    pub over: bool,
    pub link: LinkState,
    /// A take-back asked and not answered: by whom.
    pub takeback: Option<Side>,
    /// A rematch offered and not answered: by whom.
    pub rematch: Option<Side>,
    pub clock: Option<ClockView>,
    /// The moves, to save the game (as [`SavedGame`]).
    pub moves: Vec<String>,
    /// The side that won by a claim while the channel was down.
    pub claimed_by: Option<Side>,
    /// How the game ended, when no move ended it (kept with the game).
    pub declared: Option<Declared>,
}

/// The channel to the other page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(Serialize, Deserialize))]
pub enum LinkState {
    /// Not yet opened.
    Connecting,
    Connected,
    /// Down since `since` (the worker's clock, ms since 1970), the friend's
    /// page gone; the game may be claimed at `claim_at`.
    Away {
        since: u64,
        claim_at: u64,
    },
    /// Down, this page being the one that left (a reload, a lost network):
    /// it may reconnect, and has no claim.
    Left,
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
    /// The friend claimed the game while this page was away: it is lost.
    Claimed,
    /// The friend came back after this player claimed the game, and was
    /// told.
    ClaimTold,
    /// Both players claimed the game while the channel was down: both
    /// claims lapse and the game goes on.
    ClaimsLapsed,
}

/// A game with a friend as the page keeps it across reloads (after every
/// move): enough to open it again ([`FriendRequest::Open`] with its
/// [`SavedGame`]) and to reconnect.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StoredGame {
    pub game_id: u64,
    pub terms: Invite,
    /// This page's player has White.
    pub white: bool,
    pub moves: Vec<String>,
    pub clocks: Option<[Time; 2]>,
    /// A finished game's ending that no move made (format 2 on).
    pub declared: Option<Declared>,
}

/// The first byte of a stored game: its format (1: the games of the
/// release before, which kept no finished game).
const STORED_VERSION: u8 = 2;

/// A stored game of format 1.
#[derive(serde::Deserialize)]
struct StoredGameV1 {
    game_id: u64,
    terms: Invite,
    white: bool,
    moves: Vec<String>,
    clocks: Option<[Time; 2]>,
}

impl StoredGame {
    /// The game as the worker last told it.
    pub fn of(view: &FriendView) -> StoredGame {
        StoredGame {
            game_id: view.game_id,
            terms: view.terms.clone(),
            white: view.me == Side::White,
            moves: view.moves.clone(),
            clocks: view.clock.map(|c| c.times),
            declared: view.declared,
        }
    }

    pub fn me(&self) -> Side {
        if self.white {
            Side::White
        } else {
            Side::Black
        }
    }

    /// The text kept in storage.
    pub fn write(&self) -> String {
        let mut bytes = vec![STORED_VERSION];
        bytes.extend(postcard::to_allocvec(self).unwrap_or_default());
        base64url(&bytes)
    }

    /// A stored text read back, or what is wrong with it.
    pub fn read(text: &str) -> Result<StoredGame, String> {
        let bytes = from_base64url(text.trim()).ok_or("not a stored game")?;
        let damaged = |_| String::from("a stored game cut short or changed");
        match bytes.split_first() {
            Some((&STORED_VERSION, rest)) => postcard::from_bytes(rest).map_err(damaged),
            Some((1, rest)) => {
                postcard::from_bytes(rest)
                    .map_err(damaged)
                    .map(|g: StoredGameV1| StoredGame {
                        game_id: g.game_id,
                        terms: g.terms,
                        white: g.white,
                        moves: g.moves,
                        clocks: g.clocks,
                        declared: None,
                    })
            }
            Some((v, _)) => Err(format!("a stored game of format {v}")),
            None => Err("an empty stored game".into()),
        }
    }
}

/// Why a link cannot be read, in `lang` (the page says it of the links
/// it opens, the worker of the games by link it replays).
pub fn link_error(e: &LinkError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        LinkError::NotThisKind => "게임 링크가 아닙니다".into(),
        LinkError::WrongVersion { got } => {
            format!("{got} 버전의 링크입니다. 이 페이지는 {LINK_VERSION} 버전을 읽습니다")
        }
        LinkError::NotBase64 => "링크가 잘렸거나 바뀌었습니다".into(),
        LinkError::Unreadable => "링크를 읽을 수 없습니다".into(),
        LinkError::TooLong { len } => format!("링크가 {len}자로 너무 깁니다"),
        LinkError::Terms(e) => format!("링크의 대국을 둘 수 없습니다: {}", net_error(e, lang)),
        LinkError::Missing(part) => format!("링크에 {part} 부분이 없습니다"),
        LinkError::Unexpected(part) => format!("링크에 알 수 없는 {part} 부분이 있습니다"),
        LinkError::Bad { part, value } => format!("링크의 {part} 값 '{value}'를 쓸 수 없습니다"),
    }
}

/// Why bytes (or a link's terms) are not a message, in `lang`.
pub fn net_error(e: &NetError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    let field = |f: &Field| match f {
        Field::StartFen => "시작 국면",
        Field::Move => "수",
    };
    match e {
        NetError::Empty => "빈 메시지".into(),
        NetError::TooLong { len } => format!("{len}바이트짜리 메시지 (최대 {MAX_FRAME})"),
        NetError::WrongVersion { got } => {
            format!("{got} 버전의 메시지 (이 페이지는 {PROTOCOL_VERSION} 버전)")
        }
        NetError::Truncated => "중간에 잘린 메시지".into(),
        NetError::TrailingBytes { extra } => format!("메시지 끝 뒤에 {extra}바이트가 더 있음"),
        NetError::UnknownTag => "알 수 없는 종류의 메시지".into(),
        NetError::Malformed => "형식이 맞지 않는 메시지".into(),
        NetError::TextLength { field: f, len } => format!("{len}자짜리 {}", field(f)),
        NetError::TextCharacters { field: f } => format!("쓸 수 없는 문자가 든 {}", field(f)),
        NetError::BadControl => "맞출 수 없는 시간 규칙".into(),
        NetError::BadDays { days } => format!("한 수에 {days}일 (1~{MAX_DAYS}일)"),
        NetError::BadTail { len } => format!("{len}수를 되풀이하는 재개 메시지"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Color, Variant};
    use crate::net::{Control, Timing};

    #[test]
    fn a_stored_game_reads_back_exactly_and_damage_is_named() {
        let game = StoredGame {
            game_id: 0x1234_5678_9abc,
            terms: Invite {
                variant: Variant::Pandemonium,
                start_fen: Some("4k4/9/9/9/9/9/9/9/4K4[Rr] w - - 0 1".into()),
                inviter: Color::Black,
                timing: Timing::Live(Control {
                    minutes: 5,
                    increment_s: 3,
                    byoyomi_s: 0,
                    periods: 0,
                }),
            },
            white: true,
            moves: vec!["e1d1".into(), "e9d9".into()],
            clocks: Some([
                Time {
                    periods: 0,
                    main_ms: 299_000,
                },
                Time {
                    periods: 0,
                    main_ms: 301_500,
                },
            ]),
            declared: None,
        };
        assert_eq!(StoredGame::read(&game.write()), Ok(game.clone()));
        // A finished game keeps its ending.
        let claimed = StoredGame {
            declared: Some(Declared::Claimed(Color::Black)),
            ..game.clone()
        };
        assert_eq!(StoredGame::read(&claimed.write()), Ok(claimed));
        // A game kept by the release before (format 1: no ending) reads.
        let mut v1 = from_base64url(&game.write()).unwrap();
        v1[0] = 1;
        assert_eq!(v1.pop(), Some(0), "format 2 ends with the ending's tag");
        assert_eq!(StoredGame::read(&base64url(&v1)), Ok(game.clone()));
        assert_eq!(game.me(), Side::White);
        let bytes = from_base64url(&game.write()).unwrap();
        assert_eq!(
            StoredGame::read(&base64url(&bytes[..bytes.len() - 4])),
            Err("a stored game cut short or changed".into())
        );
        assert_eq!(StoredGame::read("??"), Err("not a stored game".into()));
        assert_eq!(
            StoredGame::read(&base64url(&[9, 1, 2])),
            Err("a stored game of format 9".into())
        );
    }

    #[test]
    fn a_link_that_cannot_be_read_is_named_in_korean_too() {
        use crate::net::link::CorrLink;
        let cut =
            CorrLink::read("corr=2&game=00000000000000ff&variant=mansindam&you=white").unwrap_err();
        assert_eq!(link_error(&cut, Lang::En), "the link has no moves");
        assert_eq!(link_error(&cut, Lang::Ko), "링크에 moves 부분이 없습니다");
        let days = LinkError::Terms(NetError::BadDays { days: 20 });
        assert_eq!(
            link_error(&days, Lang::Ko),
            "링크의 대국을 둘 수 없습니다: 한 수에 20일 (1~14일)"
        );
        assert_eq!(
            link_error(&LinkError::WrongVersion { got: "1".into() }, Lang::Ko),
            "1 버전의 링크입니다. 이 페이지는 2 버전을 읽습니다"
        );
    }
}
