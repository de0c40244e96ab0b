use gloo::timers::callback::Timeout;
use wasm_bindgen_futures::spawn_local;
use yew::prelude::*;

use crate::protocol::puzzle::read_set;
use crate::web::hooks::Store;
use crate::web::state::puzzle::Phase;
#[cfg(feature = "study")]
use crate::web::state::PuzzleAction;
use crate::web::state::{Action, Solve};
use crate::web::still_page::text_of;
use crate::web::storage;

/// The file of the puzzle set, beside the page (kept for offline play by
/// the service worker with the rest of the site).
const SET: &str = "./puzzles.tsv";

/// How long the page waits before the opponent replies, the next move of
/// the solution is shown, or a wrong move is taken back (milliseconds).
const REPLY_MS: u32 = 450;
const SHOW_MS: u32 = 700;
const WRONG_MS: u32 = 900;

/// The puzzle board's effects: the set loaded once it opens (unless the
/// link brings its own puzzle), the timer that moves for the opponent, and
/// the player's record kept in storage.
#[hook]
pub fn use_puzzles(store: &Store) {
    let state = store.get();
    let board = state.puzzle.as_ref();
    let wants_set = board.is_some_and(|b| !b.single);
    {
        let store = store.clone();
        use_effect_with(wants_set, move |&wanted| {
            if wanted {
                spawn_local(async move {
                    let loaded = match text_of(SET).await {
                        Some(text) => read_set(&text).map(std::rc::Rc::new),
                        None => Err(store.get().text().puzzles.connect_for_offline.to_string()),
                    };
                    store.dispatch(Action::Puzzle(PuzzleAction::Solve(Solve::Loaded(loaded))));
                });
            }
            || ()
        });
    }
    let timer = board
        .filter(|b| b.waits_for_timer())
        .map(|b| (b.phase, b.done, b.puzzle.as_ref().map(|p| p.id.clone())));
    {
        let store = store.clone();
        use_effect_with(timer, move |timer| {
            let pending = timer.as_ref().map(|(phase, ..)| {
                let ms = match phase {
                    Phase::Wrong => WRONG_MS,
                    Phase::Showing => SHOW_MS,
                    _ => REPLY_MS,
                };
                Timeout::new(ms, move || {
                    store.dispatch(Action::Puzzle(PuzzleAction::Solve(Solve::Step)))
                })
            });
            move || drop(pending)
        });
    }
    let progress = board.filter(|b| b.rated).map(|b| b.progress.clone());
    use_effect_with(progress, |progress| {
        if let Some(p) = progress {
            storage::save_progress(p);
        }
        || ()
    });
}
