//! A game against a friend on another device, as the page keeps it: how
//! far the two pages have come in finding each other ([`Stage`]), the
//! online game as the worker last told it, and the last news to tell the
//! player. The connection itself (the data channel, the links' hand-off
//! between tabs) is `web::friend`'s; the game's rules and the other
//! page's messages are the worker's.

use std::rc::Rc;

use crate::net::link::RtcLink;
use crate::protocol::friend::{FriendEvent, FriendView, LetterView, LinkState};
use crate::protocol::Side;

use super::State;

#[derive(Clone, Debug, PartialEq)]
pub struct FriendBoard {
    pub stage: Stage,
    /// The online game, once the worker holds one.
    pub game: Option<Rc<FriendView>>,
    /// The game by link, once the worker holds one.
    pub letter: Option<Rc<LetterView>>,
    /// What to tell the player, until it is dismissed or replaced.
    pub news: Option<News>,
    /// How many messages of the other page were refused.
    pub refused: u32,
}

/// How far the two pages have come.
#[derive(Clone, Debug, PartialEq)]
pub enum Stage {
    /// The invitation's terms are being chosen.
    Setup,
    /// A link is being made (the connection's addresses are gathered).
    Preparing,
    /// The invitation link is made (`again`: a reconnect link for the
    /// game held): the page waits for the reply.
    Inviting { link: String, again: bool },
    /// An invitation link was opened here: its terms, to accept.
    Invited(Rc<RtcLink>),
    /// The reply link is made: the page waits for the friend to open it.
    Replying { link: String },
    /// The game is on.
    Playing,
    /// A reply link opened in a tab of its own: it reached the tab that
    /// waits for it (`true`), or no tab took it.
    Handed(bool),
    /// What went wrong: a link that cannot be used, a connection that
    /// could not be made.
    Failed(String),
}

/// Something to tell the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum News {
    Event(FriendEvent),
    /// The other page sent something this page could not accept.
    Refused,
    /// A live game with a clock went on by link, which has none.
    ClockLeft,
}

#[derive(Clone, Debug, PartialEq)]
pub enum FriendAction {
    /// The friend mode opens at this stage, or goes on to it.
    Stage(Stage),
    /// The worker's word on the online game.
    Game(Rc<FriendView>),
    /// The worker's word on the game by link.
    Letter(Rc<LetterView>),
    Event(FriendEvent),
    Refused,
    /// The game went on by link without its clock.
    ClockLeft,
    DismissNews,
    /// The friend mode closes (the invitation declined or given up).
    Leave,
}

/// Whether the news shown stopped being true between two views of the
/// game: it ended, the channel dropped, or a move was made or taken back
/// (the news of a new event, which follows its view, replaces it).
fn news_outdated(before: &FriendView, after: &FriendView) -> bool {
    (after.over && !before.over)
        || (before.link == LinkState::Connected && after.link != LinkState::Connected)
        || (after.game_id == before.game_id && after.moves.len() != before.moves.len())
}

impl FriendBoard {
    pub fn at(stage: Stage) -> FriendBoard {
        FriendBoard {
            stage,
            game: None,
            letter: None,
            news: None,
            refused: 0,
        }
    }

    /// The board after `action` (`None`: the friend mode is left).
    pub fn reduce(&self, action: FriendAction) -> Option<FriendBoard> {
        let mut b = self.clone();
        match action {
            FriendAction::Stage(stage) => b.stage = stage,
            FriendAction::Game(game) => {
                // The game begins (or goes on) when the channel is open
                // and the friend's page has taken the terms: the links
                // have done their work.
                let finding = matches!(
                    b.stage,
                    Stage::Preparing | Stage::Inviting { .. } | Stage::Replying { .. }
                );
                if game.started && game.link == LinkState::Connected && finding {
                    b.stage = Stage::Playing;
                }
                if let Some(before) = b.game.as_deref() {
                    if news_outdated(before, &game) {
                        b.news = None;
                    }
                }
                b.game = Some(game);
            }
            FriendAction::Letter(letter) => {
                b.stage = Stage::Playing;
                b.game = None;
                b.letter = Some(letter);
            }
            // A question is shown with its answers, not also as news.
            FriendAction::Event(FriendEvent::TakebackAsked | FriendEvent::RematchOffered) => {
                b.news = None
            }
            FriendAction::Event(event) => b.news = Some(News::Event(event)),
            FriendAction::Refused => {
                b.refused += 1;
                b.news = Some(News::Refused);
            }
            FriendAction::ClockLeft => b.news = Some(News::ClockLeft),
            FriendAction::DismissNews => b.news = None,
            FriendAction::Leave => return None,
        }
        Some(b)
    }

    /// The side the friend plays, once a game is held.
    pub fn friend_side(&self) -> Option<Side> {
        self.game.as_ref().map(|g| g.me.flip())
    }

    /// The friend asked for something this page's player must answer: a
    /// take-back, a rematch.
    pub fn asked(&self) -> (bool, bool) {
        let friend = self.friend_side();
        let game = self.game.as_deref();
        (
            friend.is_some() && game.and_then(|g| g.takeback) == friend,
            friend.is_some() && game.and_then(|g| g.rematch) == friend,
        )
    }

    /// The channel is open: moves, questions and phrases can go.
    pub fn connected(&self) -> bool {
        self.game
            .as_ref()
            .is_some_and(|g| g.link == LinkState::Connected)
    }

    /// The dialog that shows the links is open (until the game begins).
    pub fn finding(&self) -> bool {
        !matches!(self.stage, Stage::Playing)
    }
}

impl State {
    /// A game with a friend: the board follows the action, and the clock
    /// the friend game's.
    pub(super) fn reduce_friend(&mut self, action: FriendAction) {
        self.friend = match (&self.friend, action) {
            (None, FriendAction::Stage(stage)) => Some(FriendBoard::at(stage)),
            (Some(board), action) => board.reduce(action),
            (None, _) => None,
        };
        let plies = self.snapshot.as_ref().map_or(0, |snap| snap.san.len());
        if let Some(game) = self.friend.as_ref().and_then(|b| b.game.as_ref()) {
            self.clock.follow_friend(game, plies);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Color, Variant};
    use crate::net::{Invite, Timing};
    use crate::web::state::ClockAction;

    fn view(started: bool, takeback: Option<Side>) -> Rc<FriendView> {
        view_on(started, takeback, LinkState::Connected)
    }

    fn view_on(started: bool, takeback: Option<Side>, link: LinkState) -> Rc<FriendView> {
        Rc::new(FriendView {
            id: 2,
            game_id: 9,
            terms: Invite {
                variant: Variant::Mansindam,
                start_fen: None,
                inviter: Color::White,
                timing: Timing::Untimed,
            },
            me: Side::White,
            started,
            over: false,
            link,
            takeback,
            rematch: None,
            clock: None,
            moves: Vec::new(),
            claimed_by: None,
            declared: None,
        })
    }

    #[test]
    fn the_links_dialog_closes_when_the_friend_takes_the_terms() {
        let inviting = FriendBoard::at(Stage::Inviting {
            link: "https://example.org/#rtc=AA".into(),
            again: false,
        });
        let opened = inviting
            .reduce(FriendAction::Game(view(false, None)))
            .unwrap();
        assert!(
            opened.finding(),
            "the channel alone does not start the game"
        );
        let started = opened.reduce(FriendAction::Game(view(true, None))).unwrap();
        assert_eq!(started.stage, Stage::Playing);
        assert!(!started.finding() && started.connected());
        // A reconnect link waits while the channel is still down.
        let again = FriendBoard::at(Stage::Inviting {
            link: "https://example.org/#rtc=AB".into(),
            again: true,
        });
        let away = LinkState::Away {
            since: 1,
            claim_at: 60_001,
        };
        let waiting = again
            .reduce(FriendAction::Game(view_on(true, None, away)))
            .unwrap();
        assert!(waiting.finding());
        let back = waiting
            .reduce(FriendAction::Game(view(true, None)))
            .unwrap();
        assert_eq!(back.stage, Stage::Playing);
        // A failure shown stays shown.
        let failed = FriendBoard::at(Stage::Failed("no".into()));
        let still = failed.reduce(FriendAction::Game(view(true, None))).unwrap();
        assert_eq!(still.stage, Stage::Failed("no".into()));
    }

    #[test]
    fn the_clock_shows_the_online_game_s_times() {
        use crate::net::{Control, Time};
        use crate::protocol::friend::ClockView;
        use crate::web::state::{Action, State};
        let mut game = (*view(true, None)).clone();
        game.terms.timing = Timing::Live(Control {
            minutes: 3,
            increment_s: 2,
            byoyomi_s: 0,
            periods: 0,
        });
        let t = |main_ms| Time {
            periods: 0,
            main_ms,
        };
        game.clock = Some(ClockView {
            times: [t(170_000), t(181_000)],
            running: Some((Side::White, 5_000)),
        });
        let (state, _) =
            State::default().reduce(Action::Friend(FriendAction::Stage(Stage::Playing)));
        let (state, _) = state.reduce(Action::Friend(FriendAction::Game(Rc::new(game))));
        let clock = state.clock.clock.as_ref().expect("a clock");
        assert_eq!(clock.running(), Some(Side::White));
        assert_eq!(clock.reading(Side::White, 7_000.0).main, 168_000.0);
        assert_eq!(clock.reading(Side::Black, 7_000.0).main, 181_000.0);
        // A flag that fell is for the online game to call.
        let (_, requests) = state.reduce(Action::Clock(ClockAction::Tick(175_001.0)));
        assert_eq!(
            requests,
            [crate::protocol::Request::Friend(
                crate::protocol::friend::FriendRequest::Tick
            )]
        );
        assert_eq!(
            state.reduce(Action::Clock(ClockAction::Tick(100_000.0))).1,
            []
        );
    }

    #[test]
    fn nothing_is_offered_that_cannot_reach_an_absent_friend() {
        use crate::protocol::Request;
        use crate::web::state::{Action, State};
        use crate::worker::testing::{self, Ask};
        // White has moved; Black's page plays Black against the friend.
        let mut session = testing::game("mansindam", None);
        session.ask(Request::PlayTyped("e3e4".into())).unwrap();
        session.ask(Request::PlayTyped("e7e6".into())).unwrap();
        let mut snap = session.snapshot();
        snap.players = [
            crate::protocol::Player::Human,
            crate::protocol::Player::Friend,
        ];
        let (state, _) = State::default().reduce(Action::Snapshot(Rc::new(snap)));
        let (state, _) = state.reduce(Action::Friend(FriendAction::Stage(Stage::Playing)));
        let here = |link| {
            let mut game = (*view(true, None)).clone();
            game.link = link;
            state
                .reduce(Action::Friend(FriendAction::Game(Rc::new(game))))
                .0
        };
        let connected = here(LinkState::Connected);
        assert!(connected.can_move() && connected.can_take_back());
        assert_eq!(connected.resigner(), Some(Side::White));
        for link in [
            LinkState::Away {
                since: 1,
                claim_at: 60_001,
            },
            LinkState::Resuming,
            LinkState::Failed,
        ] {
            let away = here(link);
            assert!(away.friend_out_of_reach(), "{link:?}");
            assert!(!away.can_move() && !away.can_take_back(), "{link:?}");
            assert_eq!(away.resigner(), None, "{link:?}");
        }
    }

    #[test]
    fn news_clears_when_it_stops_being_true() {
        let declined = |game: Rc<FriendView>| {
            FriendBoard::at(Stage::Playing)
                .reduce(FriendAction::Game(game))
                .unwrap()
                .reduce(FriendAction::Event(FriendEvent::TakebackDeclined))
                .unwrap()
        };
        let start = view(true, None);
        let board = declined(start.clone());
        assert_eq!(board.news, Some(News::Event(FriendEvent::TakebackDeclined)));
        let with = |f: &dyn Fn(&mut FriendView)| {
            let mut game = (*start).clone();
            f(&mut game);
            board
                .reduce(FriendAction::Game(Rc::new(game)))
                .unwrap()
                .news
        };
        // A view that changes nothing the news is about keeps it.
        assert_eq!(
            with(&|g| g.takeback = None),
            Some(News::Event(FriendEvent::TakebackDeclined))
        );
        // The game ends; the channel drops; a move is made.
        assert_eq!(with(&|g| g.over = true), None);
        assert_eq!(with(&|g| g.link = LinkState::Left), None);
        assert_eq!(with(&|g| g.moves.push("e3e4".into())), None);
        // "Reconnected" lasts until the next move.
        let resumed = board
            .reduce(FriendAction::Event(FriendEvent::Resumed))
            .unwrap();
        let mut moved = (*start).clone();
        moved.moves.push("e3e4".into());
        let after = resumed.reduce(FriendAction::Game(Rc::new(moved))).unwrap();
        assert_eq!(after.news, None);
    }

    #[test]
    fn the_friend_s_questions_and_the_news() {
        let board = FriendBoard::at(Stage::Playing);
        let asked = board
            .reduce(FriendAction::Game(view(true, Some(Side::Black))))
            .unwrap();
        assert_eq!(asked.asked(), (true, false));
        let mine = board
            .reduce(FriendAction::Game(view(true, Some(Side::White))))
            .unwrap();
        assert_eq!(mine.asked(), (false, false), "our own request waits");
        let refused = board.reduce(FriendAction::Refused).unwrap();
        assert_eq!((refused.refused, refused.news), (1, Some(News::Refused)));
        let dismissed = refused.reduce(FriendAction::DismissNews).unwrap();
        assert_eq!(dismissed.news, None);
        // A question is not news: it is asked in its own box.
        let asked = refused
            .reduce(FriendAction::Event(FriendEvent::TakebackAsked))
            .unwrap();
        assert_eq!(asked.news, None);
        let by_link = board.reduce(FriendAction::ClockLeft).unwrap();
        assert_eq!(by_link.news, Some(News::ClockLeft));
        assert_eq!(board.reduce(FriendAction::Leave), None);
    }
}
