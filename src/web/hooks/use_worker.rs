use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::protocol::{Response, Snapshot};
use crate::web::bridge::WorkerHandle;
use crate::web::embed::{self, HostEvent};
use crate::web::hooks::Store;
use crate::web::state::{Action, ClockAction, DialogAction, PlayAction, ReviewAction};

/// How long the page waits for an answer it is owed before it replaces the
/// worker (the computer thinks at most 4 s; a new worker starts in well
/// under a second).
const WORKER_PATIENCE_MS: u32 = 10_000;

/// The worker, started once for the page's life: every answer becomes an
/// action on the page's state (and, in a frame, an event for the page
/// around it). A worker that owes an answer and stays silent too long has
/// hung or was stopped from outside: it is replaced.
#[hook]
pub fn use_worker(store: &Store) -> WorkerHandle {
    let worker = {
        let dispatch = store.clone();
        use_memo((), move |_| {
            let stopped = dispatch.clone();
            // Every snapshot is told to the page around the game as it comes
            // (renders may skip some).
            let last: RefCell<Option<Rc<Snapshot>>> = RefCell::new(None);
            WorkerHandle::new(
                Callback::from(move |r: Response| match r {
                    Response::Ready => {}
                    Response::Snapshot(snap) => {
                        let snap: Rc<Snapshot> = Rc::from(snap);
                        let before = last.replace(Some(snap.clone()));
                        for event in embed::events_between(before.as_deref(), &snap) {
                            embed::post(&event);
                        }
                        dispatch.dispatch(Action::Snapshot(snap));
                        dispatch.dispatch(Action::Clock(ClockAction::Follow(js_sys::Date::now())));
                    }
                    Response::Hint(hint) => dispatch.dispatch(Action::Play(PlayAction::Hint(hint))),
                    Response::Past(past) => {
                        dispatch.dispatch(Action::Review(ReviewAction::Past(Rc::from(past))))
                    }
                    Response::Record(pgn) => {
                        dispatch.dispatch(Action::Dialog(DialogAction::Record(pgn)))
                    }
                    Response::Confirm(m) => dispatch.dispatch(Action::Play(PlayAction::Confirm(m))),
                    Response::Error(e) => {
                        embed::post(&HostEvent::Error { message: e.clone() });
                        dispatch.dispatch(Action::Error(e));
                    }
                    // (The analyser's answers: the game's worker gives none.)
                    #[cfg(feature = "study")]
                    Response::Analysis(_) | Response::ReviewProgress(_) | Response::Reviewed(_) => {
                    }
                    #[cfg(feature = "study")]
                    Response::Friend(news) => crate::web::friend::on_news(news, &dispatch),
                    #[cfg(feature = "study")]
                    Response::Setup(answer) => {
                        let answer = answer.map(|j| Rc::new(*j));
                        dispatch.dispatch(Action::Edit(crate::web::state::Edit::Judged(answer)));
                    }
                }),
                Callback::from(move |()| stopped.dispatch(Action::EngineStopped)),
            )
        })
    };
    {
        let worker = (*worker).clone();
        let dispatch = store.clone();
        let state = store.get();
        let due = state.awaiting_worker();
        use_effect_with((due, state.snapshot.clone()), move |(due, _)| {
            let timer = due.then(|| {
                gloo::timers::callback::Timeout::new(WORKER_PATIENCE_MS, move || {
                    dispatch.dispatch(Action::Restarted);
                    worker.recover();
                })
            });
            move || drop(timer)
        });
    }
    (*worker).clone()
}
