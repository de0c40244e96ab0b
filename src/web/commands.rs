//! What the player's buttons and gestures do, where more than one action is
//! needed: the board's input read against the state, and what must reach
//! the worker directly (a new game, a take-back or a record, which replace
//! a worker that is still thinking). Components get callbacks made here or
//! by `Store::dispatching`, so the app component is layout only.

use yew::prelude::*;

use crate::protocol::{Load, Snapshot};
use crate::web::bridge::WorkerHandle;
use crate::web::clock::Clock;
use crate::web::hooks::Store;
use crate::web::prefs::Prefs;
use crate::web::state::{Action, BoardInput, Intent, Start};
use crate::web::storage;

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
        let intent = self.store.get().intent(input);
        self.store.dispatch(match intent {
            Intent::Select(o) => Action::Select(o),
            Intent::Deselect => Action::Deselect,
            Intent::Focus(square) => Action::Focus(square),
            Intent::Play(spec) => Action::Play(spec),
            Intent::AskPromotion(c) => Action::AskPromotion(c),
            Intent::Confirm(m) => Action::Confirm(m),
            Intent::Premove(p) => Action::Premove(p),
            Intent::CancelPremove => Action::CancelPremove,
            Intent::Nothing => return,
        });
    }

    /// The answer to "this move loses by repetition: play it anyway?".
    pub fn confirm(&self, yes: bool) {
        match (yes, self.store.get().gesture.confirm) {
            (true, Some(m)) => self.store.dispatch(Action::Play(m.spec)),
            _ => self.store.dispatch(Action::CancelMove),
        }
    }

    /// A new game from the New game dialog. A computer still thinking is
    /// stopped (the game goes to a new worker).
    pub fn start(&self, (mut game, bottom, clock): Start) {
        let thinking = self.snapshot().is_some_and(|s| s.thinking);
        // The computer's time, should it move first.
        game.clock = clock.and_then(|c| Clock::new(c).computer_time(game.players, 0.0));
        storage::forget();
        self.worker.new_game(game, thinking);
        self.store.dispatch(Action::Starting(bottom, clock));
    }

    /// The game shown again from its start, the colours exchanged when
    /// `swap` (see `State::rematch`), started as the New game dialog does.
    pub fn rematch(&self, swap: bool) {
        if let Some(start) = self.store.get().rematch(swap) {
            self.start(start);
        }
    }

    /// Takes back the last move (against the computer: back to the human's
    /// turn; a game that has ended only once reopened). While the computer
    /// thinks, the game goes to a new worker.
    pub fn take_back(&self) {
        let state = self.store.get();
        match state.snapshot.as_ref().filter(|s| s.thinking) {
            Some(snap) => {
                if let Some(game) = snap.taken_back() {
                    self.worker.resume(game, true);
                }
            }
            None => self.worker.send(state.take_back()),
        }
        self.store.dispatch(Action::CancelMove);
    }

    /// Opens the record dialog, with the game as PGN dated today.
    pub fn open_record(&self) {
        let date = js_sys::Date::new_0();
        self.store.dispatch(Action::OpenRecord {
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
        self.store.dispatch(Action::Loading);
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

    /// New settings, kept for the next visit.
    pub fn set_prefs(&self, prefs: Prefs) {
        storage::save_prefs(&prefs);
        self.store.dispatch(Action::SetPrefs(prefs));
    }
}
