//! What the player's buttons and gestures do: each command changes the
//! page's state and sends the worker what it must know. Components get
//! callbacks made here, so the app component is layout only.

use yew::prelude::*;

use crate::protocol::{Load, Player, Request, Side, Snapshot};
use crate::web::bridge::WorkerHandle;
use crate::web::components::dialogs::Start;
use crate::web::prefs::Prefs;
use crate::web::state::{Action, BoardInput, Dialog, Intent, State};
use crate::web::storage;

#[derive(Clone)]
pub struct Commands {
    state: UseReducerHandle<State>,
    worker: WorkerHandle,
}

impl Commands {
    pub fn new(state: &UseReducerHandle<State>, worker: &WorkerHandle) -> Commands {
        Commands {
            state: state.clone(),
            worker: worker.clone(),
        }
    }

    /// A callback that runs a command, whatever the event.
    pub fn on<E: 'static>(&self, command: impl Fn(&Commands) + 'static) -> Callback<E> {
        let me = self.clone();
        Callback::from(move |_: E| command(&me))
    }

    /// A callback that dispatches one action, whatever the event.
    pub fn dispatching<E: 'static>(&self, action: Action) -> Callback<E> {
        let dispatcher = self.state.dispatcher();
        Callback::from(move |_: E| dispatcher.dispatch(action.clone()))
    }

    fn snapshot(&self) -> Option<&Snapshot> {
        self.state.snapshot.as_deref()
    }

    /// What the board reports the player did.
    pub fn board_input(&self, input: BoardInput) {
        self.act(self.state.intent(input));
    }

    /// Carries out what a gesture means.
    pub fn act(&self, intent: Intent) {
        let action = match intent {
            Intent::Select(o) => Action::Select(o),
            Intent::Deselect => Action::Deselect,
            Intent::Focus(square) => Action::Focus(square),
            Intent::Play(spec) => {
                self.worker.send(Request::Play(spec));
                Action::Sent
            }
            Intent::AskPromotion(c) => Action::AskPromotion(c),
            Intent::Confirm(m) => Action::Confirm(m),
            Intent::Nothing => return,
        };
        self.state.dispatch(action);
    }

    /// The answer to "this move loses by repetition: play it anyway?".
    pub fn confirm(&self, yes: bool) {
        match (yes, self.state.confirm) {
            (true, Some(m)) => self.act(Intent::Play(m.spec)),
            _ => self.state.dispatch(Action::CancelMove),
        }
    }

    /// A move typed by the player, for the worker to read and play.
    pub fn type_move(&self, text: String) {
        if !text.trim().is_empty() {
            self.worker.send(Request::PlayTyped(text));
            self.state.dispatch(Action::Sent);
        }
    }

    /// A new game from the New game dialog. A computer still thinking is
    /// stopped (the game goes to a new worker).
    pub fn start(&self, (game, bottom, clock): Start) {
        let thinking = self.snapshot().is_some_and(|s| s.thinking);
        storage::forget();
        self.worker.new_game(game, thinking);
        self.state.dispatch(Action::Starting(bottom, clock));
    }

    /// Takes back the last move (against the computer: back to the human's
    /// turn). While the computer thinks, the game goes to a new worker.
    pub fn take_back(&self) {
        match self.snapshot().filter(|s| s.thinking) {
            Some(snap) => {
                if let Some(game) = snap.taken_back() {
                    self.worker.resume(game, true);
                }
            }
            None => self.worker.send(Request::TakeBack),
        }
        self.state.dispatch(Action::CancelMove);
    }

    /// Shows the position after `ply` moves (the last one is the game).
    pub fn show_ply(&self, ply: usize) {
        let last = self.snapshot().map_or(0, |s| s.san.len());
        if ply >= last {
            self.state.dispatch(Action::Live);
        } else {
            self.state.dispatch(Action::AskPast(ply));
            self.worker.send(Request::ShowMove(ply as u32));
        }
    }

    /// Opens the record dialog, with the game as PGN dated today.
    pub fn open_record(&self) {
        self.state.dispatch(Action::Open(Dialog::Record));
        let date = js_sys::Date::new_0();
        self.worker.send(Request::Record {
            date: format!(
                "{:04}.{:02}.{:02}",
                date.get_full_year(),
                date.get_month() + 1,
                date.get_date()
            ),
        });
    }

    /// Plays on from a pasted record or position.
    pub fn load_record(&self, text: String) {
        let Some(snap) = self.snapshot() else {
            return;
        };
        self.state.dispatch(Action::Loading);
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

    pub fn ask_hint(&self) {
        self.worker.send(Request::Hint);
        self.state.dispatch(Action::AskHint);
    }

    /// The answer to "resign?".
    pub fn resign(&self, yes: bool) {
        self.state.dispatch(Action::CloseDialog);
        if let (true, Some(side)) = (yes, self.snapshot().and_then(resigner)) {
            self.worker.send(Request::Resign(side));
        }
    }

    /// New settings, kept for the next visit.
    pub fn set_prefs(&self, prefs: Prefs) {
        storage::save_prefs(&prefs);
        self.state.dispatch(Action::SetPrefs(prefs));
    }
}

/// The side a Resign button gives up for: the human against the computer,
/// the side to move between two players; only on that side's turn, and
/// none once the game is over.
pub fn resigner(snap: &Snapshot) -> Option<Side> {
    if snap.ending.is_some() {
        return None;
    }
    match snap.players {
        [Player::Human, Player::Computer] => Some(Side::White),
        [Player::Computer, Player::Human] => Some(Side::Black),
        [Player::Human, Player::Human] => Some(snap.to_move),
        _ => None,
    }
    .filter(|&side| side == snap.to_move)
}
