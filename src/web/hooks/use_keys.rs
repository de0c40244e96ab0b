use wasm_bindgen::JsCast;
use web_sys::{Element, KeyboardEvent};
use yew::prelude::*;

use crate::web::state::{Action, State};

/// The page's one window key listener. Escape closes whatever question or
/// dialog is open and puts down the piece picked up; ←/→/Home/End step
/// through the moves (`show_ply` shows the position after that many),
/// unless a dialog is open or a text field or the board's cursor has the
/// keys.
#[hook]
pub fn use_keys(state: &UseReducerHandle<State>, show_ply: Callback<usize>) {
    let state = state.clone();
    // The listener reads the state it was made with: make it again when
    // what it reads changes.
    let deps = (
        state.shown_ply(),
        state.asked_ply,
        state.snapshot.clone(),
        state.dialog.is_some() || state.confirm.is_some(),
    );
    use_effect_with(deps, move |(_, _, _, busy)| {
        let busy = *busy;
        let listener = web_sys::window().map(|w| {
            gloo::events::EventListener::new(&w, "keydown", move |e| {
                let Some(key) = e.dyn_ref::<KeyboardEvent>() else {
                    return;
                };
                if key.key() == "Escape" {
                    state.dispatch(Action::CancelMove);
                    state.dispatch(Action::CloseDialog);
                    return;
                }
                if busy || typing(key) || key.alt_key() || key.ctrl_key() || key.meta_key() {
                    return;
                }
                if let Some(ply) = state.step(&key.key()) {
                    key.prevent_default();
                    show_ply.emit(ply);
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
