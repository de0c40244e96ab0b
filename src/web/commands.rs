//! What the player's buttons and gestures do, where more than one action is
//! needed: the board's input read against the state, and what must reach
//! the worker directly (a new game, a take-back or a record, which replace
//! a worker that is still thinking). Components get callbacks made here or
//! by `Store::dispatching`, so the app component is layout only.

use yew::prelude::*;

use crate::protocol::{Load, Snapshot};
#[cfg(feature = "study")]
use crate::protocol::{MoveSpec, ANALYSIS_LINES};
use crate::web::bridge::WorkerHandle;
use crate::web::clock::Clock;
#[cfg(feature = "study")]
use crate::web::hooks::saved_game;
use crate::web::hooks::Store;
#[cfg(not(feature = "study"))]
use crate::web::link::Shown;
use crate::web::link::{Link, Mode};
use crate::web::prefs::Prefs;
#[cfg(feature = "study")]
use crate::web::state::AnalysisAction;
#[cfg(feature = "study")]
use crate::web::state::{friend, FriendAction};
use crate::web::state::{
    Action, BoardInput, ClockAction, Dialog, DialogAction, PlayAction, Start, ViewAction,
};
use crate::web::storage;
#[cfg(feature = "study")]
use crate::{
    protocol::{friend::FriendRequest, Request},
    web::i18n::fill,
};

#[derive(Clone)]
pub struct Commands {
    store: Store,
    worker: WorkerHandle,
}

impl Commands {
    pub fn new(store: &Store, worker: &WorkerHandle) -> Commands {
        Commands {
            store: store.clone(),
            worker: worker.clone(),
        }
    }

    /// A callback that runs a command, whatever the event.
    pub fn on<E: 'static>(&self, command: impl Fn(&Commands) + 'static) -> Callback<E> {
        let me = self.clone();
        Callback::from(move |_: E| command(&me))
    }

    /// A callback that passes its value to a command.
    pub fn with<T: 'static>(&self, command: impl Fn(&Commands, T) + 'static) -> Callback<T> {
        let me = self.clone();
        Callback::from(move |value: T| command(&me, value))
    }

    fn snapshot(&self) -> Option<std::rc::Rc<Snapshot>> {
        self.store.get().snapshot.clone()
    }

    /// What the board reports the player did.
    pub fn board_input(&self, input: BoardInput) {
        if let Some(action) = self.store.get().intent(input) {
            self.store.dispatch(Action::Play(action));
        }
    }

    /// The answer to "this move loses by repetition: play it anyway?".
    pub fn confirm(&self, yes: bool) {
        match (yes, self.store.get().gesture.confirm) {
            (true, Some(m)) => self.store.dispatch(Action::Play(PlayAction::Move(m.spec))),
            _ => self.store.dispatch(Action::Play(PlayAction::CancelMove)),
        }
    }

    /// A new game from the New game dialog. A computer still thinking is
    /// stopped (the game goes to a new worker).
    pub fn start(&self, (mut game, bottom, clock): Start) {
        self.leave_friend();
        let thinking = self.snapshot().is_some_and(|s| s.thinking);
        // The computer's time, should it move first.
        game.clock = clock.and_then(|c| Clock::new(c).computer_time(game.players, 0.0));
        storage::forget();
        self.worker.new_game(game, thinking);
        self.store
            .dispatch(Action::Clock(ClockAction::Start(bottom, clock)));
    }

    /// The game shown again from its start, the colours exchanged when
    /// `swap` (see `State::rematch`), started as the New game dialog does.
    pub fn rematch(&self, swap: bool) {
        #[cfg(feature = "study")]
        if self.store.get().befriended() {
            let game_id = (js_sys::Math::random() * 9e15) as u64 + 1;
            return self.tell_friend(FriendRequest::RematchOffer(game_id));
        }
        if let Some(start) = self.store.get().rematch(swap) {
            self.start(start);
        }
    }

    /// Takes back the last move (against the computer: back to the human's
    /// turn; a game that has ended only once reopened). While the computer
    /// thinks, the game goes to a new worker.
    pub fn take_back(&self) {
        let state = self.store.get();
        #[cfg(feature = "study")]
        if state.befriended() {
            return self.tell_friend(FriendRequest::TakebackAsk);
        }
        match state.snapshot.as_ref().filter(|s| s.thinking) {
            Some(snap) => {
                if let Some(game) = snap.taken_back() {
                    self.worker.resume(game, true);
                }
            }
            None => self.worker.send(state.take_back()),
        }
        self.store.dispatch(Action::Play(PlayAction::CancelMove));
    }

    /// Opens the record dialog, with the game as PGN dated today (on the
    /// analysis board after a review: the reviewed game, with its
    /// evaluations and marks).
    pub fn open_record(&self) {
        let state = self.store.get();
        match state.analysis.as_ref().and_then(|b| b.done_review()) {
            Some(review) => {
                let pgn = review.pgn.clone();
                self.store
                    .dispatch(Action::Dialog(DialogAction::Open(Dialog::Record)));
                self.store
                    .dispatch(Action::Dialog(DialogAction::Record(pgn)));
            }
            None => self
                .store
                .dispatch(Action::Dialog(DialogAction::OpenRecord { date: today() })),
        }
    }

    /// Opens the analysis board on the game shown (the analyser brings the
    /// review kept for it, if any). A computer still thinking is stopped.
    #[cfg(feature = "study")]
    pub fn open_analysis(&self) {
        let Some(snap) = self.snapshot() else { return };
        let embed = self.store.get().view.embed;
        self.store.dispatch(Action::Analysis(AnalysisAction::Open {
            lines: if embed { 1 } else { ANALYSIS_LINES },
            engine: true,
        }));
        let state = self.store.get();
        let Some(board) = state.analysis.as_ref() else {
            return;
        };
        self.worker.resume(board.game_at(board.at), snap.thinking);
    }

    /// Leaves the analysis board for the game saved before it opened (and
    /// takes the board out of the address).
    #[cfg(feature = "study")]
    pub fn back_to_game(&self) {
        let state = self.store.get();
        let Some(board) = state.analysis.as_ref() else {
            return;
        };
        let game = saved_game(&self.store)
            .or_else(|| board.from_game.clone())
            .unwrap_or_default();
        storage::drop_game_from_url(&storage::link().0);
        self.worker.new_game(game, false);
    }

    /// Plays a line's first move on the analysis board.
    #[cfg(feature = "study")]
    pub fn play_line(&self, spec: MoveSpec) {
        if self.store.get().can_move() {
            self.store.dispatch(Action::Play(PlayAction::Move(spec)));
        }
    }

    /// Opens the board editor on the position shown (the play page loads
    /// it, the study bundle, with the position in the address).
    pub fn open_editor(&self) {
        let state = self.store.get();
        let Some(snap) = state.shown() else {
            return;
        };
        let view = &state.view;
        let link = Link {
            lang: Some(view.lang),
            ..Link::of_position(
                &snap.variant,
                &snap.fen,
                Mode::Editor,
                view.bottom(),
                view.prefs.pieces,
            )
        };
        storage::go_to(&link);
    }

    /// Opens the invitation of a friend on another device (the play page
    /// loads the study bundle for it).
    pub fn open_friend(&self) {
        #[cfg(feature = "study")]
        {
            self.store.dispatch(Action::Dialog(DialogAction::Close));
            self.store
                .dispatch(Action::Friend(FriendAction::Stage(friend::Stage::Setup)));
        }
        #[cfg(not(feature = "study"))]
        storage::go_to(&Link {
            mode: Some(Mode::Friend),
            lang: Some(self.store.get().view.lang),
            ..Link::default()
        });
    }

    /// Leaves the friend mode (the invitation given up, a new game here:
    /// a game with the friend is no longer kept).
    pub fn leave_friend(&self) {
        #[cfg(feature = "study")]
        if self.store.get().befriended() {
            crate::web::friend::leave();
            self.worker.on_restart(None);
            storage::forget_online();
            self.store.dispatch(Action::Friend(FriendAction::Leave));
        }
    }

    /// Opens the puzzles of one game (`pandemonium`, else Mansindam).
    pub fn open_puzzles(&self, pandemonium: bool) {
        let state = self.store.get();
        storage::go_to(&Link {
            variant: Some(
                if pandemonium {
                    "pandemonium"
                } else {
                    "mansindam"
                }
                .into(),
            ),
            mode: Some(Mode::Puzzle),
            lang: Some(state.view.lang),
            ..Link::default()
        });
    }

    /// Plays on from a pasted record or position.
    pub fn load_record(&self, text: String) {
        let Some(snap) = self.snapshot() else {
            return;
        };
        self.store.dispatch(Action::Dialog(DialogAction::Loading));
        self.worker.load(
            Load {
                id: 0,
                text,
                variant: snap.variant.clone(),
                players: snap.players,
                level: snap.level,
            },
            snap.thinking,
        );
    }

    /// Opens the analysis board on the game shown: the play page loads it
    /// (the study bundle) with the game in the address, the game being kept
    /// as it is to come back to.
    #[cfg(not(feature = "study"))]
    pub fn open_analysis(&self) {
        let state = self.store.get();
        let Some(snap) = state.snapshot.as_deref() else {
            return;
        };
        let view = &state.view;
        let link = Link {
            lang: Some(view.lang),
            embed: view.embed,
            ..Link::of_game(snap, view.bottom(), Shown::Analysed, view.prefs.pieces)
        };
        storage::go_to(&link);
    }

    /// Invites a friend to a game on `terms`, this player taking `me`.
    #[cfg(feature = "study")]
    pub fn invite_friend(
        &self,
        terms: crate::net::Invite,
        me: crate::protocol::Side,
        by_link: bool,
    ) {
        if by_link {
            crate::web::friend::invite_by_link(&self.store, &self.worker, terms, me);
        } else {
            crate::web::friend::invite(&self.store, &self.worker, terms, me);
        }
    }

    /// Back to the invitation's terms (the connection could not be made).
    #[cfg(feature = "study")]
    pub fn friend_again(&self) {
        crate::web::friend::leave();
        self.store
            .dispatch(Action::Friend(FriendAction::Stage(friend::Stage::Setup)));
    }

    /// A game by link kept, opened again.
    #[cfg(feature = "study")]
    pub fn open_letter(&self, fragment: &str) {
        crate::web::friend::open_letter(fragment, &self.store, &self.worker);
    }

    /// Accepts the invitation shown.
    #[cfg(feature = "study")]
    pub fn accept_invitation(&self, link: &crate::net::link::RtcLink) {
        crate::web::friend::accept(&self.store, &self.worker, link);
    }

    /// The friend stayed away for the whole countdown: the game is won.
    #[cfg(feature = "study")]
    pub fn claim_win(&self) {
        self.tell_friend(FriendRequest::Claim);
    }

    /// The game with the friend goes on by link.
    #[cfg(feature = "study")]
    pub fn continue_by_link(&self) {
        self.worker.on_restart(None);
        crate::web::friend::continue_by_link(&self.store, &self.worker);
    }

    /// A reconnect link for the game with the friend.
    #[cfg(feature = "study")]
    pub fn reconnect_friend(&self) {
        crate::web::friend::reconnect(&self.store, &self.worker);
    }

    /// The friend's reply link, pasted.
    #[cfg(feature = "study")]
    pub fn take_reply(&self, text: &str) {
        if !crate::web::friend::take_reply(text, &self.store) {
            let t = self.store.get().text();
            let error = fill(t.friend.bad_link, &[("error", t.friend.reply_unclaimed)]);
            self.store
                .dispatch(Action::Friend(FriendAction::Stage(friend::Stage::Failed(
                    error,
                ))));
        }
    }

    #[cfg(feature = "study")]
    fn tell_friend(&self, request: FriendRequest) {
        self.worker.send(Request::Friend(request));
    }

    #[cfg(feature = "study")]
    pub fn say(&self, phrase: crate::net::Phrase) {
        self.tell_friend(FriendRequest::Say(phrase));
    }

    #[cfg(feature = "study")]
    pub fn answer_takeback(&self, accept: bool) {
        self.tell_friend(FriendRequest::TakebackAnswer(accept));
    }

    #[cfg(feature = "study")]
    pub fn answer_rematch(&self, accept: bool) {
        self.tell_friend(FriendRequest::RematchAnswer(accept));
    }

    #[cfg(feature = "study")]
    pub fn dismiss_friend_news(&self) {
        self.store
            .dispatch(Action::Friend(FriendAction::DismissNews));
    }

    /// New settings, kept for the next visit.
    pub fn set_prefs(&self, prefs: Prefs) {
        storage::save_prefs(&prefs);
        self.store
            .dispatch(Action::View(ViewAction::SetPrefs(prefs)));
    }
}

/// Today as a record dates it: `2026.11.24`.
pub fn today() -> String {
    let date = js_sys::Date::new_0();
    format!(
        "{:04}.{:02}.{:02}",
        date.get_full_year(),
        date.get_month() + 1,
        date.get_date()
    )
}
