//! The protocol between two players' pages (`pantheon::net`): messages
//! round-trip, every kind of bad peer message is refused with the game
//! unchanged, the clock rule on scripted timelines, the reconnect state
//! machine, correspondence links.

use pantheon::engine::{Color, Outcome, Reason, Variant};
use pantheon::net::clock::{Check, Discrepancy, LAG_PER_GAME_MS};
use pantheon::net::link::{CorrError, CorrLink, LinkError, Role, RtcLink};
use pantheon::net::message::{
    decode, encode, moves_digest, Field, Frame, Invite, Message, NetError, Phrase, Resume, Timing,
    MAX_FRAME, PROTOCOL_VERSION,
};
use pantheon::net::reconnect::{
    reconcile, resume_of, Conflict, Connection, Left, Signal, GRACE_MS,
};
use pantheon::net::sdp;
use pantheon::net::session::{Event, LocalError, Refusal, Session};
use pantheon::net::{Control, Time};
use proptest::prelude::*;

const ID: u64 = 0x0123_4567_89ab_cdef;

const FIVE_TWO: Control = Control {
    minutes: 5,
    increment_s: 2,
    byoyomi_s: 0,
    periods: 0,
};

const ONE_ZERO: Control = Control {
    minutes: 1,
    increment_s: 0,
    byoyomi_s: 0,
    periods: 0,
};

fn time(main_ms: u64) -> Time {
    Time {
        periods: 0,
        main_ms,
    }
}

fn terms(timing: Timing) -> Invite {
    Invite {
        variant: Variant::Mansindam,
        start_fen: None,
        inviter: Color::White,
        timing,
    }
}

/// The inviting page (White) and the invited one (Black), connected, the
/// game started at 0.
fn pair(timing: Timing) -> (Session, Session) {
    let (mut white, invite) = Session::invite(ID, terms(timing)).unwrap();
    let mut black = Session::join(&invite).unwrap();
    assert_eq!(black.me(), Color::Black);
    assert_eq!(white.channel_opened(0), None);
    assert_eq!(black.channel_opened(0), None);
    let accept = black.accept(0).unwrap();
    assert_eq!(white.receive(&accept, 0), Ok(Event::Started));
    (white, black)
}

/// `from` plays `uci` at `sent`; `to` receives it at `arrives`.
fn relay(from: &mut Session, to: &mut Session, uci: &str, sent: u64, arrives: u64) -> Event {
    let bytes = from.play_local(uci, sent).unwrap();
    to.receive(&bytes, arrives).unwrap()
}

fn frame(message: Message) -> Vec<u8> {
    encode(&Frame::new(ID, message))
}

fn every_message() -> Vec<Message> {
    vec![
        Message::Invite(Invite {
            variant: Variant::Pandemonium,
            start_fen: Some(Variant::Pandemonium.start_fen().into()),
            inviter: Color::Black,
            timing: Timing::Live(Control {
                minutes: 10,
                increment_s: 0,
                byoyomi_s: 30,
                periods: 3,
            }),
        }),
        Message::Invite(terms(Timing::DaysPerMove(3))),
        Message::Invite(terms(Timing::Untimed)),
        Message::Accept,
        Message::Move {
            ply: 17,
            uci: "P@e5".into(),
            clock: Some(Time {
                periods: 2,
                main_ms: 123_456,
            }),
        },
        Message::Move {
            ply: 0,
            uci: "c6c7+".into(),
            clock: None,
        },
        Message::Resign,
        Message::TakebackRequest { ply: 4 },
        Message::TakebackAnswer {
            accept: true,
            ply: 2,
        },
        Message::Rematch { game_id: u64::MAX },
        Message::RematchAnswer { accept: false },
        Message::Phrase(Phrase::Hello),
        Message::Phrase(Phrase::GoodGame),
        Message::Phrase(Phrase::Thanks),
        Message::Ping { sent_ms: 1 << 52 },
        Message::Pong { echo_ms: 7 },
        Message::Resume(Resume {
            ply: 3,
            digest: 42,
            tail: vec!["e3e4".into(), "e7e6".into()],
            clocks: Some([time(1), time(2)]),
            claimed: true,
        }),
        Message::Flag { ply: 9 },
    ]
}

// ----- Messages -----

#[test]
fn every_message_round_trips() {
    for message in every_message() {
        let f = Frame::new(ID, message);
        let bytes = encode(&f);
        assert!(bytes.len() <= MAX_FRAME);
        assert_eq!(bytes[0], PROTOCOL_VERSION);
        assert_eq!(decode(&bytes), Ok(f));
    }
}

#[test]
fn a_frame_is_small_and_starts_with_its_version() {
    let resign = frame(Message::Resign);
    // Version 2, the id as a varint (9 bytes for this one), tag 3.
    assert_eq!(resign.len(), 11);
    assert_eq!(resign[0], 2);
    assert_eq!(resign[10], 3);
}

#[test]
fn bytes_that_are_not_a_frame_are_refused_by_name() {
    // A page of the release before (its Resume had no claim) and one of
    // a release to come.
    for version in [1, 3] {
        let mut other = frame(Message::Resign);
        other[0] = version;
        assert_eq!(decode(&other), Err(NetError::WrongVersion { got: version }));
    }
    assert_eq!(
        NetError::WrongVersion { got: 1 }.to_string(),
        "a message of version 1; this page speaks version 2"
    );
    assert_eq!(decode(&[]), Err(NetError::Empty));
    let mebibyte = vec![PROTOCOL_VERSION; 1 << 20];
    assert_eq!(decode(&mebibyte), Err(NetError::TooLong { len: 1 << 20 }));
    assert_eq!(
        decode(&vec![PROTOCOL_VERSION; MAX_FRAME + 1]),
        Err(NetError::TooLong { len: 1025 })
    );
    // Every frame cut short is refused.
    for message in every_message() {
        let bytes = frame(message);
        for len in 1..bytes.len() {
            assert_eq!(decode(&bytes[..len]), Err(NetError::Truncated), "{len}");
        }
        let mut longer = bytes.clone();
        longer.extend([0, 0]);
        assert_eq!(decode(&longer), Err(NetError::TrailingBytes { extra: 2 }));
    }
    // A message tag no message has (the id 0 is one byte).
    assert_eq!(
        decode(&[PROTOCOL_VERSION, 0, 99]),
        Err(NetError::UnknownTag)
    );
    // An option that is neither none nor some.
    assert_eq!(
        decode(&[PROTOCOL_VERSION, 0, 2, 0, 4, b'e', b'3', b'e', b'4', 7]),
        Err(NetError::Malformed)
    );
    // A varint longer than its type allows.
    assert_eq!(
        decode(&[
            PROTOCOL_VERSION,
            0xff,
            0xff,
            0xff,
            0xff,
            0xff,
            0xff,
            0xff,
            0xff,
            0xff,
            0xff,
            0xff
        ]),
        Err(NetError::Malformed)
    );
}

#[test]
fn texts_and_terms_are_checked() {
    let mv = |uci: &str| {
        frame(Message::Move {
            ply: 0,
            uci: uci.into(),
            clock: None,
        })
    };
    assert_eq!(
        decode(&mv("e3e4e5e6e7")),
        Err(NetError::TextLength {
            field: Field::Move,
            len: 10
        })
    );
    assert_eq!(
        decode(&mv("")),
        Err(NetError::TextLength {
            field: Field::Move,
            len: 0
        })
    );
    assert_eq!(
        decode(&mv("e3 e4")),
        Err(NetError::TextCharacters { field: Field::Move })
    );
    assert_eq!(
        decode(&mv("é3e4")),
        Err(NetError::TextCharacters { field: Field::Move })
    );
    let invite = |fen: Option<&str>, timing| {
        frame(Message::Invite(Invite {
            start_fen: fen.map(str::to_string),
            ..terms(timing)
        }))
    };
    assert_eq!(
        decode(&invite(Some(&"9/".repeat(151)), Timing::Untimed)),
        Err(NetError::TextLength {
            field: Field::StartFen,
            len: 302
        })
    );
    assert_eq!(
        decode(&invite(Some("9\n9"), Timing::Untimed)),
        Err(NetError::TextCharacters {
            field: Field::StartFen
        })
    );
    let no_time = Control {
        minutes: 0,
        ..ONE_ZERO
    };
    assert_eq!(
        decode(&invite(None, Timing::Live(no_time))),
        Err(NetError::BadControl)
    );
    assert_eq!(
        decode(&invite(None, Timing::DaysPerMove(0))),
        Err(NetError::BadDays { days: 0 })
    );
    assert_eq!(
        decode(&invite(None, Timing::DaysPerMove(15))),
        Err(NetError::BadDays { days: 15 })
    );
    let resume = |ply, tail: usize| {
        frame(Message::Resume(Resume {
            ply,
            digest: 0,
            tail: vec!["e3e4".into(); tail],
            clocks: None,
            claimed: false,
        }))
    };
    assert_eq!(decode(&resume(1, 2)), Err(NetError::BadTail { len: 2 }));
    assert_eq!(decode(&resume(40, 17)), Err(NetError::BadTail { len: 17 }));
    assert!(decode(&resume(40, 16)).is_ok());
}

#[test]
fn the_digest_of_moves_is_fixed() {
    assert_eq!(moves_digest::<&str>(&[]), 0xcbf2_9ce4_8422_2325);
    assert_ne!(
        moves_digest(&["e3e4", "e7e6"]),
        moves_digest(&["e3e4e7", "e6"])
    );
    assert_eq!(
        moves_digest(&["e3e4"]),
        moves_digest(&[String::from("e3e4")])
    );
}

// ----- The session: a game between two pages -----

#[test]
fn a_game_is_played_and_each_page_checks_the_others_moves() {
    let (mut white, mut black) = pair(Timing::Untimed);
    assert_eq!(
        relay(&mut white, &mut black, "e3e4", 0, 0),
        Event::Moved {
            uci: "e3e4".into(),
            clock: None,
            outcome: None
        }
    );
    relay(&mut black, &mut white, "e7e6", 0, 0);
    assert_eq!(white.state().moves, ["e3e4", "e7e6"]);
    assert_eq!(white.state().fen, black.state().fen);
    // Not our turn, and not a move.
    assert_eq!(black.play_local("e6e5", 0), Err(LocalError::NotYourTurn));
    assert!(matches!(
        white.play_local("e3e9", 0),
        Err(LocalError::Illegal(_))
    ));
    // Fixed phrases and keepalives.
    let hello = white.say(Phrase::Hello).unwrap();
    assert_eq!(black.receive(&hello, 0), Ok(Event::Phrase(Phrase::Hello)));
    let ping = white.ping(1_000);
    let Ok(Event::Ping { reply }) = black.receive(&ping, 1_040) else {
        panic!("a ping is answered");
    };
    assert_eq!(
        white.receive(&reply, 1_090),
        Ok(Event::Pong { round_trip_ms: 90 })
    );
    // A resignation ends the game on both pages.
    let resign = black.resign(0).unwrap();
    let won = Outcome {
        winner: Color::White,
        reason: Reason::Resignation,
    };
    assert_eq!(white.receive(&resign, 0), Ok(Event::Resigned(won)));
    assert_eq!(black.game().outcome(), Some(won));
}

/// Every kind of bad message, at a page in the middle of a timed game:
/// each is refused with its reason and the page's state is unchanged.
#[test]
fn bad_peer_messages_are_refused_and_change_nothing() {
    let (mut white, mut black) = pair(Timing::Live(FIVE_TWO));
    relay(&mut white, &mut black, "e3e4", 10_000, 10_300);
    relay(&mut black, &mut white, "e7e6", 15_300, 15_600);
    // Black's page, White to move (ply 2).
    let now = 16_000;
    let mv = |ply, uci: &str, clock| {
        frame(Message::Move {
            ply,
            uci: uci.into(),
            clock,
        })
    };
    let clock = Some(time(290_000));
    let mut two = mv(2, "d3d4", clock);
    two[0] = 1;
    let good = mv(2, "d3d4", clock);
    let mut other_game = Frame::new(ID + 1, Message::Resign);
    let other_game_bytes = encode(&other_game);
    other_game.game_id = ID;
    let cases: Vec<(Vec<u8>, Refusal)> = vec![
        (
            mv(2, "e3e9", clock),
            Refusal::Illegal {
                ply: 2,
                uci: "e3e9".into(),
                reason: "e3e9 is not a legal move in this position".into(),
            },
        ),
        (
            mv(3, "d3d4", clock),
            Refusal::WrongPly {
                expected: 2,
                got: 3,
            },
        ),
        (
            mv(1, "d3d4", clock),
            Refusal::WrongPly {
                expected: 2,
                got: 1,
            },
        ),
        (mv(2, "d3d4", None), Refusal::ClockMissing),
        (
            other_game_bytes,
            Refusal::WrongGame {
                expected: ID,
                got: ID + 1,
            },
        ),
        (two, Refusal::Unreadable(NetError::WrongVersion { got: 1 })),
        (
            good[..good.len() - 1].to_vec(),
            Refusal::Unreadable(NetError::Truncated),
        ),
        (
            vec![0x5a; 1 << 20],
            Refusal::Unreadable(NetError::TooLong { len: 1 << 20 }),
        ),
        (frame(Message::Accept), Refusal::AlreadyStarted),
        (
            frame(Message::Invite(terms(Timing::Untimed))),
            Refusal::AlreadyStarted,
        ),
        (
            frame(Message::TakebackAnswer {
                accept: true,
                ply: 0,
            }),
            Refusal::NoTakebackPending,
        ),
        (
            frame(Message::RematchAnswer { accept: true }),
            Refusal::NoRematchPending,
        ),
        (
            frame(Message::Rematch { game_id: 5 }),
            Refusal::RematchNotNow,
        ),
        // A claim that Black's move, on its way, came after Black's time.
        (
            frame(Message::Flag { ply: 1 }),
            Refusal::FlagTooEarly { left_ms: 297_000 },
        ),
        (
            frame(Message::Flag { ply: 5 }),
            Refusal::WrongPly {
                expected: 2,
                got: 5,
            },
        ),
        (
            frame(Message::TakebackRequest { ply: 7 }),
            Refusal::WrongPly {
                expected: 2,
                got: 7,
            },
        ),
    ];
    let before = black.state();
    for (bytes, refusal) in cases {
        assert_eq!(black.receive(&bytes, now), Err(refusal));
        assert_eq!(black.state(), before);
    }
    // White's page: a move by Black when it is White's turn.
    let before = white.state();
    let out_of_turn = mv(2, "e6e5", Some(time(290_000)));
    assert_eq!(white.receive(&out_of_turn, now), Err(Refusal::OutOfTurn));
    assert_eq!(
        white.receive(&frame(Message::Flag { ply: 2 }), now),
        Err(Refusal::FlagTooEarly { left_ms: 291_600 })
    );
    assert_eq!(white.state(), before);
    // The good move is still taken after all that.
    let white_move = white.play_local("d3d4", 17_000).unwrap();
    assert!(matches!(
        black.receive(&white_move, 17_100),
        Ok(Event::Moved { .. })
    ));
}

#[test]
fn messages_after_the_game_ended_are_refused() {
    let (mut white, mut black) = pair(Timing::Untimed);
    relay(&mut white, &mut black, "e3e4", 0, 0);
    let resign = black.resign(0).unwrap();
    white.receive(&resign, 0).unwrap();
    let before = white.state();
    let late_move = frame(Message::Move {
        ply: 1,
        uci: "e7e6".into(),
        clock: None,
    });
    for bytes in [
        late_move,
        frame(Message::Resign),
        frame(Message::TakebackRequest { ply: 1 }),
    ] {
        assert_eq!(white.receive(&bytes, 0), Err(Refusal::GameOver));
        assert_eq!(white.state(), before);
    }
    assert_eq!(white.play_local("d3d4", 0), Err(LocalError::GameOver));
}

#[test]
fn a_game_with_no_clock_refuses_clocks_and_flags() {
    let (_, mut black) = pair(Timing::Untimed);
    let before = black.state();
    let timed = frame(Message::Move {
        ply: 0,
        uci: "e3e4".into(),
        clock: Some(time(1)),
    });
    assert_eq!(black.receive(&timed, 0), Err(Refusal::ClockUnexpected));
    assert_eq!(
        black.receive(&frame(Message::Flag { ply: 0 }), 0),
        Err(Refusal::Untimed)
    );
    assert_eq!(black.state(), before);
}

#[test]
fn messages_before_the_start_are_refused() {
    let (mut white, invite) = Session::invite(ID, terms(Timing::Untimed)).unwrap();
    white.channel_opened(0);
    let before = white.state();
    let mv = frame(Message::Move {
        ply: 0,
        uci: "e3e4".into(),
        clock: None,
    });
    assert_eq!(white.receive(&mv, 0), Err(Refusal::NotStarted));
    assert_eq!(white.state(), before);
    assert_eq!(white.play_local("e3e4", 0), Err(LocalError::NotStarted));
    // The invitation is the invited page's; a page that invites waits.
    let mut black = Session::join(&invite).unwrap();
    assert_eq!(black.accept(0), Err(LocalError::NotConnected));
    black.channel_opened(0);
    black.accept(0).unwrap();
    assert_eq!(black.accept(0), Err(LocalError::AlreadyStarted));
    // Bytes that are not an invitation do not make a game.
    assert!(Session::join(&frame(Message::Accept)).is_err());
    let bad_fen = frame(Message::Invite(Invite {
        start_fen: Some("9/9/9[] w - - 0 1".into()),
        ..terms(Timing::Untimed)
    }));
    assert!(Session::join(&bad_fen).is_err());
}

// ----- Take-backs and rematches -----

#[test]
fn a_takeback_undoes_the_requesters_move_and_the_reply_if_it_came() {
    let (mut white, mut black) = pair(Timing::Untimed);
    relay(&mut white, &mut black, "e3e4", 0, 0);
    // Before Black replies: White's move alone.
    let ask = white.request_takeback().unwrap();
    assert_eq!(white.play_local("d3d4", 0), Err(LocalError::NotYourTurn));
    assert_eq!(
        black.receive(&ask, 0),
        Ok(Event::TakebackAsked { plies: 1 })
    );
    let yes = black.answer_takeback(true, 0).unwrap();
    assert_eq!(white.receive(&yes, 0), Ok(Event::TakenBack { plies: 1 }));
    assert_eq!(white.state().moves, Vec::<String>::new());
    assert_eq!(black.state().fen, white.state().fen);
    // After Black's reply: both moves.
    relay(&mut white, &mut black, "e3e4", 0, 0);
    relay(&mut black, &mut white, "e7e6", 0, 0);
    let ask = white.request_takeback().unwrap();
    // While it waits, the requester cannot move.
    assert_eq!(
        white.play_local("d3d4", 0),
        Err(LocalError::TakebackPending)
    );
    assert_eq!(
        black.receive(&ask, 0),
        Ok(Event::TakebackAsked { plies: 2 })
    );
    let no = black.answer_takeback(false, 0).unwrap();
    assert_eq!(white.receive(&no, 0), Ok(Event::TakebackDeclined));
    assert_eq!(white.state().moves, ["e3e4", "e7e6"]);
    let ask = white.request_takeback().unwrap();
    black.receive(&ask, 0).unwrap();
    let yes = black.answer_takeback(true, 0).unwrap();
    assert_eq!(white.receive(&yes, 0), Ok(Event::TakenBack { plies: 2 }));
    assert_eq!(white.state(), {
        let mut s = black.state();
        s.me = Color::White;
        s.connection = white.connection();
        s
    });
    // Black has made no move: nothing to take back.
    assert_eq!(black.request_takeback(), Err(LocalError::NothingToTakeBack));
}

#[test]
fn a_takeback_asked_as_the_reply_crossed_it_still_means_the_requesters_move() {
    let (mut white, mut black) = pair(Timing::Untimed);
    relay(&mut white, &mut black, "e3e4", 0, 0);
    let ask = white.request_takeback().unwrap();
    let reply = black.play_local("e7e6", 0).unwrap();
    // Black's page gets the request for ply 1 at ply 2; White's gets the
    // reply while its request waits.
    assert_eq!(
        black.receive(&ask, 0),
        Ok(Event::TakebackAsked { plies: 2 })
    );
    white.receive(&reply, 0).unwrap();
    let yes = black.answer_takeback(true, 0).unwrap();
    assert_eq!(white.receive(&yes, 0), Ok(Event::TakenBack { plies: 2 }));
    assert_eq!(white.state().moves, black.state().moves);
    // Requests that cross lapse on both pages.
    relay(&mut white, &mut black, "e3e4", 0, 0);
    relay(&mut black, &mut white, "e7e6", 0, 0);
    let w = white.request_takeback().unwrap();
    let b = black.request_takeback().unwrap();
    assert_eq!(black.receive(&w, 0), Ok(Event::TakebackCrossed));
    assert_eq!(white.receive(&b, 0), Ok(Event::TakebackCrossed));
    assert_eq!(white.takeback(), None);
    assert_eq!(black.takeback(), None);
}

#[test]
fn a_rematch_swaps_the_colours() {
    let (mut white, mut black) = pair(Timing::Live(FIVE_TWO));
    assert_eq!(white.offer_rematch(9), Err(LocalError::RematchNotNow));
    let resign = white.resign(1_000).unwrap();
    black.receive(&resign, 1_000).unwrap();
    let offer = black.offer_rematch(77).unwrap();
    assert_eq!(
        white.receive(&offer, 2_000),
        Ok(Event::RematchOffered { game_id: 77 })
    );
    let (yes, id) = white.answer_rematch(true).unwrap();
    assert_eq!(id, Some(77));
    assert_eq!(
        black.receive(&yes, 2_000),
        Ok(Event::RematchAgreed { game_id: 77 })
    );
    let mut new_white = black.rematch(77, 2_000);
    let mut new_black = white.rematch(77, 2_000);
    assert_eq!(new_white.me(), Color::White);
    assert_eq!(new_black.me(), Color::Black);
    assert_eq!(new_white.game_id(), 77);
    assert_eq!(new_white.terms().inviter, Color::Black);
    assert_eq!(new_white.clock().unwrap().times(), [time(300_000); 2]);
    // The old game's messages are not the new game's.
    let old = white.say(Phrase::GoodGame).unwrap();
    assert_eq!(
        new_white.receive(&old, 2_000),
        Err(Refusal::WrongGame {
            expected: 77,
            got: ID
        })
    );
    relay(&mut new_white, &mut new_black, "e3e4", 3_000, 3_100);
    // Offers that cross: both pages start the lower number.
    let (mut a, mut b) = pair(Timing::Untimed);
    let resign = a.resign(0).unwrap();
    b.receive(&resign, 0).unwrap();
    let from_a = a.offer_rematch(50).unwrap();
    let from_b = b.offer_rematch(40).unwrap();
    assert_eq!(
        a.receive(&from_b, 0),
        Ok(Event::RematchAgreed { game_id: 40 })
    );
    assert_eq!(
        b.receive(&from_a, 0),
        Ok(Event::RematchAgreed { game_id: 40 })
    );
}

// ----- The clock rule on scripted timelines -----

#[test]
fn reported_times_are_taken_within_the_lag_allowance() {
    let (mut white, mut black) = pair(Timing::Live(FIVE_TWO));
    // White thinks 10 s and its move takes 300 ms to arrive: Black's page
    // reckons 10.3 s, 300 ms of the allowance used.
    assert_eq!(
        relay(&mut white, &mut black, "e3e4", 10_000, 10_300),
        Event::Moved {
            uci: "e3e4".into(),
            clock: Some(Check::Accepted { lag_ms: 300 }),
            outcome: None
        }
    );
    assert_eq!(
        black.clock().unwrap().times(),
        [time(292_000), time(300_000)]
    );
    assert_eq!(
        white.clock().unwrap().times(),
        [time(292_000), time(300_000)]
    );
    assert_eq!(
        black.clock().unwrap().credit(Color::White),
        LAG_PER_GAME_MS - 300
    );
    // Black thinks 5 s; the round trip is 600 ms.
    assert_eq!(
        relay(&mut black, &mut white, "e7e6", 15_300, 15_600),
        Event::Moved {
            uci: "e7e6".into(),
            clock: Some(Check::Accepted { lag_ms: 600 }),
            outcome: None
        }
    );
    assert_eq!(
        white.clock().unwrap().times(),
        [time(292_000), time(297_000)]
    );
    // White moves at 20 s. A Black page that reports no time spent after
    // 10 s is corrected to the reckoning less the whole allowance.
    relay(&mut white, &mut black, "d3d4", 20_000, 20_000);
    let greedy = frame(Message::Move {
        ply: 3,
        uci: "d7d6".into(),
        clock: Some(time(297_000)),
    });
    let counted = time(297_000 - 9_000);
    let discrepancy = Discrepancy {
        side: Color::Black,
        reported: time(297_000),
        counted,
    };
    assert_eq!(
        white.receive(&greedy, 30_000),
        Ok(Event::Moved {
            uci: "d7d6".into(),
            clock: Some(Check::Corrected(discrepancy)),
            outcome: None
        })
    );
    let clock = white.clock().unwrap();
    assert_eq!(clock.times()[1], time(290_000));
    assert_eq!(clock.discrepancies(), [discrepancy]);
    assert_eq!(clock.credit(Color::Black), LAG_PER_GAME_MS - 600 - 1_000);
    // White's turn runs from the arrival, on its own page.
    assert_eq!(clock.running(), Some(Color::White));
    assert_eq!(clock.reading(Color::White, 31_000).main_ms, 289_600 - 1_000);
}

#[test]
fn the_allowance_is_spent_over_the_game() {
    let (mut white, mut black) = pair(Timing::Live(FIVE_TWO));
    // Each of White's moves arrives 1.5 s after it was made; 1 s of that
    // is forgiven on each, out of 30 s for the game.
    let mut t = 0;
    let moves = [("a3a4", "a7a6"), ("a4a5", "i7i6"), ("i3i4", "i6i5")];
    for (w, b) in moves {
        let bytes = white.play_local(w, t + 1_000).unwrap();
        let event = black.receive(&bytes, t + 2_500).unwrap();
        assert!(matches!(
            event,
            Event::Moved {
                clock: Some(Check::Corrected(_)),
                ..
            }
        ));
        relay(&mut black, &mut white, b, t + 2_500, t + 2_500);
        t += 2_500;
    }
    // Each move: 1 s reported against a reckoning of 2.5 s; counted 1.5 s,
    // the whole allowance spent.
    assert_eq!(
        black.clock().unwrap().credit(Color::White),
        LAG_PER_GAME_MS - 3_000
    );
    assert_eq!(
        black.clock().unwrap().times()[0],
        time(300_000 - 3 * 1_500 + 3 * 2_000)
    );
    assert_eq!(
        white.clock().unwrap().times()[0],
        time(300_000 - 3 * 1_000 + 3 * 2_000)
    );
}

#[test]
fn a_move_after_the_time_and_allowance_is_refused_and_the_flag_falls() {
    let (mut white, mut black) = pair(Timing::Live(ONE_ZERO));
    // White's own page: out at 60 s exactly.
    assert_eq!(white.play_local("e3e4", 60_000), Err(LocalError::OutOfTime));
    // A move made at 59.9 s that reaches Black at 61 s is late (the 1 s
    // allowance is over at 61 s).
    let late = white.play_local("e3e4", 59_900).unwrap();
    let before = black.state();
    assert_eq!(
        black.receive(&late, 61_000),
        Err(Refusal::Late { over_ms: 0 })
    );
    assert_eq!(black.state(), before);
    // Black's page calls White's flag at 61 s, not before.
    assert_eq!(black.tick(60_999), None);
    let (outcome, flag) = black.tick(61_000).unwrap();
    let lost = Outcome {
        winner: Color::Black,
        reason: Reason::Time,
    };
    assert_eq!(outcome, lost);
    // White's page had sent its move 100 ms before its clock ran out: the
    // claim holds, the move is withdrawn, both pages agree.
    assert_eq!(white.receive(&flag, 61_100), Ok(Event::Flagged(lost)));
    assert_eq!(white.state().moves, Vec::<String>::new());
    assert_eq!(white.state().moves, black.state().moves);
    assert_eq!(white.game().outcome(), black.game().outcome());
}

#[test]
fn a_page_calls_its_own_flag_and_the_other_accepts_it() {
    let (mut white, mut black) = pair(Timing::Live(ONE_ZERO));
    assert_eq!(white.tick(59_999), None);
    let (outcome, flag) = white.tick(60_000).unwrap();
    assert_eq!(outcome.winner, Color::Black);
    assert_eq!(black.receive(&flag, 60_050), Ok(Event::Flagged(outcome)));
    // Black's page had not yet called it (its allowance runs to 61 s).
    assert_eq!(black.game().outcome(), Some(outcome));
}

#[test]
fn byoyomi_periods_are_checked_as_on_the_local_clock() {
    let control = Control {
        minutes: 0,
        increment_s: 0,
        byoyomi_s: 10,
        periods: 2,
    };
    let (mut white, mut black) = pair(Timing::Live(control));
    // White takes 15 s: one period lost, one left.
    let bytes = white.play_local("e3e4", 15_000).unwrap();
    assert!(matches!(
        decode(&bytes).unwrap().message,
        Message::Move {
            clock: Some(Time {
                periods: 1,
                main_ms: 0
            }),
            ..
        }
    ));
    assert_eq!(
        black.receive(&bytes, 15_200),
        Ok(Event::Moved {
            uci: "e3e4".into(),
            clock: Some(Check::Accepted { lag_ms: 0 }),
            outcome: None
        })
    );
    // The reading of Black's clock: a whole period, two left.
    let reading = black.clock().unwrap().reading(Color::Black, 15_200);
    assert_eq!(reading.period_ms, Some(10_000));
    assert_eq!(reading.periods, 2);
    relay(&mut black, &mut white, "e7e6", 16_000, 16_000);
    // White's last period: its page flags it at 10 s, Black's at 11 s.
    assert_eq!(white.tick(25_999), None);
    assert!(white.tick(26_000).is_some());
    assert_eq!(black.tick(26_999), None);
    assert!(black.tick(27_000).is_some());
}

// ----- Reconnecting -----

#[test]
fn the_connection_goes_through_every_state() {
    use Connection::*;
    let them = |now| Signal::Closed {
        now,
        left: Left::Them,
    };
    let c = Connecting;
    assert_eq!(c.next(them(5)), Connecting);
    let c = c.next(Signal::Opened);
    assert_eq!(c, Connected);
    assert!(c.is_open());
    assert_eq!(c.countdown(9), None);
    assert_eq!(c.next(Signal::Resumed), Connected);
    let c = c.next(them(1_000));
    let away = Disconnected {
        since: 1_000,
        left: Left::Them,
    };
    assert_eq!(c, away);
    assert!(!c.is_open());
    assert_eq!(c.countdown(11_000), Some(GRACE_MS - 10_000));
    assert!(!c.may_claim(1_000 + GRACE_MS - 1));
    assert!(c.may_claim(1_000 + GRACE_MS));
    let c = c.next(Signal::Opened);
    assert_eq!(
        c,
        Reconnecting {
            since: 1_000,
            left: Left::Them
        }
    );
    assert!(!c.may_claim(1_000 + GRACE_MS));
    // Dropped again while comparing: the countdown goes on.
    assert_eq!(c.next(them(50_000)), away);
    assert_eq!(c.next(Signal::Resumed), Connected);
    assert_eq!(c.next(Signal::Conflict), Failed);
    assert_eq!(Failed.next(Signal::Opened), Failed);
    // A page that left, either time, has no claim, ever.
    let ours = Disconnected {
        since: 1_000,
        left: Left::Us,
    };
    assert_eq!(
        c.next(Signal::Closed {
            now: 50_000,
            left: Left::Us
        }),
        ours
    );
    assert_eq!(ours.next(Signal::Opened).next(them(70_000)), ours);
    assert_eq!(ours.countdown(1_000 + GRACE_MS), Some(0));
    assert!(!ours.may_claim(1_000 + 10 * GRACE_MS));
    // Going offline during a drop makes it ours.
    assert_eq!(away.went_offline(), ours);
    assert_eq!(Connected.went_offline(), Connected);
}

/// White's untimed game as its page restores it after a reload at `now`.
fn reloaded(white: &Session, now: u64) -> Session {
    let moves = white.state().moves;
    Session::restore(ID, terms(Timing::Untimed), Color::White, &moves, None, now).unwrap()
}

#[test]
fn only_the_page_that_stayed_may_claim() {
    // A reload: the restored page left; the page that stayed may claim.
    let (mut white, mut black) = pair(Timing::Untimed);
    relay(&mut white, &mut black, "e3e4", 0, 0);
    let mut white = reloaded(&white, 5_000);
    black.channel_closed(5_000);
    let late = 5_000 + 10 * GRACE_MS;
    assert_eq!(white.claim(late), Err(LocalError::CannotClaim));
    assert_eq!(
        white.connection(),
        Connection::Disconnected {
            since: 5_000,
            left: Left::Us
        }
    );
    assert!(black.claim(5_000 + GRACE_MS).is_ok());

    // A lost network: the page whose browser went offline left, whether it
    // was told before the drop or during it; the other may claim.
    for told_before in [true, false] {
        let (mut white, mut black) = pair(Timing::Untimed);
        relay(&mut white, &mut black, "e3e4", 0, 0);
        if told_before {
            black.network_changed(false);
        }
        white.channel_closed(1_000);
        black.channel_closed(1_000);
        if !told_before {
            black.network_changed(false);
        }
        black.network_changed(true);
        assert_eq!(
            black.claim(1_000 + 10 * GRACE_MS),
            Err(LocalError::CannotClaim),
            "told before: {told_before}"
        );
        assert!(white.claim(1_000 + GRACE_MS).is_ok());
    }

    // A blip of the network that the channel outlived is forgotten: a
    // later drop is the friend's.
    let (mut white, mut black) = pair(Timing::Untimed);
    relay(&mut white, &mut black, "e3e4", 0, 0);
    black.network_changed(false);
    black.network_changed(true);
    black.channel_closed(1_000);
    assert!(black.claim(1_000 + GRACE_MS).is_ok());
}

#[test]
fn a_move_lost_in_a_drop_is_caught_up_and_the_clocks_agreed() {
    let (mut white, mut black) = pair(Timing::Live(FIVE_TWO));
    relay(&mut white, &mut black, "e3e4", 10_000, 10_300);
    // Black moves at 15.3 s; the channel drops before the move arrives.
    let lost = black.play_local("e7e6", 15_300).unwrap();
    white.channel_closed(16_000);
    black.channel_closed(16_000);
    assert_eq!(
        white.connection(),
        Connection::Disconnected {
            since: 16_000,
            left: Left::Them
        }
    );
    // No clock runs, no move can be made, game messages wait.
    assert_eq!(white.clock().unwrap().running(), None);
    assert_eq!(
        black.play_local("d7d6", 17_000),
        Err(LocalError::NotConnected)
    );
    let before = white.state();
    assert_eq!(white.receive(&lost, 17_000), Err(Refusal::NotResumed));
    assert_eq!(white.state(), before);
    // Back at 100 s.
    let from_white = white.channel_opened(100_000).unwrap();
    let from_black = black.channel_opened(100_000).unwrap();
    assert_eq!(
        white.receive(&from_black, 100_050),
        Ok(Event::Resumed {
            caught_up: vec!["e7e6".into()],
            reply: None
        })
    );
    assert_eq!(
        black.receive(&from_white, 100_050),
        Ok(Event::Resumed {
            caught_up: vec![],
            reply: None
        })
    );
    // White's page had Black at 294 s (its turn charged to the drop) and
    // adds the increment of the move caught up: 296 s; Black's page had 297
    // s. White: 292 s on White's page, 291.3 s on Black's (charged from
    // Black's move to the drop). The lower of each.
    let agreed = [time(291_300), time(296_000)];
    assert_eq!(white.clock().unwrap().times(), agreed);
    assert_eq!(black.clock().unwrap().times(), agreed);
    assert_eq!(white.state().moves, black.state().moves);
    assert_eq!(white.connection(), Connection::Connected);
    // White's clock runs again from the resumption.
    assert_eq!(
        white
            .clock()
            .unwrap()
            .reading(Color::White, 101_050)
            .main_ms,
        290_300
    );
    relay(&mut white, &mut black, "d3d4", 101_050, 101_100);
}

#[test]
fn a_page_that_missed_the_drop_answers_a_resume_with_its_own() {
    let (mut white, mut black) = pair(Timing::Untimed);
    relay(&mut white, &mut black, "e3e4", 0, 0);
    // White's page reloads: its game is restored, the channel down.
    let mut white = reloaded(&white, 5_000);
    let resume = white.channel_opened(6_000).unwrap();
    let Ok(Event::Resumed {
        caught_up,
        reply: Some(reply),
    }) = black.receive(&resume, 6_000)
    else {
        panic!("Black's page resumes and answers");
    };
    assert!(caught_up.is_empty());
    assert_eq!(
        white.receive(&reply, 6_100),
        Ok(Event::Resumed {
            caught_up: vec![],
            reply: None
        })
    );
    relay(&mut black, &mut white, "e7e6", 7_000, 7_000);
}

#[test]
fn games_that_differ_are_not_resumed() {
    let (mut white, mut black) = pair(Timing::Untimed);
    relay(&mut white, &mut black, "e3e4", 0, 0);
    white.channel_closed(1_000);
    white.channel_opened(2_000).unwrap();
    let before = white.state();
    let other = frame(Message::Resume(resume_of(&["d3d4"], None)));
    assert_eq!(
        white.receive(&other, 2_000),
        Err(Refusal::Conflict(Conflict::Differ { number: 1 }))
    );
    assert_eq!(white.connection(), Connection::Failed);
    let after = white.state();
    assert_eq!((after.fen, after.moves), (before.fen, before.moves));
    // A move to catch up that is not legal.
    let (mut white, mut black) = pair(Timing::Untimed);
    relay(&mut white, &mut black, "e3e4", 0, 0);
    black.channel_closed(1_000);
    black.channel_opened(2_000).unwrap();
    let illegal = frame(Message::Resume(resume_of(&["e3e4", "e7e2"], None)));
    assert_eq!(
        black.receive(&illegal, 2_000),
        Err(Refusal::Conflict(Conflict::Illegal {
            number: 2,
            uci: "e7e2".into()
        }))
    );
    assert_eq!(black.state().moves, ["e3e4"]);
}

#[test]
fn resumes_are_reconciled_by_their_tails_and_digests() {
    let moves: Vec<String> = (0..20).map(|i| format!("m{i}")).collect();
    let all = resume_of(&moves, None);
    assert_eq!(all.ply, 20);
    assert_eq!(all.tail.len(), 16);
    assert_eq!(all.digest, moves_digest(&moves[..4]));
    // Level, one behind, one ahead.
    assert_eq!(reconcile(&moves, &all), Ok(vec![]));
    assert_eq!(reconcile(&moves[..19], &all), Ok(vec!["m19".to_string()]));
    assert_eq!(
        reconcile(&moves, &resume_of(&moves[..19], None)),
        Ok(vec![])
    );
    // Behind by more than the tail.
    assert_eq!(
        reconcile(&moves[..3], &all),
        Err(Conflict::TooFarBehind {
            mine: 3,
            theirs: 20
        })
    );
    // A move changed before the tail, or in it.
    let mut edited = moves.clone();
    edited[1] = "x".into();
    assert_eq!(
        reconcile(&edited, &all),
        Err(Conflict::Differ { number: 5 })
    );
    edited = moves.clone();
    edited[10] = "x".into();
    assert_eq!(
        reconcile(&edited, &all),
        Err(Conflict::Differ { number: 11 })
    );
}

#[test]
fn the_waiting_player_may_claim_after_the_countdown() {
    let (mut white, mut black) = pair(Timing::Live(FIVE_TWO));
    relay(&mut white, &mut black, "e3e4", 1_000, 1_000);
    white.channel_closed(5_000);
    assert_eq!(
        white.claim(5_000 + GRACE_MS - 1),
        Err(LocalError::CannotClaim)
    );
    let outcome = white.claim(5_000 + GRACE_MS).unwrap();
    assert_eq!(
        outcome,
        Outcome {
            winner: Color::White,
            reason: Reason::Time
        }
    );
}

const WHITE_CLAIMED: Outcome = Outcome {
    winner: Color::White,
    reason: Reason::Time,
};

#[test]
fn a_claim_is_told_to_the_friend_who_comes_back() {
    let (mut white, mut black) = pair(Timing::Live(FIVE_TWO));
    relay(&mut white, &mut black, "e3e4", 1_000, 1_000);
    // Black moves as the channel drops: the move never reaches White.
    let lost = black.play_local("e7e6", 4_000).unwrap();
    white.channel_closed(5_000);
    black.channel_closed(5_000);
    assert_eq!(white.receive(&lost, 5_000), Err(Refusal::NotResumed));
    white.claim(5_000 + GRACE_MS).unwrap();
    assert_eq!(white.state().outcome, Some(WHITE_CLAIMED));
    // Black comes back; White's page answers the reconnect link.
    let from_black = black.channel_opened(90_000).unwrap();
    let from_white = white.channel_opened(90_000).unwrap();
    assert_eq!(
        decode(&from_white).unwrap().message,
        Message::Resume(Resume {
            ply: 1,
            digest: 0xcbf2_9ce4_8422_2325,
            tail: vec!["e3e4".into()],
            // White's own time after its increment; Black's turn charged
            // up to the drop.
            clocks: Some([time(301_000), time(296_000)]),
            claimed: true,
        })
    );
    // White's game stays as claimed: Black's lost move is not played.
    assert_eq!(
        white.receive(&from_black, 90_050),
        Ok(Event::Resumed {
            caught_up: vec![],
            reply: None
        })
    );
    assert_eq!(white.state().moves, ["e3e4"]);
    assert_eq!(white.state().outcome, Some(WHITE_CLAIMED));
    // Black's page takes its lost move back and records the loss.
    assert_eq!(
        black.receive(&from_white, 90_050),
        Ok(Event::Claimed {
            outcome: WHITE_CLAIMED,
            reply: None
        })
    );
    let after = black.state();
    assert_eq!(after.moves, ["e3e4"]);
    assert_eq!(after.outcome, Some(WHITE_CLAIMED));
    assert_eq!(after.connection, Connection::Connected);
    assert_eq!(after.claimed_by, Some(Color::White));
    assert_eq!(white.state().claimed_by, Some(Color::White));
    assert_eq!(after.clock.unwrap().running(), None);
    assert_eq!(black.play_local("d7d6", 91_000), Err(LocalError::GameOver));
    // The channel serves the rematch.
    let offer = black.offer_rematch(77).unwrap();
    assert_eq!(
        white.receive(&offer, 92_000),
        Ok(Event::RematchOffered { game_id: 77 })
    );
}

#[test]
fn a_claim_is_told_after_a_reload_and_the_claimer_s_move_is_caught_up() {
    let (mut white, mut black) = pair(Timing::Untimed);
    relay(&mut white, &mut black, "e3e4", 0, 0);
    relay(&mut black, &mut white, "e7e6", 0, 0);
    // White moves as Black's page reloads: Black never saw the move.
    white.play_local("d3d4", 1_000).unwrap();
    white.channel_closed(1_500);
    let moves = black.state().moves;
    let mut black = Session::restore(
        ID,
        terms(Timing::Untimed),
        Color::Black,
        &moves,
        None,
        2_000,
    )
    .unwrap();
    assert_eq!(white.claim(1_499 + GRACE_MS), Err(LocalError::CannotClaim));
    white.claim(1_500 + GRACE_MS).unwrap();
    // Black's reconnect link: Black's page sends its Resume first, White's
    // answers with its own, which tells the claim.
    let from_black = black.channel_opened(80_000).unwrap();
    white.channel_opened(80_000).unwrap();
    let Ok(Event::Resumed {
        caught_up,
        reply: None,
    }) = white.receive(&from_black, 80_000)
    else {
        panic!("White's page had sent its Resume");
    };
    assert!(caught_up.is_empty());
    let from_white = frame(Message::Resume(Resume {
        claimed: true,
        ..resume_of(&["e3e4", "e7e6", "d3d4"], None)
    }));
    assert_eq!(
        black.receive(&from_white, 80_100),
        Ok(Event::Claimed {
            outcome: WHITE_CLAIMED,
            reply: None
        })
    );
    assert_eq!(black.state().moves, white.state().moves);
    assert_eq!(black.state().outcome, Some(WHITE_CLAIMED));
}

#[test]
fn when_both_pages_claimed_the_claims_lapse_and_the_game_goes_on() {
    let (mut white, mut black) = pair(Timing::Live(FIVE_TWO));
    relay(&mut white, &mut black, "e3e4", 1_000, 1_000);
    white.channel_closed(5_000);
    black.channel_closed(5_000);
    white.claim(70_000).unwrap();
    black.claim(70_000).unwrap();
    let from_white = white.channel_opened(80_000).unwrap();
    let from_black = black.channel_opened(80_000).unwrap();
    for (page, resume) in [(&mut white, &from_black), (&mut black, &from_white)] {
        assert_eq!(
            page.receive(resume, 80_000),
            Ok(Event::ClaimsLapsed {
                caught_up: vec![],
                reply: None
            })
        );
        let state = page.state();
        assert_eq!((state.outcome, state.claimed_by), (None, None));
        assert_eq!(state.clock.unwrap().running(), Some(Color::Black));
    }
    relay(&mut black, &mut white, "e7e6", 81_000, 81_000);
    assert_eq!(white.state().moves, black.state().moves);
}

#[test]
fn a_claim_cannot_undo_an_end_on_the_board() {
    // White mates; Black's page then says it claimed the game.
    let mate = Invite {
        start_fen: Some("4k4/9/4K4/9/9/9/9/9/R8[] w - - 0 1".into()),
        ..terms(Timing::Untimed)
    };
    let (mut white, invite) = Session::invite(ID, mate).unwrap();
    let mut black = Session::join(&invite).unwrap();
    white.channel_opened(0);
    black.channel_opened(0);
    let accept = black.accept(0).unwrap();
    white.receive(&accept, 0).unwrap();
    relay(&mut white, &mut black, "a1a9+", 0, 0);
    let mated = white.state().outcome;
    assert_eq!(mated.map(|o| o.reason), Some(Reason::Checkmate));
    white.channel_closed(1_000);
    white.channel_opened(2_000).unwrap();
    let claim = frame(Message::Resume(Resume {
        claimed: true,
        ..resume_of(&["a1a9+"], None)
    }));
    assert!(matches!(
        white.receive(&claim, 2_000),
        Ok(Event::Resumed { .. })
    ));
    assert_eq!(white.state().outcome, mated);
}

// ----- Links -----

/// A description Chromium wrote (an offer, with two mDNS host candidates).
const SDP: &str = include_str!("data/sdp/chromium-offer-mdns.sdp");
/// A description `sdp::compact` does not carry (its fingerprint is not a
/// SHA-256 one): it travels as text.
const OTHER_SDP: &str = "v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n\
a=group:BUNDLE 0\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n\
c=IN IP4 0.0.0.0\r\na=ice-ufrag:abcd\r\na=ice-pwd:0123456789abcdefghijklmn\r\n\
a=fingerprint:sha-256 AB:CD:EF\r\na=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\n";

#[test]
fn a_connection_link_reads_back_exactly() {
    // Chromium's description travels compact and reads back as its
    // expansion (the same connection; only the session id differs).
    let expanded = sdp::expand(&sdp::compact(SDP).unwrap()).unwrap();
    let offer = RtcLink {
        role: Role::Offer,
        game_id: ID,
        invite: Some(terms(Timing::Live(FIVE_TWO))),
        sdp: SDP.into(),
    };
    let read_back = RtcLink {
        sdp: expanded.clone(),
        ..offer.clone()
    };
    let fragment = offer.fragment();
    assert!(fragment.starts_with("rtc="));
    assert!(fragment[4..]
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
    // 716 bytes of SDP and the terms in 203 characters (as text they took
    // about 970).
    assert_eq!(fragment.len(), 203, "{fragment}");
    assert_eq!(RtcLink::read(&fragment), Ok(read_back.clone()));
    assert_eq!(
        RtcLink::read(&format!("#{fragment}")),
        Ok(read_back.clone())
    );
    // The expansion is carried as it is.
    assert_eq!(RtcLink::read(&read_back.fragment()), Ok(read_back));
    let answer = RtcLink {
        role: Role::Answer,
        game_id: ID,
        invite: None,
        sdp: expanded,
    };
    assert_eq!(RtcLink::read(&answer.fragment()), Ok(answer.clone()));
    // Another description travels as text, its CRs dropped.
    let other = RtcLink {
        sdp: OTHER_SDP.into(),
        ..answer.clone()
    };
    let f = other.fragment();
    assert!(f.len() < OTHER_SDP.len() * 4 / 3 + 40, "{}", f.len());
    assert_eq!(RtcLink::read(&f), Ok(other));
    // Cut, changed, of another kind.
    for f in [answer.fragment(), f] {
        assert_eq!(RtcLink::read(&f[..f.len() - 4]), Err(LinkError::Unreadable));
        assert_eq!(RtcLink::read("rtc=A"), Err(LinkError::NotBase64));
        assert_eq!(
            RtcLink::read(&f.replace('A', "+")),
            Err(LinkError::NotBase64)
        );
    }
    assert_eq!(RtcLink::read("corr=2"), Err(LinkError::NotThisKind));
    assert_eq!(
        RtcLink::read("rtc=Aw"),
        Err(LinkError::WrongVersion { got: "3".into() })
    );
    // A link of the version before (the SDP as text only) is refused by
    // name.
    assert_eq!(
        RtcLink::read("rtc=AQ"),
        Err(LinkError::WrongVersion { got: "1".into() })
    );
}

fn corr() -> CorrLink {
    CorrLink {
        game_id: ID,
        variant: Variant::Mansindam,
        start_fen: None,
        moves: ["e3e4", "e7e6", "d3d4"].map(String::from).to_vec(),
        recipient: Color::Black,
        days_per_move: Some(3),
    }
}

#[test]
fn a_correspondence_link_reads_back_exactly_and_replays() {
    let link = corr();
    assert_eq!(
        link.fragment(),
        "corr=2&game=0123456789abcdef&variant=mansindam&moves=e3e4,e7e6,d3d4&you=black&days=3"
    );
    assert_eq!(CorrLink::read(&link.fragment()), Ok(link.clone()));
    let game = link.replay().unwrap();
    assert_eq!(game.ply_count(), 3);
    assert_eq!(game.position().side_to_move(), link.recipient);
    // The next link: one move more, for the other player.
    let next = link.after_move("e6e5");
    assert_eq!(next.recipient, Color::White);
    assert_eq!(next.follows(&link), Ok(()));
    let with_fen = CorrLink {
        start_fen: Some(Variant::Mansindam.start_fen().into()),
        moves: vec![],
        days_per_move: None,
        ..link
    };
    assert_eq!(CorrLink::read(&with_fen.fragment()), Ok(with_fen));
}

#[test]
fn an_edited_move_is_named() {
    let link = corr();
    // Move 3 edited into a move that is not legal.
    let edited = link.fragment().replace("d3d4", "e3e9");
    let read = CorrLink::read(&edited).unwrap();
    let refusal = read.replay().unwrap_err();
    assert!(matches!(refusal, CorrError::Illegal { number: 3, .. }));
    assert_eq!(refusal.to_string(), "move 3, e3e9, is not legal");
    // Edited into another legal move: the link before tells.
    let other = CorrLink::read(&link.fragment().replace("d3d4", "c3c4")).unwrap();
    assert!(other.replay().is_ok());
    assert_eq!(
        other.follows(&link).unwrap_err().to_string(),
        "move 3 was d3d4 and is now c3c4"
    );
    let shorter = CorrLink {
        moves: link.moves[..2].to_vec(),
        ..link.clone()
    };
    assert_eq!(
        shorter.follows(&link),
        Err(CorrError::Edited {
            number: 3,
            was: "d3d4".into(),
            now: None
        })
    );
    let another = CorrLink {
        game_id: 1,
        ..link.clone()
    };
    assert_eq!(another.follows(&link), Err(CorrError::OtherGame));
}

#[test]
fn a_correspondence_link_with_a_bad_part_is_refused_by_name() {
    let good = corr().fragment();
    let cases = [
        ("", LinkError::NotThisKind),
        ("corr=3&game=0", LinkError::WrongVersion { got: "3".into() }),
        (
            "corr=2&variant=mansindam&moves=&you=white",
            LinkError::Missing("game"),
        ),
        (
            "corr=2&game=0123456789abcdef&variant=chess&moves=&you=white",
            LinkError::Bad {
                part: "variant",
                value: "chess".into(),
            },
        ),
        (
            "corr=2&game=0123456789ABCDEF&variant=mansindam&moves=&you=white",
            LinkError::Bad {
                part: "game",
                value: "0123456789ABCDEF".into(),
            },
        ),
        (
            "corr=2&game=0123456789abcdef&variant=mansindam&moves=e3e4,,e7e6&you=white",
            LinkError::Bad {
                part: "moves",
                value: "e3e4,,e7e6".into(),
            },
        ),
        (
            "corr=2&game=0123456789abcdef&variant=mansindam&moves=&you=red",
            LinkError::Bad {
                part: "you",
                value: "red".into(),
            },
        ),
        (
            "corr=2&game=0123456789abcdef&variant=mansindam&moves=&you=white&days=03",
            LinkError::Bad {
                part: "days",
                value: "03".into(),
            },
        ),
        (
            "corr=2&game=0123456789abcdef&variant=mansindam&moves=&you=white&you=black",
            LinkError::Unexpected("you".into()),
        ),
        (
            "corr=2&game=0123456789abcdef&variant=mansindam&moves=&you=white&utm=x",
            LinkError::Unexpected("utm".into()),
        ),
    ];
    for (fragment, error) in cases {
        assert_eq!(CorrLink::read(fragment), Err(error), "{fragment}");
    }
    assert!(CorrLink::read(&good).is_ok());
}

// ----- Properties -----

fn any_move_text() -> impl Strategy<Value = String> {
    "[a-iA-Z@+=0-9]{1,8}"
}

fn any_time() -> impl Strategy<Value = Time> {
    (0u32..11, 0u64..(1 << 40)).prop_map(|(periods, main_ms)| Time { periods, main_ms })
}

proptest! {
    #[test]
    fn any_move_frame_round_trips(
        game_id in any::<u64>(),
        ply in any::<u32>(),
        uci in any_move_text(),
        clock in proptest::option::of(any_time()),
    ) {
        let f = Frame::new(game_id, Message::Move { ply, uci, clock });
        prop_assert_eq!(decode(&encode(&f)), Ok(f));
    }

    #[test]
    fn any_resume_round_trips(
        extra in 0u32..1000,
        digest in any::<u64>(),
        tail in proptest::collection::vec(any_move_text(), 0..=16),
        clocks in proptest::option::of((any_time(), any_time())),
        claimed in any::<bool>(),
    ) {
        let resume = Resume {
            ply: tail.len() as u32 + extra,
            digest,
            tail,
            clocks: clocks.map(|(w, b)| [w, b]),
            claimed,
        };
        let f = Frame::new(ID, Message::Resume(resume));
        prop_assert_eq!(decode(&encode(&f)), Ok(f));
    }

    /// Random bytes never panic, and a refusal leaves the session as it was.
    #[test]
    fn random_bytes_are_refused_and_change_nothing(
        bytes in proptest::collection::vec(any::<u8>(), 0..1200),
        versioned in any::<bool>(),
    ) {
        let (mut white, mut black) = pair(Timing::Live(FIVE_TWO));
        relay(&mut white, &mut black, "e3e4", 1_000, 1_000);
        let mut bytes = bytes;
        if versioned && !bytes.is_empty() {
            bytes[0] = PROTOCOL_VERSION;
        }
        let before = black.state();
        if black.receive(&bytes, 2_000).is_err() {
            prop_assert_eq!(black.state(), before);
        }
    }

    #[test]
    fn any_correspondence_link_reads_back(
        game_id in any::<u64>(),
        pandemonium in any::<bool>(),
        fen in proptest::option::of("[ -~]{1,120}"),
        moves in proptest::collection::vec(any_move_text(), 0..40),
        black in any::<bool>(),
        days in proptest::option::of(1u8..=14),
    ) {
        let link = CorrLink {
            game_id,
            variant: if pandemonium { Variant::Pandemonium } else { Variant::Mansindam },
            start_fen: fen,
            moves,
            recipient: if black { Color::Black } else { Color::White },
            days_per_move: days,
        };
        prop_assert_eq!(CorrLink::read(&link.fragment()), Ok(link));
    }

    #[test]
    fn any_connection_link_reads_back(
        game_id in any::<u64>(),
        lines in proptest::collection::vec("[ -~]{0,60}", 0..30),
    ) {
        let sdp: String = lines.iter().map(|l| format!("{l}\r\n")).collect();
        let link = RtcLink { role: Role::Answer, game_id, invite: None, sdp };
        prop_assert_eq!(RtcLink::read(&link.fragment()), Ok(link));
    }

    #[test]
    fn any_text_read_as_a_link_never_panics(text in ".{0,300}") {
        let _ = CorrLink::read(&text);
        let _ = RtcLink::read(&text);
    }
}
