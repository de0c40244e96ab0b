//! A game against a friend on another device, as the worker holds it: the
//! game is `net::Session`'s, which checks every message of the other page
//! with the engine; the worker's own game follows it, so that the
//! snapshots, the record and looking back work as in any game. The page
//! plays its player's moves as always ([`Request::Play`]) and carries the
//! bytes the worker gives it ([`FriendNews::Send`]) to the other page.

use super::{color, side, Session};
use crate::engine::Color;
use crate::net::link::CorrLink;
use crate::net::session::TermsError;
use crate::net::{self, Connection, Event, Invite, Left, Timing};
use crate::protocol::friend::{
    ClockView, FriendEvent, FriendNews, FriendRequest, FriendView, LetterView, LinkState, SavedGame,
};
use crate::protocol::Side;
use crate::protocol::{MoveSpec, Player, Request, Response};
use crate::worker::messages::{letter_refused, Localized, Refusal};

/// The online game: the protocol's session and the page's number for it.
pub(super) struct Online {
    net: net::Session,
    id: u32,
}

/// A game by link (correspondence): the game as this page holds it, as a
/// link addressed to this page's player, and the page's number for it.
pub(super) struct Letter {
    link: CorrLink,
    id: u32,
}

impl Session {
    /// Answers a request about the online game at `now` (ms since 1970).
    pub(super) fn friend(&mut self, request: FriendRequest, now: u64) -> Vec<Response> {
        match request {
            FriendRequest::NewByLink {
                id,
                game_id,
                terms,
                me,
            } => return self.new_by_link(id, game_id, terms, me),
            FriendRequest::ByLink {
                id,
                fragment,
                earlier,
            } => return self.by_link(id, &fragment, earlier.as_deref()),
            _ => {}
        }
        if let FriendRequest::Open {
            id,
            game_id,
            terms,
            me,
            saved,
        } = request
        {
            let variant = terms.variant;
            return match open(game_id, terms, color(me), saved, now) {
                Ok(net) => {
                    self.letter = None;
                    self.online = Some(Online { net, id });
                    self.follow_online(Vec::new(), None)
                }
                Err(e) => vec![Response::Error(self.say_in(&e, variant))],
            };
        }
        let lang = self.lang;
        let Some(online) = self.online.as_mut() else {
            return vec![Response::Error(self.refuse(Refusal::NoFriendGame))];
        };
        let net = &mut online.net;
        let variant = net.game().variant();
        let say = |e: net::LocalError| e.localized(lang, variant);
        let mut send = Vec::new();
        let mut event = None;
        let result: Result<(), String> = match request {
            FriendRequest::Open { .. }
            | FriendRequest::NewByLink { .. }
            | FriendRequest::ByLink { .. } => unreachable!("answered above"),
            FriendRequest::Channel(true) => {
                send.extend(net.channel_opened(now));
                Ok(())
            }
            FriendRequest::Channel(false) => {
                net.channel_closed(now);
                Ok(())
            }
            FriendRequest::Network { online } => {
                net.network_changed(online);
                Ok(())
            }
            FriendRequest::Accept => net.accept(now).map(|b| send.push(b)).map_err(say),
            FriendRequest::Incoming(bytes) => match net.receive(&bytes, now) {
                Ok(e) => {
                    event = self.on_event(e, &mut send, now);
                    Ok(())
                }
                Err(refusal) => {
                    return vec![Response::Friend(FriendNews::Refused(refusal.to_string()))]
                }
            },
            FriendRequest::TakebackAsk => net.request_takeback().map(|b| send.push(b)).map_err(say),
            FriendRequest::TakebackAnswer(accept) => net
                .answer_takeback(accept, now)
                .map(|b| send.push(b))
                .map_err(say),
            FriendRequest::RematchOffer(game_id) => net
                .offer_rematch(game_id)
                .map(|b| send.push(b))
                .map_err(say),
            FriendRequest::RematchAnswer(accept) => match net.answer_rematch(accept) {
                Ok((bytes, agreed)) => {
                    send.push(bytes);
                    if let Some(game_id) = agreed {
                        event = Some(self.rematch(game_id, now));
                    }
                    Ok(())
                }
                Err(e) => Err(say(e)),
            },
            FriendRequest::Say(phrase) => net.say(phrase).map(|b| send.push(b)).map_err(say),
            FriendRequest::Claim => net.claim(now).map(|_| ()).map_err(say),
            FriendRequest::Tick => {
                if let Some((_, bytes)) = net.tick(now) {
                    send.push(bytes);
                }
                Ok(())
            }
        };
        let mut out = self.follow_online(send, event);
        if let Err(e) = result {
            out.insert(0, Response::Error(e));
        }
        out
    }

    /// What a message of the other page did: bytes to send back, and what
    /// the player is told.
    fn on_event(&mut self, event: Event, send: &mut Vec<Vec<u8>>, now: u64) -> Option<FriendEvent> {
        match event {
            Event::Started => Some(FriendEvent::Started),
            Event::Moved { .. } | Event::Resigned(_) | Event::Flagged(_) | Event::Pong { .. } => {
                None
            }
            Event::TakebackAsked { .. } => Some(FriendEvent::TakebackAsked),
            Event::TakebackCrossed => Some(FriendEvent::TakebackCrossed),
            Event::TakenBack { .. } => Some(FriendEvent::TakebackAccepted),
            Event::TakebackDeclined => Some(FriendEvent::TakebackDeclined),
            Event::RematchOffered { .. } => Some(FriendEvent::RematchOffered),
            Event::RematchAgreed { game_id } => Some(self.rematch(game_id, now)),
            Event::RematchDeclined => Some(FriendEvent::RematchDeclined),
            Event::Phrase(p) => Some(FriendEvent::Phrase(p)),
            Event::Ping { reply } => {
                send.push(reply);
                None
            }
            Event::Resumed { reply, .. } => {
                send.extend(reply);
                // A game we claimed while the friend was away stays won:
                // they are back, and told.
                let ours = self
                    .online
                    .as_ref()
                    .is_some_and(|o| o.net.claimed_by() == Some(o.net.me()));
                Some(if ours {
                    FriendEvent::ClaimTold
                } else {
                    FriendEvent::Resumed
                })
            }
            Event::Claimed { reply, .. } => {
                send.extend(reply);
                Some(FriendEvent::Claimed)
            }
            Event::ClaimsLapsed { reply, .. } => {
                send.extend(reply);
                Some(FriendEvent::ClaimsLapsed)
            }
        }
    }

    /// The rematch agreed as game `game_id`: the colours swapped, a new
    /// game for the page.
    fn rematch(&mut self, game_id: u64, now: u64) -> FriendEvent {
        if let Some(online) = self.online.as_mut() {
            online.net = online.net.rematch(game_id, now);
            online.id = online.id.wrapping_add(1);
        }
        FriendEvent::Rematch
    }

    /// A request the online game answers, while one is open (the
    /// request back otherwise, for the worker's usual business). A new
    /// game started here leaves the online game.
    pub(super) fn online_request(
        &mut self,
        request: Request,
        now: u64,
    ) -> Result<Vec<Response>, Box<Request>> {
        if self.online.is_none() && self.letter.is_none() {
            return Err(Box::new(request));
        }
        let by_link = self.letter.is_some();
        let answer = match request {
            Request::Friend(r) => self.friend(r, now),
            Request::Play(spec) => self.play_friend(spec, now),
            Request::PlayTyped(text) => match self.typed(&text) {
                Ok(m) if m.ends_game.is_some() => vec![Response::Confirm(m)],
                Ok(m) => self.play_friend(m.spec, now),
                Err(e) => vec![Response::Error(e)],
            },
            Request::TakeBack { .. } | Request::Flag(_) | Request::Resign(_) if by_link => {
                vec![Response::Error(self.refuse(Refusal::ByLinkOnlyMoves))]
            }
            Request::Resign(_) => self.resign_online(now),
            // The clocks are the online game's (see `FriendRequest::Tick`).
            Request::Flag(_) => Vec::new(),
            Request::TakeBack { .. } => {
                vec![Response::Error(self.refuse(Refusal::TakebackOfFriend))]
            }
            Request::NewGame(_) | Request::Load(_) => {
                self.online = None;
                self.letter = None;
                return Err(Box::new(request));
            }
            other => return Err(Box::new(other)),
        };
        Ok(answer)
    }

    /// This page's player's move, in the game by link or the online one.
    fn play_friend(&mut self, spec: MoveSpec, now: u64) -> Vec<Response> {
        if self.letter.is_some() {
            self.play_by_link(spec)
        } else {
            self.play_online(spec, now)
        }
    }

    /// A legal move of the board, in UCI.
    fn uci_of(&self, spec: MoveSpec) -> Option<String> {
        self.game
            .legal_moves()
            .iter()
            .find(|&&m| super::spec_of(m) == spec)
            .map(|&m| self.game.position().uci(m))
    }

    /// This page's player's move in the online game.
    fn play_online(&mut self, spec: MoveSpec, now: u64) -> Vec<Response> {
        let uci = self.uci_of(spec);
        let (lang, not_legal) = (self.lang, self.refuse(Refusal::NotLegal));
        let Some(online) = self.online.as_mut() else {
            return Vec::new();
        };
        let variant = online.net.game().variant();
        let result = match uci {
            Some(uci) => online
                .net
                .play_local(&uci, now)
                .map_err(|e| e.localized(lang, variant)),
            None => Err(not_legal),
        };
        self.after_local(result)
    }

    /// This page's player resigns the online game.
    fn resign_online(&mut self, now: u64) -> Vec<Response> {
        let lang = self.lang;
        let Some(online) = self.online.as_mut() else {
            return Vec::new();
        };
        let variant = online.net.game().variant();
        let result = online
            .net
            .resign(now)
            .map_err(|e| e.localized(lang, variant));
        self.after_local(result)
    }

    fn after_local(&mut self, result: Result<Vec<u8>, String>) -> Vec<Response> {
        match result {
            Ok(bytes) => self.follow_online(vec![bytes], None),
            Err(e) => {
                let mut out = self.follow_online(Vec::new(), None);
                out.insert(0, Response::Error(e));
                out
            }
        }
    }

    /// The worker's game becomes the online game's; the bytes to send, the
    /// board, the online game's state and what the player is told, in that
    /// order (the bytes first, to lose no time).
    fn follow_online(&mut self, send: Vec<Vec<u8>>, event: Option<FriendEvent>) -> Vec<Response> {
        let Some(online) = self.online.as_ref() else {
            return Vec::new();
        };
        let net = &online.net;
        self.game = net.game().clone();
        self.game_id = online.id;
        self.players = players(net.me());
        let view = view_of(online);
        send.into_iter()
            .map(|b| Response::Friend(FriendNews::Send(b)))
            .chain([
                Response::Snapshot(Box::new(self.snapshot())),
                Response::Friend(FriendNews::State(Box::new(view))),
            ])
            .chain(event.map(|e| Response::Friend(FriendNews::Event(e))))
            .collect()
    }
}

impl Session {
    /// A new game by link: the start, this page's player to move or to
    /// send the first link.
    fn new_by_link(&mut self, id: u32, game_id: u64, terms: Invite, me: Side) -> Vec<Response> {
        let link = CorrLink {
            game_id,
            variant: terms.variant,
            start_fen: terms.start_fen,
            moves: Vec::new(),
            recipient: color(me),
            days_per_move: match terms.timing {
                Timing::DaysPerMove(days) => Some(days),
                _ => None,
            },
        };
        match link.replay() {
            Ok(game) => self.take_letter(Letter { link, id }, game),
            Err(e) => vec![Response::Error(self.say_in(&e, link.variant))],
        }
    }

    /// A game by link opened: refused, the game on the board unchanged,
    /// when the link cannot be read, when a move in it is illegal, or when
    /// it changes the game as this page kept it (each named).
    fn by_link(&mut self, id: u32, fragment: &str, earlier: Option<&str>) -> Vec<Response> {
        let lang = self.lang;
        let refused =
            |e: &dyn Localized, variant| letter_refused(&e.localized(lang, variant), lang);
        let read = |text: &str| {
            CorrLink::read(text).map_err(|e| refused(&e, crate::engine::Variant::Mansindam))
        };
        let checked = read(fragment).and_then(|link| {
            let game = link.replay().map_err(|e| refused(&e, link.variant))?;
            if let Some(earlier) = earlier {
                let earlier = read(earlier)?;
                link.follows(&earlier)
                    .map_err(|e| refused(&e, link.variant))?;
            }
            Ok((link, game))
        });
        match checked {
            Ok((link, game)) => self.take_letter(Letter { link, id }, game),
            Err(e) => vec![Response::Error(e)],
        }
    }

    fn take_letter(&mut self, letter: Letter, game: crate::engine::Game) -> Vec<Response> {
        self.online = None;
        self.game = game;
        self.game_id = letter.id;
        self.players = players(letter.link.recipient);
        self.letter = Some(letter);
        self.follow_letter()
    }

    /// This page's player's move in the game by link: the link to send.
    fn play_by_link(&mut self, spec: MoveSpec) -> Vec<Response> {
        let uci = self.uci_of(spec);
        let played = match uci {
            Some(uci) => self.play(spec).map(|()| uci),
            None => Err(self.refuse(Refusal::NotLegal)),
        };
        match played {
            Ok(uci) => {
                if let Some(letter) = self.letter.as_mut() {
                    letter.link.moves.push(uci);
                }
                self.follow_letter()
            }
            Err(e) => {
                let mut out = self.follow_letter();
                out.insert(0, Response::Error(e));
                out
            }
        }
    }

    /// The board and the game by link as they stand.
    fn follow_letter(&self) -> Vec<Response> {
        let Some(letter) = self.letter.as_ref() else {
            return Vec::new();
        };
        let link = &letter.link;
        let mine = self.game.position().side_to_move() == link.recipient;
        let over = self.game.is_over();
        let to_send = (!mine || over).then(|| {
            CorrLink {
                recipient: link.recipient.flip(),
                ..link.clone()
            }
            .fragment()
        });
        let view = LetterView {
            id: letter.id,
            game_id: link.game_id,
            me: side(link.recipient),
            to_send,
            kept: link.fragment(),
            days_per_move: link.days_per_move,
            over,
        };
        vec![
            Response::Snapshot(Box::new(self.snapshot())),
            Response::Friend(FriendNews::Letter(Box::new(view))),
        ]
    }
}

/// The protocol's session for a game opened on the page.
fn open(
    game_id: u64,
    terms: Invite,
    me: Color,
    saved: Option<SavedGame>,
    now: u64,
) -> Result<net::Session, TermsError> {
    match saved {
        Some(saved) => {
            let mut session =
                net::Session::restore(game_id, terms, me, &saved.moves, saved.clocks, now)?;
            if let Some(declared) = saved.declared {
                // A declared ending on a board that allows none is ignored:
                // the game goes on from its moves.
                let _ = session.end_as(declared);
            }
            Ok(session)
        }
        None if me == terms.inviter => net::Session::invite(game_id, terms).map(|(s, _)| s),
        None => net::Session::guest(game_id, terms),
    }
}

/// This page's player, and the friend.
fn players(me: Color) -> [Player; 2] {
    [Color::White, Color::Black].map(|c| {
        if c == me {
            Player::Human
        } else {
            Player::Friend
        }
    })
}

fn view_of(online: &Online) -> FriendView {
    let net = &online.net;
    let link = match net.connection() {
        Connection::Connecting => LinkState::Connecting,
        Connection::Connected => LinkState::Connected,
        Connection::Disconnected {
            since,
            left: Left::Them,
        } => LinkState::Away {
            since,
            claim_at: since + net::reconnect::GRACE_MS,
        },
        Connection::Disconnected { left: Left::Us, .. } => LinkState::Left,
        Connection::Reconnecting { .. } => LinkState::Resuming,
        Connection::Failed => LinkState::Failed,
    };
    FriendView {
        id: online.id,
        game_id: net.game_id(),
        terms: net.terms().clone(),
        me: side(net.me()),
        started: net.is_started(),
        over: net.game().is_over(),
        link,
        takeback: net.takeback().map(|t| side(t.by)),
        rematch: net.rematch_offer().map(|r| side(r.by)),
        clock: net.clock().map(|c| ClockView {
            times: c.times(),
            running: c.turn_started().map(|(c, since)| (side(c), since)),
        }),
        moves: net.game().uci_moves(),
        claimed_by: net.claimed_by().map(side),
        declared: net.declared(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;
    use crate::net::{Phrase, Timing};
    use crate::protocol::{EndReason, Side, Snapshot};

    /// Two workers, the inviter's (White) and the friend's, with the
    /// channel between them open; the friend has accepted.
    struct Pair {
        pages: [Session; 2],
        /// Bytes on their way to each page.
        wire: [Vec<Vec<u8>>; 2],
    }

    const NOW: f64 = 1_800_000_000_000.0;

    fn ask(s: &mut Session, request: Request) -> Vec<Response> {
        s.handle(request, &|| NOW)
    }

    fn sent(responses: &[Response]) -> Vec<Vec<u8>> {
        responses
            .iter()
            .filter_map(|r| match r {
                Response::Friend(FriendNews::Send(b)) => Some(b.clone()),
                _ => None,
            })
            .collect()
    }

    fn snapshot(responses: &[Response]) -> Option<&Snapshot> {
        responses.iter().find_map(|r| match r {
            Response::Snapshot(s) => Some(&**s),
            _ => None,
        })
    }

    fn events(responses: &[Response]) -> Vec<FriendEvent> {
        responses
            .iter()
            .filter_map(|r| match r {
                Response::Friend(FriendNews::Event(e)) => Some(*e),
                _ => None,
            })
            .collect()
    }

    fn terms(variant: Variant) -> Invite {
        Invite {
            variant,
            start_fen: None,
            inviter: Color::White,
            timing: Timing::Untimed,
        }
    }

    impl Pair {
        fn new(variant: Variant) -> Pair {
            let mut pages = [Session::new(), Session::new()];
            for (i, me) in [Side::White, Side::Black].into_iter().enumerate() {
                let open = FriendRequest::Open {
                    id: 3,
                    game_id: 0xfeed,
                    terms: terms(variant),
                    me,
                    saved: None,
                };
                let answer = ask(&mut pages[i], Request::Friend(open));
                assert!(snapshot(&answer).is_some());
                ask(&mut pages[i], Request::Friend(FriendRequest::Channel(true)));
            }
            let mut pair = Pair {
                pages,
                wire: [Vec::new(), Vec::new()],
            };
            let accepted = pair.ask(1, FriendRequest::Accept);
            assert_eq!(sent(&accepted).len(), 1);
            let delivered = pair.deliver(0);
            assert_eq!(events(&delivered), [FriendEvent::Started]);
            pair
        }

        /// Page `i` asks; what it sends goes on the wire to the other.
        fn ask(&mut self, i: usize, request: FriendRequest) -> Vec<Response> {
            let answer = ask(&mut self.pages[i], Request::Friend(request));
            self.wire[1 - i].extend(sent(&answer));
            answer
        }

        /// Page `i`'s player plays `uci`.
        fn play(&mut self, i: usize, uci: &str) -> Vec<Response> {
            let answer = ask(&mut self.pages[i], Request::PlayTyped(uci.into()));
            self.wire[1 - i].extend(sent(&answer));
            answer
        }

        /// Everything on its way to page `i` arrives.
        fn deliver(&mut self, i: usize) -> Vec<Response> {
            let mut all = Vec::new();
            for bytes in std::mem::take(&mut self.wire[i]) {
                all.extend(self.ask(i, FriendRequest::Incoming(bytes)));
            }
            all
        }
    }

    #[test]
    fn each_page_shows_its_own_player_and_the_friend() {
        let pair = Pair::new(Variant::Mansindam);
        let white = pair.pages[0].snapshot();
        let black = pair.pages[1].snapshot();
        assert_eq!(white.players, [Player::Human, Player::Friend]);
        assert_eq!(black.players, [Player::Friend, Player::Human]);
        assert_eq!((white.game_id, black.game_id), (3, 3));
        // Only the side to move's page offers moves.
        assert!(!white.moves.is_empty() && black.moves.is_empty());
    }

    #[test]
    fn a_move_travels_and_is_played_on_both_boards() {
        let mut pair = Pair::new(Variant::Mansindam);
        let answer = pair.play(0, "e3e4");
        assert_eq!(snapshot(&answer).unwrap().san, ["Pe4"]);
        assert_eq!(pair.wire[1].len(), 1, "one message for the move");
        let arrived = pair.deliver(1);
        let snap = snapshot(&arrived).unwrap();
        assert_eq!(snap.san, ["Pe4"]);
        assert!(!snap.moves.is_empty(), "Black's page may move now");
        assert!(snapshot(&pair.play(1, "e7e6")).is_some());
        pair.deliver(0);
        assert_eq!(pair.pages[0].snapshot().san, ["Pe4", "Pe6"]);
    }

    #[test]
    fn a_move_out_of_turn_on_the_board_is_refused_and_nothing_is_sent() {
        let mut pair = Pair::new(Variant::Mansindam);
        let answer = pair.play(1, "e7e6");
        assert!(sent(&answer).is_empty());
        assert!(pair.pages[1].snapshot().san.is_empty());
    }

    #[test]
    fn bytes_that_cannot_be_accepted_are_refused_and_the_game_stays() {
        let mut pair = Pair::new(Variant::Pandemonium);
        pair.play(0, "e4e5");
        pair.deliver(1);
        let before = pair.pages[0].snapshot();
        for bad in [vec![], vec![0xff; 40], vec![1u8; 2_000_000]] {
            let answer = pair.ask(0, FriendRequest::Incoming(bad));
            assert!(
                matches!(&answer[..], [Response::Friend(FriendNews::Refused(_))]),
                "{answer:?}"
            );
            assert_eq!(pair.pages[0].snapshot(), before);
        }
        // White's own first move, sent back as if Black's.
        let mut again = Pair::new(Variant::Pandemonium);
        let white_move = sent(&again.play(0, "e4e5")).remove(0);
        let answer = pair.ask(0, FriendRequest::Incoming(white_move));
        match &answer[..] {
            [Response::Friend(FriendNews::Refused(why))] => {
                assert_eq!(why, "a message for move 1 while this is move 2")
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(pair.pages[0].snapshot(), before);
    }

    #[test]
    fn resigning_ends_the_game_on_both_pages() {
        let mut pair = Pair::new(Variant::Mansindam);
        let answer = ask(&mut pair.pages[0], Request::Resign(Side::White));
        pair.wire[1].extend(sent(&answer));
        pair.deliver(1);
        for page in &pair.pages {
            let ending = page.snapshot().ending.unwrap();
            assert_eq!(
                (ending.winner, ending.reason),
                (Side::Black, EndReason::Resignation)
            );
        }
    }

    #[test]
    fn phrases_take_backs_and_rematches_reach_the_other_player() {
        let mut pair = Pair::new(Variant::Mansindam);
        pair.ask(1, FriendRequest::Say(Phrase::Hello));
        assert_eq!(
            events(&pair.deliver(0)),
            [FriendEvent::Phrase(Phrase::Hello)]
        );
        pair.play(0, "e3e4");
        pair.deliver(1);
        pair.ask(0, FriendRequest::TakebackAsk);
        assert_eq!(events(&pair.deliver(1)), [FriendEvent::TakebackAsked]);
        pair.ask(1, FriendRequest::TakebackAnswer(true));
        assert_eq!(events(&pair.deliver(0)), [FriendEvent::TakebackAccepted]);
        assert!(pair.pages.iter().all(|p| p.snapshot().san.is_empty()));
        // A rematch after a resignation: colours swapped, a new game.
        let answer = ask(&mut pair.pages[1], Request::Resign(Side::Black));
        pair.wire[0].extend(sent(&answer));
        pair.deliver(0);
        pair.ask(0, FriendRequest::RematchOffer(0xbeef));
        assert_eq!(events(&pair.deliver(1)), [FriendEvent::RematchOffered]);
        let answer = pair.ask(1, FriendRequest::RematchAnswer(true));
        assert_eq!(events(&answer), [FriendEvent::Rematch]);
        assert_eq!(events(&pair.deliver(0)), [FriendEvent::Rematch]);
        let (white, black) = (pair.pages[0].snapshot(), pair.pages[1].snapshot());
        assert_eq!(white.players, [Player::Friend, Player::Human]);
        assert_eq!(black.players, [Player::Human, Player::Friend]);
        assert_eq!((white.game_id, white.ending), (4, None));
    }

    #[test]
    fn the_game_may_be_claimed_after_the_friend_was_away_for_a_minute() {
        let mut pair = Pair::new(Variant::Mansindam);
        pair.play(0, "e3e4");
        pair.deliver(1);
        let at = |s: &mut Session, ms: f64, request| s.handle(request, &|| NOW + ms);
        at(
            &mut pair.pages[0],
            0.0,
            Request::Friend(FriendRequest::Channel(false)),
        );
        let early = at(
            &mut pair.pages[0],
            59_000.0,
            Request::Friend(FriendRequest::Claim),
        );
        assert!(matches!(&early[0], Response::Error(_)), "{early:?}");
        assert_eq!(pair.pages[0].snapshot().ending, None);
        let away = match early.last() {
            Some(Response::Friend(FriendNews::State(v))) => v.link,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            away,
            LinkState::Away {
                since: NOW as u64,
                claim_at: NOW as u64 + 60_000
            }
        );
        at(
            &mut pair.pages[0],
            60_000.0,
            Request::Friend(FriendRequest::Claim),
        );
        let ending = pair.pages[0].snapshot().ending.unwrap();
        assert_eq!(
            (ending.winner, ending.reason),
            (Side::White, EndReason::Time)
        );
        // The friend comes back (a reconnect link): their page is told,
        // and its game ends as White's did.
        pair.ask(1, FriendRequest::Channel(false));
        pair.ask(1, FriendRequest::Channel(true));
        pair.ask(0, FriendRequest::Channel(true));
        assert_eq!(events(&pair.deliver(0)), [FriendEvent::ClaimTold]);
        assert_eq!(events(&pair.deliver(1)), [FriendEvent::Claimed]);
        for page in &pair.pages {
            let ending = page.snapshot().ending.unwrap();
            assert_eq!(
                (ending.winner, ending.reason),
                (Side::White, EndReason::Time)
            );
            assert_eq!(page.snapshot().san, ["Pe4"]);
        }
    }

    fn letter(responses: &[Response]) -> Option<&LetterView> {
        responses.iter().find_map(|r| match r {
            Response::Friend(FriendNews::Letter(v)) => Some(&**v),
            _ => None,
        })
    }

    #[test]
    fn a_game_by_link_goes_back_and_forth_and_refuses_an_edited_or_illegal_link() {
        // White invites by link and moves first.
        let (mut white, mut black) = (Session::new(), Session::new());
        let new = FriendRequest::NewByLink {
            id: 5,
            game_id: 0xabc,
            terms: Invite {
                timing: Timing::DaysPerMove(3),
                ..terms(Variant::Mansindam)
            },
            me: Side::White,
        };
        let start = ask(&mut white, Request::Friend(new));
        assert_eq!(letter(&start).unwrap().to_send, None, "White moves first");
        let moved = ask(&mut white, Request::PlayTyped("e3e4".into()));
        let view = letter(&moved).unwrap().clone();
        let sent = view.to_send.expect("a link for Black");
        assert_eq!(
            sent,
            "corr=2&game=0000000000000abc&variant=mansindam&moves=e3e4&you=black&days=3"
        );
        assert_eq!(white.snapshot().players, [Player::Human, Player::Friend]);
        // Black opens it: the move is on the board, Black to move.
        let opened = ask(
            &mut black,
            Request::Friend(FriendRequest::ByLink {
                id: 9,
                fragment: sent.clone(),
                earlier: None,
            }),
        );
        let snap = snapshot(&opened).unwrap();
        assert_eq!(
            (snap.san.clone(), snap.players),
            (vec!["Pe4".to_string()], [Player::Friend, Player::Human])
        );
        assert!(!snap.moves.is_empty());
        let reply = ask(&mut black, Request::PlayTyped("e7e6".into()));
        let back = letter(&reply).unwrap().to_send.clone().unwrap();
        // White opens the reply against the game it kept.
        let opened = ask(
            &mut white,
            Request::Friend(FriendRequest::ByLink {
                id: 6,
                fragment: back.clone(),
                earlier: Some(view.kept.clone()),
            }),
        );
        assert_eq!(snapshot(&opened).unwrap().san, ["Pe4", "Pe6"]);
        let kept = letter(&opened).unwrap().kept.clone();
        // An edited link (White's e3e4 turned into d3d4) is refused by name,
        // the game on the board untouched; so is an illegal move.
        let before = white.snapshot();
        let edited = back.replace("e3e4", "d3d4");
        for (link, why) in [
            (
                edited,
                "this link cannot be used: move 1 was e3e4 and is now d3d4",
            ),
            (
                back.replace("e7e6", "e7e4"),
                "this link cannot be used: move 2, e7e4, is not legal",
            ),
            (
                "corr=2&game=zz".to_string(),
                "this link cannot be used: the link's game 'zz' cannot be used",
            ),
        ] {
            let answer = ask(
                &mut white,
                Request::Friend(FriendRequest::ByLink {
                    id: 7,
                    fragment: link,
                    earlier: Some(kept.clone()),
                }),
            );
            assert_eq!(answer, [Response::Error(why.into())]);
            assert_eq!(white.snapshot(), before);
        }
        // Only the side to move plays; take-backs do not travel.
        let refused = ask(&mut black, Request::PlayTyped("d7d6".into()));
        assert!(matches!(refused[0], Response::Error(_)));
        let refused = ask(&mut white, Request::TakeBack { reopened: false });
        assert!(matches!(refused[0], Response::Error(_)));
    }

    #[test]
    fn a_new_game_here_leaves_the_online_game() {
        let mut pair = Pair::new(Variant::Mansindam);
        let answer = ask(
            &mut pair.pages[0],
            Request::NewGame(crate::protocol::NewGame::default()),
        );
        assert!(sent(&answer).is_empty());
        assert_eq!(
            pair.pages[0].snapshot().players,
            [Player::Human, Player::Computer]
        );
        let answer = pair.ask(0, FriendRequest::Tick);
        assert_eq!(
            answer,
            [Response::Error("no game with a friend is open".into())]
        );
    }
}
