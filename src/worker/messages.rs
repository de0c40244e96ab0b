//! The worker's refusals in the page's language: its own ([`Refusal`]),
//! and the engine's errors. The engine writes those in English (`Display`);
//! here they are written in Korean from the same typed values, so a player
//! reading Korean learns what is wrong and where.
//!
//! Plain Rust, tested natively; the worker's session uses it for every
//! refusal it sends.

use crate::engine::{Korean, Variant};
use crate::protocol::Lang;
#[cfg(feature = "study")]
pub use friend::letter_refused;

/// What the worker itself refuses, apart from the engine's errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    OnlyHumanResigns,
    /// A player may resign only on their own turn.
    NotYourTurnToResign,
    NothingToRead,
    NotHumanTurn,
    NoHumanPlayer,
    NothingToTakeBack,
    /// A game lost on time stays lost (its clock cannot be given back).
    LostOnTime,
    /// A game that has ended is taken back only once the player reopened it.
    GameEnded,
    NotLegal,
    /// A request about a game with a friend when none is held.
    NoFriendGame,
    /// A take-back, flag or resignation in a game by link.
    ByLinkOnlyMoves,
    /// Take back in a game with a friend online goes through the friend.
    TakebackOfFriend,
}

impl Refusal {
    pub fn text(self, lang: Lang) -> &'static str {
        use Refusal::*;
        match (self, lang) {
            (OnlyHumanResigns, Lang::En) => "only a human player can resign",
            (OnlyHumanResigns, Lang::Ko) => "사람 대국자만 기권할 수 있습니다",
            (NotYourTurnToResign, Lang::En) => "a player may resign only on their own turn",
            (NotYourTurnToResign, Lang::Ko) => "자기 차례에만 기권할 수 있습니다",
            (NothingToRead, Lang::En) => "nothing to read: paste a FEN or a PGN record",
            (NothingToRead, Lang::Ko) => "읽을 것이 없습니다. FEN이나 PGN 기보를 붙여 넣으세요",
            (NotHumanTurn, Lang::En) => "it is not a human player's turn",
            (NotHumanTurn, Lang::Ko) => "사람 대국자의 차례가 아닙니다",
            (NoHumanPlayer, Lang::En) => "no human player",
            (NoHumanPlayer, Lang::Ko) => "사람 대국자가 없습니다",
            (NothingToTakeBack, Lang::En) => "no move to take back",
            (NothingToTakeBack, Lang::Ko) => "무를 수가 없습니다",
            (LostOnTime, Lang::En) => "a game lost on time cannot be taken back",
            (LostOnTime, Lang::Ko) => "시간패로 끝난 대국은 무를 수 없습니다",
            (GameEnded, Lang::En) => "the game has ended: reopen it to take moves back",
            (GameEnded, Lang::Ko) => "끝난 대국입니다. 대국을 다시 열어야 무를 수 있습니다",
            (NotLegal, Lang::En) => "that move is not legal here",
            (NotLegal, Lang::Ko) => "여기서 둘 수 없는 수입니다",
            (NoFriendGame, Lang::En) => "no game with a friend is open",
            (NoFriendGame, Lang::Ko) => "열려 있는 친구와의 대국이 없습니다",
            (ByLinkOnlyMoves, Lang::En) => {
                "in a game by link, only moves travel: the game ends on the board"
            }
            (ByLinkOnlyMoves, Lang::Ko) => {
                "링크로 두는 대국에서는 수만 오갑니다. 대국은 판 위에서 끝납니다"
            }
            (TakebackOfFriend, Lang::En) => {
                "in a game with a friend, a take-back is asked of the friend"
            }
            (TakebackOfFriend, Lang::Ko) => "친구와의 대국에서는 무르기를 친구에게 청합니다",
        }
    }
}

/// What a game from a link starts from when it cannot be set up as the
/// link says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fallback {
    /// The standard position (the link's variant or FEN is unusable).
    Start,
    /// The position before the first move that cannot be played.
    BeforeBadMove,
}

/// Why a link's game starts from its [`Fallback`] (`detail`: the engine's
/// error, already in `lang`).
pub fn link_fallback(fallback: Fallback, detail: &str, lang: Lang) -> String {
    match (fallback, lang) {
        (Fallback::Start, Lang::En) => format!(
            "The link's position could not be used ({detail}), so the game starts from the standard position."
        ),
        (Fallback::Start, Lang::Ko) => {
            format!("링크의 국면을 쓸 수 없어({detail}) 기본 시작 국면에서 시작합니다.")
        }
        (Fallback::BeforeBadMove, Lang::En) => format!(
            "The link's moves stop at one that cannot be played ({detail}); the game goes on from the position before it."
        ),
        (Fallback::BeforeBadMove, Lang::Ko) => format!(
            "링크의 수 가운데 둘 수 없는 수가 있어({detail}) 그 앞의 국면에서 이어 갑니다."
        ),
    }
}

/// A typed move that is not legal because it would repeat a position a
/// third time (Mansindam).
pub fn third_time(mv: &str, lang: Lang) -> String {
    match lang {
        Lang::En => {
            format!("{mv} would make the same position occur a third time, which is not allowed")
        }
        Lang::Ko => format!("{mv}는 같은 국면을 세 번째로 만들어 둘 수 없습니다"),
    }
}

/// An error message in a language; `variant` names the pieces.
pub trait Localized {
    fn localized(&self, lang: Lang, variant: Variant) -> String;
}

/// The engine's errors: English as the engine writes them, Korean from
/// [`Korean`].
impl<E: Korean> Localized for E {
    fn localized(&self, lang: Lang, variant: Variant) -> String {
        self.said(lang == Lang::Ko, variant)
    }
}

/// The refusals of a game with a friend (the study bundle's).
#[cfg(feature = "study")]
mod friend {
    use super::{Lang, Localized, Variant};
    use crate::net::link::{CorrError, LinkError};
    use crate::net::session::TermsError;
    use crate::net::LocalError;
    use crate::protocol::friend::{link_error, net_error};

    /// A game by link that cannot be opened: "this link cannot be used: …".
    pub fn letter_refused(why: &str, lang: Lang) -> String {
        match lang {
            Lang::En => format!("this link cannot be used: {why}"),
            Lang::Ko => format!("이 링크는 쓸 수 없습니다: {why}"),
        }
    }

    impl Localized for LinkError {
        fn localized(&self, lang: Lang, _: Variant) -> String {
            link_error(self, lang)
        }
    }

    impl Localized for CorrError {
        fn localized(&self, lang: Lang, variant: Variant) -> String {
            if lang == Lang::En {
                return self.to_string();
            }
            match self {
                CorrError::Fen(e) => {
                    format!("시작 국면을 쓸 수 없습니다: {}", e.localized(lang, variant))
                }
                CorrError::Illegal { number, uci, .. } => {
                    format!("{number}번째 수 {uci}는 둘 수 없는 수입니다")
                }
                CorrError::OtherGame => "다른 대국의 링크입니다".into(),
                CorrError::Edited {
                    number,
                    was,
                    now: Some(now),
                } => format!("{number}번째 수가 {was}였는데 {now}(으)로 바뀌었습니다"),
                CorrError::Edited {
                    number,
                    was,
                    now: None,
                } => format!("{number}번째 수 {was}가 빠졌습니다"),
            }
        }
    }

    impl Localized for LocalError {
        fn localized(&self, lang: Lang, variant: Variant) -> String {
            use LocalError::*;
            if lang == Lang::En {
                return self.to_string();
            }
            match self {
                NotStarted => "대국이 아직 시작되지 않았습니다".into(),
                AlreadyStarted => "대국이 이미 시작되었습니다".into(),
                GameOver => "대국이 끝났습니다".into(),
                NotConnected => "친구가 연결되어 있지 않습니다".into(),
                NotYourTurn => "내 차례가 아닙니다".into(),
                Illegal(e) => e.localized(lang, variant),
                OutOfTime => "시간이 다 되었습니다".into(),
                TakebackPending => "무르기 요청이 대답을 기다리고 있습니다".into(),
                NothingToTakeBack => "무를 수가 없습니다".into(),
                NoTakebackAsked => "무르기 요청이 없습니다".into(),
                RematchNotNow => "한 판 더는 대국이 끝난 뒤에만 청할 수 있습니다".into(),
                NoRematchOffered => "한 판 더 두자는 제안이 없습니다".into(),
                CannotClaim => "지금은 승리를 선언할 수 없습니다".into(),
            }
        }
    }

    impl Localized for TermsError {
        fn localized(&self, lang: Lang, variant: Variant) -> String {
            match (self, lang) {
                (_, Lang::En) => self.to_string(),
                (TermsError::Message(e), _) => net_error(e, lang),
                (TermsError::Fen(e), _) => {
                    format!("시작 국면을 쓸 수 없습니다: {}", e.localized(lang, variant))
                }
                (TermsError::NotAnInvite, _) => "초대가 아닙니다".into(),
                (TermsError::Move { number, uci, .. }, _) => {
                    format!("{number}번째 수 {uci}는 둘 수 없는 수입니다")
                }
            }
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        const M: Variant = Variant::Mansindam;

        #[test]
        fn friend_refusals_in_both_languages() {
            let edited = CorrError::Edited {
                number: 1,
                was: "e3e4".into(),
                now: Some("d3d4".into()),
            };
            assert_eq!(
                letter_refused(&edited.localized(Lang::En, M), Lang::En),
                "this link cannot be used: move 1 was e3e4 and is now d3d4"
            );
            assert_eq!(
                letter_refused(&edited.localized(Lang::Ko, M), Lang::Ko),
                "이 링크는 쓸 수 없습니다: 1번째 수가 e3e4였는데 d3d4(으)로 바뀌었습니다"
            );
            let illegal = crate::net::link::CorrLink::read(
                "corr=2&game=00000000000000ff&variant=mansindam&moves=e3e4,e7e2&you=white",
            )
            .unwrap()
            .replay()
            .unwrap_err();
            assert_eq!(
                illegal.localized(Lang::Ko, M),
                "2번째 수 e7e2는 둘 수 없는 수입니다"
            );
            assert_eq!(
                LocalError::NotConnected.localized(Lang::Ko, M),
                "친구가 연결되어 있지 않습니다"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{read_pgn, Game, Position};

    const M: Variant = Variant::Mansindam;
    const P: Variant = Variant::Pandemonium;

    fn fen_error(variant: Variant, fen: &str) -> crate::engine::FenError {
        Position::from_fen(variant, fen).unwrap_err()
    }

    #[test]
    fn fen_errors_in_both_languages() {
        let e = fen_error(
            M,
            "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNRR[] w - - 0 1",
        );
        assert_eq!(e.localized(Lang::En, M), "rank 1 has 10 files; it needs 9");
        assert_eq!(
            e.localized(Lang::Ko, M),
            "1줄이 10칸입니다. 9칸이어야 합니다"
        );
        let e = fen_error(P, "4k4/9/9/9/9/9/9/9/4K4[NNNNN] w - - 0 1");
        assert_eq!(
            e.localized(Lang::Ko, P),
            "백 보유 말에 기이(가) 5개 있습니다. 한 벌에는 4개뿐입니다"
        );
        let e = fen_error(M, "4k4/9/9/9/9/9/9/9/4K4[] x - - 0 1");
        assert_eq!(
            e.localized(Lang::Ko, M),
            "둘 차례는 'w' 또는 'b'여야 합니다 ('x'가 아님)"
        );
        let e = fen_error(M, "9/9/9/9/9/9/9/9/4K4[] w - - 0 1");
        assert_eq!(e.localized(Lang::Ko, M), "흑에게 왕이 없습니다");
        let e = fen_error(M, "4k4/9/9/9/9/2p6/2p6/9/4K4[] w - - 0 1");
        assert_eq!(
            e.localized(Lang::Ko, M),
            "흑의 보병이 c열에 둘 있습니다. 만신담에서는 한 열에 승격하지 않은 보병이 하나뿐입니다"
        );
    }

    #[test]
    fn move_and_record_errors_in_both_languages() {
        let e = Game::from_uci_moves(M, None, ["e3e4", "e3e4"]).unwrap_err();
        assert_eq!(
            e.localized(Lang::En, M),
            "move 2: e3e4 is not a legal move in this position"
        );
        assert_eq!(
            e.localized(Lang::Ko, M),
            "2번째 수: e3e4는 이 국면에서 둘 수 없는 수입니다"
        );
        let e = read_pgn("1. Pe4 Pe6 2. Kz9", M).unwrap_err();
        assert!(e
            .localized(Lang::Ko, M)
            .starts_with("1행: 3번째 수 (Kz9): 'z9'는 칸이 아닙니다"));
        let e = read_pgn("[Variant \"Chess\"]\n\n1. e4", M).unwrap_err();
        assert!(e
            .localized(Lang::Ko, M)
            .starts_with("1행: 알 수 없는 게임 \"Chess\""));
        let e = "chess".parse::<Variant>().unwrap_err();
        assert_eq!(
            e.localized(Lang::Ko, M),
            "알 수 없는 게임 'chess' (mansindam 또는 pandemonium이어야 합니다)"
        );
    }
}
