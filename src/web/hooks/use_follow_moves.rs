use wasm_bindgen::JsCast;
use web_sys::HtmlElement;
use yew::prelude::*;

use crate::web::state::State;

/// The move lists follow play, as lichess's do: whenever the move shown
/// changes (a move played, a step back, a click in the tree), each list
/// that scrolls (`.moves`: the game's, the puzzle's, the analysis tree)
/// brings its current move into view, and shows its top at the start
/// position. Only then: a list the player scrolled by hand stays where they
/// put it until the move shown changes.
#[hook]
pub fn use_follow_moves(state: &State) {
    let key = (
        state
            .snapshot
            .as_ref()
            .map(|s| (s.game_id, s.san.len(), s.ending.is_some())),
        state.shown_ply(),
        state.analysis.as_ref().map(|b| b.at),
    );
    // The last move of a finished game is shown with the result line below.
    let at_result = state
        .snapshot
        .as_ref()
        .is_some_and(|s| s.ending.is_some() && state.shown_ply() == s.san.len());
    use_effect_with(key, move |_| follow_moves(at_result));
}

/// Scrolls the move list (and only it, never the page) to its current
/// move, or to the result line `at_result`. (One list is shown at a time:
/// the game's, the puzzle's or the analysis tree; `.moves` is positioned,
/// so the moves' offsets are within it.)
fn follow_moves(at_result: bool) {
    let list = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(".moves").ok().flatten())
        .and_then(|n| n.dyn_into::<HtmlElement>().ok());
    let Some(list) = list else {
        return;
    };
    let current = list
        .query_selector(".move.current")
        .ok()
        .flatten()
        .and_then(|n| n.dyn_into::<HtmlElement>().ok());
    let result = at_result
        .then(|| list.query_selector(".move-result").ok().flatten())
        .flatten()
        .and_then(|n| n.dyn_into::<HtmlElement>().ok());
    match result.or(current) {
        Some(item) => bring_into_view(&list, &item),
        None => list.set_scroll_top(0),
    }
}

/// Scrolls `list` by the least that shows `item` whole (with a margin).
fn bring_into_view(list: &HtmlElement, item: &HtmlElement) {
    const MARGIN: i32 = 8;
    let (top, bottom) = (item.offset_top(), item.offset_top() + item.offset_height());
    let (shown_top, height) = (list.scroll_top(), list.client_height());
    if top < shown_top + MARGIN {
        list.set_scroll_top(top - MARGIN);
    } else if bottom > shown_top + height - MARGIN {
        list.set_scroll_top(bottom - height + MARGIN);
    }
}
