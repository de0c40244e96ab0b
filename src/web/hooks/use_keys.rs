use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::{Element, KeyboardEvent};
use yew::prelude::*;

use crate::web::hooks::Store;
#[cfg(feature = "study")]
use crate::web::state::AnalysisAction;
use crate::web::state::{Action, DialogAction, PlayAction, ReviewAction, STEP_KEYS};

/// The page's one window key listener, for the page's life. Escape closes
/// whatever question or dialog is open and puts down the piece picked up;
/// ←/→/Home/End step through the moves, unless a dialog is open or a text
/// field or the board's cursor has the keys.
#[hook]
pub fn use_keys(store: &Store) {
    let store = store.clone();
    use_effect_with((), move |_| {
        let listener = web_sys::window().map(|w| {
            // Not passive (gloo's default), so that a step key's default
            // (scrolling the page) can be prevented.
            let options = EventListenerOptions::enable_prevent_default();
            EventListener::new_with_options(&w, "keydown", options, move |e| {
                let Some(key) = e.dyn_ref::<KeyboardEvent>() else {
                    return;
                };
                if key.key() == "Escape" {
                    store.dispatch(Action::Play(PlayAction::CancelMove));
                    store.dispatch(Action::Dialog(DialogAction::Close));
                    return;
                }
                let state = store.get();
                let busy = state.dialogs.open.is_some() || state.gesture.confirm.is_some();
                if busy || typing(key) || key.alt_key() || key.ctrl_key() || key.meta_key() {
                    return;
                }
                // A step key never scrolls the page, even at either end of
                // the moves, where it steps nowhere.
                let name = key.key();
                #[cfg(feature = "study")]
                if let Some(board) = state.analysis.as_ref() {
                    use crate::web::state::analysis::AnalysisBoard;
                    if AnalysisBoard::STEP_KEYS.contains(&name.as_str()) {
                        key.prevent_default();
                    }
                    if let Some(node) = board.step(&name) {
                        store.dispatch(Action::Analysis(AnalysisAction::GoTo(node)));
                    }
                    return;
                }
                if STEP_KEYS.contains(&name.as_str()) {
                    key.prevent_default();
                }
                if let Some(ply) = state.step(&name) {
                    store.dispatch(Action::Review(ReviewAction::ShowPly(ply)));
                }
            })
        });
        move || drop(listener)
    });
}

/// Text fields keep their keys, the board's cursor its arrows.
fn typing(key: &KeyboardEvent) -> bool {
    let Some(el) = key.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
        return false;
    };
    let on_board = el.closest("[data-square],[data-hand]").ok().flatten();
    matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
        || (on_board.is_some() && key.key().starts_with("Arrow"))
}
