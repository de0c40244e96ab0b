use std::cell::{Cell, RefCell};
use std::rc::Rc;

use yew::prelude::*;

use crate::protocol::{Request, Response, ReviewGame};
use crate::web::bridge::Connection;
use crate::web::commands::today;
use crate::web::hooks::Store;
use crate::web::i18n::fill;
#[cfg(feature = "study")]
use crate::web::state::AnalysisAction;
use crate::web::state::{Action, DialogAction, Job, Notice};
use crate::web::storage;

/// The analyser: a second worker that runs the analysis board's job (the
/// lines of the position on the board, or the game's review) while the
/// first keeps the game. A single-threaded worker reads no message while it
/// searches, so a busy analyser is replaced when the job changes (another
/// position, the engine turned off); an idle one is given the new job. A
/// finished review is kept in storage with its game.
#[hook]
pub fn use_analyser(store: &Store) {
    let job = store.get().analysis.as_ref().and_then(|b| b.job());
    let connection: Rc<RefCell<Option<Connection>>> = use_mut_ref(|| None);
    let busy: Rc<Cell<bool>> = use_memo((), |_| Cell::new(false));
    {
        let store = store.clone();
        let connection = connection.clone();
        use_effect_with(job, move |job| {
            match job {
                None => {
                    if busy.get() {
                        connection.borrow_mut().take();
                        busy.set(false);
                    }
                }
                Some(job) => {
                    if busy.get() || connection.borrow().is_none() {
                        *connection.borrow_mut() = spawn(&store, &busy);
                    }
                    if let Some(c) = connection.borrow().as_ref() {
                        busy.set(true);
                        c.send(match job.clone() {
                            Job::Analyse(a) => Request::Analyse(a),
                            Job::Review(r) => Request::Review(ReviewGame { date: today(), ..r }),
                        });
                    }
                }
            }
            || ()
        });
    }
    // A board opened on a game reviewed before (by the button, a link or a
    // pasted record) shows that review.
    let opened = store.get().analysis.as_ref().map(|b| b.game_id);
    {
        let store = store.clone();
        use_effect_with(opened, move |opened| {
            if opened.is_some() {
                restore_review(&store);
            }
            || ()
        });
    }
    // The analyser stops with the page.
    use_effect_with((), move |_| move || drop(connection.borrow_mut().take()));
}

/// Brings back the review kept for the board's game, or says it is lost.
fn restore_review(store: &Store) {
    let state = store.get();
    let Some(board) = state.analysis.as_ref() else {
        return;
    };
    match storage::load_review(&board.variant, &board.start_fen, &board.main_moves()) {
        Some(Ok(review)) => {
            store.dispatch(Action::Analysis(AnalysisAction::Reviewed(Rc::new(review))))
        }
        Some(Err(detail)) => {
            let text = fill(state.text().analysis.review_lost, &[("detail", &detail)]);
            store.dispatch(Action::Dialog(DialogAction::Notify(Notice::Said(text))));
        }
        None => {}
    }
}

/// A new analyser whose answers become actions; `busy` falls when its job
/// is done.
fn spawn(store: &Store, busy: &Rc<Cell<bool>>) -> Option<Connection> {
    let on_response = {
        let store = store.clone();
        let busy = busy.clone();
        Callback::from(move |r: Response| match r {
            Response::Analysis(a) => {
                if a.done {
                    busy.set(false);
                }
                store.dispatch(Action::Analysis(AnalysisAction::Lines(a)));
            }
            Response::ReviewProgress(p) => {
                store.dispatch(Action::Analysis(AnalysisAction::Progress(p)))
            }
            Response::Reviewed(review) => {
                busy.set(false);
                let review: Rc<_> = Rc::from(review);
                if let Some(board) = store.get().analysis.as_ref() {
                    storage::save_review(&board.variant, &board.start_fen, &review);
                }
                store.dispatch(Action::Analysis(AnalysisAction::Reviewed(review)));
            }
            Response::Error(e) => {
                busy.set(false);
                store.dispatch(Action::Error(e));
            }
            _ => {}
        })
    };
    let on_failure = {
        let store = store.clone();
        let busy = busy.clone();
        Callback::from(move |()| {
            busy.set(true);
            store.dispatch(Action::Analysis(AnalysisAction::CancelReview));
            store.dispatch(Action::Analysis(AnalysisAction::Engine(false)));
            store.dispatch(Action::Dialog(DialogAction::Notify(Notice::EngineStopped)));
        })
    };
    Connection::spawn(on_response, on_failure).ok()
}
